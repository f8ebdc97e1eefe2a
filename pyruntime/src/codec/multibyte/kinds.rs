//! Which codec: [`Multibyte`], its module names and its tables, and how
//! releases differ in running it ([`MultibyteQuirks`]).

use std::sync::OnceLock;

use super::tables;

/// One of CPython's CJK codecs, named after its `encodings` module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Multibyte {
    Big5,
    Big5hkscs,
    Cp932,
    Cp949,
    Cp950,
    EucJis2004,
    EucJisx0213,
    EucJp,
    EucKr,
    Gb18030,
    Gb2312,
    Gbk,
    Hz,
    Iso2022Jp,
    Iso2022Jp1,
    Iso2022Jp2,
    Iso2022Jp2004,
    Iso2022Jp3,
    Iso2022JpExt,
    Iso2022Kr,
    Johab,
    ShiftJis,
    ShiftJis2004,
    ShiftJisx0213,
}

/// Every codec with its `encodings` module name.
pub(super) const MODULES: [(Multibyte, &str); 24] = [
    (Multibyte::Big5, "big5"),
    (Multibyte::Big5hkscs, "big5hkscs"),
    (Multibyte::Cp932, "cp932"),
    (Multibyte::Cp949, "cp949"),
    (Multibyte::Cp950, "cp950"),
    (Multibyte::EucJis2004, "euc_jis_2004"),
    (Multibyte::EucJisx0213, "euc_jisx0213"),
    (Multibyte::EucJp, "euc_jp"),
    (Multibyte::EucKr, "euc_kr"),
    (Multibyte::Gb18030, "gb18030"),
    (Multibyte::Gb2312, "gb2312"),
    (Multibyte::Gbk, "gbk"),
    (Multibyte::Hz, "hz"),
    (Multibyte::Iso2022Jp, "iso2022_jp"),
    (Multibyte::Iso2022Jp1, "iso2022_jp_1"),
    (Multibyte::Iso2022Jp2, "iso2022_jp_2"),
    (Multibyte::Iso2022Jp2004, "iso2022_jp_2004"),
    (Multibyte::Iso2022Jp3, "iso2022_jp_3"),
    (Multibyte::Iso2022JpExt, "iso2022_jp_ext"),
    (Multibyte::Iso2022Kr, "iso2022_kr"),
    (Multibyte::Johab, "johab"),
    (Multibyte::ShiftJis, "shift_jis"),
    (Multibyte::ShiftJis2004, "shift_jis_2004"),
    (Multibyte::ShiftJisx0213, "shift_jisx0213"),
];

/// How a CPython release runs these codecs where releases differ: the
/// value of a `Quirks` field of each profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct MultibyteQuirks {
    /// `iso2022_jp_2004` and `iso2022_jp_3` encode a JIS X 0213 combining
    /// pair (`か` U+309A, `æ` U+0300, ...) as its one code: CPython 3.11 and
    /// later. CPython 3.6 to 3.10 encode each code point alone (and fail on
    /// a combining mark that has no code of its own).
    pub iso2022_pairs: bool,
}

impl MultibyteQuirks {
    /// CPython 3.11 to 3.13.
    pub(crate) const CPYTHON_3_11: MultibyteQuirks = MultibyteQuirks {
        iso2022_pairs: true,
    };
    /// CPython 3.6 to 3.10.
    pub(crate) const CPYTHON_3_6: MultibyteQuirks = MultibyteQuirks {
        iso2022_pairs: false,
    };
}

impl Multibyte {
    /// The codec of a CPython `encodings` module name (`"shift_jis"`,
    /// `"iso2022_jp_2"`, ...).
    pub(crate) fn from_module(module: &str) -> Option<Multibyte> {
        MODULES.iter().find(|(_, m)| *m == module).map(|(c, _)| *c)
    }

    /// Its `encodings` module name.
    pub(crate) fn module(self) -> &'static str {
        MODULES[self as usize].1
    }

    /// The tables of a stateless codec (built on first use).
    pub(super) fn stateless(self) -> Option<&'static tables::Stateless> {
        static BUILT: [OnceLock<tables::Stateless>; 24] = [const { OnceLock::new() }; 24];
        match self {
            Multibyte::Hz
            | Multibyte::Iso2022Jp
            | Multibyte::Iso2022Jp1
            | Multibyte::Iso2022Jp2
            | Multibyte::Iso2022Jp2004
            | Multibyte::Iso2022Jp3
            | Multibyte::Iso2022JpExt
            | Multibyte::Iso2022Kr => None,
            _ => Some(BUILT[self as usize].get_or_init(|| tables::Stateless::build(self.module()))),
        }
    }
}

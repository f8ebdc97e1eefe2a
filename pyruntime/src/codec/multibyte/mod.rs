//! CPython's East Asian multibyte codecs (`Modules/cjkcodecs/`), decoding
//! and encoding as `multibytecodec.c` runs them, error for error.
//!
//! Decoding reports each illegal or incomplete sequence where CPython calls
//! the error handler, with the same `start`, `end` and reason; the handler's
//! replacement is appended and decoding resumes where it says. Encoding
//! reports each unencodable code point (one at a time) and encodes a text
//! replacement through the codec, strictly, in the codec's current state.
//! CPython handles `strict`, `ignore` and `replace` inline; the outcome is
//! the same as calling the handler, which is what happens here.
//!
//! Decoding is the same in CPython 3.6 to 3.13; encoding differs in one
//! point ([`MultibyteQuirks`]).
//!
//! The tables are data generated from the interpreters by `tools/gen/multibyte_tables.py`
//! into the `urlsyntax-cjk-tables` crate, behind the `cjk-codecs` feature
//! (see `tables.rs`); the stateful codecs (ISO-2022, HZ) are in `iso2022.rs`
//! and `hz.rs`.

use std::sync::OnceLock;

use crate::error::Error;

mod hz;
mod iso2022;
mod stateless;
mod tables;
#[cfg(all(test, feature = "cjk-codecs"))]
mod tests;

/// The reason of an illegal sequence (or an unencodable character).
pub(crate) const ILLEGAL: &str = "illegal multibyte sequence";
/// The reason of a sequence cut by the end of the input.
pub(crate) const INCOMPLETE: &str = "incomplete multibyte sequence";

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
const MODULES: [(Multibyte, &str); 24] = [
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

/// What CPython's `UnicodeDecodeError`/`UnicodeEncodeError` would carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MultibyteError {
    /// The first byte (decoding) or code point (encoding) in error.
    pub start: usize,
    /// The end (exclusive) of the error.
    pub end: usize,
    /// [`ILLEGAL`] or [`INCOMPLETE`].
    pub reason: &'static str,
}

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

/// A decoding error handler: the replacement text of an error and the
/// byte position to resume at.
pub(crate) type DecodeHandler<'a> =
    dyn FnMut(&MultibyteError) -> Result<(Vec<u32>, usize), Error> + 'a;

/// An encoding error handler: the replacement of an error and the code
/// point position to resume at.
pub(crate) type EncodeHandler<'a> =
    dyn FnMut(&MultibyteError) -> Result<(Replacement, usize), Error> + 'a;

/// An error handler's replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Replacement {
    /// Text, encoded through the codec (strictly).
    Text(Vec<u32>),
    /// Bytes, written as they are.
    Bytes(Vec<u8>),
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
    fn stateless(self) -> Option<&'static tables::Stateless> {
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

    /// `bytes.decode(codec, errors)` as CPython's multibytecodec.c runs it:
    /// `on_error` is called for each error exactly where and as CPython
    /// calls the error handler, with positions in bytes, and returns the
    /// replacement text and the byte position to resume at (a handler's
    /// `Err` propagates).
    pub(crate) fn decode(
        self,
        input: &[u8],
        on_error: &mut DecodeHandler<'_>,
    ) -> Result<Vec<u32>, Error> {
        match self.stateless() {
            Some(t) => t.decode(input, on_error),
            None if self == Multibyte::Hz => hz::decode(input, on_error),
            None => iso2022::decode(self, input, on_error),
        }
    }

    /// `str.encode(codec, errors)` as CPython runs it: the input is code
    /// points (lone surrogates possible); positions in code points; the
    /// handler's replacement is encoded as CPython does it (text through the
    /// codec in strict mode, bytes as they are). As CPython 3.11 to 3.13 do;
    /// [`Multibyte::encode_in`] answers as another release.
    pub(crate) fn encode(
        self,
        input: &[u32],
        on_error: &mut EncodeHandler<'_>,
    ) -> Result<Vec<u8>, Error> {
        self.encode_in(MultibyteQuirks::CPYTHON_3_11, input, on_error)
    }

    /// [`Multibyte::encode`] as the release of `quirks` runs it.
    pub(crate) fn encode_in(
        self,
        quirks: MultibyteQuirks,
        input: &[u32],
        on_error: &mut EncodeHandler<'_>,
    ) -> Result<Vec<u8>, Error> {
        match self.stateless() {
            Some(t) => t.encode(input, on_error, self.module()),
            None if self == Multibyte::Hz => hz::encode(input, on_error),
            None => iso2022::encode(self, quirks, input, on_error),
        }
    }
}

/// The position a handler returned, checked as multibytecodec.c checks it.
fn resume(next: usize, len: usize) -> Result<usize, Error> {
    if next > len {
        return Err(Error::Value {
            message: format!("position {next} out of bound"),
        });
    }
    Ok(next)
}

/// The `UnicodeEncodeError` raised when a handler's text replacement cannot
/// be encoded (CPython encodes it strictly; positions are in the text).
/// The error handler's answer for the character at `pos` that the codec
/// `name` cannot encode, written to `out`: replacement bytes as they are
/// (`write_bytes`), replacement text encoded strictly by `encode_text` (the
/// codec itself, in its current state). Returns where to go on.
pub(super) fn replace_unencodable<O>(
    name: &'static str,
    input_len: usize,
    pos: usize,
    on_error: &mut EncodeHandler<'_>,
    out: &mut O,
    write_bytes: fn(&mut O, &[u8]),
    encode_text: impl FnOnce(&[u32], &mut EncodeHandler<'_>, &mut O) -> Result<(), Error>,
) -> Result<usize, Error> {
    let (replacement, next) = on_error(&MultibyteError {
        start: pos,
        end: pos + 1,
        reason: ILLEGAL,
    })?;
    match replacement {
        Replacement::Bytes(b) => write_bytes(out, &b),
        Replacement::Text(t) => {
            let mut strict = |e: &MultibyteError| Err(encode_error(name, &t, e));
            encode_text(&t, &mut strict, out)?;
        }
    }
    resume(next, input_len)
}

fn encode_error(codec: &'static str, text: &[u32], e: &MultibyteError) -> Error {
    Error::Encode {
        encoding: codec.to_string(),
        character: text.get(e.start).copied(),
        position: e.start,
        end: e.end,
        reason: e.reason.to_string(),
    }
}

//! [`CodecRules`]: what a release's runtime differs in, the one thing the
//! codecs read of a release (each profile's `Quirks` holds one, as its
//! `codecs`).

use super::error_styles::{IdnaErrors, PunycodeErrors};
use crate::unicode::UnicodeTables;

/// The Unicode database, codec registry and codecs of one CPython
/// release: its alias tables, its codecs, and how each codec that changed
/// between releases behaves. A profile's or a context's are its quirks'
/// `codecs` (also `From<Profile>`, `From<Behaviour>` and `From<&Quirks>`
/// in `urlsyntax::urllib`).
#[derive(Clone, Copy)]
pub struct CodecRules {
    /// `encodings.aliases.aliases` (3.8 and 3.9 change some, 3.13 adds
    /// `windows_31j` for `cp932`, 3.13.x IBM names of `cp1140` and `cp858`,
    /// 3.14 `cp874`'s and more, 3.15 IANA's `cs*` names and moves the
    /// Korean names from `euc_kr` to `cp949`), generated from each
    /// interpreter ([`names`](super::names)'s `ALIASES_*`).
    pub codec_aliases: &'static [(&'static str, &'static str)],
    /// The `encodings` modules that are text codecs (3.6 and 3.7 have
    /// `unicode_internal`, 3.6-3.8 `mac_centeuro`), generated from each
    /// interpreter ([`names`](super::names)'s `TEXT_CODECS_*`).
    pub text_codecs: &'static [&'static str],
    /// The single-byte charmap codecs and their tables, generated from each
    /// interpreter: 3.13.x and 3.14+ map `palmos`'s byte 0x9B to U+203A
    /// (gh-135995; before, to U+009B); 3.6 to 3.8 also have
    /// `mac_centeuro` ([`names`](super::names)'s `CHARMAPS_*`).
    pub charmaps: &'static [(&'static str, u8)],
    /// The Unicode names the `namereplace` error handler writes and the
    /// `\N{...}` escapes read: those of the release at this index of the
    /// generated table (0 = 3.6 ... 7 = 3.13.0, 8 = 3.13.18, 9 = 3.14,
    /// 10 = 3.15; each release's Unicode version adds names, and 3.13.x
    /// and 3.14 read Tangut ideographs' names, gh-80667, which only 3.15
    /// writes).
    pub namereplace_names: u8,
    /// 3.13.x and 3.14+ (gh-80667): a `\N{...}` escape reads the
    /// algorithmic names (Hangul syllables, CJK unified ideographs) in
    /// any ASCII case, as every other name, the hex digits as `namereplace`
    /// writes them (`CJK UNIFIED IDEOGRAPH-04E00` no longer reads); before,
    /// upper case only, with four or five digits.
    pub algorithmic_names_any_case: bool,
    /// 3.11+: `iso2022_jp_2004` and `iso2022_jp_3` encode a JIS X 0213
    /// combining pair as its one code; earlier releases encode each code
    /// point alone.
    pub iso2022_jp_combining_pairs: bool,
    /// 3.8+: in `utf-7`, a `+` followed by a byte outside base64 is an
    /// error of both bytes ("ill-formed sequence"); 3.6 and 3.7 read it as
    /// an empty shift sequence.
    pub utf7_ill_formed_plus: bool,
    /// 3.6: the `utf-16` decoder reports a lone low surrogate with fewer
    /// than four bytes left as "unexpected end of data" to the end; 3.7+
    /// report "illegal encoding" of its two bytes first.
    pub utf16_end_checked_first: bool,
    /// How `punycode` decoding fails: `UnicodeDecodeError` with positions
    /// from 3.13, `UnicodeError` before, and 3.6's `IndexError` at the end.
    pub punycode_errors: PunycodeErrors,
    /// How `idna` fails: 3.13 raises `UnicodeEncodeError` and
    /// `UnicodeDecodeError` placed in the whole text, with new messages
    /// (`label empty`, `label too long`, ...), reads the ACE prefix `xn--`
    /// in any case, and checks an ASCII name's empty labels before its long
    /// ones; earlier releases raise a plain `UnicodeError`.
    pub idna_errors: IdnaErrors,
    /// 3.12+ (gh-98433): `idna` refuses to decode a label longer than 1024
    /// bytes ("label way too long") before reading it.
    pub idna_label_limit: bool,
    /// Up to 3.11, `str.encode` and `bytes.decode` wrap a plain
    /// `UnicodeError` or `IndexError` that a codec written in Python
    /// (`idna`, `punycode`, `undefined`) raises with one message: `encoding
    /// with 'IDNA' codec failed (UnicodeError: label empty or too long)`,
    /// the codec named as the caller spelled it. Only the message differs.
    pub codec_errors_wrapped: bool,
    /// The tables `idna`'s nameprep reads: those of the release at this
    /// index of the generated table (0 = 3.6 ... 7 = 3.13.0, 8 = 3.13.18,
    /// 9 = 3.14, 10 = 3.15): B.2 lowercases with the release's
    /// `str.lower`, and NFKC sorts and composes with its own database.
    pub nameprep_tables: u8,
    /// The B.2 case folding `idna`'s nameprep reads: that of the release
    /// at this index of the same table. A verified release reads its own
    /// (`nameprep_tables`); the composed 3.10.22, 3.11.17 and 3.12.15 read
    /// RFC 3454's own B.2 (gh-155292), which 3.13.18's is, on their own
    /// database.
    pub nameprep_case_folding: u8,
    /// The release's Unicode database and `int()` rules: `hostname`'s
    /// lowercasing, the NFKC netloc check, `repr`'s printable characters,
    /// `unwrap`'s whitespace, and the digits, whitespace and digit limit
    /// of the port's `int()`.
    pub unicode: &'static UnicodeTables,
}

impl CodecRules {
    /// The fields compared: the tables by identity.
    fn key(&self) -> impl PartialEq + std::hash::Hash {
        (
            (
                std::ptr::from_ref(self.codec_aliases),
                std::ptr::from_ref(self.text_codecs),
                std::ptr::from_ref(self.charmaps),
                std::ptr::from_ref(self.unicode),
            ),
            (self.namereplace_names, self.nameprep_tables),
            (self.nameprep_case_folding, self.punycode_errors),
            (self.idna_errors, self.algorithmic_names_any_case),
            (
                self.iso2022_jp_combining_pairs,
                self.utf7_ill_formed_plus,
                self.utf16_end_checked_first,
                self.idna_label_limit,
                self.codec_errors_wrapped,
            ),
        )
    }
}

impl CodecRules {
    /// Whether `self` and `other` read text alike: every field equal, the
    /// alias, codec and charmap tables by content, the Unicode database by
    /// identity. Two releases' rules (or a release's and those probed from
    /// an interpreter) may hold equal tables at different addresses, which
    /// `==` (by identity, as cheap as a key must be) tells apart.
    pub fn same_content(&self, other: &CodecRules) -> bool {
        let CodecRules {
            unicode,
            codec_aliases,
            namereplace_names,
            text_codecs,
            iso2022_jp_combining_pairs,
            utf7_ill_formed_plus,
            utf16_end_checked_first,
            punycode_errors,
            idna_errors,
            idna_label_limit,
            codec_errors_wrapped,
            nameprep_tables,
            nameprep_case_folding,
            algorithmic_names_any_case,
            charmaps,
        } = *self;
        std::ptr::eq(unicode, other.unicode)
            && codec_aliases == other.codec_aliases
            && namereplace_names == other.namereplace_names
            && text_codecs == other.text_codecs
            && iso2022_jp_combining_pairs == other.iso2022_jp_combining_pairs
            && utf7_ill_formed_plus == other.utf7_ill_formed_plus
            && utf16_end_checked_first == other.utf16_end_checked_first
            && punycode_errors == other.punycode_errors
            && idna_errors == other.idna_errors
            && idna_label_limit == other.idna_label_limit
            && codec_errors_wrapped == other.codec_errors_wrapped
            && nameprep_tables == other.nameprep_tables
            && nameprep_case_folding == other.nameprep_case_folding
            && algorithmic_names_any_case == other.algorithmic_names_any_case
            && charmaps == other.charmaps
    }
}

/// Equal when every field is, the tables by identity (see
/// [`CodecRules::same_content`] for equality by content).
impl PartialEq for CodecRules {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for CodecRules {}

impl std::hash::Hash for CodecRules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// The fields but the tables, and the Unicode version.
impl std::fmt::Debug for CodecRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodecRules")
            .field("unicode", &self.unicode.version())
            .field("namereplace_names", &self.namereplace_names)
            .field(
                "algorithmic_names_any_case",
                &self.algorithmic_names_any_case,
            )
            .field(
                "iso2022_jp_combining_pairs",
                &self.iso2022_jp_combining_pairs,
            )
            .field("utf7_ill_formed_plus", &self.utf7_ill_formed_plus)
            .field("utf16_end_checked_first", &self.utf16_end_checked_first)
            .field("punycode_errors", &self.punycode_errors)
            .field("idna_errors", &self.idna_errors)
            .field("idna_label_limit", &self.idna_label_limit)
            .field("codec_errors_wrapped", &self.codec_errors_wrapped)
            .field("nameprep_tables", &self.nameprep_tables)
            .field("nameprep_case_folding", &self.nameprep_case_folding)
            .finish_non_exhaustive()
    }
}

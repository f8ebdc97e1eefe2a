//! [`CodecRules`]: what a release's codecs differ in, the one thing the
//! codecs read of a release (the profiles' `Quirks` hold the same fields
//! and make it).

use super::error_styles::{IdnaErrors, PunycodeErrors};
use crate::unicode::UnicodeTables;

/// The codec registry and codecs of one CPython release: its alias
/// tables, its codecs, and how each codec that changed between releases
/// behaves. The fields are as urlsyntax's `Quirks` documents them. Made from a profile or a context (`From<Profile>`,
/// `From<Behaviour>`, `From<&Quirks>` in `urllib`), whose
/// `Quirks` fields of the same names document each.
#[derive(Clone, Copy)]
pub struct CodecRules {
    /// `encodings.aliases.aliases` ([`names`](super::names)'s `ALIASES_*`).
    pub codec_aliases: &'static [(&'static str, &'static str)],
    /// The modules that are text encodings ([`names`](super::names)'s `TEXT_CODECS_*`).
    pub text_codecs: &'static [&'static str],
    /// The single-byte charmap codecs ([`names`](super::names)'s `CHARMAPS_*`).
    pub charmaps: &'static [(&'static str, u8)],
    /// The release whose Unicode names `namereplace` and `\N{...}` read (0 = 3.6 ... 10 = 3.15).
    pub namereplace_names: u8,
    /// Whether `\N{...}` reads the algorithmic names in any case.
    pub algorithmic_names_any_case: bool,
    /// Whether `iso2022_jp_3` and `_2004` encode combining pairs as one character.
    pub iso2022_jp_combining_pairs: bool,
    /// Whether `utf-7` calls a `+` before a byte outside base64 an error.
    pub utf7_ill_formed_plus: bool,
    /// Whether `utf-16`'s decoder reports a truncated end before a lone surrogate.
    pub utf16_end_checked_first: bool,
    /// How `punycode` reports bad input.
    pub punycode_errors: PunycodeErrors,
    /// How `idna` reports bad input.
    pub idna_errors: IdnaErrors,
    /// Whether `idna` refuses labels over 63 characters while decoding.
    pub idna_label_limit: bool,
    /// Whether codec errors are wrapped in `encoding with ... codec failed` messages.
    pub codec_errors_wrapped: bool,
    /// The nameprep tables `idna` reads (an index into `data/codecs/nameprep.bin`).
    pub nameprep_tables: u8,
    /// The case folding of nameprep's table B.2 (an index, as `nameprep_tables`).
    pub nameprep_case_folding: u8,
    /// The release's Unicode database: which characters `repr` escapes
    /// in `idna`'s messages, which a codec name keeps.
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

/// Equal when every field is, the tables by identity.
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

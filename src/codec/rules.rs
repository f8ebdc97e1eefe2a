//! [`CodecRules`]: what a release's codecs differ in, the one thing the
//! codecs read of a release (the profiles' `Quirks` hold the same fields
//! and make it).

use super::error_styles::{IdnaErrors, PunycodeErrors};
use crate::python::unicode::UnicodeTables;

/// The codec registry and codecs of one CPython release: its alias
/// tables, its codecs, and how each codec that changed between releases
/// behaves. Made from a profile or a context (`From<Profile>`,
/// `From<Behaviour>`, `From<&Quirks>` in `urllib`), whose
/// `Quirks` fields of the same names document each.
#[derive(Clone, Copy)]
pub struct CodecRules {
    pub(crate) codec_aliases: &'static [(&'static str, &'static str)],
    pub(crate) text_codecs: &'static [&'static str],
    pub(crate) charmaps: &'static [(&'static str, u8)],
    pub(crate) namereplace_names: u8,
    pub(crate) algorithmic_names_any_case: bool,
    pub(crate) iso2022_jp_combining_pairs: bool,
    pub(crate) utf7_ill_formed_plus: bool,
    pub(crate) utf16_end_checked_first: bool,
    pub(crate) punycode_errors: PunycodeErrors,
    pub(crate) idna_errors: IdnaErrors,
    pub(crate) idna_label_limit: bool,
    pub(crate) codec_errors_wrapped: bool,
    pub(crate) nameprep_tables: u8,
    pub(crate) nameprep_case_folding: u8,
    /// The release's Unicode database: which characters `repr` escapes
    /// in `idna`'s messages, which a codec name keeps.
    pub(crate) unicode: &'static UnicodeTables,
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

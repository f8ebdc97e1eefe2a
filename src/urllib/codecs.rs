//! The codecs as a profile chooses them: the [`CodecRules`] of a
//! profile's or a context's quirks, and the codec check that answers as
//! the default profile (CPython 3.15.2).

use super::{Behaviour, CodecRules, Profile, Quirks};
use urlsyntax_pyruntime::codec::is_cpython_text_codec_in;

/// The codec fields of `quirks`.
impl From<&Quirks> for CodecRules {
    fn from(q: &Quirks) -> Self {
        CodecRules {
            codec_aliases: q.codec_aliases,
            text_codecs: q.text_codecs,
            charmaps: q.charmaps,
            namereplace_names: q.namereplace_names,
            algorithmic_names_any_case: q.algorithmic_names_any_case,
            iso2022_jp_combining_pairs: q.iso2022_jp_combining_pairs,
            utf7_ill_formed_plus: q.utf7_ill_formed_plus,
            utf16_end_checked_first: q.utf16_end_checked_first,
            punycode_errors: q.punycode_errors,
            idna_errors: q.idna_errors,
            idna_label_limit: q.idna_label_limit,
            codec_errors_wrapped: q.codec_errors_wrapped,
            nameprep_tables: q.nameprep_tables,
            nameprep_case_folding: q.nameprep_case_folding,
            unicode: q.unicode,
        }
    }
}

/// The codec fields of a context's quirks.
impl From<Behaviour> for CodecRules {
    fn from(behaviour: Behaviour) -> Self {
        behaviour.quirks().into()
    }
}

/// The codec fields of a profile's quirks.
impl From<Profile> for CodecRules {
    fn from(profile: Profile) -> Self {
        profile.quirks().into()
    }
}

/// Whether the default profile's CPython (3.15.2) resolves `name` to a
/// text encoding (implemented here or not).
pub fn is_cpython_text_codec(name: &str) -> bool {
    is_cpython_text_codec_in(name, Profile::default())
}

//! The codecs as a profile chooses them: the [`CodecRules`] a profile's
//! or a context's quirks hold, and the codec check that answers as
//! the default profile (CPython 3.15.2).

use super::{Behaviour, CodecRules, Profile, Quirks};
use urlsyntax_pyruntime::codec::is_cpython_text_codec_in;

/// The runtime of `quirks` (its `codecs`).
impl From<&Quirks> for CodecRules {
    fn from(q: &Quirks) -> Self {
        q.codecs
    }
}

/// The runtime of a context's quirks.
impl From<Behaviour> for CodecRules {
    fn from(behaviour: Behaviour) -> Self {
        behaviour.quirks().into()
    }
}

/// The runtime of a profile's quirks.
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

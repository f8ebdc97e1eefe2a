//! [`Behaviour`]: a profile and the [`Quirks`] it answers with, as one
//! `Copy` handle that builders and results hold.

use std::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

use super::quirks::Quirks;
use super::{Named, Profile};

/// The behaviour a context hands to what it makes (builders, results): the
/// [`Profile`] it is named after and the [`Quirks`] every call reads, the
/// profile's own unless [`Behaviour::with_quirks`] set others. One
/// pointer, `Copy` (a result holding it is no larger than one holding the
/// profile alone was); a result's `port`, `hostname` and `geturl` follow
/// it, and a builder's every call.
///
/// ```
/// use urlsyntax::urllib::{Behaviour, Profile};
/// let b = Behaviour::from(Profile::Py3_6_15);
/// assert_eq!(b.profile(), Profile::Py3_6_15);
/// assert!(!b.quirks().tilde_is_unreserved);
/// let mut q = *b.quirks();
/// q.tilde_is_unreserved = true;
/// let probed = Behaviour::with_quirks(Profile::Py3_6_15, q);
/// assert_eq!(probed.profile(), Profile::Py3_6_15);
/// assert!(probed.quirks().tilde_is_unreserved);
/// assert_ne!(probed, b);
/// ```
#[derive(Clone, Copy)]
pub struct Behaviour {
    named: &'static Named,
}

/// The quirks [`Behaviour::with_quirks`] was given that are no profile's
/// own: kept for the life of the program, one copy of each distinct value.
static KEPT: Mutex<Vec<&'static Named>> = Mutex::new(Vec::new());

impl Behaviour {
    /// The behaviour of `profile`: its own quirks.
    #[inline]
    pub fn new(profile: Profile) -> Self {
        Behaviour {
            named: profile.named(),
        }
    }

    /// The behaviour of `profile` with each difference between releases
    /// set as `quirks` says (a release whose answers were learnt by asking
    /// it). Quirks that are not `profile`'s own are kept for the life of
    /// the program, one copy of each distinct value, so that the handle
    /// stays a pointer.
    pub fn with_quirks(profile: Profile, quirks: Quirks) -> Self {
        let own = profile.quirks();
        if same(own, &quirks) {
            return Behaviour::new(profile);
        }
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        let named = match kept
            .iter()
            .find(|k| k.profile == profile && same(&k.quirks, &quirks))
        {
            Some(k) => *k,
            None => {
                let k: &'static Named = Box::leak(Box::new(Named { profile, quirks }));
                kept.push(k);
                k
            }
        };
        Behaviour { named }
    }

    /// The profile this behaviour is named after.
    pub fn profile(self) -> Profile {
        self.named.profile
    }

    /// The behaviour differences every call reads.
    #[inline]
    pub fn quirks(self) -> &'static Quirks {
        &self.named.quirks
    }
}

/// Whether two quirks are equal field by field: the tables the statics
/// hold by identity, the others by content.
pub(super) fn same(q: &Quirks, other: &Quirks) -> bool {
    let Quirks {
        scheme_must_start_with_ascii_letter,
        validate_bracketed_host,
        unsplit,
        port,
        port_error_from_int,
        qsl,
        classes,
        urlsplit_args_must_be_hashable,
        slice_of_dict_is_key_error,
        strip_c0_control_or_space,
        scheme_before_digits_is_path,
        tilde_is_unreserved,
        qsl_coerces_separator,
        unquote_takes_bytes,
        check_bracketed_netloc,
        ipvfuture_capital_v,
        join_keeps_empty_components,
        unparse_checks_path_before_params,
        parse_and_join_split_through_the_cache,
        qsl_empty_bytes_convert_the_separator,
        scheme_may_be_none,
        missing_as_none,
        coerce_first_non_empty,
        codecs,
    } = *q;
    scheme_must_start_with_ascii_letter == other.scheme_must_start_with_ascii_letter
        && validate_bracketed_host == other.validate_bracketed_host
        && unsplit == other.unsplit
        && port == other.port
        && port_error_from_int == other.port_error_from_int
        && qsl == other.qsl
        && std::ptr::eq(classes, other.classes)
        && urlsplit_args_must_be_hashable == other.urlsplit_args_must_be_hashable
        && slice_of_dict_is_key_error == other.slice_of_dict_is_key_error
        && strip_c0_control_or_space == other.strip_c0_control_or_space
        && scheme_before_digits_is_path == other.scheme_before_digits_is_path
        && tilde_is_unreserved == other.tilde_is_unreserved
        && qsl_coerces_separator == other.qsl_coerces_separator
        && unquote_takes_bytes == other.unquote_takes_bytes
        && check_bracketed_netloc == other.check_bracketed_netloc
        && ipvfuture_capital_v == other.ipvfuture_capital_v
        && join_keeps_empty_components == other.join_keeps_empty_components
        && unparse_checks_path_before_params == other.unparse_checks_path_before_params
        && parse_and_join_split_through_the_cache == other.parse_and_join_split_through_the_cache
        && qsl_empty_bytes_convert_the_separator == other.qsl_empty_bytes_convert_the_separator
        && scheme_may_be_none == other.scheme_may_be_none
        && missing_as_none == other.missing_as_none
        && coerce_first_non_empty == other.coerce_first_non_empty
        && codecs.same_content(&other.codecs)
}

impl Default for Behaviour {
    /// The default profile's (CPython 3.15.2).
    #[inline]
    fn default() -> Self {
        Behaviour::new(Profile::default())
    }
}

impl From<Profile> for Behaviour {
    fn from(profile: Profile) -> Self {
        Behaviour::new(profile)
    }
}

/// Equal when named after the same profile and reading the same quirks.
impl PartialEq for Behaviour {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.named, other.named)
    }
}

impl Eq for Behaviour {}

impl Hash for Behaviour {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.named, state);
    }
}

/// The profile, and `with quirks of its own` when the quirks are not the
/// profile's.
impl std::fmt::Debug for Behaviour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if std::ptr::eq(self.named, self.profile().named()) {
            write!(f, "{:?}", self.profile())
        } else {
            write!(f, "{:?} with quirks of its own", self.profile())
        }
    }
}

/// With the `serde` feature, a behaviour is written as its profile (its
/// release, `"3.13.0"`), and read back as that profile's own.
#[cfg(feature = "serde")]
impl serde::Serialize for Behaviour {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.profile().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Behaviour {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Behaviour, D::Error> {
        Profile::deserialize(d).map(Behaviour::new)
    }
}

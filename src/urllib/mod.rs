//! The CPython face: `urllib.parse`, answer for answer.
//!
//! Function names are Python's. Each function exists for `&str` (here) and
//! for bytes ([`bytes`]), as CPython's accept both. The free functions use
//! the default profile (CPython 3.15.2) and CPython's own scheme classes;
//! [`Urllib`] picks another [`Profile`] or extends the scheme classes, for
//! the calls made through it, with no global state. [`fields`] reads a
//! `urlsplit` or `urlparse` result field by field, as column stores hold it.
//!
//! ```
//! use urlsyntax::urllib::{self, Profile, SchemeClass, Urllib};
//!
//! assert_eq!(urllib::urljoin("http://a/b/c", "../d").unwrap(), "http://a/d");
//!
//! // CPython does not resolve s3:// references; teach this context to.
//! let ctx = Urllib::new(Profile::Py3_13_0).with_scheme(SchemeClass::UsesRelative, "s3")
//!     .with_scheme(SchemeClass::UsesNetloc, "s3");
//! assert_eq!(ctx.urljoin("s3://bucket/a/b", "c", true).unwrap(), "s3://bucket/a/c");
//! ```

#![doc = include_str!("../../docs/urllib.md")]

pub mod bytes;
mod codec_options;
mod codecs;
mod components;
mod context;
pub mod fields;
mod ipaddress;
mod join;
mod missing;
mod missing_bytes;
mod netloc;
mod profile;
pub mod pyrepr;
mod qs;
mod quote;
mod result;
mod schemes;
mod split;
mod std_traits;
mod text;
mod unsplit;

pub use codec_options::CodecOptions;
pub use codecs::is_cpython_text_codec;
pub use missing::{DefragResultOpt, ParseResultOpt, SplitResultOpt};
pub use missing_bytes::{DefragResultOptBytes, ParseResultOptBytes, SplitResultOptBytes};
pub use netloc::NetlocAttributes;
pub use profile::{
    Behaviour, DeriveError, DerivedProfile, Fix, PortRule, Profile, QslRule, Quirks, UnsplitRule,
    PROBE_SCRIPT,
};
pub use qs::*;
pub use quote::*;
pub use result::{
    DefragResult, DefragResultBytes, ParseResult, ParseResultBytes, SplitResult, SplitResultBytes,
};
pub use schemes::{ClassLists, SchemeClass, SchemeClasses};
pub use std_traits::UnknownProfile;
pub use text::unwrap;
// What this face's own signatures name; the rest of CPython's runtime is
// `crate::pyruntime`.
pub use urlsyntax_pyruntime::codec::{
    Codec, CodecRules, IdnaErrors, PunycodeErrors, UNREPRESENTABLE,
};
pub use urlsyntax_pyruntime::error::{Error, PyException};
pub use urlsyntax_pyruntime::unicode::UnicodeTables;

use std::borrow::Cow;

/// A CPython release to answer as, with its scheme classes, which the
/// caller may extend. Cheap to build; holds no global state.
#[derive(Clone, Debug)]
pub struct Urllib {
    behaviour: Behaviour,
    classes: SchemeClasses,
}

impl Default for Urllib {
    fn default() -> Self {
        Urllib::new(Profile::default())
    }
}

impl Urllib {
    /// The behaviour of `profile`, with its own scheme classes.
    pub fn new(profile: Profile) -> Self {
        Urllib::of(Behaviour::new(profile))
    }

    /// The behaviour of `profile` with each difference between releases
    /// set as `quirks` says: for a release whose answers were learnt by
    /// asking it (a patch release with a backported fix) rather than
    /// verified. The scheme classes become `quirks.classes`, with nothing
    /// added. Every builder and result this context hands out follows
    /// `quirks` (a result's `port` too) and is named after `profile`; see
    /// [`Behaviour::with_quirks`] for how the quirks are kept.
    ///
    /// ```
    /// # use urlsyntax::urllib::{Profile, Urllib};
    /// // A 3.10 patch release with the bracketed-host check backported.
    /// let mut quirks = *Profile::Py3_10_13.quirks();
    /// quirks.validate_bracketed_host = true;
    /// let ctx = Urllib::with_quirks(Profile::Py3_10_13, quirks);
    /// assert!(ctx.urlsplit("http://[1.2.3.4]/", "", true).is_err());
    /// assert!(Urllib::new(Profile::Py3_10_13).urlsplit("http://[1.2.3.4]/", "", true).is_ok());
    /// ```
    pub fn with_quirks(profile: Profile, quirks: Quirks) -> Self {
        Urllib::of(Behaviour::with_quirks(profile, quirks))
    }

    /// The context of `behaviour`, with the scheme classes of its quirks.
    pub fn of(behaviour: Behaviour) -> Self {
        Urllib {
            behaviour,
            classes: SchemeClasses::new(behaviour.quirks().classes),
        }
    }

    /// Adds `scheme` to a scheme class, for this context only.
    pub fn with_scheme(mut self, class: SchemeClass, scheme: impl Into<Cow<'static, str>>) -> Self {
        self.classes.add(class, scheme);
        self
    }

    /// The profile in use.
    pub fn profile(&self) -> Profile {
        self.behaviour.profile()
    }

    /// The profile and quirks in use, as builders and results hold them.
    pub fn behaviour(&self) -> Behaviour {
        self.behaviour
    }

    /// The scheme classes in use.
    pub fn classes(&self) -> &SchemeClasses {
        &self.classes
    }

    /// The behaviour differences in use: the profile's, unless
    /// [`Urllib::with_quirks`] set others.
    pub fn quirks(&self) -> &'static Quirks {
        self.behaviour.quirks()
    }

    pub(crate) fn split_rules(&self) -> split::SplitRules {
        split::SplitRules::of(self.behaviour)
    }
}

/// `urlsplit(url)` under the default profile (CPython 3.15.2).
pub fn urlsplit(url: &str) -> Result<SplitResult<'_>, Error> {
    let rules = split::SplitRules::of(Behaviour::default());
    split::urlsplit(url, "", true, rules)
}

/// `urlparse(url)` under the default profile (CPython 3.15.2).
pub fn urlparse(url: &str) -> Result<ParseResult<'_>, Error> {
    let rules = split::SplitRules::of(Behaviour::default());
    let classes = SchemeClasses::new(rules.quirks.classes);
    split::urlparse(url, "", true, rules, &classes)
}

/// `urlunsplit((scheme, netloc, path, query, fragment))` under the default profile (CPython 3.15.2).
pub fn urlunsplit(parts: [&str; 5]) -> String {
    Urllib::default().urlunsplit(parts)
}

/// `urlunparse((scheme, netloc, path, params, query, fragment))` under
/// the default profile (CPython 3.15.2).
pub fn urlunparse(parts: [&str; 6]) -> String {
    Urllib::default().urlunparse(parts)
}

/// `urljoin(base, url)` under the default profile (CPython 3.15.2).
pub fn urljoin<'a>(base: &'a str, url: &'a str) -> Result<Cow<'a, str>, Error> {
    Urllib::default().urljoin(base, url, true)
}

/// `urldefrag(url)` under the default profile (CPython 3.15.2).
pub fn urldefrag(url: &str) -> Result<DefragResult<'_>, Error> {
    Urllib::default().urldefrag(url)
}

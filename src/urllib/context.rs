//! The one way to choose a CPython release and keyword arguments for any
//! urllib function: a [`Urllib`] context.
//!
//! Every function of `urllib.parse` is reached the same way: make a
//! [`Urllib`] for a [`Profile`] (extending its scheme classes if need be),
//! then call the function as a method of it, or, for the functions with
//! keyword arguments beyond the URL's own, as a method of the builder it
//! hands out with the profile and quirks already set (its [`Behaviour`](super::Behaviour);
//! results hold it too). The free functions
//! (`urllib::urlsplit`, `urllib::quote`, ...) are the same calls with
//! the default profile (CPython 3.15.2) and every argument at its default.
//!
//! `docs/urllib.md` (in rustdoc: the [`urllib`](super) module page) is
//! the whole Python → Rust table.
//!
//! ```
//! use urlsyntax::urllib::{Profile, Urllib};
//! let py39: Urllib = "3.9".parse::<Profile>()?.into();
//! assert_eq!(py39.urlsplit("http://h: 80/", "", true)?.port()?, Some(80));
//! assert_eq!(py39.qs().keep_blank_values(true).parse_qsl("a=&b=1")?.len(), 2);
//! assert_eq!(py39.urlencoder().urlencode([("a", "x y")])?, "a=x+y");
//! assert_eq!(py39.quoter().safe("").quote("/a b")?, "%2Fa%20b");
//! assert_eq!(py39.unquoter().unquote("%41")?, "A");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;

use super::{
    Behaviour, Profile, QsParser, Quirks, Quoter, SchemeClass, SchemeClasses, Unquoter, Urlencoder,
};

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
}

impl Urllib {
    /// `parse_qs`/`parse_qsl`'s keyword arguments, under this context's
    /// profile and quirks.
    pub fn qs(&self) -> QsParser {
        QsParser::new().behaviour(self.behaviour())
    }

    /// `urlencode`'s keyword arguments, under this context's profile and
    /// quirks.
    pub fn urlencoder(&self) -> Urlencoder {
        Urlencoder::new().behaviour(self.behaviour())
    }

    /// `quote`/`quote_plus`'s keyword arguments, under this context's
    /// profile and quirks (3.6 quotes `~`).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// assert_eq!(Urllib::new(Profile::Py3_6_15).quoter().quote("~a")?, "%7Ea");
    /// assert_eq!(Urllib::new(Profile::Py3_7_16).quoter().quote("~a")?, "~a");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quoter(&self) -> Quoter {
        Quoter::new().behaviour(self.behaviour())
    }

    /// `unquote`/`unquote_plus`'s keyword arguments, under this context's
    /// profile and quirks.
    pub fn unquoter(&self) -> Unquoter {
        Unquoter::new().behaviour(self.behaviour())
    }
}

/// The context of a profile, with its own scheme classes.
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// assert_eq!(Urllib::from(Profile::Py3_11_7).profile(), Profile::Py3_11_7);
/// ```
impl From<Profile> for Urllib {
    fn from(profile: Profile) -> Urllib {
        Urllib::new(profile)
    }
}

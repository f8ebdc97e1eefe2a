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

use super::{Profile, QsParser, Quoter, Unquoter, Urlencoder, Urllib};

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

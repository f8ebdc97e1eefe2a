//! The results of CPython 3.15's `missing_as_none=True`: each component
//! the URL does not have is `None`, so `http://a/b?` (an empty query) and
//! `http://a/b` (none) stay apart, and the result remembers it was read
//! so: its `geturl()` keeps every empty component, as `urlunsplit` with
//! `keep_empty=True` does.
//!
//! ```
//! use urlsyntax::urllib::{Profile, SplitResult, Urllib};
//! let ctx = Urllib::new(Profile::Py3_15_2);
//! let r = ctx.urlsplit_missing_as_none("HTTP://a/b?#", None, true)?;
//! assert_eq!(r.query.as_deref(), Some(""));
//! assert_eq!(r.geturl(), "http://a/b?#");
//! // Missing read as empty: what `missing_as_none=False` gives.
//! assert_eq!(SplitResult::from(r).geturl(), "http://a/b");
//! # Ok::<(), urlsyntax::urllib::Error>(())
//! ```

use std::borrow::Cow;

use super::result_of::{
    DefragResult, DefragResultOpt, ParseResult, ParseResultOpt, SplitResult, SplitResultOpt,
};
use super::unsplit::{unsplit_components, PathText};
use super::{netloc, Error, NetlocAttributes, Profile};

fn owned(part: Option<Cow<'_, str>>) -> Option<Cow<'static, str>> {
    part.map(|p| Cow::Owned(p.into_owned()))
}

fn or_empty(part: Option<Cow<'_, str>>) -> Cow<'_, str> {
    part.unwrap_or(Cow::Borrowed(""))
}

macro_rules! netloc_attributes_opt {
    ($read:literal) => {
        /// The profile this result was read under (its behaviour's).
        pub fn profile(&self) -> Profile {
            self.behaviour.profile()
        }

        /// `username`: `None` without a netloc or userinfo.
        ///
        /// ```
        /// use urlsyntax::urllib::{Profile, Urllib};
        /// let ctx = Urllib::new(Profile::Py3_15_2);
        #[doc = concat!("let r = ctx.", $read, "(\"http://User:Pw@Host:80/p\", None, true)?;")]
        /// assert_eq!(r.username(), Some("User"));
        #[doc = concat!("assert_eq!(ctx.", $read, "(\"/p\", None, true)?.username(), None);")]
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn username(&self) -> Option<&str> {
            netloc::userinfo(self.netloc.as_deref()?).0
        }

        /// `password`: `None` without a netloc or a `:` in the userinfo.
        ///
        /// ```
        /// use urlsyntax::urllib::{Profile, Urllib};
        /// let ctx = Urllib::new(Profile::Py3_15_2);
        #[doc = concat!("let r = ctx.", $read, "(\"http://User:Pw@Host:80/p\", None, true)?;")]
        /// assert_eq!(r.password(), Some("Pw"));
        #[doc = concat!("assert_eq!(ctx.", $read, "(\"http://User@Host/\", None, true)?.password(), None);")]
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn password(&self) -> Option<&str> {
            netloc::userinfo(self.netloc.as_deref()?).1
        }

        /// `hostname`: lowercased (an IPv6 zone keeps its case), `None`
        /// without a netloc or when empty.
        ///
        /// ```
        /// use urlsyntax::urllib::{Profile, Urllib};
        /// let ctx = Urllib::new(Profile::Py3_15_2);
        #[doc = concat!("let r = ctx.", $read, "(\"http://User:Pw@Host:80/p\", None, true)?;")]
        /// assert_eq!(r.hostname().as_deref(), Some("host"));
        #[doc = concat!("assert_eq!(ctx.", $read, "(\"/p\", None, true)?.hostname(), None);")]
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn hostname(&self) -> Option<Cow<'_, str>> {
            let n = self.netloc.as_deref()?;
            netloc::hostname(n, false, self.behaviour.quirks().codecs.unicode)
        }

        /// `port`: `None` without a netloc or a port; the `ValueError`s
        /// of [`SplitResult::port`].
        ///
        /// ```
        /// use urlsyntax::urllib::{Profile, Urllib};
        /// let ctx = Urllib::new(Profile::Py3_15_2);
        #[doc = concat!("assert_eq!(ctx.", $read, "(\"http://Host:80/\", None, true)?.port(), Ok(Some(80)));")]
        #[doc = concat!("assert!(ctx.", $read, "(\"http://Host:x/\", None, true)?.port().is_err());")]
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn port(&self) -> Result<Option<u16>, Error> {
            let Some(n) = self.netloc.as_deref() else {
                return Ok(None);
            };
            let q = self.behaviour.quirks();
            netloc::port(n, q.port, q.port_error_from_int, false, q.codecs.unicode)
        }

        /// The four netloc attributes from one reading; all `None` without
        /// a netloc.
        ///
        /// ```
        /// use urlsyntax::urllib::{Profile, Urllib};
        /// let ctx = Urllib::new(Profile::Py3_15_2);
        #[doc = concat!("let r = ctx.", $read, "(\"http://User@Host:80/\", None, true)?;")]
        /// let a = r.attributes();
        /// assert_eq!((a.username, a.password, a.port), (Some("User"), None, Ok(Some(80))));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn attributes(&self) -> NetlocAttributes<'_> {
            match self.netloc.as_deref() {
                Some(n) => netloc::attributes(n, self.behaviour.quirks()),
                None => NetlocAttributes {
                    username: None,
                    password: None,
                    hostname: None,
                    port: Ok(None),
                },
            }
        }
    };
}

impl SplitResultOpt<'_> {
    netloc_attributes_opt!("urlsplit_missing_as_none");

    /// `geturl()`: `urlunsplit(self)`, which keeps every component that
    /// is not `None`, empty ones with their delimiter.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let mut r = ctx.urlsplit_missing_as_none("http://a/b", None, true)?;
    /// r.query = Some("".into());
    /// assert_eq!(r.geturl(), "http://a/b?");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn geturl(&self) -> String {
        unsplit_components(
            self.scheme.as_deref(),
            self.netloc.as_deref(),
            PathText::Whole(&self.path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }

    /// A copy that owns its text, to outlive the URL it was read from.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, SplitResultOpt, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let kept: SplitResultOpt<'static> = {
    ///     let url = String::from("http://a/b?q#f");
    ///     ctx.urlsplit_missing_as_none(&url, None, true)?.into_owned()
    /// };
    /// assert_eq!(kept.geturl(), "http://a/b?q#f");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn into_owned(self) -> SplitResultOpt<'static> {
        SplitResultOpt {
            scheme: owned(self.scheme),
            netloc: owned(self.netloc),
            path: Cow::Owned(self.path.into_owned()),
            query: owned(self.query),
            fragment: owned(self.fragment),
            behaviour: self.behaviour,
        }
    }
}

impl ParseResultOpt<'_> {
    netloc_attributes_opt!("urlparse_missing_as_none");

    /// `geturl()`: `urlunparse(self)`, which keeps every component that
    /// is not `None` (`;` before params that are `Some("")`).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urlparse_missing_as_none("http://a/b;", None, true)?;
    /// assert_eq!(r.geturl(), "http://a/b;");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn geturl(&self) -> String {
        let path = match &self.params {
            Some(params) => Cow::Owned(format!("{};{params}", self.path)),
            None => Cow::Borrowed(&*self.path),
        };
        unsplit_components(
            self.scheme.as_deref(),
            self.netloc.as_deref(),
            PathText::Whole(&path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }

    /// A copy that owns its text, to outlive the URL it was read from.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, ParseResultOpt, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let kept: ParseResultOpt<'static> = {
    ///     let url = String::from("http://a/b?q#f");
    ///     ctx.urlparse_missing_as_none(&url, None, true)?.into_owned()
    /// };
    /// assert_eq!(kept.geturl(), "http://a/b?q#f");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn into_owned(self) -> ParseResultOpt<'static> {
        ParseResultOpt {
            scheme: owned(self.scheme),
            netloc: owned(self.netloc),
            path: Cow::Owned(self.path.into_owned()),
            params: owned(self.params),
            query: owned(self.query),
            fragment: owned(self.fragment),
            behaviour: self.behaviour,
        }
    }
}

impl DefragResultOpt<'_> {
    /// `geturl()`: `url#fragment` whenever the fragment is `Some`, even
    /// empty.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urldefrag_missing_as_none("a#")?;
    /// assert_eq!(r.geturl(), "a#");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn geturl(&self) -> Cow<'_, str> {
        match &self.fragment {
            Some(f) => Cow::Owned(format!("{}#{f}", self.url)),
            None => Cow::Borrowed(&self.url),
        }
    }

    /// A copy that owns its text, to outlive the URL it was read from.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, DefragResultOpt, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let kept: DefragResultOpt<'static> = {
    ///     let url = String::from("http://a/b?q#f");
    ///     ctx.urldefrag_missing_as_none(&url)?.into_owned()
    /// };
    /// assert_eq!(kept.geturl(), "http://a/b?q#f");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn into_owned(self) -> DefragResultOpt<'static> {
        DefragResultOpt {
            url: Cow::Owned(self.url.into_owned()),
            fragment: owned(self.fragment),
        }
    }
}

/// `missing_as_none=False`: each missing component read as empty.
impl<'a> From<SplitResultOpt<'a>> for SplitResult<'a> {
    fn from(r: SplitResultOpt<'a>) -> SplitResult<'a> {
        SplitResult {
            scheme: or_empty(r.scheme),
            netloc: or_empty(r.netloc),
            path: r.path,
            query: or_empty(r.query),
            fragment: or_empty(r.fragment),
            behaviour: r.behaviour,
        }
    }
}

/// `missing_as_none=False`: each missing component read as empty.
impl<'a> From<ParseResultOpt<'a>> for ParseResult<'a> {
    fn from(r: ParseResultOpt<'a>) -> ParseResult<'a> {
        ParseResult {
            scheme: or_empty(r.scheme),
            netloc: or_empty(r.netloc),
            path: r.path,
            params: or_empty(r.params),
            query: or_empty(r.query),
            fragment: or_empty(r.fragment),
            behaviour: r.behaviour,
        }
    }
}

/// `missing_as_none=False`: a missing fragment read as empty.
impl<'a> From<DefragResultOpt<'a>> for DefragResult<'a> {
    fn from(r: DefragResultOpt<'a>) -> DefragResult<'a> {
        DefragResult {
            url: r.url,
            fragment: or_empty(r.fragment),
        }
    }
}

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

use super::unsplit::{unsplit_components, PathText};
use super::{netloc, DefragResult, Error, NetlocAttributes, ParseResult, Profile, SplitResult};

/// `SplitResult` of `urlsplit(url, missing_as_none=True)`: the fields of
/// [`SplitResult`], each component the URL does not have `None`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitResultOpt<'a> {
    /// `scheme`, lowercased; `None` without one (and without a default).
    pub scheme: Option<Cow<'a, str>>,
    /// `netloc`; `None` without `//`.
    pub netloc: Option<Cow<'a, str>>,
    /// `path` (always there, maybe empty).
    pub path: Cow<'a, str>,
    /// `query`; `None` without `?`.
    pub query: Option<Cow<'a, str>>,
    /// `fragment`; `None` without `#`.
    pub fragment: Option<Cow<'a, str>>,
    /// The CPython release whose rules `port` follows.
    pub profile: Profile,
}

/// `ParseResult` of `urlparse(url, missing_as_none=True)`: the fields of
/// [`ParseResult`], each component the URL does not have `None`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseResultOpt<'a> {
    /// `scheme`; `None` without one (and without a default).
    pub scheme: Option<Cow<'a, str>>,
    /// `netloc`; `None` without `//`.
    pub netloc: Option<Cow<'a, str>>,
    /// `path`, without `;params`.
    pub path: Cow<'a, str>,
    /// `params`; `None` unless a `uses_params` scheme's last segment has `;`.
    pub params: Option<Cow<'a, str>>,
    /// `query`; `None` without `?`.
    pub query: Option<Cow<'a, str>>,
    /// `fragment`; `None` without `#`.
    pub fragment: Option<Cow<'a, str>>,
    /// The CPython release whose rules `port` follows.
    pub profile: Profile,
}

/// `DefragResult` of `urldefrag(url, missing_as_none=True)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DefragResultOpt<'a> {
    /// The URL without its fragment.
    pub url: Cow<'a, str>,
    /// The fragment; `None` without `#`.
    pub fragment: Option<Cow<'a, str>>,
}

fn owned(part: Option<Cow<'_, str>>) -> Option<Cow<'static, str>> {
    part.map(|p| Cow::Owned(p.into_owned()))
}

fn or_empty(part: Option<Cow<'_, str>>) -> Cow<'_, str> {
    part.unwrap_or(Cow::Borrowed(""))
}

macro_rules! netloc_attributes_opt {
    () => {
        /// `username`: `None` without a netloc or userinfo.
        pub fn username(&self) -> Option<&str> {
            netloc::userinfo(self.netloc.as_deref()?).0
        }

        /// `password`: `None` without a netloc or a `:` in the userinfo.
        pub fn password(&self) -> Option<&str> {
            netloc::userinfo(self.netloc.as_deref()?).1
        }

        /// `hostname`: lowercased (an IPv6 zone keeps its case), `None`
        /// without a netloc or when empty.
        pub fn hostname(&self) -> Option<Cow<'_, str>> {
            let n = self.netloc.as_deref()?;
            netloc::hostname(n, false, self.profile.quirks().unicode)
        }

        /// `port`: `None` without a netloc or a port; the `ValueError`s
        /// of [`SplitResult::port`].
        pub fn port(&self) -> Result<Option<u16>, Error> {
            let Some(n) = self.netloc.as_deref() else {
                return Ok(None);
            };
            let q = self.profile.quirks();
            netloc::port(n, q.port, q.port_error_from_int, false, q.unicode)
        }

        /// The four netloc attributes from one reading; all `None` without
        /// a netloc.
        pub fn attributes(&self) -> NetlocAttributes<'_> {
            match self.netloc.as_deref() {
                Some(n) => netloc::attributes(n, self.profile.quirks()),
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
    netloc_attributes_opt!();

    /// `geturl()`: `urlunsplit(self)`, which keeps every component that
    /// is not `None`, empty ones with their delimiter.
    pub fn geturl(&self) -> String {
        unsplit_components(
            self.scheme.as_deref(),
            self.netloc.as_deref(),
            PathText::Whole(&self.path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }

    /// A copy that owns its text.
    pub fn into_owned(self) -> SplitResultOpt<'static> {
        SplitResultOpt {
            scheme: owned(self.scheme),
            netloc: owned(self.netloc),
            path: Cow::Owned(self.path.into_owned()),
            query: owned(self.query),
            fragment: owned(self.fragment),
            profile: self.profile,
        }
    }
}

impl ParseResultOpt<'_> {
    netloc_attributes_opt!();

    /// `geturl()`: `urlunparse(self)`, which keeps every component that
    /// is not `None` (`;` before params that are `Some("")`).
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

    /// A copy that owns its text.
    pub fn into_owned(self) -> ParseResultOpt<'static> {
        ParseResultOpt {
            scheme: owned(self.scheme),
            netloc: owned(self.netloc),
            path: Cow::Owned(self.path.into_owned()),
            params: owned(self.params),
            query: owned(self.query),
            fragment: owned(self.fragment),
            profile: self.profile,
        }
    }
}

impl DefragResultOpt<'_> {
    /// `geturl()`: `url#fragment` whenever the fragment is `Some`, even
    /// empty.
    pub fn geturl(&self) -> Cow<'_, str> {
        match &self.fragment {
            Some(f) => Cow::Owned(format!("{}#{f}", self.url)),
            None => Cow::Borrowed(&self.url),
        }
    }

    /// A copy that owns its text.
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
            profile: r.profile,
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
            profile: r.profile,
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

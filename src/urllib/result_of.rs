//! The result family: `SplitResult`, `ParseResult` and `DefragResult`
//! each one struct, generic over how a component is held. CPython's
//! twelve names are aliases of them: text (`Cow<str>`) or bytes
//! (`Cow<[u8]>`), and, for `missing_as_none=True` (the `Opt` forms), each
//! component the URL may lack an `Option` (the path never is one).
//!
//! | alias | component `C` | path `P` |
//! | --- | --- | --- |
//! | [`SplitResult`] | `Cow<str>` | `C` |
//! | [`SplitResultBytes`] | `Cow<[u8]>` | `C` |
//! | [`SplitResultOpt`] | `Option<Cow<str>>` | `Cow<str>` |
//! | [`SplitResultOptBytes`] | `Option<Cow<[u8]>>` | `Cow<[u8]>` |
//!
//! and so for `ParseResult` (`ParseResultOf<C, P>`) and `DefragResult`
//! (`DefragResultOf<C, U>`, `U` the URL's type). Each alias has the
//! methods of its CPython class.
//!
//! ```
//! use std::borrow::Cow;
//! use urlsyntax::urllib::{urlsplit, SplitResult, SplitResultOf};
//! let r: SplitResultOf<Cow<str>> = urlsplit("http://a/b?q")?;
//! let moved = SplitResult { netloc: "c:81".into(), ..r.clone() };
//! assert_eq!(moved.geturl(), "http://c:81/b?q");
//! # Ok::<(), urlsyntax::urllib::Error>(())
//! ```

use std::borrow::Cow;

use super::Behaviour;

/// `SplitResult(scheme, netloc, path, query, fragment)`, its components
/// held as `C` and its path as `P` (see the aliases).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitResultOf<C, P = C> {
    /// `scheme`, lowercased; `None` without one (nor a default).
    pub scheme: C,
    /// `netloc`: everything between `//` and the next `/`, `?` or `#`;
    /// `None` without `//`.
    pub netloc: C,
    /// `path` (always there, maybe empty).
    pub path: P,
    /// `query`, without `?`; `None` without `?`.
    pub query: C,
    /// `fragment`, without `#`; `None` without `#`.
    pub fragment: C,
    /// The profile and quirks whose rules `hostname`, `port` and `geturl`
    /// follow: those of the context that read it.
    #[cfg_attr(feature = "serde", serde(rename = "profile"))]
    pub behaviour: Behaviour,
}

impl<T: ?Sized + ToOwned> SplitResultOf<Cow<'_, T>> {
    /// The five fields in order, text or bytes.
    ///
    /// ```
    /// let r = urlsyntax::urllib::bytes::urlsplit(b"http://h/p?q", b"", true)?;
    /// assert_eq!(r.parts(), [&b"http"[..], b"h", b"/p", b"q", b""]);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parts(&self) -> [&T; 5] {
        [
            &self.scheme,
            &self.netloc,
            &self.path,
            &self.query,
            &self.fragment,
        ]
    }
}

impl<T: ?Sized + ToOwned> SplitResultOf<Option<Cow<'_, T>>, Cow<'_, T>> {
    /// The five fields in order, each `None` the URL does not have.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urlsplit_missing_as_none("//h/p?", None, true)?;
    /// assert_eq!(r.parts(), [None, Some("h"), Some("/p"), Some(""), None]);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parts(&self) -> [Option<&T>; 5] {
        [
            self.scheme.as_deref(),
            self.netloc.as_deref(),
            Some(&self.path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ]
    }
}

impl<C, P> SplitResultOf<C, P> {
    /// The `ParseResult` of this split, its path cut into `path` and
    /// `params` (`urlparse` is `urlsplit` and `_splitparams`).
    pub(crate) fn with_params(self, path: P, params: C) -> ParseResultOf<C, P> {
        ParseResultOf {
            scheme: self.scheme,
            netloc: self.netloc,
            path,
            params,
            query: self.query,
            fragment: self.fragment,
            behaviour: self.behaviour,
        }
    }
}

/// `ParseResult(scheme, netloc, path, params, query, fragment)`, its
/// components held as `C` and its path as `P` (see the aliases).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseResultOf<C, P = C> {
    /// `scheme`, lowercased; `None` without one (nor a default).
    pub scheme: C,
    /// `netloc`; `None` without `//`.
    pub netloc: C,
    /// `path`, without `;params`.
    pub path: P,
    /// `params` of the last path segment, without `;`; `None` unless a
    /// `uses_params` scheme's last segment has `;`.
    pub params: C,
    /// `query`; `None` without `?`.
    pub query: C,
    /// `fragment`; `None` without `#`.
    pub fragment: C,
    /// The profile and quirks whose rules `hostname`, `port` and `geturl`
    /// follow: those of the context that read it.
    #[cfg_attr(feature = "serde", serde(rename = "profile"))]
    pub behaviour: Behaviour,
}

impl<T: ?Sized + ToOwned> ParseResultOf<Cow<'_, T>> {
    /// The six fields in order, text or bytes.
    ///
    /// ```
    /// let r = urlsyntax::urllib::urlparse("http://h/p;x?q")?;
    /// assert_eq!(r.parts(), ["http", "h", "/p", "x", "q", ""]);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parts(&self) -> [&T; 6] {
        [
            &self.scheme,
            &self.netloc,
            &self.path,
            &self.params,
            &self.query,
            &self.fragment,
        ]
    }
}

impl<T: ?Sized + ToOwned> ParseResultOf<Option<Cow<'_, T>>, Cow<'_, T>> {
    /// The six fields in order, each `None` the URL does not have.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urlparse_missing_as_none("http:p;", None, true)?;
    /// assert_eq!(r.parts(), [Some("http"), None, Some("p"), Some(""), None, None]);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parts(&self) -> [Option<&T>; 6] {
        [
            self.scheme.as_deref(),
            self.netloc.as_deref(),
            Some(&self.path),
            self.params.as_deref(),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ]
    }
}

/// `DefragResult(url, fragment)`, the fragment held as `C` and the URL as
/// `U` (see the aliases).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DefragResultOf<C, U = C> {
    /// The URL without its fragment.
    pub url: U,
    /// The fragment, without `#`; `None` without `#`.
    pub fragment: C,
}

/// `SplitResult(scheme, netloc, path, query, fragment)`.
///
/// [`SplitResultOf`] of text.
pub type SplitResult<'a> = SplitResultOf<Cow<'a, str>>;
/// `SplitResultBytes`: [`SplitResult`] for bytes input.
///
/// [`SplitResultOf`] of bytes.
pub type SplitResultBytes<'a> = SplitResultOf<Cow<'a, [u8]>>;
/// `SplitResult` of `urlsplit(url, missing_as_none=True)`: the fields of
/// [`SplitResult`], each component the URL does not have `None`.
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let r = Urllib::new(Profile::Py3_15_2).urlsplit_missing_as_none("/p?", None, true)?;
/// assert_eq!((r.scheme, r.netloc, r.query.as_deref()), (None, None, Some("")));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type SplitResultOpt<'a> = SplitResultOf<Option<Cow<'a, str>>, Cow<'a, str>>;
/// The bytes twin of [`SplitResultOpt`]: `SplitResultBytes` of
/// `urlsplit(url, missing_as_none=True)` for a bytes URL.
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let r = Urllib::new(Profile::Py3_15_2).urlsplit_missing_as_none_bytes(b"//a", None, true)?;
/// assert_eq!((r.scheme, r.netloc.as_deref()), (None, Some(&b"a"[..])));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type SplitResultOptBytes<'a> = SplitResultOf<Option<Cow<'a, [u8]>>, Cow<'a, [u8]>>;

/// `ParseResult(scheme, netloc, path, params, query, fragment)`.
///
/// [`ParseResultOf`] of text.
pub type ParseResult<'a> = ParseResultOf<Cow<'a, str>>;
/// `ParseResultBytes`: [`ParseResult`] for bytes input.
///
/// [`ParseResultOf`] of bytes.
pub type ParseResultBytes<'a> = ParseResultOf<Cow<'a, [u8]>>;
/// `ParseResult` of `urlparse(url, missing_as_none=True)`: the fields of
/// [`ParseResult`], each component the URL does not have `None`.
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let r = Urllib::new(Profile::Py3_15_2).urlparse_missing_as_none("http://a/p;?q", None, true)?;
/// assert_eq!((r.params.as_deref(), r.fragment.as_deref()), (Some(""), None));
/// assert_eq!(r.geturl(), "http://a/p;?q");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type ParseResultOpt<'a> = ParseResultOf<Option<Cow<'a, str>>, Cow<'a, str>>;
/// The bytes twin of [`ParseResultOpt`].
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let r = Urllib::new(Profile::Py3_15_2).urlparse_missing_as_none_bytes(b"http://a/b;p", None, true)?;
/// assert_eq!((r.params.as_deref(), r.query), (Some(&b"p"[..]), None));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type ParseResultOptBytes<'a> = ParseResultOf<Option<Cow<'a, [u8]>>, Cow<'a, [u8]>>;

/// `DefragResult(url, fragment)`.
///
/// [`DefragResultOf`] of text.
pub type DefragResult<'a> = DefragResultOf<Cow<'a, str>>;
/// `DefragResultBytes`: [`DefragResult`] for bytes input.
///
/// [`DefragResultOf`] of bytes.
pub type DefragResultBytes<'a> = DefragResultOf<Cow<'a, [u8]>>;
/// `DefragResult` of `urldefrag(url, missing_as_none=True)`.
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let ctx = Urllib::new(Profile::Py3_15_2);
/// assert_eq!(ctx.urldefrag_missing_as_none("http://a/b#")?.geturl(), "http://a/b#");
/// assert_eq!(ctx.urldefrag_missing_as_none("http://a/b")?.fragment, None);
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type DefragResultOpt<'a> = DefragResultOf<Option<Cow<'a, str>>, Cow<'a, str>>;
/// The bytes twin of [`DefragResultOpt`].
///
/// ```
/// use urlsyntax::urllib::{Profile, Urllib};
/// let r = Urllib::new(Profile::Py3_15_2).urldefrag_missing_as_none_bytes(b"a")?;
/// assert_eq!((&*r.url, r.fragment), (&b"a"[..], None));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub type DefragResultOptBytes<'a> = DefragResultOf<Option<Cow<'a, [u8]>>, Cow<'a, [u8]>>;

//! `_urlsplit` and `_urlunsplit` of CPython 3.14+: the components of a URL
//! with each one it does not have `None`, and their reassembly, which
//! keeps an empty component (`http://a/b?` is not `http://a/b`). They
//! serve 3.15's `missing_as_none` and `keep_empty`, and 3.14's `urljoin`
//! and `urldefrag` (gh-76960).

use std::borrow::Cow;

use super::split::{clean_default_scheme, clean_url, plain_cuts, split_params};
use super::unsplit::{unsplit_components, PathText};
use super::{DefragResultOpt, Error, ParseResultOpt, SplitResult, SplitResultOpt, Urllib};

/// The `TypeError` of a keyword this profile's function does not take.
#[cold]
fn unexpected_keyword(function: &str, keyword: &str) -> Error {
    Error::Type {
        message: format!("{function}() got an unexpected keyword argument '{keyword}'"),
    }
}

impl Urllib {
    /// `Ok` when this profile's `function` takes 3.15's `keyword`
    /// (`missing_as_none` or `keep_empty`), else its `TypeError`.
    fn takes_3_15_keyword(&self, function: &str, keyword: &str) -> Result<(), Error> {
        match self.quirks().missing_as_none {
            true => Ok(()),
            false => Err(unexpected_keyword(function, keyword)),
        }
    }
}

/// Which delimiters a split URL had: read off the cleaned text and the
/// lengths of the parts `urlsplit` cut from it (`[scheme ":"] ["//"
/// netloc] path ["?" query] ["#" fragment]`, each cut at the first
/// delimiter of its kind).
struct Present {
    scheme: bool,
    netloc: bool,
    query: bool,
    fragment: bool,
}

impl Present {
    fn of(clean: &str, parts: &SplitResult<'_>, had_scheme: bool) -> Present {
        let rest = |at: usize| clean.get(at..).unwrap_or("");
        let mut at = if had_scheme {
            parts.scheme.len() + 1
        } else {
            0
        };
        let netloc = rest(at).starts_with("//");
        if netloc {
            at += 2 + parts.netloc.len();
        }
        at += parts.path.len();
        let query = rest(at).starts_with('?');
        if query {
            at += 1 + parts.query.len();
        }
        let fragment = rest(at).starts_with('#');
        Present {
            scheme: had_scheme,
            netloc,
            query,
            fragment,
        }
    }
}

/// `Some(part)` where the URL had it.
fn kept<'a>(present: bool, part: Cow<'a, str>) -> Option<Cow<'a, str>> {
    present.then_some(part)
}

impl Urllib {
    /// CPython 3.14+'s `_urlsplit(url, scheme, allow_fragments)`, under
    /// this context's profile whatever its release.
    pub(crate) fn split_components<'a>(
        &self,
        url: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<SplitResultOpt<'a>, Error> {
        let rules = self.split_rules();
        if let Some((clean, cuts)) = plain_cuts(url, allow_fragments, rules) {
            // The named fast path: the one pass's cuts say which parts
            // there are (`components_match_their_reference` holds it to
            // the path below).
            let [own_scheme, netloc, path, query, fragment] = cuts.parts(clean);
            let scheme = match (cuts.scheme != 0, scheme) {
                (true, _) => Some(Cow::Borrowed(own_scheme)),
                (false, None) => None,
                (false, Some(s)) => Some(clean_default_scheme(s, rules)),
            };
            return Ok(SplitResultOpt {
                scheme,
                netloc: cuts.has_netloc().then_some(Cow::Borrowed(netloc)),
                path: Cow::Borrowed(path),
                query: cuts.has_query().then_some(Cow::Borrowed(query)),
                fragment: cuts
                    .has_fragment(clean.len())
                    .then_some(Cow::Borrowed(fragment)),
                behaviour: rules.behaviour,
            });
        }
        self.split_components_by_parts(url, scheme, allow_fragments)
    }

    /// [`Urllib::split_components`] read off `urlsplit`'s parts: the
    /// reference its fast path is held to.
    fn split_components_by_parts<'a>(
        &self,
        url: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<SplitResultOpt<'a>, Error> {
        match clean_url(url, self.split_rules()) {
            Cow::Borrowed(clean) => self.components_of_clean(clean, scheme, allow_fragments),
            Cow::Owned(clean) => self
                .components_of_clean(&clean, scheme, allow_fragments)
                .map(SplitResultOpt::into_owned),
        }
    }

    /// [`Urllib::split_components`] of a URL CPython has already cleaned.
    fn components_of_clean<'a>(
        &self,
        clean: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<SplitResultOpt<'a>, Error> {
        // Split with no default scheme: a scheme in the result is the URL's.
        let parts = self.urlsplit(clean, "", allow_fragments)?;
        let present = Present::of(clean, &parts, !parts.scheme.is_empty());
        let SplitResult {
            scheme: own_scheme,
            netloc,
            path,
            query,
            fragment,
            behaviour,
        } = parts;
        let scheme = match (present.scheme, scheme) {
            (true, _) => Some(own_scheme),
            (false, None) => None,
            (false, Some(s)) => Some(clean_default_scheme(s, self.split_rules())),
        };
        Ok(SplitResultOpt {
            scheme,
            netloc: kept(present.netloc, netloc),
            path,
            query: kept(present.query, query),
            fragment: kept(present.fragment, fragment),
            behaviour,
        })
    }

    /// `urlsplit(url, scheme, allow_fragments, missing_as_none=True)` (CPython
    /// 3.15+): each component the URL does not have is `None`, and the
    /// result reassembles as it was read ([`SplitResultOpt::geturl`]).
    /// `scheme` is the default scheme (`None`, 3.15's default, leaves a
    /// URL without one with none). Under a profile before 3.15, the
    /// `TypeError` of an unknown keyword.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urlsplit_missing_as_none("http://a/b?", None, true)?;
    /// assert_eq!((r.query.as_deref(), r.fragment.as_deref()), (Some(""), None));
    /// assert_eq!(r.geturl(), "http://a/b?");
    /// assert_eq!(ctx.urlsplit_missing_as_none("//a", None, true)?.scheme, None);
    /// assert!(Urllib::new(Profile::Py3_14_10).urlsplit_missing_as_none("a", None, true).is_err());
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlsplit_missing_as_none<'a>(
        &self,
        url: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<SplitResultOpt<'a>, Error> {
        self.takes_3_15_keyword("urlsplit", "missing_as_none")?;
        self.split_components(url, scheme, allow_fragments)
    }

    /// `urlparse(url, scheme, allow_fragments, missing_as_none=True)`
    /// (CPython 3.15+): as [`Urllib::urlsplit_missing_as_none`], with the
    /// params of the last path segment split off for `uses_params`
    /// schemes (`None` when the path has no `;`).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urlparse_missing_as_none("http://a/b;?q", None, true)?;
    /// assert_eq!((r.params.as_deref(), r.query.as_deref()), (Some(""), Some("q")));
    /// assert_eq!(ctx.urlparse_missing_as_none("http://a/b", None, true)?.params, None);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlparse_missing_as_none<'a>(
        &self,
        url: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<ParseResultOpt<'a>, Error> {
        self.takes_3_15_keyword("urlparse", "missing_as_none")?;
        let mut s = self.split_components(url, scheme, allow_fragments)?;
        let scheme = s.scheme.as_deref().unwrap_or("");
        let (path, params) = split_params(std::mem::take(&mut s.path), scheme, self.classes());
        Ok(s.with_params(path, params))
    }

    /// `urldefrag(url, missing_as_none=True)` (CPython 3.15+): the URL
    /// without its fragment (reassembled as it was read), and the fragment,
    /// `None` when the URL has no `#`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urldefrag_missing_as_none("http://a/b?#")?;
    /// assert_eq!((&*r.url, r.fragment.as_deref()), ("http://a/b?", Some("")));
    /// assert_eq!(ctx.urldefrag_missing_as_none("http://a/b")?.fragment, None);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urldefrag_missing_as_none<'a>(
        &self,
        url: &'a str,
    ) -> Result<DefragResultOpt<'a>, Error> {
        self.takes_3_15_keyword("urldefrag", "missing_as_none")?;
        self.defrag_components(url)
    }

    /// CPython 3.14+'s `urldefrag` before `missing_as_none` turns an
    /// absent fragment into `''`.
    pub(crate) fn defrag_components<'a>(&self, url: &'a str) -> Result<DefragResultOpt<'a>, Error> {
        if !url.contains('#') {
            return Ok(DefragResultOpt {
                url: Cow::Borrowed(url),
                fragment: None,
            });
        }
        let s = self.split_components(url, None, true)?;
        let url = unsplit_components(
            s.scheme.as_deref(),
            s.netloc.as_deref(),
            PathText::Whole(&s.path),
            s.query.as_deref(),
            None,
        );
        Ok(DefragResultOpt {
            url: Cow::Owned(url),
            fragment: s.fragment,
        })
    }

    /// `urlunsplit(components, keep_empty=True)` (CPython 3.15+): every
    /// component that is `Some` is written, even empty (`Some("")` keeps
    /// its delimiter); `None` is left out. The path must be text (`None`
    /// there is CPython's `TypeError`), and so must the profile be 3.15 or
    /// later (before, the `TypeError` of an unknown keyword).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let url = ctx.urlunsplit_keep_empty([Some("http"), Some(""), Some("/p"), Some(""), None])?;
    /// assert_eq!(url, "http:///p?");
    /// assert_eq!(ctx.urlunsplit_keep_empty([None, None, Some("//a"), None, None])?, "////a");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunsplit_keep_empty(
        &self,
        [scheme, netloc, path, query, fragment]: [Option<&str>; 5],
    ) -> Result<String, Error> {
        self.takes_3_15_keyword("urlunsplit", "keep_empty")?;
        let path = path.ok_or_else(not_subscriptable)?;
        Ok(unsplit_components(
            scheme,
            netloc,
            PathText::Whole(path),
            query,
            fragment,
        ))
    }

    /// `urlunparse(components, keep_empty=True)` (CPython 3.15+): as
    /// [`Urllib::urlunsplit_keep_empty`], with `;params` after the path
    /// when the params are `Some`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let url = ctx.urlunparse_keep_empty([Some("http"), Some("a"), Some("/p"), Some(""), None, None])?;
    /// assert_eq!(url, "http://a/p;");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunparse_keep_empty(
        &self,
        [scheme, netloc, path, params, query, fragment]: [Option<&str>; 6],
    ) -> Result<String, Error> {
        self.takes_3_15_keyword("urlunparse", "keep_empty")?;
        let joined;
        let path = match (path, params) {
            // `"%s;%s" % (url, params)` prints a path of `None` as `None`.
            (path, Some(params)) => {
                joined = format!("{};{params}", path.unwrap_or("None"));
                joined.as_str()
            }
            (path, None) => path.ok_or_else(not_subscriptable)?,
        };
        Ok(unsplit_components(
            scheme,
            netloc,
            PathText::Whole(path),
            query,
            fragment,
        ))
    }
}

/// `None[:2]`, which `_urlunsplit` tries on a path of `None`.
fn not_subscriptable() -> Error {
    Error::Type {
        message: "'NoneType' object is not subscriptable".into(),
    }
}

#[cfg(test)]
mod tests;

//! `urlunsplit` and `urlunparse`, as methods of [`Urllib`], and
//! `_urlunsplit` of 3.14+, which `urljoin`, `urldefrag` and 3.15's
//! `keep_empty` write with.

use super::{SchemeClass, UnsplitRule, Urllib};

/// A path for [`Urllib::unsplit`]: given whole, or as the segments
/// `urljoin` resolved, joined with `/` (`"/"` when that is empty).
#[derive(Clone, Copy)]
pub(crate) enum PathText<'p> {
    Whole(&'p str),
    Joined(&'p [&'p str]),
}

impl PathText<'_> {
    /// The joined segments are empty, and so stand for `"/"`.
    fn joins_to_nothing(segments: &[&str]) -> bool {
        segments.len() <= 1 && segments.iter().all(|s| s.is_empty())
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            PathText::Whole(p) => p.len(),
            PathText::Joined(s) if Self::joins_to_nothing(s) => 1,
            PathText::Joined(s) => s.iter().map(|s| s.len()).sum::<usize>() + s.len() - 1,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        match self {
            PathText::Whole(p) => p.is_empty(),
            PathText::Joined(_) => false,
        }
    }

    pub(crate) fn starts_with_slash(&self) -> bool {
        match self {
            PathText::Whole(p) => p.starts_with('/'),
            PathText::Joined(s) => Self::joins_to_nothing(s) || (s.len() >= 2 && s[0].is_empty()),
        }
    }

    pub(crate) fn starts_with_two_slashes(&self) -> bool {
        match self {
            PathText::Whole(p) => p.starts_with("//"),
            PathText::Joined(s) => s.len() >= 3 && s[0].is_empty() && s[1].is_empty(),
        }
    }

    pub(crate) fn write(&self, out: &mut String) {
        match self {
            PathText::Whole(p) => out.push_str(p),
            PathText::Joined(s) if Self::joins_to_nothing(s) => out.push('/'),
            PathText::Joined(s) => {
                for (i, seg) in s.iter().enumerate() {
                    if i > 0 {
                        out.push('/');
                    }
                    out.push_str(seg);
                }
            }
        }
    }
}

/// CPython 3.14+'s `_urlunsplit(scheme, netloc, url, query, fragment)`:
/// `//` exactly when there is a netloc (even empty) or the path starts
/// with `//`; `?` and `#` exactly when there is a query or fragment.
pub(crate) fn unsplit_components(
    scheme: Option<&str>,
    netloc: Option<&str>,
    path: PathText<'_>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    // Written once, at its size: `scheme:`, `//netloc/`, the path, `?query`, `#fragment`.
    let size = scheme.map_or(0, |s| s.len() + 1)
        + netloc.map_or(0, |n| n.len() + 3)
        + path.len()
        + query.map_or(0, |q| q.len() + 1)
        + fragment.map_or(0, |f| f.len() + 1)
        + 2;
    let mut out = String::with_capacity(size);
    if let Some(scheme) = scheme.filter(|s| !s.is_empty()) {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(netloc) = netloc {
        out.push_str("//");
        out.push_str(netloc);
        if !path.is_empty() && !path.starts_with_slash() {
            out.push('/');
        }
    } else if path.starts_with_two_slashes() {
        out.push_str("//");
    }
    path.write(&mut out);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

impl Urllib {
    /// `urlunsplit((scheme, netloc, path, query, fragment))`.
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let url = Urllib::default().urlunsplit(["http", "a", "/b", "", "f"]);
    /// assert_eq!(url, "http://a/b#f");
    /// ```
    pub fn urlunsplit(&self, [scheme, netloc, path, query, fragment]: [&str; 5]) -> String {
        self.unsplit(scheme, netloc, PathText::Whole(path), "", query, fragment)
    }

    /// `urlunparse((scheme, netloc, path, params, query, fragment))`.
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let url = Urllib::default().urlunparse(["http", "a", "/b", "p", "q", ""]);
    /// assert_eq!(url, "http://a/b;p?q");
    /// ```
    pub fn urlunparse(&self, [scheme, netloc, path, params, query, fragment]: [&str; 6]) -> String {
        self.unsplit(
            scheme,
            netloc,
            PathText::Whole(path),
            params,
            query,
            fragment,
        )
    }

    /// `urlunsplit` of `path;params` (`path` alone without params),
    /// written once, at its size.
    pub(crate) fn unsplit(
        &self,
        scheme: &str,
        netloc: &str,
        path: PathText<'_>,
        params: &str,
        query: &str,
        fragment: &str,
    ) -> String {
        // `path;params` starts with `/` or `//` exactly when `path` does
        // (when `path` is empty, `;` comes first).
        let path_is_empty = path.is_empty() && params.is_empty();
        let mut out = String::with_capacity(
            scheme.len()
                + netloc.len()
                + path.len()
                + params.len()
                + query.len()
                + fragment.len()
                + 7,
        );
        if !scheme.is_empty() {
            out.push_str(scheme);
            out.push(':');
        }
        let netloc_scheme =
            || !scheme.is_empty() && self.classes().contains(SchemeClass::UsesNetloc, scheme);
        let slashes = match self.quirks().unsplit {
            UnsplitRule::Legacy => {
                !netloc.is_empty() || (netloc_scheme() && !path.starts_with_two_slashes())
            }
            UnsplitRule::PreserveEmptyAuthority => {
                // 3.14+ looks at the path before `;params` is added.
                let empty = match self.quirks().unparse_checks_path_before_params {
                    true => path.is_empty(),
                    false => path_is_empty,
                };
                !netloc.is_empty()
                    || path.starts_with_two_slashes()
                    || (netloc_scheme() && (empty || path.starts_with_slash()))
            }
            UnsplitRule::EmptyAuthorityBeforeDoubleSlash => {
                !netloc.is_empty() || netloc_scheme() || path.starts_with_two_slashes()
            }
        };
        if slashes {
            out.push_str("//");
            out.push_str(netloc);
            // The 3.13 rule for a `//` path adds no '/': it starts with one.
            if !path_is_empty && !path.starts_with_slash() {
                out.push('/');
            }
        }
        path.write(&mut out);
        if !params.is_empty() {
            out.push(';');
            out.push_str(params);
        }
        if !query.is_empty() {
            out.push('?');
            out.push_str(query);
        }
        if !fragment.is_empty() {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

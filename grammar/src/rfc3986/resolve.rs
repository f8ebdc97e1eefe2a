//! Reference resolution ([RFC 3986 §5.2](https://www.rfc-editor.org/rfc/rfc3986#section-5.2)):
//! the transform of §5.2.2, merging (§5.2.3), `remove_dot_segments`
//! (§5.2.4) and recomposition (§5.3).

use std::fmt;

use super::UriRef;

/// Why a reference could not be resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolveError {
    /// The base is a relative reference: §5.1 requires a base URI, which
    /// has a scheme.
    BaseNotAbsolute,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute => {
                f.write_str("the base of a resolution must be a URI, with a scheme (RFC 3986 §5.1)")
            }
        }
    }
}

impl std::error::Error for ResolveError {}

impl UriRef<'_> {
    /// This reference resolved against `base` by the strict algorithm of
    /// [§5.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2) and
    /// recomposed as [§5.3](https://www.rfc-editor.org/rfc/rfc3986#section-5.3)
    /// says (a path starting with `//` without an authority gets `/.`
    /// before it, so that the result reads back as it was built). The
    /// base's fragment is not used (§5.1).
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// for (r, t) in [("g", "http://a/b/c/g"), ("../..", "http://a/"), ("", "http://a/b/c/d;p?q")] {
    ///     assert_eq!(UriRef::parse(r)?.resolve(&base)?, t);
    /// }
    /// assert!(UriRef::parse("g")?.resolve(&UriRef::parse("/b")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, base: &UriRef<'_>) -> Result<String, ResolveError> {
        let base_scheme = base.scheme.ok_or(ResolveError::BaseNotAbsolute)?;
        let r = self;
        let (scheme, authority, path, query);
        if let Some(s) = r.scheme {
            scheme = s;
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            scheme = base_scheme;
            if r.authority.is_some() {
                authority = r.authority;
                path = remove_dot_segments(r.path);
                query = r.query;
            } else {
                authority = base.authority;
                if r.path.is_empty() {
                    path = base.path.to_string();
                    query = r.query.or(base.query);
                } else {
                    path = if r.path.starts_with('/') {
                        remove_dot_segments(r.path)
                    } else {
                        remove_dot_segments(&merge(base, r.path))
                    };
                    query = r.query;
                }
            }
        }
        Ok(recompose(
            Some(scheme),
            authority.map(|a| a.as_str()),
            &path,
            query,
            r.fragment,
        ))
    }
}

/// §5.2.3: the reference's path appended to the base path's directory
/// (or to `/` when the base has an authority and an empty path).
fn merge(base: &UriRef<'_>, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{path}", &base.path[..=i]),
        None => path.to_string(),
    }
}

/// `remove_dot_segments` ([§5.2.4](https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4)):
/// the `.` and `..` segments of `path` interpreted and removed, by the
/// RFC's input-buffer algorithm.
///
/// ```
/// use urlsyntax_grammar::rfc3986::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        // A: a leading "../" or "./" is dropped.
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        // B: a leading "/./" or a whole "/." becomes "/".
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        // C: a leading "/../" or a whole "/.." becomes "/", and the last
        // segment of the output goes.
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        // D: a whole "." or "..".
        } else if input == "." || input == ".." {
            input = "";
        // E: the first segment (with its leading "/") moves to the output.
        } else {
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| i + from);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Component recomposition ([§5.3](https://www.rfc-editor.org/rfc/rfc3986#section-5.3)),
/// with one guard the RFC lacks: a path starting with `//` and no
/// authority is written `/.//...`, as otherwise the result would read
/// back with an authority (`a:` and `//` from resolving `..//` against
/// `a:/b/c`).
pub(super) fn recompose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut out = String::new();
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    } else if path.starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

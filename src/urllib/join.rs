//! `urljoin`: RFC 3986 reference resolution as CPython does it.

use std::borrow::Cow;

use super::{Error, SchemeClass, Urllib};

/// CPython's dot-segment removal over `segments`, joined with `/`.
fn resolve_segments(segments: &[&str]) -> String {
    let mut resolved: Vec<&str> = Vec::with_capacity(segments.len());
    for &seg in segments {
        match seg {
            // A `..` above the root is dropped, as RFC 3986 says.
            ".." => {
                resolved.pop();
            }
            "." => {}
            _ => resolved.push(seg),
        }
    }
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        resolved.push("");
    }
    let joined = resolved.join("/");
    if joined.is_empty() {
        "/".to_string()
    } else {
        joined
    }
}

impl Urllib {
    /// `urljoin(base, url, allow_fragments=True)`: `url` resolved against
    /// `base`.
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let u = Urllib::default();
    /// assert_eq!(u.urljoin("http://a/b/c/d;p?q", "../g", true).unwrap(), "http://a/b/g");
    /// assert_eq!(u.urljoin("http://a/b/c", "//x/y", true).unwrap(), "http://x/y");
    /// ```
    pub fn urljoin<'a>(
        &self,
        base: &'a str,
        url: &'a str,
        allow_fragments: bool,
    ) -> Result<Cow<'a, str>, Error> {
        if base.is_empty() {
            return Ok(Cow::Borrowed(url));
        }
        if url.is_empty() {
            return Ok(Cow::Borrowed(base));
        }
        let b = self.urlparse(base, "", allow_fragments)?;
        let r = self.urlparse(url, &b.scheme, allow_fragments)?;
        let scheme: &str = &r.scheme;
        if scheme != b.scheme || !self.classes().contains(SchemeClass::UsesRelative, scheme) {
            return Ok(Cow::Borrowed(url));
        }
        let mut netloc: &str = &r.netloc;
        if self.classes().contains(SchemeClass::UsesNetloc, scheme) {
            if !netloc.is_empty() {
                return Ok(Cow::Owned(self.urlunparse(r.parts())));
            }
            netloc = &b.netloc;
        }
        if r.path.is_empty() && r.params.is_empty() {
            let query: &str = if r.query.is_empty() {
                &b.query
            } else {
                &r.query
            };
            return Ok(Cow::Owned(self.urlunparse([
                scheme,
                netloc,
                &b.path,
                &b.params,
                query,
                &r.fragment,
            ])));
        }

        let path: &str = &r.path;
        let resolved = if path.starts_with('/') {
            let segments: Vec<&str> = path.split('/').collect();
            resolve_segments(&segments)
        } else {
            let mut segments: Vec<&str> = b.path.split('/').collect();
            // The last base segment is not a directory: it does not count.
            if segments.last() != Some(&"") {
                segments.pop();
            }
            segments.extend(path.split('/'));
            // Empty inner segments would give redundant slashes.
            let n = segments.len();
            if n > 2 {
                let last = segments[n - 1];
                let mut kept: Vec<&str> = Vec::with_capacity(n);
                kept.push(segments[0]);
                kept.extend(segments[1..n - 1].iter().filter(|s| !s.is_empty()));
                kept.push(last);
                segments = kept;
            }
            resolve_segments(&segments)
        };
        Ok(Cow::Owned(self.urlunparse([
            scheme,
            netloc,
            &resolved,
            &r.params,
            &r.query,
            &r.fragment,
        ])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_examples() {
        let u = Urllib::default();
        let base = "http://a/b/c/d;p?q";
        for (rel, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            (";x", "http://a/b/c/;x"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../..", "http://a/"),
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("g/../h", "http://a/b/c/h"),
        ] {
            assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{rel}");
        }
    }
}

//! `urljoin`: RFC 3986 reference resolution as CPython does it.

use std::borrow::Cow;

use super::{Error, SchemeClass, Urllib};

/// `s.split('/')` as a plain byte loop (`str::split` looks each piece up
/// with a `memchr` call, slow on short segments).
fn split_slash(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == b'/') {
            Some(i) => {
                rest = Some(&r[i + 1..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// CPython's dot-segment removal over `segments`, joined with `/` (`"/"`
/// when that is empty). The stack of kept segments is built in place over
/// `segments` (it never outgrows the segments read so far), and the
/// answer is written once, at its size.
fn resolve_segments(mut segments: Vec<&str>) -> String {
    let ends_with_dot = matches!(segments.last(), Some(&".") | Some(&".."));
    let mut kept: usize = 0;
    for i in 0..segments.len() {
        match segments[i] {
            // A `..` above the root is dropped, as RFC 3986 says.
            ".." => kept = kept.saturating_sub(1),
            "." => {}
            seg => {
                segments[kept] = seg;
                kept += 1;
            }
        }
    }
    segments.truncate(kept);
    if ends_with_dot {
        segments.push("");
    }
    let len = segments.iter().map(|s| s.len() + 1).sum::<usize>();
    let mut joined = String::with_capacity(len.max(1));
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            joined.push('/');
        }
        joined.push_str(seg);
    }
    if joined.is_empty() {
        joined.push('/');
    }
    joined
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
            resolve_segments(split_slash(path).collect())
        } else {
            let base_path: &str = &b.path;
            let mut segments: Vec<&str> = Vec::with_capacity(16);
            segments.extend(split_slash(base_path));
            // The last base segment is not a directory: it does not count.
            if segments.last() != Some(&"") {
                segments.pop();
            }
            segments.extend(split_slash(path));
            // Empty inner segments would give redundant slashes.
            let n = segments.len();
            if n > 2 {
                let last = segments[n - 1];
                let mut w = 1;
                for i in 1..n - 1 {
                    if !segments[i].is_empty() {
                        segments[w] = segments[i];
                        w += 1;
                    }
                }
                segments[w] = last;
                segments.truncate(w + 1);
            }
            resolve_segments(segments)
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
    fn split_slash_is_split() {
        for s in ["", "/", "//", "a", "/a/b/", "a//b", "é/ü/"] {
            assert_eq!(
                split_slash(s).collect::<Vec<_>>(),
                s.split('/').collect::<Vec<_>>()
            );
        }
    }

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
            ("g;x=1/../y", "http://a/b/c/y"),
            ("../../../../g", "http://a/g"),
            ("g/./h/.", "http://a/b/c/g/h/"),
            ("a//b/../c", "http://a/b/c/a/c"),
        ] {
            assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{rel}");
        }
        for (base, rel, want) in [
            ("http://a", "b", "http://a/b"),
            ("http://a/", "b", "http://a/b"),
            ("http://a/x/", "./b/..", "http://a/x/"),
            ("http:x", "y", "http:y"),
            ("http:", "y/z", "http:///y/z"),
        ] {
            assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{base} {rel}");
        }
    }
}

//! `urljoin`: RFC 3986 reference resolution as CPython does it.

use std::borrow::Cow;

use super::unsplit::{unsplit_components, PathText};
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

/// The segments kept while resolving a path: on the stack up to 16 (most
/// paths), on the heap beyond.
struct Kept<'s> {
    inline: [&'s str; 16],
    len: usize,
    spilled: Vec<&'s str>,
}

impl<'s> Kept<'s> {
    fn new() -> Self {
        Kept {
            inline: [""; 16],
            len: 0,
            spilled: Vec::new(),
        }
    }

    #[inline(always)]
    fn push(&mut self, seg: &'s str) {
        if !self.spilled.is_empty() {
            self.spilled.truncate(self.len);
            self.spilled.push(seg);
        } else if self.len < self.inline.len() {
            self.inline[self.len] = seg;
        } else {
            self.spilled.extend_from_slice(&self.inline);
            self.spilled.push(seg);
        }
        self.len += 1;
    }

    /// Drops the last segment; a `..` above the root is dropped, as RFC
    /// 3986 says (Python's `pop()` on an empty list, caught).
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    #[inline(always)]
    fn as_slice(&self) -> &[&'s str] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled[..self.len]
        }
    }
}

impl<'s> Kept<'s> {
    /// CPython's dot-segment removal, one segment: `..` drops the last
    /// kept segment, `.` nothing, anything else is kept.
    #[inline(always)]
    fn resolve(&mut self, seg: &'s str) {
        match seg {
            ".." => self.pop(),
            "." => {}
            seg => self.push(seg),
        }
    }

    /// A path ending in `.` or `..` keeps a final empty segment
    /// (`segments[-1] in ('.', '..')`: the last segment is the path's).
    #[inline(always)]
    fn end(&mut self, path: &str) {
        if matches!(path, "." | "..") || path.ends_with("/.") || path.ends_with("/..") {
            self.push("");
        }
    }
}

/// `bpath.split('/')` without its last segment unless that is empty: the
/// base's directory, as `urljoin` takes it (`None`: no segment at all).
fn base_directory(base_path: &str) -> Option<&str> {
    match base_path.bytes().rposition(|b| b == b'/') {
        Some(i) if i + 1 < base_path.len() => Some(&base_path[..i]),
        Some(_) => Some(base_path),
        None if base_path.is_empty() => Some(""),
        None => None,
    }
}

/// CPython's dot-segment removal of a reference's `path` against the
/// base's: the segments to join with `/`, into `kept` (empty). Inlined
/// into each caller with `kept` on its stack: returned, it would be
/// copied whole (16 segments and more).
#[inline(always)]
fn resolve<'s>(kept: &mut Kept<'s>, base_path: &'s str, path: &'s str) {
    if path.starts_with('/') {
        for seg in split_slash(path) {
            kept.resolve(seg);
        }
    } else {
        // `segments = base_parts + path.split('/')`, then
        // `segments[1:-1] = filter(None, segments[1:-1])`: empty inner
        // segments would give redundant slashes. The first segment is
        // kept whatever it is, and so is the last, the path's.
        let mut first = true;
        if let Some(mut rest) = base_directory(base_path) {
            // None of these is the last segment.
            loop {
                let (seg, more) = match rest.bytes().position(|b| b == b'/') {
                    Some(i) => (&rest[..i], Some(&rest[i + 1..])),
                    None => (rest, None),
                };
                if first || !seg.is_empty() {
                    kept.resolve(seg);
                }
                first = false;
                match more {
                    Some(more) => rest = more,
                    None => break,
                }
            }
        }
        let mut rest = path;
        while let Some(i) = rest.bytes().position(|b| b == b'/') {
            let seg = &rest[..i];
            if first || !seg.is_empty() {
                kept.resolve(seg);
            }
            first = false;
            rest = &rest[i + 1..];
        }
        kept.resolve(rest);
    }
    kept.end(path);
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
        if self.quirks().join_keeps_empty_components {
            return self.join_components(base, url, allow_fragments);
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
        let mut kept = Kept::new();
        resolve(&mut kept, &b.path, path);
        Ok(Cow::Owned(self.unsplit(
            scheme,
            netloc,
            PathText::Joined(kept.as_slice()),
            &r.params,
            &r.query,
            &r.fragment,
        )))
    }
}

impl Urllib {
    /// CPython 3.14+'s `urljoin` (gh-76960), on the components with each
    /// absent one `None`: the reference's own empty query or fragment is
    /// kept (`'?'` gives `http://a/b?`), a reference with neither takes
    /// the base's fragment too, params stay in the path, and `//` is
    /// written only where there is a netloc.
    fn join_components<'a>(
        &self,
        base: &'a str,
        url: &'a str,
        allow_fragments: bool,
    ) -> Result<Cow<'a, str>, Error> {
        let b = self.split_components(base, None, allow_fragments)?;
        let r = self.split_components(url, None, allow_fragments)?;
        let scheme = r.scheme.as_deref().or(b.scheme.as_deref());
        let classes = self.classes();
        let in_class = |class, s: &str| classes.contains(class, s);
        if scheme != b.scheme.as_deref()
            || scheme.is_some_and(|s| !s.is_empty() && !in_class(SchemeClass::UsesRelative, s))
        {
            return Ok(Cow::Borrowed(url));
        }
        let mut netloc = r.netloc.as_deref();
        if scheme.is_none_or(|s| s.is_empty() || in_class(SchemeClass::UsesNetloc, s)) {
            if netloc.is_some_and(|n| !n.is_empty()) {
                let path = PathText::Whole(&r.path);
                let (query, fragment) = (r.query.as_deref(), r.fragment.as_deref());
                return Ok(Cow::Owned(unsplit_components(
                    scheme, netloc, path, query, fragment,
                )));
            }
            netloc = b.netloc.as_deref();
        }
        let (mut query, mut fragment) = (r.query.as_deref(), r.fragment.as_deref());
        if r.path.is_empty() {
            if query.is_none() {
                query = b.query.as_deref();
                if fragment.is_none() {
                    fragment = b.fragment.as_deref();
                }
            }
            let path = PathText::Whole(&b.path);
            return Ok(Cow::Owned(unsplit_components(
                scheme, netloc, path, query, fragment,
            )));
        }
        let mut kept = Kept::new();
        resolve(&mut kept, &b.path, &r.path);
        let path = PathText::Joined(kept.as_slice());
        Ok(Cow::Owned(unsplit_components(
            scheme, netloc, path, query, fragment,
        )))
    }
}

#[cfg(test)]
mod tests;

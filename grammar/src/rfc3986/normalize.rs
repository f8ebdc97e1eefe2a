//! Syntax-based normalization ([RFC 3986 §6.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2)):
//! case (§6.2.2.1), percent-encoding (§6.2.2.2) and path segments
//! (§6.2.2.3). The scheme-based steps of §6.2.3 (default ports, an empty
//! path as `/`) depend on the scheme and are not taken.

use super::resolve::{recompose, remove_dot_segments};
use super::UriRef;
use crate::grammar::chars::UNRESERVED;
use crate::percent::{hex_value, HEX_UPPER};

impl UriRef<'_> {
    /// This reference normalized: the scheme and host in lowercase, every
    /// `%XX` of an unreserved character decoded and every other one in
    /// uppercase hex, and, for a URI with an absolute path, the dot
    /// segments removed (after the decoding, so `%2E` counts as `.`).
    /// A path left starting with `//` without an authority gets `/.`
    /// before it, so that it still reads as a path.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// let u = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(u.normalize(), "example://a/b/c/%7Bfoo%7D");
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn normalize(&self) -> String {
        let scheme = self.scheme.map(str::to_ascii_lowercase);
        let authority_text = self.authority.map(|a| {
            let mut text = String::with_capacity(a.as_str().len());
            if let Some(u) = a.userinfo() {
                percent_normalized(u, false, &mut text);
                text.push('@');
            }
            percent_normalized(a.host(), true, &mut text);
            if let Some(p) = a.port() {
                text.push(':');
                text.push_str(p);
            }
            text
        });
        let mut path = String::with_capacity(self.path.len());
        percent_normalized(self.path, false, &mut path);
        if self.scheme.is_some() && path.starts_with('/') {
            path = remove_dot_segments(&path);
        }
        let part = |s: Option<&str>| {
            s.map(|s| {
                let mut out = String::with_capacity(s.len());
                percent_normalized(s, false, &mut out);
                out
            })
        };
        let (query, fragment) = (part(self.query), part(self.fragment));
        recompose(
            scheme.as_deref(),
            authority_text.as_deref(),
            &path,
            query.as_deref(),
            fragment.as_deref(),
        )
    }
}

/// Appends `s` with each `%XX` of an unreserved character decoded and the
/// others in uppercase hex (§6.2.2.2, §6.2.2.1); with `lowercase`, the
/// other characters in ASCII lowercase (a host).
fn percent_normalized(s: &str, lowercase: bool, out: &mut String) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let escape = match (b[i], b.get(i + 1), b.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) => hex_value(h).zip(hex_value(l)),
            _ => None,
        };
        match escape {
            Some((h, l)) => {
                let byte = h << 4 | l;
                if UNRESERVED.contains(byte) {
                    let c = char::from(byte);
                    out.push(if lowercase { c.to_ascii_lowercase() } else { c });
                } else {
                    out.push('%');
                    out.push(char::from(HEX_UPPER[usize::from(h)]));
                    out.push(char::from(HEX_UPPER[usize::from(l)]));
                }
                i += 3;
            }
            None => {
                // The grammar admits ASCII only, so each byte is a character.
                let c = char::from(b[i]);
                out.push(if lowercase { c.to_ascii_lowercase() } else { c });
                i += 1;
            }
        }
    }
}

//! CPython's lenient URL splitting, as nom combinators.
//!
//! CPython does not parse RFC 3986's grammar: it cuts the URL at the first
//! delimiter of each kind, in a fixed order. Each combinator here states
//! the rule it implements in ABNF-like form, beside the RFC 3986 rule it
//! loosens, and returns `(part, rest)`. All cut at ASCII delimiters, so
//! the byte offsets they work on are always character boundaries.

use nom::bytes::complete::{tag, take_till, take_while1};
use nom::character::complete::char as ch;
use nom::combinator::{opt, recognize, verify};
use nom::sequence::terminated;
use nom::{IResult, Parser};

/// `scheme` characters: `ALPHA / DIGIT / "+" / "-" / "."`
/// ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1)),
/// CPython's `scheme_chars`.
pub(crate) fn is_scheme_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
}

/// `lenient-scheme = 1*( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, and with
/// `must_start_with_letter` (CPython 3.11+) `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`,
/// the rule of [RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1).
/// Only the first `:` of the URL is tried.
pub(crate) fn scheme(url: &str, must_start_with_letter: bool) -> Option<(&str, &str)> {
    // CPython: `i = url.find(':')`, then every character before it must
    // be a scheme character; a later `:` is never tried.
    let i = url.find(':')?;
    let r: IResult<&str, &str> = terminated(
        verify(take_while1(is_scheme_char), |s: &str| {
            s.len() == i && (!must_start_with_letter || s.as_bytes()[0].is_ascii_alphabetic())
        }),
        ch(':'),
    )
    .parse(url);
    r.ok().map(|(rest, scheme)| (scheme, rest))
}

/// `lenient-authority = "//" *( %x00-22 / %x24-2E / %x30-3E / %x40-10FFFF )`:
/// everything after `//` up to the first `/`, `?` or `#` (RFC 3986's
/// `"//" authority`, [§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2),
/// without checking what it holds). Returns `("", url)` without `//`.
pub(crate) fn netloc(url: &str) -> (&str, &str) {
    let r: IResult<&str, &str> = recognize(opt((
        tag("//"),
        take_till(|c| matches!(c, '/' | '?' | '#')),
    )))
    .parse(url);
    match r {
        Ok((rest, with_slashes)) if !with_slashes.is_empty() => (&with_slashes[2..], rest),
        _ => ("", url),
    }
}

/// `lenient-fragment = "#" *%x00-10FFFF`: everything after the first `#`
/// ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)
/// without the character check). Returns `(before, fragment)`.
pub(crate) fn fragment(rest: &str) -> (&str, &str) {
    split_at_first(rest, '#')
}

/// `lenient-query = "?" *%x00-10FFFF`: everything after the first `?`
/// ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)
/// without the character check). Returns `(path, query)`.
pub(crate) fn query(rest: &str) -> (&str, &str) {
    split_at_first(rest, '?')
}

fn split_at_first(s: &str, delim: char) -> (&str, &str) {
    let r: IResult<&str, &str> = take_till(|c| c == delim).parse(s);
    match r {
        Ok((tail, head)) if !tail.is_empty() => (head, &tail[1..]),
        _ => (s, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_rules() {
        assert_eq!(scheme("http://x", true), Some(("http", "//x")));
        assert_eq!(scheme("1http:x", true), None);
        assert_eq!(scheme("1http:x", false), Some(("1http", "x")));
        assert_eq!(scheme(":x", false), None);
        assert_eq!(scheme("a b:x", false), None);
        assert_eq!(scheme("ab/c:x", false), None);
    }

    #[test]
    fn netloc_fragment_query() {
        assert_eq!(netloc("//a:1/b?c"), ("a:1", "/b?c"));
        assert_eq!(netloc("//"), ("", ""));
        assert_eq!(netloc("/a"), ("", "/a"));
        assert_eq!(fragment("a#b#c"), ("a", "b#c"));
        assert_eq!(query("a?b?c"), ("a", "b?c"));
        assert_eq!(query("a"), ("a", ""));
    }
}

//! CPython's lenient URL splitting, as nom combinators.
//!
//! CPython does not parse RFC 3986's grammar: it cuts the URL at the first
//! delimiter of each kind, in a fixed order. Each combinator here states
//! the rule it implements in ABNF-like form, beside the RFC 3986 rule it
//! loosens, and returns `(part, rest)`. The rules are kept as data in
//! `grammar/cpython.abnf`, named as the functions here. All cut at ASCII delimiters, so
//! the byte offsets they work on are always character boundaries.

use nom::bytes::complete::tag;
use nom::character::complete::char as ch;
use nom::combinator::{opt, recognize, rest, verify};
use nom::error::{Error as NomError, ErrorKind};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use super::chars::SCHEME_REST;
use crate::scan::find_any;

/// `1*( ALPHA / DIGIT / "+" / "-" / "." )`: `take_while1(is_scheme_char)`
/// as a byte scan (scheme characters are ASCII, so the cut is a character
/// boundary).
fn scheme_chars(s: &str) -> IResult<&str, &str> {
    let n = s.bytes().take_while(|&b| SCHEME_REST.contains(b)).count();
    if n == 0 {
        return Err(nom::Err::Error(NomError::new(s, ErrorKind::TakeWhile1)));
    }
    Ok((&s[n..], &s[..n]))
}

/// The input up to the first of the ASCII bytes `needles` (or all of it):
/// `take_till(|c| needles.contains(c))` as one word-at-a-time scan (the
/// needles are ASCII, so the cut is a character boundary).
fn till<'a, const N: usize>(needles: [u8; N]) -> impl Fn(&'a str) -> IResult<&'a str, &'a str> {
    move |s: &'a str| {
        let i = find_any(s.as_bytes(), needles).unwrap_or(s.len());
        Ok((&s[i..], &s[..i]))
    }
}

/// `scheme = 1*( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, and with
/// `must_start_with_letter` (CPython 3.11+) `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`,
/// the rule of [RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1).
/// Only the first `:` of the URL is tried.
pub fn scheme(url: &str, must_start_with_letter: bool) -> Option<(&str, &str)> {
    // CPython: `i = url.find(':')`, then every character before it must
    // be a scheme character; a later `:` is never tried. `:` is not a
    // scheme character, so the longest run of them from the start ends at
    // that first `:` exactly when every character before it is one: the
    // run followed by `:` is the same test, without scanning for `:`.
    let r: IResult<&str, &str> = terminated(
        verify(scheme_chars, |s: &str| {
            !must_start_with_letter || s.as_bytes()[0].is_ascii_alphabetic()
        }),
        ch(':'),
    )
    .parse(url);
    r.ok().map(|(rest, scheme)| (scheme, rest))
}

/// `netloc = "//" *( %x00-22 / %x24-2E / %x30-3E / %x40-10FFFF )`:
/// everything after `//` up to the first `/`, `?` or `#` (RFC 3986's
/// `"//" authority`, [§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2),
/// without checking what it holds). Returns `("", url)` without `//`.
pub fn netloc(url: &str) -> (&str, &str) {
    let r: IResult<&str, &str> = recognize(opt((tag("//"), till([b'/', b'?', b'#'])))).parse(url);
    match r {
        Ok((rest, with_slashes)) if !with_slashes.is_empty() => (&with_slashes[2..], rest),
        _ => ("", url),
    }
}

/// `fragment = "#" *%x00-10FFFF`: everything after the first `#`
/// ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)
/// without the character check). Returns `(before, fragment)`.
/// [`path_query_fragment`] is what `urlsplit` runs; this is the rule it is
/// tested against.
#[cfg(test)]
pub fn fragment(rest: &str) -> (&str, &str) {
    split_at_first(rest, b'#')
}

/// `query = "?" *%x00-10FFFF`: everything after the first `?`
/// ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)
/// without the character check). Returns `(path, query)`.
pub fn query(rest: &str) -> (&str, &str) {
    split_at_first(rest, b'?')
}

/// `path-query-fragment = *( %x00-22 / %x24-3E / %x40-10FFFF )
/// [ "?" *( %x00-22 / %x24-10FFFF ) ] [ "#" *%x00-10FFFF ]`: RFC 3986's
/// `path-abempty [ "?" query ] [ "#" fragment ]`
/// ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3)) without the
/// character checks, in one left-to-right pass. It answers as
/// `fragment` then [`query`] do (CPython's order: the first `#` ends
/// the path and query; the first `?` before it starts the query). Without
/// `allow_fragments`, `#` is an ordinary character. Returns
/// `(path, query, fragment)`.
pub fn path_query_fragment(s: &str, allow_fragments: bool) -> (&str, &str, &str) {
    if !allow_fragments {
        let (path, query) = query(s);
        return (path, query, "");
    }
    let r: IResult<&str, (&str, Option<&str>, Option<&str>)> = (
        till([b'?', b'#']),
        opt(preceded(ch('?'), till([b'#']))),
        opt(preceded(ch('#'), rest)),
    )
        .parse(s);
    match r {
        Ok((_, (path, query, fragment))) => (path, query.unwrap_or(""), fragment.unwrap_or("")),
        Err(_) => unreachable!("every part is optional or may be empty"),
    }
}

/// `url = [ scheme ":" ] [ "//" netloc ] path [ "?" query ] [ "#" fragment ]`,
/// CPython's `urlsplit` reading of
/// [RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3): the
/// composition of [`scheme`], [`netloc`] and [`path_query_fragment`], for
/// a URL already stripped and rid of tab, CR and LF. Returns the scheme
/// (as written, `""` when none), netloc, path, query and fragment.
///
/// This is the reference reading; `urlsplit` runs a fused one-pass form of
/// it on most URLs, and a property test and a fuzz target hold the two
/// equal.
///
/// ```
/// use urlsyntax::grammar::cpython::url_parts;
/// assert_eq!(
///     url_parts("HTTP://h:80/p?q#f", true, true),
///     ["HTTP", "h:80", "/p", "q", "f"]
/// );
/// assert_eq!(url_parts("1a:b", true, true), ["", "", "1a:b", "", ""]);
/// ```
pub fn url_parts(url: &str, allow_fragments: bool, must_start_with_letter: bool) -> [&str; 5] {
    url_parts_with(url, allow_fragments, must_start_with_letter, |_, _| true)
}

/// [`url_parts`], taking a scheme only when `accept_scheme(scheme, rest)`
/// agrees (CPython up to 3.8 refuses one before nothing but digits).
pub(crate) fn url_parts_with(
    url: &str,
    allow_fragments: bool,
    must_start_with_letter: bool,
    accept_scheme: impl Fn(&str, &str) -> bool,
) -> [&str; 5] {
    let (scheme, rest) = match scheme(url, must_start_with_letter) {
        Some((scheme, rest)) if accept_scheme(scheme, rest) => (scheme, rest),
        _ => ("", url),
    };
    let (netloc, rest) = netloc(rest);
    let (path, query, fragment) = path_query_fragment(rest, allow_fragments);
    [scheme, netloc, path, query, fragment]
}

/// Whether the fused fast path ([`split_fused`]) cuts `url` as the
/// composition ([`url_parts`]) does, with and without looking for `;`
/// (public as `urlsyntax::fuzzing::cpython_fast_path_agrees`).
#[cfg(any(test, feature = "arbitrary"))]
pub(crate) fn fast_path_agrees(
    url: &str,
    allow_fragments: bool,
    must_start_with_letter: bool,
) -> bool {
    let reference = url_parts(url, allow_fragments, must_start_with_letter);
    let has_tab_cr_lf = url.bytes().any(|b| matches!(b, b'\t' | b'\r' | b'\n'));
    let agrees = |cuts: Option<Cuts>| match cuts {
        None => has_tab_cr_lf,
        Some(c) => {
            !has_tab_cr_lf
                && c.parts(url) == reference
                && c.scheme_has_upper == reference[0].bytes().any(|b| b.is_ascii_uppercase())
                && (c.may_have_semicolon || !url.contains(';'))
                && (c.netloc_needs_checks
                    || !reference[1]
                        .bytes()
                        .any(|b| matches!(b, b'[' | b']') || b >= 0x80))
        }
    };
    agrees(split_fused::<false>(
        url,
        allow_fragments,
        must_start_with_letter,
    )) && agrees(split_fused::<true>(
        url,
        allow_fragments,
        must_start_with_letter,
    ))
}

fn split_at_first(s: &str, delim: u8) -> (&str, &str) {
    let r: IResult<&str, &str> = till([delim]).parse(s);
    match r {
        Ok((tail, head)) if !tail.is_empty() => (head, &tail[1..]),
        _ => (s, ""),
    }
}

mod fused;
pub(crate) use fused::{split_fused, Cuts};

#[cfg(test)]
mod tests;

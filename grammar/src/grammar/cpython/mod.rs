//! CPython's lenient URL splitting, as nom parsers.
//!
//! CPython does not parse RFC 3986's grammar: it cuts the URL at the first
//! delimiter of each kind, in a fixed order. Each rule here opens with the
//! ABNF it implements, beside the RFC 3986 rule it loosens; the rules are
//! kept as data in `grammar/cpython.abnf`, named as the functions here
//! (`-` as `_`), and a test holds each to its function. [`url_parts`] is
//! their composition, and the reference the fast path is held to. All cut
//! at ASCII delimiters, so the byte offsets they work on are always
//! character boundaries.

use nom::bytes::complete::tag;
use nom::character::complete::char as ch;
use nom::combinator::{opt, peek, rest, success, verify};
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
fn till<const N: usize>(needles: [u8; N]) -> impl Fn(&str) -> IResult<&str, &str> {
    move |s: &str| {
        let i = find_any(s.as_bytes(), needles).unwrap_or(s.len());
        Ok((&s[i..], &s[..i]))
    }
}

/// `scheme = 1*( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, and with
/// `must_start_with_letter` (CPython 3.11+) `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`:
/// the rule of [RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1)
/// and its `:`. Only the first `:` of the URL is tried. Answers the scheme
/// as written, without the `:`.
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::scheme;
/// assert_eq!(scheme(true)("http://x"), Ok(("//x", "http")));
/// assert!(scheme(true)("1a:x").is_err());
/// assert_eq!(scheme(false)("1a:x"), Ok(("x", "1a")));
/// ```
pub fn scheme(must_start_with_letter: bool) -> impl Fn(&str) -> IResult<&str, &str> {
    // CPython: `i = url.find(':')`, then every character before it must
    // be a scheme character; a later `:` is never tried. `:` is not a
    // scheme character, so the longest run of them from the start ends at
    // that first `:` exactly when every character before it is one: the
    // run followed by `:` is the same test, without scanning for `:`.
    move |url: &str| {
        terminated(
            verify(scheme_chars, |s: &str| {
                !must_start_with_letter || s.as_bytes()[0].is_ascii_alphabetic()
            }),
            ch(':'),
        )
        .parse(url)
    }
}

/// `netloc = "//" *( %x00-22 / %x24-2E / %x30-3E / %x40-10FFFF )`:
/// everything after `//` up to the first `/`, `?` or `#` (RFC 3986's
/// `"//" authority`, [§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2),
/// without checking what it holds). Answers the netloc, without `//`.
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::netloc;
/// assert_eq!(netloc("//u@h:1/p?q"), Ok(("/p?q", "u@h:1")));
/// assert!(netloc("/p").is_err());
/// ```
pub fn netloc(url: &str) -> IResult<&str, &str> {
    preceded(tag("//"), till([b'/', b'?', b'#'])).parse(url)
}

/// `fragment = "#" *%x00-10FFFF`: everything after the `#`
/// ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)
/// without the character check), the first `#` of what follows the
/// netloc when fragments are allowed.
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::fragment;
/// assert_eq!(fragment("#a#b"), Ok(("", "a#b")));
/// ```
pub fn fragment(s: &str) -> IResult<&str, &str> {
    preceded(ch('#'), rest).parse(s)
}

/// `query = "?" *%x00-10FFFF`: everything after the `?`
/// ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)
/// without the character check), the first `?` of what follows the
/// netloc when fragments are not allowed (else [`path_query_fragment`]
/// ends it at `#`).
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::query;
/// assert_eq!(query("?a?b#c"), Ok(("", "a?b#c")));
/// ```
pub fn query(s: &str) -> IResult<&str, &str> {
    preceded(ch('?'), rest).parse(s)
}

/// The path, query and fragment of a URL, each `None` when absent.
type PathQueryFragment<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

/// `path-query-fragment = *( %x00-22 / %x24-3E / %x40-10FFFF )
/// [ "?" *( %x00-22 / %x24-10FFFF ) ] [ fragment ]`: RFC 3986's
/// `path-abempty [ "?" query ] [ "#" fragment ]`
/// ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3)) without the
/// character checks, in one left-to-right pass: the first `#` ends the
/// path and query, the first `?` before it starts the query (CPython
/// cuts the fragment first, then the query). Without `allow_fragments`,
/// `#` is an ordinary character: the path, then [`query`]. Takes all of
/// its input.
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::path_query_fragment;
/// assert_eq!(path_query_fragment(true)("/p?q#f?g"), Ok(("", ("/p", Some("q"), Some("f?g")))));
/// assert_eq!(path_query_fragment(false)("/p#f?q"), Ok(("", ("/p#f", Some("q"), None))));
/// ```
pub fn path_query_fragment(
    allow_fragments: bool,
) -> impl Fn(&str) -> IResult<&str, PathQueryFragment<'_>> {
    move |s: &str| {
        if allow_fragments {
            (
                till([b'?', b'#']),
                opt(preceded(ch('?'), till([b'#']))),
                opt(fragment),
            )
                .parse(s)
        } else {
            (till([b'?']), opt(query), success(None)).parse(s)
        }
    }
}

/// `url-parts = [ scheme ] [ netloc ] path-query-fragment`: CPython's
/// `urlsplit` reading of
/// [RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3)'s
/// `[ scheme ":" ] [ "//" authority ] path [ "?" query ] [ "#" fragment ]`,
/// the composition of [`scheme`], [`netloc`] and [`path_query_fragment`],
/// for a URL already stripped and rid of tab, CR and LF. Takes all of its
/// input, and answers the scheme (as written), netloc, path, query and
/// fragment, `""` for each absent one.
///
/// This is the reference reading; `urlsplit` runs a fused one-pass form of
/// it on most URLs, and a property test and a fuzz target hold the two
/// equal.
///
/// ```
/// use urlsyntax_grammar::grammar::cpython::url_parts;
/// assert_eq!(
///     url_parts(true, true)("HTTP://h:80/p?q#f"),
///     Ok(("", ["HTTP", "h:80", "/p", "q", "f"]))
/// );
/// assert_eq!(url_parts(true, true)("1a:b"), Ok(("", ["", "", "1a:b", "", ""])));
/// ```
pub fn url_parts(
    allow_fragments: bool,
    must_start_with_letter: bool,
) -> impl Fn(&str) -> IResult<&str, [&str; 5]> {
    url_parts_with(allow_fragments, must_start_with_letter, |_, _| true)
}

/// [`url_parts`], taking a scheme only when `accept_scheme(scheme, rest)`
/// agrees (CPython up to 3.8 refuses one before nothing but digits).
pub fn url_parts_with(
    allow_fragments: bool,
    must_start_with_letter: bool,
    accept_scheme: impl Fn(&str, &str) -> bool,
) -> impl Fn(&str) -> IResult<&str, [&str; 5]> {
    move |url: &str| {
        (
            opt(verify(
                (scheme(must_start_with_letter), peek(rest)),
                |&(scheme, rest): &(&str, &str)| accept_scheme(scheme, rest),
            )),
            opt(netloc),
            path_query_fragment(allow_fragments),
        )
            .map(|(scheme, netloc, (path, query, fragment))| {
                [
                    scheme.map_or("", |(scheme, _)| scheme),
                    netloc.unwrap_or(""),
                    path,
                    query.unwrap_or(""),
                    fragment.unwrap_or(""),
                ]
            })
            .parse(url)
    }
}

/// Whether the fused fast path ([`fused::split_fused`]) cuts `url` as the
/// composition ([`url_parts`]) does, with and without looking for `;`
/// (the fuzz targets' and the property tests' hook).
///
/// ```
/// assert!(urlsyntax_grammar::grammar::cpython::fast_path_agrees("HTTP://a/b?c#d", true, true));
/// ```
pub fn fast_path_agrees(url: &str, allow_fragments: bool, must_start_with_letter: bool) -> bool {
    let Ok((_, reference)) = url_parts(allow_fragments, must_start_with_letter)(url) else {
        return false;
    };
    let has_tab_cr_lf = url.bytes().any(|b| matches!(b, b'\t' | b'\r' | b'\n'));
    let agrees = |cuts: Option<fused::Cuts>| match cuts {
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
    agrees(fused::split_fused::<false>(
        url,
        allow_fragments,
        must_start_with_letter,
    )) && agrees(fused::split_fused::<true>(
        url,
        allow_fragments,
        must_start_with_letter,
    ))
}

pub mod fused;

#[cfg(test)]
mod tests;

//! The rules of RFC 3986 under `authority` and `hier-part`: `scheme`,
//! the authority's parts, the paths, `query` and `fragment` (and RFC
//! 1808's `param`). Each returns the slice of its input it took.

use nom::branch::alt;
use nom::{IResult, Parser};

use super::address::ip_literal;
use super::leaf::{error, take_class, take_class1, take_run};
use super::leaf::{DIGIT, SEGMENT_NZ_NC, USERINFO};
use super::leaf::{PATH_CHARS, PCHAR, QUERY, REG_NAME, RFC1808_PARAM, SCHEME_REST};
use crate::grammar::chars;

/// `pct-encoded = "%" HEXDIG HEXDIG` ([RFC 3986 §2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::pct_encoded;
/// assert_eq!(pct_encoded("%41rest"), Ok(("rest", "%41")));
/// ```
pub fn pct_encoded(i: &str) -> IResult<&str, &str> {
    match chars::pct_encoded_at(i.as_bytes(), 0) {
        // A triplet is ASCII: the cut is a character boundary.
        Some(_) => Ok((&i[3..], &i[..3])),
        None => Err(error(i, nom::error::ErrorKind::HexDigit)),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::scheme;
/// assert_eq!(scheme("http://x"), Ok(("://x", "http")));
/// ```
pub fn scheme(i: &str) -> IResult<&str, &str> {
    if !i.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return Err(error(i, nom::error::ErrorKind::Alpha));
    }
    take_run(&SCHEME_REST, i)
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::userinfo;
/// assert_eq!(userinfo("u:p@h"), Ok(("@h", "u:p")));
/// ```
pub fn userinfo(i: &str) -> IResult<&str, &str> {
    take_class(&USERINFO, i)
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::reg_name;
/// assert_eq!(reg_name("example.org:80"), Ok((":80", "example.org")));
/// ```
pub fn reg_name(i: &str) -> IResult<&str, &str> {
    take_class(&REG_NAME, i)
}

/// `host = IP-literal / IPv4address / reg-name` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// As the RFC says, an `IPv4address` is only taken when it is not the
/// prefix of a longer `reg-name` ("first-match-wins" on the whole host).
///
/// Every `IPv4address` is also a `reg-name`, so the text the rule takes is
/// the `reg-name` run unless an `IP-literal` starts it: which alternative
/// names it does not move the cut.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::host;
/// assert_eq!(host("[::1]:80"), Ok((":80", "[::1]")));
/// ```
pub fn host(i: &str) -> IResult<&str, &str> {
    if i.starts_with('[') {
        alt((ip_literal, reg_name)).parse(i)
    } else {
        reg_name(i)
    }
}

/// `port = *DIGIT` ([RFC 3986 §3.2.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::port;
/// assert_eq!(port("8080/x"), Ok(("/x", "8080")));
/// ```
pub fn port(i: &str) -> IResult<&str, &str> {
    take_run(&DIGIT, i)
}

/// `segment = *pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::segment;
/// assert_eq!(segment("a%20b/c"), Ok(("/c", "a%20b")));
/// ```
pub fn segment(i: &str) -> IResult<&str, &str> {
    take_class(&PCHAR, i)
}

/// `segment-nz = 1*pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::segment_nz;
/// assert_eq!(segment_nz("a/b"), Ok(("/b", "a")));
/// ```
pub fn segment_nz(i: &str) -> IResult<&str, &str> {
    take_class1(&PCHAR, i)
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
/// ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)): a
/// non-zero-length segment without any colon.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::segment_nz_nc;
/// assert_eq!(segment_nz_nc("a:b"), Ok((":b", "a")));
/// ```
pub fn segment_nz_nc(i: &str) -> IResult<&str, &str> {
    take_class1(&SEGMENT_NZ_NC, i)
}

/// `path-abempty = *( "/" segment )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// A run of `pchar` and `/` that starts with `/`: one class scan.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::path_abempty;
/// assert_eq!(path_abempty("/a/b?q"), Ok(("?q", "/a/b")));
/// ```
pub fn path_abempty(i: &str) -> IResult<&str, &str> {
    if i.starts_with('/') {
        take_class(&PATH_CHARS, i)
    } else {
        Ok((i, &i[..0]))
    }
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)):
/// `/`, then a run of `pchar` and `/` that does not start with `/`.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::path_absolute;
/// assert_eq!(path_absolute("//x"), Ok(("/x", "/")));
/// ```
pub fn path_absolute(i: &str) -> IResult<&str, &str> {
    match i.as_bytes() {
        [b'/', b'/', ..] | [b'/'] => Ok((&i[1..], &i[..1])),
        [b'/', ..] => take_class(&PATH_CHARS, i),
        _ => Err(error(i, nom::error::ErrorKind::Char)),
    }
}

/// `path-noscheme = segment-nz-nc *( "/" segment )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::path_noscheme;
/// assert_eq!(path_noscheme("a/b:c?q"), Ok(("?q", "a/b:c")));
/// ```
pub fn path_noscheme(i: &str) -> IResult<&str, &str> {
    let (rest, first) = segment_nz_nc(i)?;
    let (rest, more) = path_abempty(rest)?;
    Ok((rest, &i[..first.len() + more.len()]))
}

/// `path-rootless = segment-nz *( "/" segment )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)):
/// a run of `pchar` and `/` that starts with a `pchar`.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::path_rootless;
/// assert_eq!(path_rootless("a:b/c#f"), Ok(("#f", "a:b/c")));
/// ```
pub fn path_rootless(i: &str) -> IResult<&str, &str> {
    segment_nz(i)?;
    take_class(&PATH_CHARS, i)
}

/// `path-empty = 0<pchar>` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)): matches the empty string.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::path_empty;
/// assert_eq!(path_empty("?q"), Ok(("?q", "")));
/// ```
pub fn path_empty(i: &str) -> IResult<&str, &str> {
    Ok((i, &i[..0]))
}

/// `query = *( pchar / "/" / "?" )` ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::query;
/// assert_eq!(query("a=1?b/c#f"), Ok(("#f", "a=1?b/c")));
/// ```
pub fn query(i: &str) -> IResult<&str, &str> {
    take_class(&QUERY, i)
}

/// `fragment = *( pchar / "/" / "?" )` ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::fragment;
/// assert_eq!(fragment("f/?x#y"), Ok(("#y", "f/?x")));
/// ```
pub fn fragment(i: &str) -> IResult<&str, &str> {
    take_class(&QUERY, i)
}

/// `param = *( pchar / "/" )` ([RFC 1808 §2.2](https://www.rfc-editor.org/rfc/rfc1808#section-2.2)),
/// where RFC 1808's `pchar` excludes `";"`, so a `param` ends at the next `";"`.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::param;
/// assert_eq!(param("type=i;x"), Ok((";x", "type=i")));
/// ```
pub fn param(i: &str) -> IResult<&str, &str> {
    take_class(&RFC1808_PARAM, i)
}

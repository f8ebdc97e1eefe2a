//! nom combinators, one per ABNF rule of
//! [RFC 3986 Appendix A](https://www.rfc-editor.org/rfc/rfc3986#appendix-A)
//! (and RFC 1808's `param`). Each returns the recognized slice of its input.
//!
//! The rules are kept as data in `grammar/rfc3986.abnf`.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while_m_n};
use nom::character::complete::char;
use nom::combinator::{all_consuming, map_res, opt, recognize, verify};
use nom::multi::many1_count;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::chars::{self, ByteSet};

/// A class as one flag a byte: the leaf scans test a byte with one load.
type Lookup = [bool; 256];

/// The [`Lookup`] of `set`.
const fn lookup(set: ByteSet) -> Lookup {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = set.contains(i as u8);
        i += 1;
    }
    t
}

static SCHEME_REST: Lookup = lookup(chars::SCHEME_REST);
static USERINFO: Lookup = lookup(chars::USERINFO);
static REG_NAME: Lookup = lookup(chars::REG_NAME);
static DIGIT: Lookup = lookup(chars::DIGIT);
static PCHAR: Lookup = lookup(chars::PCHAR);
static SEGMENT_NZ_NC: Lookup = lookup(chars::SEGMENT_NZ_NC);
/// The literal bytes of `*( "/" segment )`: `pchar` and `/`.
static PATH_CHARS: Lookup = lookup(chars::PCHAR.with(b'/'));
static QUERY: Lookup = lookup(chars::QUERY);
static RFC1808_PARAM: Lookup = lookup(chars::RFC1808_PARAM);

/// `*( class / pct-encoded )`, the body of most rules here, as one leaf
/// scan: a run of bytes of `table` (ASCII only) and `%` triplets, no
/// combinator a byte.
#[inline(always)]
fn take_class<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    let b = i.as_bytes();
    let mut k = 0;
    while let Some(&c) = b.get(k) {
        if table[usize::from(c)] {
            k += 1;
        } else if chars::pct_encoded_at(b, k).is_some() {
            k += 3;
        } else {
            break;
        }
    }
    // The class is ASCII, so the cut is a character boundary.
    Ok((&i[k..], &i[..k]))
}

/// `*class`: a run of bytes of `table` (ASCII only), as one leaf scan.
#[inline(always)]
fn take_run<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    let k = i.bytes().take_while(|&c| table[usize::from(c)]).count();
    // The class is ASCII, so the cut is a character boundary.
    Ok((&i[k..], &i[..k]))
}

/// `1*( class / pct-encoded )`: [`take_class`], at least one.
#[inline(always)]
fn take_class1<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    match take_class(table, i)? {
        (_, "") => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::TakeWhile1,
        ))),
        found => Ok(found),
    }
}

fn hexdig(c: char) -> bool {
    c.is_ascii() && chars::HEXDIG.contains(c as u8)
}

/// `pct-encoded = "%" HEXDIG HEXDIG` ([RFC 3986 §2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1))
///
/// ```
/// use urlsyntax::grammar::rfc3986::pct_encoded;
/// assert_eq!(pct_encoded("%41rest"), Ok(("rest", "%41")));
/// ```
pub fn pct_encoded(i: &str) -> IResult<&str, &str> {
    match chars::pct_encoded_at(i.as_bytes(), 0) {
        // A triplet is ASCII: the cut is a character boundary.
        Some(_) => Ok((&i[3..], &i[..3])),
        None => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::HexDigit,
        ))),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1))
///
/// ```
/// use urlsyntax::grammar::rfc3986::scheme;
/// assert_eq!(scheme("http://x"), Ok(("://x", "http")));
/// ```
pub fn scheme(i: &str) -> IResult<&str, &str> {
    if !i.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Alpha,
        )));
    }
    take_run(&SCHEME_REST, i)
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1))
///
/// ```
/// use urlsyntax::grammar::rfc3986::userinfo;
/// assert_eq!(userinfo("u:p@h"), Ok(("@h", "u:p")));
/// ```
pub fn userinfo(i: &str) -> IResult<&str, &str> {
    take_class(&USERINFO, i)
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::reg_name;
/// assert_eq!(reg_name("example.org:80"), Ok((":80", "example.org")));
/// ```
pub fn reg_name(i: &str) -> IResult<&str, &str> {
    take_class(&REG_NAME, i)
}

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::dec_octet;
/// assert_eq!(dec_octet("255.1"), Ok((".1", "255")));
/// ```
pub fn dec_octet(i: &str) -> IResult<&str, &str> {
    verify(
        take_while_m_n(1, 3, |c: char| c.is_ascii_digit()),
        |s: &str| (s.len() == 1 || !s.starts_with('0')) && s.parse::<u16>().is_ok_and(|v| v <= 255),
    )
    .parse(i)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::ipv4address;
/// assert_eq!(ipv4address("192.0.2.1/"), Ok(("/", "192.0.2.1")));
/// ```
pub fn ipv4address(i: &str) -> IResult<&str, &str> {
    recognize(ipv4address_octets).parse(i)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)),
/// answering the four octets. CPython's `ipaddress.IPv4Address` and
/// `inet_pton(AF_INET)` read exactly these strings, so the urllib face's
/// bracket check and Neturl's addresses read through this rule.
///
/// ```
/// use urlsyntax::grammar::rfc3986::ipv4address_octets;
/// assert_eq!(ipv4address_octets("10.0.255.1]"), Ok(("]", [10, 0, 255, 1])));
/// assert!(ipv4address_octets("01.2.3.4").is_err());
/// ```
pub fn ipv4address_octets(i: &str) -> IResult<&str, [u8; 4]> {
    let octet = || map_res(dec_octet, str::parse::<u8>);
    (
        octet(),
        preceded(char('.'), octet()),
        preceded(char('.'), octet()),
        preceded(char('.'), octet()),
    )
        .map(|(a, b, c, d)| [a, b, c, d])
        .parse(i)
}

/// `h16 = 1*4HEXDIG` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::h16;
/// assert_eq!(h16("abcde"), Ok(("e", "abcd")));
/// ```
pub fn h16(i: &str) -> IResult<&str, &str> {
    take_while_m_n(1, 4, hexdig).parse(i)
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::ls32;
/// assert_eq!(ls32("1:2]"), Ok(("]", "1:2")));
/// ```
pub fn ls32(i: &str) -> IResult<&str, &str> {
    alt((ipv4address, recognize((h16, char(':'), h16)))).parse(i)
}

/// `IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / [ h16 ] "::" 4( h16 ":" ) ls32
/// / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32 / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
/// / [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32 / [ *4( h16 ":" ) h16 ] "::" ls32
/// / [ *5( h16 ":" ) h16 ] "::" h16 / [ *6( h16 ":" ) h16 ] "::"` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// The longest alternative that matches wins.
///
/// ```
/// use urlsyntax::grammar::rfc3986::ipv6address;
/// assert_eq!(ipv6address("::1]"), Ok(("]", "::1")));
/// ```
pub fn ipv6address(i: &str) -> IResult<&str, &str> {
    recognize(ipv6address_pieces).parse(i)
}

/// `IPv6address` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2),
/// the nine alternatives of [`ipv6address`]), answering the eight 16-bit
/// pieces. The alternatives come down to: pieces before an optional
/// `"::"` and pieces after it, eight in all without `"::"` and at most
/// seven with it, an `IPv4address` counting as two and only last. Read
/// left to right, each piece as long as it goes, this takes the longest
/// alternative. CPython's `ipaddress.IPv6Address` (without its `%scope`)
/// and `inet_pton(AF_INET6)` read exactly these strings.
///
/// ```
/// use urlsyntax::grammar::rfc3986::ipv6address_pieces;
/// assert_eq!(ipv6address_pieces("1::ffff:1.2.3.4]"), Ok(("]", [1, 0, 0, 0, 0, 0xffff, 0x102, 0x304])));
/// assert!(ipv6address_pieces("1:2").is_err());
/// ```
pub fn ipv6address_pieces(i: &str) -> IResult<&str, [u16; 8]> {
    let mut pieces = [0u16; 8];
    let (rest, head, head_ends_in_v4) = h16_list(i, &mut pieces, 8);
    let Some(after_gap) = rest
        .strip_prefix("::")
        .filter(|_| !head_ends_in_v4 && head < 8)
    else {
        return if head == 8 {
            Ok((rest, pieces))
        } else {
            Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Verify,
            )))
        };
    };
    let mut tail = [0u16; 8];
    let (rest, n, _) = h16_list(after_gap, &mut tail, 7 - head);
    // The gap stands for the zero pieces between head and tail.
    pieces[8 - n..].copy_from_slice(&tail[..n]);
    Ok((rest, pieces))
}

/// `h16 *( ":" h16 ) [ ":" IPv4address ]`, or `IPv4address` alone, of at
/// most `max` pieces into `out` (an IPv4 address two of them), stopping
/// before `"::"`: the pieces on one side of an `IPv6address`'s gap. Returns
/// the rest, the pieces read, and whether the last was an IPv4 address.
fn h16_list<'a>(i: &'a str, out: &mut [u16; 8], max: usize) -> (&'a str, usize, bool) {
    let mut n = 0;
    let mut rest = i;
    while n < max {
        // A piece follows the start, or a single ":" (not the gap's "::").
        let at = if n == 0 {
            rest
        } else {
            match rest.strip_prefix(':') {
                Some(r) if !r.starts_with(':') => r,
                _ => break,
            }
        };
        // An IPv4 address is tried first: where it matches, it is longer
        // than the h16 that starts it.
        if n + 2 <= max {
            if let Ok((r, [a, b, c, d])) = ipv4address_octets(at) {
                out[n] = u16::from_be_bytes([a, b]);
                out[n + 1] = u16::from_be_bytes([c, d]);
                return (r, n + 2, true);
            }
        }
        match h16(at) {
            Ok((r, hex)) => {
                out[n] = u16::from_str_radix(hex, 16).unwrap_or(0);
                n += 1;
                rest = r;
            }
            Err(_) => break,
        }
    }
    (rest, n, false)
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::ipvfuture;
/// assert_eq!(ipvfuture("v1.x]"), Ok(("]", "v1.x")));
/// ```
pub fn ipvfuture(i: &str) -> IResult<&str, &str> {
    recognize((
        alt((char('v'), char('V'))),
        many1_count(take_while_m_n(1, 1, hexdig)),
        char('.'),
        many1_count(take_while_m_n(1, 1, |c: char| {
            c.is_ascii() && chars::IPVFUTURE_REST.contains(c as u8)
        })),
    ))
    .parse(i)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::ip_literal;
/// assert_eq!(ip_literal("[::1]:80"), Ok((":80", "[::1]")));
/// ```
pub fn ip_literal(i: &str) -> IResult<&str, &str> {
    recognize((char('['), alt((ipv6address, ipvfuture)), char(']'))).parse(i)
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
/// use urlsyntax::grammar::rfc3986::host;
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
/// use urlsyntax::grammar::rfc3986::port;
/// assert_eq!(port("8080/x"), Ok(("/x", "8080")));
/// ```
pub fn port(i: &str) -> IResult<&str, &str> {
    take_run(&DIGIT, i)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` ([RFC 3986 §3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::authority;
/// assert_eq!(authority("u@h:1/p"), Ok(("/p", "u@h:1")));
/// ```
pub fn authority(i: &str) -> IResult<&str, &str> {
    recognize((
        opt((userinfo, char('@'))),
        host,
        opt(preceded(char(':'), port)),
    ))
    .parse(i)
}

/// `segment = *pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::segment;
/// assert_eq!(segment("a%20b/c"), Ok(("/c", "a%20b")));
/// ```
pub fn segment(i: &str) -> IResult<&str, &str> {
    take_class(&PCHAR, i)
}

/// `segment-nz = 1*pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::segment_nz;
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
/// use urlsyntax::grammar::rfc3986::segment_nz_nc;
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
/// use urlsyntax::grammar::rfc3986::path_abempty;
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
/// use urlsyntax::grammar::rfc3986::path_absolute;
/// assert_eq!(path_absolute("//x"), Ok(("/x", "/")));
/// ```
pub fn path_absolute(i: &str) -> IResult<&str, &str> {
    match i.as_bytes() {
        [b'/', b'/', ..] | [b'/'] => Ok((&i[1..], &i[..1])),
        [b'/', ..] => take_class(&PATH_CHARS, i),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Char,
        ))),
    }
}

/// `path-noscheme = segment-nz-nc *( "/" segment )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::path_noscheme;
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
/// use urlsyntax::grammar::rfc3986::path_rootless;
/// assert_eq!(path_rootless("a:b/c#f"), Ok(("#f", "a:b/c")));
/// ```
pub fn path_rootless(i: &str) -> IResult<&str, &str> {
    segment_nz(i)?;
    take_class(&PATH_CHARS, i)
}

/// `path-empty = 0<pchar>` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)): matches the empty string.
///
/// ```
/// use urlsyntax::grammar::rfc3986::path_empty;
/// assert_eq!(path_empty("?q"), Ok(("?q", "")));
/// ```
pub fn path_empty(i: &str) -> IResult<&str, &str> {
    Ok((i, &i[..0]))
}

/// `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`
/// ([RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::hier_part;
/// assert_eq!(hier_part("//h/p?q"), Ok(("?q", "//h/p")));
/// ```
pub fn hier_part(i: &str) -> IResult<&str, &str> {
    alt((
        recognize((tag("//"), authority, path_abempty)),
        path_absolute,
        path_rootless,
        path_empty,
    ))
    .parse(i)
}

/// `relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty`
/// ([RFC 3986 §4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::relative_part;
/// assert_eq!(relative_part("../a?q"), Ok(("?q", "../a")));
/// ```
pub fn relative_part(i: &str) -> IResult<&str, &str> {
    alt((
        recognize((tag("//"), authority, path_abempty)),
        path_absolute,
        path_noscheme,
        path_empty,
    ))
    .parse(i)
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
/// ([RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::uri;
/// assert_eq!(uri("http://h/p#f"), Ok(("", "http://h/p#f")));
/// ```
pub fn uri(i: &str) -> IResult<&str, &str> {
    recognize((
        scheme,
        char(':'),
        hier_part,
        opt(preceded(char('?'), query)),
        opt(preceded(char('#'), fragment)),
    ))
    .parse(i)
}

/// `absolute-URI = scheme ":" hier-part [ "?" query ]`
/// ([RFC 3986 §4.3](https://www.rfc-editor.org/rfc/rfc3986#section-4.3))
///
/// ```
/// use urlsyntax::grammar::rfc3986::absolute_uri;
/// assert_eq!(absolute_uri("http://h/p?q#f"), Ok(("#f", "http://h/p?q")));
/// ```
pub fn absolute_uri(i: &str) -> IResult<&str, &str> {
    recognize((
        scheme,
        char(':'),
        hier_part,
        opt(preceded(char('?'), query)),
    ))
    .parse(i)
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
/// ([RFC 3986 §4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2))
///
/// ```
/// use urlsyntax::grammar::rfc3986::relative_ref;
/// assert_eq!(relative_ref("//h/p?q#f"), Ok(("", "//h/p?q#f")));
/// ```
pub fn relative_ref(i: &str) -> IResult<&str, &str> {
    recognize((
        relative_part,
        opt(preceded(char('?'), query)),
        opt(preceded(char('#'), fragment)),
    ))
    .parse(i)
}

/// `URI-reference = URI / relative-ref`
/// ([RFC 3986 §4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)),
/// the whole input: a URI when one takes all of it, else a relative
/// reference. [`crate::rfc3986::UriRef::parse`] reads the components.
///
/// ```
/// use urlsyntax::grammar::rfc3986::uri_reference;
/// assert_eq!(uri_reference("a:b"), Ok(("", "a:b")));
/// ```
pub fn uri_reference(i: &str) -> IResult<&str, &str> {
    alt((all_consuming(uri), all_consuming(relative_ref))).parse(i)
}

/// `query = *( pchar / "/" / "?" )` ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4))
///
/// ```
/// use urlsyntax::grammar::rfc3986::query;
/// assert_eq!(query("a=1?b/c#f"), Ok(("#f", "a=1?b/c")));
/// ```
pub fn query(i: &str) -> IResult<&str, &str> {
    take_class(&QUERY, i)
}

/// `fragment = *( pchar / "/" / "?" )` ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5))
///
/// ```
/// use urlsyntax::grammar::rfc3986::fragment;
/// assert_eq!(fragment("f/?x#y"), Ok(("#y", "f/?x")));
/// ```
pub fn fragment(i: &str) -> IResult<&str, &str> {
    take_class(&QUERY, i)
}

/// `param = *( pchar / "/" )` ([RFC 1808 §2.2](https://www.rfc-editor.org/rfc/rfc1808#section-2.2)),
/// where RFC 1808's `pchar` excludes `";"`, so a `param` ends at the next `";"`.
///
/// ```
/// use urlsyntax::grammar::rfc3986::param;
/// assert_eq!(param("type=i;x"), Ok((";x", "type=i")));
/// ```
pub fn param(i: &str) -> IResult<&str, &str> {
    take_class(&RFC1808_PARAM, i)
}

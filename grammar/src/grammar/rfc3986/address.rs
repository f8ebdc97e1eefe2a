//! The IP address rules of RFC 3986 §3.2.2: `IP-literal` down to
//! `dec-octet`. The IPv4 and IPv6 rules also answer the address
//! (`ipv4address_octets`, `ipv6address_pieces`), which every face reads
//! through: the urllib face's bracket check and Neturl's addresses.

use nom::branch::alt;
use nom::bytes::complete::take_while_m_n;
use nom::character::complete::char;
use nom::combinator::{map_res, recognize, verify};
use nom::multi::many1_count;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::leaf::{error, hexdig};
use crate::grammar::chars;

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::dec_octet;
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
/// use urlsyntax_grammar::grammar::rfc3986::ipv4address;
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
/// use urlsyntax_grammar::grammar::rfc3986::ipv4address_octets;
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
/// use urlsyntax_grammar::grammar::rfc3986::h16;
/// assert_eq!(h16("abcde"), Ok(("e", "abcd")));
/// ```
pub fn h16(i: &str) -> IResult<&str, &str> {
    take_while_m_n(1, 4, hexdig).parse(i)
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::ls32;
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
/// use urlsyntax_grammar::grammar::rfc3986::ipv6address;
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
/// use urlsyntax_grammar::grammar::rfc3986::ipv6address_pieces;
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
            Err(error(i, nom::error::ErrorKind::Verify))
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
/// use urlsyntax_grammar::grammar::rfc3986::ipvfuture;
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
/// use urlsyntax_grammar::grammar::rfc3986::ip_literal;
/// assert_eq!(ip_literal("[::1]:80"), Ok((":80", "[::1]")));
/// ```
pub fn ip_literal(i: &str) -> IResult<&str, &str> {
    recognize((char('['), alt((ipv6address, ipvfuture)), char(']'))).parse(i)
}

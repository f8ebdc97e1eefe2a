//! nom combinators, one per ABNF rule of
//! [RFC 3986 Appendix A](https://www.rfc-editor.org/rfc/rfc3986#appendix-A)
//! (and RFC 1808's `param`). Each returns the recognized slice of its input.
//!
//! The rules are kept as data in `grammar/rfc3986.abnf`.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while_m_n};
use nom::character::complete::char;
use nom::combinator::{opt, recognize, verify};
use nom::multi::{many0_count, many1_count};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::chars::{self, Table};

/// A byte of the class `table`, or a `pct-encoded` triplet; the building
/// block of `*( class / pct-encoded )` rules.
fn class_or_pct<'a>(
    table: Table,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    alt((
        take_while_m_n(1, 1, move |c: char| c.is_ascii() && table.contains(c as u8)),
        pct_encoded,
    ))
}

fn take_class<'a>(
    table: Table,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    recognize(many0_count(class_or_pct(table)))
}

fn hexdig(c: char) -> bool {
    c.is_ascii() && chars::HEXDIG.contains(c as u8)
}

/// `pct-encoded = "%" HEXDIG HEXDIG` ([RFC 3986 §2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1))
pub fn pct_encoded(i: &str) -> IResult<&str, &str> {
    recognize((char('%'), take_while_m_n(2, 2, hexdig))).parse(i)
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1))
pub fn scheme(i: &str) -> IResult<&str, &str> {
    recognize((
        take_while_m_n(1, 1, |c: char| c.is_ascii_alphabetic()),
        many0_count(take_while_m_n(1, 1, |c: char| {
            c.is_ascii() && chars::SCHEME_REST.contains(c as u8)
        })),
    ))
    .parse(i)
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1))
pub fn userinfo(i: &str) -> IResult<&str, &str> {
    take_class(chars::USERINFO).parse(i)
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub fn reg_name(i: &str) -> IResult<&str, &str> {
    take_class(chars::REG_NAME).parse(i)
}

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub fn dec_octet(i: &str) -> IResult<&str, &str> {
    verify(
        take_while_m_n(1, 3, |c: char| c.is_ascii_digit()),
        |s: &str| (s.len() == 1 || !s.starts_with('0')) && s.parse::<u16>().is_ok_and(|v| v <= 255),
    )
    .parse(i)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub fn ipv4address(i: &str) -> IResult<&str, &str> {
    recognize((
        dec_octet,
        char('.'),
        dec_octet,
        char('.'),
        dec_octet,
        char('.'),
        dec_octet,
    ))
    .parse(i)
}

/// `h16 = 1*4HEXDIG` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub fn h16(i: &str) -> IResult<&str, &str> {
    take_while_m_n(1, 4, hexdig).parse(i)
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub fn ls32(i: &str) -> IResult<&str, &str> {
    alt((ipv4address, recognize((h16, char(':'), h16)))).parse(i)
}

/// `n` repetitions of `h16 ":"` (exactly `n`), as the `IPv6address`
/// alternatives use them.
fn h16_colon_n(n: usize) -> impl FnMut(&str) -> IResult<&str, &str> {
    move |i: &str| {
        let mut rest = i;
        for _ in 0..n {
            let (r, _) = (h16, char(':')).parse(rest)?;
            rest = r;
        }
        Ok((rest, &i[..i.len() - rest.len()]))
    }
}

/// Up to `n` `h16` separated by `":"`: the `[ *k( h16 ":" ) h16 ]` prefix
/// before `"::"`.
fn h16_prefix(max: usize) -> impl FnMut(&str) -> IResult<&str, &str> {
    move |i: &str| {
        if max == 0 {
            return Ok((i, &i[..0]));
        }
        let Ok((mut rest, _)) = h16(i) else {
            return Ok((i, &i[..0]));
        };
        let mut count = 1;
        while count < max {
            // stop before "::"
            match (char::<&str, nom::error::Error<&str>>(':'), h16).parse(rest) {
                Ok((r, _)) if !rest.starts_with("::") => {
                    rest = r;
                    count += 1;
                }
                _ => break,
            }
        }
        Ok((rest, &i[..i.len() - rest.len()]))
    }
}

/// `IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / [ h16 ] "::" 4( h16 ":" ) ls32
/// / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32 / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
/// / [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32 / [ *4( h16 ":" ) h16 ] "::" ls32
/// / [ *5( h16 ":" ) h16 ] "::" h16 / [ *6( h16 ":" ) h16 ] "::"` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// The longest alternative that matches wins.
pub fn ipv6address(i: &str) -> IResult<&str, &str> {
    let mut rests: Vec<&str> = Vec::new();
    if let Ok((rest, _)) = recognize((h16_colon_n(6), ls32)).parse(i) {
        rests.push(rest);
    }
    for (k, tail) in [(0usize, 5usize), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)] {
        if let Ok((rest, _)) =
            recognize((h16_prefix(k), tag("::"), h16_colon_n(tail), ls32)).parse(i)
        {
            rests.push(rest);
        }
    }
    if let Ok((rest, _)) = recognize((h16_prefix(6), tag("::"), h16)).parse(i) {
        rests.push(rest);
    }
    if let Ok((rest, _)) = recognize((h16_prefix(7), tag("::"))).parse(i) {
        rests.push(rest);
    }
    match rests.into_iter().min_by_key(|r| r.len()) {
        Some(rest) => Ok((rest, &i[..i.len() - rest.len()])),
        None => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Alt,
        ))),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
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
pub fn ip_literal(i: &str) -> IResult<&str, &str> {
    recognize((char('['), alt((ipv6address, ipvfuture)), char(']'))).parse(i)
}

/// `host = IP-literal / IPv4address / reg-name` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// As the RFC says, an `IPv4address` is only taken when it is not the
/// prefix of a longer `reg-name` ("first-match-wins" on the whole host).
pub fn host(i: &str) -> IResult<&str, &str> {
    let (rest_reg, reg) = reg_name(i)?;
    if let Ok((rest, v4)) = ipv4address(i) {
        if v4.len() >= reg.len() {
            return Ok((rest, v4));
        }
    }
    alt((ip_literal, |_| Ok((rest_reg, reg)))).parse(i)
}

/// `port = *DIGIT` ([RFC 3986 §3.2.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3))
pub fn port(i: &str) -> IResult<&str, &str> {
    recognize(many0_count(take_while_m_n(1, 1, |c: char| {
        c.is_ascii_digit()
    })))
    .parse(i)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` ([RFC 3986 §3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2))
pub fn authority(i: &str) -> IResult<&str, &str> {
    recognize((
        opt((userinfo, char('@'))),
        host,
        opt(preceded(char(':'), port)),
    ))
    .parse(i)
}

/// `segment = *pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
pub fn segment(i: &str) -> IResult<&str, &str> {
    take_class(chars::PCHAR).parse(i)
}

/// `segment-nz = 1*pchar` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
pub fn segment_nz(i: &str) -> IResult<&str, &str> {
    recognize(many1_count(class_or_pct(chars::PCHAR))).parse(i)
}

/// `path-abempty = *( "/" segment )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
pub fn path_abempty(i: &str) -> IResult<&str, &str> {
    recognize(many0_count((char('/'), segment))).parse(i)
}

/// `query = *( pchar / "/" / "?" )` ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4))
pub fn query(i: &str) -> IResult<&str, &str> {
    take_class(chars::QUERY).parse(i)
}

/// `fragment = *( pchar / "/" / "?" )` ([RFC 3986 §3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5))
pub fn fragment(i: &str) -> IResult<&str, &str> {
    take_class(chars::QUERY).parse(i)
}

/// `param = *( pchar / "/" )` ([RFC 1808 §2.2](https://www.rfc-editor.org/rfc/rfc1808#section-2.2)),
/// where RFC 1808's `pchar` excludes `";"`, so a `param` ends at the next `";"`.
pub fn param(i: &str) -> IResult<&str, &str> {
    take_class(chars::RFC1808_PARAM).parse(i)
}

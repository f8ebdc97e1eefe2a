//! The parts of CPython's `ipaddress` that `urlsplit` uses to validate a
//! bracketed host (`_check_bracketed_host`, CPython 3.11.4+), read
//! through the grammar's RFC 3986 address rules.

use super::Error;
use crate::grammar::rfc3986::{ipv4address_octets, ipv6address_pieces};

/// `IPv4Address(s)` succeeds: four dot-separated decimal octets, ASCII
/// digits only, at most three digits, no leading zero, at most 255: the
/// strings of RFC 3986's `IPv4address`.
pub(crate) fn is_python_ipv4(s: &str) -> bool {
    whole(ipv4address_octets, s)
}

/// `IPv6Address(s)` succeeds: RFC 3986's `IPv6address`, and a scope id
/// after `%`, which must be non-empty and hold no further `%`.
pub(crate) fn is_python_ipv6(s: &str) -> bool {
    let addr = match s.split_once('%') {
        Some((_, scope)) if scope.is_empty() || scope.contains('%') => return false,
        Some((addr, _)) => addr,
        None => s,
    };
    whole(ipv6address_pieces, addr)
}

/// Whether the rule `parse` takes all of `s`.
fn whole<T>(parse: impl Fn(&str) -> crate::nom::IResult<&str, T>, s: &str) -> bool {
    parse(s).is_ok_and(|(rest, _)| rest.is_empty())
}

/// CPython's `_check_bracketed_host`: IPvFuture (`v<hex>.<anything>`,
/// or `V<hex>.<anything>` with `capital_v`, gh-105708) or an IPv6 address;
/// an IPv4 address is refused.
pub(crate) fn check_bracketed_host(host: &str, capital_v: bool) -> Result<(), Error> {
    let future = match host.strip_prefix('v') {
        None if capital_v => host.strip_prefix('V'),
        v => v,
    };
    if let Some(rest) = future {
        // re.match(r"\A[vV][a-fA-F0-9]+\..+\Z", hostname); `.` excludes '\n'.
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let ok = hex > 0
            && rest[hex..].starts_with('.')
            && rest.len() > hex + 1
            && !rest[hex + 1..].contains('\n');
        return if ok {
            Ok(())
        } else {
            Err(Error::InvalidIpvFuture)
        };
    }
    if is_python_ipv4(host) {
        Err(Error::BracketedIpv4)
    } else if is_python_ipv6(host) {
        Ok(())
    } else {
        Err(Error::InvalidBracketedHost {
            host: host.to_string(),
        })
    }
}

#[cfg(test)]
mod tests;

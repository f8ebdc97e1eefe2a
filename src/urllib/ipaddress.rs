//! The parts of CPython's `ipaddress` that `urlsplit` uses to validate a
//! bracketed host (`_check_bracketed_host`, CPython 3.11.4+).

use super::Error;

/// `IPv4Address(s)` succeeds: four dot-separated decimal octets, ASCII
/// digits only, at most three digits, no leading zero, at most 255.
pub(crate) fn is_python_ipv4(s: &str) -> bool {
    if s.contains('/') {
        return false;
    }
    let mut n = 0;
    for octet in s.split('.') {
        n += 1;
        let ok = !octet.is_empty()
            && octet.len() <= 3
            && octet.bytes().all(|b| b.is_ascii_digit())
            && (octet == "0" || !octet.starts_with('0'))
            && octet.parse::<u16>().is_ok_and(|v| v <= 255);
        if !ok {
            return false;
        }
    }
    n == 4
}

fn is_hextet(s: &str) -> bool {
    s.len() <= 4 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `IPv6Address(s)` succeeds (a scope id after `%` is allowed: it must be
/// non-empty and hold no further `%`).
pub(crate) fn is_python_ipv6(s: &str) -> bool {
    if s.contains('/') {
        return false;
    }
    let addr = match s.split_once('%') {
        Some((addr, scope)) => {
            if scope.is_empty() || scope.contains('%') {
                return false;
            }
            addr
        }
        None => s,
    };
    if addr.is_empty() {
        return false;
    }
    // At most 9 parts are valid (8 hextets and one empty end of `::`);
    // an IPv4 suffix stands for two. Parts live on the stack.
    let mut parts = [""; 10];
    let mut count = 0;
    for p in addr.split(':') {
        if count == parts.len() {
            return false;
        }
        parts[count] = p;
        count += 1;
    }
    if count < 3 {
        return false;
    }
    if parts[count - 1].contains('.') {
        if !is_python_ipv4(parts[count - 1]) {
            return false;
        }
        if count == parts.len() {
            return false;
        }
        parts[count - 1] = "0";
        parts[count] = "0";
        count += 1;
    }
    if count > 9 {
        return false;
    }
    let parts = &parts[..count];
    let mut skip_index = None;
    for (i, p) in parts.iter().enumerate().take(count - 1).skip(1) {
        if p.is_empty() {
            if skip_index.is_some() {
                return false;
            }
            skip_index = Some(i);
        }
    }
    let (hi, lo) = match skip_index {
        Some(skip) => {
            let mut hi = skip;
            let mut lo = count - skip - 1;
            if parts[0].is_empty() {
                hi -= 1;
                if hi != 0 {
                    return false;
                }
            }
            if parts[count - 1].is_empty() {
                lo -= 1;
                if lo != 0 {
                    return false;
                }
            }
            if hi + lo >= 8 {
                return false;
            }
            (hi, lo)
        }
        None => {
            if count != 8 || parts[0].is_empty() || parts[count - 1].is_empty() {
                return false;
            }
            (count, 0)
        }
    };
    parts[..hi].iter().all(|p| is_hextet(p)) && parts[count - lo..].iter().all(|p| is_hextet(p))
}

/// CPython's `_check_bracketed_host`: IPvFuture (`v<hex>.<anything>`) or
/// an IPv6 address; an IPv4 address is refused.
pub(crate) fn check_bracketed_host(host: &str) -> Result<(), Error> {
    if let Some(rest) = host.strip_prefix('v') {
        // re.match(r"\Av[a-fA-F0-9]+\..+\Z", hostname); `.` excludes '\n'.
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
mod tests {
    use super::*;

    #[test]
    fn ipv6_like_python() {
        for ok in [
            "::1",
            "::",
            "1::",
            "1:2:3:4:5:6:7:8",
            "::ffff:1.2.3.4",
            "fe80::1%eth0",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
        ] {
            assert!(is_python_ipv6(ok), "{ok}");
        }
        for bad in [
            "",
            ":",
            "1:2",
            ":::",
            "1:::2",
            "1::2::3",
            ":1::2",
            "1::2:",
            "1:2:3:4:5:6:7:8:9",
            "::1%",
            "::1%a%b",
            "12345::",
            "g::",
            "::1.2.3.04",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1/2",
            "1:2:3:4:5:6:7::8",
        ] {
            assert!(!is_python_ipv6(bad), "{bad}");
        }
    }

    #[test]
    fn ipv4_like_python() {
        assert!(is_python_ipv4("0.0.0.0"));
        assert!(!is_python_ipv4("01.0.0.0"));
        assert!(!is_python_ipv4("256.0.0.0"));
        assert!(!is_python_ipv4("1.2.3"));
        assert!(!is_python_ipv4("١.2.3.4"));
    }

    #[test]
    fn ipvfuture() {
        assert!(check_bracketed_host("v1.x").is_ok());
        assert!(check_bracketed_host("v1.").is_err());
        assert!(check_bracketed_host("v.x").is_err());
        assert!(check_bracketed_host("V1.x").is_err());
    }
}

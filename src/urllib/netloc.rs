//! The netloc attributes of `SplitResult` and `ParseResult`: `username`,
//! `password`, `hostname`, `port` (CPython's `_NetlocResultMixinStr`).

use std::borrow::Cow;

use super::text::py_isspace;
use super::{Error, PortRule};

/// `_userinfo`: (username, password).
pub(crate) fn userinfo(netloc: &str) -> (Option<&str>, Option<&str>) {
    let (userinfo, have_info, _) = rpartition_ascii(netloc, b'@');
    if !have_info {
        return (None, None);
    }
    let (username, have_password, password) = partition_ascii(userinfo, b':');
    (Some(username), have_password.then_some(password))
}

/// `_hostinfo`: (hostname, port), before lowercasing and port parsing.
/// `s.partition(sep)` for an ASCII `sep`, by a byte loop: netlocs are
/// short, and `str::find` costs more than the split itself there. An
/// ASCII byte never sits inside a multi-byte character, so the cuts are
/// character boundaries.
fn partition_ascii(s: &str, sep: u8) -> (&str, bool, &str) {
    match s.bytes().position(|b| b == sep) {
        Some(i) => (&s[..i], true, &s[i + 1..]),
        None => (s, false, ""),
    }
}

/// `s.rpartition(sep)` for an ASCII `sep` (see [`partition_ascii`]).
fn rpartition_ascii(s: &str, sep: u8) -> (&str, bool, &str) {
    match s.bytes().rposition(|b| b == sep) {
        Some(i) => (&s[..i], true, &s[i + 1..]),
        None => ("", false, s),
    }
}

pub(crate) fn hostinfo(netloc: &str) -> (&str, Option<&str>) {
    let (_, _, hostinfo) = rpartition_ascii(netloc, b'@');
    let (_, have_open_br, bracketed) = partition_ascii(hostinfo, b'[');
    let (hostname, port) = if have_open_br {
        let (hostname, _, port) = partition_ascii(bracketed, b']');
        (hostname, partition_ascii(port, b':').2)
    } else {
        let (hostname, _, port) = partition_ascii(hostinfo, b':');
        (hostname, port)
    };
    (hostname, (!port.is_empty()).then_some(port))
}

/// `hostname`: lowercased, except for an IPv6 zone after `%`.
pub(crate) fn hostname(netloc: &str, ascii_only: bool) -> Option<Cow<'_, str>> {
    let (host, _) = hostinfo(netloc);
    if host.is_empty() {
        return None;
    }
    let (name, _, _) = partition_ascii(host, b'%');
    let lower = |s: &str| -> Option<String> {
        // ASCII text lowercases as `str.lower()` does, without allocating
        // when there is nothing to lower (most host names).
        if ascii_only || s.is_ascii() {
            s.bytes()
                .any(|b| b.is_ascii_uppercase())
                .then(|| s.to_ascii_lowercase())
        } else {
            let l = s.to_lowercase();
            (l != s).then_some(l)
        }
    };
    Some(match lower(name) {
        None => Cow::Borrowed(host),
        Some(mut l) => {
            l.push_str(&host[name.len()..]);
            Cow::Owned(l)
        }
    })
}

/// `port`: `None` when absent, the number, or CPython's `ValueError`.
/// `bytes_input` selects `int(bytes)`'s ASCII-only whitespace under
/// [`PortRule::PythonInt`].
pub(crate) fn port(netloc: &str, rule: PortRule, bytes_input: bool) -> Result<Option<u16>, Error> {
    let Some(text) = hostinfo(netloc).1 else {
        return Ok(None);
    };
    let value = match rule {
        PortRule::AsciiDigits => {
            if !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Error::PortNotInteger { port: text.into() });
            }
            parse_digits(text.bytes().map(|b| b - b'0'))
        }
        PortRule::PythonInt => python_int(text, bytes_input)
            .ok_or_else(|| Error::PortNotInteger { port: text.into() })?,
    };
    match value {
        Some(v) if v <= 65535 => Ok(Some(v as u16)),
        _ => Err(Error::PortOutOfRange),
    }
}

/// The value of a run of decimal digits, `None` when it exceeds `u32`.
fn parse_digits(digits: impl Iterator<Item = u8>) -> Option<u32> {
    digits.into_iter().try_fold(0u32, |acc, d| {
        acc.checked_mul(10)?.checked_add(u32::from(d))
    })
}

/// First code points of the Unicode 13.0 runs of decimal digits (`Nd`,
/// each a run of ten from 0 to 9), as CPython 3.9's `int()` accepts them.
const DECIMAL_ZEROS: [u32; 65] = [
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66,
    0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
    0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
    0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650,
    0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16b50, 0x1d7ce,
    0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

fn decimal_value(c: char) -> Option<u8> {
    let u = c as u32;
    let i = DECIMAL_ZEROS.partition_point(|&z| z <= u);
    let zero = DECIMAL_ZEROS[i.checked_sub(1)?];
    (u - zero < 10).then(|| (u - zero) as u8)
}

/// `int(text, 10)` as CPython 3.9 computes it: surrounding whitespace, one
/// sign, single `_` between digits, any decimal digit. `None` is the
/// `ValueError`; `Some(None)` a value outside `u32` (or negative, which
/// the port's range check refuses anyway, except `-0`).
fn python_int(text: &str, bytes_input: bool) -> Option<Option<u32>> {
    let space = |c: char| {
        if bytes_input {
            matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
        } else {
            py_isspace(c)
        }
    };
    let t = text.trim_matches(space);
    let (negative, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut digits = Vec::new();
    let mut last_underscore = true;
    for c in t.chars() {
        if c == '_' {
            if last_underscore {
                return None;
            }
            last_underscore = true;
            continue;
        }
        let d = if bytes_input {
            c.is_ascii_digit().then(|| c as u8 - b'0')
        } else {
            decimal_value(c)
        }?;
        digits.push(d);
        last_underscore = false;
    }
    if digits.is_empty() || last_underscore {
        return None;
    }
    let v = parse_digits(digits.into_iter());
    Some(match v {
        Some(0) => Some(0),
        Some(_) if negative => None,
        v => v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_partitions_like_python() {
        assert_eq!(partition_ascii("a:b:c", b':'), ("a", true, "b:c"));
        assert_eq!(partition_ascii("é:b", b':'), ("é", true, "b"));
        assert_eq!(partition_ascii("abc", b':'), ("abc", false, ""));
        assert_eq!(rpartition_ascii("a@b@c", b'@'), ("a@b", true, "c"));
        assert_eq!(rpartition_ascii("abc", b'@'), ("", false, "abc"));
    }

    #[test]
    fn hostinfo_like_python() {
        assert_eq!(hostinfo("u:p@[::1]:80"), ("::1", Some("80")));
        assert_eq!(hostinfo("a@b@h:"), ("h", None));
        assert_eq!(hostinfo("[x"), ("x", None));
        assert_eq!(userinfo("u:p:q@h"), (Some("u"), Some("p:q")));
        assert_eq!(userinfo("u@h"), (Some("u"), None));
    }

    #[test]
    fn ports_per_rule() {
        let p = |s, r| port(s, r, false);
        assert_eq!(p("h:080", PortRule::AsciiDigits), Ok(Some(80)));
        assert!(p("h: 80", PortRule::AsciiDigits).is_err());
        assert_eq!(p("h: 80 ", PortRule::PythonInt), Ok(Some(80)));
        assert_eq!(p("h:+8_0", PortRule::PythonInt), Ok(Some(80)));
        assert_eq!(p("h:-0", PortRule::PythonInt), Ok(Some(0)));
        assert_eq!(p("h:٨٠", PortRule::PythonInt), Ok(Some(80)));
        assert_eq!(p("h:-1", PortRule::PythonInt), Err(Error::PortOutOfRange));
        assert_eq!(
            p("h:99999999999999999999", PortRule::AsciiDigits),
            Err(Error::PortOutOfRange)
        );
        assert!(matches!(
            p("h:8__0", PortRule::PythonInt),
            Err(Error::PortNotInteger { .. })
        ));
    }

    #[test]
    fn hostname_keeps_zone_case() {
        assert_eq!(
            hostname("[FE80::1%Eth0]", false).as_deref(),
            Some("fe80::1%Eth0")
        );
        assert_eq!(hostname("u@:80", false), None);
    }
}

//! The netloc attributes of `SplitResult` and `ParseResult`: `username`,
//! `password`, `hostname`, `port` (CPython's `_NetlocResultMixinStr`).

use std::borrow::Cow;

use super::pyint::{python_int, IntError};
use super::text::{partition, rpartition};
use super::{Error, PortRule, Quirks, UnicodeTables};
use crate::scan::{bits_from, netloc_masks, NetlocMasks};

/// The netloc attributes of a text result, read together
/// ([`SplitResult::attributes`](super::SplitResult::attributes)): each field is what the attribute of the
/// same name gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetlocAttributes<'a> {
    /// `username`
    pub username: Option<&'a str>,
    /// `password`
    pub password: Option<&'a str>,
    /// `hostname`
    pub hostname: Option<Cow<'a, str>>,
    /// `port`, or the `ValueError` reading it raises.
    pub port: Result<Option<u16>, Error>,
}

/// `_userinfo`: (username, password).
pub(crate) fn userinfo(netloc: &str) -> (Option<&str>, Option<&str>) {
    let (userinfo, have_info, _) = rpartition(netloc, '@');
    if !have_info {
        return (None, None);
    }
    let (username, have_password, password) = partition(userinfo, ':');
    (Some(username), have_password.then_some(password))
}

/// `_hostinfo`: (hostname, port), before lowercasing and port parsing.
pub(crate) fn hostinfo(netloc: &str) -> (&str, Option<&str>) {
    let (_, _, hostinfo) = rpartition(netloc, '@');
    host_and_port(hostinfo)
}

/// `_hostinfo` after the userinfo: the part after the last `@`.
fn host_and_port(hostinfo: &str) -> (&str, Option<&str>) {
    let (_, have_open_br, bracketed) = partition(hostinfo, '[');
    let (hostname, port) = if have_open_br {
        let (hostname, _, port) = partition(bracketed, ']');
        (hostname, partition(port, ':').2)
    } else {
        let (hostname, _, port) = partition(hostinfo, ':');
        (hostname, port)
    };
    (hostname, (!port.is_empty()).then_some(port))
}

/// `hostname`: lowercased (`str.lower` under `unicode`, or ASCII only
/// for bytes), except for an IPv6 zone after `%`.
pub(crate) fn hostname<'a>(
    netloc: &'a str,
    ascii_only: bool,
    unicode: &UnicodeTables,
) -> Option<Cow<'a, str>> {
    match HostCuts::of(netloc) {
        Some(cuts) => cuts.hostname(netloc),
        None => lowercase_host(hostinfo(netloc).0, ascii_only, unicode),
    }
}

/// `hostname` of the host part `_hostinfo` found.
fn lowercase_host<'a>(
    host: &'a str,
    ascii_only: bool,
    unicode: &UnicodeTables,
) -> Option<Cow<'a, str>> {
    if host.is_empty() {
        return None;
    }
    let (name, _, _) = partition(host, '%');
    let lower = if ascii_only {
        name.bytes()
            .any(|b| b.is_ascii_uppercase())
            .then(|| name.to_ascii_lowercase())
    } else {
        unicode.lowercase(name)
    };
    Some(match lower {
        None => Cow::Borrowed(host),
        Some(mut l) => {
            l.push_str(&host[name.len()..]);
            Cow::Owned(l)
        }
    })
}

/// `port`: `None` when absent, the number, or CPython's `ValueError`
/// (`int()`'s own when `int_error`, 3.6 and 3.7). `bytes_input` selects
/// `int(bytes)`'s ASCII digits and whitespace.
pub(crate) fn port(
    netloc: &str,
    rule: PortRule,
    int_error: bool,
    bytes_input: bool,
    unicode: &UnicodeTables,
) -> Result<Option<u16>, Error> {
    let text = match HostCuts::of(netloc) {
        Some(cuts) => {
            let text = cuts.host_and_port(netloc).1;
            if let Some(value) = short_port(text) {
                return Ok(value);
            }
            Some(text)
        }
        None => hostinfo(netloc).1,
    };
    port_of(text, rule, int_error, bytes_input, unicode)
}

/// `port` of the port text `_hostinfo` found.
fn port_of(
    text: Option<&str>,
    rule: PortRule,
    int_error: bool,
    bytes_input: bool,
    unicode: &UnicodeTables,
) -> Result<Option<u16>, Error> {
    let Some(text) = text else {
        return Ok(None);
    };
    let not_integer = || Error::PortNotInteger { port: text.into() };
    let value = match rule {
        PortRule::AsciiDigits => {
            if !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(not_integer());
            }
            // `int(port)` refuses only more digits than its limit.
            if unicode.int_max_str_digits().is_some_and(|l| text.len() > l) {
                return Err(Error::Value {
                    message: unicode.int_limit_message(text.len()),
                });
            }
            text.bytes().try_fold(0u32, |acc, b| {
                acc.checked_mul(10)?.checked_add(u32::from(b - b'0'))
            })
        }
        // `int(port, 10)`: up to 3.7 its `ValueError` (the digit limit's
        // too) is the port's; later releases raise their own.
        PortRule::PythonInt => {
            python_int(text, bytes_input, unicode).map_err(|e| match (int_error, e) {
                (false, _) => not_integer(),
                (true, IntError::Invalid) => Error::InvalidIntLiteral { text: text.into() },
                (true, IntError::TooManyDigits(n)) => Error::Value {
                    message: unicode.int_limit_message(n),
                },
            })?
        }
    };
    match value {
        Some(v) if v <= 65535 => Ok(Some(v as u16)),
        _ => Err(Error::PortOutOfRange),
    }
}

/// The four attributes of a text netloc from one reading of it: the last
/// `@` is found once, and the host part is cut once.
pub(crate) fn attributes<'a>(netloc: &'a str, quirks: &Quirks) -> NetlocAttributes<'a> {
    let port = |text| {
        port_of(
            text,
            quirks.port,
            quirks.port_error_from_int,
            false,
            quirks.unicode,
        )
    };
    if let Some(cuts) = HostCuts::of(netloc) {
        let (username, password) = match cuts.at {
            Some(at) => {
                let (username, have_password, password) = partition(&netloc[..at], ':');
                (Some(username), have_password.then_some(password))
            }
            None => (None, None),
        };
        let port_text = cuts.host_and_port(netloc).1;
        return NetlocAttributes {
            username,
            password,
            hostname: cuts.hostname(netloc),
            port: match short_port(port_text) {
                Some(value) => Ok(value),
                None => port(Some(port_text)),
            },
        };
    }
    attributes_by_parts(netloc, quirks)
}

/// The port of the common port texts, which every release reads alike:
/// none (`Some(None)`), or one to five ASCII digits up to 65535. `None`
/// for any other text, which [`port_of`] reads by the profile's rules.
#[inline]
fn short_port(text: &str) -> Option<Option<u16>> {
    if text.is_empty() {
        return Some(None);
    }
    if text.len() > 5 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = text
        .bytes()
        .fold(0u32, |acc, b| acc * 10 + u32::from(b - b'0'));
    u16::try_from(value).ok().map(Some)
}

/// What `_userinfo` and `_hostinfo` cut an ASCII netloc without `%` at,
/// found in one pass (the named fast path of [`attributes_by_parts`],
/// held equal to it by `attributes_read_together_equal_each_alone`).
/// Each position after the last `@` is reset at every `@`.
#[derive(Debug, PartialEq, Eq)]
struct HostCuts {
    /// The last `@`.
    at: Option<usize>,
    /// The first `:` after it.
    colon: Option<usize>,
    /// The first `[` after it.
    open: Option<usize>,
    /// The first `]` after that `[`.
    close: Option<usize>,
    /// The first `:` after that `]`.
    colon_after_close: Option<usize>,
    /// Whether an uppercase letter follows the last `@`.
    upper: bool,
}

impl HostCuts {
    /// `None` for a netloc the general path must read (non-ASCII text, or
    /// a `%` that may start an IPv6 zone).
    #[inline]
    fn of(netloc: &str) -> Option<HostCuts> {
        match netloc_masks(netloc.as_bytes()) {
            Some(masks) => HostCuts::from_masks(masks),
            None => HostCuts::by_bytes(netloc),
        }
    }

    /// [`HostCuts::of`] from the bitmaps of a netloc of at most 64 bytes:
    /// what [`HostCuts::by_bytes`] finds, with bit arithmetic in place of
    /// its loop.
    #[inline(always)]
    fn from_masks(m: NetlocMasks) -> Option<HostCuts> {
        if m.slow != 0 {
            return None;
        }
        let first = |mask: u64| (mask != 0).then(|| mask.trailing_zeros() as usize);
        // Everything before the last `@` is forgotten.
        let at = (m.at != 0).then(|| 63 - m.at.leading_zeros() as usize);
        let after_at = at.map_or(u64::MAX, |at| bits_from(at + 1));
        let open = first(m.open & after_at);
        let close = open.and_then(|o| first(m.close & bits_from(o + 1)));
        Some(HostCuts {
            at,
            colon: first(m.colon & after_at),
            open,
            close,
            colon_after_close: close.and_then(|c| first(m.colon & bits_from(c + 1))),
            upper: m.upper & after_at != 0,
        })
    }

    /// [`HostCuts::of`] a byte at a time, for any length.
    fn by_bytes(netloc: &str) -> Option<HostCuts> {
        const NONE: HostCuts = HostCuts {
            at: None,
            colon: None,
            open: None,
            close: None,
            colon_after_close: None,
            upper: false,
        };
        let mut c = NONE;
        for (i, &b) in netloc.as_bytes().iter().enumerate() {
            match b {
                b'@' => {
                    c = HostCuts {
                        at: Some(i),
                        ..NONE
                    }
                }
                b':' => {
                    c.colon = c.colon.or(Some(i));
                    if c.close.is_some() {
                        c.colon_after_close = c.colon_after_close.or(Some(i));
                    }
                }
                b'[' => c.open = c.open.or(Some(i)),
                b']' if c.open.is_some() => c.close = c.close.or(Some(i)),
                b'A'..=b'Z' => c.upper = true,
                b'%' | 0x80.. => return None,
                _ => {}
            }
        }
        Some(c)
    }

    /// `hostname`: the host part, ASCII-lowercased (all these netlocs are
    /// ASCII), `None` when empty.
    fn hostname<'a>(&self, netloc: &'a str) -> Option<Cow<'a, str>> {
        let host = self.host_and_port(netloc).0;
        (!host.is_empty()).then(|| {
            if self.upper && host.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(host.to_ascii_lowercase())
            } else {
                Cow::Borrowed(host)
            }
        })
    }

    /// `_hostinfo`'s (hostname, port text) from the cuts.
    fn host_and_port<'a>(&self, netloc: &'a str) -> (&'a str, &'a str) {
        let start = self.at.map_or(0, |at| at + 1);
        match (self.open, self.close) {
            (Some(open), Some(close)) => (
                &netloc[open + 1..close],
                self.colon_after_close.map_or("", |c| &netloc[c + 1..]),
            ),
            (Some(open), None) => (&netloc[open + 1..], ""),
            (None, _) => match self.colon {
                Some(c) => (&netloc[start..c], &netloc[c + 1..]),
                None => (&netloc[start..], ""),
            },
        }
    }
}

/// [`attributes`] by CPython's own steps, for any netloc.
fn attributes_by_parts<'a>(netloc: &'a str, quirks: &Quirks) -> NetlocAttributes<'a> {
    let (userinfo, have_info, hostinfo) = rpartition(netloc, '@');
    let (username, password) = if have_info {
        let (username, have_password, password) = partition(userinfo, ':');
        (Some(username), have_password.then_some(password))
    } else {
        (None, None)
    };
    let (host, port_text) = host_and_port(hostinfo);
    NetlocAttributes {
        username,
        password,
        hostname: lowercase_host(host, false, quirks.unicode),
        port: port_of(
            port_text,
            quirks.port,
            quirks.port_error_from_int,
            false,
            quirks.unicode,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::unicode::{UNICODE_13_0_0, UNICODE_15_1_0};
    use super::*;

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
        let p = |s, r| port(s, r, false, false, &UNICODE_13_0_0);
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
        let long = format!("h:{}", "1".repeat(4301));
        assert!(matches!(
            p(&long, PortRule::PythonInt),
            Err(Error::PortNotInteger { .. })
        ));
        assert_eq!(
            p(&long, PortRule::AsciiDigits).map_err(|e| e.to_string()),
            Err(
                "Exceeds the limit (4300) for integer string conversion: value has 4301 digits; \
                 use sys.set_int_max_str_digits() to increase the limit"
                    .into()
            )
        );
    }

    #[test]
    fn attributes_read_together_equal_each_alone() {
        for profile in crate::urllib::Profile::ALL {
            let q = profile.quirks();
            for netloc in [
                "",
                "h",
                "H:80",
                "u@h",
                "u:p@h:1",
                "a@b@H:",
                "[::1]:80",
                "[FE80::1%Eth0]",
                "u:p:q@[x",
                "h: 80",
                "h:99999",
                "h:x",
                "@",
                ":",
                "\u{130}x.com",
                "u@h:+8_0",
            ] {
                let together = attributes(netloc, q);
                assert_eq!(together, attributes_by_parts(netloc, q), "{netloc}");
                assert_eq!(together.username, userinfo(netloc).0, "{netloc}");
                assert_eq!(together.password, userinfo(netloc).1, "{netloc}");
                assert_eq!(together.hostname, hostname(netloc, false, q.unicode));
                let alone = port(netloc, q.port, q.port_error_from_int, false, q.unicode);
                assert_eq!(together.port, alone, "{netloc} {profile:?}");
            }
        }
    }

    #[test]
    fn the_one_pass_cuts_equal_the_steps_on_every_short_netloc() {
        // Every netloc of up to five characters over the characters the
        // cuts look at.
        let alphabet = ['@', ':', '[', ']', '%', 'A', 'a', '1', 'é'];
        let q = crate::urllib::Profile::default().quirks();
        let mut netlocs = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = netlocs
                .iter()
                .filter(|n| n.chars().count() == netlocs.last().unwrap().chars().count())
                .flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}")))
                .collect();
            netlocs.extend(longer);
        }
        assert!(netlocs.len() > 60_000);
        for netloc in &netlocs {
            assert_eq!(
                attributes(netloc, q),
                attributes_by_parts(netloc, q),
                "{netloc:?}"
            );
        }
    }

    #[test]
    fn the_mask_cuts_equal_the_byte_loop() {
        // Random netlocs of every length the masks read (and past it), over
        // the bytes the cuts look at.
        let alphabet = ["@", ":", "[", "]", "%", "A", "Z", "a", "1", ".", "é"];
        let q = crate::urllib::Profile::default().quirks();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in 0..=70 {
            for _ in 0..300 {
                let mut netloc = String::new();
                while netloc.len() < len {
                    netloc.push_str(alphabet[(next() % 11) as usize]);
                }
                if let Some(masks) = netloc_masks(netloc.as_bytes()) {
                    let by_masks = HostCuts::from_masks(masks);
                    assert_eq!(by_masks, HostCuts::by_bytes(&netloc), "{netloc:?}");
                }
                assert_eq!(
                    attributes(&netloc, q),
                    attributes_by_parts(&netloc, q),
                    "{netloc:?}"
                );
            }
        }
    }

    #[test]
    fn the_short_port_reading_equals_every_release_rules() {
        // Every port text of up to six characters over digits and the
        // characters some release's `int()` takes around or between them.
        let alphabet = ['0', '5', '6', '9', ' ', '+', '_', '\u{0660}'];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..6 {
            last = last
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        let mut read_short = 0;
        for profile in crate::urllib::Profile::ALL {
            let q = profile.quirks();
            for text in &texts {
                let Some(short) = short_port(text) else {
                    continue;
                };
                read_short += 1;
                let general = port_of(
                    (!text.is_empty()).then_some(text),
                    q.port,
                    q.port_error_from_int,
                    false,
                    q.unicode,
                );
                assert_eq!(Ok(short), general, "{text:?} {profile:?}");
            }
        }
        assert!(read_short > 1000);
    }

    #[test]
    fn hostname_keeps_zone_case() {
        assert_eq!(
            hostname("[FE80::1%Eth0]", false, &UNICODE_15_1_0).as_deref(),
            Some("fe80::1%Eth0")
        );
        assert_eq!(hostname("u@:80", false, &UNICODE_15_1_0), None);
    }
}

//! The netloc attributes of `SplitResult` and `ParseResult`: `username`,
//! `password`, `hostname`, `port` (CPython's `_NetlocResultMixinStr`).
//!
//! The reference is CPython's own steps, as `Lib/urllib/parse.py` writes
//! them: [`userinfo`] and [`hostinfo`] (`_userinfo`, `_hostinfo`), then
//! [`hostname_of`] and [`port_of`] (the `hostname` and `port`
//! properties), all four together in [`attributes_by_steps`]. Everything
//! else here is a fast path of them, and says which; the property tests
//! (`netloc/tests.rs`) hold each to the reference on arbitrary netlocs
//! under every profile.

use std::borrow::Cow;

use super::text::{partition, rpartition};
use super::{Error, PortRule, Quirks, UnicodeTables};
use crate::scan::{bits_from, host_alone_within, netloc_masks, NetlocMasks};
use urlsyntax_pyruntime::int::{python_int, IntError};

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

/// `_userinfo`: (username, password). The reference.
pub(crate) fn userinfo(netloc: &str) -> (Option<&str>, Option<&str>) {
    userinfo_of(rpartition(netloc, '@'))
}

/// `_hostinfo`: (hostname, port), before lowercasing and port parsing.
/// The reference.
pub(crate) fn hostinfo(netloc: &str) -> (&str, Option<&str>) {
    hostinfo_of(rpartition(netloc, '@').2)
}

/// `_userinfo` after its `netloc.rpartition('@')`.
fn userinfo_of<'a>(
    (userinfo, have_info, _): (&'a str, bool, &str),
) -> (Option<&'a str>, Option<&'a str>) {
    if !have_info {
        return (None, None);
    }
    let (username, have_password, password) = partition(userinfo, ':');
    (Some(username), have_password.then_some(password))
}

/// `_hostinfo` after its `netloc.rpartition('@')`: the part after it.
fn hostinfo_of(hostinfo: &str) -> (&str, Option<&str>) {
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

/// The `hostname` property of the host `_hostinfo` found: lowercased
/// (`str.lower` under `unicode`, or ASCII only for bytes), except for an
/// IPv6 zone after `%`; `None` when empty. The reference.
fn hostname_of<'a>(
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

/// The `port` property of the port text `_hostinfo` found: `None` when
/// absent, the number, or CPython's `ValueError` (`int()`'s own when
/// `int_error`, 3.6 and 3.7). `bytes_input` selects `int(bytes)`'s ASCII
/// digits and whitespace. The reference.
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

/// The four attributes of a text netloc by CPython's steps. The
/// reference of [`attributes`].
fn attributes_by_steps<'a>(netloc: &'a str, quirks: &Quirks) -> NetlocAttributes<'a> {
    // `_userinfo` and `_hostinfo` both begin with this `rpartition`.
    let parts = rpartition(netloc, '@');
    let (username, password) = userinfo_of(parts);
    let (host, port_text) = hostinfo_of(parts.2);
    NetlocAttributes {
        username,
        password,
        hostname: hostname_of(host, false, quirks.codecs.unicode),
        port: port_of(
            port_text,
            quirks.port,
            quirks.port_error_from_int,
            false,
            quirks.codecs.unicode,
        ),
    }
}

/// `hostname`: a fast path of [`hostname_of`] of [`hostinfo`], through
/// [`HostCuts`] where they can read the netloc.
pub(crate) fn hostname<'a>(
    netloc: &'a str,
    ascii_only: bool,
    unicode: &UnicodeTables,
) -> Option<Cow<'a, str>> {
    match Reading::of(netloc) {
        Reading::Empty => None,
        Reading::HostAlone => Some(Cow::Borrowed(netloc)),
        Reading::Cuts(cuts) => cuts.hostname(netloc),
        Reading::Steps => hostname_of(hostinfo(netloc).0, ascii_only, unicode),
    }
}

/// `port`: a fast path of [`port_of`] of [`hostinfo`], through
/// [`HostCuts`] and [`short_port`] where they can read the netloc.
pub(crate) fn port(
    netloc: &str,
    rule: PortRule,
    int_error: bool,
    bytes_input: bool,
    unicode: &UnicodeTables,
) -> Result<Option<u16>, Error> {
    let text = match Reading::of(netloc) {
        Reading::Empty | Reading::HostAlone => return Ok(None),
        Reading::Cuts(cuts) => {
            let text = cuts.host_and_port(netloc).1;
            if let Some(value) = short_port(text) {
                return Ok(value);
            }
            Some(text)
        }
        Reading::Steps => hostinfo(netloc).1,
    };
    port_of(text, rule, int_error, bytes_input, unicode)
}

/// The four attributes of a text netloc from one reading of it: a fast
/// path of [`attributes_by_steps`], through [`HostCuts`] and
/// [`short_port`] where they can read the netloc.
pub(crate) fn attributes<'a>(netloc: &'a str, quirks: &Quirks) -> NetlocAttributes<'a> {
    let host_alone = |hostname| NetlocAttributes {
        username: None,
        password: None,
        hostname,
        port: Ok(None),
    };
    let cuts = match Reading::of(netloc) {
        Reading::Empty => return host_alone(None),
        Reading::HostAlone => return host_alone(Some(Cow::Borrowed(netloc))),
        Reading::Cuts(cuts) => cuts,
        Reading::Steps => return attributes_by_steps(netloc, quirks),
    };
    let (username, password) = cuts.userinfo(netloc);
    let port_text = cuts.host_and_port(netloc).1;
    NetlocAttributes {
        username,
        password,
        hostname: cuts.hostname(netloc),
        port: match short_port(port_text) {
            Some(value) => Ok(value),
            None => port_of(
                Some(port_text),
                quirks.port,
                quirks.port_error_from_int,
                false,
                quirks.codecs.unicode,
            ),
        },
    }
}

/// `netloc` is a part of `url` (by address) and a host alone: not empty,
/// without `@`, `:`, brackets, `%`, capitals or non-ASCII text, so that
/// it is its own hostname, with no userinfo and no port.
#[inline(always)]
pub(crate) fn is_host_alone_within(url: &str, netloc: &str) -> bool {
    let start = (netloc.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
    let within = start <= url.len() && netloc.len() <= url.len() - start;
    within && host_alone_within(url.as_bytes(), start..start + netloc.len())
}

/// A fast path of [`port_of`] for the common port texts, which every
/// release reads alike: none (`Some(None)`), or one to five ASCII digits
/// up to 65535. `None` for any other text.
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

/// How the fast paths read a netloc.
enum Reading {
    /// No netloc (`file:///p`, `mailto:x`, a path alone): no attribute,
    /// answered before any bitmap of it is built.
    Empty,
    /// A host alone: no `@`, `:`, bracket, `%`, capital or non-ASCII byte
    /// (most netlocs), not empty. It is its own hostname, with no
    /// userinfo and no port.
    HostAlone,
    /// The cuts of an ASCII netloc without `%`.
    Cuts(HostCuts),
    /// Only the reference reads it (non-ASCII text, or a `%` that may
    /// start an IPv6 zone).
    Steps,
}

impl Reading {
    #[inline(always)]
    fn of(netloc: &str) -> Reading {
        if netloc.is_empty() {
            return Reading::Empty;
        }
        let cuts = match netloc_masks(netloc.as_bytes()) {
            Some(m) if m.at | m.colon | m.open | m.close | m.slow | m.upper == 0 => {
                return Reading::HostAlone;
            }
            Some(m) => HostCuts::from_masks(m),
            None => HostCuts::by_bytes(netloc),
        };
        cuts.map_or(Reading::Steps, Reading::Cuts)
    }
}

/// Where [`userinfo`] and [`hostinfo`] cut an ASCII netloc without `%`,
/// found in one pass: a fast path of both. Each position after the last
/// `@` is reset at every `@`.
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
    /// No cut: a netloc that is a host alone, or empty.
    const NONE: HostCuts = HostCuts {
        at: None,
        colon: None,
        open: None,
        close: None,
        colon_after_close: None,
        upper: false,
    };

    /// The cuts from the bitmaps of a netloc of at most 64 bytes, with bit
    /// arithmetic in place of [`HostCuts::by_bytes`]'s loop.
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

    /// The cuts a byte at a time, for netlocs past the 64 bytes the masks
    /// read.
    fn by_bytes(netloc: &str) -> Option<HostCuts> {
        let mut c = HostCuts::NONE;
        for (i, &b) in netloc.as_bytes().iter().enumerate() {
            match b {
                b'@' => {
                    c = HostCuts {
                        at: Some(i),
                        ..HostCuts::NONE
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

    /// [`userinfo`] from the cuts.
    fn userinfo<'a>(&self, netloc: &'a str) -> (Option<&'a str>, Option<&'a str>) {
        match self.at {
            Some(at) => {
                let (username, have_password, password) = partition(&netloc[..at], ':');
                (Some(username), have_password.then_some(password))
            }
            None => (None, None),
        }
    }

    /// [`hostname_of`] the host from the cuts: ASCII-lowercased (all these
    /// netlocs are ASCII).
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

    /// [`hostinfo`] from the cuts, with an empty port text for none.
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

#[cfg(test)]
mod tests;

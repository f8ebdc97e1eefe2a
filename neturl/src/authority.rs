//! The authority of a Neturl URL, `[ user [ ":" password ] "@" ] host
//! [ ":" port ]`, as nom parsers over the login characters (the reader's
//! second step), and the port as OCaml's `int_of_string` reads it.

use super::read::{fail, scan_err, Read};
use super::{Component, Error};
use crate::grammar::neturl::{self as g, Classes};

/// A word of the authority, the byte that ended it (`None` at the end),
/// and whether it holds only host characters (so that, as the host, it
/// needs no second look).
type Word<'a> = (&'a str, Option<u8>, bool);

/// The login characters, with those that are no host characters marked.
static LOGIN_HOST: Classes = Classes::of(&g::LOGIN).marking(&g::HOST.accepted);

/// `neturl-authority-word = "[" *( %x00-5C / %x5E-FF ) "]" / login-word`,
/// and the separator after it: a `[` starts an IPv6 host, which runs to
/// its `]`; else the login characters (with the host characters told
/// apart) up to a separator (Ocamlnet's `collect_words`, one word).
fn authority_word(eight: bool) -> impl Fn(&str) -> Read<'_, Word<'_>> {
    move |i: &str| {
        let b = i.as_bytes();
        let (end, marked) = if b.first() == Some(&b'[') {
            match b.iter().position(|&c| c == b']') {
                Some(j) => {
                    let end = j + 1;
                    if end < b.len() && g::LOGIN.category(b[end]) != g::Category::Separator {
                        return fail(Error::malformed(Component::Host, "junk after ']'"));
                    }
                    (end, true)
                }
                None => return fail(Error::malformed(Component::Host, "'[' without ']'")),
            }
        } else {
            match LOGIN_HOST.scan_marking(b, 0, eight) {
                Ok(found) => found,
                Err(e) => return fail(scan_err(Component::Host, e)),
            }
        };
        let Some((word, rest)) = i.split_at_checked(end) else {
            return fail(Error::malformed(Component::Host, "'[' without ']'"));
        };
        let sep = rest.as_bytes().first().copied();
        // The separator is consumed, except one that ends the authority.
        let rest = match sep {
            None | Some(b'/' | b'?' | b'#') => rest,
            Some(_) => &rest[1..],
        };
        Ok((rest, (word, sep, !marked)))
    }
}

/// The authority's parts, as [`authority`] reads them.
#[derive(Default)]
pub(super) struct Authority<'a> {
    pub(super) userinfo: Option<&'a str>,
    pub(super) password: Option<&'a str>,
    pub(super) host: &'a str,
    /// The host holds only host characters.
    pub(super) host_checked: bool,
    pub(super) port: Option<&'a str>,
}

/// `neturl-authority = [ user [ ":" password ] "@" ] host [ ":" port ]`
/// after `//`: up to four [`authority_word`]s, until one is ended by `/`,
/// `?`, `#` or the end, matched against the shapes the rule allows.
pub(super) fn authority(eight: bool) -> impl Fn(&str) -> Read<'_, Authority<'_>> {
    #[inline(always)]
    move |mut i: &str| {
        // At most four words fit `[user[:password]@]host[:port]`; more are
        // counted, to be refused.
        let mut words: [Word<'_>; 4] = [("", None, false); 4];
        let mut n = 0;
        loop {
            let (rest, w) = authority_word(eight)(i)?;
            if n < words.len() {
                words[n] = w;
            }
            n += 1;
            i = rest;
            if matches!(w.1, None | Some(b'/' | b'?' | b'#')) {
                break;
            }
        }
        let words: &[Word<'_>] = if n <= 4 { &words[..n] } else { &[] };
        let at = |w: Word<'_>, sep: u8| w.1 == Some(sep);
        let mut a = Authority::default();
        match *words {
            [h] => (a.host, a.host_checked) = (h.0, h.2),
            [h, p] if at(h, b':') => {
                (a.host, a.host_checked) = (h.0, h.2);
                a.port = Some(p.0);
            }
            [u, h] if at(u, b'@') => {
                a.userinfo = Some(u.0);
                (a.host, a.host_checked) = (h.0, h.2);
            }
            [u, h, p] if at(u, b'@') && at(h, b':') => {
                a.userinfo = Some(u.0);
                (a.host, a.host_checked) = (h.0, h.2);
                a.port = Some(p.0);
            }
            [u, pw, h] if at(u, b':') && at(pw, b'@') => {
                a.userinfo = Some(u.0);
                a.password = Some(pw.0);
                (a.host, a.host_checked) = (h.0, h.2);
            }
            [u, pw, h, p] if at(u, b':') && at(pw, b'@') && at(h, b':') => {
                a.userinfo = Some(u.0);
                a.password = Some(pw.0);
                (a.host, a.host_checked) = (h.0, h.2);
                a.port = Some(p.0);
            }
            _ => {
                return fail(Error::malformed(
                    Component::Host,
                    "the authority is not [user[:password]@]host[:port]",
                ))
            }
        }
        // The authority is scanned with brackets taken as an IPv6 host, so
        // a bracket may end up in the user or password, where Neturl's
        // login characters do not allow it (`http://[::1]@h/` is malformed,
        // as in Ocamlnet; found by tests/hostile/).
        if [a.userinfo, a.password]
            .iter()
            .flatten()
            .any(|w| w.contains(['[', ']']))
        {
            return fail(Error::malformed(
                Component::User,
                "contains a character that must be %-encoded",
            ));
        }
        Ok((i, a))
    }
}

/// OCaml's `int_of_string` on a port, then the range check 0..65535.
pub(super) fn parse_port(p: &str) -> Result<u16, Error> {
    let bad = || Error::malformed(Component::Port, "not a number");
    let (neg, rest) = match p.as_bytes().first() {
        Some(b'-') => (true, &p[1..]),
        Some(b'+') => (false, &p[1..]),
        _ => (false, p),
    };
    let (radix, digits) = match rest.get(..2) {
        Some("0x" | "0X") => (16, &rest[2..]),
        Some("0o" | "0O") => (8, &rest[2..]),
        Some("0b" | "0B") => (2, &rest[2..]),
        Some("0u" | "0U") => (10, &rest[2..]),
        _ => (10, rest),
    };
    let mut chars = digits.chars();
    match chars.next() {
        Some(c) if c.is_digit(radix) => {}
        _ => return Err(bad()),
    }
    let mut v: u128 = 0;
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let d = c.to_digit(radix).ok_or_else(bad)?;
        v = v * u128::from(radix) + u128::from(d);
        if v > u128::from(u64::MAX) {
            return Err(bad());
        }
    }
    // OCaml ints have 63 bits: any accepted value outside 0..65535 is
    // refused by the range check (or by int_of_string itself).
    if v > 65535 || (neg && v != 0) {
        return Err(Error::malformed(Component::Port, "not in 0..65535"));
    }
    Ok(v as u16)
}

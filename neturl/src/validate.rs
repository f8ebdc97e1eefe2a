//! The checks every Neturl URL passes, built or parsed: each part's bytes
//! against its character classes (from the syntax's separators), which
//! parts the syntax recognizes and requires, the syntax's constraint, and
//! the path's shape.

use super::classes::{other_cats, path_cats, query_cats, HOST, IPV6, LOGIN, SCHEME};
use super::{Component, Error, Fields, ListSrc, Part, Url};
use crate::grammar::neturl::{self as g, Classes};
use crate::scan::low_bit_of_each_byte;

fn check_word(s: &str, cats: &Classes, eight: bool, part: Component) -> Result<(), Error> {
    match cats.scan(s.as_bytes(), 0, eight) {
        Ok(k) if k == s.len() => Ok(()),
        Ok(_) => Err(Error::malformed(part, "contains a separator character")),
        Err(g::ScanError::Rejected(_)) => Err(Error::malformed(
            part,
            "contains a character that must be %-encoded",
        )),
        Err(g::ScanError::BadEscape(_)) => Err(Error::malformed(
            part,
            "a '%' is not followed by two hex digits",
        )),
    }
}

fn check_list(
    l: ListSrc<'_>,
    cats: &Classes,
    eight: bool,
    sep: char,
    part: Component,
) -> Result<(), Error> {
    for s in l.items(sep) {
        check_word(s, cats, eight, part)?;
        if s.contains(sep) {
            return Err(Error::malformed(part, "a component contains its separator"));
        }
    }
    Ok(())
}

fn check_host(h: &str, eight: bool) -> Result<(), Error> {
    if h.len() >= 2 && h.starts_with('[') && h.ends_with(']') {
        // 8-bit bytes are never taken between the brackets.
        check_word(&h[1..h.len() - 1], &IPV6, false, Component::Host)
    } else {
        check_word(h, &HOST, eight, Component::Host)
    }
}

/// Everything `modify_url` checks, on the parts `f` that `u` was
/// assembled from (the printed form leaves out parts that cannot be
/// printed, such as a user without a host, and these must be refused).
/// `host_given`: whether the caller passed a host (Ocamlnet looks at its
/// `?host` argument, not at the URL, when it allows a path starting with
/// `//`).
pub(crate) fn validate(u: &Url, f: &Fields<'_>, host_given: bool) -> Result<(), Error> {
    validate_with(u, f, host_given)
}

/// [`validate`] for a URL [`Url::parse_with`] just cut out of a string.
/// Its scheme, user, user params, password, path, params, query,
/// fragment and `other` were each scanned with the categories `validate`
/// checks them with (or stricter ones: the parser also stopped at the
/// separators `validate` refuses inside a component), with the same 8-bit
/// rule, and a `%` escape never spans a cut since its hex digits are no
/// separators: their checks cannot fail and are skipped. The host is still
/// checked (the parser takes login characters, the host check is
/// stricter) unless `host_checked` (the parser saw only host characters
/// in it), and so is everything else.
pub(crate) fn validate_parsed(u: &Url, host_given: bool, host_checked: bool) -> Result<(), Error> {
    let present = bits([
        u.scheme.is_some(),
        u.user.is_some(),
        u.user_param.is_some(),
        u.password.is_some(),
        u.host.is_some(),
        u.port.is_some(),
        u.path.is_some(),
        u.param.is_some(),
        u.query.is_some(),
        u.fragment.is_some(),
        u.other.is_some(),
    ]);
    check_presence(u, present)?;
    if let (Some(h), false) = (u.host(), host_checked) {
        check_host(h, u.syntax.accepts_8bits)?;
    }
    let lead = PathLead::of(ListSrc::Joined(u.path.of(&u.text)));
    check_path_shape(
        lead,
        present & HOST_BIT != 0,
        present & PARAM_BIT != 0,
        host_given,
    )
}

/// The parts in Neturl's order (that of [`Syntax::parts`]).
const PARTS: [Component; 11] = [
    Component::Scheme,
    Component::User,
    Component::UserParam,
    Component::Password,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Param,
    Component::Query,
    Component::Fragment,
    Component::Other,
];

/// Bit `i` set for the parts of `settings` that are recognized, and for
/// those that are required, from the discriminants (0 not recognized, 1
/// allowed, 2 required) packed a byte a part: a few word operations
/// instead of a loop of eleven.
fn recognized_and_required(settings: [Part; 11]) -> (u16, u16) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let gather = |x: u64| low_bit_of_each_byte(x) as u16;
    let word = |parts: &[Part]| {
        parts
            .iter()
            .enumerate()
            .fold(0u64, |w, (k, &p)| w | (p as u64) << (8 * k))
    };
    let (lo, hi) = (word(&settings[..8]), word(&settings[8..]));
    // Recognized: either bit of the discriminant; required: bit 1.
    let recognized = |w: u64| gather((w | w >> 1) & ONES);
    let required = |w: u64| gather((w >> 1) & ONES);
    (
        recognized(lo) | recognized(hi) << 8,
        required(lo) | required(hi) << 8,
    )
}

/// One bit a part, in the order of [`PARTS`].
#[inline(always)]
fn bits(flags: [bool; 11]) -> u16 {
    let mut m = 0;
    for (i, f) in flags.into_iter().enumerate() {
        m |= u16::from(f) << i;
    }
    m
}

const USER_BIT: u16 = 1 << 1;
const USER_PARAM_BIT: u16 = 1 << 2;
const PASSWORD_BIT: u16 = 1 << 3;
const HOST_BIT: u16 = 1 << 4;
const PORT_BIT: u16 = 1 << 5;
const PARAM_BIT: u16 = 1 << 7;

/// The checks of [`validate`] on which parts are there (`present`, one
/// bit a part as [`bits`] makes them), and the syntax's own check.
fn check_presence(u: &Url, present: u16) -> Result<(), Error> {
    let syn = &u.syntax;
    let settings = [
        syn.scheme,
        syn.user,
        syn.user_param,
        syn.password,
        syn.host,
        syn.port,
        syn.path,
        syn.param,
        syn.query,
        syn.fragment,
        syn.other,
    ];
    // Most URLs conform, and the masks tell it without a branch a part.
    let (recognized, required) = recognized_and_required(settings);
    if (present & !recognized) | (!present & required) != 0 {
        for (i, (setting, part)) in settings.into_iter().zip(PARTS).enumerate() {
            let present = present & (1 << i) != 0;
            if present && !setting.recognized() {
                return Err(Error::malformed(
                    part,
                    "the syntax does not recognize this part",
                ));
            }
            if !present && setting.required() {
                return Err(Error::malformed(part, "the syntax requires this part"));
            }
        }
    }
    // The check sees the URL as printed. It can only differ from the
    // parts when these are refused below anyway (a list item holding its
    // separator, a part that needs another).
    if let Some(c) = syn.constraint {
        if !c.allows_path_items(u.path().len()) {
            return Err(Error::malformed(
                Component::Url,
                "the syntax's validity check refused the URL",
            ));
        }
    }
    let has = |bit: u16| present & bit != 0;
    let (user, user_param, password, host, port) = (
        has(USER_BIT),
        has(USER_PARAM_BIT),
        has(PASSWORD_BIT),
        has(HOST_BIT),
        has(PORT_BIT),
    );
    if password && !user {
        return Err(Error::malformed(
            Component::Password,
            "a password needs a user",
        ));
    }
    if user_param && !user {
        return Err(Error::malformed(
            Component::UserParam,
            "user parameters need a user",
        ));
    }
    if user && !host {
        return Err(Error::malformed(Component::User, "a user needs a host"));
    }
    if port && !host {
        return Err(Error::malformed(Component::Port, "a port needs a host"));
    }
    Ok(())
}

fn validate_with(u: &Url, f: &Fields<'_>, host_given: bool) -> Result<(), Error> {
    let syn = &u.syntax;
    check_presence(
        u,
        bits([
            f.scheme.is_some(),
            f.user.is_some(),
            !f.user_param.is_empty(),
            f.password.is_some(),
            f.host.is_some(),
            f.port.is_some(),
            !f.path.is_empty(),
            !f.param.is_empty(),
            f.query.is_some(),
            f.fragment.is_some(),
            f.other.is_some(),
        ]),
    )?;
    let eight = syn.accepts_8bits;
    if let Some(s) = f.scheme {
        check_word(s, &SCHEME, eight, Component::Scheme)?;
    }
    if let Some(s) = f.user {
        check_word(s, &LOGIN, eight, Component::User)?;
    }
    check_list(f.user_param, &LOGIN, eight, ';', Component::UserParam)?;
    if let Some(s) = f.password {
        check_word(s, &LOGIN, eight, Component::Password)?;
    }
    if let Some(h) = f.host {
        check_host(h, eight)?;
    }
    let pc = path_cats(syn);
    if let Some(q) = f.query {
        check_word(q, query_cats(syn), eight, Component::Query)?;
    }
    if let Some(fr) = f.fragment {
        check_word(fr, pc, eight, Component::Fragment)?;
    }
    if let Some(o) = f.other {
        check_word(o, other_cats(syn), eight, Component::Other)?;
    }
    check_list(f.param, pc, eight, ';', Component::Param)?;
    check_list(f.path, pc, eight, '/', Component::Path)?;
    check_path_shape(
        PathLead::of(f.path),
        f.host.is_some(),
        !f.param.is_empty(),
        host_given,
    )
}

/// Whether the first two items of a path are empty (`None`: no such
/// item), and whether more follow (told only after two empty items):
/// what [`check_path_shape`] looks at.
#[derive(Clone, Copy)]
struct PathLead {
    first: Option<bool>,
    second: Option<bool>,
    more: bool,
}

impl PathLead {
    fn of(l: ListSrc<'_>) -> PathLead {
        match l {
            ListSrc::Items(l) => PathLead {
                first: l.first().map(String::is_empty),
                second: l.get(1).map(String::is_empty),
                more: l.len() > 2,
            },
            ListSrc::Joined(None) => PathLead {
                first: None,
                second: None,
                more: false,
            },
            ListSrc::Joined(Some(t)) => match t.as_bytes() {
                // `[""]`
                [] => PathLead {
                    first: Some(true),
                    second: None,
                    more: false,
                },
                // `["", ""]`
                [b'/'] => PathLead {
                    first: Some(true),
                    second: Some(true),
                    more: false,
                },
                // `["", "", ...]`
                [b'/', b'/', ..] => PathLead {
                    first: Some(true),
                    second: Some(true),
                    more: true,
                },
                // `["", "x", ...]`
                [b'/', ..] => PathLead {
                    first: Some(true),
                    second: Some(false),
                    more: false,
                },
                // `["x", ...]`
                _ => PathLead {
                    first: Some(false),
                    second: None,
                    more: false,
                },
            },
        }
    }
}

/// The last checks of [`validate`]: what the path may look like.
fn check_path_shape(
    lead: PathLead,
    has_host: bool,
    has_param: bool,
    host_given: bool,
) -> Result<(), Error> {
    match (lead.first, lead.second) {
        (None, _) => {
            if has_host && has_param {
                return Err(Error::malformed(
                    Component::Param,
                    "params need a path when there is a host",
                ));
            }
        }
        (Some(true), Some(true)) => {
            if !lead.more {
                return Err(Error::malformed(
                    Component::Path,
                    "the path [\"\"; \"\"] is illegal",
                ));
            }
            if !host_given {
                return Err(Error::malformed(
                    Component::Path,
                    "a path starting with \"//\" needs a host",
                ));
            }
        }
        (Some(true), _) => {}
        _ => {
            if has_host {
                return Err(Error::malformed(
                    Component::Path,
                    "a relative path cannot follow a host",
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

//! Building and changing URLs: `make_url`, `modify_url`, `remove_from_url`,
//! `default_url`, `undefault_url`, and the checks every URL passes.

use std::net::IpAddr;

use super::addr::{format_inet_addr, SockSymbol};
use super::escape::encode;
use super::{Component, Error, Syntax, Url};
use crate::grammar::neturl::{self as g, Cats};

/// Whether the string parts given to a builder are already %-encoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// The parts are plain text; problematic bytes are %-encoded (`~encoded:false`).
    #[default]
    Decoded,
    /// The parts are %-encoded already; the encoding is checked (`~encoded:true`).
    Encoded,
}

/// The parts given to [`Url::build`], [`Url::modify`], [`Url::with_defaults`]
/// and [`Url::without_defaults`]; `None` = not given.
///
/// `socksymbol` wins over `addr`, which wins over `host`; `socksymbol` also
/// wins over `port`. `scheme` and `host` are never %-encoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// The scheme.
    pub scheme: Option<String>,
    /// The user name.
    pub user: Option<String>,
    /// The user parameters (`;p` after the user); an empty list removes them.
    pub user_param: Option<Vec<String>>,
    /// The password.
    pub password: Option<String>,
    /// The host: a name, a dotted quad, or an IPv6 address in brackets.
    pub host: Option<String>,
    /// The host as an address.
    pub addr: Option<IpAddr>,
    /// The port (0 to 65535; others are malformed).
    pub port: Option<i64>,
    /// Host and port together.
    pub socksymbol: Option<SockSymbol>,
    /// The path components (see [`Url::path`]); an empty list removes it.
    pub path: Option<Vec<String>>,
    /// The parameters (`;p` after the path); an empty list removes them.
    pub param: Option<Vec<String>>,
    /// The query.
    pub query: Option<String>,
    /// The fragment.
    pub fragment: Option<String>,
    /// The `other` part (e.g. the address of a `mailto:` URL).
    pub other: Option<String>,
}

/// Which parts to remove ([`Url::remove`]) or ask for ([`Url::provides`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Remove {
    /// The scheme.
    pub scheme: bool,
    /// The user name.
    pub user: bool,
    /// The user parameters.
    pub user_param: bool,
    /// The password.
    pub password: bool,
    /// The host.
    pub host: bool,
    /// The port.
    pub port: bool,
    /// The path.
    pub path: bool,
    /// The parameters.
    pub param: bool,
    /// The query.
    pub query: bool,
    /// The fragment.
    pub fragment: bool,
    /// The `other` part.
    pub other: bool,
}

fn check_word(s: &str, cats: &Cats, eight: bool, part: Component) -> Result<(), Error> {
    match g::scan_word(s.as_bytes(), 0, cats, eight) {
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
    l: &[String],
    cats: &Cats,
    eight: bool,
    sep: u8,
    part: Component,
) -> Result<(), Error> {
    for s in l {
        check_word(s, cats, eight, part)?;
        if s.as_bytes().contains(&sep) {
            return Err(Error::malformed(part, "a component contains its separator"));
        }
    }
    Ok(())
}

/// Neturl's separators of the path-like parts: `;` when params, `?` when
/// queries, `#` when fragments are recognized.
pub(crate) fn separators(syn: &Syntax) -> Separators {
    let mut v = Separators {
        bytes: [0; 3],
        len: 0,
    };
    for (on, b) in [
        (syn.param.recognized(), b';'),
        (syn.query.recognized(), b'?'),
        (syn.fragment.recognized(), b'#'),
    ] {
        if on {
            v.bytes[v.len] = b;
            v.len += 1;
        }
    }
    v
}

/// The result of [`separators`]: at most three bytes, kept on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Separators {
    bytes: [u8; 3],
    len: usize,
}

impl std::ops::Deref for Separators {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// The categories of path components, params and fragments under `syn`.
pub(crate) fn path_cats(syn: &Syntax, extra: &[u8]) -> Cats {
    g::PATH
        .with_separators(&separators(syn))
        .with_separators(extra)
}

/// The categories of the query: only `#` (when fragments are recognized)
/// ends it.
pub(crate) fn query_cats(syn: &Syntax) -> Cats {
    if syn.fragment.recognized() {
        g::PATH.with_separators(b"#")
    } else {
        g::PATH
    }
}

/// The categories of `other`: the path characters without `~`, plus the
/// separators of the recognized parts as ordinary characters.
pub(crate) fn other_cats(syn: &Syntax) -> Cats {
    Cats {
        accepted: g::OTHER.accepted.with(&separators(syn)),
        separators: g::OTHER.separators,
    }
}

fn check_host(h: &str, eight: bool) -> Result<(), Error> {
    if h.len() >= 2 && h.starts_with('[') && h.ends_with(']') {
        // 8-bit bytes are never taken between the brackets.
        check_word(&h[1..h.len() - 1], &g::IPV6, false, Component::Host)
    } else {
        check_word(h, &g::HOST, eight, Component::Host)
    }
}

/// Everything `modify_url` checks. `host_given`: whether the caller passed
/// a host (Ocamlnet looks at its `?host` argument, not at the URL, when it
/// allows a path starting with `//`).
pub(crate) fn validate(u: &Url, host_given: bool) -> Result<(), Error> {
    validate_with(u, host_given, true)
}

/// [`validate`] for a URL [`Url::parse_with`] just cut out of a string.
/// Its scheme, user, user params, password, path, params, query,
/// fragment and `other` were each scanned with the categories `validate`
/// checks them with (or stricter ones: the parser also stopped at the
/// separators `validate` refuses inside a component), with the same 8-bit
/// rule, and a `%` escape never spans a cut since its hex digits are no
/// separators: their checks cannot fail and are skipped. The host is still
/// checked (the parser takes login characters, the host check is
/// stricter), and so is everything else.
pub(crate) fn validate_parsed(u: &Url, host_given: bool) -> Result<(), Error> {
    validate_with(u, host_given, false)
}

fn validate_with(u: &Url, host_given: bool, check_chars: bool) -> Result<(), Error> {
    let syn = &u.syntax;
    let conform = [
        (u.scheme.is_some(), syn.scheme, Component::Scheme),
        (u.user.is_some(), syn.user, Component::User),
        (
            !u.user_param.is_empty(),
            syn.user_param,
            Component::UserParam,
        ),
        (u.password.is_some(), syn.password, Component::Password),
        (u.host.is_some(), syn.host, Component::Host),
        (u.port.is_some(), syn.port, Component::Port),
        (!u.path.is_empty(), syn.path, Component::Path),
        (!u.param.is_empty(), syn.param, Component::Param),
        (u.query.is_some(), syn.query, Component::Query),
        (u.fragment.is_some(), syn.fragment, Component::Fragment),
        (u.other.is_some(), syn.other, Component::Other),
    ];
    for (present, setting, part) in conform {
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
    if let Some(v) = &syn.is_valid {
        if !v.check(u) {
            return Err(Error::malformed(
                Component::Url,
                "the syntax's validity check refused the URL",
            ));
        }
    }
    if u.password.is_some() && u.user.is_none() {
        return Err(Error::malformed(
            Component::Password,
            "a password needs a user",
        ));
    }
    if !u.user_param.is_empty() && u.user.is_none() {
        return Err(Error::malformed(
            Component::UserParam,
            "user parameters need a user",
        ));
    }
    if u.user.is_some() && u.host.is_none() {
        return Err(Error::malformed(Component::User, "a user needs a host"));
    }
    if u.port.is_some() && u.host.is_none() {
        return Err(Error::malformed(Component::Port, "a port needs a host"));
    }
    let eight = syn.accepts_8bits;
    if !check_chars {
        if let Some(h) = &u.host {
            check_host(h, eight)?;
        }
        return check_path_shape(u, host_given);
    }
    if let Some(s) = &u.scheme {
        check_word(s, &g::SCHEME, eight, Component::Scheme)?;
    }
    if let Some(s) = &u.user {
        check_word(s, &g::LOGIN, eight, Component::User)?;
    }
    check_list(&u.user_param, &g::LOGIN, eight, b';', Component::UserParam)?;
    if let Some(s) = &u.password {
        check_word(s, &g::LOGIN, eight, Component::Password)?;
    }
    if let Some(h) = &u.host {
        check_host(h, eight)?;
    }
    let pc = path_cats(syn, &[]);
    if let Some(q) = &u.query {
        check_word(q, &query_cats(syn), eight, Component::Query)?;
    }
    if let Some(f) = &u.fragment {
        check_word(f, &pc, eight, Component::Fragment)?;
    }
    if let Some(o) = &u.other {
        check_word(o, &other_cats(syn), eight, Component::Other)?;
    }
    check_list(&u.param, &pc, eight, b';', Component::Param)?;
    check_list(&u.path, &pc, eight, b'/', Component::Path)?;
    check_path_shape(u, host_given)
}

/// The last checks of [`validate`]: what the path may look like.
fn check_path_shape(u: &Url, host_given: bool) -> Result<(), Error> {
    match u.path.as_slice() {
        [] => {
            if u.host.is_some() && !u.param.is_empty() {
                return Err(Error::malformed(
                    Component::Param,
                    "params need a path when there is a host",
                ));
            }
        }
        [a, b] if a.is_empty() && b.is_empty() => {
            return Err(Error::malformed(
                Component::Path,
                "the path [\"\"; \"\"] is illegal",
            ));
        }
        [a, b, ..] if a.is_empty() && b.is_empty() => {
            if !host_given {
                return Err(Error::malformed(
                    Component::Path,
                    "a path starting with \"//\" needs a host",
                ));
            }
        }
        [a, ..] if a.is_empty() => {}
        _ => {
            if u.host.is_some() {
                return Err(Error::malformed(
                    Component::Path,
                    "a relative path cannot follow a host",
                ));
            }
        }
    }
    Ok(())
}

fn enc(s: &Option<String>, encoding: Encoding, plus: bool) -> Option<String> {
    match encoding {
        Encoding::Encoded => s.clone(),
        Encoding::Decoded => s.as_ref().map(|x| encode(x.as_bytes(), plus)),
    }
}

fn enc_list(l: &Option<Vec<String>>, encoding: Encoding) -> Option<Vec<String>> {
    match encoding {
        Encoding::Encoded => l.clone(),
        Encoding::Decoded => l
            .as_ref()
            .map(|l| l.iter().map(|x| encode(x.as_bytes(), false)).collect()),
    }
}

fn port_of(p: i64) -> Result<u16, Error> {
    u16::try_from(p).map_err(|_| Error::malformed(Component::Port, "not in 0..65535"))
}

impl Url {
    /// `make_url`: a URL of `syntax` from `parts`. The syntax must satisfy
    /// [`Syntax::is_valid`] (else `Invalid_argument`), and the URL must
    /// conform to it (else `Malformed_URL`).
    pub fn build(syntax: &Syntax, parts: &Parts, encoding: Encoding) -> Result<Url, Error> {
        if !syntax.is_valid() {
            return Err(Error::InvalidArgument {
                function: "make_url",
                reason: "the syntax descriptor is not valid",
            });
        }
        Url::null().modify(parts, encoding, Some(syntax))
    }

    /// `modify_url`: the URL with the given parts replaced (and with
    /// `syntax`, if given). The result must conform to the syntax.
    pub fn modify(
        &self,
        parts: &Parts,
        encoding: Encoding,
        syntax: Option<&Syntax>,
    ) -> Result<Url, Error> {
        let (host, port) = match &parts.socksymbol {
            Some(SockSymbol::Inet(a, p)) => (Some(host_of_addr(a)), Some(i64::from(*p))),
            Some(SockSymbol::InetByName(h, p)) => (Some(h.clone()), Some(i64::from(*p))),
            None => (
                parts
                    .addr
                    .as_ref()
                    .map(host_of_addr)
                    .or_else(|| parts.host.clone()),
                parts.port,
            ),
        };
        let port = match port {
            Some(p) => Some(port_of(p)?),
            None => self.port,
        };
        let u = Url {
            syntax: syntax.cloned().unwrap_or_else(|| self.syntax.clone()),
            scheme: parts.scheme.clone().or_else(|| self.scheme.clone()),
            user: enc(&parts.user, encoding, false).or_else(|| self.user.clone()),
            user_param: enc_list(&parts.user_param, encoding)
                .unwrap_or_else(|| self.user_param.clone()),
            password: enc(&parts.password, encoding, false).or_else(|| self.password.clone()),
            host: host.clone().or_else(|| self.host.clone()),
            port,
            path: enc_list(&parts.path, encoding).unwrap_or_else(|| self.path.clone()),
            param: enc_list(&parts.param, encoding).unwrap_or_else(|| self.param.clone()),
            query: enc(&parts.query, encoding, true).or_else(|| self.query.clone()),
            fragment: enc(&parts.fragment, encoding, false).or_else(|| self.fragment.clone()),
            other: enc(&parts.other, encoding, false).or_else(|| self.other.clone()),
        };
        validate(&u, host.is_some())?;
        Ok(u)
    }

    /// `remove_from_url`: the URL without the parts flagged in `which`.
    pub fn remove(&self, which: &Remove) -> Result<Url, Error> {
        let keep = |flag: bool, v: &Option<String>| if flag { None } else { v.clone() };
        let keep_list = |flag: bool, v: &Vec<String>| if flag { None } else { Some(v.clone()) };
        let parts = Parts {
            scheme: keep(which.scheme, &self.scheme),
            user: keep(which.user, &self.user),
            user_param: keep_list(which.user_param, &self.user_param),
            password: keep(which.password, &self.password),
            host: keep(which.host, &self.host),
            port: if which.port {
                None
            } else {
                self.port.map(i64::from)
            },
            path: keep_list(which.path, &self.path),
            param: keep_list(which.param, &self.param),
            query: keep(which.query, &self.query),
            fragment: keep(which.fragment, &self.fragment),
            other: keep(which.other, &self.other),
            ..Parts::default()
        };
        Url::build(&self.syntax, &parts, Encoding::Encoded)
    }

    /// `default_url`: the URL with the missing parts taken from `defaults`
    /// (decoded defaults are encoded with `+` for spaces, as Ocamlnet does).
    pub fn with_defaults(&self, defaults: &Parts, encoding: Encoding) -> Result<Url, Error> {
        let e = |v: &Option<String>| enc(v, encoding, true);
        let el = |v: &Option<Vec<String>>| match encoding {
            Encoding::Encoded => v.clone().unwrap_or_default(),
            Encoding::Decoded => v
                .iter()
                .flatten()
                .map(|x| encode(x.as_bytes(), true))
                .collect(),
        };
        let or = |cur: &Option<String>, d: Option<String>| cur.clone().or(d);
        let or_list =
            |cur: &Vec<String>, d: Vec<String>| if cur.is_empty() { d } else { cur.clone() };
        let parts = Parts {
            scheme: or(&self.scheme, defaults.scheme.clone()),
            user: or(&self.user, e(&defaults.user)),
            user_param: Some(or_list(&self.user_param, el(&defaults.user_param))),
            password: or(&self.password, e(&defaults.password)),
            host: or(&self.host, defaults.host.clone()),
            port: self.port.map(i64::from).or(defaults.port),
            path: Some(or_list(&self.path, el(&defaults.path))),
            param: Some(or_list(&self.param, el(&defaults.param))),
            query: or(&self.query, e(&defaults.query)),
            fragment: or(&self.fragment, e(&defaults.fragment)),
            other: or(&self.other, e(&defaults.other)),
            ..Parts::default()
        };
        Url::build(&self.syntax, &parts, Encoding::Encoded)
    }

    /// `undefault_url`: the URL without the parts equal to the given
    /// (encoded) values.
    pub fn without_defaults(&self, values: &Parts) -> Result<Url, Error> {
        let rm = |cur: &Option<String>, v: &Option<String>| match (cur, v) {
            (Some(c), Some(v)) if c == v => None,
            _ => cur.clone(),
        };
        let rm_list = |cur: &Vec<String>, v: &Option<Vec<String>>| match v {
            Some(v) if v == cur => Vec::new(),
            _ => cur.clone(),
        };
        let parts = Parts {
            scheme: rm(&self.scheme, &values.scheme),
            user: rm(&self.user, &values.user),
            user_param: Some(rm_list(&self.user_param, &values.user_param)),
            password: rm(&self.password, &values.password),
            host: rm(&self.host, &values.host),
            port: match (self.port, values.port) {
                (Some(c), Some(v)) if i64::from(c) == v => None,
                (c, _) => c.map(i64::from),
            },
            path: Some(rm_list(&self.path, &values.path)),
            param: Some(rm_list(&self.param, &values.param)),
            query: rm(&self.query, &values.query),
            fragment: rm(&self.fragment, &values.fragment),
            other: rm(&self.other, &values.other),
            ..Parts::default()
        };
        Url::build(&self.syntax, &parts, Encoding::Encoded)
    }
}

fn host_of_addr(a: &IpAddr) -> String {
    match a {
        IpAddr::V4(_) => format_inet_addr(a),
        IpAddr::V6(_) => format!("[{}]", format_inet_addr(a)),
    }
}

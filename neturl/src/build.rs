//! Building and changing URLs: `make_url`, `modify_url`, `remove_from_url`,
//! `default_url` and `undefault_url` (the checks are in `validate.rs`).

use std::net::IpAddr;

use super::addr::{format_inet_addr, SockSymbol};
use super::escape::encode;
use super::validate::validate;
use super::{Error, Fields, ListSrc, StrList, Syntax, Url};

/// Whether the string parts given to a builder are already %-encoded.
///
/// ```
/// use urlsyntax_neturl::{Encoding, SchemeTable, Url, Parts};
/// let http = SchemeTable::common().get("http").unwrap();
/// let parts = |path: &str| Parts {
///     scheme: Some("http".into()),
///     host: Some("h".into()),
///     path: Some(vec!["".into(), path.into()]),
///     ..Parts::default()
/// };
/// let plain = Url::build(http, &parts("a b"), Encoding::Decoded)?;
/// assert_eq!(plain.as_str(), "http://h/a%20b");
/// let encoded = Url::build(http, &parts("a%20b"), Encoding::Encoded)?;
/// assert_eq!(encoded.as_str(), "http://h/a%20b");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
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
///
/// ```
/// use urlsyntax_neturl::{Encoding, Parts, SockSymbol, Url};
/// let url: Url = "http://h/a".parse()?;
/// let socksymbol = Some(SockSymbol::InetByName("s".into(), 81));
/// let parts = Parts { host: Some("g".into()), socksymbol, ..Parts::default() };
/// assert_eq!(url.modify(&parts, Encoding::Decoded, None)?.as_str(), "http://s:81/a");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
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
    /// The port.
    pub port: Option<u16>,
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
///
/// ```
/// use urlsyntax_neturl::{Remove, Url};
/// let url: Url = "http://h/a?q".parse()?;
/// let query = Remove { query: true, ..Remove::default() };
/// assert_eq!(url.remove(&query)?.as_str(), "http://h/a");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
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

impl Url {
    /// `url_provides`: whether the URL has every part named in `parts`
    /// (Ocamlnet's quirk kept: `user_param` is answered by the params).
    ///
    /// ```
    /// use urlsyntax_neturl::{parse_url, Remove};
    /// let url = parse_url("http://h/p?q", &Default::default())?;
    /// assert!(url.provides(&Remove { host: true, query: true, ..Remove::default() }));
    /// assert!(!url.provides(&Remove { user: true, ..Remove::default() }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn provides(&self, parts: &Remove) -> bool {
        let imp = |asked: bool, has: bool| !asked || has;
        imp(parts.scheme, self.scheme.is_some())
            && imp(parts.user, self.user.is_some())
            && imp(parts.user_param, self.param.is_some())
            && imp(parts.password, self.password.is_some())
            && imp(parts.host, self.host.is_some())
            && imp(parts.port, self.port.is_some())
            && imp(parts.path, self.path.is_some())
            && imp(parts.param, self.param.is_some())
            && imp(parts.query, self.query.is_some())
            && imp(parts.fragment, self.fragment.is_some())
            && imp(parts.other, self.other.is_some())
    }

    /// `make_url`: a URL of `syntax` from `parts`. The syntax must satisfy
    /// [`Syntax::is_valid`] (else `Invalid_argument`), and the URL must
    /// conform to it (else `Malformed_URL`).
    ///
    /// ```
    /// use urlsyntax_neturl::{Encoding, Parts, SchemeTable, Url};
    /// let http = SchemeTable::common().get("http").unwrap();
    /// let parts = Parts { scheme: Some("http".into()), host: Some("h".into()), port: Some(8080),
    ///     path: Some(vec!["".into(), "a b".into()]), ..Parts::default() };
    /// assert_eq!(Url::build(http, &parts, Encoding::Decoded)?.as_str(), "http://h:8080/a%20b");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
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
    ///
    /// ```
    /// use urlsyntax_neturl::{Encoding, Parts, Url};
    /// let url: Url = "http://h/a".parse()?;
    /// let moved = url.modify(&Parts { host: Some("g".into()), ..Parts::default() }, Encoding::Decoded, None)?;
    /// assert_eq!(moved.as_str(), "http://g/a");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn modify(
        &self,
        parts: &Parts,
        encoding: Encoding,
        syntax: Option<&Syntax>,
    ) -> Result<Url, Error> {
        let (host, port) = match &parts.socksymbol {
            Some(SockSymbol::Inet(a, p)) => (Some(host_of_addr(a)), Some(*p)),
            Some(SockSymbol::InetByName(h, p)) => (Some(h.clone()), Some(*p)),
            None => (
                parts
                    .addr
                    .as_ref()
                    .map(host_of_addr)
                    .or_else(|| parts.host.clone()),
                parts.port,
            ),
        };
        let port = port.or(self.port);
        let user = enc(&parts.user, encoding, false);
        let user_param = enc_list(&parts.user_param, encoding);
        let password = enc(&parts.password, encoding, false);
        let path = enc_list(&parts.path, encoding);
        let param = enc_list(&parts.param, encoding);
        let query = enc(&parts.query, encoding, true);
        let fragment = enc(&parts.fragment, encoding, false);
        let other = enc(&parts.other, encoding, false);
        let cur = self.fields();
        let f = Fields {
            scheme: parts.scheme.as_deref().or(cur.scheme),
            user: user.as_deref().or(cur.user),
            user_param: user_param.as_deref().map_or(cur.user_param, ListSrc::Items),
            password: password.as_deref().or(cur.password),
            host: host.as_deref().or(cur.host),
            port,
            path: path.as_deref().map_or(cur.path, ListSrc::Items),
            param: param.as_deref().map_or(cur.param, ListSrc::Items),
            query: query.as_deref().or(cur.query),
            fragment: fragment.as_deref().or(cur.fragment),
            other: other.as_deref().or(cur.other),
        };
        let u = Url::assemble(syntax.cloned().unwrap_or(self.syntax), &f);
        validate(&u, &f, host.is_some())?;
        Ok(u)
    }

    /// `remove_from_url`: the URL without the parts flagged in `which`.
    ///
    /// ```
    /// use urlsyntax_neturl::{Remove, Url};
    /// let url: Url = "http://u@h/a?q".parse()?;
    /// let bare = url.remove(&Remove { user: true, query: true, ..Remove::default() })?;
    /// assert_eq!(bare.as_str(), "http://h/a");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn remove(&self, which: &Remove) -> Result<Url, Error> {
        let cur = self.fields();
        fn keep(flag: bool, v: Option<&str>) -> Option<&str> {
            v.filter(|_| !flag)
        }
        fn keep_list(flag: bool, v: ListSrc<'_>) -> ListSrc<'_> {
            if flag {
                ListSrc::Items(&[])
            } else {
                v
            }
        }
        let f = Fields {
            scheme: keep(which.scheme, cur.scheme),
            user: keep(which.user, cur.user),
            user_param: keep_list(which.user_param, cur.user_param),
            password: keep(which.password, cur.password),
            host: keep(which.host, cur.host),
            port: if which.port { None } else { self.port },
            path: keep_list(which.path, cur.path),
            param: keep_list(which.param, cur.param),
            query: keep(which.query, cur.query),
            fragment: keep(which.fragment, cur.fragment),
            other: keep(which.other, cur.other),
        };
        Url::build_fields(&self.syntax, &f)
    }

    /// `make_url ~encoded:true` from borrowed parts: what [`Url::remove`],
    /// [`Url::with_defaults`] and [`Url::without_defaults`] end with.
    fn build_fields(syntax: &Syntax, f: &Fields<'_>) -> Result<Url, Error> {
        check_syntax(syntax)?;
        let u = Url::assemble(*syntax, f);
        validate(&u, f, f.host.is_some())?;
        Ok(u)
    }

    /// `default_url`: the URL with the missing parts taken from `defaults`
    /// (decoded defaults are encoded with `+` for spaces, as Ocamlnet does).
    ///
    /// ```
    /// use urlsyntax_neturl::{Encoding, Parts, Url};
    /// let url: Url = "http://h/a".parse()?;
    /// let full = url.with_defaults(&Parts { port: Some(80), ..Parts::default() }, Encoding::Decoded)?;
    /// assert_eq!(full.as_str(), "http://h:80/a");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
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
        check_syntax(&self.syntax)?;
        let (user, password) = (e(&defaults.user), e(&defaults.password));
        let (query, fragment, other) = (
            e(&defaults.query),
            e(&defaults.fragment),
            e(&defaults.other),
        );
        let (user_param, path, param) = (
            el(&defaults.user_param),
            el(&defaults.path),
            el(&defaults.param),
        );
        let cur = self.fields();
        fn or_list<'a>(cur: ListSrc<'a>, d: &'a [String]) -> ListSrc<'a> {
            if cur.is_empty() {
                ListSrc::Items(d)
            } else {
                cur
            }
        }
        let f = Fields {
            scheme: cur.scheme.or(defaults.scheme.as_deref()),
            user: cur.user.or(user.as_deref()),
            user_param: or_list(cur.user_param, &user_param),
            password: cur.password.or(password.as_deref()),
            host: cur.host.or(defaults.host.as_deref()),
            port: self.port.or(defaults.port),
            path: or_list(cur.path, &path),
            param: or_list(cur.param, &param),
            query: cur.query.or(query.as_deref()),
            fragment: cur.fragment.or(fragment.as_deref()),
            other: cur.other.or(other.as_deref()),
        };
        Url::build_fields(&self.syntax, &f)
    }

    /// `undefault_url`: the URL without the parts equal to the given
    /// (encoded) values.
    ///
    /// ```
    /// use urlsyntax_neturl::{Parts, Url};
    /// let url: Url = "http://h:80/a".parse()?;
    /// let short = url.without_defaults(&Parts { port: Some(80), ..Parts::default() })?;
    /// assert_eq!(short.as_str(), "http://h/a");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn without_defaults(&self, values: &Parts) -> Result<Url, Error> {
        let cur = self.fields();
        fn rm<'a>(cur: Option<&'a str>, v: &Option<String>) -> Option<&'a str> {
            match (cur, v) {
                (Some(c), Some(v)) if c == v => None,
                _ => cur,
            }
        }
        fn rm_list<'a>(cur: ListSrc<'a>, sep: char, v: &Option<Vec<String>>) -> ListSrc<'a> {
            match (cur, v) {
                (ListSrc::Joined(t), Some(v)) if StrList::new(t, sep) == *v => ListSrc::Items(&[]),
                _ => cur,
            }
        }
        let f = Fields {
            scheme: rm(cur.scheme, &values.scheme),
            user: rm(cur.user, &values.user),
            user_param: rm_list(cur.user_param, ';', &values.user_param),
            password: rm(cur.password, &values.password),
            host: rm(cur.host, &values.host),
            port: match (self.port, values.port) {
                (Some(c), Some(v)) if c == v => None,
                (c, _) => c,
            },
            path: rm_list(cur.path, '/', &values.path),
            param: rm_list(cur.param, ';', &values.param),
            query: rm(cur.query, &values.query),
            fragment: rm(cur.fragment, &values.fragment),
            other: rm(cur.other, &values.other),
        };
        Url::build_fields(&self.syntax, &f)
    }
}

/// `make_url`'s first check.
fn check_syntax(syntax: &Syntax) -> Result<(), Error> {
    if syntax.is_valid() {
        Ok(())
    } else {
        Err(Error::InvalidArgument {
            function: "make_url",
            reason: "the syntax descriptor is not valid",
        })
    }
}

fn host_of_addr(a: &IpAddr) -> String {
    match a {
        IpAddr::V4(_) => format_inet_addr(a),
        IpAddr::V6(_) => format!("[{}]", format_inet_addr(a)),
    }
}

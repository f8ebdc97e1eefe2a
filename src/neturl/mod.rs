//! The Neturl face: URLs checked against per-scheme syntax descriptors,
//! after Ocamlnet 4.1.9's `Neturl`.
//!
//! A [`Url`] always conforms to its [`Syntax`]: every constructor checks
//! the parts, and a URL that would break the syntax is refused with
//! [`Error::Malformed`]. Parts are stored %-encoded; the `*_decoded`
//! accessors decode them.
//!
//! ```
//! use urlsyntax::neturl::{self, Url};
//! let u = neturl::parse_url("http://user@host:8080/a/b?x=1", &Default::default()).unwrap();
//! assert_eq!(u.host().unwrap(), "host");
//! assert_eq!(u.port().unwrap(), 8080);
//! assert_eq!(u.path(), ["", "a", "b"]);
//! assert_eq!(u.to_string(), "http://user@host:8080/a/b?x=1");
//! let rel = Url::parse_with(&u.syntax().partial().unwrap(), "../c").unwrap();
//! assert_eq!(neturl::apply_relative_url(&u, &rel).unwrap().to_string(), "http://user@host:8080/c");
//! ```
//!
//! `docs/neturl.md` maps every Neturl name to its Rust name.

mod addr;
mod build;
mod error;
mod escape;
mod file;
mod parse;
mod relative;

use std::fmt;

pub use crate::syntax::{Part, SchemeTable, Syntax};
pub use addr::{format_inet_addr, SockSymbol};
pub use build::{Encoding, Parts, Remove};
pub use error::{Component, Error};
pub use file::{file_url_of_local_path, local_path_of_file_url, PathStyle};
pub use parse::{extract_url_scheme, fixup_url_string, parse_url, ParseOptions};
pub use relative::{apply_relative_url, ensure_absolute_url, join_path, norm_path, split_path};

/// A URL and the syntax it conforms to (Ocamlnet's `url`).
#[derive(Clone, Debug)]
pub struct Url {
    syntax: Syntax,
    scheme: Option<String>,
    user: Option<String>,
    user_param: Vec<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: Vec<String>,
    param: Vec<String>,
    query: Option<String>,
    fragment: Option<String>,
    other: Option<String>,
}

fn found(v: &Option<String>, part: Component) -> Result<&str, Error> {
    v.as_deref().ok_or(Error::NotFound { part })
}

impl Url {
    /// `null_url`: no parts, [`Syntax::NULL`].
    pub fn null() -> Url {
        Url {
            syntax: Syntax::NULL,
            scheme: None,
            user: None,
            user_param: Vec::new(),
            password: None,
            host: None,
            port: None,
            path: Vec::new(),
            param: Vec::new(),
            query: None,
            fragment: None,
            other: None,
        }
    }

    /// `url_syntax_of_url`.
    pub fn syntax(&self) -> &Syntax {
        &self.syntax
    }

    /// `url_scheme` (as written; not lowercased).
    pub fn scheme(&self) -> Result<&str, Error> {
        found(&self.scheme, Component::Scheme)
    }
    /// `url_user ~encoded:true`.
    pub fn user(&self) -> Result<&str, Error> {
        found(&self.user, Component::User)
    }
    /// `url_user`: the user name, decoded.
    pub fn user_decoded(&self) -> Result<Vec<u8>, Error> {
        self.user().map(|s| escape::decode(s, false))
    }
    /// `url_user_param ~encoded:true` (empty when absent).
    pub fn user_param(&self) -> &[String] {
        &self.user_param
    }
    /// `url_user_param`: decoded.
    pub fn user_param_decoded(&self) -> Vec<Vec<u8>> {
        self.user_param
            .iter()
            .map(|s| escape::decode(s, false))
            .collect()
    }
    /// `url_password ~encoded:true`.
    pub fn password(&self) -> Result<&str, Error> {
        found(&self.password, Component::Password)
    }
    /// `url_password`: decoded.
    pub fn password_decoded(&self) -> Result<Vec<u8>, Error> {
        self.password().map(|s| escape::decode(s, false))
    }
    /// `url_host` (IPv6 addresses keep their brackets).
    pub fn host(&self) -> Result<&str, Error> {
        found(&self.host, Component::Host)
    }
    /// `url_port`.
    pub fn port(&self) -> Result<u16, Error> {
        self.port.ok_or(Error::NotFound {
            part: Component::Port,
        })
    }
    /// `url_path ~encoded:true`: `[]` = no path, `[""]` = `/`,
    /// `["", "a"]` = `/a`, `["a", ""]` = `a/`.
    pub fn path(&self) -> &[String] {
        &self.path
    }
    /// `url_path`: decoded.
    pub fn path_decoded(&self) -> Vec<Vec<u8>> {
        self.path.iter().map(|s| escape::decode(s, false)).collect()
    }
    /// `url_param ~encoded:true` (empty when absent).
    pub fn param(&self) -> &[String] {
        &self.param
    }
    /// `url_param`: decoded.
    pub fn param_decoded(&self) -> Vec<Vec<u8>> {
        self.param
            .iter()
            .map(|s| escape::decode(s, false))
            .collect()
    }
    /// `url_query ~encoded:true`.
    pub fn query(&self) -> Result<&str, Error> {
        found(&self.query, Component::Query)
    }
    /// `url_query`: decoded, `+` read as a space.
    pub fn query_decoded(&self) -> Result<Vec<u8>, Error> {
        self.query().map(|s| escape::decode(s, true))
    }
    /// `url_fragment ~encoded:true`.
    pub fn fragment(&self) -> Result<&str, Error> {
        found(&self.fragment, Component::Fragment)
    }
    /// `url_fragment`: decoded.
    pub fn fragment_decoded(&self) -> Result<Vec<u8>, Error> {
        self.fragment().map(|s| escape::decode(s, false))
    }
    /// `url_other ~encoded:true`.
    pub fn other(&self) -> Result<&str, Error> {
        found(&self.other, Component::Other)
    }
    /// `url_other`: decoded.
    pub fn other_decoded(&self) -> Result<Vec<u8>, Error> {
        self.other().map(|s| escape::decode(s, false))
    }

    /// `url_provides`: whether the URL has every part named in `parts`
    /// (Ocamlnet's quirk kept: `user_param` is answered by the params).
    pub fn provides(&self, parts: &Remove) -> bool {
        let imp = |asked: bool, has: bool| !asked || has;
        imp(parts.scheme, self.scheme.is_some())
            && imp(parts.user, self.user.is_some())
            && imp(parts.user_param, !self.param.is_empty())
            && imp(parts.password, self.password.is_some())
            && imp(parts.host, self.host.is_some())
            && imp(parts.port, self.port.is_some())
            && imp(parts.path, !self.path.is_empty())
            && imp(parts.param, !self.param.is_empty())
            && imp(parts.query, self.query.is_some())
            && imp(parts.fragment, self.fragment.is_some())
            && imp(parts.other, self.other.is_some())
    }
}

impl Url {
    /// The pieces of `string_of_url`, in order.
    fn pieces(&self, mut emit: impl FnMut(&str) -> fmt::Result) -> fmt::Result {
        if let Some(s) = &self.scheme {
            emit(s)?;
            emit(":")?;
        }
        if let Some(host) = &self.host {
            emit("//")?;
            if let Some(user) = &self.user {
                emit(user)?;
                for p in &self.user_param {
                    emit(";")?;
                    emit(p)?;
                }
                if let Some(pw) = &self.password {
                    emit(":")?;
                    emit(pw)?;
                }
                emit("@")?;
            }
            emit(host)?;
            if let Some(port) = self.port {
                emit(":")?;
                let mut buf = [0u8; 5];
                emit(u16_decimal(port, &mut buf))?;
            }
        }
        match self.path.as_slice() {
            [only] if only.is_empty() => emit("/")?,
            [first, ..] if self.scheme.is_none() && self.host.is_none() && first.contains(':') => {
                // RFC 1808 §5.3: "./" keeps a colon in the first segment
                // from being read as a scheme.
                emit("./")?
            }
            _ => {}
        }
        // `String.concat "/" path`
        for (i, segment) in self.path.iter().enumerate() {
            if i > 0 {
                emit("/")?;
            }
            emit(segment)?;
        }
        if let Some(o) = &self.other {
            emit(o)?;
        }
        for p in &self.param {
            emit(";")?;
            emit(p)?;
        }
        if let Some(q) = &self.query {
            emit("?")?;
            emit(q)?;
        }
        if let Some(fr) = &self.fragment {
            emit("#")?;
            emit(fr)?;
        }
        Ok(())
    }
}

/// `string_of_url`.
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A URL that fits is assembled on the stack and written at once, so
        // `to_string` allocates once, at the right size.
        const SHORT: usize = 512;
        let mut len = 0;
        self.pieces(|p| {
            len += p.len();
            Ok(())
        })?;
        if len > SHORT {
            return self.pieces(|p| f.write_str(p));
        }
        let mut buf = [0u8; SHORT];
        let mut at = 0;
        self.pieces(|p| {
            buf[at..at + p.len()].copy_from_slice(p.as_bytes());
            at += p.len();
            Ok(())
        })?;
        // Whole `str`s put end to end: still UTF-8.
        f.write_str(std::str::from_utf8(&buf[..at]).map_err(|_| fmt::Error)?)
    }
}

/// `n` in decimal, in `buf`, without the formatting machinery.
fn u16_decimal(n: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).expect("ASCII digits")
}

//! The four kinds of reader: CPython's `urlparse`, Neturl's `parse_url`,
//! WHATWG's URL parser and RFC 3986's strict grammar.

use urlsyntax::neturl;
use urlsyntax::urllib::Urllib;

use crate::{neturl_error, py_error, Cell, CpythonReader, Reading};

/// `urlparse(url)` under a CPython reader, with its attributes.
pub fn cpython_reading(url: &str, reader: &CpythonReader) -> Reading {
    let r = Reading::new(reader.id.clone(), format!("CPython {}", reader.label));
    match Urllib::of(reader.behaviour).urlparse(url, "", true) {
        Err(e) => r.failed(py_error(&e)),
        Ok(p) => {
            let mut r = r;
            r.set("scheme", Cell::text(p.scheme.as_ref()));
            r.set("netloc", Cell::text(p.netloc.as_ref()));
            r.set("username", Cell::opt(p.username()));
            r.set("password", Cell::opt(p.password()));
            r.set("hostname", Cell::opt(p.hostname()));
            r.set(
                "port",
                match p.port() {
                    Ok(Some(n)) => Cell::Number(n.into()),
                    Ok(None) => Cell::Absent,
                    Err(e) => Cell::Raised(py_error(&e)),
                },
            );
            r.set("path", Cell::text(p.path.as_ref()));
            r.set("params", Cell::text(p.params.as_ref()));
            r.set("query", Cell::text(p.query.as_ref()));
            r.set("fragment", Cell::text(p.fragment.as_ref()));
            r
        }
    }
}

/// Neturl's reading with the common scheme table.
pub fn neturl_reading(url: &str) -> Reading {
    let r = Reading::new_neturl();
    match neturl::parse_url(url, &neturl::ParseOptions::default()) {
        Err(e) => r.failed(neturl_error(&e)),
        Ok(u) => {
            let mut r = r;
            fill_neturl(&mut r, &u);
            r
        }
    }
}

/// The parts of a Neturl URL (encoded, as `url_* ~encoded:true` gives them).
pub fn fill_neturl(r: &mut Reading, u: &neturl::Url) {
    r.set("scheme", Cell::opt(u.scheme()));
    r.set("username", Cell::opt(u.user()));
    r.set("password", Cell::opt(u.password()));
    r.set("hostname", Cell::opt(u.host()));
    r.set(
        "port",
        u.port().map_or(Cell::Absent, |p| Cell::Number(p.into())),
    );
    r.set(
        "path",
        match u.path().to_vec().as_slice() {
            [] => Cell::Absent,
            [only] if only.is_empty() => Cell::text("/"),
            p => Cell::text(p.join("/")),
        },
    );
    r.set(
        "params",
        match u.param().to_vec().as_slice() {
            [] => Cell::Absent,
            p => Cell::text(p.join(";")),
        },
    );
    r.set("query", Cell::opt(u.query()));
    r.set("fragment", Cell::opt(u.fragment()));
    r.set("other", Cell::opt(u.other()));
}

/// The WHATWG URL Standard's reading (the `url` crate).
pub fn whatwg_reading(url: &str) -> Reading {
    let r = Reading::new("whatwg".into(), "WHATWG (url)".into());
    match url::Url::parse(url) {
        Err(e) => r.failed(format!("failure: {e}")),
        Ok(u) => {
            let mut r = r;
            r.set("scheme", Cell::text(u.scheme()));
            r.set(
                "username",
                Cell::opt(Some(u.username()).filter(|s| !s.is_empty())),
            );
            r.set("password", Cell::opt(u.password()));
            r.set("hostname", Cell::opt(u.host_str()));
            r.set(
                "port",
                u.port().map_or(Cell::Absent, |p| Cell::Number(p.into())),
            );
            r.set("path", Cell::text(u.path()));
            r.set("query", Cell::opt(u.query()));
            r.set("fragment", Cell::opt(u.fragment()));
            r
        }
    }
}

/// RFC 3986's strict reading, as a URI reference.
pub fn rfc3986_reading(url: &str) -> Reading {
    let r = Reading::new("rfc3986".into(), "RFC 3986 (strict)".into());
    match urlsyntax::rfc3986::UriRef::parse(url) {
        Err(e) => r.failed(format!("failure: {e}")),
        Ok(u) => {
            let mut r = r;
            r.set("scheme", Cell::opt(u.scheme()));
            match u.authority() {
                None => {
                    for f in ["netloc", "username", "password", "hostname", "port"] {
                        r.set(f, Cell::Absent);
                    }
                }
                Some(a) => {
                    r.set("netloc", Cell::text(a.as_str()));
                    let (user, password) = match a.userinfo() {
                        None => (None, None),
                        Some(ui) => match ui.split_once(':') {
                            Some((u, p)) => (Some(u), Some(p)),
                            None => (Some(ui), None),
                        },
                    };
                    r.set("username", Cell::opt(user));
                    r.set("password", Cell::opt(password));
                    r.set("hostname", Cell::text(a.host()));
                    r.set(
                        "port",
                        match a.port() {
                            None | Some("") => Cell::Absent,
                            Some(p) => match p.parse::<u64>() {
                                Ok(n) => Cell::Number(n),
                                Err(_) => Cell::text(p),
                            },
                        },
                    );
                }
            }
            r.set("path", Cell::text(u.path()));
            r.set("query", Cell::opt(u.query()));
            r.set("fragment", Cell::opt(u.fragment()));
            r
        }
    }
}

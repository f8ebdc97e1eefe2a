//! Snapshots of every example of the Neturl documentation (seed 004),
//! rendered as plain text, one example a line.

use urlsyntax::neturl::{self, Encoding, ParseOptions, Parts, Syntax, Url};

fn list(l: &[String]) -> String {
    let items: Vec<String> = l.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", items.join("; "))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots/neturl", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn norm_path_examples() {
    let cases: &[&[&str]] = &[
        &["."],
        &[".", ""],
        &["a", "."],
        &["a", "b", "."],
        &["a", ".", "b", "."],
        &[".."],
        &["..", ""],
        &["a", "b", "..", "c"],
        &["a", "b", "..", "c", ""],
        &["", "", "a", "", "b"],
        &["a", "b", "", "..", "c", ""],
        &["a", ".."],
    ];
    let mut out = String::new();
    for c in cases {
        let input: Vec<String> = c.iter().map(|s| s.to_string()).collect();
        let r = neturl::norm_path(&input);
        out.push_str(&format!(
            "norm_path {} = {}   ({:?} = {:?})\n",
            list(&input),
            list(&r),
            neturl::join_path(&input),
            neturl::join_path(&r)
        ));
    }
    snap("norm_path", out);
}

#[test]
fn split_and_join_path_examples() {
    let mut out = String::new();
    for s in ["a/b/c", "/a/b", "a/b/", "..", "../", "", "/"] {
        let p = neturl::split_path(s);
        out.push_str(&format!(
            "split_path {s:?} = {}   join_path back = {:?}\n",
            list(&p),
            neturl::join_path(&p)
        ));
    }
    snap("split_path", out);
}

#[test]
fn apply_relative_url_examples() {
    let syn = Syntax::IP.partial().expect("ip is relative");
    let mut out = String::new();
    for (base, rel) in [
        ("x/y", "a/b"),
        ("x/y/", "a/b"),
        ("x/y/..", "a/b"),
        ("x/y/../", "a/b"),
    ] {
        let b = Url::parse_with(&syn, base).expect("base");
        let r = Url::parse_with(&syn, rel).expect("rel");
        let res = neturl::apply_relative_url(&b, &r).expect("resolves");
        out.push_str(&format!(
            "base={base:?}, url={rel:?} => result={:?}\n",
            res.to_string()
        ));
    }
    // RFC 1808's own examples, on the http syntax.
    let base = neturl::parse_url(
        "http://a/b/c/d;p?q#f",
        &ParseOptions {
            enable_fragment: true,
            ..Default::default()
        },
    )
    .expect("base");
    let rsyn = base.syntax().partial().expect("http is relative");
    for rel in [
        "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "..", "../", "../g", "../..",
        "../../g", "",
    ] {
        let line =
            match Url::parse_with(&rsyn, rel).and_then(|r| neturl::apply_relative_url(&base, &r)) {
                Ok(u) => u.to_string(),
                Err(e) => format!("error {}", e.exception()),
            };
        out.push_str(&format!("http://a/b/c/d;p?q#f + {rel:?} => {line}\n"));
    }
    snap("apply_relative_url", out);
}

fn show(r: Result<Url, neturl::Error>) -> String {
    match r {
        Ok(u) => {
            let mut parts = Vec::new();
            if let Some(s) = u.scheme() {
                parts.push(format!("scheme={s:?}"));
            }
            if let Some(s) = u.user() {
                parts.push(format!("user={s:?}"));
            }
            if let Some(s) = u.password() {
                parts.push(format!("password={s:?}"));
            }
            if let Some(s) = u.host() {
                parts.push(format!("host={s:?}"));
            }
            if let Some(p) = u.port() {
                parts.push(format!("port={p}"));
            }
            if !u.path().is_empty() {
                parts.push(format!("path={}", list(&u.path().to_vec())));
            }
            if !u.param().is_empty() {
                parts.push(format!("param={}", list(&u.param().to_vec())));
            }
            if let Some(s) = u.query() {
                parts.push(format!("query={s:?}"));
            }
            if let Some(s) = u.fragment() {
                parts.push(format!("fragment={s:?}"));
            }
            if let Some(s) = u.other() {
                parts.push(format!("other={s:?}"));
            }
            format!("{:?}  {}", u.to_string(), parts.join(" "))
        }
        Err(e) => format!("{}: {e}", e.exception()),
    }
}

#[test]
fn make_url_conventions() {
    let ip = Syntax::IP;
    let p = |l: &[&str]| Some(l.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let s = |x: &str| Some(x.to_string());
    let cases: Vec<(&str, Parts, Encoding)> = vec![
        (
            "path [] is no path",
            Parts {
                host: s("h"),
                path: p(&[]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "path [\"\"] is /",
            Parts {
                host: s("h"),
                path: p(&[""]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "path [\"\";\"\"] is illegal",
            Parts {
                path: p(&["", ""]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "absolute path",
            Parts {
                host: s("h"),
                path: p(&["", "a", "b"]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "relative path with host is illegal",
            Parts {
                host: s("h"),
                path: p(&["a"]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "relative path alone",
            Parts {
                path: p(&["a", "b", ""]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "decoded parts are encoded",
            Parts {
                scheme: s("http"),
                user: s("a b:c"),
                host: s("h"),
                path: p(&["", "x/y z"]),
                query: s("a=b c&d"),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "encoded parts are checked",
            Parts {
                host: s("h"),
                query: s("a=b%20c&d"),
                ..Default::default()
            },
            Encoding::Encoded,
        ),
        (
            "bad encoding is malformed",
            Parts {
                host: s("h"),
                query: s("a=%zz"),
                ..Default::default()
            },
            Encoding::Encoded,
        ),
        (
            "params follow the path",
            Parts {
                host: s("h"),
                path: p(&["", "f"]),
                param: p(&["type=a", "x"]),
                ..Default::default()
            },
            Encoding::Encoded,
        ),
        (
            "IPv6 host in brackets",
            Parts {
                host: s("[::1]"),
                port: Some(8080),
                path: p(&[""]),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "socksymbol wins over host and port",
            Parts {
                host: s("ignored"),
                port: Some(1),
                socksymbol: Some(neturl::SockSymbol::InetByName("s".into(), 2)),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
        (
            "addr wins over host",
            Parts {
                host: s("ignored"),
                addr: Some("2001:db8::1".parse().unwrap()),
                ..Default::default()
            },
            Encoding::Decoded,
        ),
    ];
    let mut out = String::new();
    for (what, parts, enc) in cases {
        out.push_str(&format!("{what}: {}\n", show(Url::build(&ip, &parts, enc))));
    }
    let mailto = *neturl::SchemeTable::common().get("mailto").unwrap();
    out.push_str(&format!(
        "mailto other: {}\n",
        show(Url::build(
            &mailto,
            &Parts {
                scheme: s("mailto"),
                other: s("gerd@example.org"),
                ..Default::default()
            },
            Encoding::Encoded
        ))
    ));
    snap("make_url", out);
}

//! Properties of the Neturl face, over seeded random inputs.

use urlsyntax::neturl::{self, Encoding, ParseOptions, Parts, SchemeTable, Url};
use urlsyntax::syntax::{Part, Syntax};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn text(&mut self) -> String {
        const ATOMS: &[&str] = &[
            "a", "Z", "0", " ", "%", "/", "?", "#", ";", ":", "@", "&", "=", "+", "~", "é", "中",
            "..", ".", "[", "]", "\\", "\"", "'", "*", "!",
        ];
        (0..self.below(6))
            .map(|_| ATOMS[self.below(ATOMS.len())])
            .collect()
    }
    fn url(&mut self) -> String {
        const PIECES: &[&str] = &[
            "http:", "ftp:", "file:", "mailto:", "imap:", "//", "u", "@", ":", "8", "h", "[::1]",
            "/", "a", "..", ";", "p", "?", "q", "=", "#", "f", "%41", "%", "é", "~",
        ];
        (0..self.below(14))
            .map(|_| PIECES[self.below(PIECES.len())])
            .collect()
    }
}

fn same(a: &Url, b: &Url) -> bool {
    a.scheme() == b.scheme()
        && a.user() == b.user()
        && a.user_param() == b.user_param()
        && a.password() == b.password()
        && a.host() == b.host()
        && a.port() == b.port()
        && a.path() == b.path()
        && a.param() == b.param()
        && a.query() == b.query()
        && a.fragment() == b.fragment()
        && a.other() == b.other()
}

#[test]
fn print_then_parse_gives_the_same_url() {
    let mut r = Rng(0x1234_5678);
    let mut parsed = 0;
    for _ in 0..50_000 {
        let s = r.url();
        let opts = ParseOptions {
            accept_8bits: r.below(2) == 0,
            enable_fragment: r.below(2) == 0,
            base_syntax: Some(&Syntax::IP),
            ..Default::default()
        };
        let Ok(u) = neturl::parse_url(&s, &opts) else {
            continue;
        };
        parsed += 1;
        let printed = u.to_string();
        // Every form of `string_of_url` is the same text; the owned one
        // outlives the `Url` and its clones share it.
        let shared = u.to_arc_str();
        assert_eq!(u.as_str(), printed);
        assert!(std::sync::Arc::ptr_eq(&shared, &u.clone().to_arc_str()));
        drop(u.clone());
        assert_eq!(&*shared, printed);
        let again = Url::parse_with(u.syntax(), &printed)
            .unwrap_or_else(|e| panic!("{s:?} printed as {printed:?}: {e}"));
        if printed.starts_with("./") && u.path().first().is_none_or(|p| p != ".") {
            // RFC 1808 §5.3, as Ocamlnet prints it: a relative path whose
            // first segment has a colon gets "./", which reads back as a
            // "." segment (the same reference once normalized).
            let mut dotted = vec![".".to_string()];
            dotted.extend(u.path().to_vec());
            assert_eq!(again.path(), dotted.as_slice(), "{s:?}");
            assert_eq!(neturl::norm_path(again.path()), neturl::norm_path(u.path()));
            assert_eq!(again.to_string(), printed);
        } else {
            assert!(same(&u, &again), "{s:?} -> {printed:?} -> {again:?}");
            assert_eq!(again.to_string(), printed);
        }
    }
    assert!(parsed > 5_000, "only {parsed} inputs parsed");
}

#[test]
fn decoded_parts_come_back_decoded() {
    let mut r = Rng(42);
    let syn = Syntax {
        accepts_8bits: true,
        ..Syntax::IP
    };
    for _ in 0..20_000 {
        let (user, password, query, fragment) = (r.text(), r.text(), r.text(), r.text());
        // (a path component may be empty only first or last; [""; ""] is illegal)
        let path: Vec<String> = std::iter::once(String::new())
            .chain((0..r.below(4)).map(|_| format!("x{}", r.text())))
            .collect();
        let param: Vec<String> = (0..r.below(3)).map(|_| r.text()).collect();
        let parts = Parts {
            user: Some(user.clone()),
            password: Some(password.clone()),
            host: Some("h".into()),
            path: Some(path.clone()),
            param: Some(param.clone()),
            query: Some(query.clone()),
            fragment: Some(fragment.clone()),
            ..Parts::default()
        };
        let u = Url::build(&syn, &parts, Encoding::Decoded)
            .expect("decoded parts are always encodable");
        assert_eq!(u.user_decoded().unwrap(), user.as_bytes());
        assert_eq!(u.password_decoded().unwrap(), password.as_bytes());
        assert_eq!(u.query_decoded().unwrap(), query.as_bytes());
        assert_eq!(u.fragment_decoded().unwrap(), fragment.as_bytes());
        let dec: Vec<Vec<u8>> = path.iter().map(|s| s.as_bytes().to_vec()).collect();
        assert_eq!(u.path_decoded(), dec);
        let dec: Vec<Vec<u8>> = param.iter().map(|s| s.as_bytes().to_vec()).collect();
        assert_eq!(u.param_decoded(), dec);
    }
}

#[test]
fn invalid_descriptors_are_refused() {
    use Part::*;
    let bad = [
        Syntax {
            password: Allowed,
            host: Allowed,
            ..Syntax::NULL
        },
        Syntax {
            user_param: Allowed,
            host: Allowed,
            ..Syntax::NULL
        },
        Syntax {
            port: Required,
            ..Syntax::NULL
        },
        Syntax {
            user: Allowed,
            ..Syntax::NULL
        },
        Syntax {
            path: Allowed,
            other: Allowed,
            ..Syntax::NULL
        },
        Syntax {
            host: Allowed,
            other: Required,
            ..Syntax::NULL
        },
    ];
    for s in &bad {
        assert!(!s.is_valid(), "{s:?}");
        let e = Url::build(s, &Parts::default(), Encoding::Decoded).unwrap_err();
        assert_eq!(e.exception(), "Invalid_argument");
    }
    for words in [
        "password? host",
        "user_param? host",
        "port",
        "user?",
        "path? other",
        "host? other",
    ] {
        assert!(Syntax::from_notation(words).is_err(), "{words}");
    }
    for (_, s) in SchemeTable::common().iter() {
        assert!(s.is_valid());
    }
    assert!(Syntax::NULL.is_valid() && Syntax::IP.is_valid());
}

#[test]
fn errors_name_part_and_exception() {
    let e = neturl::parse_url("http://h:99999/", &ParseOptions::default()).unwrap_err();
    assert_eq!(e.exception(), "Malformed_URL");
    assert!(e.to_string().contains("port"), "{e}");
    let u = neturl::parse_url("http://h/", &ParseOptions::default()).unwrap();
    assert_eq!(u.url_query().unwrap_err().exception(), "Not_found");
    assert_eq!(u.addr().unwrap_err().exception(), "Not_found");
    let pop = neturl::parse_url("pop://u@h", &ParseOptions::default()).unwrap();
    assert!(pop.syntax().partial().is_none());
    assert_eq!(
        neturl::local_path_of_file_url(&u, neturl::PathStyle::Unix)
            .unwrap_err()
            .exception(),
        "Failure"
    );
}

#[test]
fn addresses_and_socksymbols() {
    let o = ParseOptions::default();
    let u = neturl::parse_url("http://[2001:db8::1]:81/", &o).unwrap();
    assert_eq!(
        u.addr().unwrap(),
        "2001:db8::1".parse::<std::net::IpAddr>().unwrap()
    );
    assert_eq!(
        u.socksymbol(80).unwrap(),
        neturl::SockSymbol::Inet("2001:db8::1".parse().unwrap(), 81)
    );
    let u = neturl::parse_url("http://example.com/", &o).unwrap();
    assert_eq!(
        u.socksymbol(80).unwrap(),
        neturl::SockSymbol::InetByName("example.com".into(), 80)
    );
    assert_eq!(
        neturl::format_inet_addr(&"::ffff:1.2.3.4".parse().unwrap()),
        "::ffff:1.2.3.4"
    );
    assert_eq!(
        neturl::format_inet_addr(&"::1.2.3.4".parse().unwrap()),
        "::1.2.3.4"
    );
    assert_eq!(
        neturl::format_inet_addr(&"1:0:0:1:0:0:0:1".parse().unwrap()),
        "1:0:0:1::1"
    );
}

#[test]
fn file_urls_in_every_style() {
    use neturl::PathStyle::*;
    let f =
        |p: &str, cwd: &str, st| neturl::file_url_of_local_path(p, cwd, st).map(|u| u.to_string());
    assert_eq!(f("/a b/c", "/", Unix).unwrap(), "file://localhost/a%20b/c");
    assert_eq!(
        f("x", "/home/u", Unix).unwrap(),
        "file://localhost/home/u/x"
    );
    assert_eq!(f("x", "rel", Unix).unwrap_err().exception(), "Failure");
    assert_eq!(
        f("C:\\dir\\f", "C:\\", Win32).unwrap(),
        "file://localhost/C%3A/dir/f"
    );
    assert_eq!(
        f("\\\\srv\\share\\f", "C:\\", Win32).unwrap(),
        "file://srv/share/f"
    );
    assert_eq!(
        f("\\top", "D:\\x", Win32).unwrap(),
        "file://localhost/D%3A/top"
    );
    assert_eq!(
        f("C:\\dir", "/", Cygwin).unwrap(),
        "file://localhost/cygdrive/C/dir"
    );
    let back = |s: &str, st| {
        let u = neturl::parse_url(s, &ParseOptions::default()).unwrap();
        neturl::local_path_of_file_url(&u, st).map(|b| String::from_utf8(b).unwrap())
    };
    assert_eq!(back("file:///a/b%20c", Unix).unwrap(), "/a/b c");
    assert_eq!(back("file://h/a", Unix).unwrap_err().exception(), "Failure");
    assert_eq!(back("file:///c:/dir", Win32).unwrap(), "c:/dir");
    assert_eq!(back("file:///c%7C", Win32).unwrap(), "c:/");
    assert_eq!(back("file://srv/share/f", Win32).unwrap(), "//srv/share/f");
    assert_eq!(back("file:///c:/dir", Cygwin).unwrap(), "/cygdrive/c/dir");
}

#[test]
fn modify_remove_default_undefault() {
    let o = ParseOptions::default();
    let u = neturl::parse_url("http://u@h:81/a?q", &o).unwrap();
    let m = u
        .modify(
            &Parts {
                host: Some("x".into()),
                query: Some("a b".into()),
                ..Parts::default()
            },
            Encoding::Decoded,
            None,
        )
        .unwrap();
    assert_eq!(m.to_string(), "http://u@x:81/a?a+b");
    let r = u
        .remove(&neturl::Remove {
            user: true,
            port: true,
            query: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(r.to_string(), "http://h/a");
    let d = r
        .with_defaults(
            &Parts {
                port: Some(80),
                query: Some("x y".into()),
                ..Parts::default()
            },
            Encoding::Decoded,
        )
        .unwrap();
    assert_eq!(d.to_string(), "http://h:80/a?x+y");
    let back = d
        .without_defaults(&Parts {
            port: Some(80),
            ..Parts::default()
        })
        .unwrap();
    assert_eq!(back.to_string(), "http://h/a?x+y");
    assert!(d.provides(&neturl::Remove {
        host: true,
        port: true,
        ..Default::default()
    }));
    assert!(!r.provides(&neturl::Remove {
        query: true,
        ..Default::default()
    }));
    assert!(r
        .remove(&neturl::Remove {
            host: true,
            ..Default::default()
        })
        .is_err());
    let rel = Url::parse_with(&u.syntax().partial().unwrap(), "b").unwrap();
    assert!(neturl::ensure_absolute_url(None, &rel).is_err());
    assert_eq!(
        neturl::ensure_absolute_url(Some(&u), &rel)
            .unwrap()
            .to_string(),
        "http://u@h:81/b"
    );
    assert_eq!(neturl::fixup_url_string("a b#c", true), "a%20b%23c");
    assert_eq!(neturl::extract_url_scheme("HTTP://x").unwrap(), "http");
}

/// Answers observed from Ocamlnet 4.1.9 for calls the line protocol cannot
/// express (modify_url, default_url, url_provides, url_socksymbol, addr).
#[test]
fn ocamlnet_observed_answers() {
    let o = ParseOptions::default();
    let t = SchemeTable::common();
    let s = |x: &str| Some(x.to_string());
    let pop = Url::build(
        t.get("pop").unwrap(),
        &Parts {
            scheme: s("pop"),
            user: s("u"),
            user_param: Some(vec!["a".into()]),
            host: s("h"),
            ..Parts::default()
        },
        Encoding::Decoded,
    )
    .unwrap();
    assert!(!pop.provides(&neturl::Remove {
        user_param: true,
        ..Default::default()
    }));
    let ftp = neturl::parse_url("ftp://h/a;x", &o).unwrap();
    assert!(ftp.provides(&neturl::Remove {
        user_param: true,
        ..Default::default()
    }));
    let h = neturl::parse_url("http://h/a", &o).unwrap();
    let slash = Parts {
        path: Some(vec!["".into(), "".into(), "x".into()]),
        ..Parts::default()
    };
    assert!(h.modify(&slash, Encoding::Encoded, None).is_err());
    let d = h
        .with_defaults(
            &Parts {
                user: s("a b"),
                ..Parts::default()
            },
            Encoding::Decoded,
        )
        .unwrap();
    assert_eq!(d.to_string(), "http://a+b@h/a");
    let by_addr = Parts {
        scheme: s("http"),
        addr: Some("1.2.3.4".parse().unwrap()),
        ..Parts::default()
    };
    assert_eq!(
        Url::build(t.get("http").unwrap(), &by_addr, Encoding::Decoded)
            .unwrap()
            .to_string(),
        "http://1.2.3.4"
    );
    let u = neturl::parse_url("http://01.2.3.4:5/", &o).unwrap();
    assert_eq!(
        u.socksymbol(80).unwrap(),
        neturl::SockSymbol::InetByName("01.2.3.4".into(), 5)
    );
    let u = neturl::parse_url("http://h:80/a", &o).unwrap();
    assert_eq!(
        u.without_defaults(&Parts {
            port: Some(80),
            ..Parts::default()
        })
        .unwrap()
        .to_string(),
        "http://h/a"
    );
    let u = neturl::parse_url("http://h/a%2Fb", &o).unwrap();
    assert_eq!(u.path_decoded(), vec![b"".to_vec(), b"a/b".to_vec()]);
}

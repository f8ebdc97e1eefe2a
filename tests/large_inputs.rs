//! Inputs of about a megabyte run to completion with the answers CPython
//! gives (worked out from its code, and checked against it when the
//! interpreters are there: `cli/tests/hostile.rs` pins the small ones).
//! No timing is asserted; `benches/benches/scaling.rs` shows that the work
//! grows linearly (10 kB, 100 kB, 1 MB).

use urlsyntax::neturl::{self, norm_path, split_path, ParseOptions};
use urlsyntax::urllib::{self, bytes as ub, QsParser, Urllib};

const MB: usize = 1_000_000;

#[test]
fn urljoin_a_million_parent_segments() {
    // 10^6 × "../" (3 MB): every parent beyond the root is dropped.
    let rel = "../".repeat(MB) + "g";
    assert_eq!(
        urllib::urljoin("http://a/b/c/d;p?q", &rel).unwrap(),
        "http://a/g"
    );
    let rel = "../".repeat(MB);
    assert_eq!(urllib::urljoin("http://a/b/c/", &rel).unwrap(), "http://a/");
    // as many segments as parents: back to the root
    let base = format!("http://a/{}", "x/".repeat(MB / 2));
    let rel = "../".repeat(MB / 2) + "y";
    assert_eq!(urllib::urljoin(&base, &rel).unwrap(), "http://a/y");
    // one more segment than parents
    let rel = "../".repeat(MB / 2 - 1) + "y";
    assert_eq!(urllib::urljoin(&base, &rel).unwrap(), "http://a/x/y");
    // "./" is dropped, every profile, bytes too
    let rel = "./".repeat(MB) + "z";
    for p in urllib::Profile::ALL {
        assert_eq!(
            Urllib::new(p).urljoin("http://a/b/", &rel, true).unwrap(),
            "http://a/b/z"
        );
    }
    assert_eq!(
        ub::urljoin(b"http://a/b/c/", rel.as_bytes())
            .unwrap()
            .as_ref(),
        b"http://a/b/c/z"
    );
}

#[test]
fn unquote_a_million_percent_signs() {
    let s = "%".repeat(MB);
    assert_eq!(urllib::unquote(&s), s);
    assert_eq!(urllib::unquote_plus(&s), s);
    assert_eq!(urllib::unquote_to_bytes(&s), s.as_bytes());
    let s = "%4".repeat(MB / 2);
    assert_eq!(urllib::unquote(&s), s);
    let s = "%41".repeat(MB / 3);
    assert_eq!(urllib::unquote(&s), "A".repeat(MB / 3));
    // %-escapes of invalid UTF-8 become U+FFFD, one per byte
    let s = "%ff".repeat(MB / 3);
    assert_eq!(urllib::unquote(&s), "\u{fffd}".repeat(MB / 3));
    // and back: quote of a megabyte
    let q = urllib::quote(&"é/ ".repeat(MB / 4));
    assert_eq!(q, "%C3%A9/%20".repeat(MB / 4));
}

#[test]
fn parse_qsl_a_hundred_thousand_ampersands() {
    let s = "&".repeat(100_000);
    assert!(urllib::parse_qsl(&s).is_empty());
    let p = QsParser::new().keep_blank_values(true);
    assert!(p.parse_qsl(&s).unwrap().is_empty());
    // 10^5 + 1 fields are too many for max_num_fields = 10^5
    assert!(QsParser::new()
        .max_num_fields(100_000)
        .parse_qsl(&s)
        .is_err());
    assert!(QsParser::new()
        .max_num_fields(100_001)
        .parse_qsl(&s)
        .is_ok());
    let s = "a=1&".repeat(100_000);
    let pairs = urllib::parse_qsl(&s);
    assert_eq!(pairs.len(), 100_000);
    assert!(pairs.iter().all(|(k, v)| k == "a" && v == "1"));
    // parse_qs gathers them under one name
    let d = urllib::parse_qs(&s);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].1.len(), 100_000);
    // a megabyte of distinct names
    let s: String = (0..100_000).map(|i| format!("k{i}=v&")).collect();
    assert_eq!(urllib::parse_qs(&s).len(), 100_000);
    // urlencode of a megabyte
    let pairs: Vec<(String, String)> = (0..100_000)
        .map(|i| (format!("k{i}"), "a b".into()))
        .collect();
    let e = urllib::urlencode(pairs);
    assert_eq!(e.matches("=a+b").count(), 100_000);
}

#[test]
fn a_300_kb_host() {
    let host = "A".repeat(300_000);
    let url = format!("http://u:p@{host}:8080/p?q#f");
    let r = urllib::urlsplit(&url).unwrap();
    assert_eq!(r.netloc.len(), "u:p@".len() + 300_000 + ":8080".len());
    assert_eq!(r.hostname().unwrap(), "a".repeat(300_000));
    assert_eq!(r.port(), Ok(Some(8080)));
    assert_eq!(r.geturl(), url);
    // a bracketed 300 kB "host" is not an IP literal
    let url = format!("http://[{}]/", "1".repeat(300_000));
    assert!(urllib::urlsplit(&url).is_err());
    // Neturl reads the host too
    let url = format!("http://{}:81/a", "h".repeat(300_000));
    let u = neturl::parse_url(&url, &ParseOptions::default()).unwrap();
    assert_eq!(u.host().unwrap().len(), 300_000);
    assert_eq!(u.port().unwrap(), 81);
    assert_eq!(u.to_string(), url);
}

#[test]
fn a_hundred_thousand_at_signs() {
    let ats = "@".repeat(100_000);
    let url = format!("http://{ats}h:80/");
    let r = urllib::urlsplit(&url).unwrap();
    // userinfo is everything before the last '@'
    assert_eq!(r.username(), Some(&ats[1..]));
    assert_eq!(r.password(), None);
    assert_eq!(r.hostname().as_deref(), Some("h"));
    assert_eq!(r.port(), Ok(Some(80)));
    let p = urllib::urlparse(&url).unwrap();
    assert_eq!(p.username(), Some(&ats[1..]));
    let url = format!("http://u:{ats}@h/");
    let r = urllib::urlsplit(&url).unwrap();
    assert_eq!(r.password(), Some(&ats[..]));
    let b = ub::urlsplit(url.as_bytes(), b"", true).unwrap();
    assert_eq!(b.password().unwrap(), ats.as_bytes());
}

#[test]
fn neturl_paths_of_a_million_segments() {
    let s = "../".repeat(MB);
    let l = split_path(&s);
    assert_eq!(l.len(), MB + 1);
    let n = norm_path(&l);
    assert_eq!(n.len(), MB + 1, "a relative path keeps its leading parents");
    let s = format!("/{}", "a/../".repeat(MB / 5));
    assert_eq!(norm_path(split_path(&s)), [""]);
    let url = format!("http://h/{}", "x/".repeat(MB / 2));
    let u = neturl::parse_url(&url, &ParseOptions::default()).unwrap();
    assert_eq!(u.path().len(), MB / 2 + 2);
    assert_eq!(u.to_string(), url);
}

//! `urlsyntax::rfc3986` against fluent-uri 0.4, an independent RFC 3986
//! reader: on strings built from the pieces URIs are made of, both accept
//! the same references with the same components, resolve them alike, and
//! normalize them alike where fluent-uri's extra, scheme-based steps
//! (RFC 3986 §6.2.3: default and empty ports, IPv6 canonical form) do not
//! apply.

#[path = "support/strings.rs"]
mod strings;

use fluent_uri::{Uri, UriRef as Fluent};
use strings::Strings;
use urlsyntax::rfc3986::UriRef;

const PIECES: &[&str] = &[
    "http", "a", "B", "1", ":", "//", "/", "?", "#", "@", "[", "]", "::1", "v1.x", "1.2.3.4", ".",
    "..", "%41", "%7e", "%2F", "%zz", "%", ";", "=", "&", "+", "!", "~", "-", " ", "é", "\\",
    "8080", "'", "*",
];

fn components<'a>(u: &UriRef<'a>) -> [Option<&'a str>; 8] {
    let a = u.authority();
    [
        u.scheme(),
        a.map(|a| a.as_str()),
        a.and_then(|a| a.userinfo()),
        a.map(|a| a.host()),
        a.and_then(|a| a.port()),
        Some(u.path()),
        u.query(),
        u.fragment(),
    ]
}

fn fluent_components<'a>(u: &'a Fluent<&'a str>) -> [Option<&'a str>; 8] {
    let a = u.authority();
    [
        u.scheme().map(|s| s.as_str()),
        a.map(|a| a.as_str()),
        a.and_then(|a| a.userinfo()).map(|u| u.as_str()),
        a.map(|a| a.host()),
        a.and_then(|a| a.port()).map(|p| p.as_str()),
        Some(u.path().as_str()),
        u.query().map(|q| q.as_str()),
        u.fragment().map(|f| f.as_str()),
    ]
}

#[test]
fn references_read_as_fluent_uri_reads_them() {
    let (mut accepted, mut refused) = (0, 0);
    for text in Strings::new(0x9e37_79b9_7f4a_7c15, PIECES, 10).take(200_000) {
        let ours = UriRef::parse(&text);
        let theirs = Fluent::parse(text.as_str());
        match (&ours, &theirs) {
            (Ok(u), Ok(f)) => {
                assert_eq!(components(u), fluent_components(f), "{text:?}");
                accepted += 1;
            }
            (Err(_), Err(_)) => refused += 1,
            _ => panic!("{text:?}: ours {ours:?}, fluent-uri {:?}", theirs.is_ok()),
        }
    }
    assert!(
        accepted > 10_000 && refused > 10_000,
        "{accepted} {refused}"
    );
}

#[test]
fn resolution_agrees_with_fluent_uri() {
    let bases = [
        "http://a/b/c/d;p?q",
        "http://a",
        "http://u@a:80/b/",
        "a:b/c",
        // A base with dot segments is not compared: fluent-uri removes them
        // from the base path, which RFC 3986 §5.2.1 leaves optional.
        "a:/b/c",
        "file:///x/y",
        "s://h/a/b/c/d/e/f?q",
    ];
    let mut compared = 0;
    for base_text in bases {
        let base = UriRef::parse(base_text).unwrap();
        let fluent_base = Uri::parse(base_text).unwrap();
        for text in Strings::new(0x2545_f491_4f6c_dd1d, PIECES, 10).take(40_000) {
            let (Ok(r), Ok(f)) = (UriRef::parse(&text), Fluent::parse(text.as_str())) else {
                continue;
            };
            // fluent-uri refuses some references RFC 3986 resolves (against
            // a base with a rootless path); compare where it answers.
            let Ok(theirs) = f.resolve_against(&fluent_base) else {
                continue;
            };
            // fluent-uri takes `%2E` as `.` in dot segments; RFC 3986's
            // algorithm matches the literal dots only.
            if text.to_ascii_lowercase().contains("%2e") {
                continue;
            }
            // fluent-uri removes dot segments from absolute paths only;
            // RFC 3986 §5.2.2 removes them from a rootless path too
            // (`http:..` resolves to `http:`).
            if r.scheme().is_some() && !r.path().starts_with('/') {
                continue;
            }
            assert_eq!(
                r.resolve(&base).unwrap(),
                theirs.as_str(),
                "{text:?} against {base_text}"
            );
            compared += 1;
        }
    }
    assert!(compared > 50_000, "{compared}");
}

#[test]
fn normalization_agrees_with_fluent_uri() {
    let mut compared = 0;
    for text in Strings::new(0x0123_4567_89ab_cdef, PIECES, 10).take(200_000) {
        let (Ok(r), Ok(f)) = (UriRef::parse(&text), Fluent::parse(text.as_str())) else {
            continue;
        };
        // §6.2.3's steps, which fluent-uri also takes.
        if r.authority()
            .is_some_and(|a| a.port().is_some() || a.host().starts_with('['))
        {
            continue;
        }
        assert_eq!(r.normalize(), f.normalize().as_str(), "{text:?}");
        compared += 1;
    }
    assert!(compared > 20_000, "{compared}");
}

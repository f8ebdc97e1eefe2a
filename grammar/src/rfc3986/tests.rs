//! Tests of the RFC 3986 reader on the RFC's own examples.

use super::*;

include!("../../tests/data/rfc3986_section_5_4.rs");

/// RFC 3986 §5.4.1 and §5.4.2: every example, against its base.
#[test]
fn resolution_examples_of_section_5_4() {
    let base = UriRef::parse(SECTION_5_4_BASE).unwrap();
    for (r, t) in SECTION_5_4 {
        let r = UriRef::parse(r).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(r.resolve(&base).unwrap(), t, "{r}");
    }
}

/// §1.1.2's examples read into their components.
#[test]
fn components_of_section_1_1_2_examples() {
    type Case<'a> = (
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        &'a str,
        Option<&'a str>,
    );
    let cases: [Case<'_>; 8] = [
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            Some("ftp"),
            Some("ftp.is.co.za"),
            "/rfc/rfc1808.txt",
            None,
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            Some("http"),
            Some("www.ietf.org"),
            "/rfc/rfc2396.txt",
            None,
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some("ldap"),
            Some("[2001:db8::7]"),
            "/c=GB",
            Some("objectClass?one"),
        ),
        (
            "mailto:John.Doe@example.com",
            Some("mailto"),
            None,
            "John.Doe@example.com",
            None,
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            Some("news"),
            None,
            "comp.infosystems.www.servers.unix",
            None,
        ),
        (
            "tel:+1-816-555-1212",
            Some("tel"),
            None,
            "+1-816-555-1212",
            None,
        ),
        (
            "telnet://192.0.2.16:80/",
            Some("telnet"),
            Some("192.0.2.16"),
            "/",
            None,
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            Some("urn"),
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
        ),
    ];
    for (text, scheme, host, path, query) in cases {
        let u = UriRef::parse(text).unwrap();
        assert_eq!(u.scheme(), scheme, "{text}");
        assert_eq!(u.authority().map(|a| a.host()), host, "{text}");
        assert_eq!(u.path(), path, "{text}");
        assert_eq!(u.query(), query, "{text}");
        assert_eq!(u.to_string(), text);
    }
}

#[test]
fn what_the_grammar_refuses() {
    for (text, index) in [
        ("http://a b/", 8),
        ("1a:b", 2),
        ("a:b c", 3),
        ("http://[::1/", 7),
        ("%zz", 0),
        ("http://h:8a/", 10),
        ("é", 0),
        ("//a/b\\c", 5),
    ] {
        assert_eq!(UriRef::parse(text), Err(ParseError { index }), "{text}");
    }
}

/// §6.2.2: case, percent-encoding and dot segments; normalization is
/// idempotent and keeps the reference a reference.
#[test]
fn normalization_of_section_6_2_2() {
    for (text, want) in [
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://a/%7euser/%7Bx%7d", "http://a/~user/%7Bx%7D"),
        ("http://a/b/c/./../../g", "http://a/g"),
        ("example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D"),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "example://a/b/c/%7Bfoo%7D",
        ),
        (
            "http://%41%42@H%4f%4F/%2E%2E/x?%61#%7a",
            "http://AB@hoo/x?a#z",
        ),
        ("a:/..//b", "a:/.//b"),
        ("../a/./b", "../a/./b"),
    ] {
        let u = UriRef::parse(text).unwrap();
        let n = u.normalize();
        assert_eq!(n, want, "{text}");
        let again = UriRef::parse(&n).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(again.normalize(), n, "{text}");
    }
}

#[test]
fn a_relative_base_is_refused() {
    let r = UriRef::parse("g").unwrap();
    assert_eq!(
        r.resolve(&UriRef::parse("//a/b").unwrap()),
        Err(ResolveError::BaseNotAbsolute)
    );
}

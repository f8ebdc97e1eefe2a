//! Unit tests of the RFC 3986 combinators.

#[path = "support/strings.rs"]
mod strings;

use strings::Strings;
use urlsyntax::grammar::rfc3986::*;

/// The recognized prefix, or `None` when the rule fails.
fn rec(f: fn(&str) -> urlsyntax::nom::IResult<&str, &str>, s: &str) -> Option<String> {
    f(s).ok().map(|(_, m)| m.to_string())
}

#[test]
fn scheme_rule() {
    assert_eq!(rec(scheme, "http://x").as_deref(), Some("http"));
    assert_eq!(rec(scheme, "a1+.-:x").as_deref(), Some("a1+.-"));
    assert_eq!(rec(scheme, "1a:x"), None);
    assert_eq!(rec(scheme, ""), None);
}

#[test]
fn pct_encoded_rule() {
    assert_eq!(rec(pct_encoded, "%41x").as_deref(), Some("%41"));
    assert_eq!(rec(pct_encoded, "%4"), None);
    assert_eq!(rec(pct_encoded, "%zz"), None);
}

#[test]
fn userinfo_and_reg_name() {
    assert_eq!(rec(userinfo, "u:p%20w@h").as_deref(), Some("u:p%20w"));
    assert_eq!(
        rec(reg_name, "ex-ample.com:80").as_deref(),
        Some("ex-ample.com")
    );
    assert_eq!(rec(reg_name, "a%zz").as_deref(), Some("a"));
}

#[test]
fn ipv4_rules() {
    assert_eq!(rec(dec_octet, "255").as_deref(), Some("255"));
    assert_eq!(rec(dec_octet, "256"), None);
    assert_eq!(rec(dec_octet, "01"), None);
    assert_eq!(rec(ipv4address, "1.2.3.4").as_deref(), Some("1.2.3.4"));
    assert_eq!(rec(ipv4address, "1.2.3"), None);
}

#[test]
fn ipv6_rules() {
    for ok in [
        "::",
        "::1",
        "1::",
        "1:2:3:4:5:6:7:8",
        "1::8",
        "::ffff:1.2.3.4",
        "1:2:3:4:5:6:1.2.3.4",
        "fe80::1:2",
    ] {
        assert_eq!(rec(ipv6address, ok).as_deref(), Some(ok), "{ok}");
    }
    for bad in [":", "1", "1:2", ":::"] {
        assert_ne!(rec(ipv6address, bad).as_deref(), Some(bad), "{bad}");
    }
    assert_eq!(rec(h16, "abcde").as_deref(), Some("abcd"));
    assert_eq!(rec(ls32, "1:2").as_deref(), Some("1:2"));
    assert_eq!(rec(ipvfuture, "v1.x:y]").as_deref(), Some("v1.x:y"));
    assert_eq!(rec(ip_literal, "[::1]:80").as_deref(), Some("[::1]"));
    assert_eq!(rec(ip_literal, "[v7.a]").as_deref(), Some("[v7.a]"));
    assert_eq!(rec(ip_literal, "[::1"), None);
}

#[test]
fn host_port_authority() {
    assert_eq!(rec(host, "1.2.3.4:80").as_deref(), Some("1.2.3.4"));
    assert_eq!(rec(host, "1.2.3.4x").as_deref(), Some("1.2.3.4x"));
    assert_eq!(rec(host, "[::1]/").as_deref(), Some("[::1]"));
    assert_eq!(rec(port, "8080/").as_deref(), Some("8080"));
    let (rest, a) = authority("u@h:1/p").unwrap();
    assert_eq!((rest, a.as_str()), ("/p", "u@h:1"));
    assert_eq!(
        (a.userinfo(), a.host(), a.port()),
        (Some("u"), "h", Some("1"))
    );
    let (_, a) = authority("[::1]").unwrap();
    assert_eq!((a.userinfo(), a.host(), a.port()), (None, "[::1]", None));
}

#[test]
fn reference_rules() {
    let (rest, h) = hier_part("//u@h:1/a/b?q").unwrap();
    assert_eq!(rest, "?q");
    assert_eq!(
        (h.authority.map(|a| a.as_str()), h.path),
        (Some("u@h:1"), "/a/b")
    );
    assert_eq!(hier_part("a:b/c").map(|(_, h)| h.path), Ok("a:b/c"));
    assert_eq!(
        relative_part("a:b/c").map(|(rest, h)| (rest, h.path)),
        Ok((":b/c", "a"))
    );
    assert_eq!(
        relative_part("?q").map(|(rest, h)| (rest, h.path)),
        Ok(("?q", ""))
    );
    let (rest, u) = uri("s://h/p?q#f g").unwrap();
    assert_eq!(rest, " g");
    assert_eq!(
        (
            u.scheme,
            u.authority.map(|a| a.host()),
            u.path,
            u.query,
            u.fragment
        ),
        (Some("s"), Some("h"), "/p", Some("q"), Some("f"))
    );
    assert_eq!(
        absolute_uri("s:p?q#f").map(|(rest, u)| (rest, u.query)),
        Ok(("#f", Some("q")))
    );
    assert!(uri("/p").is_err());
    let (rest, r) = relative_ref("/p?q#f").unwrap();
    assert_eq!(
        (rest, r.scheme, r.path, r.query, r.fragment),
        ("", None, "/p", Some("q"), Some("f"))
    );
    // The alternative that reads further: the URI, or the relative
    // reference where no scheme starts the text.
    assert_eq!(
        uri_reference("a:b c").map(|(rest, r)| (rest, r.scheme)),
        Ok((" c", Some("a")))
    );
    assert_eq!(
        uri_reference("a b").map(|(rest, r)| (rest, r.path)),
        Ok((" b", "a"))
    );
    assert_eq!(
        uri_reference("").map(|(rest, r)| (rest, r.path)),
        Ok(("", ""))
    );
}

#[test]
fn path_query_fragment_param() {
    assert_eq!(rec(segment, "a:b@c/d").as_deref(), Some("a:b@c"));
    assert_eq!(rec(segment_nz, "/x"), None);
    assert_eq!(rec(path_abempty, "/a/b?q").as_deref(), Some("/a/b"));
    assert_eq!(rec(query, "a=1/?b#f").as_deref(), Some("a=1/?b"));
    assert_eq!(rec(fragment, "x?y#z").as_deref(), Some("x?y"));
    assert_eq!(rec(param, "type=a;b").as_deref(), Some("type=a"));
}

/// The address rules answer the addresses `std::net` reads from the same
/// whole strings (RFC 4291 text forms, the strings of RFC 3986's rules),
/// over strings built from the pieces addresses are made of.
#[test]
fn address_rules_read_what_std_net_reads() {
    use std::net::{Ipv4Addr, Ipv6Addr};
    const PIECES: &[&str] = &[
        "1", "ff", "abcd", "12345", ":", "::", ".", "1.2.3.4", "0", "255", "256", "01", "g", "]",
        "%", "1.2", "a:b",
    ];
    let mut addresses = 0;
    for s in Strings::new(0x2545_f491_4f6c_dd1d, PIECES, 14).take(300_000) {
        let v6 = match ipv6address_pieces(&s) {
            Ok(("", p)) => Some(Ipv6Addr::from(p)),
            _ => None,
        };
        assert_eq!(v6, s.parse::<Ipv6Addr>().ok(), "{s:?}");
        let v4 = match ipv4address_octets(&s) {
            Ok(("", o)) => Some(Ipv4Addr::from(o)),
            _ => None,
        };
        assert_eq!(v4, s.parse::<Ipv4Addr>().ok(), "{s:?}");
        // The recognizer takes what the value rule takes.
        assert_eq!(
            rec(ipv6address, &s),
            ipv6address_pieces(&s)
                .ok()
                .map(|(rest, _)| s[..s.len() - rest.len()].to_string()),
            "{s:?}"
        );
        addresses += usize::from(v6.is_some()) + usize::from(v4.is_some());
    }
    assert!(addresses > 1000, "{addresses} addresses among the strings");
}

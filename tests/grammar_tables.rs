//! Every character table, checked over all 256 byte values against its
//! ABNF written out by hand.

use urlsyntax::grammar::chars::{self, ByteSet};
use urlsyntax::grammar::neturl::{self as g, Category, Cats};

fn check(name: &str, t: &ByteSet, expect: impl Fn(u8) -> bool) {
    for b in 0..=255u8 {
        assert_eq!(t.contains(b), expect(b), "{name}: byte {b:#04x}");
    }
}

fn alpha(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_lowercase()
}
fn digit(b: u8) -> bool {
    b.is_ascii_digit()
}
fn in_(s: &[u8], b: u8) -> bool {
    s.contains(&b)
}

#[test]
fn rfc3986_tables() {
    check("ALPHA", &chars::ALPHA, alpha);
    check("DIGIT", &chars::DIGIT, digit);
    check("HEXDIG", &chars::HEXDIG, |b| {
        digit(b) || (b'a'..=b'f').contains(&b) || (b'A'..=b'F').contains(&b)
    });
    let unreserved = |b| alpha(b) || digit(b) || in_(b"-._~", b);
    let sub_delims = |b| in_(b"!$&'()*+,;=", b);
    check("unreserved", &chars::UNRESERVED, unreserved);
    check("gen-delims", &chars::GEN_DELIMS, |b| in_(b":/?#[]@", b));
    check("sub-delims", &chars::SUB_DELIMS, sub_delims);
    check("reserved", &chars::RESERVED, |b| {
        in_(b":/?#[]@!$&'()*+,;=", b)
    });
    check("scheme rest", &chars::SCHEME_REST, |b| {
        alpha(b) || digit(b) || in_(b"+-.", b)
    });
    check("userinfo", &chars::USERINFO, |b| {
        unreserved(b) || sub_delims(b) || b == b':'
    });
    check("reg-name", &chars::REG_NAME, |b| {
        unreserved(b) || sub_delims(b)
    });
    check("IPvFuture rest", &chars::IPVFUTURE_REST, |b| {
        unreserved(b) || sub_delims(b) || b == b':'
    });
    check("pchar", &chars::PCHAR, |b| {
        unreserved(b) || sub_delims(b) || in_(b":@", b)
    });
    check("segment-nz-nc", &chars::SEGMENT_NZ_NC, |b| {
        unreserved(b) || sub_delims(b) || b == b'@'
    });
    check("query", &chars::QUERY, |b| {
        unreserved(b) || sub_delims(b) || in_(b":@/?", b)
    });
    check("RFC 1808 param", &chars::RFC1808_PARAM, |b| {
        alpha(b) || digit(b) || in_(b"$-_.+!*'(),:@&=/", b)
    });
}

fn check_cats(name: &str, c: &Cats, accepted: impl Fn(u8) -> bool, sep: &[u8]) {
    for b in 0..=255u8 {
        let want = if sep.contains(&b) {
            Category::Separator
        } else if accepted(b) {
            Category::Accepted
        } else {
            Category::Rejected
        };
        assert_eq!(c.category(b), want, "{name}: byte {b:#04x}");
    }
}

#[test]
fn neturl_tables() {
    let safe = |b| in_(b"$-_.+", b);
    let extra = |b| in_(b"!*'(),", b);
    check("safe", &g::SAFE, safe);
    check("extra", &g::EXTRA, extra);
    check_cats("scheme", &g::SCHEME, |b| alpha(b) || in_(b"+-.", b), b":");
    check_cats(
        "login",
        &g::LOGIN,
        |b| alpha(b) || digit(b) || safe(b) || extra(b) || in_(b";&=%", b),
        b":@/#?",
    );
    check_cats(
        "host",
        &g::HOST,
        |b| alpha(b) || digit(b) || in_(b".-", b),
        b"",
    );
    check_cats(
        "ipv6",
        &g::IPV6,
        |b| b.is_ascii_hexdigit() || b == b':',
        b"",
    );
    let path = |b| alpha(b) || digit(b) || safe(b) || extra(b) || in_(b"?:@&=;%/~", b);
    check_cats("path", &g::PATH, path, b"");
    check_cats(
        "path with separators",
        &g::PATH.with_separators(b";?#/"),
        path,
        b";?#/",
    );
    check_cats(
        "other",
        &g::OTHER,
        |b| alpha(b) || digit(b) || safe(b) || extra(b) || in_(b"?:@&=;%/", b),
        b"",
    );
}

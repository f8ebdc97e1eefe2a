//! Unit tests of `join`.

use super::*;

#[test]
fn split_slash_is_split() {
    for s in ["", "/", "//", "a", "/a/b/", "a//b", "é/ü/"] {
        assert_eq!(
            split_slash(s).collect::<Vec<_>>(),
            s.split('/').collect::<Vec<_>>()
        );
    }
}

#[test]
fn kept_segments_spill_to_the_heap_and_back() {
    let mut kept = Kept::new();
    let mut model: Vec<&str> = Vec::new();
    let names = ["a", "b", "", "c"];
    let mut x: u32 = 7;
    for step in 0..2000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        // Mostly pushes, so the stack grows well past 16, with pops.
        if x % 3 == 0 && step % 500 < 400 {
            kept.pop();
            model.pop();
        } else {
            let seg = names[(x >> 8) as usize % names.len()];
            kept.push(seg);
            model.push(seg);
        }
        assert_eq!(kept.as_slice(), &model[..], "{step}");
    }
}

// RFC 3986 §5.4's examples, as the grammar's tests hold them.
include!("../../../grammar/tests/data/rfc3986_section_5_4.rs");

#[test]
fn rfc3986_examples() {
    let u = Urllib::default();
    let base = SECTION_5_4_BASE;
    for (rel, target) in SECTION_5_4 {
        // CPython reads a reference with the base's own scheme as relative
        // (RFC 3986 §5.2.2's "non-strict" parser; test_urlparse's
        // `'http:g'` case).
        let want = if rel == "http:g" {
            "http://a/b/c/g"
        } else {
            target
        };
        assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{rel}");
    }
    // Past the RFC's examples: a trailing `.` segment, and an empty segment
    // dropped by `..`.
    for (rel, want) in [
        ("g/./h/.", "http://a/b/c/g/h/"),
        ("a//b/../c", "http://a/b/c/a/c"),
    ] {
        assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{rel}");
    }
    let py313 = Urllib::new(crate::urllib::Profile::Py3_13_0);
    for (base, rel, want, want_3_13) in [
        ("http://a", "b", "http://a/b", "http://a/b"),
        ("http://a/", "b", "http://a/b", "http://a/b"),
        ("http://a/x/", "./b/..", "http://a/x/", "http://a/x/"),
        ("http:x", "y", "http:y", "http:y"),
        // 3.14+ writes `//` only where there was a netloc (gh-76960).
        ("http:", "y/z", "http:/y/z", "http:///y/z"),
        ("http:/a/b", "c", "http:/a/c", "http:///a/c"),
        // and keeps the reference's empty query, or the base's fragment.
        ("http://a/b?x", "?", "http://a/b?", "http://a/b?x"),
        ("http://a/b?x#f", "http:", "http://a/b?x#f", "http://a/b?x"),
    ] {
        assert_eq!(u.urljoin(base, rel, true).unwrap(), want, "{base} {rel}");
        let old = py313.urljoin(base, rel, true).unwrap();
        assert_eq!(old, want_3_13, "3.13: {base} {rel}");
    }
}

//! `urlsyntax::rfc3986` against fluent-uri 0.4 on any text: both accept
//! the same URI references with the same components; where both resolve a
//! reference against a URI, the results are equal (outside the documented
//! differences of tests/rfc3986_fluent.rs); normalization is idempotent and
//! keeps a reference a reference.
#![no_main]

use fluent_uri::{Uri, UriRef as Fluent};
use libfuzzer_sys::fuzz_target;
use urlsyntax::rfc3986::UriRef;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A reference, and a base after a NUL when there is one.
    let (reference, base) = text
        .split_once('\0')
        .unwrap_or((text, "http://a/b/c/d;p?q"));
    let ours = UriRef::parse(reference);
    let theirs = Fluent::parse(reference);
    assert_eq!(ours.is_ok(), theirs.is_ok(), "{reference:?}");
    let (Ok(r), Ok(f)) = (ours, theirs) else {
        return;
    };
    let a = r.authority();
    let fa = f.authority();
    assert_eq!(r.scheme(), f.scheme().map(|s| s.as_str()), "{reference:?}");
    assert_eq!(
        a.map(|a| a.as_str()),
        fa.map(|a| a.as_str()),
        "{reference:?}"
    );
    assert_eq!(a.map(|a| a.host()), fa.map(|a| a.host()), "{reference:?}");
    assert_eq!(
        a.and_then(|a| a.userinfo()),
        fa.and_then(|a| a.userinfo()).map(|u| u.as_str()),
        "{reference:?}"
    );
    assert_eq!(
        a.and_then(|a| a.port()),
        fa.and_then(|a| a.port()).map(|p| p.as_str()),
        "{reference:?}"
    );
    assert_eq!(r.path(), f.path().as_str(), "{reference:?}");
    assert_eq!(r.query(), f.query().map(|q| q.as_str()), "{reference:?}");
    assert_eq!(
        r.fragment(),
        f.fragment().map(|q| q.as_str()),
        "{reference:?}"
    );

    let normal = r.normalize();
    let again = UriRef::parse(&normal).expect("a normalized reference reads back");
    assert_eq!(again.normalize(), normal, "{reference:?}");

    if let (Ok(b), Ok(fb)) = (UriRef::parse(base), Uri::parse(base)) {
        let ours = r.resolve(&b).expect("a URI base resolves");
        // The documented differences: fluent-uri takes `%2E` as a dot,
        // removes dot segments of the base path, and leaves a rootless
        // path of a reference with a scheme as it is.
        let differs = text.to_ascii_lowercase().contains("%2e")
            || b.path().split('/').any(|s| s == "." || s == "..")
            || (r.scheme().is_some() && !r.path().starts_with('/'));
        if let Ok(t) = f.resolve_against(&fb) {
            if !differs {
                assert_eq!(ours, t.as_str(), "{reference:?} against {base:?}");
            }
        }
        UriRef::parse(&ours).expect("a resolved reference reads back");
    }
});

//! An example to copy (`docs/differential.md`): a URL parser of your own
//! held to CPython's `urlsplit` under a chosen profile, on URL-shaped inputs
//! built from the project's hostile pieces (`urlsyntax::fuzzing::UrlText`,
//! the `arbitrary` feature). Replace `my_urlsplit` with your parser.
//!
//! Here it is the `url` crate (WHATWG) read as `urlsplit`'s five parts, so
//! the target finds their differences at once (its first input, `http:a`,
//! is the host `a` and the path `/` in WHATWG, the path `a` in CPython);
//! CI builds it and runs none of it.
//!
//!     URLSYNTAX_PROFILE=3.12 cargo +nightly fuzz run example_user_parser
//!
//! (`URLSYNTAX_PROFILE`: a release or a minor version; 3.15.2 when unset.)
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use urlsyntax::fuzzing::UrlText;
use urlsyntax::urllib::{Profile, Urllib};

/// Your parser: the five parts (scheme, netloc, path, query, fragment), or
/// `None` for a URL it refuses.
fn my_urlsplit(text: &str) -> Option<[String; 5]> {
    let url = url::Url::parse(text).ok()?;
    let netloc = &url[url::Position::BeforeUsername..url::Position::AfterPort];
    Some([
        url.scheme().to_string(),
        netloc.to_string(),
        url.path().to_string(),
        url.query().unwrap_or("").to_string(),
        url.fragment().unwrap_or("").to_string(),
    ])
}

/// CPython's answer under the chosen profile (`None`: it raises).
fn cpython_urlsplit(text: &str) -> Option<[String; 5]> {
    static CPYTHON: OnceLock<Urllib> = OnceLock::new();
    let cpython = CPYTHON.get_or_init(|| {
        let version = std::env::var("URLSYNTAX_PROFILE").unwrap_or_default();
        let profile = Profile::from_version(&version).unwrap_or_default();
        Urllib::new(profile)
    });
    let r = cpython.urlsplit(text, "", true).ok()?;
    Some([&r.scheme, &r.netloc, &r.path, &r.query, &r.fragment].map(|p| p.to_string()))
}

fuzz_target!(|input: UrlText| {
    let UrlText(url) = input;
    assert_eq!(
        my_urlsplit(&url),
        cpython_urlsplit(&url),
        "urlsplit({url:?}): your parser (left) and CPython (right) differ"
    );
});

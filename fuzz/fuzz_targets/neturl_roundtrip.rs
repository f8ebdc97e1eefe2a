//! Parse, print, parse again: the same URL. Printing is idempotent, and
//! nothing panics, across every descriptor and input.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use urlsyntax::neturl::{parse_url, Encoding, ParseOptions, Parts, Url};
use urlsyntax_fuzz::{syntax, text};

/// The parts of a URL, encoded, for comparing two URLs.
fn parts(u: &Url) -> String {
    format!(
        "{:?}",
        (
            u.scheme(),
            u.user(),
            u.user_param(),
            u.password(),
            u.host(),
            u.port(),
            u.path(),
            u.param(),
            u.query(),
            u.fragment(),
            u.other(),
        )
    )
}

/// Checks the roundtrip; false when it could not be checked (see `dot`).
fn check(url: &Url, input: &str) -> bool {
    let printed = url.to_string();
    // The printer writes "./" before a relative path whose first segment
    // has a colon (Neturl, after RFC 1808 5.3); read back, that is a "."
    // segment more, which `norm_path` removes, and which a syntax's extra
    // validity check may refuse.
    let dot = url.scheme().is_none()
        && url.host().is_none()
        && url.path().first().is_some_and(|p| p.contains(':'));
    let again = Url::parse_with(url.syntax(), &printed);
    if dot && again.is_err() && url.syntax().constraint.is_some() {
        return false;
    }
    let again = again.unwrap_or_else(|e| {
        panic!("the printed URL does not parse again\n  input:   {input:?}\n  printed: {printed:?}\n  error:   {e}")
    });
    assert_eq!(
        again.to_string(),
        printed,
        "printing is not idempotent (input {input:?})"
    );
    let mut want = url.clone();
    if dot {
        let mut path = vec![".".to_string()];
        path.extend(url.path().to_vec());
        want = url
            .modify(
                &Parts {
                    path: Some(path),
                    ..Parts::default()
                },
                Encoding::Encoded,
                None,
            )
            .expect("a \".\" segment more is still a URL of the syntax");
    }
    assert_eq!(
        parts(&again),
        parts(&want),
        "parse(print(u)) != u (input {input:?}, printed {printed:?})"
    );
    // every accessor answers without panicking
    let _ = (
        url.user_decoded(),
        url.password_decoded(),
        url.query_decoded(),
    );
    let _ = (
        url.fragment_decoded(),
        url.other_decoded(),
        url.path_decoded(),
    );
    let _ = (url.param_decoded(), url.user_param_decoded(), url.addr());
    true
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let (Ok(syn), Ok(base), Ok(a8), Ok(frag), Ok(s)) = (
        syntax(&mut u),
        syntax(&mut u),
        u.arbitrary::<bool>(),
        u.arbitrary::<bool>(),
        text(&mut u),
    ) else {
        return;
    };
    if let Ok(url) = Url::parse_with(&syn, &s) {
        let _ = check(&url, &s);
    }
    let opts = ParseOptions {
        schemes: None,
        base_syntax: Some(&base),
        accept_8bits: a8,
        enable_fragment: frag,
    };
    if let Ok(url) = parse_url(&s, &opts) {
        if !check(&url, &s) {
            return;
        }
        let printed = url.to_string();
        let again = parse_url(&printed, &opts).expect("parse_url reads its own output");
        assert_eq!(again.to_string(), printed);
    }
});

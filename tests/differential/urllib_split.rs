//! Differential test of the structure functions (urlsplit, urlparse and
//! their attributes, urlunsplit, urlunparse, urljoin, urldefrag, unwrap)
//! against each real CPython: 60,000 seeded hostile calls per release
//! must get the same answers.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let Some(python) = cpython(release) else {
        return;
    };
    let seed = seed.to_string();
    let calls = generate(
        &python,
        "tests/gen/split_calls.py",
        &["--seed", &seed, "--count", "60000"],
    );
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls(minor, &calls);
    let agree = assert_agree(
        &format!("structure calls vs CPython {release}"),
        &calls,
        &want,
        &got,
    );
    assert!(agree >= 60000);
}

test_each_release!(check);

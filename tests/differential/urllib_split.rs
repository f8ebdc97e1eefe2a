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

#[test]
fn agrees_with_cpython_3_13_0() {
    check("3.13.0", "3.13", 1);
}

#[test]
fn agrees_with_cpython_3_12_1() {
    check("3.12.1", "3.12", 2);
}

#[test]
fn agrees_with_cpython_3_11_7() {
    check("3.11.7", "3.11", 3);
}

#[test]
fn agrees_with_cpython_3_10_13() {
    check("3.10.13", "3.10", 4);
}

#[test]
fn agrees_with_cpython_3_9_18() {
    check("3.9.18", "3.9", 5);
}

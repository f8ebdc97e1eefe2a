//! Differential test of all 16 urllib functions on unstructured input
//! (`tests/gen/soup_calls.py`: random delimiters, escapes, controls,
//! confusables and argument types) against each real CPython release.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let Some(python) = cpython(release) else {
        return;
    };
    let calls = generate(
        &python,
        "tests/gen/soup_calls.py",
        &[&seed.to_string(), "30000"],
    );
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls(minor, &calls);
    let agree = assert_agree(
        &format!("soup calls vs CPython {release}"),
        &calls,
        &want,
        &got,
    );
    assert!(agree >= 30000);
}

#[test]
fn agrees_with_cpython_3_13_0() {
    check("3.13.0", "3.13", 31);
}

#[test]
fn agrees_with_cpython_3_12_1() {
    check("3.12.1", "3.12", 32);
}

#[test]
fn agrees_with_cpython_3_11_7() {
    check("3.11.7", "3.11", 33);
}

#[test]
fn agrees_with_cpython_3_10_13() {
    check("3.10.13", "3.10", 34);
}

#[test]
fn agrees_with_cpython_3_9_18() {
    check("3.9.18", "3.9", 35);
}

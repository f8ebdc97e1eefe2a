//! Differential test of the query-string and quoting functions (parse_qs,
//! parse_qsl, quote, quote_plus, quote_from_bytes, unquote, unquote_plus,
//! unquote_to_bytes, urlencode) against each real CPython: 60,000 seeded
//! hostile calls per release (`tests/gen/qs_calls.py`) must get the same
//! answers.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let Some(python) = cpython(release) else {
        return;
    };
    let calls = generate(
        &python,
        "tests/gen/qs_calls.py",
        &["60000", &seed.to_string()],
    );
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls(minor, &calls);
    let agree = assert_agree(
        &format!("query/quoting calls vs CPython {release}"),
        &calls,
        &want,
        &got,
    );
    assert!(agree >= 60000);
}

#[test]
fn agrees_with_cpython_3_13_0() {
    check("3.13.0", "3.13", 20240601);
}

#[test]
fn agrees_with_cpython_3_12_1() {
    check("3.12.1", "3.12", 12);
}

#[test]
fn agrees_with_cpython_3_11_7() {
    check("3.11.7", "3.11", 11);
}

#[test]
fn agrees_with_cpython_3_10_13() {
    check("3.10.13", "3.10", 10);
}

#[test]
fn agrees_with_cpython_3_9_18() {
    check("3.9.18", "3.9", 9);
}

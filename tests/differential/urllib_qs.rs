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

test_each_release!(check);

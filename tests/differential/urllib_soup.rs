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

test_each_release!(check);

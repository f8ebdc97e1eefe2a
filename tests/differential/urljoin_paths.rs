//! Differential test of urljoin's dot-segment removal against each real
//! CPython: 20,000 seeded joins of long paths made of empty, `.` and `..`
//! segments among ordinary ones (past the 16 segments kept on the stack)
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
        "tests/gen/join_calls.py",
        &["--seed", &seed, "--count", "20000"],
    );
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls(minor, &calls);
    let agree = assert_agree(
        &format!("urljoin path calls vs CPython {release}"),
        &calls,
        &want,
        &got,
    );
    assert!(agree >= 20000);
}

test_each_release!(check);

//! Differential test of urljoin's dot-segment removal against each real
//! CPython: 20,000 seeded joins of long paths made of empty, `.` and `..`
//! segments among ordinary ones (past the 16 segments kept on the stack)
//! must get the same answers.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "urljoin path calls",
        release,
        minor,
        "tests/gen/join_calls.py",
        &["--seed", &seed, "--count", "20000"],
        20000,
    );
}

test_each_release!(check);

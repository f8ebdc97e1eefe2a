//! Differential test of all 16 urllib functions on unstructured input
//! (`tests/gen/soup_calls.py`: random delimiters, escapes, controls,
//! confusables and argument types) against each real CPython release.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "soup calls",
        release,
        minor,
        "tests/gen/soup_calls.py",
        &[&seed, "30000"],
        30000,
    );
}

test_each_release!(check);

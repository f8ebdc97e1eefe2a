//! Differential test of argument types (`tests/gen/types_calls.py`): lists
//! beside tuples in every argument of every urllib function, integers of
//! any size (past 64 bits and around `str()`'s 4,300-digit limit), bools
//! where ints go, and unhashable arguments in every function reaching
//! `urlsplit`'s `lru_cache`, against each real CPython release.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "argument-type calls",
        release,
        minor,
        "tests/gen/types_calls.py",
        &[&seed, "20000"],
        20000,
    );
}

test_each_release!(check);

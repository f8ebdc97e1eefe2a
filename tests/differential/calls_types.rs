//! Differential test of argument types (`tests/gen/types_calls.py`): lists
//! beside tuples in every argument of every urllib function, integers of
//! any size (past 64 bits and around `str()`'s 4,300-digit limit), bools
//! where ints go, and unhashable arguments in every function reaching
//! `urlsplit`'s `lru_cache`, against each real CPython release.
//!
//! 20,000 calls per release; a longer run sets the count:
//! `URLSYNTAX_TYPES_CALLS=500000 cargo test --release -p urlsyntax-cli --test differential_calls_types`.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let count: usize = std::env::var("URLSYNTAX_TYPES_CALLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let (seed, n) = (seed.to_string(), count.to_string());
    assert_generated_calls_agree(
        "argument-type calls",
        release,
        minor,
        "tests/gen/types_calls.py",
        &[&seed, &n],
        count,
    );
}

test_each_release!(check);

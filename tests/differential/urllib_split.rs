//! Differential test of the structure functions (urlsplit, urlparse and
//! their attributes, urlunsplit, urlunparse, urljoin, urldefrag, unwrap)
//! against each real CPython: 60,000 seeded hostile calls per release
//! must get the same answers.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "structure calls",
        release,
        minor,
        "tests/gen/split_calls.py",
        &["--seed", &seed, "--count", "60000"],
        60000,
    );
}

test_each_release!(check);

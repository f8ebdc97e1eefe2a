//! Differential test of the answers that hang on each release's Unicode
//! database and `int()` (`tests/gen/unicode_calls.py`: letters, digits,
//! whitespace, NFKC delimiters and printable symbols from Unicode 9.0 to
//! 17.0 in host names, netlocs, ports, `unwrap` and `urlencode`'s `str()`
//! of non-str values) against each real CPython release.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "Unicode boundary calls",
        release,
        minor,
        "tests/gen/unicode_calls.py",
        &[&seed, "5000"],
        5000,
    );
}

test_each_release!(check);

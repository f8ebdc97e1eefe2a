//! Differential test of the query-string and quoting functions (parse_qs,
//! parse_qsl, quote, quote_plus, quote_from_bytes, unquote, unquote_plus,
//! unquote_to_bytes, urlencode) against each real CPython: 60,000 seeded
//! hostile calls per release (`tests/gen/qs_calls.py`) must get the same
//! answers.

#[path = "common.rs"]
mod common;

use common::*;

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    assert_generated_calls_agree(
        "query/quoting calls",
        release,
        minor,
        "tests/gen/qs_calls.py",
        &["60000", &seed],
        60000,
    );
}

test_each_release!(check);

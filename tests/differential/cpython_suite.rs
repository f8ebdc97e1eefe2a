//! CPython's own test cases run against urlsyntax, for each release: the
//! real `test_urlparse` module and the `QuotingTests`, `UnquotingTests` and
//! `urlencode_Tests` of `test_urllib`, from that release's own `test/`
//! folder, with `urllib.parse`'s functions answered by `urlsyntax calls`
//! (see `tests/cpython_suite/proxy.py`).
//!
//! Every test that calls urlsyntax must pass, except those listed in
//! `tests/cpython_suite/expected-failures.txt` (empty), and a listed test
//! that passes is a failure too.

#[path = "common.rs"]
mod common;

use common::*;

fn expected_failures(release: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("tests/cpython_suite/expected-failures.txt"))
        .expect("expected-failures list");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .filter(|(r, _)| *r == release)
        .map(|(_, t)| t.trim().to_string())
        .collect()
}

fn run_module(release: &str, minor: &str, args: &[&str]) -> serde_json::Value {
    let Some(python) = cpython(release) else {
        return serde_json::Value::Null;
    };
    let python_arg = python_arg(minor);
    let mut a = vec![
        "tests/cpython_suite/run_suite.py",
        env!("CARGO_BIN_EXE_urlsyntax"),
        &python_arg,
    ];
    a.extend_from_slice(args);
    let out = run(&python, &a, b"");
    serde_json::from_str(&out).expect("the runner's JSON report")
}

fn check(release: &str, minor: &str, module: &[&str], min_passed: usize) {
    let report = run_module(release, minor, module);
    if report.is_null() {
        return;
    }
    let passed = report["passed"].as_array().expect("passed").len();
    let failed = report["failed"].as_object().expect("failed");
    let expected = expected_failures(release);
    let unexpected: Vec<String> = failed
        .iter()
        .filter(|(name, _)| !expected.contains(name))
        .map(|(name, why)| format!("{name}:\n{}", why.as_str().unwrap_or("")))
        .collect();
    let now_passing: Vec<&String> = expected
        .iter()
        .filter(|name| name.starts_with(module[0]) && !failed.contains_key(name.as_str()))
        .collect();
    eprintln!(
        "CPython {release} {}: {passed} tests pass against urlsyntax, {} fail, {} calls answered by urlsyntax, {} not expressible",
        module.join(" "),
        failed.len(),
        report["calls_to_urlsyntax"],
        report["calls_not_expressible"],
    );
    assert!(
        unexpected.is_empty(),
        "CPython {release}: failing tests:\n{}",
        unexpected.join("\n\n")
    );
    assert!(
        now_passing.is_empty(),
        "listed as expected failures but passing: {now_passing:?}"
    );
    assert!(
        passed >= min_passed,
        "only {passed} tests exercised urlsyntax"
    );
}

/// The tests of a release's own suites; `$urlparse_min`: how many of its
/// `test_urlparse` tests call urlsyntax at least (3.6 and 3.7 have fewer).
macro_rules! release_tests {
    ($name:ident, $release:literal, $minor:literal, $urlparse_min:literal) => {
        mod $name {
            use super::*;

            #[test]
            fn test_urlparse() {
                check($release, $minor, &["test_urlparse"], $urlparse_min);
            }

            #[test]
            fn test_urllib_quoting() {
                check(
                    $release,
                    $minor,
                    &[
                        "test_urllib",
                        "QuotingTests",
                        "UnquotingTests",
                        "urlencode_Tests",
                    ],
                    25,
                );
            }
        }
    };
}

release_tests!(
    cpython_debian11_3_9_2,
    "debian11-3.9.2",
    "debian11-3.9.2",
    40
);
release_tests!(
    cpython_debian12_3_11_2,
    "debian12-3.11.2",
    "debian12-3.11.2",
    40
);
release_tests!(
    cpython_debian13_3_13_5,
    "debian13-3.13.5",
    "debian13-3.13.5",
    40
);
release_tests!(cpython_3_15_2, "3.15.2", "3.15.2", 40);
release_tests!(cpython_3_14_10, "3.14.10", "3.14.10", 40);
release_tests!(cpython_3_13_18, "3.13.18", "3.13.18", 40);
release_tests!(cpython_3_13_0, "3.13.0", "3.13.0", 40);
release_tests!(cpython_3_12_1, "3.12.1", "3.12.1", 40);
release_tests!(cpython_3_11_7, "3.11.7", "3.11.7", 40);
release_tests!(cpython_3_10_13, "3.10.13", "3.10.13", 40);
release_tests!(cpython_3_9_18, "3.9.18", "3.9.18", 40);
release_tests!(cpython_3_8_18, "3.8.18", "3.8.18", 40);
release_tests!(cpython_3_7_16, "3.7.16", "3.7.16", 39);
release_tests!(cpython_3_6_15, "3.6.15", "3.6.15", 39);

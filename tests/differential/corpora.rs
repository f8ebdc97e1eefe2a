//! Every line of the real URL lists in `tests/data/corpora` gets CPython's
//! answer for `urlsplit`, `urlparse` (with every attribute) and `urljoin`
//! against a fixed base, under each release.
//!
//! CPython 3.13.0, 3.13.18, 3.14.10 and 3.15.2 answer every line; the
//! older releases a fixed sample (every 8th line) to keep CI short, or
//! every line when `URLSYNTAX_DIFFERENTIAL=full` (the longer run
//! `docs/profiles.md` gives).

#[path = "common.rs"]
mod common;

use common::*;

/// One line in `SAMPLE_EVERY` for the older releases.
const SAMPLE_EVERY: usize = 8;

fn corpus_calls(file: &str, every: usize) -> String {
    let text =
        std::fs::read_to_string(repo().join("tests/data/corpora").join(file)).expect("corpus");
    let mut calls = String::new();
    let lines = text.split('\n').filter(|l| !l.is_empty());
    for line in lines.step_by(every) {
        let url = serde_json::Value::String(line.trim_end_matches('\r').to_string());
        for f in [
            "urlsplit",
            "urlparse",
            "urlsplit.hostname",
            "urlsplit.port",
            "urlparse.username",
            "urlparse.geturl",
        ] {
            calls.push_str(&format!("{{\"fn\":\"{f}\",\"args\":[{url}]}}\n"));
        }
        calls.push_str(&format!(
            "{{\"fn\":\"urljoin\",\"args\":[\"http://example.com/a/b/c;p?q#f\",{url}]}}\n"
        ));
        calls.push_str(&format!(
            "{{\"fn\":\"urljoin\",\"args\":[{url},\"../x/./y?z\"]}}\n"
        ));
    }
    calls
}

fn check(file: &str, release: &str, minor: &str) {
    let Some(python) = cpython(release) else {
        return;
    };
    let full = matches!(
        release,
        "3.13.0" | "3.13.18" | "3.14.10" | "3.15.2" | "debian12-3.11.2"
    ) || std::env::var("URLSYNTAX_DIFFERENTIAL").as_deref() == Ok("full");
    let calls = corpus_calls(file, if full { 1 } else { SAMPLE_EVERY });
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls(minor, &calls);
    assert_agree(&format!("{file} vs CPython {release}"), &calls, &want, &got);
}

macro_rules! corpora_tests {
    ($name:ident, $release:literal, $minor:literal) => {
        mod $name {
            use super::*;

            #[test]
            fn kasztp_agrees_with_cpython() {
                check("kasztp.txt", $release, $minor);
            }

            #[test]
            fn node_files_agree_with_cpython() {
                check("node_files.txt", $release, $minor);
            }
        }
    };
}

corpora_tests!(cpython_debian11_3_9_2, "debian11-3.9.2", "debian11-3.9.2");
corpora_tests!(
    cpython_debian12_3_11_2,
    "debian12-3.11.2",
    "debian12-3.11.2"
);
corpora_tests!(
    cpython_debian13_3_13_5,
    "debian13-3.13.5",
    "debian13-3.13.5"
);
corpora_tests!(cpython_3_15_2, "3.15.2", "3.15.2");
corpora_tests!(cpython_3_14_10, "3.14.10", "3.14.10");
corpora_tests!(cpython_3_13_18, "3.13.18", "3.13.18");
corpora_tests!(cpython_3_13_0, "3.13.0", "3.13.0");
corpora_tests!(cpython_3_12_1, "3.12.1", "3.12.1");
corpora_tests!(cpython_3_11_7, "3.11.7", "3.11.7");
corpora_tests!(cpython_3_10_13, "3.10.13", "3.10.13");
corpora_tests!(cpython_3_9_18, "3.9.18", "3.9.18");
corpora_tests!(cpython_3_8_18, "3.8.18", "3.8.18");
corpora_tests!(cpython_3_7_16, "3.7.16", "3.7.16");
corpora_tests!(cpython_3_6_15, "3.6.15", "3.6.15");

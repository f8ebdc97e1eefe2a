//! Every line of the real URL lists in `tests/data/corpora` gets CPython's
//! answer for `urlsplit`, `urlparse` (with every attribute) and `urljoin`
//! against a fixed base.

#[path = "common.rs"]
mod common;

use common::*;

fn corpus_calls(file: &str) -> String {
    let text =
        std::fs::read_to_string(repo().join("tests/data/corpora").join(file)).expect("corpus");
    let mut calls = String::new();
    for line in text.split('\n').filter(|l| !l.is_empty()) {
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

fn check(file: &str) {
    let Some(python) = cpython("3.13.0") else {
        return;
    };
    let calls = corpus_calls(file);
    let want = cpython_calls(&python, &calls);
    let got = urlsyntax_calls("3.13", &calls);
    assert_agree(&format!("{file} vs CPython 3.13.0"), &calls, &want, &got);
}

#[test]
fn kasztp_agrees_with_cpython() {
    check("kasztp.txt");
}

#[test]
fn node_files_agree_with_cpython() {
    check("node_files.txt");
}

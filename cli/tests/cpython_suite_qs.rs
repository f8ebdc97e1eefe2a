//! CPython 3.13.0's own tests for the query-string and quoting functions
//! (`test_urllib`'s `QuotingTests`, `UnquotingTests`, `urlencode_Tests` and
//! the calls `test_urlparse` makes), replayed through `urlsyntax calls`.
//!
//! `tests/differential/cpython_suite_qs.jsonl` holds every call those tests
//! make, with CPython's answer and the test's name; it is extracted by
//! `tests/gen/extract_cpython_tests.py`. Cases listed in
//! `tests/differential/cpython_suite_qs.xfail` (one call's `test` name and
//! line number, `Test.method:LINE`) are expected to fail; a listed case
//! that passes fails the test, so the list only ever shrinks.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn repo_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn cpython_own_tests_pass() {
    let data = repo_file("tests/differential/cpython_suite_qs.jsonl");
    let xfail: Vec<String> = repo_file("tests/differential/cpython_suite_qs.xfail")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args(["calls", "--python", "3.13"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run urlsyntax");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = data.clone();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("output");
    writer.join().expect("writer").expect("write");
    let answers = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = data.lines().collect();
    let answers: Vec<&str> = answers.lines().collect();
    assert!(lines.len() > 1000, "the suite has {} calls", lines.len());
    assert_eq!(lines.len(), answers.len());
    let mut unexpected = Vec::new();
    let mut now_passing = Vec::new();
    for (i, (line, got)) in lines.iter().zip(&answers).enumerate() {
        let call: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let got: serde_json::Value = serde_json::from_str(got).expect("JSON");
        let id = format!("{}:{}", call["test"].as_str().unwrap_or("?"), i + 1);
        let listed = xfail.contains(&id);
        let pass = call["expect"] == got;
        if !pass && !listed {
            unexpected.push(format!("{id}: {line}\n  urlsyntax: {got}"));
        }
        if pass && listed {
            now_passing.push(id);
        }
    }
    for u in unexpected.iter().take(20) {
        eprintln!("{u}");
    }
    assert!(
        unexpected.is_empty(),
        "{} CPython cases fail",
        unexpected.len()
    );
    assert!(
        now_passing.is_empty(),
        "listed as expected failures but passing (remove them): {now_passing:?}"
    );
    eprintln!(
        "CPython's own tests: {}/{} calls pass, {} expected failures",
        lines.len() - xfail.len(),
        lines.len(),
        xfail.len()
    );
}

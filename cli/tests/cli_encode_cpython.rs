//! `urlsyntax encode` answers as the named release's `urlencode` for JSON
//! documents read as the line protocol reads them: an array is a `list`,
//! `{"tuple": [...]}` a `tuple`, any other object a `dict`.
//!
//! A missing interpreter fails the test under `CI=true` and skips it
//! otherwise.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::process::Command;

/// Python that reads each argument as `encode` does and prints
/// `urlencode(doc, doseq)` (or the error) a line each.
const SCRIPT: &str = r#"
import json, sys
from urllib.parse import urlencode

def value(v):
    if isinstance(v, list):
        return [value(x) for x in v]
    if isinstance(v, dict):
        if len(v) == 1 and isinstance(v.get("tuple"), list):
            return tuple(value(x) for x in v["tuple"])
        return {k: value(x) for k, x in v.items()}
    return v

doseq = sys.argv[1] == "doseq"
for doc in sys.argv[2:]:
    d = json.loads(doc)
    query = {k: value(v) for k, v in d.items()} if isinstance(d, dict) else [
        (value(k), value(v)) for k, v in d]
    try:
        print(urlencode(query, doseq))
    except Exception as e:
        print("%s: %s" % (type(e).__name__, e))
"#;

const DOCS: &[&str] = &[
    r#"{"a": ["🛜"]}"#,
    r#"{"a": {"tuple": ["🛜"]}}"#,
    r#"{"a": ["x", 7, null, true], "b": {"tuple": []}}"#,
    r#"{"a": {"tuple": ["x"], "b": 1}}"#,
    r#"{"a": {"k": ["é", {"tuple": [1]}]}}"#,
    r#"[["k", ["x y", 7]], ["t", {"tuple": ["a", ["b"]]}]]"#,
    r#"{"q": "El Niño", "n": -12}"#,
];

fn cpython(release: &str, doseq: bool) -> Option<Vec<String>> {
    let python = common::cpython(release)?;
    let out = Command::new(python)
        .args(["-c", SCRIPT, if doseq { "doseq" } else { "plain" }])
        .args(DOCS)
        .env("PYTHONIOENCODING", "utf-8")
        .output()
        .expect("run CPython");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(String::from)
            .collect(),
    )
}

fn urlsyntax(minor: &str, doseq: bool, doc: &str) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urlsyntax"));
    cmd.args(["encode", "--python", minor]);
    if doseq {
        cmd.arg("--doseq");
    }
    let out = cmd.arg(doc).output().expect("run urlsyntax");
    let text = String::from_utf8(out.stdout).unwrap();
    if out.status.success() {
        text.trim_end_matches('\n').to_string()
    } else {
        // `urlsyntax encode: DOC: Error: message` on stderr.
        let err = String::from_utf8(out.stderr).unwrap();
        err.trim_end()
            .strip_prefix(&format!("urlsyntax encode: {doc}: "))
            .unwrap_or(&err)
            .to_string()
    }
}

#[test]
fn lists_tuples_and_dicts_encode_as_each_release_does() {
    for (release, minor) in [
        ("3.9.18", "3.9.18"),
        ("3.13.0", "3.13.0"),
        ("3.15.2", "3.15.2"),
    ] {
        for doseq in [false, true] {
            let Some(want) = cpython(release, doseq) else {
                return;
            };
            assert_eq!(want.len(), DOCS.len());
            for (doc, want) in DOCS.iter().zip(&want) {
                assert_eq!(
                    &urlsyntax(minor, doseq, doc),
                    want,
                    "{doc} under {release}, doseq={doseq}"
                );
            }
        }
    }
}

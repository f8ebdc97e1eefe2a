//! What the CLI's tests share: running the binary and reading its output.

#![allow(dead_code)]

use std::io::Write;

use assert_cmd::Command;
use serde_json::Value as Json;

pub fn urlsyntax() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_urlsyntax"));
    c.env_remove("NO_COLOR");
    c
}

/// Runs with `args` and `stdin`; (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = urlsyntax().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args, b"");
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

pub fn temp_file(content: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(content).unwrap();
    f.flush().unwrap();
    f
}

pub fn jsonl(out: &str) -> Vec<Json> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

pub fn ok_stdin(args: &[&str], stdin: &[u8]) -> String {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

//! `urlsyntax split` and `urlsyntax parse` give, for every line of a real
//! URL list, the fields the real CPython gives: a small Python script reads
//! the same file the way the command documents (lines end at `\n`, one `\r`
//! before it dropped, strict UTF-8) and prints the same records.
//!
//! A missing interpreter fails the test under `CI=true` and skips it
//! otherwise.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;

use serde_json::Value as Json;

const SCRIPT: &str = r#"
import json, sys
from urllib.parse import urlsplit, urlparse

parse = sys.argv[1] == "parse"
keywords = {"missing_as_none": True} if sys.argv[3:] == ["--missing-as-none"] else {}
data = open(sys.argv[2], "rb").read()
lines = data.split(b"\n")
if lines and lines[-1] == b"":
    lines.pop()
names = ["scheme", "netloc", "path"] + (["params"] if parse else []) + [
    "query", "fragment", "username", "password", "hostname", "port", "error"]
out = sys.stdout
for n, raw in enumerate(lines, 1):
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    rec = {"line": n}
    try:
        url = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        rec["url"] = raw.decode("utf-8", "replace")
        rec.update({k: None for k in names})
        rec["error"] = f"{type(e).__name__}: {e}"
        out.write(json.dumps(rec) + "\n")
        continue
    rec["url"] = url
    try:
        r = (urlparse if parse else urlsplit)(url, **keywords)
    except Exception as e:
        rec.update({k: None for k in names})
        rec["error"] = f"{type(e).__name__}: {e}"
        out.write(json.dumps(rec) + "\n")
        continue
    for k in names[: 6 if parse else 5]:
        rec[k] = getattr(r, k)
    rec["username"] = r.username
    rec["password"] = r.password
    rec["hostname"] = r.hostname
    try:
        rec["port"] = r.port
        rec["error"] = None
    except Exception as e:
        rec["port"] = None
        rec["error"] = f"{type(e).__name__}: {e}"
    out.write(json.dumps(rec) + "\n")
"#;

fn cpython_records(python: &Path, command: &str, file: &Path, extra: &[&str]) -> Vec<Json> {
    let out = Command::new(python)
        .args(["-c", SCRIPT, command])
        .arg(file)
        .args(extra)
        .env("PYTHONIOENCODING", "utf-8")
        .output()
        .expect("run CPython");
    assert!(
        out.status.success(),
        "CPython failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines(&out.stdout)
}

fn urlsyntax_records(profile: &str, command: &str, file: &Path, extra: &[&str]) -> Vec<Json> {
    let out = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args([command, "--quiet", "--python", profile])
        .args(extra)
        .arg(file)
        .output()
        .expect("run urlsyntax");
    assert!(out.status.success());
    lines(&out.stdout)
}

fn lines(out: &[u8]) -> Vec<Json> {
    String::from_utf8(out.to_vec())
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn compare(label: &str, want: &[Json], got: &[Json]) {
    assert_eq!(want.len(), got.len(), "{label}: line counts differ");
    let bad: Vec<String> = want
        .iter()
        .zip(got)
        .filter(|(w, g)| w != g)
        .take(10)
        .map(|(w, g)| format!("  CPython:   {w}\n  urlsyntax: {g}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{label}: records differ; first ones:\n{}",
        bad.join("\n")
    );
    eprintln!("{label}: {} records agree", want.len());
}

#[test]
fn kasztp_split_and_parse_agree_with_cpython_3_13() {
    let Some(python) = common::cpython("3.13.0") else {
        return;
    };
    let file = common::repo().join("tests/data/corpora/kasztp.txt");
    for command in ["split", "parse"] {
        let want = cpython_records(&python, command, &file, &[]);
        assert!(want.len() > 40_000);
        let got = urlsyntax_records("3.13.0", command, &file, &[]);
        compare(
            &format!("kasztp.txt {command} vs CPython 3.13.0"),
            &want,
            &got,
        );
    }
}

/// Lines that raise, ports that raise, CRLF, lone CR, a BOM, bytes that are
/// not UTF-8, control characters: every release.
fn tricky_lines() -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(
        b"\xef\xbb\xbfhttp://bom/\r\n\
          http://a/b?c#d\r\n\
          http://a\rb/\n\
          http://[::1\n\
          http://[::1]:80/p;q?x#y\n\
          http://[v1.x]/\n\
          http://[1.2.3.4]/\n\
          http://h:x/\n\
          http://h:+1/\n\
          http://h:\xd9\xa1/\n\
          http://h:99999/\n\
          1http://a/\n\
          \x00 \x1f http://lead/\n\
          http://u:p@Host:/\n\
          //x/y;z\n\
          mailto:a@b\n\
          \xff\xfe\n\
          ok\xe2\x82\n\
          ok\xe2\x82x\n\
          \n\
          http://\xef\xbc\x8f@evil/\n\
          http://a\tb/\n\
          http://h/p?\n\
          http://a/b;?#\n\
          //a\n\
          x\n\
          no newline at the end",
    )
    .unwrap();
    f.flush().unwrap();
    f
}

#[test]
fn tricky_lines_agree_with_every_release() {
    let f = tricky_lines();
    for (release, minor) in common::RELEASES {
        let Some(python) = common::cpython(release) else {
            continue;
        };
        for command in ["split", "parse"] {
            let want = cpython_records(&python, command, f.path(), &[]);
            let got = urlsyntax_records(minor, command, f.path(), &[]);
            compare(
                &format!("tricky lines {command} vs CPython {release}"),
                &want,
                &got,
            );
        }
    }
}

/// `--missing-as-none` writes `null` for a part the URL does not have, as
/// CPython 3.15's `missing_as_none=True` gives `None`.
#[test]
fn tricky_lines_with_missing_as_none_agree_with_cpython_3_15_2() {
    let Some(python) = common::cpython("3.15.2") else {
        return;
    };
    let f = tricky_lines();
    let flag = ["--missing-as-none"];
    for command in ["split", "parse"] {
        let want = cpython_records(&python, command, f.path(), &flag);
        let got = urlsyntax_records("3.15.2", command, f.path(), &flag);
        let nulls = got.iter().filter(|r| r["fragment"].is_null()).count();
        assert!(nulls > 5, "{command}: absent fragments are null");
        compare(
            &format!("tricky lines {command} --missing-as-none vs CPython 3.15.2"),
            &want,
            &got,
        );
    }
}

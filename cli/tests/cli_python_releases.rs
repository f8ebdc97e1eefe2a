//! Every command that takes `--python` answers as that release's
//! `urllib.parse`, under two releases whose answers differ (3.6 and 3.13,
//! and 3.10 between them); the commands that read no Python refuse the
//! option with a usage error.
//!
//! A missing interpreter fails the test under `CI=true` and skips it
//! otherwise.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::process::Command;

use serde_json::Value;

/// Python that answers a command's inputs as the command prints them: a
/// JSON record (split, parse) or JSON array (qs) a line, else one text
/// line an input (`defrag`: the URL, a tab, the fragment). `join` takes
/// its base first.
const SCRIPT: &str = r#"
import json, sys
from urllib.parse import (urlsplit, urlparse, urljoin, urldefrag, unwrap,
                          parse_qsl, quote, unquote)

command, items = sys.argv[1], sys.argv[2:]
if command == "join":
    base, items = items[0], items[1:]
for line, item in enumerate(items, 1):
    if command in ("split", "parse"):
        r = (urlsplit if command == "split" else urlparse)(item)
        record = {"line": line, "url": item, "error": None}
        record.update(r._asdict())
        for name in ("username", "password", "hostname", "port"):
            record[name] = getattr(r, name)
        print(json.dumps(record))
    elif command == "join":
        print(urljoin(base, item))
    elif command == "defrag":
        print("%s\t%s" % urldefrag(item))
    elif command == "unwrap":
        print(unwrap(item))
    elif command == "qs":
        print(json.dumps(parse_qsl(item)))
    elif command == "quote":
        print(quote(item))
    elif command == "unquote":
        print(unquote(item))
"#;

/// Each command with `--python`, and inputs on which releases differ
/// (leading spaces, schemes starting with a digit, `;` in queries, `~`).
const COMMANDS: &[(&str, &[&str])] = &[
    (
        "split",
        &[
            " 1http://h:80/p;x?q=1;r#f",
            "HTTP://u:p@H:8080/p?q#f",
            "\u{1}http://[::1]:80/a",
            "a:b",
            "path;p?a=1;b=2",
        ],
    ),
    (
        "parse",
        &[" 1http://h:80/p;x?q=1;r#f", "http://h/a;b/c;d?e", "a1+:x;y"],
    ),
    (
        "join",
        &["http://a/b/c/d;p?q", "../../../g", "g;x", "//g", "?y", ""],
    ),
    ("defrag", &["http://a/b#f", "http://a/b#", "a#b#c", " x#y"]),
    ("unwrap", &["<URL:http://a/>", " <http://a/> ", "URL:x"]),
    ("qs", &["a=1;b=2", "a=1&b=&c", "a=%7E+b"]),
    ("quote", &["~a b", "é/x"]),
    ("unquote", &["%7E%zz", "%C3%A9+x"]),
];

fn cpython(release: &str, command: &str, items: &[&str]) -> Option<String> {
    let python = common::cpython(release)?;
    let out = Command::new(python)
        .args(["-c", SCRIPT, command])
        .args(items)
        .env("PYTHONIOENCODING", "utf-8")
        .output()
        .expect("run CPython");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

fn urlsyntax(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args(args)
        .output()
        .expect("run urlsyntax");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The lines of an answer, JSON lines read as values.
fn answers(command: &str, text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| match command {
            "split" | "parse" | "qs" => serde_json::from_str(line).expect("a JSON line"),
            _ => Value::String(line.to_string()),
        })
        .collect()
}

#[test]
fn every_command_with_python_answers_as_each_release() {
    for (release, minor) in [
        ("3.6.15", "3.6.15"),
        ("3.10.13", "3.10.13"),
        ("3.13.0", "3.13.0"),
        ("3.15.2", "3.15.2"),
    ] {
        for &(command, items) in COMMANDS {
            let Some(want) = cpython(release, command, items) else {
                return;
            };
            let mut args = vec![command, "--python", minor];
            if matches!(command, "split" | "parse") {
                args.extend(["-q", "--urls"]);
            }
            args.extend_from_slice(items);
            let (code, got, err) = urlsyntax(&args);
            assert_eq!(code, 0, "{command} under {minor}: {err}");
            assert_eq!(
                answers(command, &got),
                answers(command, &want),
                "{command} under {minor}"
            );
        }
    }
}

#[test]
fn the_releases_differ_on_these_inputs() {
    // The test above would prove little if every release answered alike.
    let (_, old, _) = urlsyntax(&["split", "-q", "--urls", "--python", "3.6", " 1http://h/"]);
    let (_, new, _) = urlsyntax(&["split", "-q", "--urls", "--python", "3.13", " 1http://h/"]);
    assert_ne!(answers("split", &old), answers("split", &new));
    let (_, old, _) = urlsyntax(&["quote", "--python", "3.6", "~"]);
    let (_, new, _) = urlsyntax(&["quote", "--python", "3.13", "~"]);
    assert_ne!(old, new);
}

#[test]
fn commands_that_read_no_python_refuse_the_option() {
    for command in [
        &["explain", "http://a/"][..],
        &["check", "http://a/"],
        &["schemes"],
        &["completions", "bash"],
        &["man"],
    ] {
        let mut args = command.to_vec();
        args.extend(["--python", "3.9"]);
        let (code, _, err) = urlsyntax(&args);
        assert_eq!(code, 2, "{command:?}: {err}");
        assert!(err.contains("--python"), "{command:?}: {err}");
    }
}

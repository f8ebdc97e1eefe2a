//! The command line as a new user meets it: `explain` over stdin, JSON
//! lines, reader choice and its exit code; `split` on URL arguments; scheme
//! tables extended or replaced; the built-in table, completions and the
//! man page.

use std::io::Write;

use assert_cmd::Command;
use serde_json::Value as Json;

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

fn temp_file(content: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(content).unwrap();
    f.flush().unwrap();
    f
}

fn jsonl(out: &str) -> Vec<Json> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect()
}

const CONFUSING: &str = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";

#[test]
fn explain_reads_stdin_and_prints_one_json_line_a_url() {
    let stdin = format!("http://a/b\n{CONFUSING}\nhttp://[::1]:80/\n");
    let (code, out, err) = run(&["explain", "--format", "jsonl"], stdin.as_bytes());
    assert_eq!(code, 1, "the confusing URL splits the readers: {err}");
    let records = jsonl(&out);
    assert_eq!(records.len(), 3, "{out}");
    assert_eq!(records[0]["url"], "http://a/b");
    assert_eq!(records[1]["url"], CONFUSING);
    assert!(records[0]["disagreements"].as_array().unwrap().is_empty());
    assert!(!records[1]["disagreements"].as_array().unwrap().is_empty());
    // Arguments give the same records as stdin.
    let (_, from_args, _) = run(
        &[
            "explain",
            "--format",
            "jsonl",
            "http://a/b",
            CONFUSING,
            "http://[::1]:80/",
        ],
        b"",
    );
    assert_eq!(from_args, out);
}

#[test]
fn explain_exit_code_gates_on_disagreement() {
    let (code, _, _) = run(&["explain", "--format", "jsonl", "http://a/b"], b"");
    assert_eq!(code, 0, "every reader reads http://a/b alike");
    let (code, _, _) = run(&["explain", "--format", "jsonl", CONFUSING], b"");
    assert_eq!(code, 1);
    // 3.9.18 and 3.13 differ on a bracketed IPv4 host (3.11.4+ refuses
    // it, and so does 3.9's last patch, 3.9.25: `cpython-3.9`).
    let both = [
        "explain",
        "-f",
        "jsonl",
        "--readers",
        "cpython-3.9.18,cpython-3.13",
    ];
    let (code, out, _) = run(&[&both[..], &["http://[1.2.3.4]/"]].concat(), b"");
    assert_eq!(code, 1, "{out}");
    // The same two readers agree on a plain URL; one reader never disagrees.
    let (code, _, _) = run(&[&both[..], &["http://h/p"]].concat(), b"");
    assert_eq!(code, 0);
    let (code, _, _) = run(&["explain", "--readers", "neturl", CONFUSING], b"");
    assert_eq!(code, 0);
    let newest = [
        "explain",
        "-f",
        "jsonl",
        "--readers",
        "cpython-3.9,cpython-3.13",
    ];
    let (code, out, _) = run(&[&newest[..], &["http://[1.2.3.4]/"]].concat(), b"");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("cpython-3.9.25") && out.contains("cpython-3.13.18"),
        "{out}"
    );
}

#[test]
fn explain_readers_picks_the_columns() {
    let (_, out, _) = run(
        &[
            "explain",
            "-f",
            "jsonl",
            "--readers",
            "cpython,whatwg",
            "http://a/",
        ],
        b"",
    );
    let ids: Vec<String> = jsonl(&out)[0]["readers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reader"].as_str().unwrap().to_owned())
        .collect();
    let mut expected: Vec<String> = urlsyntax::urllib::Profile::ALL
        .iter()
        .map(|p| format!("cpython-{}", p.release()))
        .collect();
    expected.push("whatwg".into());
    assert_eq!(ids, expected);
    let (code, out, _) = run(
        &["explain", "--readers", "rfc3986,neturl", "http://a/"],
        b"",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Neturl") && out.contains("RFC 3986"), "{out}");
    assert!(!out.contains("CPython") && !out.contains("WHATWG"), "{out}");
    let (code, _, err) = run(&["explain", "--readers", "lynx", "http://a/"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("unknown reader \"lynx\""), "{err}");
}

#[test]
fn explain_stdin_line_not_utf8_is_reported() {
    let (code, out, err) = run(
        &["explain", "-f", "jsonl", "--readers", "neturl"],
        b"http://a/\n\xff\n",
    );
    assert_eq!(code, 1);
    assert_eq!(jsonl(&out).len(), 1);
    assert!(err.contains("line 2: UnicodeDecodeError"), "{err}");
}

#[test]
fn split_takes_url_arguments() {
    let urls = ["http://[::1]:80/a?b", "http://h:x/", "http://[x/"];
    let file = temp_file(urls.join("\n").as_bytes());
    for format in ["jsonl", "csv", "tsv"] {
        let (code, from_file, _) = run(
            &["split", "-q", "-f", format, file.path().to_str().unwrap()],
            b"",
        );
        assert_eq!(code, 0);
        let (code, from_args, err) = run(
            &[&["split", "-q", "-f", format, "--urls"][..], &urls[..]].concat(),
            b"",
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(from_args, from_file, "{format}");
    }
    let (code, _, err) = run(&["split", "-q", "http://a/"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("give --urls"), "{err}");
}

#[test]
fn scheme_table_extends_or_replaces_the_common_table() {
    let table = temp_file(b"git+ssh scheme user host port? path relative\n");
    let t = table.path().to_str().unwrap();
    let (code, out, err) = run(
        &[
            "check",
            "--scheme-table",
            t,
            "git+ssh://git@h/r.git",
            "http://h/",
        ],
        b"",
    );
    assert_eq!(code, 0, "extended: both valid: {out}{err}");
    let (code, out, _) = run(
        &[
            "check",
            "--scheme-table",
            t,
            "--scheme-table-only",
            "git+ssh://git@h/r.git",
            "http://h/",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        out.lines().nth(1).unwrap().contains("unknown scheme"),
        "{out}"
    );
    let (code, _, err) = run(&["check", "--scheme-table-only", "http://h/"], b"");
    assert_eq!(code, 2, "--scheme-table-only needs --scheme-table: {err}");
    // A name Neturl can never read as a scheme is refused with the reason.
    let s3 = temp_file(b"s3 scheme host path?\n");
    let (code, _, err) = run(
        &[
            "check",
            "--scheme-table",
            s3.path().to_str().unwrap(),
            "s3://b/k",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("\"s3\" can never match") && err.contains("no digits"),
        "{err}"
    );
}

#[test]
fn schemes_prints_the_table_check_uses() {
    let (code, out, _) = run(&["schemes"], b"");
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("http ")), "{out}");
    assert!(out.contains("path-length=3"), "{out}");
    // Copied as it is, the printed table alone reads the common schemes
    // exactly as the built-in table does.
    let copy = temp_file(out.as_bytes());
    let urls = [
        "http://u@h:1/p?q",
        "nntp://h/g/1",
        "nntp://h/g",
        "mailto:x@y?s",
        "ftp://h/f;type=i",
    ];
    let (c1, builtin, _) = run(&[&["check", "-f", "json"][..], &urls[..]].concat(), b"");
    let (c2, copied, _) = run(
        &[
            &[
                "check",
                "-f",
                "json",
                "--scheme-table-only",
                "--scheme-table",
            ][..],
            &[copy.path().to_str().unwrap()],
            &urls[..],
        ]
        .concat(),
        b"",
    );
    assert_eq!((c1, &builtin), (c2, &copied));
    assert_eq!(c1, 1, "nntp://h/g breaks path-length=3: {builtin}");
}

#[test]
fn completions_and_man_page_cover_every_subcommand() {
    let subcommands = ["explain", "split", "check", "schemes", "completions", "man"];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = run(&["completions", shell], b"");
        assert_eq!(code, 0, "{shell}: {err}");
        for sub in subcommands {
            assert!(out.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let (code, _, _) = run(&["completions", "tcsh"], b"");
    assert_eq!(code, 2);
    let (code, man, _) = run(&["man"], b"");
    assert_eq!(code, 0);
    assert!(man.contains(".TH urlsyntax 1"), "{man}");
    for sub in subcommands {
        assert!(man.contains(sub), "the man page lacks {sub}");
    }
}

//! Every subcommand of the `urlsyntax` binary, its error paths, and its
//! machine-readable outputs read back with real parsers.

#[path = "support/cli.rs"]
mod cli;

use cli::*;
use serde_json::{json, Value as Json};

const EXAMPLE: &str = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";

/// `explain`'s output; its exit code is 1 when the readers disagree.
fn explain(args: &[&str]) -> String {
    let (code, out, err) = run(args, b"");
    assert!(code == 0 || code == 1, "{args:?} failed: {err}");
    assert!(err.is_empty(), "{args:?}: {err}");
    out
}

// ---------------------------------------------------------------- usage

#[test]
fn no_arguments_is_a_usage_error() {
    let (code, out, err) = run(&[], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("Usage: urlsyntax <COMMAND>"), "{err}");
}

#[test]
fn help_lists_every_subcommand_with_examples() {
    let out = ok(&["--help"]);
    for c in [
        "explain", "split", "parse", "join", "defrag", "unwrap", "qs", "quote", "unquote",
        "encode", "check", "calls",
    ] {
        assert!(out.contains(&format!("  {c} ")), "{c} missing from:\n{out}");
    }
    assert!(out.contains("Examples:"));
    for c in [
        "explain", "split", "join", "qs", "quote", "unquote", "encode", "check",
    ] {
        let h = ok(&[c, "--help"]);
        assert!(h.contains("Example"), "{c} --help has no example:\n{h}");
    }
}

#[test]
fn unknown_options_and_versions_are_usage_errors() {
    for args in [
        &["split", "--bogus"][..],
        &["explain", "--readers", "cpython-2.7", "http://a/"][..],
        &["split", "--python", "2.7"][..],
        &["split", "--format", "xml"][..],
        &["calls", "--bogus"][..],
        &["calls", "--python", "3.5"][..],
        &["calls", "--python", "3.8.17"][..],
        &["nosuchcommand"][..],
    ] {
        let (code, out, err) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} wrote to stdout: {out}");
        assert!(err.contains("error:"), "{args:?}: {err}");
    }
}

#[test]
fn version() {
    assert!(ok(&["--version"]).starts_with("urlsyntax "));
}

// ---------------------------------------------------------------- calls

#[test]
fn calls_keeps_its_protocol() {
    let input = b"{\"fn\":\"urlsplit\",\"args\":[\"http://a/b?c#d\"]}\n\
                  {\"fn\":\"urlsplit.port\",\"args\":[\"http://a:x/\"]}\n";
    let (code, out, _) = run(&["calls"], input);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"ok\":{\"SplitResult\":[\"http\",\"a\",\"/b\",\"c\",\"d\"]}}\n{\"error\":\"ValueError\"}\n"
    );
    let (_, with_messages, _) = run(&["calls", "--python=3.9", "--messages"], input);
    assert!(
        with_messages.contains("Port could not be cast"),
        "{with_messages}"
    );
    // 3.9 reads a port as int() does; 3.10 only takes ASCII digits.
    let port = b"{\"fn\":\"urlsplit.port\",\"args\":[\"http://a:+1/\"]}\n";
    assert_eq!(run(&["calls", "--python", "3.9"], port).1, "{\"ok\":1}\n");
    assert_eq!(
        run(&["calls", "--python", "3.10"], port).1,
        "{\"error\":\"ValueError\"}\n"
    );
}

// ---------------------------------------------------------------- explain

#[test]
fn explain_table_shows_who_sees_which_host() {
    let out = explain(&["explain", EXAMPLE]);
    assert!(
        !out.contains('\x1b'),
        "no color when stdout is not a terminal"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], EXAMPLE);
    assert!(lines[1].contains("CPython 3.6.15-3.15.2"), "{out}");
    for reader in ["Neturl", "WHATWG (url)", "RFC 3986 (strict)"] {
        assert!(lines[1].contains(reader), "{out}");
    }
    let row = |name: &str| {
        *lines
            .iter()
            .find(|l| l[2..].starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} row in\n{out}"))
    };
    assert!(row("hostname").matches("\"2.2.2.2\"").count() == 2, "{out}");
    assert!(row("username").starts_with('*'), "{out}");
    assert!(row("username").contains("\"1.1.1.1 &\""), "{out}");
    assert!(row("username").contains("\"1.1.1.1%20&\""), "{out}");
    assert!(row("fragment").starts_with('*'), "{out}");
    assert!(row("scheme").starts_with(' '), "{out}");
    assert!(row("result").starts_with('*'), "{out}");
    assert!(out.contains("Neturl: Malformed_URL: host:"), "{out}");
    assert!(out.contains("RFC 3986 (strict): failure:"), "{out}");
}

#[test]
fn explain_splits_cpython_columns_where_releases_differ() {
    let out = explain(&["explain", "--color", "never", "http://[1.2.3.4]/"]);
    // The bracketed-host check (gh-103848) came with 3.11 and with the
    // last patches of 3.9 and 3.10.
    assert!(out.contains("CPython 3.6.15-3.9.18 "), "{out}");
    assert!(out.contains("CPython 3.9.25 "), "{out}");
    assert!(out.contains("CPython 3.10.13 "), "{out}");
    assert!(out.contains("CPython 3.10.22-3.15.2 "), "{out}");
    assert!(out.contains("ValueError: An IPv4 address cannot be in brackets"));
    let colored = explain(&["explain", "--color", "always", EXAMPLE]);
    assert!(colored.contains("\x1b[1;33m* username"), "{colored}");
}

#[test]
fn explain_never_sends_control_characters_to_the_terminal() {
    let out = explain(&["explain", "--color", "never", "http://a/\x1b[2J\tb"]);
    assert!(!out.contains('\x1b'), "{out}");
    assert!(out.starts_with("\"http://a/\\u001b[2J\\tb\"\n"), "{out}");
}

#[test]
fn explain_json() {
    let out = explain(&["explain", "--format", "json", EXAMPLE, "http://a:99999/"]);
    let v: Json = serde_json::from_str(&out).unwrap();
    let all = v.as_array().unwrap();
    assert_eq!(all.len(), 2);
    let first = &all[0];
    assert_eq!(first["url"], EXAMPLE);
    let readers = first["readers"].as_array().unwrap();
    let ids: Vec<&str> = readers
        .iter()
        .map(|r| r["reader"].as_str().unwrap())
        .collect();
    let mut want: Vec<String> = urlsyntax::urllib::Profile::ALL
        .iter()
        .map(|p| format!("cpython-{}", p.release()))
        .collect();
    want.extend(["neturl", "whatwg", "rfc3986"].map(String::from));
    assert_eq!(ids, want);
    let by = |id: &str| readers.iter().find(|r| r["reader"] == id).unwrap();
    assert_eq!(by("cpython-3.13.0")["fields"]["hostname"], "2.2.2.2");
    assert_eq!(by("cpython-3.13.0")["fields"]["username"], "1.1.1.1 &");
    assert_eq!(by("cpython-3.13.0")["fields"]["fragment"], " @3.3.3.3/");
    assert_eq!(by("whatwg")["fields"]["hostname"], "2.2.2.2");
    assert_eq!(by("neturl")["ok"], false);
    assert!(by("neturl")["error"]
        .as_str()
        .unwrap()
        .starts_with("Malformed_URL"));
    assert_eq!(by("rfc3986")["ok"], false);
    let d: Vec<&str> = first["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(d.contains(&"username") && d.contains(&"fragment") && !d.contains(&"hostname"));
    // A port that raises is an error in its field only.
    let port = &all[1]["readers"][7]["fields"]["port"];
    assert_eq!(
        port["error"], "ValueError: Port out of range 0-65535",
        "{}",
        all[1]
    );
    assert_eq!(all[1]["readers"][7]["fields"]["hostname"], "a");
}

// ---------------------------------------------------------------- the small commands

#[test]
fn join() {
    assert_eq!(
        ok(&["join", "http://a/b/c/d;p?q", "../g", "g?y", "#s", "//x/y"]),
        "http://a/b/g\nhttp://a/b/c/g?y\nhttp://a/b/c/d;p?q#s\nhttp://x/y\n"
    );
    assert_eq!(
        ok_stdin(&["join", "http://a/b/c"], b"d\r\n../e\n"),
        "http://a/b/d\nhttp://a/e\n"
    );
    let (code, out, err) = run(&["join", "http://[::1", "x"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("ValueError: Invalid IPv6 URL"), "{err}");
}

#[test]
fn defrag_and_unwrap() {
    assert_eq!(ok(&["defrag", "http://a/b#frag"]), "http://a/b\tfrag\n");
    let j: Json = serde_json::from_str(&ok(&["defrag", "-f", "json", "http://a/b#f"])).unwrap();
    assert_eq!(j, json!({"url": "http://a/b", "fragment": "f"}));
    assert_eq!(
        ok(&["unwrap", "<URL:http://a/b>", " <x> "]),
        "http://a/b\nx\n"
    );
}

#[test]
fn qs_with_every_option() {
    let pairs = |s: &str| -> Json { serde_json::from_str(s.trim()).unwrap() };
    assert_eq!(
        pairs(&ok(&["qs", "a=1&b=El+Ni%C3%B1o&c"])),
        json!([["a", "1"], ["b", "El Niño"]])
    );
    assert_eq!(
        pairs(&ok(&["qs", "--keep-blank-values", "a=1&b=&c"])),
        json!([["a", "1"], ["b", ""], ["c", ""]])
    );
    assert_eq!(
        pairs(&ok(&["qs", "-k", "--separator", ";", "a=;b&c"])),
        json!([["a", ""], ["b&c", ""]])
    );
    assert_eq!(
        pairs(&ok(&["qs", "--encoding", "latin-1", "a=%E9"])),
        json!([["a", "é"]])
    );
    assert_eq!(
        pairs(&ok(&["qs", "--errors", "ignore", "a=%FFx"])),
        json!([["a", "x"]])
    );
    assert_eq!(
        pairs(&ok(&["qs", "--dict", "a=1&a=2&b=3"])),
        json!({"a": ["1", "2"], "b": ["3"]})
    );
    assert_eq!(
        pairs(&ok(&["qs", "--max-num-fields", "2", "a=1&b=2"])),
        json!([["a", "1"], ["b", "2"]])
    );
    let (code, _, err) = run(&["qs", "--max-num-fields", "1", "a=1&b=2"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("ValueError: Max number of fields exceeded"),
        "{err}"
    );
    let (code, _, err) = run(&["qs", "--strict-parsing", "a&b=1"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("ValueError: bad query field: 'a'"), "{err}");
    let (code, _, err) = run(&["qs", "--encoding", "nope", "a=%41"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("LookupError: unknown encoding: nope"), "{err}");
    // 3.9 and 3.10 count an empty query as one field; 3.11 on, none.
    let (code, _, _) = run(
        &["qs", "--python", "3.10", "--max-num-fields", "0", ""],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(
        ok(&["qs", "--python", "3.11", "--max-num-fields", "0", ""]),
        "[]\n"
    );
}

#[test]
fn quote_and_unquote() {
    assert_eq!(ok(&["quote", "/El Niño/"]), "/El%20Ni%C3%B1o/\n");
    assert_eq!(ok(&["quote", "--plus", "a b&c/"]), "a+b%26c%2F\n");
    assert_eq!(ok(&["quote", "--safe", "", "a/b"]), "a%2Fb\n");
    assert_eq!(
        ok(&["quote", "--safe", "", "--encoding", "latin-1", "é/"]),
        "%E9%2F\n"
    );
    assert_eq!(
        ok(&[
            "quote",
            "--encoding",
            "ascii",
            "--errors",
            "xmlcharrefreplace",
            "é"
        ]),
        "%26%23233%3B\n"
    );
    let (code, _, err) = run(&["quote", "--encoding", "ascii", "é"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("UnicodeEncodeError: 'ascii' codec can't encode"),
        "{err}"
    );
    assert_eq!(ok(&["unquote", "/El%20Ni%C3%B1o/"]), "/El Niño/\n");
    assert_eq!(ok(&["unquote", "--plus", "a+b%26c"]), "a b&c\n");
    assert_eq!(ok(&["unquote", "--encoding", "latin-1", "%E9"]), "é\n");
    assert_eq!(ok(&["unquote", "%FFx"]), "\u{fffd}x\n");
    assert_eq!(ok(&["unquote", "--errors", "ignore", "%FFx"]), "x\n");
    let (code, _, err) = run(&["unquote", "--errors", "strict", "%FF"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("UnicodeDecodeError"), "{err}");
    assert_eq!(ok_stdin(&["quote"], b"a b\nc\r\n"), "a%20b\nc\n");
    // A line of stdin that is not UTF-8 fails alone.
    let (code, out, err) = run(&["unquote"], b"%41\n\xff\n%42\n");
    assert_eq!((code, out.as_str()), (1, "A\nB\n"));
    assert!(err.contains("line 2: UnicodeDecodeError"), "{err}");
}

#[test]
fn encode_follows_the_release_s_unicode() {
    // U+1F6DC is printable from Unicode 15.0 (CPython 3.12) on, so the
    // repr inside str(["🛜"]) escapes it before.
    let doc = "{\"a\": [\"\u{1f6dc}\"]}";
    assert_eq!(
        ok(&["encode", "--python", "3.9", doc]),
        "a=%5B%27%5CU0001f6dc%27%5D\n"
    );
    assert_eq!(
        ok(&["encode", "--python", "3.12", doc]),
        "a=%5B%27%F0%9F%9B%9C%27%5D\n"
    );
    // U+180E stopped being whitespace in Unicode 6.3: strip keeps it.
    assert_eq!(
        ok(&["unwrap", "--python", "3.9", "\u{3000}<URL:x>\u{180e}"]),
        "<URL:x>\u{180e}\n"
    );
    assert_eq!(
        ok(&["unwrap", "--python", "3.9", "\u{3000}<URL:x>\u{2000}"]),
        "x\n"
    );
}

#[test]
fn encode() {
    assert_eq!(
        ok(&["encode", r#"{"q": "El Niño", "n": 1}"#]),
        "q=El+Ni%C3%B1o&n=1\n"
    );
    assert_eq!(
        ok(&[
            "encode",
            "--doseq",
            "--quote-via",
            "quote",
            r#"[["k", ["x y", 7]]]"#
        ]),
        "k=x%20y&k=7\n"
    );
    assert_eq!(
        ok(&["encode", r#"[["k", ["x", 7]]]"#]),
        "k=%5B%27x%27%2C+7%5D\n"
    );
    assert_eq!(
        ok(&[
            "encode",
            "--safe",
            "/",
            r#"{"p": "/a b", "t": true, "z": null}"#
        ]),
        "p=/a+b&t=True&z=None\n"
    );
    assert_eq!(
        ok(&["encode", "--encoding", "latin-1", r#"{"a": "é"}"#]),
        "a=%E9\n"
    );
    assert_eq!(
        ok(&[
            "encode",
            "--encoding",
            "ascii",
            "--errors",
            "replace",
            r#"{"a": "é"}"#
        ]),
        "a=%3F\n"
    );
    assert_eq!(ok_stdin(&["encode"], b"{\"a\": \"b c\"}\n"), "a=b+c\n");
    for bad in ["3.5", "not json", r#"[["a"]]"#, r#"{"x": 1.5}"#] {
        let (code, out, err) = run(&["encode", bad], b"");
        assert_eq!((code, out.as_str()), (1, ""), "{bad}");
        assert!(err.starts_with("urlsyntax encode: "), "{err}");
    }
}

#[test]
fn check() {
    let (code, out, _) = run(&["check", "http://user@h:8080/a?b", "mailto:x@y"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "valid    http://user@h:8080/a?b    scheme=\"http\" user=\"user\" host=\"h\" port=8080 path=\"/a\" query=\"b\"\n\
         valid    mailto:x@y    scheme=\"mailto\" other=\"x@y\"\n"
    );
    let (code, out, _) = run(
        &["check", "http://h:99999/", "http://h/a b", "foo:x", "a/b"],
        b"",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "invalid  http://h:99999/    port: not in 0..65535"
    );
    assert_eq!(
        lines[1],
        "invalid  http://h/a b    path: contains a character that must be %-encoded"
    );
    assert_eq!(lines[2], "invalid  foo:x    scheme: unknown scheme");
    assert_eq!(
        lines[3],
        "invalid  a/b    scheme: a relative URL needs a base syntax"
    );
    assert_eq!(
        ok(&["check", "--base", "http", "a/b?c"]),
        "valid    a/b?c    path=\"a/b\" query=\"c\"\n"
    );
    let (_, out, _) = run(&["check", "http://h/#f"], b"");
    assert!(out.starts_with("invalid"), "{out}");
    assert!(ok(&["check", "--enable-fragment", "http://h/#f"]).contains("fragment=\"f\""));
    assert!(ok(&["check", "--accept-8bits", "http://h/\u{e9}"]).starts_with("valid"));
    let (_, out, _) = run(
        &["check", "-f", "json", "http://h/x", "http://h:99999/"],
        b"",
    );
    let recs = jsonl(&out);
    assert_eq!(recs[0]["valid"], true);
    assert_eq!(
        recs[0]["parts"],
        json!({"scheme": "http", "host": "h", "path": "/x"})
    );
    assert_eq!(recs[0]["printed"], "http://h/x");
    assert_eq!(
        recs[1],
        json!({"url": "http://h:99999/", "valid": false, "exception": "Malformed_URL",
               "part": "port", "reason": "not in 0..65535"})
    );
}

#[test]
fn check_with_a_scheme_table_file() {
    let table = temp_file(b"# two schemes\nfoo scheme host path? query?\nbar scheme other\n");
    let t = table.path().to_str().unwrap();
    let (code, out, _) = run(
        &[
            "check",
            "--scheme-table",
            t,
            "--scheme-table-only",
            "foo://h/x?y",
            "bar:anything",
            "http://h/",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("valid    foo://h/x?y"), "{out}");
    assert!(lines[1].starts_with("valid    bar:anything"), "{out}");
    assert_eq!(lines[2], "invalid  http://h/    scheme: unknown scheme");
    let (code, _, err) = run(&["check", "--scheme-table", t, "foo:x"], b"");
    assert_eq!(code, 1, "{err}");
    let bad = temp_file(b"foo scheme hots\n");
    let (code, _, err) = run(
        &[
            "check",
            "--scheme-table",
            bad.path().to_str().unwrap(),
            "foo://h",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("line 1"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.txt");
    let (code, _, _) = run(
        &[
            "check",
            "--scheme-table",
            missing.to_str().unwrap(),
            "foo://h",
        ],
        b"",
    );
    assert_eq!(code, 2);
}

//! Hostile inputs (`tests/hostile/inputs.jsonl`: the inputs of CPython's
//! URL CVE fixes and of parser-confusion research) through every urllib
//! function and attribute call, str and bytes, and through the Neturl
//! parser.
//!
//! * `urllib_hostile_agrees_with_cpython`: for every release, `urlsyntax
//!   calls --python X` and CPython X's reference answerer agree on every
//!   call (a missing CPython fails under `CI=true`, as in every
//!   differential test).
//! * `urllib_hostile_pinned`: the answers equal the pinned CPython 3.13.0
//!   answers in `tests/hostile/urllib-3.13.0.jsonl` (no oracle needed).
//! * `neturl_hostile_pinned`: the neturl answers equal the pinned Ocamlnet
//!   4.1.9 answers in `tests/hostile/neturl.jsonl`, and, when the OCaml
//!   toolchain is there, Ocamlnet's own answers.
//!
//! `HOSTILE_BLESS=1` rewrites the pinned files from the oracles (CPython
//! 3.13.0, Ocamlnet), never from urlsyntax:
//! `HOSTILE_BLESS=1 cargo test --release -p urlsyntax-cli --test hostile`.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::path::Path;

use serde_json::{json, Value};

fn inputs() -> Vec<String> {
    let text = std::fs::read_to_string(common::repo().join("tests/hostile/inputs.jsonl"))
        .expect("tests/hostile/inputs.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("an input line is JSON");
            v["input"].as_str().expect("input").to_string()
        })
        .collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

const SPLIT_ATTRS: [&str; 10] = [
    "scheme", "netloc", "path", "query", "fragment", "username", "password", "hostname", "port",
    "geturl",
];

/// Every urllib call of one input, str and bytes.
fn urllib_calls(s: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for bytes in [false, true] {
        let v = |x: &str| {
            if bytes {
                json!({ "bytes": hex(x.as_bytes()) })
            } else {
                json!(x)
            }
        };
        let u = v(s);
        let mut call = |f: &str, args: Value, kwargs: Value| {
            out.push(json!({ "fn": f, "args": args, "kwargs": kwargs }));
        };
        let none = json!({});
        for f in ["urlsplit", "urlparse", "urldefrag"] {
            call(f, json!([u]), none.clone());
        }
        call("urlsplit", json!([u]), json!({ "allow_fragments": false }));
        call("urlparse", json!([u]), json!({ "scheme": v("http") }));
        for a in SPLIT_ATTRS {
            call(&format!("urlsplit.{a}"), json!([u]), none.clone());
        }
        for a in ["params", "hostname", "port", "geturl"] {
            call(&format!("urlparse.{a}"), json!([u]), none.clone());
        }
        for a in ["url", "fragment", "geturl"] {
            call(&format!("urldefrag.{a}"), json!([u]), none.clone());
        }
        call("urljoin", json!([v("http://a/b/c/d;p?q"), u]), none.clone());
        call("urljoin", json!([u, v("../g?y#s")]), none.clone());
        call(
            "urljoin",
            json!([u, u]),
            json!({ "allow_fragments": false }),
        );
        call(
            "urlunsplit",
            json!([{ "tuple": [v("http"), u, v("/p"), v("q"), v("f")] }]),
            none.clone(),
        );
        call(
            "urlunsplit",
            json!([{ "tuple": [v(""), v(""), u, v(""), v("")] }]),
            none.clone(),
        );
        call(
            "urlunparse",
            json!([{ "tuple": [v("http"), v("h"), u, u, u, u] }]),
            none.clone(),
        );
        call("parse_qs", json!([u]), none.clone());
        call(
            "parse_qsl",
            json!([u]),
            json!({ "keep_blank_values": true }),
        );
        call("parse_qsl", json!([u]), json!({ "strict_parsing": true }));
        call("parse_qsl", json!([u]), json!({ "separator": v(";") }));
        call("quote", json!([u]), none.clone());
        call("quote_plus", json!([u]), json!({ "safe": v("") }));
        call("unquote", json!([u]), none.clone());
        call("unquote_plus", json!([u]), json!({ "errors": "strict" }));
        call("unquote_to_bytes", json!([u]), none.clone());
        call(
            "urlencode",
            json!([[{ "tuple": [v("k"), u] }]]),
            none.clone(),
        );
        call(
            "urlencode",
            json!([[{ "tuple": [u, { "tuple": [u, u] }] }]]),
            json!({ "doseq": true }),
        );
        if bytes {
            call("quote_from_bytes", json!([u]), none.clone());
        } else {
            call("unwrap", json!([u]), none.clone());
        }
    }
    out
}

/// The neturl calls of one input.
fn neturl_calls(s: &str) -> Vec<Value> {
    let none = json!({});
    [
        ("parse_url", json!([s]), none.clone()),
        (
            "parse_url",
            json!([s]),
            json!({ "base_syntax": "http", "enable_fragment": true }),
        ),
        (
            "parse_url",
            json!([s]),
            json!({ "base_syntax": "ip", "accept_8bits": true }),
        ),
        ("decoded", json!([s]), json!({ "base_syntax": "http" })),
        ("url_of_string", json!(["http", s]), none.clone()),
        ("url_of_string", json!(["ip", s]), none.clone()),
        ("url_addr", json!([s]), none.clone()),
        ("split_path", json!([s]), none.clone()),
        (
            "fixup_url_string",
            json!([s]),
            json!({ "escape_hash": true }),
        ),
        ("extract_url_scheme", json!([s]), none.clone()),
        (
            "apply_relative_url",
            json!(["http://a/b/c/d;p?q", s]),
            none.clone(),
        ),
        ("local_path_of_file_url", json!([s]), none.clone()),
    ]
    .into_iter()
    .map(|(f, args, kwargs)| json!({ "fn": format!("neturl.{f}"), "args": args, "kwargs": kwargs }))
    .collect()
}

fn calls_text(calls: &[Value]) -> String {
    calls.iter().map(|c| c.to_string() + "\n").collect()
}

fn all_urllib_calls() -> Vec<Value> {
    inputs().iter().flat_map(|s| urllib_calls(s)).collect()
}

fn all_neturl_calls() -> Vec<Value> {
    inputs().iter().flat_map(|s| neturl_calls(s)).collect()
}

fn lines(s: &str) -> Vec<Value> {
    s.lines()
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_str(l).expect("an answer is JSON"))
        .collect()
}

fn bless() -> bool {
    std::env::var("HOSTILE_BLESS").as_deref() == Ok("1")
}

/// Writes `{"call": ..., "answer": ...}` lines.
fn write_pinned(path: &Path, calls: &[Value], answers: &[Value]) {
    let text: String = calls
        .iter()
        .zip(answers)
        .map(|(c, a)| json!({ "call": c, "answer": a }).to_string() + "\n")
        .collect();
    std::fs::write(path, text).expect("write the pinned answers");
    eprintln!("wrote {}", path.display());
}

/// Asserts that `answers` are the pinned ones, call for call.
fn assert_pinned(label: &str, path: &Path, calls: &[Value], answers: &[Value]) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (HOSTILE_BLESS=1 writes it)", path.display()));
    let pinned = lines(&text);
    assert_eq!(
        pinned.len(),
        calls.len(),
        "{label}: {} pinned answers for {} calls (inputs changed? HOSTILE_BLESS=1 rewrites them from the oracle)",
        pinned.len(),
        calls.len()
    );
    let mut bad = Vec::new();
    for ((p, c), a) in pinned.iter().zip(calls).zip(answers) {
        assert_eq!(
            &p["call"], c,
            "{label}: the pinned calls are not these calls"
        );
        if &p["answer"] != a {
            bad.push(format!(
                "{c}\n   pinned:    {}\n   urlsyntax: {a}",
                p["answer"]
            ));
        }
    }
    eprintln!(
        "{label}: {}/{} answers as pinned",
        calls.len() - bad.len(),
        calls.len()
    );
    assert!(
        bad.is_empty(),
        "{label}: {} answers differ from the pinned ones; first ones:\n{}",
        bad.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn urllib_hostile_agrees_with_cpython() {
    let calls = all_urllib_calls();
    let text = calls_text(&calls);
    for (release, minor) in common::RELEASES {
        let Some(py) = common::cpython(release) else {
            continue;
        };
        let want = common::cpython_calls(&py, &text);
        let got = common::urlsyntax_calls(minor, &text);
        common::assert_agree(
            &format!("hostile urllib, CPython {release}"),
            &text,
            &want,
            &got,
        );
        if release == "3.13.0" {
            let path = common::repo().join("tests/hostile/urllib-3.13.0.jsonl");
            if bless() {
                write_pinned(&path, &calls, &lines(&want));
            }
            assert_pinned("CPython 3.13.0 as pinned", &path, &calls, &lines(&want));
        }
    }
}

#[test]
fn urllib_hostile_pinned() {
    if bless() {
        return; // the file is being rewritten by the test above
    }
    let calls = all_urllib_calls();
    let got = common::urlsyntax_calls("3.13.0", &calls_text(&calls));
    let path = common::repo().join("tests/hostile/urllib-3.13.0.jsonl");
    assert_pinned("hostile urllib, 3.13 profile", &path, &calls, &lines(&got));
}

#[test]
fn neturl_hostile_pinned() {
    let calls = all_neturl_calls();
    let text = calls_text(&calls);
    let got = common::urlsyntax_calls("3.13.0", &text);
    let path = common::repo().join("tests/hostile/neturl.jsonl");
    if let Some(oracle) = common::ocamlnet_answerer() {
        let want = common::run(&oracle, &[], text.as_bytes());
        if bless() {
            write_pinned(&path, &calls, &lines(&want));
        }
        common::assert_agree("hostile neturl, Ocamlnet 4.1.9", &text, &want, &got);
    }
    assert_pinned("hostile neturl as pinned", &path, &calls, &lines(&got));
}

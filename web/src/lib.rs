//! The explain page's entry points: each takes text and answers JSON text
//! (the model's own JSON, `urlsyntax-explain`), which the page draws.

#![forbid(unsafe_code)]

use serde_json::{json, Value as Json};
use urlsyntax_explain::{self as explain, CpythonReader, Function};
use wasm_bindgen::prelude::wasm_bindgen;

/// The hostile inputs of `tests/hostile/`, each with why it matters.
const EXAMPLES: &str = include_str!("../../tests/hostile/inputs.jsonl");

/// The CPython readers `release` selects: all (`"all"`), or the one of
/// that id (`cpython-3.13.0`).
fn cpython(release: &str) -> Vec<CpythonReader> {
    let all = explain::cpython_readers();
    if release == "all" {
        return all;
    }
    let one: Vec<CpythonReader> = all.iter().filter(|r| r.id == release).cloned().collect();
    if one.is_empty() {
        all
    } else {
        one
    }
}

/// How every reader reads `url`: [`explain::to_json_with_columns`] of the
/// CPython readers `release` selects, Neturl, WHATWG and RFC 3986.
#[wasm_bindgen]
pub fn explain(url: &str, release: &str) -> String {
    let rs = explain::readings_with(url, &cpython(release));
    explain::to_json_with_columns(url, &rs).to_string()
}

/// A function of `urllib.parse` on `url` (and `base`) by the CPython
/// readers `release` selects ([`explain::call`]).
#[wasm_bindgen]
pub fn call(function: &str, url: &str, base: &str, release: &str) -> String {
    match Function::from_name(function) {
        Some(f) => explain::call(f, url, base, &cpython(release)).to_string(),
        None => json!({ "error": format!("no function {function:?}") }).to_string(),
    }
}

/// Neturl's verdict on `url` ([`explain::check_common`]), read with the
/// partial syntax of `base` unless it is empty.
#[wasm_bindgen]
pub fn check(url: &str, base: &str) -> String {
    let base = Some(base).filter(|b| !b.is_empty());
    match explain::check_common(url, base) {
        Some(doc) => doc.to_string(),
        None => json!({ "error": format!("no scheme {base:?} in the common table") }).to_string(),
    }
}

/// What the page offers: the CPython readers (`[{id, label}]`), the
/// functions, the common table's schemes, the examples (`[{input, why}]`)
/// and what this build leaves out.
#[wasm_bindgen]
pub fn catalog() -> String {
    let releases: Vec<Json> = explain::cpython_readers()
        .iter()
        .map(|r| json!({ "id": r.id, "label": r.label }))
        .collect();
    let functions: Vec<Json> = Function::ALL
        .iter()
        .map(|f| json!({ "name": f.name(), "call": f.call_text() }))
        .collect();
    let examples: Vec<Json> = EXAMPLES
        .lines()
        .filter_map(|l| serde_json::from_str::<Json>(l).ok())
        .collect();
    // Built without urlsyntax's `cjk-codecs` feature (Cargo.toml).
    let left_out = ["the East Asian codecs of urllib's encoding arguments (shift_jis, euc_jp, gbk, gb18030, big5, euc_kr and the others) and their mapping tables"];
    json!({
        "releases": releases,
        "functions": functions,
        "schemes": explain::scheme_names(),
        "fields": explain::FIELDS,
        "examples": examples,
        "left_out": left_out,
        "default_release": urlsyntax::urllib::Profile::default().release(),
    })
    .to_string()
}

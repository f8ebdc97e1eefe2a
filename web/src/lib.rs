//! The explain page's entry points: each takes text and answers JSON text
//! (the model's own JSON, `urlsyntax-explain`), which the page draws.
//!
//! They are plain WebAssembly exports, with no generated glue: the page
//! writes its arguments' UTF-8, one after another, into the input buffer
//! ([`input`] gives its address for a length), calls an entry with each
//! argument's length in bytes, and reads the answer's UTF-8 at
//! [`output`], as many bytes as the entry returned (`web/page/app.js`).
//! The buffers are this module's own vectors: no pointer the page passes
//! is ever read, so the code is safe Rust; only the exports' unmangled
//! names need `no_mangle`, which the `unsafe_code` lint counts.

#![deny(unsafe_code)]

use std::cell::RefCell;

use serde_json::{json, Value as Json};
use urlsyntax_explain::{self as explain, CpythonReader, Function};

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
pub fn explain(url: &str, release: &str) -> String {
    let rs = explain::readings_with(url, &cpython(release));
    explain::to_json_with_columns(url, &rs).to_string()
}

/// A function of `urllib.parse` on `url` (and `base`) by the CPython
/// readers `release` selects ([`explain::call`]).
pub fn call(function: &str, url: &str, base: &str, release: &str) -> String {
    match Function::from_name(function) {
        Some(f) => explain::call(f, url, base, &cpython(release)).to_string(),
        None => json!({ "error": format!("no function {function:?}") }).to_string(),
    }
}

/// Neturl's verdict on `url` ([`explain::check_common`]), read with the
/// partial syntax of `base` unless it is empty.
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

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The address of the input buffer, made `len` bytes long, for the page
/// to write the next call's arguments into.
#[allow(unsafe_code)] // SAFETY: `no_mangle` only exports the name.
#[no_mangle]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|buffer| {
        buffer.clear();
        buffer.resize(len, 0);
        buffer.as_mut_ptr()
    })
}

/// The address of the last answer.
#[allow(unsafe_code)] // SAFETY: `no_mangle` only exports the name.
#[no_mangle]
pub extern "C" fn output() -> *const u8 {
    OUTPUT.with_borrow(|answer| answer.as_ptr())
}

/// Runs `entry` on the input buffer cut at `lengths` (text the page wrote;
/// bytes that are not UTF-8 are read as U+FFFD) and keeps its answer;
/// returns the answer's length.
fn answer<const N: usize>(lengths: [usize; N], entry: impl FnOnce([&str; N]) -> String) -> usize {
    let text = INPUT.with_borrow(|buffer| {
        let mut at = 0;
        let args: [String; N] = lengths.map(|len| {
            let end = (at + len).min(buffer.len());
            let arg = String::from_utf8_lossy(&buffer[at.min(end)..end]).into_owned();
            at = end;
            arg
        });
        entry(args.each_ref().map(String::as_str))
    });
    let len = text.len();
    OUTPUT.set(text);
    len
}

/// [`explain`] on the input (url, release).
#[allow(unsafe_code)] // SAFETY: `no_mangle` only exports the name.
#[export_name = "explain"]
pub extern "C" fn explain_export(url: usize, release: usize) -> usize {
    answer([url, release], |[u, r]| explain(u, r))
}

/// [`call`] on the input (function, url, base, release).
#[allow(unsafe_code)] // SAFETY: `export_name` only exports the name.
#[export_name = "call"]
pub extern "C" fn call_export(function: usize, url: usize, base: usize, release: usize) -> usize {
    answer([function, url, base, release], |[f, u, b, r]| {
        call(f, u, b, r)
    })
}

/// [`check`] on the input (url, base).
#[allow(unsafe_code)] // SAFETY: `export_name` only exports the name.
#[export_name = "check"]
pub extern "C" fn check_export(url: usize, base: usize) -> usize {
    answer([url, base], |[u, b]| check(u, b))
}

/// [`catalog`].
#[allow(unsafe_code)] // SAFETY: `export_name` only exports the name.
#[export_name = "catalog"]
pub extern "C" fn catalog_export() -> usize {
    answer([], |[]| catalog())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exports_read_the_input_as_the_page_writes_it() {
        let args = ["http://a/b?c#d", "cpython-3.13.0"];
        let at = input(args.iter().map(|a| a.len()).sum());
        assert!(!at.is_null());
        INPUT.with_borrow_mut(|b| b.copy_from_slice(args.concat().as_bytes()));
        let len = explain_export(args[0].len(), args[1].len());
        let got = OUTPUT.with_borrow(|o| o.clone());
        assert_eq!(got.len(), len);
        assert_eq!(got, explain(args[0], args[1]));
        assert_eq!(output(), OUTPUT.with_borrow(|o| o.as_ptr()));
        // A length past the input reads what there is.
        input(3);
        INPUT.with_borrow_mut(|b| b.copy_from_slice(b"abc"));
        check_export(10, 0);
        assert_eq!(OUTPUT.with_borrow(|o| o.clone()), check("abc", ""));
        assert_eq!(catalog_export(), catalog().len());
    }
}

//! Every documented example of the urllib.parse documentation seeds
//! (`../shared/seeds/000_*.txt` to `003_*.txt`: English, Russian, Spanish
//! and Chinese editions), run with CPython 3.13.0 and with urlsyntax.
//!
//! `run.py` (with `extract.py`) runs each session of examples twice: with
//! CPython's own `urllib.parse`, and with its public functions answered by
//! this `urlsyntax` binary. Here, for every example that uses one of the 16
//! functions:
//!
//! * urlsyntax's output equals CPython 3.13.0's, always;
//! * both match the documented output (doctest's checker, whitespace
//!   normalized), except for the examples listed in `seed_vs_cpython.txt`,
//!   where CPython 3.13.0 decides; a listed example whose documented
//!   output CPython gives after all fails the test, as does a stale entry.
//!
//! One insta snapshot per seed (`snapshots/seeds/`) shows each example and
//! urlsyntax's output, marking where the seed's text differs.
//!
//! A missing CPython 3.13.0 or missing seeds fail under `CI=true` and skip
//! the test otherwise.

#[path = "../differential/common.rs"]
mod common;

use common::{cpython, repo, run};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The examples found in each seed when this test was written: fewer means
/// the extractor broke.
const AT_LEAST: [(&str, usize); 4] = [("000", 20), ("001", 23), ("002", 23), ("003", 26)];

/// A documented example, as `run.py` reports it.
struct Example {
    seed: String,
    line: u64,
    source: String,
    documented: String,
    cpython: String,
    urlsyntax: String,
    cpython_matches_doc: bool,
    urlsyntax_matches_doc: bool,
}

impl Example {
    fn from_json(v: &Value) -> Example {
        let s = |k: &str| {
            v[k].as_str()
                .unwrap_or_else(|| panic!("{k} in {v}"))
                .to_string()
        };
        let b = |k: &str| v[k].as_bool().unwrap_or_else(|| panic!("{k} in {v}"));
        Example {
            seed: s("seed"),
            line: v["line"].as_u64().expect("line"),
            source: s("source"),
            documented: s("documented"),
            cpython: s("cpython"),
            urlsyntax: s("urlsyntax"),
            cpython_matches_doc: b("cpython_matches_doc"),
            urlsyntax_matches_doc: b("urlsyntax_matches_doc"),
        }
    }

    /// `SEED:LINE | SOURCE`, the key of `seed_vs_cpython.txt` (a source of
    /// several lines is joined by spaces).
    fn key(&self) -> String {
        let source: Vec<&str> = self.source.split('\n').map(str::trim).collect();
        format!("{}:{} | {}", self.seed, self.line, source.join(" "))
    }
}

/// `seed_vs_cpython.txt`: key -> reason.
fn seed_vs_cpython() -> BTreeMap<String, String> {
    let path = repo().join("tests/seed_examples/seed_vs_cpython.txt");
    let text = std::fs::read_to_string(&path).expect("seed_vs_cpython.txt");
    let mut list = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, reason) = line
            .rsplit_once(" | ")
            .unwrap_or_else(|| panic!("seed_vs_cpython.txt: no reason in {line:?}"));
        assert!(
            !reason.trim().is_empty() && key.contains(" | "),
            "seed_vs_cpython.txt: want `SEED:LINE | SOURCE | REASON`, got {line:?}"
        );
        list.insert(key.trim().to_string(), reason.trim().to_string());
    }
    list
}

/// `../shared/seeds` beside the repository, or under `URLSYNTAX_SHARED`
/// (set by `.ci/run` in a clone made away from `../shared`).
fn seeds_dir() -> PathBuf {
    std::env::var_os("URLSYNTAX_SHARED")
        .map_or_else(|| repo().join("../shared"), PathBuf::from)
        .join("seeds")
}

/// Whether the seeds are beside the repository; panics under `CI=true`.
fn seeds_present() -> bool {
    let dir = seeds_dir();
    let found = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    AT_LEAST
                        .iter()
                        .any(|(p, _)| n.starts_with(&format!("{p}_")))
                })
                .count()
        })
        .unwrap_or(0);
    if found == AT_LEAST.len() {
        return true;
    }
    let msg = format!(
        "the urllib.parse documentation seeds are missing from {}",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{msg}: the seed examples cannot run");
    }
    eprintln!("skipping: {msg}");
    false
}

fn prompt(source: &str) -> String {
    let mut lines = source.split('\n');
    let mut out = format!(">>> {}\n", lines.next().unwrap_or(""));
    for l in lines {
        out.push_str(&format!("... {l}\n"));
    }
    out
}

/// The snapshot of one seed: each example, urlsyntax's output, and where
/// the seed differs its documented text.
fn render(seed: &str, examples: &[&Example], differ: &BTreeMap<String, String>) -> String {
    let as_doc = examples.iter().filter(|e| e.urlsyntax_matches_doc).count();
    let mut out = format!(
        "seed {seed}: {} examples, {as_doc} answered as documented\n",
        examples.len()
    );
    for e in examples {
        out.push_str(&format!("\n# line {}\n", e.line));
        out.push_str(&prompt(&e.source));
        if !e.urlsyntax.is_empty() {
            out.push_str(&e.urlsyntax);
            out.push('\n');
        }
        if let Some(reason) = differ.get(&e.key()) {
            out.push_str(&format!("# SEED DIFFERS ({reason}); it documents:\n"));
            for l in e.documented.split('\n') {
                out.push_str(&format!("#   {l}\n"));
            }
        }
    }
    out
}

#[test]
fn seed_examples_agree_with_cpython_3_13_0() {
    let Some(python) = cpython("3.13.0") else {
        return;
    };
    if !seeds_present() {
        return;
    }
    let answer = run(
        &python,
        &[
            "tests/seed_examples/run.py",
            env!("CARGO_BIN_EXE_urlsyntax"),
        ],
        b"",
    );
    let report: Vec<Value> = serde_json::from_str(&answer).expect("run.py JSON");
    let (totals, examples) = report.split_last().expect("a report");
    assert_eq!(
        totals["totals"]["calls_not_expressible"], 0,
        "some calls were answered by CPython, not urlsyntax: {totals}"
    );
    assert!(totals["totals"]["calls_to_urlsyntax"].as_u64() > Some(0));
    let examples: Vec<Example> = examples.iter().map(Example::from_json).collect();
    let differ = seed_vs_cpython();

    let mut bad = Vec::new();
    for e in &examples {
        let key = e.key();
        if e.urlsyntax != e.cpython {
            bad.push(format!(
                "{key}\n   CPython 3.13.0: {}\n   urlsyntax:      {}",
                e.cpython, e.urlsyntax
            ));
        }
        match (differ.contains_key(&key), e.cpython_matches_doc) {
            (true, true) => bad.push(format!(
                "{key}: listed in seed_vs_cpython.txt, yet CPython 3.13.0 gives the documented {:?}",
                e.documented
            )),
            (false, false) => bad.push(format!(
                "{key}\n   documented:     {}\n   CPython 3.13.0: {}\n   (list it in seed_vs_cpython.txt with the reason)",
                e.documented, e.cpython
            )),
            (false, true) if !e.urlsyntax_matches_doc => bad.push(format!(
                "{key}\n   documented: {}\n   urlsyntax:  {}",
                e.documented, e.urlsyntax
            )),
            _ => {}
        }
    }
    for key in differ.keys() {
        if !examples.iter().any(|e| &e.key() == key) {
            bad.push(format!("seed_vs_cpython.txt: no such example: {key}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} seed examples are wrong:\n{}",
        bad.len(),
        bad.join("\n")
    );

    for (seed, at_least) in AT_LEAST {
        let of_seed: Vec<&Example> = examples.iter().filter(|e| e.seed == seed).collect();
        assert!(
            of_seed.len() >= at_least,
            "seed {seed}: {} examples found, at least {at_least} expected",
            of_seed.len()
        );
        let text = render(seed, &of_seed, &differ);
        insta::with_settings!({snapshot_path => "../../snapshots/seeds", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("seed_{seed}"), text);
        });
    }
    assert!(Path::new(env!("CARGO_BIN_EXE_urlsyntax")).exists());
}

/// The seeds that document an older release, and that release: their
/// examples are run with it too.
fn seed_file(prefix: &str) -> PathBuf {
    let dir = seeds_dir();
    std::fs::read_dir(&dir)
        .expect("seeds folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{prefix}_")))
        })
        .unwrap_or_else(|| panic!("no seed {prefix} in {}", dir.display()))
}

/// `seed_vs_release.txt`: (release, key) -> reason.
fn seed_vs_release() -> BTreeMap<(String, String), String> {
    let path = repo().join("tests/seed_examples/seed_vs_release.txt");
    let text = std::fs::read_to_string(&path).expect("seed_vs_release.txt");
    let mut list = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            panic!("seed_vs_release.txt: want `RELEASE SEED:LINE | SOURCE | REASON`, got {line:?}")
        };
        let (release, rest) = line.split_once(' ').unwrap_or_else(bad);
        let (key, reason) = rest.rsplit_once(" | ").unwrap_or_else(bad);
        if reason.trim().is_empty() || !key.contains(" | ") {
            bad();
        }
        list.insert(
            (release.to_string(), key.trim().to_string()),
            reason.trim().to_string(),
        );
    }
    list
}

/// The examples of seed `prefix`, run with CPython `release` and with
/// urlsyntax's `minor` profile: urlsyntax answers as the release always,
/// and the release as documented except where `seed_vs_release.txt` says.
fn check_seed_with_release(prefix: &str, release: &str, minor: &str) {
    let Some(python) = cpython(release) else {
        return;
    };
    if !seeds_present() {
        return;
    }
    let seed = seed_file(prefix);
    let answer = run(
        &python,
        &[
            "tests/seed_examples/run.py",
            env!("CARGO_BIN_EXE_urlsyntax"),
            "--python",
            minor,
            seed.to_str().expect("a UTF-8 path"),
        ],
        b"",
    );
    let report: Vec<Value> = serde_json::from_str(&answer).expect("run.py JSON");
    let (totals, examples) = report.split_last().expect("a report");
    assert_eq!(totals["totals"]["calls_not_expressible"], 0, "{totals}");
    assert!(totals["totals"]["calls_to_urlsyntax"].as_u64() > Some(0));
    let examples: Vec<Example> = examples.iter().map(Example::from_json).collect();
    let at_least = AT_LEAST.iter().find(|(p, _)| *p == prefix).expect("seed").1;
    assert!(
        examples.len() >= at_least,
        "seed {prefix}: {} examples under CPython {release}",
        examples.len()
    );
    let differ = seed_vs_release();
    let mut bad = Vec::new();
    for e in &examples {
        let key = e.key();
        if e.urlsyntax != e.cpython {
            bad.push(format!(
                "{key}\n   CPython {release}: {}\n   urlsyntax: {}",
                e.cpython, e.urlsyntax
            ));
        }
        let listed = differ.contains_key(&(release.to_string(), key.clone()));
        match (listed, e.cpython_matches_doc) {
            (true, true) => bad.push(format!(
                "{key}: listed for {release}, yet CPython {release} gives the documented {:?}",
                e.documented
            )),
            (false, false) => bad.push(format!(
                "{key}\n   documented: {}\n   CPython {release}: {}\n   (list it in seed_vs_release.txt with the reason)",
                e.documented, e.cpython
            )),
            _ => {}
        }
    }
    for (r, key) in differ.keys().filter(|(r, _)| r == release) {
        if key.starts_with(&format!("{prefix}:")) && !examples.iter().any(|e| &e.key() == key) {
            bad.push(format!(
                "seed_vs_release.txt: no such example for {r}: {key}"
            ));
        }
    }
    eprintln!(
        "seed {prefix} under CPython {release}: {} examples, {} as documented",
        examples.len(),
        examples.iter().filter(|e| e.cpython_matches_doc).count()
    );
    assert!(
        bad.is_empty(),
        "seed {prefix} under CPython {release}:\n{}",
        bad.join("\n")
    );
}

#[test]
fn seed_000_examples_agree_with_cpython_3_6_15() {
    check_seed_with_release("000", "3.6.15", "3.6.15");
}

#[test]
fn seed_001_examples_agree_with_cpython_3_8_18() {
    check_seed_with_release("001", "3.8.18", "3.8.18");
}

/// Seed 003 documents "3.10 or later": the releases after it decide too.
#[test]
fn seed_003_examples_agree_with_cpython_3_14_10() {
    check_seed_with_release("003", "3.14.10", "3.14.10");
}

#[test]
fn seed_003_examples_agree_with_cpython_3_15_2() {
    check_seed_with_release("003", "3.15.2", "3.15.2");
}

/// Seed 000 documents `parse_qs`/`parse_qsl` of Python 3.6 before
/// CVE-2021-23336: no `separator`, and `;` splits fields as `&` does.
/// CPython 3.6.15 has the fix; it decides, and urlsyntax answers as it.
#[test]
fn seed_000_prose_predates_the_separator_fix() {
    let Some(python) = cpython("3.6.15") else {
        return;
    };
    if seeds_present() {
        let text = std::fs::read_to_string(seed_file("000")).expect("seed 000");
        assert!(
            text.contains("parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace')"),
            "seed 000 no longer documents parse_qsl without separator"
        );
    }
    let calls = concat!(
        r#"{"fn": "parse_qsl", "args": ["a=1;b=2&c=3"]}"#,
        "\n",
        r#"{"fn": "parse_qs", "args": ["a=1;b=2"], "kwargs": {"separator": ";"}}"#,
        "\n",
    );
    let want = common::cpython_calls(&python, calls);
    let got = common::urlsyntax_calls("3.6.15", calls);
    common::assert_agree("seed 000's parse_qsl under 3.6.15", calls, &want, &got);
    let first: Value = serde_json::from_str(want.lines().next().expect("an answer")).expect("JSON");
    assert_eq!(
        first["ok"],
        serde_json::json!([["a", "1;b=2"], ["c", "3"]]),
        "CPython 3.6.15 no longer splits on '&' only"
    );
}

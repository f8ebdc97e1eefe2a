//! `urlsyntax diff` against real programs: CPython's own answerer (nothing
//! may differ), the same answerer with one planted bug (found, minimized to
//! a dozen characters or fewer), and answerers that crash, hang, write
//! garbage or answer short (exit 2, the call named). The counts are small
//! for CI; `docs/differential.md` gives the 100,000-call command.
//!
//! A missing interpreter fails the tests under `CI=true` and skips them
//! otherwise.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

/// (exit code, stdout, stderr) of `urlsyntax diff ARGS -- PROGRAM...`.
fn diff(args: &[&str], program: &[&dyn AsRef<std::ffi::OsStr>]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .current_dir(common::repo())
        .arg("diff")
        .args(args)
        .arg("--")
        .args(program)
        .output()
        .expect("run urlsyntax diff");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

fn python() -> Option<PathBuf> {
    common::cpython("3.13.0")
}

fn groups(stdout: &str) -> Vec<Json> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line a group"))
        .collect()
}

fn script(name: &str) -> PathBuf {
    common::repo().join("tests/diff").join(name)
}

#[test]
fn cpython_own_answerer_agrees_with_its_profile() {
    for release in ["3.13.0", "3.15.2"] {
        let Some(py) = common::cpython(release) else {
            continue;
        };
        let answerer = common::repo().join("tests/oracles/cpython_answer.py");
        let (code, out, err) = diff(
            &["--python", release, "--count", "3000", "--seed", "11"],
            &[&py, &answerer],
        );
        assert_eq!(code, 0, "{release}: {err}\n{out}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains("3000 calls (seed 11) against CPython") && err.contains("3000 agree"),
            "{err}"
        );
    }
}

/// Every interpreter the differential suites know, each of the named
/// releases and each distribution's build (named by its path: its
/// derived profile), answers 30,000 seeded calls as its profile does (the
/// generator's: every urllib function of the protocol, and the results'
/// attributes), a seed of its own each: a randomized check of every
/// release in every CI run, where the suites run on a sample. About 3 s a release on two cores;
/// `docs/differential.md` gives the long runs.
#[test]
fn every_interpreter_agrees_on_30000_seeded_calls() {
    let answerer = common::repo().join("tests/oracles/cpython_answer.py");
    let named = common::RELEASES
        .iter()
        .map(|(name, _)| (*name, name.to_string()));
    let builds = common::DISTRIBUTION_BUILDS.iter().filter_map(|name| {
        let py = common::cpython(name)?;
        Some((*name, py.to_str().expect("a UTF-8 path").to_string()))
    });
    let mut checked = 0;
    for (seed, (name, python)) in (100..).zip(named.chain(builds)) {
        let Some(py) = common::cpython(name) else {
            continue;
        };
        let seed = seed.to_string();
        let args = ["--python", &python, "--count", "30000", "--seed", &seed];
        let (code, out, err) = diff(&args, &[&py, &answerer]);
        assert_eq!(code, 0, "{name}: {err}\n{out}");
        assert!(err.contains("30000 agree, 0 disagree"), "{name}: {err}");
        checked += 1;
    }
    eprintln!("{checked} interpreters agreed");
}

/// Runs the answerer with `bug` planted; each group's minimized call, and
/// the group keys.
fn planted(bug: &str, extra: &[&str]) -> Option<(Vec<Json>, String)> {
    let py = python()?;
    let mut args = vec!["--python", "3.13.0", "--seed", "3"];
    args.extend(extra);
    let (code, out, err) = diff(&args, &[&py, &script("planted_bug.py"), &bug]);
    assert_eq!(code, 1, "{bug}: the bug went unnoticed: {err}");
    Some((groups(&out), err))
}

/// The longest text among the call's arguments, in characters (bytes
/// count one a byte).
fn longest_argument(call: &Json) -> usize {
    fn longest(v: &Json) -> usize {
        match v {
            Json::String(s) => s.chars().count(),
            Json::Array(a) => a.iter().map(longest).max().unwrap_or(0),
            Json::Object(o) => match o.get("bytes").and_then(Json::as_str) {
                Some(hex) => hex.len() / 2,
                None => o.values().map(longest).max().unwrap_or(0),
            },
            _ => 0,
        }
    }
    longest(&call["args"]).max(call.get("kwargs").map_or(0, longest))
}

fn check_planted(bug: &str, extra: &[&str], expected_group: &str) {
    let Some((groups, summary)) = planted(bug, extra) else {
        return;
    };
    assert!(!groups.is_empty());
    assert!(
        groups.iter().any(|g| g["group"] == expected_group),
        "{bug}: no group {expected_group:?} in\n{summary}"
    );
    for g in &groups {
        let n = longest_argument(&g["call"]);
        assert!(n <= 12, "{bug}: minimized to {n} characters: {g}");
        assert_ne!(g["expected"], g["got"], "{g}");
        assert!(g["count"].as_u64().unwrap() >= 1);
    }
    // The summary shows the group and its call as Python.
    let group = groups
        .iter()
        .find(|g| g["group"] == expected_group)
        .unwrap();
    assert!(
        summary.contains(group["python"].as_str().unwrap()),
        "{summary}"
    );
}

#[test]
fn a_lower_cased_userinfo_is_found_and_minimized() {
    check_planted(
        "lower-userinfo",
        &["--fn", "urlsplit", "--count", "1500"],
        "urlsplit: netloc differs in case",
    );
}

#[test]
fn a_tab_left_in_is_found_and_minimized() {
    check_planted(
        "keep-tab",
        &["--fn", "urlsplit.*", "--count", "600"],
        "urlsplit: path differs in tab/CR/LF",
    );
}

#[test]
fn a_bracket_accepted_is_found_and_minimized() {
    check_planted(
        "accept-bracket",
        &["--fn", "urlsplit", "--count", "600"],
        "urlsplit: answers where CPython raises ValueError",
    );
}

#[test]
fn lower_case_escapes_are_found_and_minimized() {
    check_planted(
        "lower-escapes",
        &["--fn", "quote", "--count", "600"],
        "quote: value differs in case",
    );
}

#[test]
fn a_query_split_at_semicolons_is_found_and_minimized() {
    check_planted(
        "split-semicolon",
        &["--fn", "parse_qsl", "--fn", "parse_qs", "--count", "1500"],
        "parse_qsl: value differs",
    );
}

#[test]
fn the_same_seed_finds_the_same_groups_and_calls() {
    let Some(first) = planted("accept-bracket", &["--count", "800"]) else {
        return;
    };
    let again = planted("accept-bracket", &["--count", "800"]).unwrap();
    assert_eq!(first.0, again.0);
}

/// A corpus file holding `text`, in a folder that lasts as long as the
/// `TempDir` returned with its path.
fn corpus_file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("urls.txt");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap().to_string();
    (dir, path)
}

/// The summary's line of counts, without the time it took.
fn counts_line(err: &str) -> String {
    let line = err.lines().find(|l| l.contains(" calls (seed "));
    let line = line.unwrap_or_default();
    line.rsplit_once(';')
        .map_or(line, |(counts, _)| counts)
        .to_string()
}

/// The report of a program that broke the protocol, from its first line
/// (after any lines of progress).
fn breakage(err: &str) -> &str {
    let at = err.find("urlsyntax diff: the program under test broke");
    &err[at.unwrap_or(0)..]
}

/// A run held a window of calls at a time (`--window`, hidden: the
/// default holds 50,000) finds the same groups, counts and smallest
/// calls, seeded calls and corpus alike, and names a breaking call by its
/// place among all the calls.
#[test]
fn windows_of_calls_change_no_answer() {
    let Some(py) = python() else { return };
    let (_dir, corpus) = corpus_file("http://a\tb@h/\n\tx\nhttp://h/p\n");
    let corpus = corpus.as_str();
    let run = |window: &[&str]| {
        let mut args = vec!["--python", "3.13.0", "--seed", "3", "--count", "400"];
        // Each group's example is then its smallest call found, which
        // the windows must not change.
        args.extend(["--corpus", corpus, "--no-minimize"]);
        args.extend(window);
        diff(&args, &[&py, &script("planted_bug.py"), &"keep-tab"])
    };
    let (code, out, err) = run(&[]);
    assert_eq!(code, 1, "{err}");
    assert!(groups(&out).len() > 1, "{out}");
    // Windows of a run of the program each, of a few calls, then more.
    // With no terminal, a line after each window but the last says how
    // far the run is: here the seeded calls are one window and the
    // corpus's another, and smaller windows give more lines.
    let progress = |e: &str| -> Vec<usize> {
        let lines = e
            .lines()
            .filter(|l| l.contains(" calls, ") && l.contains(" so far; "));
        lines
            .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
            .collect()
    };
    let total: usize = counts_line(&err)
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(progress(&err), [400], "{err}");
    for window in ["9", "150"] {
        let (c, o, e) = run(&["--window", window]);
        assert_eq!((c, &o), (code, &out), "--window {window}: {e}");
        assert_eq!(counts_line(&e), counts_line(&err), "--window {window}");
        let done = progress(&e);
        let step: usize = window.parse().unwrap();
        assert!(done.len() >= 400 / step, "--window {window}: {e}");
        assert!(done.windows(2).all(|w| w[0] < w[1]) && done.iter().all(|&d| d < total));
    }
    let crash = |window: &[&str]| {
        let mut args = vec!["--python", "3.13.0", "--count", "300", "--jobs", "2"];
        args.extend(window);
        diff(&args, &[&py, &script("misbehaving.py"), &"crash"])
    };
    let (code, _, err) = crash(&[]);
    assert_eq!(code, 2, "{err}");
    let (windowed_code, _, windowed) = crash(&["--window", "13"]);
    assert_eq!(windowed_code, 2, "{windowed}");
    assert_eq!(named_call(breakage(&windowed)), named_call(&err));
    let place = |e: &str| breakage(e).lines().next().unwrap_or_default().to_string();
    assert_eq!(place(&windowed), place(&err));
    assert!(place(&err).ends_with("of 300:"), "{err}");
}

/// A long run holds one window of calls at a time: 400,000 calls (which
/// took 960 MB when every call and answer was kept) stay under 400 MB,
/// the peak read from `/proc` while it runs. The program under test is
/// `urlsyntax calls` itself, which answers them in seconds.
#[cfg(target_os = "linux")]
#[test]
fn a_long_run_holds_one_window_of_calls() {
    let bin = env!("CARGO_BIN_EXE_urlsyntax");
    let mut child = Command::new(bin)
        .args([
            "diff", "--python", "3.13.0", "--count", "400000", "--jobs", "2", "--",
        ])
        .args([bin, "calls", "--python", "3.13.0"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run urlsyntax diff");
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    let code = loop {
        // VmHWM, the peak resident size so far, only grows.
        if let Ok(text) = std::fs::read_to_string(&status) {
            let hwm = text.lines().find_map(|l| l.strip_prefix("VmHWM:"));
            let kb = hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kb = peak_kb.max(kb.unwrap_or(0));
        }
        if let Some(code) = child.try_wait().expect("wait") {
            break code;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(code.success(), "{err}");
    assert!(err.contains("400000 agree"), "{err}");
    assert!(peak_kb > 0, "no peak read from {status}");
    assert!(
        peak_kb < 400_000,
        "a peak of {peak_kb} kB for 400,000 calls"
    );
}

#[test]
fn corpus_lines_go_through_each_function() {
    let Some(py) = python() else { return };
    let (_dir, corpus) = corpus_file("http://Admin@example.com/\nhttp://example.com/\n");
    let corpus = corpus.as_str();
    let (code, out, err) = diff(
        &[
            "--python",
            "3.13.0",
            "--count",
            "0",
            "--corpus",
            corpus,
            "--fn",
            "urlsplit",
            "--fn",
            "urlsplit.username",
        ],
        &[&py, &script("planted_bug.py"), &"lower-userinfo"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("4 calls"), "{err}");
    let keys: Vec<String> = groups(&out)
        .iter()
        .map(|g| g["group"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        keys,
        [
            "urlsplit.username: value differs in case",
            "urlsplit: netloc differs in case"
        ]
    );
}

/// `diff` on an answerer misbehaving on the first call whose URL holds a
/// '['; the exit code and stderr.
fn misbehaving(mode: &str) -> Option<(i32, String)> {
    let py = python()?;
    let (code, out, err) = diff(
        &[
            "--python",
            "3.13.0",
            "--count",
            "300",
            "--timeout",
            "1",
            "--jobs",
            "2",
        ],
        &[&py, &script("misbehaving.py"), &mode],
    );
    assert!(out.is_empty(), "{mode}: {out}");
    Some((code, err))
}

/// The call the message names, which must be the one the program breaks on.
fn named_call(err: &str) -> Json {
    let line = err.lines().nth(1).expect("the call's line");
    let call: Json = serde_json::from_str(line.trim()).expect("the call as JSON");
    let url = call["args"][0].as_str().expect("a str URL");
    assert!(url.contains('['), "not the call that breaks it: {call}");
    call
}

#[test]
fn a_crashing_program_is_reported() {
    let Some((code, err)) = misbehaving("crash") else {
        return;
    };
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("broke the protocol on call"), "{err}");
    named_call(&err);
    assert!(
        err.contains("it ended (exit status 3) without answering it"),
        "{err}"
    );
    assert!(
        err.contains("| misbehaving.py: crashing on purpose"),
        "{err}"
    );
}

#[test]
fn a_hanging_program_is_stopped_and_reported() {
    let Some((code, err)) = misbehaving("hang") else {
        return;
    };
    assert_eq!(code, 2, "{err}");
    named_call(&err);
    assert!(
        err.contains("it hung: it read no call and wrote no answer for 1 s"),
        "{err}"
    );
}

#[test]
fn a_program_writing_garbage_is_reported() {
    let Some((code, err)) = misbehaving("garbage") else {
        return;
    };
    assert_eq!(code, 2, "{err}");
    named_call(&err);
    assert!(
        err.contains("no answer of the protocol: Traceback"),
        "{err}"
    );
}

#[test]
fn a_program_answering_short_is_reported() {
    let Some((code, err)) = misbehaving("short") else {
        return;
    };
    assert_eq!(code, 2, "{err}");
    named_call(&err);
    assert!(
        err.contains("it exited with success without answering it"),
        "{err}"
    );
}

#[test]
fn programs_that_are_no_answerers_are_reported() {
    let (code, _, err) = diff(&["--count", "10"], &[&"/nonexistent/answerer"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot run /nonexistent/answerer"), "{err}");
    // Echoes every call back: no answer of the protocol.
    let (code, _, err) = diff(&["--count", "10"], &[&"cat"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("on call 1 of 10") && err.contains("no answer of the protocol"),
        "{err}"
    );
    let (code, _, err) = diff(
        &["--count", "10", "--timeout", "0.5"],
        &[&"sh", &"-c", &"sleep 60"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("it hung"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--fn", "quote"][..],
        &["--fn", "urlsplit.nope"],
        &["--python", "9.9"],
        &["--neturl", "--fn", "urlsplit"],
        &["--fn", "neturl.parse_url"],
        &["--timeout", "0"],
        &["--timeout", "1e30"],
        &["--corpus", "/nonexistent/urls.txt"],
    ] {
        let (code, out, err) = diff(args, &[&"true"]);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty() && err.contains("urlsyntax diff") || err.contains("error:"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn neturl_agrees_with_ocamlnet() {
    let Some(oracle) = common::ocamlnet_answerer() else {
        return;
    };
    let oracle: &Path = &oracle;
    let (code, out, err) = diff(&["--neturl", "--count", "3000", "--seed", "4"], &[&oracle]);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(err.contains("against Neturl: 3000 agree"), "{err}");
}

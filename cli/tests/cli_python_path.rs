//! `--python PATH` and `--profile-file`: an interpreter answered through
//! the profile derived from it. The distributions' own builds answer the
//! calls that tell them from every named release as they do themselves;
//! interpreters that are missing, no Python, Python 2, crashing, or whose
//! behaviour no profile expresses are refused with exit status 2 and the
//! reason; a second run reads the cache and starts no interpreter.
//!
//! A missing interpreter fails the tests under `CI=true` and skips them
//! otherwise.

#[path = "../../tests/differential/common.rs"]
mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn urlsyntax(args: &[&str], input: &str, cache: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run urlsyntax");
    use std::io::Write;
    // A refusal may come before urlsyntax reads its input: a closed pipe
    // is then no failure of the test.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("wait")
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

/// Calls on which the distributions' builds answer as no named release
/// does (the issue's examples, and each switch the probe reads).
const TELLING: &str = r#"{"fn": "urlunsplit", "args": [{"tuple": ["", "", "//", "", ""]}]}
{"fn": "urljoin", "args": ["rtsps:", "b"]}
{"fn": "urljoin", "args": ["//[::]@", "h"]}
{"fn": "urlsplit", "args": ["//[V1.x]"]}
{"fn": "urlsplit", "args": ["http://prefix.[::1]/"]}
{"fn": "urlsplit", "args": ["http://[1.2.3.4]/"]}
{"fn": "urlsplit", "args": [" http://a/"]}
{"fn": "urlsplit.port", "args": ["http://a: 80/"]}
{"fn": "parse_qsl", "args": ["a=1"], "kwargs": {"separator": {"bytes": "26"}}}
{"fn": "quote", "args": ["\u1e9e.de"], "kwargs": {"safe": ".", "encoding": "idna"}}
{"fn": "quote", "args": ["\u304b\u309a"], "kwargs": {"safe": "", "encoding": "iso2022_jp_2004"}}
"#;

/// The telling calls, and a port past `int()`'s digit limit (Debian 11
/// words the limit's message as no release does).
fn telling_calls() -> String {
    let port = format!(
        r#"{{"fn": "urlsplit.port", "args": ["http://a:{}/"]}}"#,
        "1".repeat(5000)
    );
    format!("{TELLING}{port}\n")
}

/// For each distribution's build: `--python PATH` and the profile file
/// `profile derive` writes answer the telling calls as the interpreter
/// itself does, and the derived profile names its base and switches.
#[test]
fn distribution_builds_answer_as_themselves() {
    let cache = tempdir();
    for build in common::DISTRIBUTION_BUILDS {
        let Some(python) = common::cpython(build) else {
            continue;
        };
        let path = python.to_str().unwrap();
        let want = common::cpython_calls(&python, &telling_calls());
        let out = urlsyntax(&["calls", "--python", path], &telling_calls(), cache.path());
        assert!(
            out.status.success(),
            "{build}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = String::from_utf8(out.stdout).unwrap();
        common::assert_agree(build, &telling_calls(), &want, &got);

        let file = cache.path().join(format!("{build}.json"));
        let out = urlsyntax(
            &["profile", "derive", path, "-o", file.to_str().unwrap()],
            "",
            cache.path(),
        );
        assert!(
            out.status.success(),
            "{build}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let label = String::from_utf8(out.stderr).unwrap();
        let line = build.split('-').nth(1).unwrap().rsplit_once('.').unwrap().0;
        assert!(
            label.starts_with(&format!(
                "CPython {}: {line}.",
                build.split('-').nth(1).unwrap()
            )),
            "{label}"
        );
        assert!(
            label.contains(" + "),
            "{build}: no named release answers as it does: {label}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(json["format"], "urlsyntax-derived-profile/1");
        let out = urlsyntax(
            &["calls", "--profile-file", file.to_str().unwrap()],
            &telling_calls(),
            cache.path(),
        );
        assert!(out.status.success());
        common::assert_agree(
            build,
            &telling_calls(),
            &want,
            &String::from_utf8(out.stdout).unwrap(),
        );
    }
}

/// Writes an executable shell script.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn refused(python: &Path, cache: &Path) -> String {
    let out = urlsyntax(
        &["calls", "--python", python.to_str().unwrap()],
        &telling_calls(),
        cache,
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}: {}",
        python.display(),
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn bad_interpreters_are_refused_with_the_reason() {
    let dir = tempdir();
    let d = dir.path();
    let missing = refused(&d.join("no/such/python3"), d);
    assert!(missing.contains("no such interpreter"), "{missing}");
    let directory = refused(&d.join("./"), d);
    assert!(directory.contains("a directory"), "{directory}");
    let not_python = refused(&script(d, "echo", "echo hello"), d);
    assert!(not_python.contains("not key=answer"), "{not_python}");
    let python2 = refused(
        &script(d, "python2", "echo 'Unknown option: -I' >&2; exit 2"),
        d,
    );
    assert!(python2.contains("is not Python 3"), "{python2}");
    let crash = refused(&script(d, "crash", "kill -SEGV $$"), d);
    assert!(crash.contains("crashed (signal 11)"), "{crash}");
    let text = std::fs::write(d.join("text"), "not a program")
        .and(Ok(d.join("text")))
        .unwrap();
    let not_executable = refused(&text, d);
    assert!(
        not_executable.contains("not executable"),
        "{not_executable}"
    );
}

/// The real Python 2, where one is installed (pyenv's 2.7.18 here).
#[test]
fn a_real_python_2_is_refused() {
    let Some(root) =
        common::cpython("3.13.0").and_then(|p| p.ancestors().nth(3).map(Path::to_path_buf))
    else {
        return;
    };
    let python2 = root.join("2.7.18/bin/python");
    if !python2.exists() {
        eprintln!("skipping: no Python 2 at {}", python2.display());
        return;
    }
    let why = refused(&python2, tempdir().path());
    assert!(why.contains("is not Python 3"), "{why}");
}

/// An interpreter answering the probe as no release does (a `quote` that
/// escapes `~`'s neighbours) is refused with the switch named; one whose
/// probe answers are known but whose `urldefrag` is its own is refused by
/// the check, with the differing calls.
#[test]
fn behaviour_no_profile_expresses_is_refused_never_answered() {
    let Some(real) = common::cpython("3.13.0") else {
        return;
    };
    let dir = tempdir();
    let d = dir.path();
    let real = real.display();
    let odd_quote = script(
        d,
        "odd-quote",
        &format!(
            r#"exec {real} -I -c 'import sys, urllib.parse as P
q = P.quote
P.quote = lambda s, *a, **k: "*" if s == "~" else q(s, *a, **k)
exec(compile(sys.argv[1], "<probe>", "exec"))' "$3""#
        ),
    );
    let why = refused(&odd_quote, d);
    assert!(why.contains("\"tilde_is_unreserved\""), "{why}");

    let odd_defrag = script(
        d,
        "odd-defrag",
        &format!(
            r#"exec {real} -I -c 'import sys, urllib.parse as P
P.urldefrag = lambda *a, **k: P.DefragResult("x", "y")
exec(compile(sys.argv[1], "<probe>", "exec"))' "$3""#
        ),
    );
    let why = refused(&odd_defrag, d);
    assert!(
        why.contains("answers as no profile can") && why.contains("urldefrag"),
        "{why}"
    );
}

/// A second run reads the cache: the interpreter is not started again
/// (a wrapper counts its starts), until its executable changes.
#[test]
fn a_second_run_reads_the_cache() {
    let Some(real) = common::cpython("debian13-3.13.5") else {
        return;
    };
    let dir = tempdir();
    let d = dir.path();
    let count = d.join("starts");
    let wrapper = script(
        d,
        "python3",
        &format!(
            "echo x >> {}\nexec {} \"$@\"",
            count.display(),
            real.display()
        ),
    );
    let starts = || std::fs::read_to_string(&count).map_or(0, |s| s.lines().count());
    let run = || {
        let out = urlsyntax(
            &["calls", "--python", wrapper.to_str().unwrap()],
            &telling_calls(),
            d,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let first = run();
    assert_eq!(starts(), 2, "the probe and the check");
    assert_eq!(run(), first);
    assert_eq!(starts(), 2, "the cache answered");
    // A changed executable is probed again.
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n# changed\necho x >> {}\nexec {} \"$@\"\n",
            count.display(),
            real.display()
        ),
    )
    .unwrap();
    assert_eq!(run(), first);
    assert_eq!(starts(), 4);
}

/// `explain --python PATH` adds the interpreter's column, named by what
/// it is, and reads as the interpreter does: Debian 13's 3.13.5 refuses
/// what 3.13.0 splits.
#[test]
fn explain_names_an_interpreter_s_column() {
    let Some(python) = common::cpython("debian13-3.13.5") else {
        return;
    };
    let cache = tempdir();
    let url = "http://prefix.[::1]/";
    let args = [
        "explain",
        "--format",
        "json",
        "--readers",
        "cpython-3.13.0",
        "--python",
        python.to_str().unwrap(),
        url,
    ];
    let out = urlsyntax(&args, "", cache.path());
    assert_eq!(
        out.status.code(),
        Some(1),
        "the readers disagree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let readers = json[0]["readers"].as_array().unwrap();
    let derived = readers
        .iter()
        .find(|r| r["reader"] == "python-3.13.5")
        .expect("the interpreter's column");
    assert_eq!(
        derived["name"],
        "CPython 3.13.5: 3.13.0 + check_bracketed_netloc"
    );
    let theirs = common::cpython_calls(
        &python,
        &format!("{{\"fn\": \"urlsplit\", \"args\": [\"{url}\"]}}\n"),
    );
    assert!(theirs.contains("\"error\": \"ValueError\""), "{theirs}");
    assert_eq!(derived["error"], "ValueError: Invalid IPv6 URL");
    assert_eq!(readers[0]["ok"], true);
    // A release is still refused, with the pointer to --readers.
    let out = urlsyntax(&["explain", "--python", "3.9", url], "", cache.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--readers"));
}

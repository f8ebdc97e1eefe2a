//! Shared plumbing of the differential tests: find the real CPython of a
//! release, run an answerer over a file of calls, compare answers.
//!
//! A missing oracle fails the test when `CI=true` and skips it otherwise.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The CPython releases verified against their interpreters, each with
/// the `--python` value that picks its profile (the exact release: a
/// profile version names its line's newest profile).
pub const RELEASES: [(&str, &str); 11] = [
    ("3.6.15", "3.6.15"),
    ("3.7.16", "3.7.16"),
    ("3.8.18", "3.8.18"),
    ("3.9.18", "3.9.18"),
    ("3.10.13", "3.10.13"),
    ("3.11.7", "3.11.7"),
    ("3.12.1", "3.12.1"),
    ("3.13.0", "3.13.0"),
    ("3.13.18", "3.13.18"),
    ("3.14.10", "3.14.10"),
    ("3.15.2", "3.15.2"),
];

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|p| p.join("tests/oracles/cpython_answer.py").exists())
        .expect("repository root")
        .to_path_buf()
}

fn pyenv_root() -> Option<PathBuf> {
    if let Some(r) = std::env::var_os("PYENV_ROOT") {
        return Some(r.into());
    }
    if let Ok(out) = Command::new("pyenv").arg("root").output() {
        if out.status.success() {
            return Some(String::from_utf8_lossy(&out.stdout).trim().into());
        }
    }
    std::env::var_os("HOME").map(|h| Path::new(&h).join(".pyenv"))
}

/// Distributions' own interpreters, installed beside the releases by
/// `../shared/cpython/install.sh`: no named profile answers as they do, so
/// urlsyntax answers through the profile it derives from each
/// (`--python PATH`).
pub const DISTRIBUTION_BUILDS: [&str; 3] = ["debian11-3.9.2", "debian12-3.11.2", "debian13-3.13.5"];

/// The `--python` value for `profile`: a distribution's build is named
/// by its interpreter's path (its derived profile), a release by itself.
pub fn python_arg(profile: &str) -> String {
    if DISTRIBUTION_BUILDS.contains(&profile) {
        let root = pyenv_root().unwrap_or_default();
        return root
            .join("versions")
            .join(profile)
            .join("bin/python3")
            .to_string_lossy()
            .into_owned();
    }
    profile.to_string()
}

/// `$(pyenv root)/versions/<release>/bin/python3`, if installed. When it is
/// missing: panics under `CI=true`, otherwise reports the skip.
pub fn cpython(release: &str) -> Option<PathBuf> {
    let p = pyenv_root()?
        .join("versions")
        .join(release)
        .join("bin/python3");
    if p.exists() {
        return Some(p);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!(
            "CPython {release} is missing at {}: the differential test cannot run",
            p.display()
        );
    }
    eprintln!(
        "skipping: CPython {release} is not installed at {}",
        p.display()
    );
    None
}

/// Runs `cmd args` with `input` on stdin; its stdout. Panics on failure.
pub fn run(cmd: &Path, args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(cmd)
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", cmd.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer").expect("write stdin");
    assert!(
        out.status.success(),
        "{} failed: {:?}",
        cmd.display(),
        out.status
    );
    String::from_utf8(out.stdout).expect("UTF-8 answers")
}

/// `urlsyntax calls --python <profile>` over `calls`.
pub fn urlsyntax_calls(profile: &str, calls: &str) -> String {
    run(
        Path::new(env!("CARGO_BIN_EXE_urlsyntax")),
        &["calls", "--python", &python_arg(profile)],
        calls.as_bytes(),
    )
}

/// The real CPython answering `calls` through the reference answerer.
pub fn cpython_calls(python: &Path, calls: &str) -> String {
    run(
        python,
        &["tests/oracles/cpython_answer.py"],
        calls.as_bytes(),
    )
}

/// Answers calls of JSON arguments (no bytes or tuples) with the
/// exception's message as well, as `urlsyntax calls --messages` does (a
/// `str` result holding a lone surrogate, which JSON cannot carry, as the
/// reference answerer words it: [`LONE_SURROGATE`]).
const ANSWER_WITH_MESSAGES: &str = r#"
import json, sys
import urllib.parse as P
for line in sys.stdin:
    c = json.loads(line)
    fn, _, attr = c["fn"].partition(".")
    try:
        r = getattr(P, fn)(*c["args"], **c.get("kwargs", {}))
        a = {"ok": getattr(r, attr) if attr else r}
        if isinstance(a["ok"], str) and any(0xD800 <= ord(ch) <= 0xDFFF for ch in a["ok"]):
            a = {"unsupported": "a str result holding a lone surrogate"}
    except Exception as e:
        a = {"error": type(e).__name__, "message": str(e)}
    print(json.dumps(a))
"#;

/// The real CPython answering `calls` (of JSON arguments only) with each
/// exception's message.
pub fn cpython_calls_with_messages(python: &Path, calls: &str) -> String {
    run(python, &["-c", ANSWER_WITH_MESSAGES], calls.as_bytes())
}

/// `urlsyntax calls --python <profile> --messages` over `calls`.
pub fn urlsyntax_calls_with_messages(profile: &str, calls: &str) -> String {
    run(
        Path::new(env!("CARGO_BIN_EXE_urlsyntax")),
        &["calls", "--python", &python_arg(profile), "--messages"],
        calls.as_bytes(),
    )
}

/// Runs a generator script under `python`; its calls.
pub fn generate(python: &Path, script: &str, args: &[&str]) -> String {
    let mut a = vec![script];
    a.extend_from_slice(args);
    run(python, &a, b"")
}

fn lines(s: &str) -> Vec<&str> {
    s.split('\n').filter(|l| !l.is_empty()).collect()
}

/// The oracle's reason for a `str` result holding a lone surrogate.
pub const LONE_SURROGATE: &str = "a str result holding a lone surrogate";

/// Compares two answer files line by line as JSON values; asserts that
/// every line agrees, showing the first disagreements. Returns the count.
pub fn assert_agree(label: &str, calls: &str, want: &str, got: &str) -> usize {
    let (calls, want, got) = (lines(calls), lines(want), lines(got));
    assert_eq!(
        want.len(),
        calls.len(),
        "{label}: oracle answered {} of {} calls",
        want.len(),
        calls.len()
    );
    assert_eq!(
        got.len(),
        calls.len(),
        "{label}: urlsyntax answered {} of {} calls",
        got.len(),
        calls.len()
    );
    let mut bad = Vec::new();
    let mut unsupported = 0;
    for ((c, w), g) in calls.iter().zip(&want).zip(&got) {
        let w: serde_json::Value = serde_json::from_str(w).expect("oracle JSON");
        let g: serde_json::Value = serde_json::from_str(g).expect("urlsyntax JSON");
        // A `str` result holding a lone surrogate cannot be carried: both
        // sides answer `unsupported` (with reasons of their own).
        let lone_surrogate = w.get("unsupported").and_then(|r| r.as_str()) == Some(LONE_SURROGATE)
            && g.get("unsupported").is_some();
        if w.get("unsupported").is_some() && !lone_surrogate {
            unsupported += 1;
        }
        if w != g && !lone_surrogate {
            bad.push(format!("{c}\n   CPython:   {w}\n   urlsyntax: {g}"));
        }
    }
    assert_eq!(
        unsupported, 0,
        "{label}: the oracle could not answer {unsupported} calls"
    );
    let agree = calls.len() - bad.len();
    eprintln!("{label}: {agree}/{} agree", calls.len());
    assert!(
        bad.is_empty(),
        "{label}: {} of {} calls disagree; first ones:\n{}",
        bad.len(),
        calls.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
    agree
}

/// The differential test of a generator: `count` calls from `script` (run
/// with `args`) under CPython `release`, answered by that CPython and by
/// urlsyntax's `profile`; every answer must agree (see
/// [`assert_agree`]). Returns without a check only where [`cpython`] does.
pub fn assert_generated_calls_agree(
    label: &str,
    release: &str,
    profile: &str,
    script: &str,
    args: &[&str],
    count: usize,
) {
    let answerers: Answerers = (cpython_calls, urlsyntax_calls);
    assert_generated_agree(label, (release, profile), script, args, count, answerers);
}

/// [`assert_generated_calls_agree`] with each exception's message
/// compared too (calls of JSON arguments only).
pub fn assert_generated_messages_agree(
    label: &str,
    release: &str,
    profile: &str,
    script: &str,
    args: &[&str],
    count: usize,
) {
    let answerers: Answerers = (cpython_calls_with_messages, urlsyntax_calls_with_messages);
    assert_generated_agree(label, (release, profile), script, args, count, answerers);
}

/// The answerers of a list of calls: CPython's (given its interpreter) and
/// urlsyntax's (given the profile it answers as).
type Answerers = (fn(&Path, &str) -> String, fn(&str, &str) -> String);

/// The calls `script` generates under CPython `release`, answered by both
/// `answerers` (CPython's first), agree on at least `count` of them.
fn assert_generated_agree(
    label: &str,
    (release, profile): (&str, &str),
    script: &str,
    args: &[&str],
    count: usize,
    (theirs, ours): Answerers,
) {
    let Some(python) = cpython(release) else {
        return;
    };
    let calls = generate(&python, script, args);
    let want = theirs(&python, &calls);
    let got = ours(profile, &calls);
    let agree = assert_agree(
        &format!("{label} vs CPython {release}"),
        &calls,
        &want,
        &got,
    );
    assert!(agree >= count);
}

/// Builds the Ocamlnet answerer (`tests/oracles/neturl/build.sh`) into a
/// fresh directory; its path. When OCaml or Ocamlnet is missing: panics
/// under `CI=true`, otherwise reports the skip.
pub fn ocamlnet_answerer() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("neturl-oracle-common");
    let ok = Command::new("sh")
        .arg(repo().join("tests/oracles/neturl/build.sh"))
        .arg(&dir)
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let exe = dir.join("neturl-answer");
    if ok && exe.exists() {
        return Some(exe);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("the Ocamlnet answerer could not be built (ocaml-nox ocaml-findlib libocamlnet-ocaml-dev libyojson-ocaml-dev)");
    }
    eprintln!("skipping: the Ocamlnet answerer could not be built");
    None
}

/// One `#[test]` per verified CPython release and distribution build,
/// each calling `$check(release, profile, seed)` with a seed of its own
/// (`profile` is the `--python` value: the exact release, or the build's
/// name, which [`python_arg`] makes its interpreter's path).
#[macro_export]
macro_rules! test_each_release {
    ($check:ident) => {
        #[test]
        fn agrees_with_cpython_debian11_3_9_2() {
            $check("debian11-3.9.2", "debian11-3.9.2", 12);
        }
        #[test]
        fn agrees_with_cpython_debian12_3_11_2() {
            $check("debian12-3.11.2", "debian12-3.11.2", 13);
        }
        #[test]
        fn agrees_with_cpython_debian13_3_13_5() {
            $check("debian13-3.13.5", "debian13-3.13.5", 14);
        }
        #[test]
        fn agrees_with_cpython_3_15_2() {
            $check("3.15.2", "3.15.2", 11);
        }
        #[test]
        fn agrees_with_cpython_3_14_10() {
            $check("3.14.10", "3.14.10", 10);
        }
        #[test]
        fn agrees_with_cpython_3_13_18() {
            $check("3.13.18", "3.13.18", 9);
        }
        #[test]
        fn agrees_with_cpython_3_13_0() {
            $check("3.13.0", "3.13.0", 1);
        }
        #[test]
        fn agrees_with_cpython_3_12_1() {
            $check("3.12.1", "3.12.1", 2);
        }
        #[test]
        fn agrees_with_cpython_3_11_7() {
            $check("3.11.7", "3.11.7", 3);
        }
        #[test]
        fn agrees_with_cpython_3_10_13() {
            $check("3.10.13", "3.10.13", 4);
        }
        #[test]
        fn agrees_with_cpython_3_9_18() {
            $check("3.9.18", "3.9.18", 5);
        }
        #[test]
        fn agrees_with_cpython_3_8_18() {
            $check("3.8.18", "3.8.18", 6);
        }
        #[test]
        fn agrees_with_cpython_3_7_16() {
            $check("3.7.16", "3.7.16", 7);
        }
        #[test]
        fn agrees_with_cpython_3_6_15() {
            $check("3.6.15", "3.6.15", 8);
        }
    };
}

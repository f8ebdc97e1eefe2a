//! Differential test: the query-string and quoting calls answered by
//! CPython 3.13.0 and by `urlsyntax calls --python 3.13` must agree on every
//! line. The calls come from `tests/gen/qs_calls.py` (seeded), the
//! reference answers from `tests/oracles/cpython_answer.py`.
//!
//! Without the interpreter the test is skipped locally and fails in CI
//! (`CI=true`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CALLS: &str = "60000";
const SEED: &str = "20240601";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python(release: &str) -> Option<PathBuf> {
    let root = Command::new("pyenv")
        .arg("root")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".pyenv")))?;
    let py = root
        .join("versions")
        .join(release)
        .join("bin")
        .join("python3");
    py.exists().then_some(py)
}

fn run(program: &Path, args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("output");
    writer.join().expect("writer").expect("write stdin");
    assert!(out.status.success(), "{} failed", program.display());
    out.stdout
}

#[test]
fn qs_and_quoting_agree_with_cpython_3_13() {
    let Some(py) = python("3.13.0") else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("CPython 3.13.0 is required in CI (pyenv install 3.13.0)");
        }
        eprintln!("skipped: CPython 3.13.0 not installed");
        return;
    };
    let calls = run(&py, &["tests/gen/qs_calls.py", CALLS, SEED], b"");
    let expected = run(&py, &["tests/oracles/cpython_answer.py"], &calls);
    let ours = run(
        Path::new(env!("CARGO_BIN_EXE_urlsyntax")),
        &["calls", "--python", "3.13"],
        &calls,
    );
    let calls = String::from_utf8(calls).expect("UTF-8 calls");
    let expected = String::from_utf8(expected).expect("UTF-8 answers");
    let ours = String::from_utf8(ours).expect("UTF-8 answers");
    let (calls, expected, ours): (Vec<&str>, Vec<&str>, Vec<&str>) = (
        calls.lines().collect(),
        expected.lines().collect(),
        ours.lines().collect(),
    );
    assert!(calls.len() >= 50_000, "only {} calls", calls.len());
    assert_eq!(expected.len(), calls.len(), "CPython answered every call");
    assert_eq!(ours.len(), calls.len(), "urlsyntax answered every call");
    let mut mismatches = 0;
    for ((call, want), got) in calls.iter().zip(&expected).zip(&ours) {
        let want: serde_json::Value = serde_json::from_str(want).expect("JSON");
        let got: serde_json::Value = serde_json::from_str(got).expect("JSON");
        assert!(
            want.get("unsupported").is_none(),
            "oracle refused {call}: {want}"
        );
        if want != got {
            mismatches += 1;
            if mismatches <= 10 {
                eprintln!("call:     {call}\nCPython:  {want}\nurlsyntax: {got}\n");
            }
        }
    }
    let n = calls.len();
    eprintln!(
        "differential: {}/{n} agree with CPython 3.13.0",
        n - mismatches
    );
    assert_eq!(mismatches, 0, "{mismatches} of {n} calls disagree");
}

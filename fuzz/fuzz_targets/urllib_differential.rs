//! Differential fuzzing against the real CPython, embedded through pyo3.
//!
//! Each run builds one urllib call of the conformance-calls protocol from
//! the fuzzer's bytes (every function, str and bytes, every parameter, odd
//! argument types), or reads it when the bytes are a JSON call (`{"fn":
//! ...`: the seeds made of real URLs and past findings, which the
//! dictionary's names and keywords mutate), answers it with `urlsyntax_cli::calls::answer_line`
//! under the profile of the embedded interpreter, and with the reference
//! answerer `tests/oracles/cpython_answer.py` run inside that interpreter.
//! Any disagreement panics. Calls either side cannot express (`unsupported`)
//! are skipped.
//!
//! The interpreter is the one `PYO3_PYTHON` named at build time; its
//! `sys.version_info` must be one of the releases urlsyntax reproduces.
#![no_main]

use std::ffi::CString;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use pyo3::prelude::*;
use serde_json::Value as Json;
use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls::{answer_line, python_line};
use urlsyntax_fuzz::urllib_call;

const ORACLE: &str = include_str!("../../tests/oracles/cpython_answer.py");

/// Glue appended to the answerer: one JSON line in, one JSON string out,
/// `None` when the oracle cannot express the call or its answer.
const GLUE: &str = r#"
import json as _json, sys as _sys, warnings as _warnings
_warnings.simplefilter("ignore")
RELEASE = "%d.%d.%d" % _sys.version_info[:3]

def fuzz_answer(line):
    try:
        a = answer(_json.loads(line))
        s = _json.dumps(a, ensure_ascii=False)
        s.encode("utf-8")  # lone surrogates cannot be compared
        return s
    except Exception:
        return None
"#;

struct Oracle {
    answer: Py<PyAny>,
    release: String,
    profile: Profile,
}

fn oracle() -> &'static Oracle {
    static O: OnceLock<Oracle> = OnceLock::new();
    O.get_or_init(|| {
        Python::attach(|py| {
            let code = CString::new(format!("{ORACLE}\n{GLUE}")).expect("no NUL in the answerer");
            let m = PyModule::from_code(py, &code, c"cpython_answer.py", c"cpython_answer")
                .expect("the reference answerer loads");
            let release: String = m
                .getattr("RELEASE")
                .and_then(|r| r.extract())
                .expect("RELEASE");
            let profile = Profile::from_version(&release).unwrap_or_else(|| {
                panic!("CPython {release} is not a release urlsyntax reproduces; set PYO3_PYTHON")
            });
            Oracle {
                answer: m.getattr("fuzz_answer").expect("fuzz_answer").unbind(),
                release,
                profile,
            }
        })
    })
}

/// Calls compared and calls skipped (`unsupported` on either side); with
/// `URLSYNTAX_FUZZ_STATS` set, printed every 65536 calls.
static COMPARED: AtomicU64 = AtomicU64::new(0);
static SKIPPED: AtomicU64 = AtomicU64::new(0);

/// A urllib call of the protocol written as JSON: an object of `fn` (not
/// a Neturl one), `args` and maybe `kwargs`, and nothing else.
fn json_call(data: &[u8]) -> Option<Json> {
    let call: Json = serde_json::from_slice(data).ok()?;
    let obj = call.as_object()?;
    let fn_ok = obj
        .get("fn")?
        .as_str()
        .is_some_and(|f| !f.starts_with("neturl."));
    let args_ok = obj.get("args")?.is_array();
    let kwargs_ok = obj.get("kwargs").is_none_or(Json::is_object);
    let keys_ok = obj
        .keys()
        .all(|k| matches!(k.as_str(), "fn" | "args" | "kwargs"));
    (fn_ok && args_ok && kwargs_ok && keys_ok).then_some(call)
}

fn skip() {
    SKIPPED.fetch_add(1, Relaxed);
}

fuzz_target!(|data: &[u8]| {
    let o = oracle();
    let n = COMPARED.load(Relaxed) + SKIPPED.load(Relaxed);
    if n % 65536 == 65535 && std::env::var_os("URLSYNTAX_FUZZ_STATS").is_some() {
        eprintln!(
            "urllib_differential: {} calls compared, {} skipped",
            COMPARED.load(Relaxed),
            SKIPPED.load(Relaxed)
        );
    }
    let call = if data.first() == Some(&b'{') {
        match json_call(data) {
            Some(call) => call,
            None => return,
        }
    } else {
        match urllib_call(&mut Unstructured::new(data)) {
            Ok(call) => call,
            Err(_) => return,
        }
    };
    let line = call.to_string();
    let ours = answer_line(&line, o.profile).to_json();
    if ours.get("unsupported").is_some() {
        return skip();
    }
    let theirs: Option<String> = Python::attach(|py| {
        o.answer
            .call1(py, (line.as_str(),))
            .and_then(|r| r.extract(py))
            .expect("fuzz_answer never raises")
    });
    let Some(theirs) = theirs else {
        return skip();
    };
    let theirs: Json = serde_json::from_str(&theirs).expect("the oracle writes JSON");
    if theirs.get("unsupported").is_some() {
        return skip();
    }
    COMPARED.fetch_add(1, Relaxed);
    assert!(
        theirs == ours,
        "disagreement with CPython {}\n  call:      {line}\n  CPython:   {theirs}\n  urlsyntax: {ours}\n  \
         in Python: from urllib.parse import *; {}",
        o.release,
        python_line(&call)
    );
});

//! A call of the protocol written as the Python code it stands for.

use serde_json::Value as Json;
use urlsyntax::urllib::Behaviour;

use super::value::{py_repr, Py};

/// The call as Python code, to paste after `from urllib.parse import *`:
/// `urlsplit('//A@', scheme='x').hostname` (as `urlsyntax diff` prints it).
pub fn python_line(call: &Json) -> String {
    let repr = |v: &Json| {
        Py::from_json(v)
            .ok()
            .and_then(|p| py_repr(&p, Behaviour::default()).ok())
            .unwrap_or_else(|| v.to_string())
    };
    let name = call["fn"].as_str().unwrap_or("?");
    let (function, attribute) = match name.strip_prefix("neturl.") {
        Some(_) => (name, None),
        None => match name.split_once('.') {
            Some((f, a)) => (f, Some(a)),
            None => (name, None),
        },
    };
    let mut args: Vec<String> = call
        .get("args")
        .and_then(Json::as_array)
        .map(|a| a.iter().map(repr).collect())
        .unwrap_or_default();
    if let Some(kw) = call.get("kwargs").and_then(Json::as_object) {
        args.extend(kw.iter().map(|(k, v)| match (k.as_str(), v) {
            // `quote_via` names a function of urllib.parse.
            ("quote_via", Json::String(f)) => format!("{k}={f}"),
            _ => format!("{k}={}", repr(v)),
        }));
    }
    let mut s = format!("{function}({})", args.join(", "));
    match attribute {
        Some("geturl") => s.push_str(".geturl()"),
        Some(a) => {
            s.push('.');
            s.push_str(a);
        }
        None => {}
    }
    s
}

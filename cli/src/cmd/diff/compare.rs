//! One call's two answers compared, and what differs in words: the key
//! disagreements are grouped by (`urlsplit: netloc differs in case`) and
//! that minimizing keeps.

use serde_json::Value as Json;
use urlsyntax_cli::calls::value::result_fields;

/// How a call's answers compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same answer.
    Agree,
    /// The program answered `unsupported` (counted apart).
    ProgramUnsupported,
    /// The reference cannot express the call (a lone surrogate, ...).
    ReferenceUnsupported,
    /// A disagreement, with what differs.
    Differ(String),
}

/// Compares `got` (the program's answer) with `expected` (the
/// reference's) for `call`; `reference` names the reference in keys
/// (`CPython`, `Neturl`: no release, so that keys line up across them).
pub fn compare(call: &Json, expected: &Json, got: &Json, reference: &str) -> Verdict {
    if expected.get("unsupported").is_some() {
        return Verdict::ReferenceUnsupported;
    }
    if got.get("unsupported").is_some() {
        return Verdict::ProgramUnsupported;
    }
    let (e_err, g_err) = (error_of(expected), error_of(got));
    let what = match (e_err, g_err) {
        (Some(e), Some(g)) if e == g => return Verdict::Agree,
        (Some(e), Some(g)) => format!("raises {g} where {reference} raises {e}"),
        (Some(e), None) => format!("answers where {reference} raises {e}"),
        (None, Some(g)) => format!("raises {g} where {reference} answers"),
        (None, None) => match values_differ(&expected["ok"], &got["ok"], reference) {
            None => return Verdict::Agree,
            Some(w) => w,
        },
    };
    Verdict::Differ(format!("{}: {what}", call_label(call)))
}

/// The error class of an error answer.
fn error_of(answer: &Json) -> Option<&str> {
    answer.get("error").and_then(Json::as_str)
}

/// The function, with the kind of its first argument when it is not a
/// `str`: `urlsplit`, `urlsplit (bytes)`, `urljoin (None)`.
pub fn call_label(call: &Json) -> String {
    let name = call["fn"].as_str().unwrap_or("?");
    let first = call.get("args").and_then(|a| a.get(0));
    let kind = match first {
        None | Some(Json::String(_)) => return name.to_string(),
        Some(Json::Object(o)) if o.contains_key("bytes") => "bytes",
        Some(Json::Object(o)) if o.contains_key("tuple") => "tuple",
        Some(Json::Object(_)) => "dict",
        Some(Json::Array(_)) => "list",
        Some(Json::Null) => "None",
        Some(Json::Bool(_)) => "bool",
        Some(Json::Number(_)) => "int",
    };
    format!("{name} ({kind})")
}

/// What differs between two answered values, or `None` when equal.
fn values_differ(expected: &Json, got: &Json, reference: &str) -> Option<String> {
    if expected == got {
        return None;
    }
    if let (Some((e_type, e_items)), Some((g_type, g_items))) = (result(expected), result(got)) {
        if e_type != g_type || e_items.len() != g_items.len() {
            return Some(format!(
                "answers a {g_type} where {reference} answers a {e_type}"
            ));
        }
        let names = result_fields(e_type);
        let differing: Vec<usize> = (0..e_items.len())
            .filter(|&i| e_items[i] != g_items[i])
            .collect();
        let pairs: Vec<(&Json, &Json)> = differing
            .iter()
            .map(|&i| (&e_items[i], &g_items[i]))
            .collect();
        return Some(fields_differ(
            differing
                .iter()
                .map(|&i| names.get(i).copied().unwrap_or("item")),
            &pairs,
        ));
    }
    // Neturl's URL objects: the parts that differ, present or not.
    let url_parts = match (expected, got) {
        (Json::Object(e), Json::Object(g)) if !is_value(expected) && !is_value(got) => Some((e, g)),
        _ => None,
    };
    if let Some((e, g)) = url_parts {
        let mut keys: Vec<&str> = e.keys().chain(g.keys()).map(String::as_str).collect();
        keys.sort_unstable();
        keys.dedup();
        keys.retain(|k| e.get(*k) != g.get(*k));
        let pairs: Vec<(&Json, &Json)> = keys
            .iter()
            .map(|k| {
                (
                    e.get(*k).unwrap_or(&Json::Null),
                    g.get(*k).unwrap_or(&Json::Null),
                )
            })
            .collect();
        return Some(fields_differ(keys.into_iter(), &pairs));
    }
    Some(match how(expected, got) {
        Some(h) => format!("value differs {h}"),
        None => "value differs".to_string(),
    })
}

/// `netloc differs in case`, `netloc, path differ`, `path, query differ in
/// %-encoding` (when every field differs so).
fn fields_differ<'a>(names: impl Iterator<Item = &'a str>, pairs: &[(&Json, &Json)]) -> String {
    let names: Vec<&str> = names.collect();
    let hows: Vec<Option<&str>> = pairs.iter().map(|(e, g)| how(e, g)).collect();
    let shared = match hows.split_first() {
        Some((first @ Some(_), rest)) if rest.iter().all(|h| h == first) => *first,
        _ => None,
    };
    let verb = if names.len() == 1 {
        "differs"
    } else {
        "differ"
    };
    match shared {
        Some(h) => format!("{} {verb} {h}", names.join(", ")),
        None => format!("{} {verb}", names.join(", ")),
    }
}

/// A Python value the protocol writes as an object (`{"dict": ...}`,
/// `{"tuple": ...}`, `{"bytes": ...}`), not a Neturl URL's parts.
fn is_value(v: &Json) -> bool {
    v.as_object().is_some_and(|o| {
        o.len() == 1
            && ["dict", "tuple", "bytes"]
                .iter()
                .any(|k| o.contains_key(*k))
    })
}

/// A result object: its type name and items.
fn result(v: &Json) -> Option<(&str, &Vec<Json>)> {
    let o = v.as_object()?;
    if o.len() != 1 {
        return None;
    }
    let (name, items) = o.iter().next()?;
    if !name.ends_with("Result") && !name.ends_with("ResultBytes") {
        return None;
    }
    Some((name, items.as_array()?))
}

/// How two texts differ, when it is simple to say: `in case`, `in
/// tab/CR/LF`, `in whitespace or controls`, `in %-encoding`, or an absent
/// part against an empty one.
fn how(expected: &Json, got: &Json) -> Option<&'static str> {
    let (e, g) = match (text(expected), text(got)) {
        (Some(e), Some(g)) => (e, g),
        _ => {
            let empty = |v: &Json| text(v).is_some_and(|t| t.is_empty());
            return (expected.is_null() && empty(got) || got.is_null() && empty(expected))
                .then_some("as absent against empty");
        }
    };
    if e.to_lowercase() == g.to_lowercase() {
        return Some("in case");
    }
    let without =
        |s: &str, drop: &dyn Fn(char) -> bool| s.chars().filter(|c| !drop(*c)).collect::<String>();
    let tab_cr_lf = |c: char| matches!(c, '\t' | '\r' | '\n');
    if without(&e, &tab_cr_lf) == without(&g, &tab_cr_lf) {
        return Some("in tab/CR/LF");
    }
    let blank = |c: char| c.is_whitespace() || c.is_control();
    if without(&e, &blank) == without(&g, &blank) {
        return Some("in whitespace or controls");
    }
    let decoded = |s: &str| urlsyntax::percent::decode(s.as_bytes()).into_owned();
    if decoded(&e) == decoded(&g) {
        return Some("in %-encoding");
    }
    None
}

/// The text of a `str`, or of `bytes` (decoded leniently).
fn text(v: &Json) -> Option<String> {
    match v {
        Json::String(s) => Some(s.clone()),
        Json::Object(o) if o.len() == 1 => {
            let hex = o.get("bytes")?.as_str()?;
            let bytes: Option<Vec<u8>> = (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
                .collect();
            Some(String::from_utf8_lossy(&bytes?).into_owned())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn split(parts: [&str; 5]) -> Json {
        json!({ "ok": { "SplitResult": parts } })
    }

    #[test]
    fn keys_say_what_differs() {
        let call = json!({"fn": "urlsplit", "args": ["//A@"]});
        let cp = "CPython";
        let key = |e: &Json, g: &Json| match compare(&call, e, g, cp) {
            Verdict::Differ(k) => k,
            v => panic!("{v:?}"),
        };
        let e = split(["", "A@", "", "", ""]);
        assert_eq!(compare(&call, &e, &e, cp), Verdict::Agree);
        assert_eq!(
            key(&e, &split(["", "a@", "", "", ""])),
            "urlsplit: netloc differs in case"
        );
        assert_eq!(
            key(&e, &split(["", "a@", "/", "", ""])),
            "urlsplit: netloc, path differ"
        );
        assert_eq!(
            key(&e, &split(["%2F", "a@", "/", "", ""])),
            "urlsplit: scheme, netloc, path differ"
        );
        assert_eq!(
            key(
                &split(["", "", "é", "ü", ""]),
                &split(["", "", "%C3%A9", "%c3%bc", ""])
            ),
            "urlsplit: path, query differ in %-encoding"
        );
        assert_eq!(
            key(&e, &split(["", "A\t@", "", "", ""])),
            "urlsplit: netloc differs in tab/CR/LF"
        );
        assert_eq!(
            key(&json!({"error": "ValueError"}), &e),
            "urlsplit: answers where CPython raises ValueError"
        );
        assert_eq!(
            key(&e, &json!({"error": "ValueError", "message": "x"})),
            "urlsplit: raises ValueError where CPython answers"
        );
        let bytes_call = json!({"fn": "urlsplit.port", "args": [{"bytes": "2f"}]});
        assert_eq!(
            compare(&bytes_call, &json!({"ok": 80}), &json!({"ok": 81}), cp),
            Verdict::Differ("urlsplit.port (bytes): value differs".into())
        );
        assert_eq!(
            compare(&call, &json!({"unsupported": "x"}), &e, cp),
            Verdict::ReferenceUnsupported
        );
        assert_eq!(
            compare(&call, &e, &json!({"unsupported": "x"}), cp),
            Verdict::ProgramUnsupported
        );
    }

    #[test]
    fn values_written_as_objects_are_values() {
        let call = json!({"fn": "parse_qs", "args": ["a=%2F"]});
        let e = json!({"ok": {"dict": [["a", ["/"]]]}});
        let g = json!({"ok": {"dict": [["a", ["%2F"]]]}});
        assert_eq!(
            compare(&call, &e, &g, "CPython"),
            Verdict::Differ("parse_qs: value differs".into())
        );
        let call = json!({"fn": "quote", "args": [{"bytes": "2f"}]});
        let (e, g) = (json!({"ok": "%2F"}), json!({"ok": "%2f"}));
        assert_eq!(
            compare(&call, &e, &g, "CPython"),
            Verdict::Differ("quote (bytes): value differs in case".into())
        );
    }

    #[test]
    fn neturl_objects_by_part() {
        let call = json!({"fn": "neturl.parse_url", "args": ["http://H/"]});
        let e = json!({"ok": {"scheme": "http", "host": "H", "path": ["", ""]}});
        let g = json!({"ok": {"scheme": "http", "host": "h", "path": ["", ""]}});
        assert_eq!(
            compare(&call, &e, &g, "Neturl"),
            Verdict::Differ("neturl.parse_url: host differs in case".into())
        );
    }
}

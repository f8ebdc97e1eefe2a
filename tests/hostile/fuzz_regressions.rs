//! Inputs the fuzz targets found (`fuzz/`), pinned to CPython's answers
//! once fixed. Each entry: the call, the profile, and what CPython answers.

use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls::answer_line;

/// (call, CPython's answer); every profile answers the same.
const FOUND: &[(&str, &str)] = &[
    // urllib_differential: a dict with equal keys keeps one item (the
    // first key, the last value), as Python's dict does.
    (
        r#"{"fn":"urlencode","args":[{"dict":[[null,{"tuple":[]}],[null,{"tuple":[]}]]}],"kwargs":{"doseq":0,"safe":"","encoding":"utf-8","errors":"strict","quote_via":"quote"}}"#,
        r#"{"ok":"None=%28%29"}"#,
    ),
    (
        r#"{"fn":"urlencode","args":[{"dict":[[1,"a"],[true,"b"],["1","c"]]}]}"#,
        r#"{"ok":"1=b&1=c"}"#,
    ),
    // urllib_differential: quote_plus makes spaces `+` only when the text
    // holds one; a UTF-16 byte 0x20 kept by `safe=' '` stays a space.
    (
        r#"{"fn":"quote_plus","args":["\u0120"],"kwargs":{"safe":" ","encoding":"utf-16-be"}}"#,
        r#"{"ok":"%01 "}"#,
    ),
    (
        r#"{"fn":"quote_plus","args":["\uff20"],"kwargs":{"safe":" ","encoding":"utf-16"}}"#,
        r#"{"ok":"%FF%FE %FF"}"#,
    ),
    (
        r#"{"fn":"urlencode","args":[[{"tuple":["a\uff20b","\uff20"]}]],"kwargs":{"safe":" ","encoding":"utf-16","quote_via":"quote_plus"}}"#,
        r#"{"ok":"%FF%FEa%00 %FFb%00=%FF%FE %FF"}"#,
    ),
    // The same bytes: `b' '` is in them, so every kept space is `+`.
    (
        r#"{"fn":"quote_plus","args":[{"bytes":"fffe20ff"}],"kwargs":{"safe":" "}}"#,
        r#"{"ok":"%FF%FE+%FF"}"#,
    ),
];

#[test]
fn fuzz_findings_answer_as_cpython() {
    for p in [
        Profile::Py3_9_18,
        Profile::Py3_10_13,
        Profile::Py3_11_7,
        Profile::Py3_12_1,
        Profile::Py3_13_0,
    ] {
        for (call, want) in FOUND {
            let got = answer_line(call, p).to_json();
            let want: serde_json::Value = serde_json::from_str(want).unwrap();
            assert_eq!(got, want, "{call} under {}", p.release());
        }
    }
}

/// (call, profile, CPython's answer) for findings that differ by release.
const FOUND_PER_RELEASE: &[(&str, Profile, &str)] = &[
    // hostile inputs: CPython 3.10.13 still splits an empty query into one
    // empty field (3.11 added `if qs else []`), so strict parsing refuses it.
    (
        r#"{"fn":"parse_qsl","args":[""],"kwargs":{"strict_parsing":true}}"#,
        Profile::Py3_10_13,
        r#"{"error":"ValueError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":[{"bytes":""}],"kwargs":{"strict_parsing":true}}"#,
        Profile::Py3_10_13,
        r#"{"error":"ValueError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":[""],"kwargs":{"max_num_fields":0}}"#,
        Profile::Py3_10_13,
        r#"{"error":"ValueError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":[""],"kwargs":{"strict_parsing":true}}"#,
        Profile::Py3_11_7,
        r#"{"ok":[]}"#,
    ),
    // urllib_differential under CPython 3.9.18: before 3.13, parse_qs and
    // parse_qsl coerce `qs` and then `separator` before any check.
    (
        r#"{"fn":"parse_qs","args":[-1],"kwargs":{"separator":";"}}"#,
        Profile::Py3_9_18,
        r#"{"error":"AttributeError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":[{"bytes":"613d31ff"}],"kwargs":{"separator":null}}"#,
        Profile::Py3_9_18,
        r#"{"error":"UnicodeDecodeError"}"#,
    ),
    (
        r#"{"fn":"parse_qs","args":["a=1"],"kwargs":{"separator":3}}"#,
        Profile::Py3_9_18,
        r#"{"error":"AttributeError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":["a=1"],"kwargs":{"separator":{"bytes":"ff"}}}"#,
        Profile::Py3_9_18,
        r#"{"error":"UnicodeDecodeError"}"#,
    ),
    (
        r#"{"fn":"parse_qs","args":[-1],"kwargs":{"separator":";"}}"#,
        Profile::Py3_12_1,
        r#"{"error":"AttributeError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":[{"bytes":"613d31ff"}],"kwargs":{"separator":null}}"#,
        Profile::Py3_12_1,
        r#"{"error":"UnicodeDecodeError"}"#,
    ),
    (
        r#"{"fn":"parse_qs","args":["a=1"],"kwargs":{"separator":3}}"#,
        Profile::Py3_12_1,
        r#"{"error":"AttributeError"}"#,
    ),
    (
        r#"{"fn":"parse_qsl","args":["a=1"],"kwargs":{"separator":{"bytes":"ff"}}}"#,
        Profile::Py3_12_1,
        r#"{"error":"UnicodeDecodeError"}"#,
    ),
];

#[test]
fn per_release_findings_answer_as_cpython() {
    for (call, p, want) in FOUND_PER_RELEASE {
        let got = answer_line(call, *p).to_json();
        let want: serde_json::Value = serde_json::from_str(want).unwrap();
        assert_eq!(got, want, "{call} under {}", p.release());
    }
}

#[test]
fn unassigned_astral_characters_are_escaped_by_str() {
    // urllib_differential: `str()` of a tuple escapes the code points
    // `str.isprintable()` refuses, by the release's Unicode version.
    let call = r#"{"fn":"urlencode","args":[[{"tuple":["",{"tuple":["","xk\ud98a\udc01"]}]}]]}"#;
    let want = r#"{"ok":"=%28%27%27%2C+%27xk%5CU00072801%27%29"}"#;
    let want: serde_json::Value = serde_json::from_str(want).unwrap();
    assert_eq!(answer_line(call, Profile::Py3_13_0).to_json(), want);
    // U+1F6DC WIRELESS (Unicode 15.0): printable from CPython 3.12 on.
    let call = r#"{"fn":"urlencode","args":[[{"tuple":["k",{"tuple":["\ud83d\udedc"]}]}]]}"#;
    for (p, want) in [
        (
            Profile::Py3_11_7,
            r#"{"ok":"k=%28%27%5CU0001f6dc%27%2C%29"}"#,
        ),
        (
            Profile::Py3_12_1,
            r#"{"ok":"k=%28%27%F0%9F%9B%9C%27%2C%29"}"#,
        ),
    ] {
        let want: serde_json::Value = serde_json::from_str(want).unwrap();
        assert_eq!(answer_line(call, p).to_json(), want, "{}", p.release());
    }
}

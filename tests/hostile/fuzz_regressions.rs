//! Inputs the fuzz targets found (`fuzz/`), pinned to CPython's answers
//! once fixed. Each entry: the call, the profile, and what CPython answers.

use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls::answer_line;

/// (call, CPython's answer); every profile answers the same.
const FOUND: &[(&str, &str)] = &[
    // urllib_differential: a dict with equal keys keeps one item (the
    // first key, the last value), as Python's dict does.
    (
        r#"{"fn":"urlencode","args":[{"dict":[[null,[]],[null,[]]]}],"kwargs":{"doseq":0,"safe":"","encoding":"utf-8","errors":"strict","quote_via":"quote"}}"#,
        r#"{"ok":"None=%28%29"}"#,
    ),
    (
        r#"{"fn":"urlencode","args":[{"dict":[[1,"a"],[true,"b"],["1","c"]]}]}"#,
        r#"{"ok":"1=b&1=c"}"#,
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

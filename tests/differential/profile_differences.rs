//! Each behaviour difference between the CPython releases (one field of
//! `urlsyntax::urllib::Quirks`, listed in `docs/profiles.md`) really
//! separates the releases: the calls of `tests/profiles/differences.jsonl`
//! tagged with that quirk get different answers from the real interpreters,
//! and urlsyntax gives each interpreter's answer under its profile.

#[path = "common.rs"]
mod common;

use common::*;

fn calls_of(quirk: &str) -> String {
    let text = std::fs::read_to_string(repo().join("tests/profiles/differences.jsonl"))
        .expect("differences list");
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if v["quirk"] == quirk {
            out.push_str(&v["call"].to_string());
            out.push('\n');
        }
    }
    assert!(!out.is_empty(), "no calls for quirk {quirk}");
    out
}

fn check(quirk: &str) {
    let calls = calls_of(quirk);
    let mut per_release: Vec<Vec<serde_json::Value>> = Vec::new();
    for (release, minor) in RELEASES {
        let Some(python) = cpython(release) else {
            return;
        };
        let want = cpython_calls(&python, &calls);
        let got = urlsyntax_calls(minor, &calls);
        assert_agree(
            &format!("{quirk} under CPython {release}"),
            &calls,
            &want,
            &got,
        );
        per_release.push(
            want.lines()
                .map(|l| serde_json::from_str(l).expect("JSON"))
                .collect(),
        );
    }
    let separating = (0..per_release[0].len())
        .filter(|&i| per_release.iter().any(|r| r[i] != per_release[0][i]))
        .count();
    assert!(
        separating > 0,
        "no call of {quirk} gets different answers from the five releases"
    );
}

macro_rules! quirk {
    ($name:ident) => {
        #[test]
        fn $name() {
            check(stringify!($name));
        }
    };
}

quirk!(scheme_must_start_with_ascii_letter);
quirk!(validate_bracketed_host);
quirk!(unsplit);
quirk!(port);
quirk!(qsl);
quirk!(classes);
quirk!(urlsplit_args_must_be_hashable);
quirk!(slice_of_dict_is_key_error);
quirk!(unicode);

//! Each behaviour difference between the CPython releases (one field of
//! `urlsyntax::urllib::Quirks`, listed in `docs/profiles.md`) really
//! separates the releases: the calls of `tests/profiles/differences.jsonl`
//! tagged with that quirk get different answers from the real interpreters,
//! and urlsyntax gives each interpreter's answer under its profile. For
//! the quirks named with a change (`"3.13.0" -> "3.13.18"`) the two
//! releases on either side of it must disagree on at least one call. Calls marked `"messages": true`
//! compare the exception's message too (a quirk that changes only it).

#[path = "common.rs"]
mod common;

use common::*;

fn calls_of(quirk: &str) -> (String, bool) {
    let text = std::fs::read_to_string(repo().join("tests/profiles/differences.jsonl"))
        .expect("differences list");
    let mut out = String::new();
    let mut messages = false;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if v["quirk"] == quirk {
            out.push_str(&v["call"].to_string());
            out.push('\n');
            messages |= v["messages"] == true;
        }
    }
    assert!(!out.is_empty(), "no calls for quirk {quirk}");
    (out, messages)
}

/// Checks `quirk`'s calls under every release, and that the two releases
/// of each of `changes_at` (`(before, after)`) disagree on one.
fn check(quirk: &str, changes_at: &[(&str, &str)]) {
    let (calls, messages) = calls_of(quirk);
    let mut per_release: Vec<Vec<serde_json::Value>> = Vec::new();
    for (release, minor) in RELEASES {
        let Some(python) = cpython(release) else {
            return;
        };
        let (want, got) = if messages {
            (
                cpython_calls_with_messages(&python, &calls),
                urlsyntax_calls_with_messages(minor, &calls),
            )
        } else {
            (
                cpython_calls(&python, &calls),
                urlsyntax_calls(minor, &calls),
            )
        };
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
        "no call of {quirk} gets different answers from the releases"
    );
    for &(before, after) in changes_at {
        let at = |r: &str| {
            let i = RELEASES.iter().position(|(rel, _)| *rel == r);
            &per_release[i.expect("a known release")]
        };
        assert_ne!(
            at(before),
            at(after),
            "{quirk}: CPython {before} and {after} answer every call alike"
        );
    }
}

macro_rules! quirk {
    ($name:ident) => {
        #[test]
        fn $name() {
            check(stringify!($name), &[]);
        }
    };
    ($name:ident, $($before:literal -> $after:literal),+) => {
        #[test]
        fn $name() {
            check(stringify!($name), &[$(($before, $after)),+]);
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
quirk!(strip_c0_control_or_space, "3.7.16" -> "3.8.18");
quirk!(scheme_before_digits_is_path, "3.8.18" -> "3.9.18");
quirk!(tilde_is_unreserved, "3.6.15" -> "3.7.16");
quirk!(qsl_coerces_separator, "3.7.16" -> "3.8.18");
quirk!(unquote_takes_bytes, "3.8.18" -> "3.9.18");
quirk!(port_error_from_int, "3.7.16" -> "3.8.18");
quirk!(int_max_str_digits, "3.6.15" -> "3.7.16");
quirk!(unicode);
quirk!(idna_errors, "3.12.1" -> "3.13.0");
quirk!(idna_label_limit, "3.11.7" -> "3.12.1");
quirk!(codec_errors_wrapped, "3.11.7" -> "3.12.1");
quirk!(nameprep_tables, "3.10.13" -> "3.11.7", "3.13.0" -> "3.13.18");
quirk!(check_bracketed_netloc, "3.13.0" -> "3.13.18");
quirk!(ipvfuture_capital_v, "3.13.0" -> "3.13.18");
quirk!(join_keeps_empty_components, "3.13.18" -> "3.14.10");
quirk!(unparse_checks_path_before_params, "3.13.18" -> "3.14.10");
quirk!(parse_and_join_split_through_the_cache, "3.13.18" -> "3.14.10");
quirk!(qsl_empty_bytes_convert_the_separator, "3.13.18" -> "3.14.10");
quirk!(scheme_may_be_none, "3.13.18" -> "3.14.10");
quirk!(missing_as_none, "3.14.10" -> "3.15.2");
quirk!(coerce_first_non_empty, "3.14.10" -> "3.15.2");
quirk!(algorithmic_names_any_case, "3.13.0" -> "3.13.18");
quirk!(charmaps, "3.13.0" -> "3.13.18");
quirk!(codec_aliases, "3.14.10" -> "3.15.2");

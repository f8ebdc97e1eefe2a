//! The composed profiles (the patch releases this machine cannot run, such
//! as the last of each line: every profile `Profile::is_verified` says is
//! not) are their line's verified release plus the fixes
//! `Profile::composed_from` lists.
//! For each fix, `tests/profiles/fixes.jsonl` holds calls that show it:
//!
//! * a composed profile with the fix answers them as the verified
//!   interpreter that has it (`Fix::verified_on`), which disagrees with the
//!   line's own verified release on at least one of them;
//! * a composed profile without the fix answers them as its line's
//!   verified release does (the composition adds nothing else).

#[path = "common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use urlsyntax::urllib::Profile;

/// The calls of each fix, by issue.
fn fix_calls() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(repo().join("tests/profiles/fixes.jsonl"))
        .expect("tests/profiles/fixes.jsonl");
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let fix = v["fix"].as_str().expect("fix").to_string();
        let calls = out.entry(fix).or_default();
        calls.push_str(&v["call"].to_string());
        calls.push('\n');
    }
    out
}

fn answers(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

fn check(profile: Profile) {
    let (base, fixes) = profile.composed_from().expect("a composed profile");
    let calls_of = fix_calls();
    for f in fixes {
        assert!(calls_of.contains_key(f.issue), "no calls for {}", f.issue);
    }
    let Some(base_python) = cpython(base.release()) else {
        return;
    };
    for (issue, calls) in &calls_of {
        let base_answers = cpython_calls(&base_python, calls);
        let want = match fixes.iter().find(|f| f.issue == issue) {
            Some(f) => {
                let Some(python) = cpython(f.verified_on) else {
                    return;
                };
                let fixed = cpython_calls(&python, calls);
                assert_ne!(
                    answers(&fixed),
                    answers(&base_answers),
                    "{issue}: CPython {} and {} answer its calls alike",
                    f.verified_on,
                    base.release()
                );
                (fixed, f.verified_on)
            }
            None => (base_answers, base.release()),
        };
        let got = urlsyntax_calls(profile.release(), calls);
        let label = format!(
            "{issue} under {} (as CPython {})",
            profile.release(),
            want.1
        );
        assert_agree(&label, calls, &want.0, &got);
    }
}

/// Every composed profile the releases table names, each on a thread of
/// its own: a patch release added to the table is tested without an edit
/// here.
#[test]
fn every_composed_profile_answers_as_its_fixes_say() {
    let composed: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|p| !p.is_verified())
        .collect();
    assert!(!composed.is_empty(), "the table names no composed profile");
    std::thread::scope(|scope| {
        for p in composed {
            std::thread::Builder::new()
                .name(format!("composed {p}"))
                .spawn_scoped(scope, move || check(p))
                .expect("a thread");
        }
    });
}

/// gh-155292 fixed `stringprep`'s B.3 to RFC 3454's in 3.13.18 and in the
/// last patches of 3.10 to 3.12, whose B.2 is then computed from it on
/// each line's own Unicode 3.2.0 database. The composed profiles read
/// 3.13.18's B.2 with their line's NFKC: this holds that B.2 computed so
/// under 3.10.13, 3.11.7 and 3.12.1 is 3.13.18's, code point for code point.
#[test]
fn gh_155292_b2_is_3_13_18_s_on_each_line_s_database() {
    const B3: &str = r#"
import json, stringprep
print(json.dumps({c: stringprep.map_table_b3(chr(c)) for c in range(0x110000)
                  if not 0xD800 <= c < 0xE000 and stringprep.map_table_b3(chr(c)) != chr(c)}))
"#;
    const B2_OWN: &str = r#"
import json, stringprep
print(json.dumps({c: stringprep.map_table_b2(chr(c)) for c in range(0x110000)
                  if not 0xD800 <= c < 0xE000 and stringprep.map_table_b2(chr(c)) != chr(c)}))
"#;
    // stringprep.map_table_b2 of this release, on the B.3 given on stdin.
    const B2_FROM_B3: &str = r#"
import json, sys
from unicodedata import ucd_3_2_0 as ud
b3 = {int(k): v for k, v in json.load(sys.stdin).items()}
def map_b3(ch):
    return b3.get(ord(ch), ch)
def map_b2(a):
    al = map_b3(a)
    b = ud.normalize("NFKC", al)
    c = ud.normalize("NFKC", "".join(map_b3(ch) for ch in b))
    return c if b != c else al
print(json.dumps({c: map_b2(chr(c)) for c in range(0x110000)
                  if not 0xD800 <= c < 0xE000 and map_b2(chr(c)) != chr(c)}))
"#;
    let Some(fixed) = cpython("3.13.18") else {
        return;
    };
    let b3 = run(&fixed, &["-c", B3], b"");
    let want: serde_json::Value =
        serde_json::from_str(&run(&fixed, &["-c", B2_OWN], b"")).expect("JSON");
    assert!(want.as_object().is_some_and(|m| m.len() > 1000));
    for release in ["3.10.13", "3.11.7", "3.12.1"] {
        let Some(python) = cpython(release) else {
            return;
        };
        let got: serde_json::Value =
            serde_json::from_str(&run(&python, &["-c", B2_FROM_B3], b3.as_bytes())).expect("JSON");
        assert_eq!(got, want, "B.2 on CPython {release}'s database");
    }
}

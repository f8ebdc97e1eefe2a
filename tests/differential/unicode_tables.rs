//! The Unicode tables of `pyruntime/data/unicode/` are what the interpreters say:
//! `tools/gen/unicode_tables.py` regenerates them from every installed
//! CPython release (3.6.15 to 3.15.2) into a scratch folder, and every
//! file must be byte for byte the one compiled in. Each profile's tables
//! must also carry its release's Unicode version.

#[path = "common.rs"]
mod common;

use common::*;
use std::path::Path;
use urlsyntax::urllib::Profile;

/// Every release the script reads (the verified profiles').
const TABLE_RELEASES: [&str; 11] = [
    "3.6.15", "3.7.16", "3.8.18", "3.9.18", "3.10.13", "3.11.7", "3.12.1", "3.13.0", "3.13.18",
    "3.14.10", "3.15.2",
];

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let e = e.expect("directory entry");
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).expect("table file"))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_tables_are_what_the_interpreters_say() {
    let mut pythons = Vec::new();
    for release in TABLE_RELEASES {
        let Some(python) = cpython(release) else {
            return;
        };
        pythons.push(python);
    }
    let root = pythons[0]
        .ancestors()
        .nth(3)
        .expect("$(pyenv root)/versions")
        .to_path_buf();
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("unicode-tables");
    let _ = std::fs::remove_dir_all(&out);
    let driver = pythons.last().expect("CPython 3.15.2");
    run(
        driver,
        &[
            "tools/gen/unicode_tables.py",
            root.to_str().expect("UTF-8 path"),
            out.to_str().expect("UTF-8 path"),
        ],
        b"",
    );
    let (want, got) = (files(&out), files(&repo().join("pyruntime/data/unicode")));
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&want), names(&got), "the table files differ");
    for ((name, w), (_, g)) in want.iter().zip(&got) {
        assert!(
            w == g,
            "pyruntime/data/unicode/{name} differs from what the interpreters say: \
             run tools/gen/unicode_tables.py"
        );
    }
    eprintln!("{} table files regenerated, all identical", want.len());
}

#[test]
fn each_profile_reads_its_release_s_unicode_version() {
    for (release, minor) in RELEASES {
        let Some(python) = cpython(release) else {
            return;
        };
        let version = run(
            &python,
            &[
                "-c",
                "import unicodedata; print(unicodedata.unidata_version)",
            ],
            b"",
        );
        let profile = Profile::from_version(minor).expect("profile");
        assert_eq!(
            profile.quirks().codecs.unicode.version(),
            version.trim(),
            "{profile}"
        );
    }
}

/// `src/urllib/profile/probe_answers.rs` is what each verified release's
/// interpreter answers to the probe today: regenerating it changes
/// nothing.
#[test]
fn the_probe_answers_are_what_the_interpreters_say() {
    for release in TABLE_RELEASES {
        if cpython(release).is_none() {
            return;
        }
    }
    let driver = cpython("3.15.2").expect("CPython 3.15.2");
    run(&driver, &["tools/gen/probe_answers.py", "--check"], b"");
}

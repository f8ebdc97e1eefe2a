//! Differential test of every text codec and error handler urlsyntax
//! implements, against each real CPython: `tests/gen/codec_calls.py` makes
//! calls of `quote`, `quote_plus`, `unquote`, `unquote_plus`, `parse_qs(l)`
//! and `urlencode` for each codec (by its names and aliases) × each error
//! handler, on text each codec can and cannot encode and bytes it can and
//! cannot decode, and the messages of those of text. CI runs 300 calls a
//! codec; the full run sets `CODEC_CALLS_PER_CODEC` (docs/encodings.md).
//!
//! Also: the generated codec tables are what the interpreters give today.

#[path = "common.rs"]
mod common;

use common::*;

fn per_codec() -> String {
    std::env::var("CODEC_CALLS_PER_CODEC").unwrap_or_else(|_| "300".into())
}

fn check(release: &str, minor: &str, seed: u32) {
    let seed = seed.to_string();
    let per = per_codec();
    // Over 80 codecs on every release.
    let count = 80
        * per
            .parse::<usize>()
            .expect("CODEC_CALLS_PER_CODEC is a number");
    assert_generated_calls_agree(
        "codec calls",
        release,
        minor,
        "tests/gen/codec_calls.py",
        &[&per, &seed],
        count,
    );
    messages(release, minor, &per, &seed, count / 2);
}

/// The same calls' messages, for the calls of text whose answers compare
/// as JSON (`quote`, `quote_plus`, `unquote`, `unquote_plus` of `str`,
/// without the surrogate handlers, whose answers may hold lone
/// surrogates): 3.6 to 3.11 wrap what a codec reached through the
/// registry lets out, `encoding with 'cp1252' codec failed (LookupError:
/// unknown error handler name 'bogus')`.
fn messages(release: &str, minor: &str, per: &str, seed: &str, count: usize) {
    let Some(python) = cpython(release) else {
        return;
    };
    let calls: String = generate(&python, "tests/gen/codec_calls.py", &[per, seed])
        .lines()
        .filter(|l| l.starts_with(r#"{"fn": "quote"#) || l.starts_with(r#"{"fn": "unquote"#))
        .filter(|l| !l.contains("surrogate") && !l.contains(r#""bytes""#))
        .map(|l| format!("{l}\n"))
        .collect();
    let want = cpython_calls_with_messages(&python, &calls);
    let got = urlsyntax_calls_with_messages(minor, &calls);
    let label = format!("codec messages vs CPython {release}");
    assert!(assert_agree(&label, &calls, &want, &got) >= count);
}

test_each_release!(check);

#[test]
fn generated_tables_are_current() {
    let Some(python) = cpython("3.13.0") else {
        return;
    };
    let status = std::process::Command::new(python)
        .args(["tools/gen/codec_tables.py", "--check"])
        .current_dir(repo())
        .status()
        .expect("run tools/gen/codec_tables.py");
    assert!(
        status.success(),
        "pyruntime/src/codec/names.rs, pyruntime/data/codecs/*.in or *.bin differ from what the interpreters give: \
         rerun tools/gen/codec_tables.py"
    );
}

/// `namereplace` on every code point but the surrogates, in runs of 64:
/// the whole name table of each release (`pyruntime/data/codecs/names.bin`).
mod every_name {
    use super::*;

    fn check(release: &str, minor: &str, _seed: u32) {
        // 1,111,936 code points (from U+0080) in runs of 64.
        assert_generated_calls_agree(
            "namereplace on every code point",
            release,
            minor,
            "tests/gen/name_calls.py",
            &[],
            17_374,
        );
    }

    test_each_release!(check);
}

/// `unicode_escape`'s `\N{...}` escapes: every name the release gives, in
/// odd spellings, the algorithmic names and later releases' names
/// (`tests/gen/name_escape_calls.py`).
mod name_escapes {
    use super::*;

    fn check(release: &str, minor: &str, seed: u32) {
        assert_generated_calls_agree(
            "\\N{...} escapes",
            release,
            minor,
            "tests/gen/name_escape_calls.py",
            &[&seed.to_string()],
            // 3.6 names the fewest characters.
            3_000,
        );
    }

    test_each_release!(check);
}

/// The `idna` codec: `quote` and `unquote` (`errors="strict"`) of
/// `tests/gen/idna_calls.py` (real names changed many ways, the hard case
/// of each step, every entry of the nameprep tables, marks NFKC sorts and
/// composes), their messages compared too; and the nameprep tables are
/// what the interpreters give today.
mod idna {
    use super::*;

    fn check(release: &str, minor: &str, seed: u32) {
        let seed = seed.to_string();
        let script = "tests/gen/idna_calls.py";
        assert_generated_calls_agree("idna calls", release, minor, script, &[&seed], 3_500);
        assert_generated_messages_agree("idna messages", release, minor, script, &[&seed], 3_500);
    }

    test_each_release!(check);

    #[test]
    fn nameprep_tables_are_current() {
        let Some(python) = cpython("3.13.0") else {
            return;
        };
        let status = std::process::Command::new(python)
            .args(["tools/gen/idna_tables.py", "--check"])
            .current_dir(repo())
            .status()
            .expect("run tools/gen/idna_tables.py");
        assert!(
            status.success(),
            "pyruntime/data/codecs/nameprep.bin differs from what the interpreters give: \
             rerun tools/gen/idna_tables.py"
        );
    }
}

/// Where CPython decides on the text and the bytes it encodes to differ:
/// `quote_plus` makes spaces `+` only when the text holds a space (a
/// character of UTF-16 whose bytes hold 0x20 stays a kept space under
/// `safe=' '`), `unquote` decodes each ASCII run apart, `parse_qsl` splits
/// and reads `+` in the text; as `str` and `bytes`, with `urlencode`'s
/// `doseq` paths (`tests/gen/text_or_bytes_calls.py`, the fuzzer's findings
/// first).
mod text_or_bytes {
    use super::*;

    fn check(release: &str, minor: &str, seed: u32) {
        let seed = seed.to_string();
        let script = "tests/gen/text_or_bytes_calls.py";
        assert_generated_calls_agree("text or bytes", release, minor, script, &[&seed], 650);
    }

    test_each_release!(check);
}

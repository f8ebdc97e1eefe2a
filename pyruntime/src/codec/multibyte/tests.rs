//! Differential tests of the multibyte codecs against the interpreters
//! (`tests/oracles/multibyte_codecs.py` answers a batch in one process), and the test that
//! regenerates `cjk-tables/data/tables.bin` with `tools/gen/multibyte_tables.py`.
//!
//! A missing interpreter fails the tests when `CI=true` and skips them
//! otherwise. The CI sample is fixed and small; the full run is
//! `CJK_DIFF_ROUNDS=200 cargo test --release --lib multibyte` (200 times
//! the sample, each round with other random inputs); `CJK_CODECS=gbk,hz`
//! limits a run to the codecs named.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::kinds::MODULES;
use super::tables::{tables, ALGORITHM, CHAR_LIMIT, DEEPER, ERROR, TAG};
use super::{Multibyte, MultibyteError, MultibyteQuirks, Replacement};
use crate::error::Error;

/// The releases of the profiles (the differential tests).
const RELEASES: [&str; 8] = [
    "3.9.18", "3.10.13", "3.11.7", "3.12.1", "3.13.0", "3.13.18", "3.14.10", "3.15.2",
];

/// The quirks of a release.
fn quirks(release: &str) -> MultibyteQuirks {
    if matches!(release, "3.9.18" | "3.10.13") {
        MultibyteQuirks::CPYTHON_3_6
    } else {
        MultibyteQuirks::CPYTHON_3_11
    }
}
/// Older releases whose tables are checked when installed.
const OLDER: [&str; 3] = ["3.6.15", "3.7.16", "3.8.18"];

const DECODE_HANDLERS: [&str; 5] = [
    "strict",
    "ignore",
    "replace",
    "backslashreplace",
    "surrogateescape",
];
const ENCODE_HANDLERS: [&str; 6] = [
    "strict",
    "ignore",
    "replace",
    "backslashreplace",
    "xmlcharrefreplace",
    "surrogateescape",
];

/// The repository root.
fn repo() -> PathBuf {
    // The runtime crate's folder is one below the repository's root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository")
        .to_path_buf()
}

/// `$(pyenv root)/versions/<release>/bin/python3`; a missing one panics when
/// `required` and `CI=true`.
fn python(release: &str, required: bool) -> Option<PathBuf> {
    let root = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| {
            let out = Command::new("pyenv").arg("root").output().ok()?;
            Some(String::from_utf8_lossy(&out.stdout).trim().into())
        })?;
    let p = root.join("versions").join(release).join("bin/python3");
    if p.exists() {
        return Some(p);
    }
    if required && std::env::var("CI").as_deref() == Ok("true") {
        panic!("CPython {release} is missing at {}", p.display());
    }
    eprintln!(
        "skipping CPython {release}: not installed at {}",
        p.display()
    );
    None
}

fn run(python: &Path, args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new(python)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("run python");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer").expect("write");
    assert!(out.status.success(), "{} {args:?} failed", python.display());
    out.stdout
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// A failure recorded by a strict handler, to print as the oracle does.
fn failure(e: &MultibyteError) -> String {
    format!("error {} {} {}", e.start, e.end, e.reason)
}

/// The answer of `input.decode(codec, errors)` in the oracle's format.
fn decode_answer(codec: Multibyte, errors: &str, input: &[u8]) -> String {
    let mut raised = None;
    let mut handler = |e: &MultibyteError| -> Result<(Vec<u32>, usize), Error> {
        let bytes = &input[e.start..e.end];
        let text = match errors {
            "ignore" => Vec::new(),
            "replace" => vec![0xFFFD],
            "backslashreplace" => bytes
                .iter()
                .flat_map(|b| {
                    format!("\\x{b:02x}")
                        .chars()
                        .map(u32::from)
                        .collect::<Vec<_>>()
                })
                .collect(),
            // Up to 4 bytes, as far as they are not ASCII.
            "surrogateescape" if bytes[0] >= 0x80 => {
                let n = bytes.iter().take(4).take_while(|&&b| b >= 0x80).count();
                let text = bytes[..n].iter().map(|&b| 0xDC00 + u32::from(b)).collect();
                return Ok((text, e.start + n));
            }
            _ => {
                raised = Some(failure(e));
                return Err(Error::Value {
                    message: "raised".into(),
                });
            }
        };
        Ok((text, e.end))
    };
    match codec.decode(input, &mut handler) {
        Ok(cps) => std::iter::once("ok".to_string())
            .chain(cps.iter().map(|c| format!("{c:x}")))
            .collect::<Vec<_>>()
            .join(" "),
        Err(Error::Value { message }) if raised.is_none() => format!("runtime {message}"),
        Err(e) => raised.unwrap_or_else(|| panic!("unexpected {e:?}")),
    }
}

/// The answer of `text.encode(codec, errors)` in the oracle's format.
fn encode_answer(codec: Multibyte, quirks: MultibyteQuirks, errors: &str, input: &[u32]) -> String {
    let mut raised = None;
    let mut handler = |e: &MultibyteError| -> Result<(Replacement, usize), Error> {
        let cps = &input[e.start..e.end];
        let text: String = match errors {
            // Bytes, where every code point is an escaped byte.
            "surrogateescape" if cps.iter().all(|c| (0xDC80..=0xDCFF).contains(c)) => {
                let bytes = cps.iter().map(|c| (c - 0xDC00) as u8).collect();
                return Ok((Replacement::Bytes(bytes), e.end));
            }
            "ignore" => String::new(),
            "replace" => "?".repeat(cps.len()),
            "backslashreplace" => cps
                .iter()
                .map(|&c| match c {
                    0..=0xFF => format!("\\x{c:02x}"),
                    0x100..=0xFFFF => format!("\\u{c:04x}"),
                    _ => format!("\\U{c:08x}"),
                })
                .collect(),
            "xmlcharrefreplace" => cps.iter().map(|c| format!("&#{c};")).collect(),
            _ => {
                raised = Some(failure(e));
                return Err(Error::Value {
                    message: "raised".into(),
                });
            }
        };
        Ok((
            Replacement::Text(text.chars().map(u32::from).collect()),
            e.end,
        ))
    };
    match codec.encode_in(quirks, input, &mut handler) {
        Ok(bytes) => format!("ok {}", hex(&bytes)).trim_end().to_string(),
        Err(_) => raised.expect("only the handler fails"),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stateless codec whose characters a codec carries (for samples).
fn stateless_peer(codec: Multibyte) -> Vec<Multibyte> {
    use Multibyte::*;
    match codec {
        Hz => vec![Gb2312],
        Iso2022Jp | Iso2022Jp1 | Iso2022JpExt => vec![EucJp],
        Iso2022Jp2 => vec![EucJp, EucKr, Gb2312],
        Iso2022Jp2004 | Iso2022Jp3 => vec![EucJis2004],
        Iso2022Kr => vec![EucKr],
        other => vec![other],
    }
}

/// A random walk through the codec's trie: mostly a valid sequence, at
/// times an illegal one.
fn walk(codec: Multibyte, rng: &mut Rng, out: &mut Vec<u8>) {
    let t = codec.stateless().expect("stateless");
    let mut row = 0;
    loop {
        let live: Vec<u8> = (0..=255u8)
            .filter(|&b| t.rows[row][b as usize] & TAG != ERROR)
            .collect();
        let b = if live.is_empty() || rng.below(12) == 0 {
            rng.below(256) as u8
        } else {
            rng.pick(&live)
        };
        out.push(b);
        let e = t.rows[row][b as usize];
        if e < CHAR_LIMIT || e & TAG != DEEPER {
            if e & TAG == ALGORITHM {
                if codec == Multibyte::EucKr {
                    for _ in 0..3 {
                        out.push(if rng.below(8) == 0 { 0xA1 } else { 0xA4 });
                        out.push(0xA1 + rng.below(0x34) as u8);
                    }
                } else {
                    out.push(0x81 + rng.below(127) as u8);
                    let digits = if rng.below(8) == 0 { 256 } else { 10 };
                    out.push(0x30u8.wrapping_add(rng.below(digits) as u8));
                }
            }
            return;
        }
        row = (e & !TAG) as usize;
    }
}

/// The escape and shift sequences of the stateful codecs, and some that
/// are not.
const ESCAPES: [&[u8]; 34] = [
    b"\x1b(B",
    b"\x1b(J",
    b"\x1b(I",
    b"\x1b$@",
    b"\x1b$B",
    b"\x1b$A",
    b"\x1b$(C",
    b"\x1b$(D",
    b"\x1b$(O",
    b"\x1b$(P",
    b"\x1b$(Q",
    b"\x1b.A",
    b"\x1b.F",
    b"\x1bN",
    b"\x1b$)C",
    b"\x0e",
    b"\x0f",
    b"~{",
    b"~}",
    b"~~",
    b"~\n",
    b"\x1b",
    b"\x1b.J",
    b"\x1b&@\x1b$B",
    b"\x1b$",
    b"\x1b(",
    b"\x1b$(",
    b"\x1b(A",
    b"\x1b)B",
    b"\x1b$)A",
    b"\x1b(X",
    b"\x1b$(#$%&'()*+,-./0",
    b"\x1bx",
    b"\x1b&@",
];

/// Random byte strings for decoding.
fn byte_samples(codec: Multibyte, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    let stateful = codec.stateless().is_none();
    for _ in 0..rng.below(12) {
        match rng.below(10) {
            0 => out.push(rng.below(256) as u8),
            1 => out.push(rng.pick(b"ab~\n\x1b\x0e\x0f\x80\xff\xa4\x8e\x8f")),
            2 | 3 if stateful => out.extend_from_slice(rng.pick(&ESCAPES)),
            4 if stateful => {
                // Text the codec can carry, as it encodes it.
                let text = text_samples(codec, rng);
                let mut ignore = |e: &MultibyteError| Ok((Replacement::Bytes(Vec::new()), e.end));
                out.extend(codec.encode(&text, &mut ignore).expect("ignore"));
            }
            _ if stateful => {
                out.push(0x21 + rng.below(94) as u8);
                out.push(0x21 + rng.below(94) as u8);
            }
            _ => walk(codec, rng, &mut out),
        }
    }
    if rng.below(4) == 0 && !out.is_empty() {
        out.pop();
    }
    out
}

/// Random text for encoding: characters the codec maps, characters it
/// does not, lone surrogates and combining pairs.
fn text_samples(codec: Multibyte, rng: &mut Rng) -> Vec<u32> {
    let mut out = Vec::new();
    let peers = stateless_peer(codec);
    for _ in 0..rng.below(10) {
        match rng.below(12) {
            0 => out.push(rng.below(0x80) as u32),
            1 => out.push(0x80 + rng.below(0xFF80) as u32),
            2 => out.push(0x10000 + rng.below(0x10_0000) as u32),
            3 => out.push(0xD800 + rng.below(0x800) as u32),
            4 if rng.below(2) == 0 => out.push(0xDC80 + rng.below(0x80) as u32),
            4 => out.extend_from_slice(rng.pick(&[
                &[0xCA, 0x304][..],
                &[0xEA, 0x30C],
                &[0x304B, 0x309A],
                &[0x2E9, 0x2E5],
                &[0xE6, 0x300],
                &[0xCA],
            ])),
            5 => out.push(rng.pick(&[
                0x7E, 0x5C, 0xA5, 0x203E, 0xFF3C, 0xFF5E, 0x2014, 0x2015, 0xB7, 0x30FB, 0x20AC,
                0xFFFD, 0x0A, 0x1B, 0xE9, 0x3B1, 0xAC00, 0xAC02, 0x20000, 0x2A6A5,
            ])),
            _ => {
                let peer = rng.pick(&peers);
                let mut bytes = Vec::new();
                walk(peer, rng, &mut bytes);
                let mut ignore = |e: &MultibyteError| Ok((Vec::new(), e.end));
                out.extend(peer.decode(&bytes, &mut ignore).expect("ignore"));
            }
        }
    }
    out
}

/// Compares every codec × handler on `rounds` rounds of random input with
/// each release; returns the number of agreeing calls.
fn differential(rounds: usize) -> usize {
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    let only = std::env::var("CJK_CODECS").ok();
    let mut calls = String::new();
    // Our answers as the older and as the newer releases.
    let mut ours = [Vec::new(), Vec::new()];
    for _ in 0..rounds {
        for &(codec, name) in &MODULES {
            if only
                .as_ref()
                .is_some_and(|o| !o.split(',').any(|n| n == name))
            {
                continue;
            }
            for _ in 0..6 {
                let bytes = byte_samples(codec, &mut rng);
                for errors in DECODE_HANDLERS {
                    calls.push_str(&format!("decode {name} {errors} {}\n", hex(&bytes)));
                    let answer = decode_answer(codec, errors, &bytes);
                    ours[0].push(answer.clone());
                    ours[1].push(answer);
                }
                let text = text_samples(codec, &mut rng);
                for errors in ENCODE_HANDLERS {
                    let cps: Vec<String> = text.iter().map(|c| format!("{c:x}")).collect();
                    calls.push_str(&format!("encode {name} {errors} {}\n", cps.join(" ")));
                    ours[0].push(encode_answer(
                        codec,
                        MultibyteQuirks::CPYTHON_3_6,
                        errors,
                        &text,
                    ));
                    ours[1].push(encode_answer(
                        codec,
                        MultibyteQuirks::CPYTHON_3_11,
                        errors,
                        &text,
                    ));
                }
            }
        }
    }
    // Edge cases random input seldom meets.
    let decodes: [(Multibyte, &[u8]); 4] = [
        (Multibyte::Gb18030, b"\xe2\x34\xff\x30\x81\x30\x81"),
        (Multibyte::Iso2022Jp2, b"\x1b.J\x1bNa\x1b.A\x1bN\xe1"),
        (Multibyte::EucKr, b"\xa4\xd4\xa4\xa1\xa4\xbf\xa4"),
        (Multibyte::Iso2022Jp, b"\x1b$(#$%&'()*+,-./0123"),
    ];
    for (codec, bytes) in decodes {
        for errors in DECODE_HANDLERS {
            calls.push_str(&format!(
                "decode {} {errors} {}\n",
                codec.module(),
                hex(bytes)
            ));
            let answer = decode_answer(codec, errors, bytes);
            ours[0].push(answer.clone());
            ours[1].push(answer);
        }
    }
    // HZ loses the second `~` of an escaped `~` that fills CPython's buffer.
    let encodes: [(Multibyte, &[u32]); 3] = [
        (
            Multibyte::Hz,
            &[0xD873, 0xA3FDA, 0x2014, 0x7D, 0x1B, 0xDB7C, 0x3E, 0x7E],
        ),
        (Multibyte::Hz, &[0x2014, 0x7D, 0x1B, 0xDB7C, 0x3E, 0x7E]),
        (
            Multibyte::Iso2022Jp2004,
            &[0x304B, 0x309A, 0xE6, 0x300, 0x2E9, 0x2E5],
        ),
    ];
    for (codec, text) in encodes {
        for errors in ENCODE_HANDLERS {
            let cps: Vec<String> = text.iter().map(|c| format!("{c:x}")).collect();
            calls.push_str(&format!(
                "encode {} {errors} {}\n",
                codec.module(),
                cps.join(" ")
            ));
            for (i, quirks) in [MultibyteQuirks::CPYTHON_3_6, MultibyteQuirks::CPYTHON_3_11]
                .into_iter()
                .enumerate()
            {
                ours[i].push(encode_answer(codec, quirks, errors, text));
            }
        }
    }
    let mut agreed = 0;
    for release in RELEASES {
        let Some(py) = python(release, true) else {
            continue;
        };
        let oracle = repo().join("tests/oracles/multibyte_codecs.py");
        let out = run(&py, &[oracle.to_str().expect("path")], calls.as_bytes());
        let answers: Vec<&str> = std::str::from_utf8(&out).expect("ASCII").lines().collect();
        let ours = &ours[usize::from(quirks(release).iso2022_pairs)];
        assert_eq!(answers.len(), ours.len(), "{release}: one answer per call");
        let mut wrong = Vec::new();
        for ((call, want), got) in calls.lines().zip(&answers).zip(ours) {
            if want != got {
                wrong.push(format!(
                    "{call}\n  CPython {release}: {want}\n  ours: {got}"
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "{} of {} calls disagree; the first:\n{}",
            wrong.len(),
            ours.len(),
            wrong[..wrong.len().min(12)].join("\n")
        );
        agreed += ours.len();
    }
    agreed
}

#[test]
fn agrees_with_cpython() {
    let rounds = std::env::var("CJK_DIFF_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let n = differential(rounds);
    eprintln!("multibyte codecs: {n} calls agree with CPython");
}

/// Runs `tools/gen/multibyte_tables.py` under each installed release (two at a time) and
/// compares its output with `cjk-tables/data/tables.bin`, byte for byte.
#[test]
fn tables_regenerate_identically() {
    let ours: &[u8] = urlsyntax_cjk_tables::TABLES;
    let required = RELEASES.iter().map(|r| (*r, true));
    let all: Vec<(&str, PathBuf)> = required
        .chain(OLDER.iter().map(|r| (*r, false)))
        .filter_map(|(release, required)| Some((release, python(release, required)?)))
        .collect();
    for pair in all.chunks(2) {
        std::thread::scope(|scope| {
            for (release, py) in pair {
                scope.spawn(move || {
                    let name = format!("urlsyntax-cjk-{release}-{}.bin", std::process::id());
                    let out = std::env::temp_dir().join(name);
                    let script = repo().join("tools/gen/multibyte_tables.py");
                    let args = [script.to_str().expect("path"), out.to_str().expect("path")];
                    run(py, &args, b"");
                    let theirs = std::fs::read(&out).expect("generated tables");
                    let _ = std::fs::remove_file(&out);
                    assert!(theirs == ours, "CPython {release} generates other tables");
                });
            }
        });
    }
}

#[test]
fn tables_parse_and_known_answers() {
    let t = tables();
    assert!(!t.specials.is_empty());
    // Independent of the tables' origin: characters every reference gives.
    let mut strict = |e: &MultibyteError| -> Result<(Vec<u32>, usize), Error> {
        panic!("unexpected error {e:?}")
    };
    assert_eq!(
        Multibyte::ShiftJis
            .decode(b"\x82\xa0", &mut strict)
            .unwrap(),
        [0x3042]
    );
    assert_eq!(
        Multibyte::Gbk.decode(b"\xc4\xe3", &mut strict).unwrap(),
        [0x4F60]
    );
    assert_eq!(
        Multibyte::EucKr.decode(b"\xb0\xa1", &mut strict).unwrap(),
        [0xAC00]
    );
    assert_eq!(
        Multibyte::Big5.decode(b"\xa4\x40", &mut strict).unwrap(),
        [0x4E00]
    );
    for (codec, name) in MODULES {
        assert_eq!(Multibyte::from_module(name), Some(codec));
        assert_eq!(codec.module(), name);
    }
    assert_eq!(Multibyte::from_module("utf_8"), None);
}

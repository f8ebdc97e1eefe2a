//! The names the `namereplace` error handler writes (`\N{EURO SIGN}`), per
//! release: generated from each interpreter's own handler by
//! `tests/gen/codec_tables.py` into `data/names.bin`.
//!
//! Layout (little-endian): the magic `NAM2`; a u16 count of ranges, each
//! u32 first and last code point, u8 release mask, u8 kind (0: the prefix
//! then the code point in hex, 1: a Hangul syllable named by the Unicode
//! algorithm), u8 prefix length and prefix; a u32 count of names, sorted
//! by code point, each the LEB128 difference from the code point before
//! (from 0), u8 release mask, u8 count of leading bytes shared with the
//! name before, and the rest of the name ended by `\n`. The count is 0 at
//! every [`RESTART`]-th name, where a reading starts. A release mask has
//! bit i for the release at index i (0 = 3.6 ... 7 = 3.13) that gives the
//! name. A code point may have several names: the private-use plane holds
//! the name aliases, which move as releases add some.

use std::sync::OnceLock;

static DATA: &[u8] = include_bytes!("data/names.bin");

/// Every how many names one is written whole (`NAMES_RESTART` of the
/// generator).
const RESTART: usize = 32;

struct Range {
    first: u32,
    last: u32,
    releases: u8,
    hangul: bool,
    prefix: &'static str,
}

/// A name of the file, not yet read.
struct Entry {
    cp: u32,
    releases: u8,
    /// The bytes it shares with the name before.
    shared: u8,
    /// The rest of it.
    rest: &'static [u8],
}

struct Tables {
    ranges: Vec<Range>,
    names: Vec<Entry>,
}

fn u16_at(at: usize) -> usize {
    usize::from(u16::from_le_bytes([DATA[at], DATA[at + 1]]))
}

fn u32_at(at: usize) -> u32 {
    u32::from_le_bytes([DATA[at], DATA[at + 1], DATA[at + 2], DATA[at + 3]])
}

fn str_at(at: usize, len: usize) -> &'static str {
    std::str::from_utf8(&DATA[at..at + len]).unwrap_or_default()
}

/// Reads the file. It is part of the library, so a malformed one is a
/// build defect (the generator's test rewrites and compares it): it
/// panics.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        assert_eq!(&DATA[..4], b"NAM2", "data/names.bin: bad magic");
        let mut at = 4;
        let n = u16_at(at);
        at += 2;
        let mut ranges = Vec::with_capacity(n);
        for _ in 0..n {
            let len = usize::from(DATA[at + 10]);
            ranges.push(Range {
                first: u32_at(at),
                last: u32_at(at + 4),
                releases: DATA[at + 8],
                hangul: DATA[at + 9] == 1,
                prefix: str_at(at + 11, len),
            });
            at += 11 + len;
        }
        let n = u32_at(at) as usize;
        at += 4;
        let mut names = Vec::with_capacity(n);
        let mut cp = 0u32;
        for _ in 0..n {
            let mut shift = 0;
            loop {
                let b = DATA[at];
                at += 1;
                cp += u32::from(b & 0x7f) << shift;
                shift += 7;
                if b < 0x80 {
                    break;
                }
            }
            let (releases, shared) = (DATA[at], DATA[at + 1]);
            at += 2;
            let len = DATA[at..]
                .iter()
                .position(|&b| b == b'\n')
                .expect("data/names.bin: a name ends with a newline");
            names.push(Entry {
                cp,
                releases,
                shared,
                rest: &DATA[at..at + len],
            });
            at += len + 1;
        }
        assert_eq!(at, DATA.len(), "data/names.bin: trailing bytes");
        Tables { ranges, names }
    })
}

/// The whole name of `names[i]`: the names from the last restart up to
/// it, each keeping what it shares with the one before.
fn spelled(names: &[Entry], i: usize) -> String {
    let mut out = Vec::new();
    for e in &names[i - i % RESTART..=i] {
        out.truncate(usize::from(e.shared));
        out.extend_from_slice(e.rest);
    }
    String::from_utf8(out).expect("data/names.bin: ASCII names")
}

/// The Unicode algorithm's name of a Hangul syllable (U+AC00..U+D7A3).
fn hangul(cp: u32, out: &mut String) {
    const LEAD: [&str; 19] = [
        "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T",
        "P", "H",
    ];
    const VOWEL: [&str; 21] = [
        "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO",
        "WE", "WI", "YU", "EU", "YI", "I",
    ];
    const TAIL: [&str; 28] = [
        "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH",
        "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H",
    ];
    let s = (cp - 0xac00) as usize;
    out.push_str(LEAD[s / 588]);
    out.push_str(VOWEL[(s % 588) / 28]);
    out.push_str(TAIL[s % 28]);
}

/// The name `namereplace` writes for `cp` in the release at index
/// `release` (0 = 3.6 ... 7 = 3.13), if it has one.
pub(crate) fn name(cp: u32, release: u8) -> Option<String> {
    let t = tables();
    let bit = 1u8.checked_shl(u32::from(release)).unwrap_or(0);
    let first = t.names.partition_point(|n| n.cp < cp);
    let found = t.names[first..]
        .iter()
        .take_while(|n| n.cp == cp)
        .position(|n| n.releases & bit != 0);
    if let Some(k) = found {
        return Some(spelled(&t.names, first + k));
    }
    let i = t.ranges.partition_point(|r| r.first <= cp).checked_sub(1)?;
    let r = &t.ranges[i];
    if cp > r.last || r.releases & bit == 0 {
        return None;
    }
    let mut out = r.prefix.to_string();
    if r.hangul {
        hangul(cp, &mut out);
    } else {
        out.push_str(&format!("{cp:04X}"));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::name;

    #[test]
    fn names_per_release() {
        assert_eq!(name(0x20ac, 3).as_deref(), Some("EURO SIGN"));
        assert_eq!(name(0x25, 3).as_deref(), Some("PERCENT SIGN"));
        assert_eq!(name(0xac00, 3).as_deref(), Some("HANGUL SYLLABLE GA"));
        assert_eq!(name(0xd7a3, 7).as_deref(), Some("HANGUL SYLLABLE HIH"));
        assert_eq!(
            name(0x4e00, 3).as_deref(),
            Some("CJK UNIFIED IDEOGRAPH-4E00")
        );
        assert_eq!(name(0xf0000, 3).as_deref(), Some("NULL"));
        assert_eq!(name(0, 7), None);
        // U+1FAE8 SHAKING FACE: Unicode 15.0, CPython 3.12.
        assert_eq!(name(0x1fae8, 5), None);
        assert_eq!(name(0x1fae8, 6).as_deref(), Some("SHAKING FACE"));
        // U+1F97A FACE WITH PLEADING EYES: Unicode 11.0, CPython 3.7.
        assert_eq!(name(0x1f97a, 0), None);
        assert_eq!(name(0x1f97a, 1).as_deref(), Some("FACE WITH PLEADING EYES"));
    }
}

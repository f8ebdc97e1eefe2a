//! The names the `namereplace` error handler writes (`\N{EURO SIGN}`), and
//! those `\N{...}` escapes read, per release: generated from each
//! interpreter by `tools/gen/codec_tables.py` into `data/codecs/names.bin`.
//!
//! Layout (little-endian): the magic `NAM4`; a u8 count of releases R; a
//! u16 count of ranges, each u32 first and last code point, u16 release
//! mask, u16 escape mask, u8 kind (0: the prefix then the code point in
//! hex, 1: a Hangul syllable named by the Unicode algorithm), u8 prefix
//! length and prefix; a u32 count of names, sorted by code point, each the
//! LEB128 difference from the code point before (from 0), the masks (a
//! LEB128 k < R: both masks hold the releases from index k on; else k - R
//! is the release mask and a LEB128 escape mask follows), for a name in
//! the private-use plane with an escape mask the LEB128 code point its
//! escape gives, u8 count of leading bytes shared with the name before,
//! and the rest of the name ended by `\n`. The count is 0 at every
//! [`RESTART`]-th name, where a reading starts.
//!
//! A release mask has bit i for the release at index i (0 = 3.6 ... 7 =
//! 3.13.0, 8 = 3.13.18, 9 = 3.14, 10 = 3.15) that gives the name; the
//! escape mask, for those whose `unicode_escape` decoder takes `\N{name}`
//! back (3.13.18 and 3.14 take Tangut ideographs' names, which they do not
//! write). A code point may have several names: the private-use plane
//! (from [`ALIASES_START`]) holds the name aliases, whose escapes give the
//! character they name, and the named sequences, which no escape takes;
//! both move as releases add some.

use std::sync::OnceLock;

static DATA: &[u8] = include_bytes!("../../data/codecs/names.bin");

/// Every how many names one is written whole (`NAMES_RESTART` of the
/// generator).
const RESTART: usize = 32;

/// Where CPython keeps the name aliases and named sequences (plane 15).
const ALIASES_START: u32 = 0xF0000;

struct Range {
    first: u32,
    last: u32,
    releases: u16,
    /// The releases whose `\N{...}` escapes take these names back.
    escapes: u16,
    hangul: bool,
    prefix: &'static str,
}

/// A name of the file, not yet read.
struct Entry {
    cp: u32,
    releases: u16,
    /// The releases whose `\N{...}` escapes take this name back.
    escapes: u16,
    /// What the escape gives: `cp`, or the character an alias names.
    target: u32,
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

fn u16_mask_at(at: usize) -> u16 {
    u16::from_le_bytes([DATA[at], DATA[at + 1]])
}

fn u32_at(at: usize) -> u32 {
    u32::from_le_bytes([DATA[at], DATA[at + 1], DATA[at + 2], DATA[at + 3]])
}

/// The LEB128 number at `*at` (seven bits a byte, low first), moving
/// `*at` past it.
fn leb128(at: &mut usize) -> u32 {
    let (mut n, mut shift) = (0u32, 0);
    loop {
        let b = DATA[*at];
        *at += 1;
        n |= u32::from(b & 0x7f) << shift;
        shift += 7;
        if b < 0x80 {
            return n;
        }
    }
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
        assert_eq!(&DATA[..4], b"NAM4", "data/names.bin: bad magic");
        let release_count = u32::from(DATA[4]);
        let every = (1u32 << release_count) - 1;
        let mut at = 5;
        let n = u16_at(at);
        at += 2;
        let mut ranges = Vec::with_capacity(n);
        for _ in 0..n {
            let len = usize::from(DATA[at + 13]);
            ranges.push(Range {
                first: u32_at(at),
                last: u32_at(at + 4),
                releases: u16_mask_at(at + 8),
                escapes: u16_mask_at(at + 10),
                hangul: DATA[at + 12] == 1,
                prefix: str_at(at + 14, len),
            });
            at += 14 + len;
        }
        let n = u32_at(at) as usize;
        at += 4;
        let mut names = Vec::with_capacity(n);
        let mut cp = 0u32;
        for _ in 0..n {
            cp += leb128(&mut at);
            let head = leb128(&mut at);
            let mask = |m: u32| u16::try_from(m).expect("data/names.bin: a 16-bit mask");
            let (releases, escapes) = if head < release_count {
                let from = every & !((1 << head) - 1);
                (mask(from), mask(from))
            } else {
                (mask(head - release_count), mask(leb128(&mut at)))
            };
            let target = if escapes != 0 && cp >= ALIASES_START {
                leb128(&mut at)
            } else {
                cp
            };
            let shared = DATA[at];
            at += 1;
            let len = DATA[at..]
                .iter()
                .position(|&b| b == b'\n')
                .expect("data/names.bin: a name ends with a newline");
            names.push(Entry {
                cp,
                releases,
                escapes,
                target,
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

/// The jamo names of the Unicode algorithm's Hangul syllable names, in
/// their order (`Jamo.txt`'s short names).
const LEAD: [&str; 19] = [
    "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P",
    "H",
];
const VOWEL: [&str; 21] = [
    "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE",
    "WI", "YU", "EU", "YI", "I",
];
const TAIL: [&str; 28] = [
    "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M",
    "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H",
];

/// The Unicode algorithm's name of a Hangul syllable (U+AC00..U+D7A3).
fn hangul(cp: u32, out: &mut String) {
    let s = (cp - 0xac00) as usize;
    out.push_str(LEAD[s / 588]);
    out.push_str(VOWEL[(s % 588) / 28]);
    out.push_str(TAIL[s % 28]);
}

/// The bit of the release at index `release` in a mask (none past 15).
fn bit(release: u8) -> u16 {
    1u16.checked_shl(u32::from(release)).unwrap_or(0)
}

/// The name `namereplace` writes for `cp` in the release at index
/// `release` (0 = 3.6 ... 10 = 3.15), if it has one.
pub(crate) fn name(cp: u32, release: u8) -> Option<String> {
    let t = tables();
    let bit = bit(release);
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

/// The code point a `\N{name}` escape gives in the release at index
/// `release`, as CPython's `_getcode` finds it (without named sequences):
/// any name or alias the release's database holds, in any ASCII case, a
/// name derived from the code point (`TANGUT IDEOGRAPH-17000`) with its
/// hex digits as `namereplace` writes them; a Hangul syllable or a
/// unified ideograph by its algorithmic name, spelled exactly (upper case,
/// four or five hex digits) unless `any_case` (as
/// `CodecRules::algorithmic_names_any_case`),
/// when they are read as the other names.
pub(crate) fn lookup(name: &[u8], release: u8, any_case: bool) -> Option<u32> {
    const IDEOGRAPH: &str = "CJK UNIFIED IDEOGRAPH-";
    let t = tables();
    let bit = bit(release);
    let escapes = |r: &Range, cp: u32| (r.first..=r.last).contains(&cp) && r.escapes & bit != 0;
    let upper = name.to_ascii_uppercase();
    let name = if any_case { &upper[..] } else { name };
    if let Some(jamo) = name.strip_prefix(b"HANGUL SYLLABLE ") {
        let cp = hangul_syllable(jamo)?;
        return t
            .ranges
            .iter()
            .any(|r| r.hangul && escapes(r, cp))
            .then_some(cp);
    }
    if !any_case {
        if let Some(hex) = name.strip_prefix(IDEOGRAPH.as_bytes()) {
            if hex.len() != 4 && hex.len() != 5 {
                return None;
            }
            let cp = upper_hex(hex)?;
            let unified = |r: &Range| !r.hangul && r.prefix == IDEOGRAPH && escapes(r, cp);
            return t.ranges.iter().any(unified).then_some(cp);
        }
    }
    // The other "PREFIX-XXXX" names, spelled as `namereplace` writes them.
    for r in t
        .ranges
        .iter()
        .filter(|r| !r.hangul && (any_case || r.prefix != IDEOGRAPH))
    {
        if let Some(hex) = upper.strip_prefix(r.prefix.as_bytes()) {
            let found = upper_hex(hex)
                .filter(|&cp| escapes(r, cp) && format!("{cp:04X}").as_bytes() == hex);
            if found.is_some() {
                return found;
            }
        }
    }
    let index = by_name();
    let entries = index.get(&upper[..])?;
    entries
        .iter()
        .map(|&i| &t.names[i])
        .find(|e| e.escapes & bit != 0)
        .map(|e| e.target)
}

/// Each name of the file (upper case, as stored) to its entries.
fn by_name() -> &'static std::collections::HashMap<Vec<u8>, Vec<usize>> {
    static INDEX: OnceLock<std::collections::HashMap<Vec<u8>, Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let names = &tables().names;
        let mut index: std::collections::HashMap<Vec<u8>, Vec<usize>> =
            std::collections::HashMap::with_capacity(names.len());
        let mut name = Vec::new();
        for (i, e) in names.iter().enumerate() {
            name.truncate(usize::from(e.shared));
            name.extend_from_slice(e.rest);
            index.entry(name.clone()).or_default().push(i);
        }
        index
    })
}

/// The value of upper-case hex digits (`0-9`, `A-F`), at most eight.
fn upper_hex(hex: &[u8]) -> Option<u32> {
    if hex.is_empty() || hex.len() > 8 {
        return None;
    }
    hex.iter().try_fold(0u32, |v, &d| {
        let digit = match d {
            b'0'..=b'9' => d - b'0',
            b'A'..=b'F' => d - b'A' + 10,
            _ => return None,
        };
        Some(v << 4 | u32::from(digit))
    })
}

/// A Hangul syllable from the jamo names after `HANGUL SYLLABLE `, read
/// as CPython's `find_syllable` reads them: in each of the three columns
/// the longest name that starts there (the empty one included), with no
/// going back, then the end of the name.
fn hangul_syllable(jamo: &[u8]) -> Option<u32> {
    fn longest(at: &[u8], column: &[&str]) -> Option<(usize, usize)> {
        column
            .iter()
            .enumerate()
            .filter(|(_, j)| at.starts_with(j.as_bytes()))
            .max_by_key(|(i, j)| (j.len(), usize::MAX - i))
            .map(|(i, j)| (i, j.len()))
    }
    let (lead, l) = longest(jamo, &LEAD)?;
    let (vowel, v) = longest(&jamo[l..], &VOWEL)?;
    let (tail, t) = longest(&jamo[l + v..], &TAIL)?;
    (l + v + t == jamo.len()).then(|| 0xac00 + ((lead * 21 + vowel) * 28 + tail) as u32)
}

#[cfg(test)]
mod tests;

//! The stringprep (RFC 3454) and Unicode 3.2.0 tables that the `idna`
//! codec's nameprep reads, as each release's `stringprep` module and
//! `unicodedata.ucd_3_2_0` give them: generated from the interpreters by
//! `tools/gen/idna_tables.py` into `data/codecs/nameprep.bin` (its docstring gives
//! the layout), read once.
//!
//! B.1, the prohibited tables, D.1, D.2 and the compatibility
//! decompositions are the same in every release. B.2 lowercased with the
//! release's own `str.lower` up to 3.13.0 (from 3.13.x on it is Unicode
//! 3.2.0's, gh-155292), and CPython's NFKC sorts, blocks and composes with
//! the release's own database, so those tables name, per entry, the first
//! release that has it (an index, 0 = 3.6 ... 7 = 3.13.0, 8 = 3.13.18,
//! 9 = 3.14, 10 = 3.15) and, for B.2, the first that drops it again.

use std::sync::OnceLock;

static DATA: &[u8] = include_bytes!("../../data/codecs/nameprep.bin");

/// Inclusive ranges of code points, sorted.
type RangeSet = Vec<(u32, u32)>;

/// A mapping of code points to text: sorted `(code point, life, start,
/// length)` into `points`.
struct Mapping {
    index: Vec<(u32, Life, u32, u8)>,
    points: Vec<u32>,
}

/// The releases that have an entry: from index `since`, before index
/// `until` (0: to the newest).
#[derive(Clone, Copy)]
struct Life {
    since: u8,
    until: u8,
}

impl Life {
    fn holds(self, release: u8) -> bool {
        self.since <= release && (self.until == 0 || release < self.until)
    }
}

impl Mapping {
    fn get(&self, cp: u32, release: u8) -> Option<&[u32]> {
        let i = self.index.binary_search_by_key(&cp, |e| e.0).ok()?;
        let (_, life, start, len) = self.index[i];
        let start = start as usize;
        life.holds(release)
            .then(|| &self.points[start..start + usize::from(len)])
    }
}

struct Tables {
    b1: RangeSet,
    prohibited: RangeSet,
    d1: RangeSet,
    d2: RangeSet,
    b2: Mapping,
    nfkd: Mapping,
    /// `(first, last, class, first release)`.
    combining: Vec<(u32, u32, u8, u8)>,
    /// `(first, second, composite, first release)`, sorted by the pair.
    compositions: Vec<(u32, u32, u32, u8)>,
}

/// Reads `DATA` from a position.
struct Reader {
    at: usize,
}

impl Reader {
    fn byte(&mut self) -> u8 {
        let b = DATA[self.at];
        self.at += 1;
        b
    }

    /// A LEB128 number (seven bits a byte, low first).
    fn varint(&mut self) -> u32 {
        let (mut n, mut shift) = (0u32, 0);
        loop {
            let b = self.byte();
            n |= u32::from(b & 0x7f) << shift;
            shift += 7;
            if b < 0x80 {
                return n;
            }
        }
    }

    /// A signed number, zigzag-coded (`2n`, `-2n - 1`).
    fn zigzag(&mut self) -> i64 {
        let n = i64::from(self.varint());
        if n & 1 == 0 {
            n / 2
        } else {
            -(n + 1) / 2
        }
    }

    fn range_set(&mut self) -> RangeSet {
        let n = self.varint();
        let mut end = 0;
        (0..n)
            .map(|_| {
                let lo = end + self.varint();
                let hi = lo + self.varint();
                end = hi + 1;
                (lo, hi)
            })
            .collect()
    }

    fn mapping(&mut self) -> Mapping {
        let n = self.varint();
        let (mut index, mut points) = (Vec::new(), Vec::new());
        let mut before: Vec<u32> = vec![0];
        let mut end = 0;
        let add = |i: i64, d: i64| u32::try_from(i + d).expect("data/nameprep.bin: a code point");
        for _ in 0..n {
            let cp = end + self.varint();
            let head = self.varint();
            let life = Life {
                since: (head >> 5 & 0xf) as u8,
                until: (head >> 9 & 0xf) as u8,
            };
            let len = (head & 0x1f) as u8;
            if len == 0 {
                let (count, stride, delta) = (self.varint(), self.varint(), self.zigzag());
                for k in 0..count {
                    let c = cp + k * stride;
                    index.push((c, life, points.len() as u32, 1));
                    points.push(add(c.into(), delta));
                }
                end = cp + (count - 1) * stride + 1;
                before = vec![add((end - 1).into(), delta)];
                continue;
            }
            let start = points.len();
            for k in 0..usize::from(len) {
                let reference = before
                    .get(k)
                    .copied()
                    .unwrap_or_else(|| points[start + k - 1]);
                points.push(add(reference.into(), self.zigzag()));
            }
            index.push((cp, life, start as u32, len));
            before = points[start..].to_vec();
            end = cp + 1;
        }
        Mapping { index, points }
    }
}

/// Reads the file. It is part of the library, so a malformed one is a
/// build defect (the generator's test rewrites and compares it): it
/// panics.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        assert_eq!(&DATA[..4], b"NPR2", "data/nameprep.bin: bad magic");
        let mut r = Reader { at: 4 };
        let (b1, prohibited, d1, d2) = (r.range_set(), r.range_set(), r.range_set(), r.range_set());
        let (b2, nfkd) = (r.mapping(), r.mapping());
        let mut end = 0;
        let combining = (0..r.varint())
            .map(|_| {
                let lo = end + r.varint();
                let hi = lo + r.varint();
                end = hi + 1;
                (lo, hi, r.byte(), r.byte())
            })
            .collect();
        let (mut composite, mut first, mut second) = (0u32, 0i64, 0i64);
        let mut compositions: Vec<_> = (0..r.varint())
            .enumerate()
            .map(|(i, _)| {
                composite = if i == 0 { 0 } else { composite + 1 } + r.varint();
                first += r.zigzag();
                second += r.zigzag();
                let point = |n: i64| u32::try_from(n).expect("data/nameprep.bin: a code point");
                (point(first), point(second), composite, r.byte())
            })
            .collect();
        compositions.sort_unstable();
        assert_eq!(r.at, DATA.len(), "data/nameprep.bin: trailing bytes");
        Tables {
            b1,
            prohibited,
            d1,
            d2,
            b2,
            nfkd,
            combining,
            compositions,
        }
    })
}

fn in_set(set: &[(u32, u32)], cp: u32) -> bool {
    let i = set.partition_point(|&(lo, _)| lo <= cp);
    i > 0 && cp <= set[i - 1].1
}

/// `stringprep.in_table_b1`: mapped to nothing.
pub(super) fn mapped_to_nothing(cp: u32) -> bool {
    in_set(&tables().b1, cp)
}

/// `stringprep.map_table_b2` of the release at index `release`, where it
/// is not `cp` itself.
pub(super) fn case_folded(cp: u32, release: u8) -> Option<&'static [u32]> {
    tables().b2.get(cp, release)
}

/// In one of the tables nameprep prohibits: C.1.2, C.2.2, C.3 to C.9.
pub(super) fn prohibited(cp: u32) -> bool {
    in_set(&tables().prohibited, cp)
}

/// `stringprep.in_table_d1`: a RandALCat character (bidi R or AL in
/// Unicode 3.2.0).
pub(super) fn rand_al(cp: u32) -> bool {
    in_set(&tables().d1, cp)
}

/// `stringprep.in_table_d2`: an LCat character (bidi L in Unicode 3.2.0).
pub(super) fn l_cat(cp: u32) -> bool {
    in_set(&tables().d2, cp)
}

/// The full compatibility decomposition `ucd_3_2_0.normalize("NFKD", c)`
/// of a code point that has one (not a Hangul syllable).
pub(super) fn decomposition(cp: u32) -> Option<&'static [u32]> {
    tables().nfkd.get(cp, 0)
}

/// The canonical combining class CPython's 3.2.0 normalization reads: the
/// release's own database's.
pub(super) fn combining_class(cp: u32, release: u8) -> u8 {
    let t = &tables().combining;
    let i = t.partition_point(|e| e.0 <= cp);
    match i.checked_sub(1).map(|i| t[i]) {
        Some((_, last, class, since)) if cp <= last && since <= release => class,
        _ => 0,
    }
}

/// What the release's composition table makes of `first` followed by
/// `second`, if anything.
pub(super) fn composed(first: u32, second: u32, release: u8) -> Option<u32> {
    let t = &tables().compositions;
    let i = t
        .binary_search_by_key(&(first, second), |e| (e.0, e.1))
        .ok()?;
    (t[i].3 <= release).then_some(t[i].2)
}

/// Whether `cp` is the first character of any pair the release composes.
pub(super) fn composes_first(cp: u32, release: u8) -> bool {
    let t = &tables().compositions;
    let i = t.partition_point(|e| e.0 < cp);
    t[i..]
        .iter()
        .take_while(|e| e.0 == cp)
        .any(|e| e.3 <= release)
}

#[cfg(test)]
mod tests;

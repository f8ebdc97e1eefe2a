//! The mapping tables of the East Asian codecs, read from `data/tables.bin`
//! of the `urlsyntax-cjk-tables` crate (`cjk-tables/`, written by
//! `tools/gen/multibyte_tables.py` from the interpreters) into
//! direct-indexed arrays on first use.
//!
//! The file holds one pool of decoded text shared by every codec and
//! character set (UTF-16-like units; `0xD800..=0xDFFF` name a "special": an
//! astral character or a pair of code points), then for each stateless codec
//! its decoding trie (one row of 256 outcomes per byte prefix, stored as
//! runs), the code points its encoder maps otherwise than the trie's inverse,
//! its encodable pairs and the data of its algorithmic paths, then the
//! 94- and 94×94-character sets of the stateful codecs.

use std::sync::OnceLock;

#[cfg(feature = "cjk-codecs")]
static DATA: &[u8] = urlsyntax_cjk_tables::TABLES;
/// Without the `cjk-codecs` feature no codec of this module can be named
/// ([`super::Multibyte::from_module`] finds none), so nothing reads this.
#[cfg(not(feature = "cjk-codecs"))]
static DATA: &[u8] = &[];

/// A row entry under this value is a code point, the whole step's output.
pub(super) const CHAR_LIMIT: u32 = 0x0011_0000;
/// Tag of a row entry whose output is a sequence of `Tables::specials`.
pub(super) const SEQ: u32 = 0x1000_0000;
/// Tag of an illegal sequence: the low bits are the error's length.
pub(super) const ERROR: u32 = 0x2000_0000;
/// Tag of a prefix that needs another byte: the low bits are its row.
pub(super) const DEEPER: u32 = 0x3000_0000;
/// Tag of a path decoded by an algorithm: the low bits say which.
pub(super) const ALGORITHM: u32 = 0x4000_0000;
/// The mask of an entry's tag.
pub(super) const TAG: u32 = 0xF000_0000;

/// `ALGORITHM` value: GB18030's four-byte sequences.
pub(super) const GB18030_FOUR: u32 = 1;
/// `ALGORITHM` value: EUC-KR's eight-byte make-up sequences.
pub(super) const EUCKR_MAKEUP: u32 = 2;

/// An encoder entry: no table entry, the codec's algorithm decides.
pub(super) const ENC_ABSENT: u32 = 0;
/// An encoder entry: unencodable.
pub(super) const ENC_NONE: u32 = 0xFE00_0000;
/// Tag of an encoder entry whose bytes are in `long` (low bits: index).
pub(super) const ENC_LONG: u32 = 0xFF00_0000;

/// Reads the little-endian fields of the embedded file. The file is part
/// of the library, so a malformed one is a build defect: it panics.
struct Reader {
    at: usize,
}

impl Reader {
    fn bytes(&mut self, n: usize) -> &'static [u8] {
        let s = DATA
            .get(self.at..self.at + n)
            .expect("data/tables.bin is truncated");
        self.at += n;
        s
    }
    fn u8(&mut self) -> u8 {
        self.bytes(1)[0]
    }
    fn u16(&mut self) -> u16 {
        let b = self.bytes(2);
        u16::from_le_bytes([b[0], b[1]])
    }
    fn u32(&mut self) -> u32 {
        let b = self.bytes(4);
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
}

/// A stateless codec's section, not yet expanded.
struct Section {
    name: &'static str,
    /// (depth, runs as (lo, hi, kind, value)).
    rows: Vec<Vec<(u8, u8, u8, u32)>>,
    exceptions: Vec<(u32, &'static [u8], bool)>,
    pairs: Vec<(u32, u32, &'static [u8])>,
    ranges: Vec<(u32, u32)>,
    jamo: Vec<[u8; 3]>,
}

/// A character set of the ISO-2022 codecs.
pub(super) struct Charset {
    /// 1 or 2 bytes per character.
    pub width: u8,
    /// The range of each byte.
    pub lo: u8,
    /// The range of each byte (inclusive).
    pub hi: u8,
    /// Each cell (row-major over the byte range): a row entry (a code
    /// point or `SEQ`), or `ERROR` where undefined.
    pub cells: Vec<u32>,
}

impl Charset {
    /// The entry of the character at the start of `bytes` (which holds
    /// `width` bytes); `ERROR` when undefined.
    pub fn get(&self, bytes: &[u8]) -> u32 {
        let n = usize::from(self.hi - self.lo) + 1;
        let mut i = 0;
        for &b in &bytes[..usize::from(self.width)] {
            if b < self.lo || b > self.hi {
                return ERROR;
            }
            i = i * n + usize::from(b - self.lo);
        }
        self.cells[i]
    }

    /// The bytes of cell `i`.
    pub fn code(&self, i: usize) -> [u8; 2] {
        let n = usize::from(self.hi - self.lo) + 1;
        if self.width == 1 {
            [self.lo + i as u8, 0]
        } else {
            [self.lo + (i / n) as u8, self.lo + (i % n) as u8]
        }
    }
}

/// The code points an ISO-2022 encoder maps otherwise than the inverse of
/// its character sets: the designation's final bytes and the code, or
/// `None` when unencodable.
pub(super) type Iso2022Exceptions = Vec<(u32, Option<(&'static [u8], &'static [u8])>)>;

/// The whole file.
pub(super) struct Tables {
    pool: Vec<u16>,
    /// Astral characters and pairs the pool's special units name.
    pub specials: Vec<Vec<u32>>,
    sections: Vec<Section>,
    charsets: Vec<(&'static str, Charset)>,
    iso2022: Vec<(&'static str, Iso2022Exceptions)>,
}

/// The parsed file (parsed on first use).
pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(parse)
}

fn name(r: &mut Reader, len: usize) -> &'static str {
    std::str::from_utf8(r.bytes(len)).expect("ASCII names in data/tables.bin")
}

fn parse() -> Tables {
    let mut r = Reader { at: 0 };
    assert_eq!(r.bytes(4), b"CJK1", "data/tables.bin: bad magic");
    let n = r.u32() as usize;
    let pool = (0..n).map(|_| r.u16()).collect();
    let n = r.u16() as usize;
    let specials = (0..n)
        .map(|_| {
            let len = r.u8() as usize;
            (0..len).map(|_| r.u32()).collect()
        })
        .collect();
    let n = r.u8() as usize;
    let mut sections = Vec::with_capacity(n);
    for _ in 0..n {
        let len = r.u8() as usize;
        let name = name(&mut r, len);
        let nrows = r.u16() as usize;
        let mut rows = Vec::with_capacity(nrows);
        for _ in 0..nrows {
            let _depth = r.u8();
            let nruns = r.u16() as usize;
            rows.push(
                (0..nruns)
                    .map(|_| (r.u8(), r.u8(), r.u8(), r.u32()))
                    .collect(),
            );
        }
        let nexc = r.u32() as usize;
        let exceptions = (0..nexc)
            .map(|_| {
                let cp = r.u32();
                let len = r.u8() as usize;
                (cp, r.bytes(len), len > 0)
            })
            .collect();
        let npairs = r.u16() as usize;
        let pairs = (0..npairs)
            .map(|_| {
                let (a, b) = (r.u32(), r.u32());
                let len = r.u8() as usize;
                (a, b, r.bytes(len))
            })
            .collect();
        let nranges = r.u16() as usize;
        let ranges = (0..nranges).map(|_| (r.u32(), r.u32())).collect();
        let njamo = r.u8() as usize;
        let jamo = (0..njamo).map(|_| [r.u8(), r.u8(), r.u8()]).collect();
        sections.push(Section {
            name,
            rows,
            exceptions,
            pairs,
            ranges,
            jamo,
        });
    }
    let mut t = Tables {
        pool,
        specials,
        sections,
        charsets: Vec::new(),
        iso2022: Vec::new(),
    };
    let n = r.u8() as usize;
    for _ in 0..n {
        let len = r.u8() as usize;
        let (width, lo, hi) = (r.u8(), r.u8(), r.u8());
        let name = name(&mut r, len);
        let size = (usize::from(hi - lo) + 1).pow(u32::from(width));
        let mut cells = vec![ERROR; size];
        let nruns = r.u16() as usize;
        for _ in 0..nruns {
            let (first, count, offset) = (r.u16() as usize, r.u16() as usize, r.u32() as usize);
            for k in 0..count {
                cells[first + k] = t.entry(offset + k);
            }
        }
        t.charsets.push((
            name,
            Charset {
                width,
                lo,
                hi,
                cells,
            },
        ));
    }
    let n = r.u8() as usize;
    for _ in 0..n {
        let len = r.u8() as usize;
        let count = r.u32() as usize;
        let name = name(&mut r, len);
        let exceptions = (0..count)
            .map(|_| {
                let cp = r.u32();
                let len = r.u8() as usize;
                if len == 0 {
                    return (cp, None);
                }
                let mark = r.bytes(len);
                let len = r.u8() as usize;
                (cp, Some((mark, r.bytes(len))))
            })
            .collect();
        t.iso2022.push((name, exceptions));
    }
    assert_eq!(r.at, DATA.len(), "data/tables.bin: trailing bytes");
    t
}

impl Tables {
    /// The row entry of the pool's unit at `i`.
    fn entry(&self, i: usize) -> u32 {
        let u = u32::from(self.pool[i]);
        if !(0xD800..0xE000).contains(&u) {
            return u;
        }
        let idx = (u - 0xD800) as usize;
        match self.specials[idx].as_slice() {
            [one] => *one,
            _ => SEQ | idx as u32,
        }
    }

    /// The encoder exceptions of the ISO-2022 codec `module`.
    pub fn iso2022_exceptions(&self, module: &str) -> &Iso2022Exceptions {
        &self
            .iso2022
            .iter()
            .find(|(n, _)| *n == module)
            .expect("ISO-2022 codec in data/tables.bin")
            .1
    }

    /// The character set named `name` (as `tools/gen/multibyte_tables.py` names it).
    pub fn charset(&self, name: &str) -> &Charset {
        &self
            .charsets
            .iter()
            .find(|(n, _)| *n == name)
            .expect("character set in data/tables.bin")
            .1
    }
}

/// A stateless codec's tables, expanded for direct indexing.
pub(super) struct Stateless {
    /// The decoding trie: row 0 is the first byte's.
    pub rows: Vec<[u32; 256]>,
    /// Encoder entries of the BMP code points (see `ENC_*`; else the
    /// length in the top byte and up to 3 bytes below, first byte highest).
    pub enc_bmp: Vec<u32>,
    /// Encoder entries of astral code points, sorted.
    pub enc_astral: Vec<(u32, u32)>,
    /// Byte strings of `ENC_LONG` entries.
    pub long: Vec<&'static [u8]>,
    /// Code point pairs that encode together, sorted.
    pub pairs: Vec<(u32, u32, &'static [u8])>,
    /// GB18030: (linear index, first code point) of each four-byte BMP range.
    pub ranges: Vec<(u32, u32)>,
    /// EUC-KR: initial, medial and final index of make-up bytes 0xA1..=0xD4
    /// (0xFF: none).
    pub jamo: Vec<[u8; 3]>,
}

/// Packs up to 3 bytes as an encoder entry; `None` when longer.
fn pack(bytes: &[u8]) -> Option<u32> {
    if bytes.is_empty() || bytes.len() > 3 {
        return None;
    }
    Some(bytes.iter().fold(0, |acc, &b| (acc << 8) | u32::from(b)) | ((bytes.len() as u32) << 24))
}

/// The bytes of an inline encoder entry, into `out`.
#[inline]
pub(super) fn push_packed(out: &mut Vec<u8>, e: u32) {
    match e >> 24 {
        1 => out.push(e as u8),
        2 => out.extend_from_slice(&[(e >> 8) as u8, e as u8]),
        _ => out.extend_from_slice(&[(e >> 16) as u8, (e >> 8) as u8, e as u8]),
    }
}

impl Stateless {
    /// The tables of the codec named `module`.
    pub fn build(module: &str) -> Stateless {
        let t = tables();
        let s = t
            .sections
            .iter()
            .find(|s| s.name == module)
            .expect("codec in data/tables.bin");
        let rows: Vec<[u32; 256]> = s
            .rows
            .iter()
            .map(|runs| {
                let mut row = [ERROR | 1; 256];
                for &(lo, hi, kind, value) in runs {
                    for b in lo..=hi {
                        let k = u32::from(b - lo);
                        row[b as usize] = match kind {
                            0 => t.entry(value as usize + k as usize),
                            1 => ERROR | value,
                            2 => DEEPER | value,
                            _ => ALGORITHM | value,
                        };
                    }
                }
                row
            })
            .collect();
        let mut st = Stateless {
            rows,
            enc_bmp: vec![ENC_ABSENT; 0x10000],
            enc_astral: Vec::new(),
            long: Vec::new(),
            pairs: s.pairs.clone(),
            ranges: s.ranges.clone(),
            jamo: s.jamo.clone(),
        };
        st.pairs.sort_unstable();
        let mut astral = std::collections::BTreeMap::new();
        let mut prefix = Vec::new();
        st.invert(0, &mut prefix, &mut astral);
        for &(cp, bytes, encodable) in &s.exceptions {
            let e = if !encodable {
                ENC_NONE
            } else if let Some(e) = pack(bytes) {
                e
            } else {
                st.long.push(bytes);
                ENC_LONG | (st.long.len() as u32 - 1)
            };
            if cp < 0x10000 {
                st.enc_bmp[cp as usize] = e;
            } else {
                astral.insert(cp, e);
            }
        }
        st.enc_astral = astral.into_iter().collect();
        st
    }

    /// Records the first byte string (in byte order) decoding to each code
    /// point under the row `r`.
    fn invert(
        &mut self,
        r: usize,
        prefix: &mut Vec<u8>,
        astral: &mut std::collections::BTreeMap<u32, u32>,
    ) {
        for b in 0..=255u8 {
            let e = self.rows[r][b as usize];
            prefix.push(b);
            if e < CHAR_LIMIT {
                let packed = pack(prefix).expect("trie paths of at most 3 bytes");
                if e < 0x10000 {
                    if self.enc_bmp[e as usize] == ENC_ABSENT {
                        self.enc_bmp[e as usize] = packed;
                    }
                } else {
                    astral.entry(e).or_insert(packed);
                }
            } else if e & TAG == DEEPER {
                self.invert((e & !TAG) as usize, prefix, astral);
            }
            prefix.pop();
        }
    }

    /// The encoder entry of `cp` (`ENC_ABSENT` when the table has none).
    #[inline]
    pub fn enc(&self, cp: u32) -> u32 {
        if cp < 0x10000 {
            self.enc_bmp[cp as usize]
        } else {
            match self.enc_astral.binary_search_by_key(&cp, |&(c, _)| c) {
                Ok(i) => self.enc_astral[i].1,
                Err(_) => ENC_ABSENT,
            }
        }
    }
}

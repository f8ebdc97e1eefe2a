//! CPython's single-byte charmap codecs (`cp1252`, `iso8859_15`, `koi8_r`,
//! `mac_roman`, `cp037`, ...): their tables are data generated from the
//! interpreters (`tools/gen/codec_tables.py`, `data/codecs/charmaps.bin`), each
//! release's codecs a list of their own
//! (`CodecRules::charmaps`), since a table
//! may change (`palmos` in 3.13.x).

use std::sync::OnceLock;

use super::names::CHARMAP_TABLES as CHARMAPS;

static DATA: &[u8] = include_bytes!("../../data/codecs/charmaps.bin");

/// The 256 code points of the decoding table, then the encoding entries.
const DECODE_LEN: usize = 512;

/// Marks an undefined byte in a decoding table, as in CPython's tables.
const UNDEFINED: u16 = 0xfffe;

/// Marks a character without a byte in an encoding table.
pub(crate) const NO_BYTE: u16 = 0x100;

/// One of CPython's single-byte charmap codecs, with the tables of a
/// release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Charmap(u8);

impl Charmap {
    /// The codec of an `encodings` module name (`"cp1252"`, `"koi8_r"`)
    /// as the release of `rules` has it, else as the last release that
    /// had it (`mac_centeuro`).
    pub fn from_module(module: &str, rules: impl Into<super::CodecRules>) -> Option<Charmap> {
        Charmap::from_module_or_last(module, rules.into().charmaps)
    }

    /// The codec of an `encodings` module name (`"cp1252"`, `"koi8_r"`)
    /// in a release's list of charmap codecs, else as the last release
    /// that had it (`mac_centeuro`).
    pub(crate) fn from_module_or_last(module: &str, codecs: &[(&str, u8)]) -> Option<Charmap> {
        Charmap::from_module_in(module, codecs).or_else(|| {
            let after = CHARMAPS.partition_point(|(m, _)| *m <= module);
            let last = after.checked_sub(1).filter(|&i| CHARMAPS[i].0 == module)?;
            u8::try_from(last).ok().map(Charmap)
        })
    }

    /// The codec of a module name in a release's list of charmap codecs
    /// (`CodecRules::charmaps`).
    pub(crate) fn from_module_in(module: &str, codecs: &[(&str, u8)]) -> Option<Charmap> {
        codecs
            .binary_search_by(|(m, _)| (*m).cmp(module))
            .ok()
            .map(|i| Charmap(codecs[i].1))
    }

    /// Its `encodings` module name.
    pub fn module(self) -> &'static str {
        CHARMAPS[usize::from(self.0)].0
    }

    fn offset(self) -> usize {
        CHARMAPS[usize::from(self.0)].1
    }

    /// The text of byte `b`, if the codec defines it.
    #[inline]
    pub(crate) fn decode_byte(self, b: u8) -> Option<u32> {
        let at = self.offset() + 2 * usize::from(b);
        let c = u16::from_le_bytes([DATA[at], DATA[at + 1]]);
        (c != UNDEFINED).then_some(u32::from(c))
    }

    fn entries(self) -> &'static [u8] {
        let at = self.offset() + DECODE_LEN;
        let n = usize::from(u16::from_le_bytes([DATA[at], DATA[at + 1]]));
        &DATA[at + 2..at + 2 + 3 * n]
    }

    /// Whether each ASCII character encodes to its own byte and each byte
    /// below 0x80 decodes to itself (true of all but the EBCDIC codecs).
    pub(crate) fn ascii_is_identity(self) -> bool {
        static IDENTITY: OnceLock<Vec<bool>> = OnceLock::new();
        IDENTITY.get_or_init(|| {
            (0..CHARMAPS.len())
                .map(|i| {
                    let m = Charmap(i as u8);
                    let e = m.entries();
                    (0..0x80).all(|b| m.decode_byte(b) == Some(u32::from(b)))
                        && e.len() >= 3 * 128
                        && (0..128).all(|c| {
                            let x = &e[3 * c..3 * c + 3];
                            usize::from(u16::from_le_bytes([x[0], x[1]])) == c
                                && usize::from(x[2]) == c
                        })
                })
                .collect()
        })[usize::from(self.0)]
    }

    /// The byte character `c` encodes to, if any.
    #[inline]
    pub(crate) fn encode_char(self, c: u32) -> Option<u8> {
        let table = self.encoding_table();
        let e = *table.get(usize::try_from(c).ok()?)?;
        (e != NO_BYTE).then_some(e as u8)
    }

    /// The byte of each BMP character ([`NO_BYTE`]: none), built at the
    /// first use of the codec.
    pub(crate) fn encoding_table(self) -> &'static [u16] {
        static TABLES: OnceLock<Vec<OnceLock<Vec<u16>>>> = OnceLock::new();
        let all = TABLES.get_or_init(|| (0..CHARMAPS.len()).map(|_| OnceLock::new()).collect());
        all[usize::from(self.0)].get_or_init(|| {
            let mut t = vec![NO_BYTE; 0x10000];
            for x in self.entries().chunks_exact(3) {
                t[usize::from(u16::from_le_bytes([x[0], x[1]]))] = u16::from(x[2]);
            }
            t
        })
    }

    /// [`Charmap::encode_char`] by a search of the generated entries.
    #[cfg(test)]
    fn encode_char_searched(self, c: u32) -> Option<u8> {
        let c = u16::try_from(c).ok()?;
        let e = self.entries();
        let (mut lo, mut hi) = (0, e.len() / 3);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let x = u16::from_le_bytes([e[3 * mid], e[3 * mid + 1]]);
            match x.cmp(&c) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(e[3 * mid + 2]),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;

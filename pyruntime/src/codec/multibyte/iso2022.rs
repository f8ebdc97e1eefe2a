//! The ISO-2022 codecs (`iso2022_jp*`, `iso2022_kr`), stateful: escape
//! sequences designate character sets to G0, G1 and G2, SO and SI shift
//! between G0 and G1 (`iso2022_kr` only), `ESC N` shifts one character to G2
//! (`iso2022_jp_2` only); as CPython's `_codecs_iso2022.c` runs them.
//!
//! The encoder starts in ASCII, writes a designation only when the set
//! changes, and returns to ASCII (SI, `ESC ( B`) at the end of the call.

use std::sync::OnceLock;

use super::tables::{tables, CHAR_LIMIT, ERROR, SEQ, TAG};
use super::{
    DecodeHandler, EncodeHandler, Multibyte, MultibyteError, MultibyteQuirks, ILLEGAL, INCOMPLETE,
};
use crate::error::Error;

const ESC: u8 = 0x1B;
const SO: u8 = 0x0E;
const SI: u8 = 0x0F;
const LF: u8 = 0x0A;
/// The longest escape sequence the decoder reads.
const MAX_ESCAPE: usize = 16;

/// A designation mark: the final byte, with this bit for two-byte sets.
const DBCS: u16 = 0x100;
/// ASCII's mark (`ESC ( B`).
const ASCII: u16 = b'B' as u16;
/// JIS X 0208's mark, the one two-byte set designated by `ESC $ B`
/// (without the `(`).
const JISX0208: u16 = DBCS | b'B' as u16;

/// One character set a codec may designate.
struct Designation {
    /// Final byte, with `DBCS` for two-byte sets.
    mark: u16,
    /// The register it goes to when encoding (0: G0, 1: G1, 2: G2).
    plane: u8,
    /// Its table (`None`: a set the codec designates but never decodes
    /// or encodes a character of: ISO 8859-1 and -7 outside G2).
    charset: Option<&'static str>,
    /// Used by the encoder only for combining pairs.
    pair_only: bool,
}

const fn d(mark: u16, plane: u8, charset: &'static str, pair_only: bool) -> Designation {
    Designation {
        mark,
        plane,
        charset: if charset.is_empty() {
            None
        } else {
            Some(charset)
        },
        pair_only,
    }
}

const fn dbcs(b: u8) -> u16 {
    DBCS | b as u16
}

const JP_1208: Designation = d(JISX0208, 0, "jisx0208", false);
const JP_1978: Designation = d(dbcs(b'@'), 0, "jisx0208", false);
const JP_0212: Designation = d(dbcs(b'D'), 0, "jisx0212", false);
const JP_ROMAN: Designation = d(b'J' as u16, 0, "jisx0201_roman", false);

const KR: &[Designation] = &[d(dbcs(b'C'), 1, "ksx1001", false)];
const JP: &[Designation] = &[JP_1208, JP_ROMAN, JP_1978];
const JP_1: &[Designation] = &[JP_1208, JP_0212, JP_ROMAN, JP_1978];
const JP_2: &[Designation] = &[
    JP_1208,
    JP_0212,
    d(dbcs(b'C'), 0, "ksx1001", false),
    d(dbcs(b'A'), 0, "gb2312", false),
    JP_ROMAN,
    JP_1978,
    d(b'A' as u16, 2, "", false),
    d(b'F' as u16, 2, "", false),
];
const JP_2004: &[Designation] = &[
    d(dbcs(b'Q'), 0, "jisx0213_2004_1", true),
    JP_1208,
    d(dbcs(b'Q'), 0, "jisx0213_2004_1", false),
    d(dbcs(b'P'), 0, "jisx0213_2004_2", false),
];
const JP_3: &[Designation] = &[
    d(dbcs(b'O'), 0, "jisx0213_2000_1", true),
    JP_1208,
    d(dbcs(b'O'), 0, "jisx0213_2000_1", false),
    d(dbcs(b'P'), 0, "jisx0213_2000_2", false),
];
const JP_EXT: &[Designation] = &[
    JP_1208,
    JP_0212,
    JP_ROMAN,
    d(b'I' as u16, 0, "jisx0201_kana", false),
    JP_1978,
];

/// Each codec's designations, in the order its encoder tries them.
fn designations(codec: Multibyte) -> &'static [Designation] {
    match codec {
        Multibyte::Iso2022Kr => KR,
        Multibyte::Iso2022Jp => JP,
        Multibyte::Iso2022Jp1 => JP_1,
        Multibyte::Iso2022Jp2 => JP_2,
        Multibyte::Iso2022Jp2004 => JP_2004,
        Multibyte::Iso2022Jp3 => JP_3,
        _ => JP_EXT,
    }
}

/// A codec's encoder map, built on first use.
struct Encoder {
    /// BMP code point → 1 + designation index << 16 | code (0: none).
    bmp: Vec<u32>,
    /// The same for astral code points, sorted.
    astral: Vec<(u32, u32)>,
    /// Pairs of code points → the same, sorted.
    pairs: Vec<((u32, u32), u32)>,
}

fn encoder(codec: Multibyte) -> &'static Encoder {
    static BUILT: [OnceLock<Encoder>; 7] = [const { OnceLock::new() }; 7];
    let slot = match codec {
        Multibyte::Iso2022Kr => 0,
        Multibyte::Iso2022Jp => 1,
        Multibyte::Iso2022Jp1 => 2,
        Multibyte::Iso2022Jp2 => 3,
        Multibyte::Iso2022Jp2004 => 4,
        Multibyte::Iso2022Jp3 => 5,
        _ => 6,
    };
    BUILT[slot].get_or_init(|| build_encoder(codec))
}

/// The inverse of the designations' sets (first designation, then first
/// cell, wins), corrected by the generated exceptions.
fn build_encoder(codec: Multibyte) -> Encoder {
    let t = tables();
    let desigs = designations(codec);
    let mut bmp = vec![0u32; 0x10000];
    let mut astral = std::collections::BTreeMap::new();
    let mut pairs = Vec::new();
    let pack = |i: usize, code: [u8; 2]| {
        1 + ((i as u32) << 16 | u32::from(code[0]) << 8 | u32::from(code[1]))
    };
    for (i, dsg) in desigs.iter().enumerate() {
        let Some(name) = dsg.charset else { continue };
        let cs = t.charset(name);
        for (cell, &e) in cs.cells.iter().enumerate() {
            let code = match cs.code(cell) {
                [b, _] if cs.width == 1 => [0, b],
                code => code,
            };
            if dsg.pair_only {
                if e & TAG == SEQ {
                    if let [a, b] = t.specials[(e & !TAG) as usize][..] {
                        pairs.push(((a, b), pack(i, code)));
                    }
                }
            } else if e < 0x10000 {
                if bmp[e as usize] == 0 {
                    bmp[e as usize] = pack(i, code);
                }
            } else if e < CHAR_LIMIT {
                astral.entry(e).or_insert(pack(i, code));
            }
        }
    }
    for &(cp, found) in t.iso2022_exceptions(codec.module()) {
        let e = match found {
            None => 0,
            Some((mark, code)) => {
                let mark = match mark {
                    [b'$', f] => dbcs(*f),
                    [f] => u16::from(*f),
                    _ => panic!("data/tables.bin: bad designation"),
                };
                let i = desigs
                    .iter()
                    .position(|d| d.mark == mark && !d.pair_only)
                    .expect("designation of the codec");
                match code {
                    [b] => pack(i, [0, *b]),
                    _ => pack(i, [code[0], code[1]]),
                }
            }
        };
        if cp < 0x10000 {
            bmp[cp as usize] = e;
        } else {
            astral.insert(cp, e);
        }
    }
    pairs.sort_unstable();
    Encoder {
        bmp,
        astral: astral.into_iter().collect(),
        pairs,
    }
}

/// The decoder's state: G0..G2 and the shift flags.
struct State {
    g: [u16; 3],
    shifted: bool,
    /// After an escape that is not ISO-2022's: bytes pass as Latin-1 up to
    /// a final byte.
    esc_throughout: bool,
}

/// The outcome of the decoder at one position.
enum Step {
    /// Consumed this many bytes, wrote these code points.
    Ok(usize),
    /// An illegal sequence of this length.
    Illegal(usize),
    Incomplete,
    /// CPython's `RuntimeError("internal codec error")`.
    Internal,
}

fn is_escape_end(b: u8) -> bool {
    b.is_ascii_uppercase() || b == b'@'
}

/// `bytes.decode` by an ISO-2022 codec.
pub(super) fn decode(
    codec: Multibyte,
    input: &[u8],
    on_error: &mut DecodeHandler<'_>,
) -> Result<Vec<u32>, Error> {
    let desigs = designations(codec);
    let jp = codec != Multibyte::Iso2022Kr;
    let mut state = State {
        g: [ASCII; 3],
        shifted: false,
        esc_throughout: false,
    };
    let mut out = Vec::with_capacity(input.len());
    let mut pos = 0;
    while pos < input.len() {
        let (start, end, reason) =
            match step(codec, desigs, jp, &mut state, &input[pos..], &mut out) {
                Step::Ok(n) => {
                    pos += n;
                    continue;
                }
                Step::Illegal(n) => (pos, pos + n, ILLEGAL),
                Step::Incomplete => (pos, input.len(), INCOMPLETE),
                Step::Internal => {
                    return Err(Error::Value {
                        message: "internal codec error".into(),
                    })
                }
            };
        let (text, next) = on_error(&MultibyteError { start, end, reason })?;
        out.extend_from_slice(&text);
        pos = super::errors::resume(next, input.len())?;
    }
    Ok(out)
}

/// Pushes a character set entry's code points.
fn push_entry(out: &mut Vec<u32>, e: u32) {
    if e < CHAR_LIMIT {
        out.push(e);
    } else {
        out.extend_from_slice(&tables().specials[(e & !TAG) as usize]);
    }
}

/// One decoding step at the start of `s` (not empty).
fn step(
    codec: Multibyte,
    desigs: &[Designation],
    jp: bool,
    st: &mut State,
    s: &[u8],
    out: &mut Vec<u32>,
) -> Step {
    let c = s[0];
    if st.esc_throughout {
        out.push(u32::from(c));
        if is_escape_end(c) {
            st.esc_throughout = false;
        }
        return Step::Ok(1);
    }
    match c {
        ESC => {
            let Some(&c2) = s.get(1) else {
                return Step::Incomplete;
            };
            if matches!(c2, b'(' | b')' | b'$' | b'.' | b'&') {
                escape(codec, desigs, jp, st, s)
            } else if codec == Multibyte::Iso2022Jp2 && c2 == b'N' {
                let Some(&c3) = s.get(2) else {
                    return Step::Incomplete;
                };
                let name = match st.g[2] {
                    ASCII => "g2_ascii",
                    0x41 => "g2_iso8859_1",
                    0x46 => "g2_iso8859_7",
                    _ => return Step::Internal,
                };
                let e = tables().charset(name).get(&[c3]);
                if e & TAG == ERROR {
                    return Step::Illegal(3);
                }
                push_entry(out, e);
                Step::Ok(3)
            } else {
                out.push(u32::from(ESC));
                st.esc_throughout = true;
                Step::Ok(1)
            }
        }
        SI | SO if !jp => {
            st.shifted = c == SO;
            Step::Ok(1)
        }
        LF => {
            st.shifted = false;
            out.push(u32::from(LF));
            Step::Ok(1)
        }
        0x80.. => Step::Illegal(1),
        _ => {
            let mark = if st.shifted { st.g[1] } else { st.g[0] };
            if c < 0x20 || mark == ASCII {
                out.push(u32::from(c));
                return Step::Ok(1);
            }
            let dsg = desigs
                .iter()
                .find(|d| d.mark == mark)
                .expect("designated set");
            let width = if mark & DBCS != 0 { 2 } else { 1 };
            if s.len() < width {
                return Step::Incomplete;
            }
            let e = match dsg.charset {
                Some(name) => tables().charset(name).get(s),
                None => ERROR,
            };
            if e & TAG == ERROR {
                return Step::Illegal(width);
            }
            push_entry(out, e);
            Step::Ok(width)
        }
    }
}

/// An escape sequence (`ESC` and one of `()$.&`): designates a set.
fn escape(codec: Multibyte, desigs: &[Designation], jp: bool, st: &mut State, s: &[u8]) -> Step {
    let mut i = 1;
    let len = loop {
        if i >= MAX_ESCAPE {
            return Step::Illegal(1);
        }
        if i >= s.len() {
            return Step::Incomplete;
        }
        if is_escape_end(s[i]) {
            break i + 1;
        }
        // JIS X 0208-1990's announcer `ESC & @` before `ESC $ B`.
        if jp && i + 1 < s.len() && s[i] == b'&' && s[i + 1] == b'@' {
            i += 2;
        }
        i += 1;
    };
    let (mark, g) = match len {
        3 if s[1] == b'$' => (dbcs(s[2]), 0),
        3 => match s[1] {
            b'(' => (u16::from(s[2]), 0),
            b')' => (u16::from(s[2]), 1),
            b'.' if codec == Multibyte::Iso2022Jp2 => (u16::from(s[2]), 2),
            _ => return Step::Illegal(3),
        },
        4 if s[1] == b'$' && s[2] == b'(' => (dbcs(s[3]), 0),
        4 if s[1] == b'$' && s[2] == b')' => (dbcs(s[3]), 1),
        6 if jp && s[3] == ESC && s[4] == b'$' && s[5] == b'B' => (JISX0208, 0),
        _ => return Step::Illegal(len),
    };
    if mark != ASCII && !desigs.iter().any(|d| d.mark == mark) {
        return Step::Illegal(len);
    }
    st.g[g] = mark;
    Step::Ok(len)
}

/// The encoder's state: G0, G1 and the shift.
struct EncState {
    g0: u16,
    g1: u16,
    shifted: bool,
}

/// `str.encode` by an ISO-2022 codec; ends in ASCII.
pub(super) fn encode(
    codec: Multibyte,
    quirks: MultibyteQuirks,
    input: &[u32],
    on_error: &mut EncodeHandler<'_>,
) -> Result<Vec<u8>, Error> {
    let mut st = EncState {
        g0: ASCII,
        g1: ASCII,
        shifted: false,
    };
    let mut out = Vec::with_capacity(input.len() * 2);
    encode_from(codec, quirks, &mut st, input, on_error, &mut out)?;
    if st.shifted {
        out.push(SI);
    }
    if st.g0 != ASCII {
        out.extend_from_slice(&[ESC, b'(', b'B']);
    }
    Ok(out)
}

/// Encodes `input` from the state `st`, leaving the final state there.
fn encode_from(
    codec: Multibyte,
    quirks: MultibyteQuirks,
    st: &mut EncState,
    input: &[u32],
    on_error: &mut EncodeHandler<'_>,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let desigs = designations(codec);
    let enc = encoder(codec);
    let mut pos = 0;
    while pos < input.len() {
        let c = input[pos];
        if c < 0x80 {
            if st.g0 != ASCII {
                out.extend_from_slice(&[ESC, b'(', b'B']);
                st.g0 = ASCII;
            }
            if st.shifted {
                out.push(SI);
                st.shifted = false;
            }
            out.push(c as u8);
            pos += 1;
            continue;
        }
        let pair = input
            .get(pos + 1)
            .filter(|_| quirks.iso2022_pairs)
            .and_then(|&next| {
                let i = enc.pairs.binary_search_by_key(&(c, next), |p| p.0).ok()?;
                Some(enc.pairs[i].1)
            });
        let single = || {
            if c < 0x10000 {
                enc.bmp[c as usize]
            } else {
                enc.astral
                    .binary_search_by_key(&c, |a| a.0)
                    .map_or(0, |i| enc.astral[i].1)
            }
        };
        // As in the stateless JIS X 0213 codecs, a NUL after the first of
        // a pair is taken with it (3.11+, which read pairs here).
        let first_then_nul = quirks.iso2022_pairs
            && input.get(pos + 1) == Some(&0)
            && enc.pairs.binary_search_by_key(&c, |p| p.0 .0).is_ok();
        let (e, size) = match pair {
            Some(e) => (e, 2),
            None if first_then_nul => (single(), 2),
            None => (single(), 1),
        };
        if e == 0 {
            pos = super::errors::replace_unencodable(
                codec.module(),
                input.len(),
                pos,
                on_error,
                out,
                Vec::extend_from_slice,
                |t, strict, out| encode_from(codec, quirks, st, t, strict, out),
            )?;
            continue;
        }
        let e = e - 1;
        let dsg = &desigs[(e >> 16) as usize];
        let final_byte = dsg.mark as u8;
        let two = dsg.mark & DBCS != 0;
        if dsg.plane == 0 {
            if st.shifted {
                out.push(SI);
                st.shifted = false;
            }
            if st.g0 != dsg.mark {
                match (two, dsg.mark) {
                    (false, _) => out.extend_from_slice(&[ESC, b'(', final_byte]),
                    (true, JISX0208) => out.extend_from_slice(&[ESC, b'$', final_byte]),
                    (true, _) => out.extend_from_slice(&[ESC, b'$', b'(', final_byte]),
                }
                st.g0 = dsg.mark;
            }
        } else {
            if st.g1 != dsg.mark {
                if two {
                    out.extend_from_slice(&[ESC, b'$', b')', final_byte]);
                } else {
                    out.extend_from_slice(&[ESC, b')', final_byte]);
                }
                st.g1 = dsg.mark;
            }
            if !st.shifted {
                out.push(SO);
                st.shifted = true;
            }
        }
        if two {
            out.extend_from_slice(&[(e >> 8) as u8, e as u8]);
        } else {
            out.push(e as u8);
        }
        pos += size;
    }
    Ok(())
}

//! The stateless codecs (Shift_JIS, EUC, GBK, GB18030, Big5, UHC, Johab
//! and their variants): each decoding step walks the codec's trie one byte
//! at a time; each encoding step is one table lookup (or a pair, or one of
//! two algorithms: GB18030's four-byte sequences and EUC-KR's make-up).

use super::tables::{
    push_packed, tables, Stateless, ALGORITHM, CHAR_LIMIT, DEEPER, ENC_ABSENT, ENC_LONG, ENC_NONE,
    ERROR, EUCKR_MAKEUP, GB18030_FOUR, SEQ, TAG,
};
use super::{DecodeHandler, EncodeHandler, MultibyteError, ILLEGAL, INCOMPLETE};
use crate::error::Error;

/// One decoding step's outcome.
pub(super) enum Step {
    /// One code point, and where the next step starts.
    Char(u32, usize),
    /// Several code points (a `Tables::specials` entry), and the next start.
    Seq(usize, usize),
    /// An illegal sequence ending (exclusive) here.
    Illegal(usize),
    /// The input ends inside a sequence.
    Incomplete,
}

impl Stateless {
    /// The decoding step at `pos` (`pos < input.len()`).
    #[inline]
    pub fn step(&self, input: &[u8], pos: usize) -> Step {
        let mut row = &self.rows[0];
        let mut i = pos;
        loop {
            let e = row[input[i] as usize];
            if e < CHAR_LIMIT {
                return Step::Char(e, i + 1);
            }
            let value = e & !TAG;
            match e & TAG {
                SEQ => return Step::Seq(value as usize, i + 1),
                ERROR => return Step::Illegal(pos + value as usize),
                DEEPER => {
                    i += 1;
                    if i == input.len() {
                        return Step::Incomplete;
                    }
                    row = &self.rows[value as usize];
                }
                _ => {
                    debug_assert_eq!(e & TAG, ALGORITHM);
                    return match value {
                        GB18030_FOUR => self.gb18030_four(input, pos),
                        _ => {
                            debug_assert_eq!(value, EUCKR_MAKEUP);
                            self.euckr_makeup(input, pos)
                        }
                    };
                }
            }
        }
    }

    /// GB18030's four-byte sequence at `pos` (its second byte is a digit):
    /// a BMP code point by the ranges, or U+10000 on, linearly.
    fn gb18030_four(&self, input: &[u8], pos: usize) -> Step {
        let Some(&[c1, c2, c3, c4]) = input.get(pos..pos + 4) else {
            return Step::Incomplete;
        };
        if !(0x81..=0xFE).contains(&c1)
            || !(0x81..=0xFE).contains(&c3)
            || !(0x30..=0x39).contains(&c4)
        {
            return Step::Illegal(pos + 1);
        }
        let (c1, c2, c3, c4) = (
            u32::from(c1 - 0x81),
            u32::from(c2 - 0x30),
            u32::from(c3 - 0x81),
            u32::from(c4 - 0x30),
        );
        let linear = (c1 * 10 + c2) * 1260 + c3 * 10 + c4;
        if c1 < 4 {
            if linear < 39420 {
                let i = self.ranges.partition_point(|&(base, _)| base <= linear) - 1;
                let (base, first) = self.ranges[i];
                return Step::Char(first + linear - base, pos + 4);
            }
        } else if c1 >= 15 {
            let cp = 0x10000 + linear - 15 * 12600;
            if cp <= 0x10FFFF {
                return Step::Char(cp, pos + 4);
            }
        }
        Step::Illegal(pos + 1)
    }

    /// EUC-KR's make-up sequence at `pos` (KS X 1001:1998 Annex 3: 0xA4 0xD4
    /// then initial, medial and final jamo, each after 0xA4).
    fn euckr_makeup(&self, input: &[u8], pos: usize) -> Step {
        let Some(s) = input.get(pos..pos + 8) else {
            return Step::Incomplete;
        };
        if s[2] != 0xA4 || s[4] != 0xA4 || s[6] != 0xA4 {
            return Step::Illegal(pos + 1);
        }
        let part = |b: u8, i: usize| match b {
            0xA1..=0xD4 => self.jamo[usize::from(b - 0xA1)][i],
            _ => 0xFF,
        };
        let (cho, jung, jong) = (part(s[3], 0), part(s[5], 1), part(s[7], 2));
        if cho == 0xFF || jung == 0xFF || jong == 0xFF {
            return Step::Illegal(pos + 1);
        }
        let syllable = u32::from(cho) * 588 + u32::from(jung) * 28 + u32::from(jong);
        Step::Char(0xAC00 + syllable, pos + 8)
    }

    /// The bytes of `cp` by the codec's algorithm, where its table has no
    /// entry: GB18030's four-byte ranges, EUC-KR's make-up sequences.
    fn algorithmic(&self, cp: u32, out: &mut Vec<u8>) -> bool {
        if !self.ranges.is_empty() {
            let linear = if cp >= 0x10000 {
                cp - 0x10000 + 15 * 12600
            } else {
                let i = self.ranges.partition_point(|&(_, first)| first <= cp);
                let Some(&(base, first)) = i.checked_sub(1).map(|i| &self.ranges[i]) else {
                    return false;
                };
                let end = self.ranges.get(i).map_or(39420, |r| r.0);
                let linear = base + cp - first;
                if linear >= end {
                    return false;
                }
                linear
            };
            out.extend_from_slice(&[
                (linear / 12600 + 0x81) as u8,
                (linear / 1260 % 10 + 0x30) as u8,
                (linear / 10 % 126 + 0x81) as u8,
                (linear % 10 + 0x30) as u8,
            ]);
            return true;
        }
        if !self.jamo.is_empty() && (0xAC00..=0xD7A3).contains(&cp) {
            let s = cp - 0xAC00;
            let parts = [s / 588, s / 28 % 21, s % 28];
            let mut seq = [0xA4, 0xD4, 0xA4, 0, 0xA4, 0, 0xA4, 0];
            for (i, want) in parts.into_iter().enumerate() {
                let Some(k) = self.jamo.iter().position(|j| u32::from(j[i]) == want) else {
                    return false;
                };
                seq[3 + 2 * i] = 0xA1 + k as u8;
            }
            out.extend_from_slice(&seq);
            return true;
        }
        false
    }

    /// `bytes.decode` by this codec.
    pub fn decode(
        &self,
        input: &[u8],
        on_error: &mut DecodeHandler<'_>,
    ) -> Result<Vec<u32>, Error> {
        let mut out = Vec::with_capacity(input.len());
        let mut pos = 0;
        while pos < input.len() {
            let (end, reason) = match self.step(input, pos) {
                Step::Char(cp, next) => {
                    out.push(cp);
                    pos = next;
                    continue;
                }
                Step::Seq(i, next) => {
                    out.extend_from_slice(&tables().specials[i]);
                    pos = next;
                    continue;
                }
                Step::Illegal(end) => (end, ILLEGAL),
                Step::Incomplete => (input.len(), INCOMPLETE),
            };
            let error = MultibyteError {
                start: pos,
                end,
                reason,
            };
            let (text, next) = on_error(&error)?;
            out.extend_from_slice(&text);
            pos = super::errors::resume(next, input.len())?;
        }
        Ok(out)
    }

    /// `str.encode` by this codec.
    pub fn encode(
        &self,
        input: &[u32],
        on_error: &mut EncodeHandler<'_>,
        name: &'static str,
    ) -> Result<Vec<u8>, Error> {
        let mut out = Vec::with_capacity(input.len() * 2);
        let mut pos = 0;
        while pos < input.len() {
            let cp = input[pos];
            // The JIS X 0213 codecs look the first of a pair up with the next
            // code point as its partner, in a table that holds each first
            // alone as the pair (first, U+0000): a NUL after it is taken
            // with it, unsaid. (big5hkscs finds its pairs by rule.)
            let mut taken = 1;
            if !self.pairs.is_empty() {
                if let Some(&next) = input.get(pos + 1) {
                    if let Ok(i) = self
                        .pairs
                        .binary_search_by_key(&(cp, next), |&(a, b, _)| (a, b))
                    {
                        out.extend_from_slice(self.pairs[i].2);
                        pos += 2;
                        continue;
                    }
                    if next == 0
                        && name != "big5hkscs"
                        && self.pairs.binary_search_by_key(&cp, |&(a, _, _)| a).is_ok()
                    {
                        taken = 2;
                    }
                }
            }
            let e = self.enc(cp);
            match e {
                ENC_ABSENT if self.algorithmic(cp, &mut out) => {}
                ENC_ABSENT | ENC_NONE => {
                    pos = super::errors::replace_unencodable(
                        name,
                        input.len(),
                        pos,
                        on_error,
                        &mut out,
                        Vec::extend_from_slice,
                        |t, strict, out| {
                            out.extend_from_slice(&self.encode(t, strict, name)?);
                            Ok(())
                        },
                    )?;
                    continue;
                }
                _ if e & 0xFF00_0000 == ENC_LONG => {
                    out.extend_from_slice(self.long[(e & 0x00FF_FFFF) as usize]);
                }
                _ => push_packed(&mut out, e),
            }
            pos += taken;
        }
        Ok(out)
    }
}

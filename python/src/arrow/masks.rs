//! The validity of a split's columns, kept a row at a time: one `u16` a
//! row with a bit for each text field (the caller's numbering), one for
//! its port and one for the row. A row sets about a dozen bits,
//! which a bitmap a column would each load and store; the bitmaps are made
//! once, at the end, and only for the columns that have both a null and a
//! value (a column null in every row takes a zeroed bitmap, read from no
//! row).

use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};

/// The bit of a row's port.
pub(crate) const PORT: u32 = 14;
/// The bit of the row itself (not a null URL).
pub(crate) const ROW: u32 = 15;

/// The rows' masks, in order.
pub(crate) struct RowMasks {
    masks: Vec<u16>,
}

impl RowMasks {
    /// Room for `rows` rows.
    pub(crate) fn with_capacity(rows: usize) -> Self {
        RowMasks {
            masks: Vec::with_capacity(rows),
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, mask: u16) {
        self.masks.push(mask);
    }

    /// `later`'s rows after these (a later piece of the column).
    pub(crate) fn append(&mut self, later: RowMasks) {
        self.masks.extend(later.masks);
    }

    pub(crate) fn len(&self) -> usize {
        self.masks.len()
    }

    /// Bit `bit` of every row, as a bitmap: four rows at a time.
    pub(crate) fn booleans(&self, bit: u32) -> BooleanBuffer {
        let words = self
            .masks
            .chunks(64)
            .map(|rows| {
                let fours = rows.chunks_exact(4);
                let last = fours.len();
                let rest = gather4(fours.remainder(), bit) << (4 * last);
                fours
                    .enumerate()
                    .fold(rest, |word, (q, four)| word | gather4(four, bit) << (4 * q))
            })
            .collect::<Vec<u64>>();
        BooleanBuffer::new(Buffer::from_vec(words), 0, self.masks.len())
    }

    /// The bits every row has set, and the bits some row has set: one
    /// pass, once the rows are in (not a step of `push`, which runs a row).
    pub(crate) fn summary(&self) -> Summary {
        self.masks.iter().fold(Summary::NO_ROWS, |s, &m| Summary {
            every: s.every & m,
            some: s.some | m,
        })
    }

    /// Bit `bit` of every row as validity, as `summary` (what
    /// [`RowMasks::summary`] answers for these rows) tells it: `None` when
    /// every row has the bit, all null when no row has it, else the bits.
    pub(crate) fn nulls(&self, bit: u32, summary: Summary) -> Option<NullBuffer> {
        if summary.every >> bit & 1 == 1 {
            None
        } else if summary.some >> bit & 1 == 0 {
            Some(NullBuffer::new_null(self.masks.len()))
        } else {
            Some(NullBuffer::new(self.booleans(bit)))
        }
    }
}

/// Which bits the rows of a column have: in every row, in some row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    pub(crate) every: u16,
    pub(crate) some: u16,
}

impl Summary {
    /// Of no rows: every bit in every row, no bit in some row (what
    /// joining with a piece's summary leaves as the piece's).
    pub(crate) const NO_ROWS: Summary = Summary {
        every: u16::MAX,
        some: 0,
    };

    /// Of these rows and then `later`'s.
    pub(crate) fn and_then(self, later: Summary) -> Summary {
        Summary {
            every: self.every & later.every,
            some: self.some | later.some,
        }
    }
}

/// Bit `bit` (below 16) of up to four masks, as the low four bits. The
/// masks packed in a word, the bit of each is moved to its lane's bit 0
/// and multiplied into place: lane `i`'s bit, at `16 i`, times `2^(48 - 15
/// i)` lands at `48 + i`. The other products land at 33, 34, 35, 18, 19
/// and 3, or past 63, so no carry reaches bits 48 to 51.
#[inline(always)]
fn gather4(four: &[u16], bit: u32) -> u64 {
    let packed = four
        .iter()
        .enumerate()
        .fold(0u64, |x, (i, m)| x | u64::from(*m) << (16 * i));
    let lanes = (packed >> bit) & 0x0001_0001_0001_0001;
    const PLACE: u64 = 1 << 48 | 1 << 33 | 1 << 18 | 1 << 3;
    (lanes.wrapping_mul(PLACE) >> 48) & 0xF
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bit of every row, against a bit-by-bit reading, on lengths
    /// around the word and the group of four.
    #[test]
    fn booleans_read_each_rows_bit() {
        for len in [0, 1, 3, 4, 5, 63, 64, 65, 130] {
            let mut masks = RowMasks::with_capacity(len);
            let rows: Vec<u16> = (0..len)
                .map(|i| (i as u16).wrapping_mul(40503) ^ 0x5a5a)
                .collect();
            rows.iter().for_each(|m| masks.push(*m));
            for bit in 0..16 {
                let b = masks.booleans(bit);
                assert_eq!(b.len(), len);
                for (i, m) in rows.iter().enumerate() {
                    assert_eq!(b.value(i), m >> bit & 1 == 1, "len {len} bit {bit} row {i}");
                }
            }
        }
    }

    /// A bit is null-free exactly when every row of every joined piece has
    /// it, and its validity is each row's bit otherwise (all null where no
    /// row has it): each piece's `summary` joined as `Rest::add` does,
    /// against a reading of the rows. Bits 4 to 13 are in no row here.
    #[test]
    fn nulls_as_the_rows_have_the_bit() {
        let pieces: [&[u16]; 3] = [&[0xc00f, 0x8001], &[], &[0x8003, 0xc001]];
        let mut joined = RowMasks::with_capacity(4);
        let mut summary = Summary::NO_ROWS;
        for rows in pieces {
            let mut piece = RowMasks::with_capacity(rows.len());
            rows.iter().for_each(|m| piece.push(*m));
            summary = summary.and_then(piece.summary());
            joined.append(piece);
        }
        assert_eq!(summary, joined.summary());
        let rows: Vec<u16> = pieces.concat();
        assert_eq!(joined.len(), rows.len());
        for bit in 0..16 {
            let in_all = rows.iter().all(|m| m >> bit & 1 == 1);
            let in_none = rows.iter().all(|m| m >> bit & 1 == 0);
            match joined.nulls(bit, summary) {
                None => assert!(in_all, "bit {bit}: a row lacks it, yet no validity"),
                Some(nulls) => {
                    assert!(!in_all, "bit {bit}: in every row, yet a validity");
                    assert_eq!(nulls.len(), rows.len(), "bit {bit}");
                    assert_eq!(nulls.null_count() == rows.len(), in_none, "bit {bit}");
                    let valid: Vec<bool> = nulls.iter().collect();
                    let want: Vec<bool> = rows.iter().map(|m| m >> bit & 1 == 1).collect();
                    assert_eq!(valid, want, "bit {bit}");
                }
            }
        }
    }
}

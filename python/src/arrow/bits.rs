//! Validity bitmaps built a bit a row, a word at a time: the split sets
//! about a dozen a row, and arrow-rs's builders check their room (and,
//! once a null is seen, grow a byte buffer) at every bit.

use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, NullBufferBuilder};

/// A bitmap being built, in Arrow's bit order (row `i` is bit `i % 64` of
/// word `i / 64`).
pub(crate) struct Bits {
    words: Vec<u64>,
    /// The bits of the rows past the last whole word.
    word: u64,
    len: usize,
}

impl Bits {
    /// Room for `rows` bits.
    pub(crate) fn with_capacity(rows: usize) -> Self {
        Bits {
            words: Vec::with_capacity(rows.div_ceil(64)),
            word: 0,
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, bit: bool) {
        self.word |= (bit as u64) << (self.len & 63);
        self.len += 1;
        if self.len & 63 == 0 {
            self.words.push(self.word);
            self.word = 0;
        }
    }

    /// The bitmap, every bit pushed.
    fn into_buffer(mut self) -> BooleanBuffer {
        if self.len & 63 != 0 {
            self.words.push(self.word);
        }
        BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.len)
    }

    /// The bitmap as validity: `None` when every row is valid (counted
    /// here, once, rather than at every push).
    pub(crate) fn into_nulls(self) -> Option<NullBuffer> {
        let set: usize = self
            .words
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            + self.word.count_ones() as usize;
        (set < self.len).then(|| NullBuffer::new(self.into_buffer()))
    }

    /// The bitmap as a plain boolean buffer (a struct's validity).
    pub(crate) fn into_booleans(self) -> BooleanBuffer {
        self.into_buffer()
    }

    /// Appends these bits to `all` (the bitmaps of a column's pieces, in
    /// order).
    pub(crate) fn append_to(self, all: &mut NullBufferBuilder) {
        let len = self.len;
        match self.into_nulls() {
            Some(nulls) => all.append_buffer(&nulls),
            None => all.append_n_non_nulls(len),
        }
    }
}

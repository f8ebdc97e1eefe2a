//! `string_view` answers that point into the input: a part of a URL that
//! is a substring of it (most are) is a view of the input's own buffer,
//! not a copy. Only a part longer than 12 bytes that is text of its own (a
//! lowercased host, a URL without its tabs) is copied, into the piece's
//! own buffer.

use std::mem::MaybeUninit;
use std::sync::Arc;

use arrow_array::{ArrayRef, StringViewArray};
use arrow_buffer::{Buffer, NullBuffer, ScalarBuffer};

use pyo3::exceptions::PyValueError;
use pyo3::{PyErr, PyResult};

use super::column::{one_a_row, Place, PushText};

/// The longest value a view holds inline (Arrow's rule).
const INLINE: usize = 12;

/// The view of `value` (at most [`INLINE`] bytes): its length, then its
/// bytes. Read as two overlapping words rather than copied byte by byte
/// (a copy of a length known only at run time is a call of `memcpy`);
/// where the words overlap they hold the same bytes, so or-ing them in is
/// writing those bytes once.
#[inline]
fn inline_view(value: &[u8]) -> u128 {
    let len = value.len();
    let bytes: u128 = match value {
        [] => 0,
        [a, .., b] if len < 4 => {
            *a as u128
                | (value[len / 2] as u128) << (8 * (len / 2))
                | (*b as u128) << (8 * (len - 1))
        }
        [a] => *a as u128,
        _ if len < 8 => {
            let lo = u32::from_le_bytes([value[0], value[1], value[2], value[3]]) as u128;
            let hi = u32::from_le_bytes([
                value[len - 4],
                value[len - 3],
                value[len - 2],
                value[len - 1],
            ]);
            lo | (hi as u128) << (8 * (len - 4))
        }
        _ => {
            let word = |at: usize| {
                let mut w = [0u8; 8];
                w.copy_from_slice(&value[at..at + 8]);
                u64::from_le_bytes(w) as u128
            };
            word(0) | word(len - 8) << (8 * (len - 8))
        }
    };
    len as u128 | bytes << 32
}

/// The view of `value` (longer than [`INLINE`]) at `offset` of `buffer`.
#[inline]
fn buffer_view(value: &[u8], buffer: u32, offset: u32) -> u128 {
    let prefix = u32::from_le_bytes([value[0], value[1], value[2], value[3]]) as u128;
    value.len() as u128 | prefix << 32 | (buffer as u128) << 64 | (offset as u128) << 96
}

/// The rows of one piece of a `string_view` column: its views are a slice
/// of the whole column's room, so that pieces filled on different threads
/// need no copying to be joined. The room is not zeroed first (that cost a
/// tenth of a split): each row's view is written once, in order.
pub(crate) struct ViewPiece<'a> {
    /// The slots of the rows not pushed yet.
    views: std::slice::IterMut<'a, MaybeUninit<u128>>,
    /// The values that are not substrings of their row.
    own: Vec<u8>,
    /// The number of `own` among the column's buffers.
    own_buffer: u32,
    /// A value or `own` passed the 4 GiB a view can address.
    overflow: bool,
}

impl<'a> ViewPiece<'a> {
    /// A piece filling `views`, whose own values are the column's buffer
    /// number `own_buffer`.
    pub(crate) fn new(views: &'a mut [MaybeUninit<u128>], own_buffer: u32) -> Self {
        ViewPiece {
            views: views.iter_mut(),
            own: Vec::new(),
            own_buffer,
            overflow: false,
        }
    }

    /// A copy of `value` in `own`: its buffer and offset.
    #[cold]
    fn copy(&mut self, value: &str) -> (u32, u32) {
        let offset = self.own.len();
        if offset + value.len() > u32::MAX as usize {
            self.overflow = true;
            return (self.own_buffer, 0);
        }
        self.own.extend_from_slice(value.as_bytes());
        (self.own_buffer, offset as u32)
    }

    /// The piece's own buffer, once every row of its slice is pushed (so
    /// every view of the slice is written); [`Unfinished`] when a view
    /// could not address its value, or the slice is not full.
    pub(crate) fn finish(self) -> Result<Buffer, Unfinished> {
        if self.overflow {
            return Err(Unfinished::PastFourGib);
        }
        if self.views.len() != 0 {
            return Err(Unfinished::RowsLeft(self.views.len()));
        }
        Ok(Buffer::from_vec(self.own))
    }
}

/// Why a [`ViewPiece`] gave no buffer.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unfinished {
    /// A value, or the piece's own buffer, passed what a view addresses.
    PastFourGib,
    /// Rows of the piece's slice left unwritten (this many): urlsyntax's
    /// fault, never the input's.
    RowsLeft(usize),
}

impl From<Unfinished> for PyErr {
    fn from(why: Unfinished) -> PyErr {
        PyValueError::new_err(match why {
            Unfinished::PastFourGib => "the answer holds a value a string_view column cannot (4 GiB): pass string_type=pa.large_string()".to_owned(),
            Unfinished::RowsLeft(rows) => format!(
                "internal error: a string_view piece was left {rows} rows short; please report it"
            ),
        })
    }
}

impl PushText for ViewPiece<'_> {
    #[inline(always)]
    fn push(&mut self, value: Option<&str>, place: &Place) {
        let view = match value {
            None => 0,
            Some(v) => {
                if v.len() <= INLINE {
                    inline_view(v.as_bytes())
                } else if v.len() > u32::MAX as usize {
                    self.overflow = true;
                    0
                } else {
                    let (buffer, offset) = place.of(v).unwrap_or_else(|| self.copy(v));
                    buffer_view(v.as_bytes(), buffer, offset)
                }
            }
        };
        match self.views.next() {
            Some(slot) => {
                slot.write(view);
            }
            None => self.overflow = true,
        }
    }
}

/// A whole `string_view` column: `views` (every piece's rows, in order),
/// the input's data buffers, then each piece's own buffer, in the order of
/// its rows, with validity `nulls` (`None`: every row valid); a
/// `ValueError` when `nulls` is not one a row.
pub(crate) fn column(
    views: Vec<u128>,
    input: &[Buffer],
    owns: Vec<Buffer>,
    nulls: Option<NullBuffer>,
) -> PyResult<ArrayRef> {
    one_a_row(nulls.as_ref(), views.len())?;
    let mut buffers = input.to_vec();
    buffers.extend(owns);
    // SAFETY: `StringViewArray::try_new` would not fail, which is all
    // `new_unchecked` asks. Each view is of a whole `&str` (`push`): an
    // inline one holds its bytes; any other names a buffer and offset where
    // those same bytes lie, either the input's (`Place::of` answers only
    // for a part within its row's text, which lies at the row's offset in
    // the buffer `Strings::data_buffers` numbers as `Place` does, and the
    // input's buffers come first here, in that order) or the piece's own
    // (`copy`, whose buffer number is the one given to the piece, and the
    // pieces' buffers follow the input's in the order of those numbers).
    // So every view is in bounds and valid UTF-8, and its prefix is its
    // first four bytes. A view past what 32 bits address was refused by
    // `ViewPiece::finish` before. `nulls`, when given, has one entry a row
    // (checked above), as `views` holds one view a row. Exercised by
    // `test_answers_are_valid_arrow` (python/tests), which validates the
    // answers in full.
    let array =
        unsafe { StringViewArray::new_unchecked(ScalarBuffer::from(views), buffers.into(), nulls) };
    Ok(Arc::new(array))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `finish` tells a piece whose slots were all written from one left
    /// short, which `split_viewed`'s `set_len` relies on, and names the
    /// short one apart from the 4 GiB limit.
    #[test]
    fn finish_refuses_a_piece_left_short() {
        let place = Place::elsewhere("http");
        let mut room = vec![MaybeUninit::<u128>::uninit(); 2];
        let mut piece = ViewPiece::new(&mut room, 1);
        piece.push(Some("http"), &place);
        assert_eq!(piece.finish().err(), Some(Unfinished::RowsLeft(1)));
        let mut piece = ViewPiece::new(&mut room, 1);
        piece.push(Some("http"), &place);
        piece.push(None, &place);
        assert!(piece.finish().is_ok());
    }
}

//! String columns of the three Arrow layouts (`string`, `large_string`,
//! `string_view`): reading one without copying, and building one of the
//! same layout.

use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::{
    Array, ArrayRef, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray,
    StringViewArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::PyResult;

/// The layout of a string column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Utf8,
    LargeUtf8,
    Utf8View,
}

impl Layout {
    pub(crate) fn data_type(self) -> DataType {
        match self {
            Layout::Utf8 => DataType::Utf8,
            Layout::LargeUtf8 => DataType::LargeUtf8,
            Layout::Utf8View => DataType::Utf8View,
        }
    }

    /// The layout of an Arrow type's name, or a `ValueError`.
    pub(crate) fn named(name: &str) -> PyResult<Layout> {
        match name {
            "string" => Ok(Layout::Utf8),
            "large_string" => Ok(Layout::LargeUtf8),
            "string_view" => Ok(Layout::Utf8View),
            _ => Err(PyValueError::new_err(format!(
                "string_type must be string, large_string or string_view, not {name}"
            ))),
        }
    }

    /// A builder of this layout with room for `rows` rows.
    pub(crate) fn builder(self, rows: usize) -> StrColumn {
        self.builder_for(rows, rows * 8)
    }

    /// A builder with room for `rows` rows of `bytes` bytes in all. Room
    /// reserved and never written costs no memory (its pages are never
    /// touched), and growing the buffer would copy it.
    pub(crate) fn builder_for(self, rows: usize, bytes: usize) -> StrColumn {
        match self {
            Layout::Utf8 => StrColumn::Utf8(StringBuilder::with_capacity(rows, bytes)),
            Layout::LargeUtf8 => {
                StrColumn::LargeUtf8(LargeStringBuilder::with_capacity(rows, bytes))
            }
            Layout::Utf8View => StrColumn::Utf8View(StringViewBuilder::with_capacity(rows)),
        }
    }
}

/// A string column read in place: the rows borrow the array's buffers.
pub(crate) enum Strings<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    Utf8View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// `array` as strings, or a `TypeError` naming what it is instead.
    pub(crate) fn of(array: &'a ArrayRef, argument: &str) -> PyResult<Self> {
        let any = array.as_any();
        let found = match array.data_type() {
            DataType::Utf8 => any.downcast_ref().map(Strings::Utf8),
            DataType::LargeUtf8 => any.downcast_ref().map(Strings::LargeUtf8),
            DataType::Utf8View => any.downcast_ref().map(Strings::Utf8View),
            _ => None,
        };
        found.ok_or_else(|| {
            PyTypeError::new_err(format!(
                "{argument} must be an Arrow array of string, large_string or string_view, not {}",
                array.data_type()
            ))
        })
    }

    pub(crate) fn layout(&self) -> Layout {
        match self {
            Strings::Utf8(_) => Layout::Utf8,
            Strings::LargeUtf8(_) => Layout::LargeUtf8,
            Strings::Utf8View(_) => Layout::Utf8View,
        }
    }

    /// The bytes of text the rows hold at most (a part of a row is no
    /// longer than the row).
    pub(crate) fn text_bytes(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.value_data().len(),
            Strings::LargeUtf8(a) => a.value_data().len(),
            Strings::Utf8View(a) => a.total_bytes_len(),
        }
    }

    /// The bytes of text of the rows `rows` (`rows` within `0..len()`);
    /// for `string_view`, of all of them (its builder takes no such room).
    pub(crate) fn text_bytes_of(&self, rows: std::ops::Range<usize>) -> usize {
        fn span<O: OffsetSizeTrait>(offsets: &[O], rows: std::ops::Range<usize>) -> usize {
            offsets[rows.end].as_usize() - offsets[rows.start].as_usize()
        }
        match self {
            Strings::Utf8(a) => span(a.value_offsets(), rows),
            Strings::LargeUtf8(a) => span(a.value_offsets(), rows),
            Strings::Utf8View(a) => a.total_bytes_len(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
        }
    }

    /// Row `i` and where its text lies, `None` when null. `i < self.len()`.
    /// Inlined into the row loop, where the layout's match is a branch
    /// taken the same way every row (out of line: a call a row).
    #[inline(always)]
    pub(crate) fn get_placed(&self, i: usize) -> Option<(&'a str, Place)> {
        /// Row `i` of a `string` or `large_string` column: at its offset in
        /// the one value buffer, when a view can address it.
        #[inline]
        fn of_offsets<O: OffsetSizeTrait>(
            a: &GenericStringArray<O>,
            i: usize,
        ) -> Option<(&str, Place)> {
            if a.is_null(i) {
                return None;
            }
            let url = a.value(i);
            let offset = a.value_offsets()[i].as_usize();
            Some((url, Place::in_buffer(url, 0, offset)))
        }
        match self {
            Strings::Utf8(a) => of_offsets(a, i),
            Strings::LargeUtf8(a) => of_offsets(a, i),
            Strings::Utf8View(a) => {
                if a.is_null(i) {
                    return None;
                }
                let url = a.value(i);
                let view = a.views()[i];
                // A row of 12 bytes or less is inline (its parts are too);
                // a longer one names its buffer and offset.
                let place = match url.len() > 12 {
                    true => {
                        Place::in_buffer(url, (view >> 64) as u32, (view >> 96) as u32 as usize)
                    }
                    false => Place::elsewhere(url),
                };
                Some((url, place))
            }
        }
    }

    /// The buffers [`Place::buffer`] numbers: the column's value data.
    pub(crate) fn data_buffers(&self) -> Vec<Buffer> {
        match self {
            Strings::Utf8(a) => vec![a.values().clone()],
            Strings::LargeUtf8(a) => vec![a.values().clone()],
            Strings::Utf8View(a) => a.data_buffers().to_vec(),
        }
    }

    /// Row `i`, `None` when null. `i < self.len()`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => (!a.is_null(i)).then(|| a.value(i)),
            Strings::LargeUtf8(a) => (!a.is_null(i)).then(|| a.value(i)),
            Strings::Utf8View(a) => (!a.is_null(i)).then(|| a.value(i)),
        }
    }
}

/// Where a row's text lies in the input column's buffers ([`Strings::data_buffers`]),
/// so that a view of a part of it can point there instead of copying it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    /// The address of the row's first byte.
    start: usize,
    /// The row's length in bytes.
    len: usize,
    /// Which data buffer holds the row, and at what offset; `None` when a
    /// view cannot point there (an inline row, or past 4 GiB).
    at: Option<(u32, u32)>,
}

impl Place {
    /// `row`, at `offset` in data buffer `buffer`.
    #[inline]
    fn in_buffer(row: &str, buffer: u32, offset: usize) -> Place {
        // A view's offset is 32 bits: every part must be addressable.
        let fits = offset
            .checked_add(row.len())
            .is_some_and(|end| end <= u32::MAX as usize);
        Place {
            start: row.as_ptr() as usize,
            len: row.len(),
            at: fits.then_some((buffer, offset as u32)),
        }
    }

    /// `row`, where no view can point.
    #[inline]
    pub(crate) fn elsewhere(row: &str) -> Place {
        Place {
            start: row.as_ptr() as usize,
            len: row.len(),
            at: None,
        }
    }

    /// The buffer and offset of `part` when it is a substring of the row
    /// (compared by address: a part of a result borrows the row's text,
    /// or is text of its own).
    #[inline]
    pub(crate) fn of(&self, part: &str) -> Option<(u32, u32)> {
        let (buffer, offset) = self.at?;
        let from = (part.as_ptr() as usize).wrapping_sub(self.start);
        let room = self.len.checked_sub(part.len())?;
        // `offset + self.len` fits 32 bits (`in_buffer`), so this does too.
        (from <= room).then(|| (buffer, offset + from as u32))
    }
}

/// A string column being built, in the layout of the input.
pub(crate) enum StrColumn {
    Utf8(StringBuilder),
    LargeUtf8(LargeStringBuilder),
    Utf8View(StringViewBuilder),
}

impl StrColumn {
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>) {
        match (self, value) {
            (StrColumn::Utf8(b), Some(v)) => b.append_value(v),
            (StrColumn::LargeUtf8(b), Some(v)) => b.append_value(v),
            (StrColumn::Utf8View(b), Some(v)) => b.append_value(v),
            (StrColumn::Utf8(b), None) => b.append_null(),
            (StrColumn::LargeUtf8(b), None) => b.append_null(),
            (StrColumn::Utf8View(b), None) => b.append_null(),
        }
    }

    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            StrColumn::Utf8(mut b) => Arc::new(b.finish()),
            StrColumn::LargeUtf8(mut b) => Arc::new(b.finish()),
            StrColumn::Utf8View(mut b) => Arc::new(StringViewBuilder::finish(&mut b)),
        }
    }
}

/// A text column a split fills row by row, in one layout chosen at compile
/// time: the split answers ten columns a row, and a call a value through
/// an enum (as [`StrColumn`] takes) costs a fifth of its time. Its
/// validity is kept apart, for all the split's columns at once
/// (`masks`).
pub(crate) trait PushText {
    /// The next row's value, a part of the URL at `place` (or text of its
    /// own); `None` where the row's field is null.
    fn push(&mut self, value: Option<&str>, place: &Place);
}

/// `Ok` when `nulls` (`None`: every row valid) has one entry for each of
/// `rows` rows, else a `ValueError`: what every text column checks before
/// taking a validity.
pub(crate) fn one_a_row(nulls: Option<&NullBuffer>, rows: usize) -> PyResult<()> {
    match nulls {
        Some(n) if n.len() != rows => Err(PyValueError::new_err(
            "a text column's validity is not one a row",
        )),
        _ => Ok(()),
    }
}

/// A text column that copies its values, built in pieces.
pub(crate) trait TextColumn: PushText + Sized {
    /// Room for `rows` rows of `bytes` bytes in all (as [`Layout::builder_for`]).
    fn with_room(rows: usize, bytes: usize) -> Self;
    /// The array with validity `nulls` (`None`: every row valid), or a
    /// `ValueError` when the text outgrew 32-bit offsets or `nulls` is
    /// not one a row.
    fn finish(self, nulls: Option<NullBuffer>) -> PyResult<ArrayRef>;
    /// `later`'s rows after this column's (the rows of a later piece of
    /// the input, maybe built on another thread).
    fn append(&mut self, later: Self);
}

/// A `string` (`i32` offsets) or `large_string` (`i64`) column.
pub(crate) struct OffsetText<O: OffsetSizeTrait> {
    values: Vec<u8>,
    offsets: Vec<O>,
    /// The text passed what `O` can address.
    overflow: bool,
}

impl<O: OffsetSizeTrait> OffsetText<O> {
    /// Ends a row at byte `end` of `values`, or marks the column overflowed
    /// when `O` cannot hold it.
    #[inline]
    fn push_end(&mut self, end: usize) {
        let end = O::from_usize(end).unwrap_or_else(|| {
            self.overflow = true;
            O::zero()
        });
        self.offsets.push(end);
    }
}

impl<O: OffsetSizeTrait> PushText for OffsetText<O> {
    #[inline(always)]
    fn push(&mut self, value: Option<&str>, _: &Place) {
        if let Some(v) = value {
            self.values.extend_from_slice(v.as_bytes());
        }
        self.push_end(self.values.len());
    }
}

impl<O: OffsetSizeTrait> TextColumn for OffsetText<O> {
    fn with_room(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(O::zero());
        let mut values = Vec::with_capacity(bytes);
        advise_huge_pages(offsets.spare_capacity_mut());
        advise_huge_pages(values.spare_capacity_mut());
        OffsetText {
            values,
            offsets,
            overflow: false,
        }
    }

    fn finish(self, nulls: Option<NullBuffer>) -> PyResult<ArrayRef> {
        if self.overflow {
            return Err(PyValueError::new_err(
                "the answer holds more text than a string column can (2 GiB): pass a large_string column",
            ));
        }
        one_a_row(nulls.as_ref(), self.offsets.len() - 1)?;
        // SAFETY: `OffsetBuffer::new` would not panic, which is all
        // `new_unchecked` asks: the offsets are not empty (`with_room` pushes
        // the first), start at 0 and never decrease, since each is the
        // length of `values` after a row's push and `values` only grows
        // (`append` shifts a later column's, which start at 0, by this one's
        // length); an offset `O` could not hold set `overflow`, refused
        // above. Its check was a pass over every offset, a twentieth of a
        // split. Exercised by `test_answers_are_valid_arrow` (python/tests),
        // which validates the answers in full.
        let offsets = unsafe { OffsetBuffer::new_unchecked(ScalarBuffer::from(self.offsets)) };
        let values = Buffer::from_vec(self.values);
        // SAFETY: `try_new` would not fail, which is all `new_unchecked`
        // asks. Every value `push` appended is a whole `&str` (and `append`
        // adds whole columns so built), so `values` is valid UTF-8 and each
        // offset (the length after a row's value) falls on a character
        // boundary; the offsets are in bounds, as the last is `values.len()`
        // and none exceeded `O` (`overflow` is false); and `nulls`, when
        // given, has one entry a row (checked above), as `offsets` has
        // after its first.
        // Exercised by `test_answers_are_valid_arrow` (python/tests).
        let array = unsafe { GenericStringArray::<O>::new_unchecked(offsets, values, nulls) };
        Ok(Arc::new(array))
    }

    fn append(&mut self, later: Self) {
        let base = self.values.len();
        self.values.extend_from_slice(&later.values);
        self.overflow |= later.overflow;
        // `later`'s offsets start at 0 and end at its length; shifted by
        // `base`, each is still the length after its row's push.
        for &end in &later.offsets[1..] {
            self.push_end(base + end.as_usize());
        }
    }
}

/// Asks the kernel to back the huge-page-aligned part of a large buffer
/// with 2 MiB pages, where the process's allocator hands out fresh memory
/// a call: one fault a huge page instead of one every 4 KiB, which
/// otherwise cost a split of 400,000 URLs about a third of its time.
#[cfg(target_os = "linux")]
pub(crate) fn advise_huge_pages<T>(spare: &mut [std::mem::MaybeUninit<T>]) {
    const HUGE: usize = 2 << 20;
    let bytes = std::mem::size_of_val(spare);
    if bytes < 2 * HUGE {
        return;
    }
    let start = spare.as_mut_ptr() as usize;
    let aligned = start.next_multiple_of(HUGE);
    let len = (start + bytes - aligned) / HUGE * HUGE;
    // SAFETY: `[aligned, aligned + len)` lies inside `spare`, memory this
    // buffer owns and nothing else refers to. `MADV_HUGEPAGE` is advice on
    // how the kernel backs those pages: it changes no byte, no protection
    // and no mapping's extent or lifetime, so no Rust invariant can be
    // broken. Where huge pages are unavailable the call fails (EINVAL) and
    // the failure is ignored: the pages stay ordinary. Exercised by
    // `test_answers_are_valid_arrow` (python/tests), whose column is large
    // enough.
    unsafe {
        libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_spare: &mut [std::mem::MaybeUninit<T>]) {}

//! String columns of the three Arrow layouts (`string`, `large_string`,
//! `string_view`): reading one without copying, and building one of the
//! same layout.

use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
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

    pub(crate) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
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
            StrColumn::Utf8View(mut b) => Arc::new(b.finish()),
        }
    }
}

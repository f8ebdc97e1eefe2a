//! `urlsplit` and `urlparse` of `urlsyntax.arrow`: a struct column of the
//! components, the netloc attributes and the first error, one row a URL.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::StringViewBuilder;
use arrow_array::{new_null_array, ArrayRef, Int32Array, StructArray};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, ScalarBuffer};

use super::masks::{RowMasks, Summary, PORT, ROW};
use arrow_schema::{DataType, Field as ArrowField, Fields};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urlsyntax::urllib::{Error, Urllib};
use urlsyntax_fields::{write_row_in, Field, RowSink, SplitFields, SplitFunction};

use super::column::{advise_huge_pages, Layout, OffsetText, Place, PushText, Strings, TextColumn};
use super::pieces::{fill_in_pieces, plan};
use super::split_field::{answerable, field_column};
use super::view::{self, ViewPiece};
use super::{context, ffi, Capsules};

/// The text fields `function` answers, in the struct's order: every field
/// of [`Field::ALL`] but `port` and `error` (`params` only for `urlparse`).
fn text_fields(function: SplitFunction) -> impl Iterator<Item = Field> {
    Field::ALL
        .into_iter()
        .filter(move |f| !matches!(f, Field::Port | Field::Error) && function.has(*f))
}

/// The columns of rows being split, `T` a text column.
struct SplitColumns<T> {
    /// The text fields' columns, as [`text_fields`] lists them.
    texts: Vec<T>,
    /// The ports (0 where null).
    port: Vec<i32>,
    /// Each row's validity: bit [`bit`]`(f)` its text field `f`, [`PORT`],
    /// [`ROW`].
    masks: RowMasks,
    /// The rows that raised, in order, with the library's error.
    errors: Vec<(usize, Error)>,
}

/// The bit of a row's mask that holds text field `field`'s validity: its
/// discriminant, below 11 and so apart from [`PORT`] and [`ROW`] (a
/// constant, as [`write_row_in`] names each field).
#[inline(always)]
fn bit(field: Field) -> u32 {
    field as u32
}

/// One row of [`SplitColumns`] being written: its text columns in
/// [`text_fields`] order, the port column and the errors, with the row's
/// validity bits as they are set.
struct RowInto<'c, 'p, T> {
    texts: &'c mut [T],
    /// The next text column's place in `texts`: a constant at each call
    /// once [`write_row_in`] is inlined (an iterator is a pointer stored
    /// back a field).
    at: usize,
    mask: u16,
    port: &'c mut Vec<i32>,
    errors: &'c mut Vec<(usize, Error)>,
    row: usize,
    place: &'p Place,
}

impl<T: PushText> RowSink for RowInto<'_, '_, T> {
    #[inline(always)]
    fn text(&mut self, field: Field, text: Option<&str>) {
        if let Some(column) = self.texts.get_mut(self.at) {
            column.push(text, self.place);
            self.mask |= u16::from(text.is_some()) << bit(field);
        }
        self.at += 1;
    }

    #[inline(always)]
    fn port(&mut self, port: Option<u16>) {
        self.port.push(port.map_or(0, i32::from));
        self.mask |= u16::from(port.is_some()) << PORT;
    }

    #[inline(always)]
    fn error(&mut self, error: Option<Error>) {
        if let Some(e) = error {
            self.errors.push((self.row, e));
        }
    }
}

impl<T: PushText> SplitColumns<T> {
    /// Columns of `rows` rows, filling `texts` (as [`text_fields`] lists).
    fn new(texts: Vec<T>, rows: usize) -> Self {
        SplitColumns {
            texts,
            port: Vec::with_capacity(rows),
            masks: RowMasks::with_capacity(rows),
            errors: Vec::new(),
        }
    }

    /// A row of a null URL: every field null.
    fn push_null(&mut self) {
        let nowhere = Place::elsewhere("");
        for c in &mut self.texts {
            c.push(None, &nowhere);
        }
        self.port.push(0);
        self.masks.push(0);
    }

    /// The row of `url`, as [`write_row_in`] writes it: its components
    /// and netloc attributes, or, where `urlsplit` raised, nulls and the
    /// error. `place`: where the URL lies.
    #[inline(always)]
    fn row<R: SplitFields>(
        &mut self,
        row: usize,
        function: SplitFunction,
        url: &str,
        answer: Result<R, Error>,
        place: &Place,
    ) {
        let mut sink = RowInto {
            texts: &mut self.texts,
            at: 0,
            mask: 1 << ROW,
            port: &mut self.port,
            errors: &mut self.errors,
            row,
            place,
        };
        write_row_in(function, url, answer, &mut sink);
        let mask = sink.mask;
        self.masks.push(mask);
    }

    /// Splits the rows `range` of `strings` into these columns.
    fn split_rows(
        mut self,
        ctx: &Urllib,
        strings: &Strings<'_>,
        range: Range<usize>,
        (scheme, allow_fragments, function): (&str, bool, SplitFunction),
    ) -> Self {
        // One loop a function, each reading that function's result type
        // alone (a result of either kind would be moved once more a row).
        for row in range {
            match (strings.get_placed(row), function) {
                (None, _) => self.push_null(),
                (Some((url, place)), f @ SplitFunction::Urlsplit) => self.row(
                    row,
                    f,
                    url,
                    ctx.urlsplit(url, scheme, allow_fragments),
                    &place,
                ),
                (Some((url, place)), f @ SplitFunction::Urlparse) => self.row(
                    row,
                    f,
                    url,
                    ctx.urlparse(url, scheme, allow_fragments),
                    &place,
                ),
            }
        }
        self
    }
}

/// The port column, the rows' validity and the errors of a split's
/// pieces, joined in order.
struct Rest {
    port: Vec<i32>,
    masks: RowMasks,
    /// Which bits the rows added have ([`RowMasks::summary`]), read a
    /// piece at a time as it is added, for all the columns' validity.
    summary: Summary,
    errors: Vec<(usize, Error)>,
}

impl Rest {
    fn new(rows: usize) -> Self {
        Rest {
            port: Vec::with_capacity(rows),
            masks: RowMasks::with_capacity(rows),
            summary: Summary::NO_ROWS,
            errors: Vec::new(),
        }
    }

    /// A piece's, after those added before.
    fn add<T>(&mut self, piece: SplitColumns<T>) -> Vec<T> {
        self.port.extend(piece.port);
        self.summary = self.summary.and_then(piece.masks.summary());
        self.masks.append(piece.masks);
        self.errors.extend(piece.errors);
        piece.texts
    }

    /// The validity of text field `field`.
    fn text_nulls(&self, field: Field) -> Option<NullBuffer> {
        self.masks.nulls(bit(field), self.summary)
    }

    /// The columns, with the text fields' `texts`.
    fn built(self, texts: Vec<ArrayRef>) -> Built {
        Built {
            texts,
            port: Int32Array::new(
                ScalarBuffer::from(self.port),
                self.masks.nulls(PORT, self.summary),
            ),
            valid: self.masks.nulls(ROW, self.summary),
            errors: self.errors,
        }
    }
}

/// A split's columns, built: the text fields' arrays, in order.
struct Built {
    texts: Vec<ArrayRef>,
    /// One port a row (so its length is the rows').
    port: Int32Array,
    /// The rows' validity (`None`: no null URL).
    valid: Option<NullBuffer>,
    errors: Vec<(usize, Error)>,
}

/// One split of a column: the call, and its rows cut into the pieces the
/// threads take.
struct Job<'a, 's> {
    ctx: &'a Urllib,
    strings: &'a Strings<'s>,
    /// The default scheme, `allow_fragments` and the function.
    options: (&'a str, bool, SplitFunction),
    threads: usize,
    ranges: Vec<Range<usize>>,
}

impl<'a, 's> Job<'a, 's> {
    fn new(
        ctx: &'a Urllib,
        strings: &'a Strings<'s>,
        options: (&'a str, bool, SplitFunction),
        threads: usize,
    ) -> Self {
        let (threads, ranges) = plan(strings.len(), threads);
        Job {
            ctx,
            strings,
            options,
            threads,
            ranges,
        }
    }

    /// Splits each piece's rows into its columns of `outs` (one a range).
    fn fill<T: PushText + Send>(&self, outs: Vec<SplitColumns<T>>) -> Vec<SplitColumns<T>> {
        fill_in_pieces(self.threads, &self.ranges, outs, |range, out| {
            out.split_rows(self.ctx, self.strings, range, self.options)
        })
    }
}

/// Splits every row into copying columns of `T`'s layout.
fn split_copied<T: TextColumn + Send>(job: &Job<'_, '_>) -> PyResult<Built> {
    let (strings, ranges) = (job.strings, &job.ranges);
    let rows = strings.len();
    let function = job.options.2;
    // The first piece has room for every row, so that appending the later
    // pieces copies only theirs.
    let outs = ranges
        .iter()
        .map(|range| {
            let (room, bytes) = match range.start {
                0 => (rows, strings.text_bytes()),
                _ => (range.len(), strings.text_bytes_of(range.clone())),
            };
            let texts = text_fields(function)
                .map(|_| T::with_room(room, bytes))
                .collect();
            SplitColumns::<T>::new(texts, room)
        })
        .collect();
    let mut pieces = job.fill(outs).into_iter();
    let mut rest = Rest::new(rows);
    let Some(first) = pieces.next() else {
        return Ok(rest.built(Vec::new()));
    };
    let mut texts = rest.add(first);
    for piece in pieces {
        for (column, more) in texts.iter_mut().zip(rest.add(piece)) {
            column.append(more);
        }
    }
    let texts = texts
        .into_iter()
        .zip(text_fields(function))
        .map(|(t, field)| t.finish(rest.text_nulls(field)))
        .collect::<PyResult<_>>()?;
    Ok(rest.built(texts))
}

/// Splits every row into `string_view` columns that point into the input.
fn split_viewed(job: &Job<'_, '_>) -> PyResult<Built> {
    let (strings, ranges) = (job.strings, &job.ranges);
    let rows = strings.len();
    let function = job.options.2;
    let input = strings.data_buffers();
    let mut views: Vec<Vec<u128>> = text_fields(function)
        .map(|_| Vec::with_capacity(rows))
        .collect();
    // Each field's room cut into the pieces' slices.
    let mut slices: Vec<_> = views
        .iter_mut()
        .map(|v| {
            let room = &mut v.spare_capacity_mut()[..rows];
            advise_huge_pages(room);
            cut(room, ranges).into_iter()
        })
        .collect();
    let mut outs = Vec::with_capacity(ranges.len());
    for (k, range) in ranges.iter().enumerate() {
        let own = u32::try_from(input.len() + k)
            .map_err(|_| PyValueError::new_err("too many buffers for a string_view column"))?;
        let texts = slices
            .iter_mut()
            .filter_map(|s| s.next().map(|views| ViewPiece::new(views, own)))
            .collect();
        outs.push(SplitColumns::new(texts, range.len()));
    }
    let filled = job.fill(outs);
    let mut owns: Vec<Vec<Buffer>> = text_fields(function).map(|_| Vec::new()).collect();
    let mut rest = Rest::new(rows);
    let mut full = 0;
    for piece in filled {
        for (field, text) in owns.iter_mut().zip(rest.add(piece)) {
            field.push(text.finish()?);
            full += 1;
        }
    }
    let covered: usize = ranges.iter().map(|r| r.len()).sum();
    if full != views.len() * ranges.len() || covered != rows || rest.masks.len() != rows {
        return Err(PyValueError::new_err("a piece of the column was not split"));
    }
    for v in &mut views {
        // SAFETY: the first `rows` elements of `v`'s capacity are written.
        // They were cut into one slice a range, in turn from the start
        // (`cut`), and the ranges' lengths add up to `rows` (`covered`), so
        // the slices cover `0..rows`; each slice went to exactly one `ViewPiece`, and every
        // one of those pieces finished without error (`full` counts them:
        // one a field a range), which `ViewPiece::finish` grants only when
        // `push` wrote every element of its slice. `u128` has no invalid
        // values. Exercised by every string_view split in python/tests.
        unsafe { v.set_len(rows) };
    }
    let texts = views
        .into_iter()
        .zip(owns)
        .zip(text_fields(function))
        .map(|((v, own), field)| view::column(v, &input, own, rest.text_nulls(field)))
        .collect::<PyResult<_>>()?;
    Ok(rest.built(texts))
}

/// `views` cut into one slice a range of `ranges` (contiguous, from 0).
fn cut<'a, T>(mut views: &'a mut [T], ranges: &[Range<usize>]) -> Vec<&'a mut [T]> {
    let mut out = Vec::with_capacity(ranges.len());
    for range in ranges {
        let (piece, rest) = views.split_at_mut(range.len().min(views.len()));
        out.push(piece);
        views = rest;
    }
    out
}

impl Built {
    /// The struct column of `function`, its text fields of `layout`, with
    /// `error` from `messages` (one a row of `self.errors`).
    fn finish(
        self,
        function: SplitFunction,
        layout: Layout,
        messages: Vec<String>,
    ) -> PyResult<StructArray> {
        let rows = self.port.len();
        let mut next = self
            .errors
            .iter()
            .map(|(r, _)| *r)
            .zip(&messages)
            .peekable();
        let mut message = |row| next.next_if(|(r, _)| *r == row).map(|(_, m)| m.as_str());
        let nowhere = Place::elsewhere("");
        let error = match layout {
            // Most columns have no row that raised: all nulls, made at once.
            _ if self.errors.is_empty() => new_null_array(&layout.data_type(), rows),
            Layout::Utf8 => error_column::<OffsetText<i32>>(rows, &mut message, &nowhere)?,
            Layout::LargeUtf8 => error_column::<OffsetText<i64>>(rows, &mut message, &nowhere)?,
            Layout::Utf8View => {
                let mut b = StringViewBuilder::with_capacity(rows);
                (0..rows).for_each(|row| b.append_option(message(row)));
                Arc::new(b.finish())
            }
        };
        let text = |f: Field| ArrowField::new(f.name(), layout.data_type(), true);
        let mut fields: Vec<_> = text_fields(function).map(text).collect();
        let mut columns = self.texts;
        fields.push(ArrowField::new(Field::Port.name(), DataType::Int32, true));
        columns.push(Arc::new(self.port));
        fields.push(text(Field::Error));
        columns.push(error);
        StructArray::try_new(Fields::from(fields), columns, self.valid)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The `error` column of `rows` rows, `message(row)` each.
fn error_column<'m, T: TextColumn>(
    rows: usize,
    message: &mut impl FnMut(usize) -> Option<&'m str>,
    nowhere: &Place,
) -> PyResult<ArrayRef> {
    let mut error = T::with_room(rows, 0);
    let mut valid = BooleanBufferBuilder::new(rows);
    for row in 0..rows {
        let text = message(row);
        error.push(text, nowhere);
        valid.append(text.is_some());
    }
    error.finish(Some(NullBuffer::new(valid.finish())))
}

/// `urlparse` when the caller asks for `params`, else `urlsplit`.
fn function_of(params: bool) -> SplitFunction {
    if params {
        SplitFunction::Urlparse
    } else {
        SplitFunction::Urlsplit
    }
}

/// `urlsplit` (`params` false) or `urlparse` over the string column in the
/// capsules, its text fields in the layout `string_type` names
/// (`"string"`, `"large_string"`, `"string_view"`; `None`: the input's).
/// `message_of(rows)` gives the running interpreter's messages for the
/// rows that raised (`None`: the library's own message). `None` when the
/// running interpreter has no native context (the caller loops in Python).
/// `threads`: the most threads to split on (0: one a core). `field`: the
/// name of one field (any but `error`) to answer alone, as a column of
/// its own (the input's layout), not the struct.
#[pyfunction]
#[pyo3(signature = (urls, scheme, allow_fragments, params, profile=None, message_of=None, threads=1, string_type=None, field=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_split<'py>(
    py: Python<'py>,
    urls: Capsules<'py>,
    scheme: &str,
    allow_fragments: bool,
    params: bool,
    profile: Option<&str>,
    message_of: Option<Bound<'py, PyAny>>,
    threads: usize,
    string_type: Option<&str>,
    field: Option<&str>,
) -> PyResult<Option<Capsules<'py>>> {
    let function = function_of(params);
    let field = field.map(|name| answerable(name, function)).transpose()?;
    let input = ffi::import(&urls)?;
    let strings = Strings::of(&input, "urls")?;
    let layout = match string_type {
        None => strings.layout(),
        Some(name) => Layout::named(name)?,
    };
    let Some(ctx) = context(py, profile)? else {
        return Ok(None);
    };
    let options = (scheme, allow_fragments, function);
    if let Some(field) = field {
        return field_column(py, &ctx, &strings, layout, options, field).map(Some);
    }
    let job = Job::new(&ctx, &strings, options, threads);
    let built = py.detach(|| match layout {
        Layout::Utf8 => split_copied::<OffsetText<i32>>(&job),
        Layout::LargeUtf8 => split_copied::<OffsetText<i64>>(&job),
        Layout::Utf8View => split_viewed(&job),
    })?;
    // The interpreter's messages for every row that raised, in one call.
    let theirs: Vec<Option<String>> = match &message_of {
        Some(f) if !built.errors.is_empty() => {
            let rows: Vec<usize> = built.errors.iter().map(|(row, _)| *row).collect();
            f.call1((rows,))?.extract()?
        }
        _ => Vec::new(),
    };
    let messages = built
        .errors
        .iter()
        .enumerate()
        .map(|(i, (_, e))| match theirs.get(i) {
            Some(Some(m)) => m.clone(),
            // The library's words, as Python's last traceback line has them.
            _ => format!("{e:?}"),
        })
        .collect();
    let result = built.finish(function, layout, messages)?;
    ffi::export(py, &result).map(Some)
}

//! `urlsyntax.arrow.urlsplit` and `urlparse`: a struct column of the
//! components, the netloc attributes and the first error, one row a URL.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use arrow_array::builder::{BooleanBufferBuilder, Int32Builder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field as ArrowField, Fields};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use urlsyntax::urllib::fields::{self, Field, SplitFields, SplitFunction, Value};
use urlsyntax::urllib::{Error, Urllib};

use super::column::{Layout, OffsetText, StrColumn, Strings, TextColumn};
use super::{context, ffi, Capsules};
use arrow_array::builder::StringViewBuilder;

/// The columns of the result, in the order of the struct's fields.
struct SplitColumns<T> {
    scheme: T,
    netloc: T,
    path: T,
    params: Option<T>,
    query: T,
    fragment: T,
    username: T,
    password: T,
    hostname: T,
    port: Int32Builder,
    /// Rows that are not null.
    valid: BooleanBufferBuilder,
    /// The rows that raised, in order, with the library's error.
    errors: Vec<(usize, Error)>,
}

impl<T: TextColumn> SplitColumns<T> {
    fn new(rows: usize, bytes: usize, function: SplitFunction) -> Self {
        let text = || T::with_room(rows, bytes);
        SplitColumns {
            scheme: text(),
            netloc: text(),
            path: text(),
            params: function.has(Field::Params).then(text),
            query: text(),
            fragment: text(),
            username: text(),
            password: text(),
            hostname: text(),
            port: Int32Builder::with_capacity(rows),
            valid: BooleanBufferBuilder::new(rows),
            errors: Vec::new(),
        }
    }

    /// `later`'s rows after these (the rows of a later piece of the input,
    /// maybe split on another thread).
    fn append(&mut self, later: SplitColumns<T>) {
        self.scheme.append(later.scheme);
        self.netloc.append(later.netloc);
        self.path.append(later.path);
        if let (Some(p), Some(q)) = (&mut self.params, later.params) {
            p.append(q);
        }
        self.query.append(later.query);
        self.fragment.append(later.fragment);
        self.username.append(later.username);
        self.password.append(later.password);
        self.hostname.append(later.hostname);
        let mut port = later.port;
        self.port.append_array(&port.finish());
        let mut valid = later.valid;
        self.valid.append_buffer(&valid.finish());
        self.errors.extend(later.errors);
    }

    /// A row whose every field is null (a null URL, or `urlsplit` raised).
    fn push_null(&mut self, row_valid: bool) {
        for c in [
            &mut self.scheme,
            &mut self.netloc,
            &mut self.path,
            &mut self.query,
            &mut self.fragment,
            &mut self.username,
            &mut self.password,
            &mut self.hostname,
        ] {
            c.push(None);
        }
        if let Some(p) = &mut self.params {
            p.push(None);
        }
        self.port.append_null();
        self.valid.append(row_valid);
    }

    /// The netloc attributes, in the order a caller reads them: `port` is
    /// the only one that raises.
    fn push_attributes(
        &mut self,
        row: usize,
        username: Option<&str>,
        password: Option<&str>,
        hostname: Option<&str>,
        port: Result<Option<u16>, Error>,
    ) {
        self.username.push(username);
        self.password.push(password);
        self.hostname.push(hostname);
        match port {
            Ok(p) => self.port.append_option(p.map(i32::from)),
            Err(e) => {
                self.port.append_null();
                self.errors.push((row, e));
            }
        }
        self.valid.append(true);
    }

    /// One URL's row: its components and netloc attributes, or, where
    /// `urlsplit` raised, nulls and the error.
    #[inline(always)]
    fn row<R: SplitFields>(&mut self, row: usize, answer: Result<R, Error>) {
        match answer {
            Err(e) => {
                self.push_null(true);
                self.errors.push((row, e));
            }
            Ok(r) => {
                self.scheme.push(r.component(Field::Scheme));
                self.netloc.push(r.component(Field::Netloc));
                self.path.push(r.component(Field::Path));
                if let Some(p) = &mut self.params {
                    p.push(r.component(Field::Params));
                }
                self.query.push(r.component(Field::Query));
                self.fragment.push(r.component(Field::Fragment));
                let a = r.attributes();
                self.push_attributes(row, a.username, a.password, a.hostname.as_deref(), a.port);
            }
        }
    }

    /// The struct column, with `error` filled from `messages` (one a row
    /// of `self.errors`).
    fn finish(mut self, layout: Layout, messages: Vec<String>) -> PyResult<StructArray> {
        let rows = self.valid.len();
        let mut error = T::with_room(rows, 0);
        let mut next = self.errors.iter().zip(&messages).peekable();
        for row in 0..rows {
            match next.peek() {
                Some(((r, _), m)) if *r == row => {
                    error.push(Some(m));
                    next.next();
                }
                _ => error.push(None),
            }
        }
        let text = |f: Field| ArrowField::new(f.name(), layout.data_type(), true);
        let mut fields = vec![text(Field::Scheme), text(Field::Netloc), text(Field::Path)];
        let mut columns: Vec<ArrayRef> = vec![
            self.scheme.finish()?,
            self.netloc.finish()?,
            self.path.finish()?,
        ];
        if let Some(p) = self.params {
            fields.push(text(Field::Params));
            columns.push(p.finish()?);
        }
        for (field, column) in [
            (Field::Query, self.query),
            (Field::Fragment, self.fragment),
            (Field::Username, self.username),
            (Field::Password, self.password),
            (Field::Hostname, self.hostname),
        ] {
            fields.push(text(field));
            columns.push(column.finish()?);
        }
        fields.push(ArrowField::new(Field::Port.name(), DataType::Int32, true));
        columns.push(Arc::new(self.port.finish()));
        fields.push(text(Field::Error));
        columns.push(error.finish()?);
        let nulls = NullBuffer::new(self.valid.finish());
        StructArray::try_new(Fields::from(fields), columns, Some(nulls))
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }
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
/// capsules. `message_of(rows)` gives the running interpreter's messages
/// for the rows that raised (`None`: the library's own message). `None` when the
/// running interpreter has no native context (the caller loops in Python).
/// `threads`: the most threads to split on (0: one a core).
#[pyfunction]
#[pyo3(signature = (schema, array, scheme, allow_fragments, params, profile=None, message_of=None, threads=1))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_split<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyCapsule>,
    array: &Bound<'py, PyCapsule>,
    scheme: &str,
    allow_fragments: bool,
    params: bool,
    profile: Option<&str>,
    message_of: Option<Bound<'py, PyAny>>,
    threads: usize,
) -> PyResult<Option<Capsules<'py>>> {
    let input = ffi::import(schema, array)?;
    let strings = Strings::of(&input, "urls")?;
    let Some(ctx) = context(py, profile)? else {
        return Ok(None);
    };
    let layout = strings.layout();
    let function = function_of(params);
    let options = (scheme, allow_fragments, function);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let (s, m) = (&strings, message_of);
    match layout {
        Layout::Utf8 => split_all::<OffsetText<i32>>(py, &ctx, s, options, threads, m),
        Layout::LargeUtf8 => split_all::<OffsetText<i64>>(py, &ctx, s, options, threads, m),
        Layout::Utf8View => split_all::<StringViewBuilder>(py, &ctx, s, options, threads, m),
    }
}

/// Rows a thread takes at the least: a thread costs about as much to start
/// as a few hundred rows take to split.
const ROWS_PER_THREAD: usize = 32_768;

/// Pieces a thread takes, on average, of a column split on threads: they
/// are handed out in turn to whichever thread is free, so that a thread
/// whose core is busy with something else takes fewer.
const PIECES_PER_THREAD: usize = 4;

/// Rows a piece holds at the least.
const ROWS_PER_PIECE: usize = 16_384;

/// `_arrow_split` in the layout `T` builds, on up to `threads` threads of
/// at least [`ROWS_PER_THREAD`] rows each.
fn split_all<'py, T: TextColumn + Send>(
    py: Python<'py>,
    ctx: &Urllib,
    strings: &Strings<'_>,
    (scheme, allow_fragments, function): (&str, bool, SplitFunction),
    threads: usize,
    message_of: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Capsules<'py>>> {
    let layout = strings.layout();
    let rows = strings.len();
    // Fills `out` with the rows `range`.
    let split_rows = |range: Range<usize>, mut out: SplitColumns<T>| {
        // One loop a function, each reading that function's result type
        // alone (a result of either kind would be moved once more a row).
        for row in range {
            match (strings.get(row), function) {
                (None, _) => out.push_null(false),
                (Some(url), SplitFunction::Urlsplit) => {
                    out.row(row, ctx.urlsplit(url, scheme, allow_fragments))
                }
                (Some(url), SplitFunction::Urlparse) => {
                    out.row(row, ctx.urlparse(url, scheme, allow_fragments))
                }
            }
        }
        out
    };
    // The columns of the rows `range`; those of the first piece have room
    // for every row, so that appending the later pieces copies only theirs.
    let room = |range: &Range<usize>| {
        let (rows, bytes) = match range.start {
            0 => (rows, strings.text_bytes()),
            _ => (range.len(), strings.text_bytes_of(range.clone())),
        };
        SplitColumns::<T>::new(rows, bytes, function)
    };
    let columns = py.detach(|| {
        let threads = threads.min(rows / ROWS_PER_THREAD).max(1);
        if threads == 1 {
            return split_rows(0..rows, room(&(0..rows)));
        }
        let pieces = (threads * PIECES_PER_THREAD).min(rows / ROWS_PER_PIECE);
        let ranges: Vec<_> = (0..pieces)
            .map(|k| rows * k / pieces..rows * (k + 1) / pieces)
            .collect();
        // Every piece's columns are made here, not on the thread that fills
        // them: a thread's fresh allocator arena is slow to hand out (and
        // to advise) large buffers.
        let slots: Vec<_> = ranges.iter().map(|r| Mutex::new(Some(room(r)))).collect();
        let next = AtomicUsize::new(0);
        let work = || loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let (Some(range), Some(slot)) = (ranges.get(k), slots.get(k)) else {
                break;
            };
            if let Some(out) = slot.lock().ok().and_then(|mut s| s.take()) {
                let done = split_rows(range.clone(), out);
                if let Ok(mut s) = slot.lock() {
                    *s = Some(done);
                }
            }
        };
        std::thread::scope(|scope| {
            // A thread the system refuses is not there: the others take
            // its pieces. (A thread that panicked, as the same code would
            // have here, makes `scope` panic in turn.)
            for _ in 1..threads {
                let _ = std::thread::Builder::new().spawn_scoped(scope, work);
            }
            work();
        });
        let mut done = slots.into_iter().zip(&ranges).map(|(slot, range)| {
            // Every piece was split above; one that was not is split here.
            match slot.into_inner().ok().flatten() {
                Some(out) if out.valid.len() == range.len() => out,
                Some(out) if out.valid.is_empty() => split_rows(range.clone(), out),
                _ => split_rows(range.clone(), room(range)),
            }
        });
        let mut out = done.next().unwrap_or_else(|| room(&(0..0)));
        done.for_each(|piece| out.append(piece));
        out
    });
    // The interpreter's messages for every row that raised, in one call.
    let theirs: Vec<Option<String>> = match &message_of {
        Some(f) if !columns.errors.is_empty() => {
            let rows: Vec<usize> = columns.errors.iter().map(|(row, _)| *row).collect();
            f.call1((rows,))?.extract()?
        }
        _ => Vec::new(),
    };
    let messages = columns
        .errors
        .iter()
        .enumerate()
        .map(|(i, (_, e))| match theirs.get(i) {
            Some(Some(m)) => m.clone(),
            // The library's words, as Python's last traceback line has them.
            _ => format!("{e:?}"),
        })
        .collect();
    let result = columns.finish(layout, messages)?;
    ffi::export(py, &result).map(Some)
}

/// The field `field` of one URL's `urlsplit` (or `urlparse`), as
/// `_arrow_split` answers it: null where `urlsplit` raised, or where
/// reading the attribute raised.
fn push_field(
    out: &mut FieldColumn,
    ctx: &Urllib,
    url: &str,
    (scheme, fragments, function): (&str, bool, SplitFunction),
    field: Field,
) {
    match function {
        SplitFunction::Urlsplit => {
            out.push(fields::value(&ctx.urlsplit(url, scheme, fragments), field))
        }
        SplitFunction::Urlparse => {
            out.push(fields::value(&ctx.urlparse(url, scheme, fragments), field))
        }
    }
}

/// The column of one field being built.
enum FieldColumn {
    Text(StrColumn),
    Port(Int32Builder),
}

impl FieldColumn {
    /// The field's value, in the column of its type.
    fn push(&mut self, value: Value<'_>) {
        match (value, self) {
            (Value::Port(p), FieldColumn::Port(b)) => b.append_option(p.map(i32::from)),
            (Value::Text(t), FieldColumn::Text(b)) => b.push(t.as_deref()),
            (_, out) => out.push_null(),
        }
    }

    fn push_null(&mut self) {
        match self {
            FieldColumn::Text(b) => b.push(None),
            FieldColumn::Port(b) => b.append_null(),
        }
    }

    fn finish(self) -> ArrayRef {
        match self {
            FieldColumn::Text(b) => b.finish(),
            FieldColumn::Port(mut b) => Arc::new(b.finish()),
        }
    }
}

/// The field `field` (any but `error`) of what `_arrow_split` answers over
/// the same column, built alone: a job that reads one field of the split
/// (Spark's plan keeps only the fields a query reads) builds one column,
/// not ten. `None` as for `_arrow_split`.
#[pyfunction]
#[pyo3(signature = (schema, array, field, scheme, allow_fragments, params, profile=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_split_field<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyCapsule>,
    array: &Bound<'py, PyCapsule>,
    field: &str,
    scheme: &str,
    allow_fragments: bool,
    params: bool,
    profile: Option<&str>,
) -> PyResult<Option<Capsules<'py>>> {
    let function = function_of(params);
    // Any field of the struct but `error`.
    let field = Field::named(field)
        .filter(|f| *f != Field::Error && function.has(*f))
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!("no field {field:?} to answer alone"))
        })?;
    let input = ffi::import(schema, array)?;
    let strings = Strings::of(&input, "urls")?;
    let Some(ctx) = context(py, profile)? else {
        return Ok(None);
    };
    let layout = strings.layout();
    let column = py.detach(|| {
        let rows = strings.len();
        let mut out = match field {
            Field::Port => FieldColumn::Port(Int32Builder::with_capacity(rows)),
            _ => FieldColumn::Text(layout.builder_for(rows, strings.text_bytes())),
        };
        for row in 0..rows {
            match strings.get(row) {
                None => out.push_null(),
                Some(url) => push_field(
                    &mut out,
                    &ctx,
                    url,
                    (scheme, allow_fragments, function),
                    field,
                ),
            }
        }
        out.finish()
    });
    ffi::export(py, &column).map(Some)
}

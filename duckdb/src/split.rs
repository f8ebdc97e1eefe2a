//! `urlsplit`, `urlparse`, `url_hostname` and `url_port`: each row split
//! as the release's `urllib.parse` splits it, read field by field through
//! `urlsyntax::urllib::fields` (the struct's null and port-error policy is
//! the library's: a field CPython could not give is NULL, `error` holds
//! the first `ValueError`).

use std::error::Error;

use duckdb::core::{DataChunkHandle, FlatVector, Inserter, LogicalTypeHandle, LogicalTypeId};
use duckdb::vtab::arrow::WritableVector;
use urlsyntax_fields::{self as fields, Field, RowSink, SplitFunction, Value};

use crate::column::{rows, Strings};
use crate::release::Releases;

/// The struct type of `function`'s answer: its fields in
/// [`SplitFunction::fields`]' order, `port` an INTEGER.
pub fn struct_type(function: SplitFunction) -> LogicalTypeHandle {
    let fields: Vec<(&str, LogicalTypeHandle)> = function
        .fields()
        .iter()
        .map(|f| {
            let id = match f {
                Field::Port => LogicalTypeId::Integer,
                _ => LogicalTypeId::Varchar,
            };
            (f.name(), LogicalTypeHandle::from(id))
        })
        .collect();
    LogicalTypeHandle::struct_type(&fields)
}

/// Writes a text field's value, or NULL.
#[inline(always)]
fn put_text(out: &mut FlatVector<'_>, row: usize, text: Option<&str>) {
    match text {
        Some(t) => out.insert(row, t),
        None => out.set_null(row),
    }
}

/// The ports of a chunk, written at the end (one typed write).
struct Ports {
    values: Vec<i32>,
}

impl Ports {
    fn new(rows: usize) -> Self {
        Ports {
            values: vec![0; rows],
        }
    }

    #[inline(always)]
    fn put(&mut self, out: &mut FlatVector<'_>, row: usize, port: Option<u16>) {
        match port {
            Some(p) => self.values[row] = i32::from(p),
            None => out.set_null(row),
        }
    }

    fn write(self, out: &mut FlatVector<'_>) {
        // SAFETY: `out` is an INTEGER vector (the function's return type,
        // or the struct's `port` field), whose physical type is `i32`,
        // with room for a chunk's rows (`values` has one a row), and no
        // other slice of it is alive.
        unsafe { out.copy(&self.values) };
    }
}

/// One row of the struct's children, its fields as [`fields::write_row_in`]
/// gives them: in [`SplitFunction::fields`]' order, the children's.
struct RowInto<'r, 'v> {
    children: std::slice::IterMut<'r, FlatVector<'v>>,
    ports: &'r mut Ports,
    row: usize,
}

impl RowSink for RowInto<'_, '_> {
    fn text(&mut self, _: Field, text: Option<&str>) {
        if let Some(child) = self.children.next() {
            put_text(child, self.row, text);
        }
    }

    fn port(&mut self, port: Option<u16>) {
        if let Some(child) = self.children.next() {
            self.ports.put(child, self.row, port);
        }
    }

    fn error(&mut self, error: Option<urlsyntax::urllib::Error>) {
        if let Some(child) = self.children.next() {
            // The words `Value::into_text` gives an error.
            let text = error.and_then(|e| Value::Error(Some(e)).into_text());
            put_text(child, self.row, text.as_deref());
        }
    }
}

/// `urlsplit(url[, release])` or `urlparse(...)`: the struct of every row.
pub fn split(
    function: SplitFunction,
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let name = match function {
        SplitFunction::Urlsplit => "urlsplit",
        SplitFunction::Urlparse => "urlparse",
    };
    let chunk = input.get_ptr();
    let n = rows(chunk);
    let urls = Strings::of(chunk, 0, name);
    let mut releases = Releases::of(chunk, input.num_columns(), 2, name);
    let mut out = output.struct_vector();
    let fields = function.fields();
    let mut children: Vec<FlatVector<'_>> = (0..fields.len()).map(|i| out.child(i, n)).collect();
    let mut ports = Ports::new(n);
    let port_at = fields.iter().position(|f| *f == Field::Port).unwrap_or(0);
    for row in 0..n {
        let (Some(url), Some(ctx)) = (urls.text(row)?, releases.get(row)?) else {
            out.set_null(row);
            for c in &mut children {
                c.set_null(row);
            }
            continue;
        };
        let mut sink = RowInto {
            children: children.iter_mut(),
            ports: &mut ports,
            row,
        };
        fields::write_row_in(function, url, function.call(ctx, url, "", true), &mut sink);
    }
    ports.write(&mut children[port_at]);
    Ok(())
}

/// `url_hostname(url[, release])`: the split's `hostname`, NULL where the
/// split raised or the URL has none.
pub fn hostname(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let chunk = input.get_ptr();
    let n = rows(chunk);
    let urls = Strings::of(chunk, 0, "url_hostname");
    let mut releases = Releases::of(chunk, input.num_columns(), 2, "url_hostname");
    let mut out = output.flat_vector();
    for row in 0..n {
        let (Some(url), Some(ctx)) = (urls.text(row)?, releases.get(row)?) else {
            out.set_null(row);
            continue;
        };
        let answer = ctx.urlsplit(url, "", true);
        match fields::value_in(&answer, url, Field::Hostname) {
            Value::Text(t) => put_text(&mut out, row, t.as_deref()),
            _ => out.set_null(row),
        }
    }
    Ok(())
}

/// `url_port(url[, release])`: the split's `port`, NULL where it has none
/// or reading it raised.
pub fn port(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let chunk = input.get_ptr();
    let n = rows(chunk);
    let urls = Strings::of(chunk, 0, "url_port");
    let mut releases = Releases::of(chunk, input.num_columns(), 2, "url_port");
    let mut out = output.flat_vector();
    let mut ports = Ports::new(n);
    for row in 0..n {
        let (Some(url), Some(ctx)) = (urls.text(row)?, releases.get(row)?) else {
            out.set_null(row);
            continue;
        };
        match fields::value_in(&ctx.urlsplit(url, "", true), url, Field::Port) {
            Value::Port(p) => ports.put(&mut out, row, p),
            _ => out.set_null(row),
        }
    }
    ports.write(&mut out);
    Ok(())
}

//! The field of a split answered alone: `urlsyntax.arrow`'s single-field
//! path (`_arrow_split`'s `field=`), which Spark and DuckDB take when a
//! query reads one field.

use std::sync::Arc;

use arrow_array::{ArrayRef, Int32Array};
use arrow_buffer::ScalarBuffer;
use pyo3::prelude::*;
use urlsyntax::urllib::{Error, SplitResult, Urllib};
use urlsyntax_fields::{self as fields, Field, SplitFunction, Value};

use super::column::{Layout, StrColumn, Strings};
use super::masks::{RowMasks, PORT};
use super::{ffi, Capsules};

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
        SplitFunction::Urlsplit => out.push(fields::value_in(
            &split_out_of_line(ctx, url, scheme, fragments),
            url,
            field,
        )),
        SplitFunction::Urlparse => out.push(fields::value_in(
            &ctx.urlparse(url, scheme, fragments),
            url,
            field,
        )),
    }
}

/// `ctx.urlsplit`, called, not inlined: `Urllib::urlsplit` is inlined
/// where it is called (the struct's rows gain by it), but this loop, which
/// reads one field of the result, ran slower with it inlined (16 more
/// instructions a row, callgrind, and about 5% slower).
#[inline(never)]
fn split_out_of_line<'a>(
    ctx: &Urllib,
    url: &'a str,
    scheme: &'a str,
    fragments: bool,
) -> Result<SplitResult<'a>, Error> {
    ctx.urlsplit(url, scheme, fragments)
}

/// The column of one field being built.
enum FieldColumn {
    Text(StrColumn),
    /// The ports (0 where null) and each row's validity, bit [`PORT`]: a
    /// store a row each, the bitmap made once at the end (a builder's
    /// append sets a bit and checks its room a row).
    Port {
        values: Vec<i32>,
        valid: RowMasks,
    },
}

impl FieldColumn {
    /// An empty column of `field` with room for the rows of `strings`,
    /// its text fields in `layout` (the text's room read only for a text
    /// field: a `string_view` column's is a pass over its views).
    fn with_room(field: Field, layout: Layout, strings: &Strings<'_>) -> Self {
        let rows = strings.len();
        match field {
            Field::Port => FieldColumn::Port {
                values: Vec::with_capacity(rows),
                valid: RowMasks::with_capacity(rows),
            },
            _ => FieldColumn::Text(layout.builder_for(rows, strings.text_bytes())),
        }
    }

    /// The field's value, in the column of its type.
    #[inline(always)]
    fn push(&mut self, value: Value<'_>) {
        match (&value, &mut *self) {
            (Value::Port(p), FieldColumn::Port { values, valid }) => {
                values.push(p.map_or(0, i32::from));
                valid.push(u16::from(p.is_some()) << PORT);
            }
            (Value::Text(t), FieldColumn::Text(b)) => b.push(t.as_deref()),
            _ => self.push_null(),
        }
    }

    fn push_null(&mut self) {
        match self {
            FieldColumn::Text(b) => b.push(None),
            FieldColumn::Port { values, valid } => {
                values.push(0);
                valid.push(0);
            }
        }
    }

    fn finish(self) -> ArrayRef {
        match self {
            FieldColumn::Text(b) => b.finish(),
            FieldColumn::Port { values, valid } => {
                let nulls = valid.nulls(PORT, valid.summary());
                Arc::new(Int32Array::new(ScalarBuffer::from(values), nulls))
            }
        }
    }
}

/// The field named `name` when `function` answers it alone: any field of
/// the struct but `error`.
pub(super) fn answerable(name: &str, function: SplitFunction) -> PyResult<Field> {
    Field::named(name)
        .filter(|f| *f != Field::Error && function.has(*f))
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!("no field {name:?} to answer alone"))
        })
}

/// The field `field` of what `_arrow_split` answers over `strings`, built
/// alone: a job that reads one field of the split (Spark's plan keeps only
/// the fields a query reads) builds one column, not ten.
pub(super) fn field_column<'py>(
    py: Python<'py>,
    ctx: &Urllib,
    strings: &Strings<'_>,
    layout: Layout,
    options: (&str, bool, SplitFunction),
    field: Field,
) -> PyResult<Capsules<'py>> {
    let column = py.detach(|| {
        let mut out = FieldColumn::with_room(field, layout, strings);
        for row in 0..strings.len() {
            match strings.get(row) {
                None => out.push_null(),
                Some(url) => push_field(&mut out, ctx, url, options, field),
            }
        }
        out.finish()
    });
    ffi::export(py, &column)
}

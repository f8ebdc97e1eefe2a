//! The field of a split answered alone: `urlsyntax.arrow`'s single-field
//! path (`_arrow_split`'s `field=`), which Spark and DuckDB take when a
//! query reads one field.

use std::sync::Arc;

use arrow_array::builder::Int32Builder;
use arrow_array::ArrayRef;
use pyo3::prelude::*;
use urlsyntax::urllib::Urllib;
use urlsyntax_fields::{self as fields, Field, SplitFunction, Value};

use super::column::{Layout, StrColumn, Strings};
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
            &ctx.urlsplit(url, scheme, fragments),
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
        let rows = strings.len();
        let mut out = match field {
            Field::Port => FieldColumn::Port(Int32Builder::with_capacity(rows)),
            _ => FieldColumn::Text(layout.builder_for(rows, strings.text_bytes())),
        };
        for row in 0..rows {
            match strings.get(row) {
                None => out.push_null(),
                Some(url) => push_field(&mut out, ctx, url, options, field),
            }
        }
        out.finish()
    });
    ffi::export(py, &column)
}

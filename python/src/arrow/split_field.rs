//! The field of a split answered alone: `urlsyntax.arrow`'s single-field
//! path, which Spark and DuckDB take when a query reads one field.

use std::sync::Arc;

use arrow_array::builder::Int32Builder;
use arrow_array::ArrayRef;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use urlsyntax::urllib::fields::{self, Field, SplitFunction, Value};
use urlsyntax::urllib::Urllib;

use super::column::{StrColumn, Strings};
use super::split::function_of;
use super::{context, ffi, Capsules};

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

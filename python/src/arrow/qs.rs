//! `urlsyntax.arrow.parse_qsl`: a `list<struct<name, value>>` column, one
//! list of pairs a query.

use std::sync::Arc;

use arrow_array::builder::BooleanBufferBuilder;
use arrow_array::{ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urlsyntax::urllib::QsParser;

use super::column::Strings;
use super::text::Answer;
use super::{behaviour_of, ffi, row_error, Capsules, RowError};

/// Why a column could not be built.
enum Failure {
    /// A row raised, as CPython raises.
    Row(RowError),
    /// The answer does not fit an Arrow list column.
    Arrow(String),
}

/// `parse_qsl` of every row. `separator` is `None` when left out.
#[pyfunction]
#[pyo3(signature = (queries, keep_blank_values, strict_parsing, encoding, errors, max_num_fields=None, separator=None, profile=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_parse_qsl<'py>(
    py: Python<'py>,
    queries: Capsules<'py>,
    keep_blank_values: bool,
    strict_parsing: bool,
    encoding: String,
    errors: String,
    max_num_fields: Option<i64>,
    separator: Option<String>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let input = ffi::import(&queries)?;
    let strings = Strings::of(&input, "queries")?;
    let running = profile.is_none();
    let Some(behaviour) = behaviour_of(profile)? else {
        return Ok((None, None));
    };
    // The running interpreter's probed query rule may be one the library
    // does not have; then `urlsyntax.parse` itself delegates.
    if running && !crate::state()?.qs_native {
        return Ok((None, None));
    }
    if running && encoding != "utf-8" && !crate::state()?.codecs_native {
        return Ok((None, None));
    }
    let mut parser = QsParser::new()
        .behaviour(behaviour)
        .keep_blank_values(keep_blank_values)
        .strict_parsing(strict_parsing)
        .encoding(encoding)
        .errors(errors);
    if let Some(n) = max_num_fields {
        parser = parser.max_num_fields(n);
    }
    if let Some(s) = separator {
        parser = parser.separator(s);
    }
    let layout = strings.layout();
    let built: Result<ArrayRef, Failure> = py.detach(|| {
        let rows = strings.len();
        let mut names = layout.builder(rows);
        let mut values = layout.builder(rows);
        let mut offsets: Vec<i32> = Vec::with_capacity(rows + 1);
        let mut valid = BooleanBufferBuilder::new(rows);
        let mut pairs = 0usize;
        offsets.push(0);
        for row in 0..rows {
            if let Some(q) = strings.get(row) {
                for (name, value) in parser
                    .parse_qsl(q)
                    .map_err(|e| Failure::Row(row_error(row, &e)))?
                {
                    names.push(Some(&name));
                    values.push(Some(&value));
                    pairs += 1;
                }
            }
            valid.append(strings.get(row).is_some());
            let end = i32::try_from(pairs).map_err(|_| {
                Failure::Arrow("more than 2**31 - 1 pairs in one chunk: split the column".into())
            })?;
            offsets.push(end);
        }
        let text = |n: &str| Field::new(n, layout.data_type(), true);
        let pair_fields = Fields::from(vec![text("name"), text("value")]);
        let pair = StructArray::try_new(
            pair_fields.clone(),
            vec![names.finish(), values.finish()],
            None,
        )
        .map_err(|e| Failure::Arrow(e.to_string()))?;
        let item = Arc::new(Field::new("item", DataType::Struct(pair_fields), true));
        let list = ListArray::try_new(
            item,
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Arc::new(pair),
            Some(NullBuffer::new(valid.finish())),
        )
        .map_err(|e| Failure::Arrow(e.to_string()))?;
        Ok(Arc::new(list) as ArrayRef)
    });
    match built {
        Ok(column) => Ok((Some(ffi::export(py, &column)?), None)),
        Err(Failure::Row(e)) => Ok((None, Some(e))),
        Err(Failure::Arrow(message)) => Err(PyValueError::new_err(message)),
    }
}

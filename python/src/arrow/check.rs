//! `urlsyntax.arrow.neturl_check`: whether each URL is well formed for
//! Neturl, as `struct<valid: bool, part: string, message: string>`.

use std::sync::Arc;

use arrow_array::builder::{BooleanBufferBuilder, BooleanBuilder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urlsyntax::neturl::{parse_url, Error, ParseOptions, SchemeTable};

use super::column::Strings;
use super::{ffi, Capsules};

/// Neturl's `parse_url` over every row. `base_syntax` names a scheme of
/// the common table whose syntax reads relative URLs (`None`: relative
/// URLs are malformed). A malformed URL gives the part at fault (`null`
/// when the URL as a whole is) and the reason.
#[pyfunction]
#[pyo3(signature = (urls, base_syntax=None, accept_8bits=false, enable_fragment=false))]
pub(crate) fn _arrow_neturl_check<'py>(
    py: Python<'py>,
    urls: Capsules<'py>,
    base_syntax: Option<&str>,
    accept_8bits: bool,
    enable_fragment: bool,
) -> PyResult<Capsules<'py>> {
    let input = ffi::import(&urls)?;
    let strings = Strings::of(&input, "urls")?;
    let table = SchemeTable::common();
    let base = match base_syntax {
        None => None,
        Some(name) => Some(table.get(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "base_syntax {name:?} is not a scheme of the common table"
            ))
        })?),
    };
    let options = ParseOptions {
        schemes: Some(table),
        base_syntax: base,
        accept_8bits,
        enable_fragment,
    };
    let layout = strings.layout();
    let result = py.detach(|| {
        let rows = strings.len();
        let mut valid = BooleanBuilder::with_capacity(rows);
        let mut part = layout.builder(rows);
        let mut message = layout.builder(rows);
        let mut present = BooleanBufferBuilder::new(rows);
        for row in 0..rows {
            let Some(url) = strings.get(row) else {
                valid.append_null();
                part.push(None);
                message.push(None);
                present.append(false);
                continue;
            };
            present.append(true);
            match parse_url(url, &options) {
                Ok(_) => {
                    valid.append_value(true);
                    part.push(None);
                    message.push(None);
                }
                Err(e) => {
                    valid.append_value(false);
                    let (at, why) = match &e {
                        Error::Malformed { part, reason } => (Some(part.to_string()), *reason),
                        _ => (None, ""),
                    };
                    part.push(at.as_deref());
                    if why.is_empty() {
                        message.push(Some(&e.to_string()));
                    } else {
                        message.push(Some(why));
                    }
                }
            }
        }
        let fields = Fields::from(vec![
            Field::new("valid", DataType::Boolean, true),
            Field::new("part", layout.data_type(), true),
            Field::new("message", layout.data_type(), true),
        ]);
        let columns: Vec<ArrayRef> =
            vec![Arc::new(valid.finish()), part.finish(), message.finish()];
        StructArray::try_new(fields, columns, Some(NullBuffer::new(present.finish())))
    });
    let result = result.map_err(|e| PyValueError::new_err(e.to_string()))?;
    ffi::export(py, &result)
}

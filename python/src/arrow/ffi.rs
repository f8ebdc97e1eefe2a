//! Arrow arrays in and out through the Arrow PyCapsule interface: the
//! `(schema, array)` capsule pair of `__arrow_c_array__` and
//! `Array._import_from_c_capsule`.

use std::ffi::CStr;

use arrow_array::ffi::{from_ffi, to_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{make_array, Array, ArrayRef};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use super::Capsules;

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";

/// Moves the array out of a capsule pair that `__arrow_c_array__` made.
///
/// The buffers are not copied: the array keeps the producer's release
/// callback and frees them through it when dropped.
pub(crate) fn import((schema, array): &Capsules<'_>) -> PyResult<ArrayRef> {
    // `pointer_checked` fails unless each capsule carries the name the
    // protocol gives it, so the casts below are to the right struct.
    let schema_ptr = schema.pointer_checked(Some(SCHEMA))?;
    let array_ptr = array.pointer_checked(Some(ARRAY))?;
    // SAFETY: a capsule named "arrow_schema" holds a valid, initialized
    // `ArrowSchema` (the C Data Interface's ABI, which `FFI_ArrowSchema`
    // is declared `repr(C)` to match) that lives as long as the capsule,
    // and `schema` keeps the capsule alive through this borrow; it is only
    // read.
    let ffi_schema = unsafe { &*(schema_ptr.as_ptr() as *const FFI_ArrowSchema) };
    // SAFETY: a capsule named "arrow_array" holds a valid `ArrowArray`.
    // `from_raw` moves it out and leaves a released (empty) struct behind,
    // as the protocol asks of a consumer, so the capsule's destructor does
    // not release the buffers a second time.
    let ffi_array = unsafe { FFI_ArrowArray::from_raw(array_ptr.as_ptr() as *mut FFI_ArrowArray) };
    // SAFETY: `ffi_array` and `ffi_schema` come from one
    // `__arrow_c_array__` call, so the schema describes the array.
    let data = unsafe { from_ffi(ffi_array, ffi_schema) }
        .map_err(|e| PyValueError::new_err(format!("cannot import the Arrow array: {e}")))?;
    Ok(make_array(data))
}

/// The capsule pair of `array`, for `pyarrow.Array._import_from_c_capsule`.
/// Each capsule owns its struct; the consumer moves the contents out, and
/// whatever it leaves is released when the capsule is destroyed.
pub(crate) fn export<'py>(
    py: Python<'py>,
    array: &dyn Array,
) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
    let (ffi_array, ffi_schema) = to_ffi(&array.to_data())
        .map_err(|e| PyValueError::new_err(format!("cannot export the Arrow array: {e}")))?;
    let schema = PyCapsule::new_with_value(py, ffi_schema, SCHEMA)?;
    let array = PyCapsule::new_with_value(py, ffi_array, ARRAY)?;
    Ok((schema, array))
}

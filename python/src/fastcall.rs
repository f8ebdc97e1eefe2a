//! `urlsplit` as a plain C function of the vectorcall convention: a call
//! with the URL alone (nearly every call) goes straight to the native
//! code, without pyo3's argument parsing; any other call goes to the pyo3
//! function, which handles every argument form. (`function` then wraps
//! it as it wraps the others.)

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::split::urlsplit_default;

/// The pyo3 `urlsplit`, for calls with more than the URL.
static GENERAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The general function called with the vectorcall arguments.
///
/// # Safety
/// `args` holds `nargs` positional arguments followed by one value per name
/// in the tuple `kwnames` (or `kwnames` is NULL), as CPython passes them.
unsafe fn general<'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let f = GENERAL
        .get(py)
        .ok_or_else(|| PyRuntimeError::new_err("urlsplit is not set up"))?;
    let nargs = nargs.max(0) as usize;
    let arg = |i: usize| Bound::from_borrowed_ptr(py, *args.add(i));
    let positional = PyTuple::new(py, (0..nargs).map(arg))?;
    let kwargs = PyDict::new(py);
    if !kwnames.is_null() {
        let names = Bound::from_borrowed_ptr(py, kwnames).cast_into::<PyTuple>()?;
        for (i, name) in names.iter().enumerate() {
            kwargs.set_item(name, arg(nargs + i))?;
        }
    }
    f.bind(py).call(positional, Some(&kwargs))
}

unsafe extern "C" fn urlsplit_vectorcall(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached.
    let py = Python::assume_attached();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        if nargs == 1 && kwnames.is_null() {
            urlsplit_default(py, &Bound::from_borrowed_ptr(py, *args))
        } else {
            general(py, args, nargs, kwnames)
        }
    }));
    let result = outcome.unwrap_or_else(|_| {
        Err(PyRuntimeError::new_err(
            "urlsyntax: internal error in urlsplit",
        ))
    });
    match result {
        Ok(obj) => obj.into_ptr(),
        Err(e) => {
            e.restore(py);
            ptr::null_mut()
        }
    }
}

const DOC: &str = "urlsplit(url, scheme='', allow_fragments=True)\n--\n\n\
    Parse a URL into 5 components, as urllib.parse.urlsplit.\0";

/// Replaces the module's pyo3 `urlsplit` with the vectorcall entry.
pub(crate) fn install(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let general = m.getattr("urlsplit")?.unbind();
    let _ = GENERAL.set(py, general);
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"urlsplit".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: urlsplit_vectorcall,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: DOC.as_ptr() as *const c_char,
    }));
    let module_name = PyString::new(py, "urlsyntax._native");
    // SAFETY: `def` lives for the rest of the process; `PyCFunction_NewEx`
    // returns a new reference or NULL with an exception set.
    let f = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, ptr::null_mut(), module_name.as_ptr()),
        )?
    };
    m.add("urlsplit", f)
}

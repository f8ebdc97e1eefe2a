//! `urlsplit`, `urlparse`, `urljoin` and `parse_qsl` as plain C functions
//! of the vectorcall convention: a call with the positional arguments
//! alone (`urlsplit(url)`, `urljoin(base, url)`: nearly every call) goes
//! straight to the native code, without pyo3's argument parsing; any other
//! call goes to the pyo3 function, which handles every argument form.
//! (`function` then wraps them as it wraps the others.)

use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::qs::parse_qsl_default;
use crate::split::{urlparse_default, urlsplit_default};
use crate::unsplit::urljoin_default;

/// A function's answer to a call with one argument, and with two.
type OneArgument = for<'py> fn(Python<'py>, &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>>;
type TwoArguments =
    for<'py> fn(Python<'py>, &Bound<'py, PyAny>, &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>>;

/// A function's answer to a call with its required arguments alone.
enum Required {
    One(OneArgument),
    Two(TwoArguments),
}

/// A function with a vectorcall entry: its name, its doc (a C string
/// with the signature line) and its answer to its required arguments.
struct Entry {
    name: &'static CStr,
    doc: &'static CStr,
    required: Required,
}

const ENTRIES: [Entry; 4] = [
    Entry {
        name: c"urlsplit",
        doc: c"urlsplit(url, scheme='', allow_fragments=True)\n--\n\n\
               Parse a URL into 5 components, as urllib.parse.urlsplit.",
        required: Required::One(urlsplit_default),
    },
    Entry {
        name: c"urlparse",
        doc: c"urlparse(url, scheme='', allow_fragments=True)\n--\n\n\
               Parse a URL into 6 components, as urllib.parse.urlparse.",
        required: Required::One(urlparse_default),
    },
    Entry {
        name: c"urljoin",
        doc: c"urljoin(base, url, allow_fragments=True)\n--\n\n\
               Join a base URL and a possibly relative URL, as urllib.parse.urljoin.",
        required: Required::Two(urljoin_default),
    },
    Entry {
        name: c"parse_qsl",
        doc: c"parse_qsl(qs, keep_blank_values=False, strict_parsing=False, \
               encoding='utf-8', errors='replace', max_num_fields=None, separator='&')\n--\n\n\
               Parse a query given as a string argument, as urllib.parse.parse_qsl.",
        required: Required::One(parse_qsl_default),
    },
];

/// The pyo3 function of each entry, for calls with more than the URL.
static GENERAL: [PyOnceLock<Py<PyAny>>; ENTRIES.len()] =
    [const { PyOnceLock::new() }; ENTRIES.len()];

/// The general function called with the vectorcall arguments.
///
/// # Safety
/// `args` holds `nargs` positional arguments followed by one value per name
/// in the tuple `kwnames` (or `kwnames` is NULL), as CPython passes them.
unsafe fn general<'py>(
    py: Python<'py>,
    entry: usize,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    let f = GENERAL[entry]
        .get(py)
        .ok_or_else(|| PyRuntimeError::new_err("the function is not set up"))?;
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

/// The vectorcall entry of `ENTRIES[E]`.
unsafe extern "C" fn vectorcall<const E: usize>(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached.
    let py = Python::assume_attached();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `args` holds `nargs` live objects, borrowed for the
        // call; `arg` is read only below `nargs` (the arms that match it).
        let arg = |i: usize| Bound::from_borrowed_ptr(py, *args.add(i));
        match (&ENTRIES[E].required, nargs, kwnames.is_null()) {
            (Required::One(f), 1, true) => f(py, &arg(0)),
            (Required::Two(f), 2, true) => f(py, &arg(0), &arg(1)),
            _ => general(py, E, args, nargs, kwnames),
        }
    }));
    let result = outcome.unwrap_or_else(|_| {
        Err(PyRuntimeError::new_err(format!(
            "urlsyntax: internal error in {}",
            ENTRIES[E].name.to_string_lossy()
        )))
    });
    match result {
        Ok(obj) => obj.into_ptr(),
        Err(e) => {
            e.restore(py);
            ptr::null_mut()
        }
    }
}

/// Replaces the module's pyo3 functions of `ENTRIES` with their
/// vectorcall entries.
pub(crate) fn install(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // One line below for each entry (an entry's index is a constant).
    const { assert!(ENTRIES.len() == 4) };
    install_entry::<0>(m)?;
    install_entry::<1>(m)?;
    install_entry::<2>(m)?;
    install_entry::<3>(m)
}

fn install_entry<const E: usize>(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let name = ENTRIES[E].name;
    let general = m.getattr(name.to_string_lossy().as_ref())?.unbind();
    let _ = GENERAL[E].set(py, general);
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: vectorcall::<E>,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: ENTRIES[E].doc.as_ptr(),
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
    m.add(name.to_string_lossy().as_ref(), f)
}

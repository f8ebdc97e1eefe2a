//! `urlsplit` as a plain C function of the vectorcall convention: a call
//! with the URL alone (nearly every call) goes straight to the native
//! code, without pyo3's argument parsing; any other call goes to the pyo3
//! function, which handles every argument form. Where the interpreter's
//! `urlsplit` is an `lru_cache`, the same entry serves an object that
//! carries the cache interface (`CachedSplit`).

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
    m.add("urlsplit", f)?;
    m.add_function(wrap_pyfunction!(_cached_urlsplit, m)?)
}

/// The flag vectorcall sets in `nargsf` beside the count.
const ARGUMENTS_OFFSET: usize = 1 << (usize::BITS - 1);
/// `Py_TPFLAGS_HAVE_VECTORCALL` (its value in every release; pyo3 names it
/// for the stable ABI of 3.12 on only).
const HAVE_VECTORCALL: std::ffi::c_ulong = 1 << 11;

/// `urlsplit` where the interpreter's is an `lru_cache` (3.11+): an object
/// of its own type, called through vectorcall as the builtin is, with an
/// instance dict for the cache interface (`cache_info`, `__wrapped__`,
/// ...) that a builtin function cannot carry.
#[repr(C)]
struct CachedSplit {
    ob_base: ffi::PyObject,
    vectorcall: unsafe extern "C" fn(
        *mut ffi::PyObject,
        *const *mut ffi::PyObject,
        usize,
        *mut ffi::PyObject,
    ) -> *mut ffi::PyObject,
    dict: *mut ffi::PyObject,
}

unsafe extern "C" fn cached_vectorcall(
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let nargs = (nargsf & !ARGUMENTS_OFFSET) as ffi::Py_ssize_t;
    // SAFETY: CPython passes `nargs` arguments and `kwnames` as
    // `urlsplit_vectorcall` takes them.
    unsafe { urlsplit_vectorcall(callable, args, nargs, kwnames) }
}

/// `tp_call` (`callable(urlsplit)` reads it; calls take vectorcall).
unsafe extern "C" fn cached_call(
    _callable: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    match GENERAL.get(py) {
        // SAFETY: `args` is a tuple and `kwargs` a dict or NULL, as
        // `PyObject_Call` takes them; it returns a new reference or NULL.
        Some(f) => unsafe { ffi::PyObject_Call(f.as_ptr(), args, kwargs) },
        None => {
            PyRuntimeError::new_err("urlsplit is not set up").restore(py);
            ptr::null_mut()
        }
    }
}

static CACHED: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The one `CachedSplit` object (its type made on the first call).
#[pyfunction]
fn _cached_urlsplit(py: Python<'_>) -> PyResult<Py<PyAny>> {
    CACHED
        .get_or_try_init(py, || {
            let member = |name: &'static std::ffi::CStr, offset: usize| ffi::PyMemberDef {
                name: name.as_ptr(),
                type_code: ffi::Py_T_PYSSIZET,
                offset: offset as ffi::Py_ssize_t,
                flags: ffi::Py_READONLY,
                doc: ptr::null(),
            };
            let members = Box::leak(Box::new([
                member(
                    c"__vectorcalloffset__",
                    std::mem::offset_of!(CachedSplit, vectorcall),
                ),
                member(c"__dictoffset__", std::mem::offset_of!(CachedSplit, dict)),
                ffi::PyMemberDef::default(),
            ]));
            let slots = Box::leak(Box::new([
                ffi::PyType_Slot {
                    slot: ffi::Py_tp_call,
                    pfunc: cached_call as *mut std::ffi::c_void,
                },
                ffi::PyType_Slot {
                    slot: ffi::Py_tp_members,
                    pfunc: members.as_mut_ptr().cast(),
                },
                ffi::PyType_Slot::default(),
            ]));
            let spec = Box::leak(Box::new(ffi::PyType_Spec {
                name: c"urlsyntax._native.CachedSplit".as_ptr(),
                basicsize: std::mem::size_of::<CachedSplit>() as std::ffi::c_int,
                itemsize: 0,
                flags: (ffi::Py_TPFLAGS_DEFAULT | HAVE_VECTORCALL) as std::ffi::c_uint,
                slots: slots.as_mut_ptr(),
            }));
            // SAFETY: `spec`, its slots and members live for the rest of
            // the process (leaked); `PyType_FromSpec` returns a new
            // reference or NULL with an exception set.
            let ty = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(spec))? };
            let ty = ty.cast_into::<pyo3::types::PyType>()?;
            // SAFETY: the type's instances are `CachedSplit`s
            // (`basicsize`); `PyType_GenericAlloc` gives one zeroed, with
            // one reference, whose `vectorcall` is set before it is used.
            unsafe {
                let obj = Bound::from_owned_ptr_or_err(
                    py,
                    ffi::PyType_GenericAlloc(ty.as_type_ptr(), 0),
                )?;
                (*obj.as_ptr().cast::<CachedSplit>()).vectorcall = cached_vectorcall;
                Ok(obj.unbind())
            }
        })
        .map(|o| o.clone_ref(py))
}

//! The package's functions as Python code sees a function of
//! `urllib.parse`: objects of the native type `function`, called through
//! vectorcall straight into the native entry (no Python frame), that bind
//! as methods (a Python function is a descriptor; a builtin is not), carry
//! an instance dict for `__module__`, `__qualname__`, `__signature__` and
//! `urlsplit`'s cache interface, and go to the interpreter's own function
//! while `urllib.parse` holds a sibling they depend on that is not the one
//! they were made for (`siblings`).

use std::ffi::{c_int, c_uint, c_ulong, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::{siblings, FALLBACK_NAMES};

/// The flag vectorcall sets in `nargsf` beside the count.
const ARGUMENTS_OFFSET: usize = 1 << (usize::BITS - 1);
/// `Py_TPFLAGS_HAVE_VECTORCALL` (its value in every release; pyo3 names it
/// for the stable ABI of 3.12 on only).
const HAVE_VECTORCALL: c_ulong = 1 << 11;

type Vectorcall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    usize,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// One function: the native entry of the pyo3 function it stands for, and
/// its place in `FALLBACK_NAMES` (its bit in `siblings`' mask).
#[repr(C)]
struct Function {
    ob_base: ffi::PyObject,
    vectorcall: Vectorcall,
    dict: *mut ffi::PyObject,
    entry: ffi::PyCFunctionFastWithKeywords,
    /// The `self` the entry is called with (the module), held.
    module: *mut ffi::PyObject,
    index: usize,
}

unsafe extern "C" fn function_vectorcall(
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: `callable` is a `Function` (the type's vectorcall offset
    // leads here only from one), set up whole by `wrap`.
    let f = unsafe { &*callable.cast::<Function>() };
    let nargs = (nargsf & !ARGUMENTS_OFFSET) as ffi::Py_ssize_t;
    if siblings::disturbed(f.index) {
        // SAFETY: CPython calls this with the thread attached; `args` and
        // `kwnames` as it passes them.
        return unsafe { call_original(Python::assume_attached(), f.index, args, nargs, kwnames) };
    }
    // SAFETY: the entry takes the METH_FASTCALL | METH_KEYWORDS arguments
    // (`wrap` checked the flags) with the `self` it was made with.
    unsafe { (f.entry)(f.module, args, nargs, kwnames) }
}

/// The interpreter's own function, called with the arguments as given.
///
/// # Safety
/// `args` holds `nargs` positional arguments followed by one value per name
/// in the tuple `kwnames` (or `kwnames` is NULL).
unsafe fn call_original(
    py: Python<'_>,
    index: usize,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let outcome = catch_unwind(AssertUnwindSafe(|| -> PyResult<Bound<'_, PyAny>> {
        let original = siblings::original(py, index)?;
        let arg = |i: usize| unsafe { Bound::from_borrowed_ptr(py, *args.add(i)) };
        let nargs = nargs.max(0) as usize;
        let positional = PyTuple::new(py, (0..nargs).map(arg))?;
        let kwargs = PyDict::new(py);
        if !kwnames.is_null() {
            // SAFETY: `kwnames` is a tuple of the keywords' names.
            let names = unsafe { Bound::from_borrowed_ptr(py, kwnames) }.cast_into::<PyTuple>()?;
            for (i, name) in names.iter().enumerate() {
                kwargs.set_item(name, arg(nargs + i))?;
            }
        }
        original.call(positional, Some(&kwargs))
    }));
    finish(py, outcome)
}

fn finish(
    py: Python<'_>,
    outcome: std::thread::Result<PyResult<Bound<'_, PyAny>>>,
) -> *mut ffi::PyObject {
    let result =
        outcome.unwrap_or_else(|_| Err(PyRuntimeError::new_err("urlsyntax: internal error")));
    match result {
        Ok(obj) => obj.into_ptr(),
        Err(e) => {
            e.restore(py);
            ptr::null_mut()
        }
    }
}

/// `tp_call`: a call made with a tuple and a dict (`PyObject_Call`),
/// passed on as vectorcall arguments.
unsafe extern "C" fn function_call(
    callable: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached, `args` a tuple
    // and `kwargs` a dict or NULL.
    let py = unsafe { Python::assume_attached() };
    let outcome = catch_unwind(AssertUnwindSafe(|| -> PyResult<Bound<'_, PyAny>> {
        let args = unsafe { Bound::from_borrowed_ptr(py, args) }.cast_into::<PyTuple>()?;
        let mut vector: Vec<Bound<'_, PyAny>> = args.iter().collect();
        let nargs = vector.len();
        let mut names = Vec::new();
        if !kwargs.is_null() {
            let kwargs = unsafe { Bound::from_borrowed_ptr(py, kwargs) }.cast_into::<PyDict>()?;
            for (k, v) in kwargs.iter() {
                names.push(k);
                vector.push(v);
            }
        }
        let kwnames = (!names.is_empty())
            .then(|| PyTuple::new(py, names))
            .transpose()?;
        let pointers: Vec<*mut ffi::PyObject> = vector.iter().map(Bound::as_ptr).collect();
        let kwnames_ptr = kwnames.as_ref().map_or(ptr::null_mut(), |t| t.as_ptr());
        // SAFETY: `callable` is a `Function`; the pointers are borrowed
        // from `vector` and `kwnames`, alive for the call; the result is a
        // new reference or NULL with an exception set.
        unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                function_vectorcall(callable, pointers.as_ptr(), nargs, kwnames_ptr),
            )
        }
    }));
    finish(py, outcome)
}

/// `types.MethodType`, which binds a function to an instance.
static METHOD_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `tp_descr_get`: read through an instance, the function binds to it as
/// a Python function does; through a class (or `None`), it is itself.
unsafe extern "C" fn function_get(
    callable: *mut ffi::PyObject,
    instance: *mut ffi::PyObject,
    _owner: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let outcome = catch_unwind(AssertUnwindSafe(|| -> PyResult<Bound<'_, PyAny>> {
        // SAFETY: both are borrowed references CPython holds for the call.
        let this = unsafe { Bound::from_borrowed_ptr(py, callable) };
        if instance.is_null() || instance == unsafe { ffi::Py_None() } {
            return Ok(this);
        }
        let instance = unsafe { Bound::from_borrowed_ptr(py, instance) };
        let method = METHOD_TYPE.get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("types")?.getattr("MethodType")?.unbind())
        })?;
        method.bind(py).call1((this, instance))
    }));
    finish(py, outcome)
}

/// `tp_repr`: `<function quote at 0x…>`, as a Python function reads.
unsafe extern "C" fn function_repr(callable: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let outcome = catch_unwind(AssertUnwindSafe(|| -> PyResult<Bound<'_, PyAny>> {
        let this = unsafe { Bound::from_borrowed_ptr(py, callable) };
        let name = this.getattr("__qualname__")?;
        Ok(
            pyo3::types::PyString::new(py, &format!("<function {name} at {callable:p}>"))
                .into_any(),
        )
    }));
    finish(py, outcome)
}

static FUNCTION_TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn function_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    FUNCTION_TYPE
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
                    std::mem::offset_of!(Function, vectorcall),
                ),
                member(c"__dictoffset__", std::mem::offset_of!(Function, dict)),
                ffi::PyMemberDef::default(),
            ]));
            let slot = |slot: c_int, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
            let slots = Box::leak(Box::new([
                slot(ffi::Py_tp_call, function_call as *mut c_void),
                slot(ffi::Py_tp_descr_get, function_get as *mut c_void),
                slot(ffi::Py_tp_repr, function_repr as *mut c_void),
                slot(ffi::Py_tp_members, members.as_mut_ptr().cast()),
                ffi::PyType_Slot::default(),
            ]));
            let spec = Box::leak(Box::new(ffi::PyType_Spec {
                name: c"urlsyntax._native.function".as_ptr(),
                basicsize: std::mem::size_of::<Function>() as c_int,
                itemsize: 0,
                // A method descriptor: `obj.f(x)` calls `f(obj, x)` without
                // making the bound method, as for a Python function.
                flags: (ffi::Py_TPFLAGS_DEFAULT
                    | HAVE_VECTORCALL
                    | ffi::Py_TPFLAGS_METHOD_DESCRIPTOR) as c_uint,
                slots: slots.as_mut_ptr(),
            }));
            // SAFETY: `spec`, its slots and members live for the rest of
            // the process (leaked); `PyType_FromSpec` returns a new
            // reference or NULL with an exception set.
            let ty = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(spec))? };
            Ok::<_, PyErr>(ty.cast_into::<PyType>()?.unbind())
        })
        .map(|t| t.bind(py))
}

/// The `function` standing for the module's pyo3 function `name`.
fn wrap<'py>(m: &Bound<'py, PyModule>, index: usize, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = m.py();
    let builtin = m.getattr(name)?;
    // SAFETY: `builtin` is a builtin function object (checked first);
    // the getters return its flags, its C function and its borrowed `self`.
    let (entry, module) = unsafe {
        if ffi::PyCFunction_Check(builtin.as_ptr()) == 0 {
            return Err(PyTypeError::new_err(format!(
                "_native.{name} is not a builtin function"
            )));
        }
        let flags = ffi::PyCFunction_GetFlags(builtin.as_ptr());
        if flags != ffi::METH_FASTCALL | ffi::METH_KEYWORDS {
            return Err(PyTypeError::new_err(format!(
                "_native.{name} is not METH_FASTCALL | METH_KEYWORDS"
            )));
        }
        let Some(meth) = ffi::PyCFunction_GetFunction(builtin.as_ptr()) else {
            return Err(PyTypeError::new_err(format!(
                "_native.{name} has no C function"
            )));
        };
        // SAFETY: a METH_FASTCALL | METH_KEYWORDS function's pointer is
        // stored as `PyCFunction` and called as this type.
        let entry: ffi::PyCFunctionFastWithKeywords = std::mem::transmute(meth);
        (entry, ffi::PyCFunction_GetSelf(builtin.as_ptr()))
    };
    let ty = function_type(py)?;
    // SAFETY: the type's instances are `Function`s (`basicsize`);
    // `PyType_GenericAlloc` gives one zeroed with one reference, whose
    // fields are all set before it is returned; `module` is held by the
    // object for good (functions live as long as the module).
    unsafe {
        let obj = Bound::from_owned_ptr_or_err(py, ffi::PyType_GenericAlloc(ty.as_type_ptr(), 0))?;
        let f = obj.as_ptr().cast::<Function>();
        (*f).vectorcall = function_vectorcall;
        (*f).entry = entry;
        if !module.is_null() {
            ffi::Py_IncRef(module);
        }
        (*f).module = module;
        (*f).index = index;
        obj.setattr("__name__", name)?;
        obj.setattr("__qualname__", name)?;
        obj.setattr("__doc__", builtin.getattr("__doc__")?)?;
        obj.setattr("__text_signature__", builtin.getattr("__text_signature__")?)?;
        Ok(obj)
    }
}

/// Replaces each of the module's pyo3 functions of `FALLBACK_NAMES` with
/// its `function`.
pub(crate) fn install(m: &Bound<'_, PyModule>) -> PyResult<()> {
    for (index, name) in FALLBACK_NAMES.iter().enumerate() {
        let f = wrap(m, index, name)?;
        m.add(*name, f)?;
    }
    Ok(())
}

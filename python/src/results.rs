//! Result objects: instances of urllib.parse's own result classes,
//! allocated as tuple subtypes and filled in place, with shared strings for
//! empty parts and common schemes.

use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyString, PyTuple, PyType};

/// Schemes kept as interned strings: most URLs have one of them.
const COMMON_SCHEMES: [&str; 8] = [
    "http", "https", "ftp", "file", "ws", "wss", "mailto", "data",
];

static SCHEMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
static EMPTY: PyOnceLock<Py<PyString>> = PyOnceLock::new();

/// The text input a result's parts are cut from: a part that is the whole
/// input is the input object itself, and a part of an ASCII input is cut
/// from it by code point (no UTF-8 decoding).
pub(crate) struct Source<'a, 'py> {
    text: &'a str,
    object: &'a Bound<'py, PyAny>,
    ascii: bool,
}

impl<'a, 'py> Source<'a, 'py> {
    pub(crate) fn new(text: &'a str, object: &'a Bound<'py, PyAny>) -> Self {
        Source {
            text,
            object,
            ascii: text.is_ascii(),
        }
    }

    /// Whether `part` starts where the input starts.
    pub(crate) fn starts_with(&self, part: &str) -> bool {
        part.as_ptr() == self.text.as_ptr()
    }

    /// `part` as a Python `str`.
    pub(crate) fn part(&self, py: Python<'py>, part: &str) -> Bound<'py, PyAny> {
        let start = (part.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        let inside = start <= self.text.len() && part.len() <= self.text.len() - start;
        if !inside || part.is_empty() {
            return text(py, part);
        }
        if part.len() == self.text.len() {
            return self.object.clone();
        }
        if !self.ascii {
            return text(py, part);
        }
        // SAFETY: `object` is a `str` whose UTF-8 form is `text`, all ASCII,
        // so byte offsets are code point offsets and `start..start + len`
        // lies inside it; `PyUnicode_Substring` returns a new reference or
        // NULL with an exception set.
        unsafe {
            let ptr = ffi::PyUnicode_Substring(
                self.object.as_ptr(),
                start as ffi::Py_ssize_t,
                (start + part.len()) as ffi::Py_ssize_t,
            );
            Bound::from_owned_ptr_or_opt(py, ptr).unwrap_or_else(|| text(py, part))
        }
    }
}

/// `s` as a Python `str`, shared when empty or a common scheme.
pub(crate) fn text<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    if s.is_empty() {
        return EMPTY
            .get_or_init(py, || PyString::intern(py, "").unbind())
            .bind(py)
            .clone()
            .into_any();
    }
    scheme_text(py, s).unwrap_or_else(|| PyString::new(py, s).into_any())
}

/// The interned string for a common scheme.
pub(crate) fn scheme_text<'py>(py: Python<'py>, s: &str) -> Option<Bound<'py, PyAny>> {
    if s.len() > 6 {
        return None;
    }
    let i = COMMON_SCHEMES.iter().position(|c| *c == s)?;
    let interned = SCHEMES.get_or_init(py, || {
        COMMON_SCHEMES
            .iter()
            .map(|c| PyString::intern(py, c).unbind())
            .collect()
    });
    Some(interned[i].bind(py).clone().into_any())
}

/// `b` as a Python `bytes`.
pub(crate) fn bytes<'py>(py: Python<'py>, b: &[u8]) -> Bound<'py, PyAny> {
    PyBytes::new(py, b).into_any()
}

/// urllib.parse's result classes, text then bytes, and how their
/// instances are made.
pub(crate) struct ResultClasses {
    pub(crate) split: Py<PyType>,
    pub(crate) parse: Py<PyType>,
    pub(crate) defrag: Py<PyType>,
    pub(crate) split_bytes: Py<PyType>,
    pub(crate) parse_bytes: Py<PyType>,
    pub(crate) defrag_bytes: Py<PyType>,
    pub(crate) construct: Construct,
    /// 3.15: a result remembers the `missing_as_none` that made it, in
    /// the slot `_keep_empty` (pickling and `urlunsplit` read it).
    pub(crate) keep_empty: bool,
}

impl ResultClasses {
    /// An instance of `class` holding `items`; with 3.15's slot, made by
    /// `missing_as_none` (`None`: left out, so `False`).
    pub(crate) fn make<'py, const N: usize>(
        &self,
        py: Python<'py>,
        class: &Py<PyType>,
        items: [Bound<'py, PyAny>; N],
        missing_as_none: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let obj = instance(py, class, items, self.construct)?;
        if self.keep_empty {
            let value = match missing_as_none {
                Some(v) => v.clone(),
                None => PyBool::new(py, false).to_owned().into_any(),
            };
            obj.setattr(intern!(py, "_keep_empty"), value)?;
        }
        Ok(obj)
    }

    /// Whether `obj` is an instance of one of the classes, exactly.
    pub(crate) fn is_result(&self, obj: &Bound<'_, PyAny>) -> bool {
        let ty = obj.get_type();
        [
            &self.split,
            &self.parse,
            &self.defrag,
            &self.split_bytes,
            &self.parse_bytes,
            &self.defrag_bytes,
        ]
        .iter()
        .any(|k| ty.is(k.bind(obj.py())))
    }
}

/// How result objects are made.
#[derive(Clone, Copy)]
pub(crate) enum Construct {
    /// Allocated and filled in place, as `tuple.__new__` fills a subtype:
    /// the classes are plain tuple subtypes (up to 3.13).
    InPlace,
    /// By tuple's own constructor: from 3.14 a tuple caches its hash in
    /// its layout, which only that constructor sets.
    TupleNew(ffi::newfunc),
}

impl Construct {
    /// `in_place` when the classes allow it, else tuple's constructor.
    pub(crate) fn new(in_place: bool) -> PyResult<Construct> {
        if in_place {
            return Ok(Construct::InPlace);
        }
        // SAFETY: `PyTuple_Type` is a static type object; `PyType_GetSlot`
        // reads its `tp_new`, which is a `newfunc` (never NULL for tuple).
        let slot = unsafe { ffi::PyType_GetSlot(&raw mut ffi::PyTuple_Type, ffi::Py_tp_new) };
        if slot.is_null() {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "urlsyntax: tuple has no constructor",
            ));
        }
        // SAFETY: the `Py_tp_new` slot holds a `newfunc`.
        Ok(Construct::TupleNew(unsafe {
            std::mem::transmute::<*mut std::ffi::c_void, ffi::newfunc>(slot)
        }))
    }
}

/// An instance of the tuple subtype `class` (one of urllib.parse's result
/// classes, checked at configuration) holding `items`.
pub(crate) fn instance<'py, const N: usize>(
    py: Python<'py>,
    class: &Py<PyType>,
    items: [Bound<'py, PyAny>; N],
    construct: Construct,
) -> PyResult<Bound<'py, PyAny>> {
    let class = class.bind(py);
    if let Construct::TupleNew(new) = construct {
        // `tuple.__new__(class, items)`, without the Python-level call.
        let args = PyTuple::new(py, [PyTuple::new(py, items)?])?;
        // SAFETY: `new` is tuple's `tp_new`; `class` is a tuple subtype and
        // `args` a tuple of one tuple, as `tuple.__new__` passes them. It
        // returns a new reference or NULL with an exception set.
        return unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                new(class.as_type_ptr(), args.as_ptr(), std::ptr::null_mut()),
            )
        };
    }
    // SAFETY: `class` is a tuple subtype (urllib.parse's namedtuple
    // results) whose layout is tuple's (checked at configuration), so
    // `PyType_GenericAlloc` gives a new tuple of `N` empty slots with one
    // reference, which `PyTuple_SetItem` fills (stealing each item's
    // reference) exactly as `tuple.__new__` fills a subtype.
    unsafe {
        let obj = ffi::PyType_GenericAlloc(class.as_type_ptr(), N as ffi::Py_ssize_t);
        if obj.is_null() {
            return Err(PyErr::fetch(py));
        }
        let owned = Bound::from_owned_ptr(py, obj);
        for (i, item) in items.into_iter().enumerate() {
            if ffi::PyTuple_SetItem(obj, i as ffi::Py_ssize_t, item.into_ptr()) != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(owned)
    }
}

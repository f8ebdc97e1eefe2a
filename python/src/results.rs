//! Result objects: instances of urllib.parse's own result classes (made
//! in `construct`), their parts cut from the input, with shared strings
//! for empty parts and common schemes.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyString, PyType};

use crate::construct::{instance, Construct, KeepEmpty};

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
    is_str: bool,
}

impl<'a, 'py> Source<'a, 'py> {
    /// `object`: the exact `str` whose UTF-8 form is `text` (anything else,
    /// as 3.15's `None` read as '', is never cut from).
    pub(crate) fn new(text: &'a str, object: &'a Bound<'py, PyAny>) -> Self {
        let is_str = object.cast_exact::<PyString>().is_ok();
        // ASCII when its code points are its bytes (a field read, no scan).
        // SAFETY: `object` is a live exact `str` when read.
        let ascii =
            is_str && unsafe { ffi::PyUnicode_GetLength(object.as_ptr()) } as usize == text.len();
        Source {
            text,
            object,
            ascii,
            is_str,
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
        if part.len() == self.text.len() && self.is_str {
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

/// One of urllib.parse's result classes, and its 3.15 slot.
pub(crate) struct Class {
    pub(crate) ty: Py<PyType>,
    keep_empty: Option<KeepEmpty>,
}

impl Class {
    /// The class of results of `n` items, made as `construct` makes them.
    pub(crate) fn new(ty: Bound<'_, PyType>, n: usize, construct: &Construct) -> PyResult<Class> {
        let mut keep_empty = KeepEmpty::of(&ty)?;
        if let (Some(k), Construct::InPlaceHash { items, .. }) = (&mut keep_empty, construct) {
            k.locate(&ty, *items, n)?;
        }
        Ok(Class {
            keep_empty,
            ty: ty.unbind(),
        })
    }

    /// Whether 3.15's slot is written where an instance's memory showed it.
    pub(crate) fn slot_located(&self) -> bool {
        self.keep_empty.as_ref().is_some_and(KeepEmpty::located)
    }
}

/// urllib.parse's result classes, text then bytes, and how their
/// instances are made.
pub(crate) struct ResultClasses {
    pub(crate) split: Class,
    pub(crate) parse: Class,
    pub(crate) defrag: Class,
    pub(crate) split_bytes: Class,
    pub(crate) parse_bytes: Class,
    pub(crate) defrag_bytes: Class,
    pub(crate) construct: Construct,
}

impl ResultClasses {
    /// An instance of `class` holding `items`; with 3.15's slot, which
    /// remembers the `missing_as_none` that made it (`None`: left out, so
    /// `False`; pickling and `urlunsplit` read it).
    pub(crate) fn make<'py, const N: usize>(
        &self,
        py: Python<'py>,
        class: &Class,
        items: [Bound<'py, PyAny>; N],
        missing_as_none: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let obj = instance(py, class.ty.bind(py), items, &self.construct)?;
        if let Some(slot) = &class.keep_empty {
            match missing_as_none {
                Some(v) => slot.set_new(&obj, v)?,
                None => slot.set_new(&obj, PyBool::new(py, false).as_any())?,
            }
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
        .any(|k| ty.is(k.ty.bind(obj.py())))
    }
}

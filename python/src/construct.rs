//! Making result objects: urllib.parse's result classes are tuple
//! subtypes, allocated and filled in place as `tuple.__new__` fills a
//! subtype (no Python call), and 3.15's remember `missing_as_none` in a
//! slot.
//!
//! From 3.14 a tuple caches its hash in its own memory, `-1` until
//! computed, which tuple's constructor sets: a result filled in place
//! sets it too, at the offset a tuple's memory shows it at (checked at
//! configuration; where it is not found, `tuple.__new__` makes them).

use std::ffi::c_void;
use std::mem::size_of;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

/// How result objects are made.
pub(crate) enum Construct {
    /// Allocated and filled in place (up to 3.13 a tuple is its items).
    InPlace,
    /// Filled in place, the items written from `items` on and the hash
    /// cache at `hash` set to "not computed" (3.14+; byte offsets).
    InPlaceHash { hash: usize, items: usize },
    /// By `tuple.__new__` (where the layout is not the one looked for).
    TupleNew(Py<PyAny>),
}

/// Where a tuple caches its hash: after the header (`ob_refcnt`,
/// `ob_type`, `ob_size`), before the items, in 3.14's and 3.15's
/// `PyTupleObject`.
const HASH_OFFSET: usize = 3 * size_of::<usize>();

/// Whether a tuple's memory holds its cached hash at [`HASH_OFFSET`]:
/// `-1` in a new tuple, the hash once computed, and the first item right
/// after (`tuple.__basicsize__`, `basicsize`, must say so first).
fn hash_cache_found(py: Python<'_>, basicsize: usize) -> PyResult<bool> {
    if basicsize != HASH_OFFSET + size_of::<isize>() {
        return Ok(false);
    }
    let item = PyString::new(py, "urlsyntax");
    let tuple = PyTuple::new(py, [&item])?;
    let word = |offset: usize| -> isize {
        // SAFETY: `tuple` is a live tuple of one item, so its memory spans
        // `basicsize` (checked: `HASH_OFFSET` + one word) plus one item;
        // both words read lie inside it and are plain integers or pointers.
        unsafe {
            (tuple.as_ptr() as *const u8)
                .add(offset)
                .cast::<isize>()
                .read_unaligned()
        }
    };
    let fresh = word(HASH_OFFSET) == -1 && word(basicsize) == item.as_ptr() as isize;
    let hash = tuple.hash()?;
    Ok(fresh && word(HASH_OFFSET) == hash)
}

/// Whether `class` allocates with `PyType_GenericAlloc`, as filling in
/// place assumes (tuple's constructor allocates with the class's own).
fn generic_alloc(class: &Bound<'_, PyType>) -> bool {
    // SAFETY: `class` is a live type object; `Py_tp_alloc` is a valid slot.
    let alloc = unsafe { ffi::PyType_GetSlot(class.as_type_ptr(), ffi::Py_tp_alloc) };
    alloc == ffi::PyType_GenericAlloc as *mut c_void
}

impl Construct {
    /// In place when the classes are plain tuple subtypes (`in_place`, as
    /// the Python side found them) allocated generically, with the hash
    /// cache reset where tuples cache it (`hash_cached`, 3.14+) and it is
    /// found; else tuple's constructor.
    pub(crate) fn new(
        py: Python<'_>,
        classes: &[&Bound<'_, PyType>],
        in_place: bool,
        hash_cached: bool,
        tuple_basicsize: usize,
    ) -> PyResult<Construct> {
        if in_place && classes.iter().all(|c| generic_alloc(c)) {
            if !hash_cached {
                return Ok(Construct::InPlace);
            }
            if hash_cache_found(py, tuple_basicsize)? {
                return Ok(Construct::InPlaceHash {
                    hash: HASH_OFFSET,
                    items: tuple_basicsize,
                });
            }
        }
        let tuple = py.get_type::<PyTuple>();
        Ok(Construct::TupleNew(tuple.getattr("__new__")?.unbind()))
    }
}

/// An instance of the tuple subtype `class` (one of urllib.parse's result
/// classes, checked at configuration) holding `items`.
pub(crate) fn instance<'py, const N: usize>(
    py: Python<'py>,
    class: &Bound<'py, PyType>,
    items: [Bound<'py, PyAny>; N],
    construct: &Construct,
) -> PyResult<Bound<'py, PyAny>> {
    let layout = match construct {
        Construct::TupleNew(new) => return new.bind(py).call1((class, PyTuple::new(py, items)?)),
        Construct::InPlace => None,
        Construct::InPlaceHash { hash, items } => Some((*hash, *items)),
    };
    // SAFETY: `class` is a tuple subtype allocated by
    // `PyType_GenericAlloc` (checked at configuration), so that call gives
    // a new tuple of `N` empty slots (zeroed, GC-tracked, one reference),
    // filled below as tuple's constructor fills a subtype.
    let obj = unsafe {
        let obj = ffi::PyType_GenericAlloc(class.as_type_ptr(), N as ffi::Py_ssize_t);
        Bound::from_owned_ptr_or_err(py, obj)?
    };
    let Some((hash, at)) = layout else {
        for (i, item) in items.into_iter().enumerate() {
            // SAFETY: `obj` is the new tuple, referenced only here; `i < N`;
            // `PyTuple_SetItem` steals the item's reference.
            if unsafe { ffi::PyTuple_SetItem(obj.as_ptr(), i as ffi::Py_ssize_t, item.into_ptr()) }
                != 0
            {
                return Err(PyErr::fetch(py));
            }
        }
        return Ok(obj);
    };
    let base = obj.as_ptr() as *mut u8;
    for (i, item) in items.into_iter().enumerate() {
        // SAFETY: a tuple's items lie from `at` on, one pointer each (found
        // in a tuple's memory at configuration, as every tuple subtype
        // keeps them); `obj` has `N` of them, empty, and is not shared
        // yet: each slot takes the item's reference, as `PyTuple_SET_ITEM`.
        unsafe {
            base.add(at + i * size_of::<usize>())
                .cast::<*mut ffi::PyObject>()
                .write_unaligned(item.into_ptr())
        };
    }
    // SAFETY: the hash cache of a tuple lies at `hash` (found likewise),
    // inside the object's header; the object is not shared yet.
    unsafe { base.add(hash).cast::<isize>().write_unaligned(-1) };
    Ok(obj)
}

/// 3.15's slot `_keep_empty` of a result class: its member descriptor and
/// the descriptor type's setter (`descr.__set__`, without the lookup), or
/// `setattr` where the setter cannot be read (before 3.10 `PyType_GetSlot`
/// reads heap types only).
pub(crate) struct KeepEmpty {
    descr: Py<PyAny>,
    set: Option<ffi::descrsetfunc>,
    /// Where a new instance keeps the slot, when its memory showed it
    /// (right after the items): a byte offset.
    at: Option<usize>,
}

impl KeepEmpty {
    /// The slot of `class`, if it has one.
    pub(crate) fn of(class: &Bound<'_, PyType>) -> PyResult<Option<KeepEmpty>> {
        let Ok(descr) = class.getattr("_keep_empty") else {
            return Ok(None);
        };
        // SAFETY: `descr`'s type is a live type object; `Py_tp_descr_set`
        // is a valid slot, a `descrsetfunc` when not NULL.
        let slot =
            unsafe { ffi::PyType_GetSlot(descr.get_type().as_type_ptr(), ffi::Py_tp_descr_set) };
        // A static type's slot on 3.9: NULL and an error, which `setattr` replaces.
        let _ = PyErr::take(class.py());
        Ok(Some(KeepEmpty {
            descr: descr.unbind(),
            // SAFETY: the slot holds a `descrsetfunc` when not NULL.
            set: (!slot.is_null())
                .then(|| unsafe { std::mem::transmute::<*mut c_void, ffi::descrsetfunc>(slot) }),
            at: None,
        }))
    }

    /// Looks for the slot in the memory of an instance of `class` with
    /// `n` items laid out from `items_at` (3.15 keeps a tuple subtype's
    /// slots after its items): found there, `set_new` writes it directly.
    pub(crate) fn locate(
        &mut self,
        class: &Bound<'_, PyType>,
        items_at: usize,
        n: usize,
    ) -> PyResult<()> {
        let py = class.py();
        let at = items_at + n * size_of::<usize>();
        let basicsize: usize = class.getattr("__basicsize__")?.extract()?;
        let itemsize: usize = class.getattr("__itemsize__")?.extract()?;
        if itemsize != size_of::<usize>() || at + size_of::<usize>() > basicsize + n * itemsize {
            return Ok(());
        }
        let obj = class.call1(PyTuple::new(py, vec![""; n])?)?;
        let sentinel = PyString::new(py, "urlsyntax: where is _keep_empty?");
        self.set(&obj, &sentinel)?;
        // SAFETY: `obj` has `n` items, so its memory spans `basicsize +
        // n * itemsize` bytes, which hold the word at `at` (checked).
        let word = unsafe {
            (obj.as_ptr() as *const u8)
                .add(at)
                .cast::<usize>()
                .read_unaligned()
        };
        let seen = obj.getattr("_keep_empty")?.is(&sentinel);
        if seen && word == sentinel.as_ptr() as usize {
            self.at = Some(at);
        }
        Ok(())
    }

    pub(crate) fn located(&self) -> bool {
        self.at.is_some()
    }

    /// `obj._keep_empty = value` on a new instance (its slot still empty).
    pub(crate) fn set_new(&self, obj: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(at) = self.at else {
            return self.set(obj, value);
        };
        // SAFETY: an instance of the class keeps the slot at `at` (found
        // at configuration in one with as many items); `obj` is new, its
        // slot empty (NULL) and not shared yet: it takes a reference, as
        // the member setter stores it.
        unsafe {
            (obj.as_ptr() as *mut u8)
                .add(at)
                .cast::<*mut ffi::PyObject>()
                .write_unaligned(value.clone().into_ptr())
        };
        Ok(())
    }

    /// `obj._keep_empty = value`.
    pub(crate) fn set(&self, obj: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(set) = self.set else {
            return obj.setattr("_keep_empty", value);
        };
        // SAFETY: `set` is the setter of `descr`'s type, called with the
        // descriptor, an instance of the class it belongs to, and a value,
        // as `descr.__set__(obj, value)` calls it; -1 means an exception.
        let r = unsafe { set(self.descr.as_ptr(), obj.as_ptr(), value.as_ptr()) };
        match r {
            0 => Ok(()),
            _ => Err(PyErr::fetch(obj.py())),
        }
    }
}

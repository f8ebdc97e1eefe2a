//! Whether `urllib.parse` still holds what each function's original reads
//! there (`urlsyntax/_siblings.py` names it): while a name a function
//! needs holds another object (a `mock.patch`, a rebound `SplitResult`
//! or `scheme_chars`), the function goes to the interpreter's own, which
//! reads the module as it stands.
//!
//! A call costs one load and a compare. What is read to know the module
//! changed is the interpreter's own mark of a change:
//! - to 3.11, the dict's version tag (PEP 509), which every change of
//!   the module's dict renews;
//! - from 3.12, a dict watcher (`PyDict_AddWatcher`), which marks the
//!   module changed.
//!
//! After a change, the first call looks every needed name up again.
//! Where neither is available (a layout not the one checked for), every
//! call looks the names up.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicU64, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::FALLBACK_NAMES;

/// How a change of the module's dict is seen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// PEP 509's `ma_version_tag`, read at its offset (checked first).
    VersionTag,
    /// A dict watcher sets `CHANGED`.
    Watcher,
    /// Nothing to read: every call looks the names up.
    EveryCall,
}

struct Watch {
    mode: Mode,
    dict: Py<PyDict>,
    /// Each needed name, with the objects it may hold.
    names: Vec<(Py<PyString>, Vec<Py<PyAny>>)>,
    /// Per function, the bits of `names` it needs.
    needs: Vec<u128>,
    originals: Vec<Py<PyAny>>,
}

static WATCH: AtomicPtr<Watch> = AtomicPtr::new(std::ptr::null_mut());
/// Bit `i`: function `i` goes to the interpreter's own.
static DISTURBED: AtomicU32 = AtomicU32::new(0);
/// The version tag the mask was computed at (`Mode::VersionTag`).
static SEEN_VERSION: AtomicU64 = AtomicU64::new(0);
/// Set by the watcher on any change (`Mode::Watcher`).
static CHANGED: AtomicBool = AtomicBool::new(false);

/// The offset of `ma_version_tag` in a dict (after the object header and
/// `ma_used`), in every 64-bit release that has it (3.6 to 3.11).
const VERSION_TAG_OFFSET: usize = 24;
const USED_OFFSET: usize = 16;

fn watch() -> Option<&'static Watch> {
    let ptr = WATCH.load(Ordering::Acquire);
    // SAFETY: a non-null pointer comes from `Box::leak` in `_watch` and is
    // never freed.
    (!ptr.is_null()).then(|| unsafe { &*ptr })
}

/// The version tag of `dict`.
///
/// # Safety
/// `dict` points to a live dict of a release whose layout
/// `version_tags_readable` confirmed.
unsafe fn version_tag(dict: *mut ffi::PyObject) -> u64 {
    unsafe {
        dict.cast::<u8>()
            .add(VERSION_TAG_OFFSET)
            .cast::<u64>()
            .read()
    }
}

/// Whether dicts here carry PEP 509's tag at its offset: checked on a new
/// dict, whose `ma_used` must read its length and whose tag each change
/// must renew.
fn version_tags_readable(py: Python<'_>) -> PyResult<bool> {
    if py.version_info() >= (3, 12) || cfg!(not(target_pointer_width = "64")) {
        return Ok(false);
    }
    let basicsize: usize = py
        .get_type::<PyDict>()
        .getattr("__basicsize__")?
        .extract()?;
    if basicsize != 48 {
        return Ok(false);
    }
    let d = PyDict::new(py);
    // SAFETY: `d` is a live dict of at least 48 bytes (`__basicsize__`).
    let used = |d: &Bound<'_, PyDict>| unsafe {
        d.as_ptr()
            .cast::<u8>()
            .add(USED_OFFSET)
            .cast::<isize>()
            .read()
    };
    let mut tags = Vec::new();
    for i in 0..3 {
        if used(&d) != i {
            return Ok(false);
        }
        // SAFETY: as above.
        tags.push(unsafe { version_tag(d.as_ptr()) });
        d.set_item(i, i)?;
    }
    Ok(tags[0] != tags[1] && tags[1] != tags[2])
}

/// Marks the module changed (any event of the watched dict).
extern "C" fn on_change(
    _event: c_int,
    _dict: *mut ffi::PyObject,
    _key: *mut ffi::PyObject,
    _new_value: *mut ffi::PyObject,
) -> c_int {
    CHANGED.store(true, Ordering::Release);
    0
}

/// Watches `dict` with `PyDict_AddWatcher` and `PyDict_Watch` (3.12+),
/// looked up in the running interpreter: the stable ABI this module may
/// be built for does not name them.
#[cfg(target_os = "linux")]
fn add_watcher(py: Python<'_>, dict: &Bound<'_, PyDict>) -> bool {
    type Callback =
        extern "C" fn(c_int, *mut ffi::PyObject, *mut ffi::PyObject, *mut ffi::PyObject) -> c_int;
    type AddWatcher = unsafe extern "C" fn(Callback) -> c_int;
    type WatchDict = unsafe extern "C" fn(c_int, *mut ffi::PyObject) -> c_int;
    static WATCHER: std::sync::OnceLock<c_int> = std::sync::OnceLock::new();
    if py.version_info() < (3, 12) {
        return false;
    }
    // SAFETY: the symbols, where present, are CPython's functions of these
    // signatures (documented since 3.12, the releases that reach here).
    let (add, watch_dict) = unsafe {
        let add = libc::dlsym(libc::RTLD_DEFAULT, c"PyDict_AddWatcher".as_ptr());
        let watch_dict = libc::dlsym(libc::RTLD_DEFAULT, c"PyDict_Watch".as_ptr());
        if add.is_null() || watch_dict.is_null() {
            return false;
        }
        (
            std::mem::transmute::<*mut std::ffi::c_void, AddWatcher>(add),
            std::mem::transmute::<*mut std::ffi::c_void, WatchDict>(watch_dict),
        )
    };
    // SAFETY: called with the thread attached; each returns -1 with an
    // exception set on failure, which is cleared (the module then looks
    // its names up on every call).
    let id = *WATCHER.get_or_init(|| unsafe { add(on_change) });
    let ok = id >= 0 && unsafe { watch_dict(id, dict.as_ptr()) } == 0;
    if !ok {
        let _ = PyErr::take(py);
    }
    ok
}

#[cfg(not(target_os = "linux"))]
fn add_watcher(_py: Python<'_>, _dict: &Bound<'_, PyDict>) -> bool {
    false
}

/// Looks every needed name up again and sets the mask.
fn recompute(py: Python<'_>, w: &Watch) {
    let dict = w.dict.bind(py);
    let mut moved: u128 = 0;
    for (bit, (name, accepted)) in w.names.iter().enumerate() {
        let holds = dict.get_item(name.bind(py)).ok().flatten();
        let as_made = holds.is_some_and(|v| accepted.iter().any(|a| a.as_ptr() == v.as_ptr()));
        if !as_made {
            moved |= 1 << bit;
        }
    }
    let mask = w
        .needs
        .iter()
        .enumerate()
        .filter(|(_, need)| *need & moved != 0)
        .fold(0u32, |m, (i, _)| m | 1 << i);
    DISTURBED.store(mask, Ordering::Relaxed);
}

/// Whether function `index` must go to the interpreter's own now.
pub(crate) fn disturbed(index: usize) -> bool {
    if let Some(w) = watch() {
        let stale = match w.mode {
            // SAFETY: `Mode::VersionTag` is set only where
            // `version_tags_readable` held; the dict is held by `w`.
            Mode::VersionTag => {
                (unsafe { version_tag(w.dict.as_ptr()) }) != SEEN_VERSION.load(Ordering::Relaxed)
            }
            // A load first: the swap's locked instruction only after a change.
            Mode::Watcher => {
                CHANGED.load(Ordering::Relaxed) && CHANGED.swap(false, Ordering::Acquire)
            }
            Mode::EveryCall => true,
        };
        if stale {
            // SAFETY: called from a call of a function, with the thread
            // attached.
            let py = unsafe { Python::assume_attached() };
            if w.mode == Mode::VersionTag {
                // SAFETY: as above.
                SEEN_VERSION.store(unsafe { version_tag(w.dict.as_ptr()) }, Ordering::Relaxed);
            }
            recompute(py, w);
        }
    }
    DISTURBED.load(Ordering::Relaxed) >> index & 1 != 0
}

/// The interpreter's own function `index`.
pub(crate) fn original(py: Python<'_>, index: usize) -> PyResult<Bound<'_, PyAny>> {
    watch()
        .and_then(|w| w.originals.get(index))
        .map(|f| f.bind(py).clone())
        .ok_or_else(|| PyValueError::new_err("urlsyntax: the siblings are not watched"))
}

/// Watches `module_dict` (urllib.parse's): `needs[i]` names what function
/// `i` of `FALLBACK_NAMES` reads there, `accepted` maps each such name to
/// the objects it may hold, `originals[i]` is the interpreter's function
/// `i`. Returns how changes are seen.
#[pyfunction]
fn _watch(
    py: Python<'_>,
    module_dict: Bound<'_, PyDict>,
    needs: Vec<Vec<String>>,
    accepted: Bound<'_, PyDict>,
    originals: Vec<Py<PyAny>>,
) -> PyResult<&'static str> {
    if needs.len() != FALLBACK_NAMES.len() || originals.len() != FALLBACK_NAMES.len() {
        return Err(PyValueError::new_err("_watch: one entry per function"));
    }
    let mut names: Vec<(Py<PyString>, Vec<Py<PyAny>>)> = Vec::new();
    let mut bits = Vec::new();
    for need in &needs {
        let mut bits_of = 0u128;
        for name in need {
            let bit = match names
                .iter()
                .position(|(n, _)| n.bind(py).to_str().ok() == Some(name))
            {
                Some(b) => b,
                None => {
                    let objects = match accepted.get_item(name)? {
                        Some(t) => t
                            .cast_into::<PyTuple>()?
                            .iter()
                            .map(Bound::unbind)
                            .collect(),
                        None => Vec::new(),
                    };
                    names.push((PyString::intern(py, name).unbind(), objects));
                    names.len() - 1
                }
            };
            if bit >= 128 {
                return Err(PyValueError::new_err("_watch: more than 128 names"));
            }
            bits_of |= 1 << bit;
        }
        bits.push(bits_of);
    }
    let mode = if version_tags_readable(py)? {
        Mode::VersionTag
    } else if add_watcher(py, &module_dict) {
        Mode::Watcher
    } else {
        Mode::EveryCall
    };
    let w = Watch {
        mode,
        dict: module_dict.unbind(),
        names,
        needs: bits,
        originals,
    };
    recompute(py, &w);
    if mode == Mode::VersionTag {
        // SAFETY: `version_tags_readable` held.
        SEEN_VERSION.store(unsafe { version_tag(w.dict.as_ptr()) }, Ordering::Relaxed);
    }
    // Leaked: a call on another thread may still read the one replaced.
    WATCH.store(Box::leak(Box::new(w)), Ordering::Release);
    Ok(match mode {
        Mode::VersionTag => "version tag",
        Mode::Watcher => "dict watcher",
        Mode::EveryCall => "every call",
    })
}

/// The functions that go to the interpreter's own now, for the tests.
#[pyfunction]
fn _disturbed(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out: Vec<&str> = FALLBACK_NAMES
        .iter()
        .enumerate()
        .filter(|(i, _)| disturbed(*i))
        .map(|(_, n)| *n)
        .collect();
    PyList::new(py, out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_watch, m)?)?;
    m.add_function(wrap_pyfunction!(_disturbed, m)?)?;
    Ok(())
}

//! The native half of `urlsyntax.arrow`: urllib.parse and Neturl over
//! whole Arrow string columns, read in place and answered with the GIL
//! released. The Python half (`urlsyntax/arrow.py`) takes pyarrow arrays
//! and chunked arrays apart into capsule pairs and puts the answers back.

use std::ops::Deref;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use urlsyntax::urllib::{Behaviour, Profile, Urllib};

mod check;
mod column;
mod ffi;
mod masks;
mod pieces;
mod qs;
mod split;
mod split_field;
mod text;
mod view;

/// An exported array: its `(schema, array)` capsule pair.
pub(crate) type Capsules<'py> = (Bound<'py, PyCapsule>, Bound<'py, PyCapsule>);

/// The context a call answers with.
pub(crate) enum Ctx {
    /// The running interpreter's, as `urlsyntax.parse` answers.
    Running(&'static Urllib),
    /// A release named by `profile=`.
    Named(Urllib),
}

impl Deref for Ctx {
    type Target = Urllib;

    fn deref(&self) -> &Urllib {
        match self {
            Ctx::Running(u) => u,
            Ctx::Named(u) => u,
        }
    }
}

/// The context of `profile` (`"3.9"`, `"3.13.0"`), or the running
/// interpreter's when `None`. `None` when the running interpreter has no
/// native context (a release without a profile, or urllib.parse's scheme
/// lists changed since import).
pub(crate) fn context(py: Python<'_>, profile: Option<&str>) -> PyResult<Option<Ctx>> {
    match profile {
        Some(version) => {
            let profile = Profile::from_version(version).ok_or_else(|| {
                PyValueError::new_err(format!("no urlsyntax profile for {version:?}"))
            })?;
            Ok(Some(Ctx::Named(Urllib::new(profile))))
        }
        None => Ok(crate::state()?.ctx_with_lists(py).map(Ctx::Running)),
    }
}

/// The behaviour a call answers with, for the functions that hand it to a
/// builder rather than read a context's scheme lists: `profile`'s own, or
/// the running interpreter's (its probed quirks included).
pub(crate) fn behaviour_of(profile: Option<&str>) -> PyResult<Option<Behaviour>> {
    match profile {
        Some(version) => Profile::from_version(version)
            .map(|p| Some(Behaviour::new(p)))
            .ok_or_else(|| PyValueError::new_err(format!("no urlsyntax profile for {version:?}"))),
        None => Ok(crate::state()?.ctx.as_ref().map(Urllib::behaviour)),
    }
}

/// A row that raised, for the Python half to raise as CPython does:
/// `(row, exception class name, message)`.
pub(crate) type RowError = (usize, &'static str, String);

pub(crate) fn row_error(row: usize, e: &urlsyntax::urllib::Error) -> RowError {
    (row, e.exception().name(), e.to_string())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split::_arrow_split, m)?)?;
    m.add_function(wrap_pyfunction!(text::_arrow_quoting, m)?)?;
    m.add_function(wrap_pyfunction!(text::_arrow_urljoin, m)?)?;
    m.add_function(wrap_pyfunction!(qs::_arrow_parse_qsl, m)?)?;
    m.add_function(wrap_pyfunction!(check::_arrow_neturl_check, m)?)?;
    Ok(())
}

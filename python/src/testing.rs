//! The native half of `urlsyntax.testing`: URL-shaped text from the
//! library's generator (`urlsyntax::fuzzing`), and `urlsplit` with its
//! attributes as a chosen profile answers, entirely in Rust (its errors
//! included: no call goes to the running interpreter, whose release may
//! be another).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use urlsyntax::fuzzing::{url_text, Unstructured};
use urlsyntax::urllib::{Profile, Urllib};

/// The URL the generator reads from `data` (Hypothesis draws the bytes).
#[pyfunction]
fn _fuzzing_url(data: &[u8]) -> String {
    url_text(&mut Unstructured::new(data)).unwrap_or_default()
}

/// `urlsplit(url)` as `release` answers, as a dict of the five parts and
/// `username`, `password`, `hostname` and `port` (a `ValueError` instance
/// for a port that raises); a `ValueError` with CPython's message when
/// `urlsplit` raises.
#[pyfunction]
fn _urlsplit_as<'py>(py: Python<'py>, release: &str, url: &str) -> PyResult<Bound<'py, PyDict>> {
    let profile = Profile::from_version(release)
        .ok_or_else(|| PyValueError::new_err(format!("no urlsyntax profile for {release:?}")))?;
    let r = Urllib::new(profile)
        .urlsplit(url, "", true)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    for (name, part) in [
        ("scheme", &r.scheme),
        ("netloc", &r.netloc),
        ("path", &r.path),
        ("query", &r.query),
        ("fragment", &r.fragment),
    ] {
        d.set_item(name, &**part)?;
    }
    d.set_item("username", r.username())?;
    d.set_item("password", r.password())?;
    d.set_item("hostname", r.hostname().as_deref())?;
    match r.port() {
        Ok(port) => d.set_item("port", port)?,
        Err(e) => d.set_item("port", PyValueError::new_err(e.to_string()).into_value(py))?,
    }
    Ok(d)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_fuzzing_url, m)?)?;
    m.add_function(wrap_pyfunction!(_urlsplit_as, m)?)?;
    Ok(())
}

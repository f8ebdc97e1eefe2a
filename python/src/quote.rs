//! `quote`, `quote_plus`, `quote_from_bytes`, `unquote`, `unquote_plus` and
//! `unquote_to_bytes` for exact `str` and `bytes` arguments and the codecs
//! the library implements; other calls go to urllib.parse.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use urlsyntax::urllib::{unquote_to_bytes as unquote_bytes, CodecOptions, Error, Safe};

use crate::results::{text, Source};
use crate::split::{exact_bytes, exact_str};
use crate::{state, Fallback, Given, State};

/// Inputs longer than this are worked on with the GIL released.
pub(crate) const LONG: usize = 1 << 16;

/// Runs `f`, releasing the GIL when `len` makes the call long.
pub(crate) fn maybe_detached<T: Send>(
    py: Python<'_>,
    len: usize,
    f: impl FnOnce() -> T + Send,
) -> T {
    if len > LONG {
        py.detach(f)
    } else {
        f()
    }
}

/// A `safe` argument: left out (`default`), an exact `str` or `bytes`.
fn safe_arg(safe: Option<&Bound<'_, PyAny>>, default: Safe) -> Option<Safe> {
    match safe {
        None => Some(default),
        Some(s) => match exact_str(s) {
            Some(t) => Some(Safe::from(t)),
            None => exact_bytes(s).map(Safe::from),
        },
    }
}

/// An `encoding` or `errors` argument: `Ok(None)` when left out or `None`,
/// the name when an exact `str`, `Err` for anything else.
fn name_arg<'a>(arg: Option<&'a Bound<'_, PyAny>>) -> Result<Option<&'a str>, ()> {
    match arg {
        None => Ok(None),
        Some(a) if a.is_none() => Ok(None),
        Some(a) => exact_str(a).map(Some).ok_or(()),
    }
}

/// The `encoding` and `errors` arguments of a call on text, each left out
/// or `None` (the function's default) or an exact `str`; `None` when
/// either is of another type (the call goes to the interpreter).
pub(crate) fn codec_options(
    encoding: Option<&Bound<'_, PyAny>>,
    errors: Option<&Bound<'_, PyAny>>,
) -> Option<CodecOptions> {
    let (encoding, errors) = (name_arg(encoding).ok()?, name_arg(errors).ok()?);
    Some(CodecOptions::from_names(
        encoding.map(String::from),
        errors.map(String::from),
    ))
}

const QUOTE_ARGS: [&str; 4] = ["string", "safe", "encoding", "errors"];

/// `quote` (`plus`: `quote_plus`) answered natively, `None` when the call
/// needs the interpreter.
fn quote_native(
    py: Python<'_>,
    st: &State,
    string: &Bound<'_, PyAny>,
    [safe, encoding, errors]: [Option<&Bound<'_, PyAny>>; 3],
    plus: bool,
) -> Option<String> {
    let ctx = st.ctx_for_encoding(encoding)?;
    let default = if plus { Safe::NONE } else { Safe::SLASH };
    let q = ctx.quoter().safe(safe_arg(safe, default)?);
    let options = codec_options(encoding, errors)?;
    if let Some(s) = exact_str(string) {
        let q = q.codec_options(options);
        let r = maybe_detached(py, s.len(), || match plus {
            true => q.quote_plus(s),
            false => q.quote(s),
        });
        return r.ok();
    }
    let b = exact_bytes(string)?;
    if !options.is_default() {
        return None;
    }
    let r = maybe_detached(py, b.len(), || match plus {
        true => q.quote_plus_bytes(b),
        false => q.quote_bytes(b),
    });
    r.ok()
}

/// `quote` (`plus`: `quote_plus`) with its arguments as given: natively,
/// or by urllib.parse's own function.
fn quote_call<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    [safe, encoding, errors]: [Option<&Bound<'py, PyAny>>; 3],
    plus: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(r) = quote_native(py, st, string, [safe, encoding, errors], plus) {
        return Ok(text(py, &r));
    }
    let args = [Some(string), safe, encoding, errors];
    let f = if plus {
        Fallback::QuotePlus
    } else {
        Fallback::Quote
    };
    st.fallback(py, f, &args, &QUOTE_ARGS)
}

given_pyfunction! {
    /// `quote(string, safe='/', encoding=None, errors=None)`
    fn quote(string, safe, encoding, errors) => quote_call(false);
}

given_pyfunction! {
    /// `quote_plus(string, safe='', encoding=None, errors=None)`
    fn quote_plus(string, safe, encoding, errors) => quote_call(true);
}

given_pyfunction! {
    /// `quote_from_bytes(bs, safe='/')`
    fn quote_from_bytes(bs, safe) => quote_from_bytes_call();
}

/// `quote_from_bytes` with its arguments as given: natively, or by
/// urllib.parse's own function.
fn quote_from_bytes_call<'py>(
    py: Python<'py>,
    bs: &Bound<'py, PyAny>,
    [safe]: [Option<&Bound<'py, PyAny>>; 1],
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let (true, Some(b), Some(safe)) = (
        st.ctx.is_some(),
        exact_bytes(bs),
        safe_arg(safe, Safe::SLASH),
    ) {
        let r = maybe_detached(py, b.len(), || {
            urlsyntax::urllib::quote_from_bytes_safe(b, safe)
        });
        return Ok(text(py, &r));
    }
    st.fallback(
        py,
        Fallback::QuoteFromBytes,
        &[Some(bs), safe],
        &["bs", "safe"],
    )
}

/// `unquote` (`plus`: `unquote_plus`) answered natively.
fn unquote_native<'py>(
    py: Python<'py>,
    st: &State,
    string: &Bound<'py, PyAny>,
    [encoding, errors]: [Option<&Bound<'py, PyAny>>; 2],
    plus: bool,
) -> Option<Bound<'py, PyAny>> {
    let ctx = st.ctx_for_encoding(encoding)?;
    let u = ctx.unquoter();
    if let Some(s) = exact_str(string) {
        if !plus && !s.contains('%') {
            return Some(string.clone());
        }
        let u = u.codec_options(codec_options(encoding, errors)?);
        let r: Result<String, Error> = maybe_detached(py, s.len(), || match plus {
            true => u.unquote_plus(s),
            false => u.unquote(s),
        });
        let r = r.ok()?;
        let src = Source::new(s, string);
        return Some(if r == s {
            src.part(py, s)
        } else {
            text(py, &r)
        });
    }
    // Bytes are decoded with `encoding` and `errors` as given: `None` is
    // not a codec name there.
    let b = exact_bytes(string).filter(|_| !plus)?;
    let given = |arg: Option<&Bound<'py, PyAny>>| match arg {
        None => Some(None),
        Some(a) => exact_str(a).map(|s| Some(s.to_string())),
    };
    let u = u.codec_options(CodecOptions::from_names(given(encoding)?, given(errors)?));
    let r = maybe_detached(py, b.len(), || u.unquote_bytes(b)).ok()?;
    Some(text(py, &r))
}

const UNQUOTE_ARGS: [&str; 3] = ["string", "encoding", "errors"];

/// `unquote` (`plus`: `unquote_plus`) with its arguments as given:
/// natively, or by urllib.parse's own function.
fn unquote_call<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    [encoding, errors]: [Option<&Bound<'py, PyAny>>; 2],
    plus: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(r) = unquote_native(py, st, string, [encoding, errors], plus) {
        return Ok(r);
    }
    let args = [Some(string), encoding, errors];
    let f = if plus {
        Fallback::UnquotePlus
    } else {
        Fallback::Unquote
    };
    st.fallback(py, f, &args, &UNQUOTE_ARGS)
}

given_pyfunction! {
    /// `unquote(string, encoding='utf-8', errors='replace')`
    fn unquote(string, encoding, errors) => unquote_call(false);
}

given_pyfunction! {
    /// `unquote_plus(string, encoding='utf-8', errors='replace')`
    fn unquote_plus(string, encoding, errors) => unquote_call(true);
}

/// `unquote_to_bytes(string)`
#[pyfunction]
fn unquote_to_bytes<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if st.ctx.is_some() {
        let input = exact_str(string)
            .map(str::as_bytes)
            .or_else(|| exact_bytes(string));
        if let Some(b) = input {
            let r = maybe_detached(py, b.len(), || unquote_bytes(b));
            return Ok(PyBytes::new(py, &r).into_any());
        }
    }
    st.fallback(py, Fallback::UnquoteToBytes, &[Some(string)], &["string"])
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(quote, m)?)?;
    m.add_function(wrap_pyfunction!(quote_plus, m)?)?;
    m.add_function(wrap_pyfunction!(quote_from_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(unquote, m)?)?;
    m.add_function(wrap_pyfunction!(unquote_plus, m)?)?;
    m.add_function(wrap_pyfunction!(unquote_to_bytes, m)?)?;
    Ok(())
}

//! `urlunsplit`, `urlunparse` (3.15's `keep_empty` included) and
//! `urljoin` for exact `str` and `bytes` arguments; other calls go to
//! urllib.parse.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use urlsyntax::urllib::Urllib;

use crate::results::{bytes, text, Source};
use crate::split::{ascii, exact_bytes, exact_str, flag};
use crate::{state, Fallback, Given, State};

/// The items of a tuple, list or urllib.parse result (whose iteration is
/// the tuple's), when there are `N` of them; and whether it is a result.
fn items_of<'py, const N: usize>(
    st: &State,
    obj: &Bound<'py, PyAny>,
) -> Option<([Bound<'py, PyAny>; N], bool)> {
    let (items, result): (Vec<Bound<'py, PyAny>>, bool) = if let Ok(t) = obj.cast_exact::<PyTuple>()
    {
        (t.iter().collect(), false)
    } else if let Ok(l) = obj.cast_exact::<PyList>() {
        (l.iter().collect(), false)
    } else if st.classes.is_result(obj) {
        (obj.cast::<PyTuple>().ok()?.iter().collect(), true)
    } else {
        return None;
    };
    Some((items.try_into().ok()?, result))
}

/// `N` components in one mode: each an exact `str` (or `bytes`), or
/// `None` where 3.15's `_coerce_args` keeps it (`None` is absent).
enum Parts<'a, const N: usize> {
    Text([Option<&'a str>; N]),
    Bytes([Option<&'a [u8]>; N]),
}

fn parts<'a, const N: usize>(
    ctx: &Urllib,
    items: &'a [Bound<'_, PyAny>; N],
) -> Option<Parts<'a, N>> {
    let none_ok = ctx.quirks().coerce_first_non_empty;
    let mut texts = [None; N];
    let mut raw = [None; N];
    let (mut n_text, mut n_bytes) = (0, 0);
    for (i, item) in items.iter().enumerate() {
        if let Some(t) = exact_str(item) {
            texts[i] = Some(t);
            n_text += 1;
        } else if let Some(b) = exact_bytes(item) {
            raw[i] = Some(b);
            n_bytes += 1;
        } else if !(none_ok && item.is_none()) {
            return None;
        }
    }
    // The path is never `None` (CPython slices it: a TypeError).
    if texts[2].is_none() && raw[2].is_none() {
        return None;
    }
    match (n_text, n_bytes) {
        (_, 0) => Some(Parts::Text(texts)),
        (0, _) => Some(Parts::Bytes(raw)),
        _ => None,
    }
}

/// 3.15's `keep_empty`: the keyword, else the components' `_keep_empty`
/// (a result remembers its `missing_as_none`), else false. `None` when the
/// interpreter must answer: a keyword the release lacks, a truth value
/// that needs a Python call, or `keep_empty=True` on a result parsed with
/// `missing_as_none=False` (CPython's `ValueError`).
fn keep_empty(
    ctx: &Urllib,
    components: &Bound<'_, PyAny>,
    result: bool,
    given: Option<&Bound<'_, PyAny>>,
) -> Option<bool> {
    if !ctx.quirks().missing_as_none {
        return given.is_none().then_some(false);
    }
    let remembered = match result {
        true => components
            .getattr(intern!(components.py(), "_keep_empty"))
            .ok(),
        false => None,
    };
    let remembered = match &remembered {
        Some(r) => Some(flag(Some(r), false)?),
        None => None,
    };
    match given {
        None => Some(remembered.unwrap_or(false)),
        Some(g) => {
            let keep = flag(Some(g), false)?;
            (!(keep && remembered == Some(false))).then_some(keep)
        }
    }
}

/// `urlunsplit` (`N` = 5) or `urlunparse` (6) answered natively.
fn unsplit_native<'py, const N: usize>(
    py: Python<'py>,
    st: &State,
    components: &Bound<'py, PyAny>,
    given: Option<&Bound<'py, PyAny>>,
) -> Option<Bound<'py, PyAny>> {
    let ctx = st.ctx_unsplit(py)?;
    let (items, result) = items_of::<N>(st, components)?;
    let keep = keep_empty(ctx, components, result, given)?;
    let (texts, is_bytes): ([Option<&str>; N], bool) = match parts(ctx, &items)? {
        Parts::Text(t) => (t, false),
        Parts::Bytes(b) => {
            // The text forms over the ASCII the bytes decode to.
            let mut t = [None; N];
            for (slot, b) in t.iter_mut().zip(b) {
                *slot = match b {
                    Some(b) => Some(ascii(b)?),
                    None => None,
                };
            }
            (t, true)
        }
    };
    let url = if keep {
        let r = match N {
            5 => ctx.urlunsplit_keep_empty(texts[..].try_into().ok()?),
            _ => ctx.urlunparse_keep_empty(texts[..].try_into().ok()?),
        };
        r.ok()?
    } else {
        let t = texts.map(|t| t.unwrap_or(""));
        match N {
            5 => ctx.urlunsplit(t[..].try_into().ok()?),
            _ => ctx.urlunparse(t[..].try_into().ok()?),
        }
    };
    Some(match is_bytes {
        true => bytes(py, url.as_bytes()),
        false => text(py, &url),
    })
}

/// `urlunsplit(components, *, keep_empty=<unspecified>)`
#[pyfunction]
#[pyo3(signature = (components, *, keep_empty=Given::missing()))]
fn urlunsplit<'py>(
    py: Python<'py>,
    components: &Bound<'py, PyAny>,
    keep_empty: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(r) = unsplit_native::<5>(py, st, components, keep_empty.get()) {
        return Ok(r);
    }
    let kw = [("keep_empty", keep_empty.get())];
    st.fallback_kw(
        py,
        Fallback::Urlunsplit,
        &[Some(components)],
        &["components"],
        &kw,
    )
}

/// `urlunparse(components, *, keep_empty=<unspecified>)`
#[pyfunction]
#[pyo3(signature = (components, *, keep_empty=Given::missing()))]
fn urlunparse<'py>(
    py: Python<'py>,
    components: &Bound<'py, PyAny>,
    keep_empty: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(r) = unsplit_native::<6>(py, st, components, keep_empty.get()) {
        return Ok(r);
    }
    let kw = [("keep_empty", keep_empty.get())];
    st.fallback_kw(
        py,
        Fallback::Urlunparse,
        &[Some(components)],
        &["components"],
        &kw,
    )
}

/// A joined result: the base or URL object itself when it is one of them.
fn joined<'py>(
    py: Python<'py>,
    r: &str,
    base: Source<'_, 'py>,
    url: Source<'_, 'py>,
) -> Bound<'py, PyAny> {
    if url.starts_with(r) {
        url.part(py, r)
    } else {
        base.part(py, r)
    }
}

/// `urljoin(base, url, allow_fragments=True)`
#[pyfunction]
#[pyo3(signature = (base, url, allow_fragments=Given::missing()))]
fn urljoin<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    url: &Bound<'py, PyAny>,
    allow_fragments: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    join(py, base, url, allow_fragments.get())
}

/// `urljoin(base, url)`: the vectorcall entry's call with the two URLs
/// alone.
pub(crate) fn urljoin_default<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    join(py, base, url, None)
}

fn join<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    url: &Bound<'py, PyAny>,
    allow_fragments: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let (Some(ctx), Some(frag)) = (st.ctx_unsplit(py), flag(allow_fragments, true)) {
        if let (Some(b), Some(u)) = (exact_str(base), exact_str(url)) {
            if let Ok(r) = ctx.urljoin(b, u, frag) {
                let base = Source::new(b, base);
                let url_src = Source::new(u, url);
                return Ok(joined(py, &r, base, url_src));
            }
        } else if let (Some(b), Some(u)) = (exact_bytes(base), exact_bytes(url)) {
            if let Ok(r) = ctx.urljoin_bytes(b, u, frag) {
                return Ok(bytes(py, &r));
            }
        }
    }
    let args = [Some(base), Some(url), allow_fragments];
    st.fallback(
        py,
        Fallback::Urljoin,
        &args,
        &["base", "url", "allow_fragments"],
    )
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(urlunsplit, m)?)?;
    m.add_function(wrap_pyfunction!(urlunparse, m)?)?;
    m.add_function(wrap_pyfunction!(urljoin, m)?)?;
    Ok(())
}

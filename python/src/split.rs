//! `urlsplit`, `urlparse`, `urlunsplit`, `urlunparse`, `urljoin` and
//! `urldefrag` for exact `str` and `bytes` arguments; other calls go to
//! urllib.parse.

use std::cell::RefCell;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyTuple};

use crate::results::{bytes, instance, text, Source};
use crate::{state, Fallback, Given, State};

/// The text of an exact `str` the library can carry (no lone surrogates).
pub(crate) fn exact_str<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast_exact::<PyString>().ok()?.to_str().ok()
}

/// The bytes of an exact `bytes`.
pub(crate) fn exact_bytes<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a [u8]> {
    Some(obj.cast_exact::<PyBytes>().ok()?.as_bytes())
}

/// A flag given as `bool` or `int` (whose truth needs no Python call);
/// `default` when left out.
pub(crate) fn flag(obj: Option<&Bound<'_, PyAny>>, default: bool) -> Option<bool> {
    let Some(obj) = obj else {
        return Some(default);
    };
    if let Ok(b) = obj.cast_exact::<PyBool>() {
        return Some(b.is_true());
    }
    obj.cast_exact::<PyInt>().ok()?;
    obj.is_truthy().ok()
}

/// A `scheme` argument beside a text URL: left out or an exact `str`.
fn text_scheme<'a>(scheme: Option<&'a Bound<'_, PyAny>>) -> Option<&'a str> {
    scheme.map_or(Some(""), exact_str)
}

/// A `scheme` argument beside a bytes URL: left out, empty `str` (which
/// `_coerce_args` lets through) or exact `bytes`.
fn bytes_scheme<'a>(scheme: Option<&'a Bound<'_, PyAny>>) -> Option<&'a [u8]> {
    match scheme {
        None => Some(b""),
        Some(s) if exact_str(s) == Some("") => Some(b""),
        Some(s) => exact_bytes(s),
    }
}

/// The last `urlsplit(url)` results by the address of `url` (held, so the
/// address cannot be reused): a list that repeats URL objects is answered
/// as CPython's own cache answers it, with the same result object. Two
/// ways per set, the newer first.
/// A URL is kept on its second sighting: `seen` holds the last address
/// per set (no reference), so distinct URLs cost one store, not an
/// eviction.
struct SplitCache {
    generation: u64,
    slots: Vec<Option<(Py<PyAny>, Py<PyAny>)>>,
    seen: Vec<usize>,
}

const CACHE_SETS: usize = 256;

thread_local! {
    static SPLIT_CACHE: RefCell<SplitCache> = const {
        RefCell::new(SplitCache { generation: 0, slots: Vec::new(), seen: Vec::new() })
    };
}

/// The first of the two slots of `url`'s set (Fibonacci hashing of the
/// address: allocation addresses share their low bits).
fn cache_set(url: &Bound<'_, PyAny>) -> usize {
    let h = (url.as_ptr() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    2 * (h >> 56) as usize % (2 * CACHE_SETS)
}

fn cached(st: &State, url: &Bound<'_, PyAny>) -> Option<Py<PyAny>> {
    SPLIT_CACHE.with_borrow(|c| {
        if c.generation != st.generation {
            return None;
        }
        let set = cache_set(url);
        c.slots
            .get(set..set + 2)?
            .iter()
            .flatten()
            .find_map(|(key, result)| {
                (key.as_ptr() == url.as_ptr()).then(|| result.clone_ref(url.py()))
            })
    })
}

/// Drops `Py`s here, with the thread attached (a `Py` dropped where pyo3
/// cannot see the attachment would wait in pyo3's pool).
fn release(py: Python<'_>, entry: Option<(Py<PyAny>, Py<PyAny>)>) {
    if let Some((k, r)) = entry {
        drop((k.into_bound(py), r.into_bound(py)));
    }
}

fn remember(st: &State, url: &Bound<'_, PyAny>, result: &Bound<'_, PyAny>) {
    let py = url.py();
    SPLIT_CACHE.with_borrow_mut(|c| {
        if c.generation != st.generation || c.slots.is_empty() {
            c.generation = st.generation;
            let fresh = (0..2 * CACHE_SETS).map(|_| None).collect();
            for entry in std::mem::replace(&mut c.slots, fresh) {
                release(py, entry);
            }
            c.seen = vec![0; CACHE_SETS];
        }
        let set = cache_set(url);
        let address = url.as_ptr() as usize;
        if c.seen[set / 2] != address {
            c.seen[set / 2] = address;
            return;
        }
        let newer = c.slots[set].replace((url.clone().unbind(), result.clone().unbind()));
        release(py, std::mem::replace(&mut c.slots[set + 1], newer));
    });
}

const SPLIT_ARGS: [&str; 3] = ["url", "scheme", "allow_fragments"];

/// `urlsplit(url, scheme='', allow_fragments=True)`
#[pyfunction]
#[pyo3(signature = (url, scheme=Given::missing(), allow_fragments=Given::missing()))]
fn urlsplit<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    scheme: Given<'py>,
    allow_fragments: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let (scheme, allow_fragments) = (scheme.get(), allow_fragments.get());
    let st = state()?;
    split_text_or_bytes(py, st, url, scheme, allow_fragments)
}

/// `urlsplit(url)`.
pub(crate) fn urlsplit_default<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    split_text_or_bytes(py, state()?, url, None, None)
}

fn split_text_or_bytes<'py>(
    py: Python<'py>,
    st: &State,
    url: &Bound<'py, PyAny>,
    scheme: Option<&Bound<'py, PyAny>>,
    allow_fragments: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let defaults = scheme.is_none() && allow_fragments.is_none();
    if defaults {
        if let Some(r) = cached(st, url) {
            return Ok(r.into_bound(py));
        }
    }
    if let (Some(ctx), Some(frag)) = (&st.ctx, flag(allow_fragments, true)) {
        if let (Some(u), Some(s)) = (exact_str(url), text_scheme(scheme)) {
            if let Ok(r) = ctx.urlsplit(u, s, frag) {
                let src = Source::new(u, url);
                let items = [
                    text(py, &r.scheme),
                    src.part(py, &r.netloc),
                    src.part(py, &r.path),
                    src.part(py, &r.query),
                    src.part(py, &r.fragment),
                ];
                let result = instance(py, &st.classes.split, items, st.fill_in_place)?;
                if defaults {
                    remember(st, url, &result);
                }
                return Ok(result);
            }
        } else if let (Some(u), Some(s)) = (exact_bytes(url), bytes_scheme(scheme)) {
            if let Ok(r) = ctx.urlsplit_bytes(u, s, frag) {
                let items = [&r.scheme, &r.netloc, &r.path, &r.query, &r.fragment];
                let items = items.map(|p| bytes(py, p));
                return instance(py, &st.classes.split_bytes, items, st.fill_in_place);
            }
        }
    }
    let args = [Some(url), scheme, allow_fragments];
    st.fallback(py, Fallback::Urlsplit, &args, &SPLIT_ARGS)
}

/// `urlparse(url, scheme='', allow_fragments=True)`
#[pyfunction]
#[pyo3(signature = (url, scheme=Given::missing(), allow_fragments=Given::missing()))]
fn urlparse<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    scheme: Given<'py>,
    allow_fragments: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let (scheme, allow_fragments) = (scheme.get(), allow_fragments.get());
    let st = state()?;
    if let (Some(ctx), Some(frag)) = (st.ctx_with_lists(py), flag(allow_fragments, true)) {
        if let (Some(u), Some(s)) = (exact_str(url), text_scheme(scheme)) {
            if let Ok(r) = ctx.urlparse(u, s, frag) {
                let src = Source::new(u, url);
                let items = [
                    text(py, &r.scheme),
                    src.part(py, &r.netloc),
                    src.part(py, &r.path),
                    src.part(py, &r.params),
                    src.part(py, &r.query),
                    src.part(py, &r.fragment),
                ];
                return instance(py, &st.classes.parse, items, st.fill_in_place);
            }
        } else if let (Some(u), Some(s)) = (exact_bytes(url), bytes_scheme(scheme)) {
            if let Ok(r) = ctx.urlparse_bytes(u, s, frag) {
                let items = [
                    &r.scheme,
                    &r.netloc,
                    &r.path,
                    &r.params,
                    &r.query,
                    &r.fragment,
                ];
                let items = items.map(|p| bytes(py, p));
                return instance(py, &st.classes.parse_bytes, items, st.fill_in_place);
            }
        }
    }
    let args = [Some(url), scheme, allow_fragments];
    st.fallback(py, Fallback::Urlparse, &args, &SPLIT_ARGS)
}

/// The items of a tuple, list or urllib.parse result (whose iteration is
/// the tuple's), when there are `N` of them.
fn items_of<'py, const N: usize>(
    st: &State,
    obj: &Bound<'py, PyAny>,
) -> Option<[Bound<'py, PyAny>; N]> {
    let items: Vec<Bound<'py, PyAny>> = if let Ok(t) = obj.cast_exact::<PyTuple>() {
        t.iter().collect()
    } else if let Ok(l) = obj.cast_exact::<PyList>() {
        l.iter().collect()
    } else {
        let py = obj.py();
        let ty = obj.get_type();
        let c = &st.classes;
        let ours = [&c.split, &c.parse, &c.split_bytes, &c.parse_bytes]
            .iter()
            .any(|k| ty.is(k.bind(py)));
        if !ours {
            return None;
        }
        obj.cast::<PyTuple>().ok()?.iter().collect()
    };
    items.try_into().ok()
}

/// The texts of `N` exact `str`, or the bytes of `N` exact `bytes`.
enum Parts<'a, const N: usize> {
    Text([&'a str; N]),
    Bytes([&'a [u8]; N]),
}

fn parts<'a, const N: usize>(items: &'a [Bound<'_, PyAny>; N]) -> Option<Parts<'a, N>> {
    let mut texts = [""; N];
    let mut raw: [&[u8]; N] = [b""; N];
    let (mut n_text, mut n_bytes) = (0, 0);
    for (i, item) in items.iter().enumerate() {
        if let Some(t) = exact_str(item) {
            texts[i] = t;
            n_text += 1;
        } else if let Some(b) = exact_bytes(item) {
            raw[i] = b;
            n_bytes += 1;
        }
    }
    if n_text == N {
        Some(Parts::Text(texts))
    } else if n_bytes == N {
        Some(Parts::Bytes(raw))
    } else {
        None
    }
}

/// `urlunsplit(components)`
#[pyfunction]
fn urlunsplit<'py>(py: Python<'py>, components: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let (Some(ctx), Some(items)) = (st.ctx_with_lists(py), items_of::<5>(st, components)) {
        match parts(&items) {
            Some(Parts::Text(p)) => return Ok(text(py, &ctx.urlunsplit(p))),
            Some(Parts::Bytes(p)) => {
                if let Ok(b) = ctx.urlunsplit_bytes(p) {
                    return Ok(bytes(py, &b));
                }
            }
            None => {}
        }
    }
    st.fallback(
        py,
        Fallback::Urlunsplit,
        &[Some(components)],
        &["components"],
    )
}

/// `urlunparse(components)`
#[pyfunction]
fn urlunparse<'py>(py: Python<'py>, components: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let (Some(ctx), Some(items)) = (st.ctx_with_lists(py), items_of::<6>(st, components)) {
        match parts(&items) {
            Some(Parts::Text(p)) => return Ok(text(py, &ctx.urlunparse(p))),
            Some(Parts::Bytes(p)) => {
                if let Ok(b) = ctx.urlunparse_bytes(p) {
                    return Ok(bytes(py, &b));
                }
            }
            None => {}
        }
    }
    st.fallback(
        py,
        Fallback::Urlunparse,
        &[Some(components)],
        &["components"],
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
    let allow_fragments = allow_fragments.get();
    let st = state()?;
    if let (Some(ctx), Some(frag)) = (st.ctx_with_lists(py), flag(allow_fragments, true)) {
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

/// `urldefrag(url)`
#[pyfunction]
fn urldefrag<'py>(py: Python<'py>, url: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(ctx) = st.ctx_with_lists(py) {
        if let Some(u) = exact_str(url) {
            if let Ok(r) = ctx.urldefrag(u) {
                let src = Source::new(u, url);
                let items = [src.part(py, &r.url), src.part(py, &r.fragment)];
                return instance(py, &st.classes.defrag, items, st.fill_in_place);
            }
        } else if let Some(u) = exact_bytes(url) {
            if let Ok(r) = ctx.urldefrag_bytes(u) {
                let items = [bytes(py, &r.url), bytes(py, &r.fragment)];
                return instance(py, &st.classes.defrag_bytes, items, st.fill_in_place);
            }
        }
    }
    st.fallback(py, Fallback::Urldefrag, &[Some(url)], &["url"])
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(urlsplit, m)?)?;
    m.add_function(wrap_pyfunction!(urlparse, m)?)?;
    m.add_function(wrap_pyfunction!(urlunsplit, m)?)?;
    m.add_function(wrap_pyfunction!(urlunparse, m)?)?;
    m.add_function(wrap_pyfunction!(urljoin, m)?)?;
    m.add_function(wrap_pyfunction!(urldefrag, m)?)?;
    Ok(())
}

//! `urlsplit`, `urlparse` and `urldefrag` for exact `str` and `bytes`
//! arguments (and `None` where `_coerce_args` reads it), 3.15's
//! `missing_as_none` included; other calls go to urllib.parse.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString};
use urlsyntax::urllib::Urllib;

use crate::cache::{self, lookup, Lookup};
use crate::results::{bytes, text, Source};
use crate::{state, Fallback, Given, State};

/// The text of an exact `str` the library can carry (no lone surrogates).
pub(crate) fn exact_str<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast_exact::<PyString>().ok()?.to_str().ok()
}

/// The bytes of an exact `bytes`.
pub(crate) fn exact_bytes<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a [u8]> {
    Some(obj.cast_exact::<PyBytes>().ok()?.as_bytes())
}

/// A flag given as `bool`, `int` or `None` (whose truth needs no Python
/// call); `default` when left out.
pub(crate) fn flag(obj: Option<&Bound<'_, PyAny>>, default: bool) -> Option<bool> {
    let Some(obj) = obj else {
        return Some(default);
    };
    if let Ok(b) = obj.cast_exact::<PyBool>() {
        return Some(b.is_true());
    }
    if obj.is_none() {
        return Some(false);
    }
    obj.cast_exact::<PyInt>().ok()?;
    obj.is_truthy().ok()
}

/// ASCII bytes as text: what `_decode_args` makes of them (anything else
/// is its `UnicodeDecodeError`, which the interpreter raises).
pub(crate) fn ascii(b: &[u8]) -> Option<&str> {
    b.is_ascii().then(|| std::str::from_utf8(b).ok()).flatten()
}

/// `url` and `scheme` after `_coerce_args`, in the mode it picks; a
/// scheme of `None` gives no default.
enum Coerced<'a> {
    Text(&'a str, Option<&'a str>),
    Bytes(&'a [u8], Option<&'a [u8]>),
}

/// What `_coerce_args(url, scheme)` makes of the arguments, when the
/// library can take them. Up to 3.14 the URL's type decides the mode (a
/// `None` URL means bytes) and a falsy scheme passes; 3.15 lets the first
/// non-empty argument decide and keeps `None`. `scheme` left out is `''`,
/// or `None` from 3.15.
fn coerce<'a>(
    ctx: &Urllib,
    url: &'a Bound<'_, PyAny>,
    scheme: Option<&'a Bound<'_, PyAny>>,
) -> Option<Coerced<'a>> {
    let q = ctx.quirks();
    #[derive(Clone, Copy)]
    enum Arg<'a> {
        Str(&'a str),
        Bytes(&'a [u8]),
        None,
    }
    let arg = |o: &'a Bound<'_, PyAny>| -> Option<Arg<'a>> {
        if let Some(s) = exact_str(o) {
            Some(Arg::Str(s))
        } else if let Some(b) = exact_bytes(o) {
            Some(Arg::Bytes(b))
        } else {
            o.is_none().then_some(Arg::None)
        }
    };
    let u = arg(url)?;
    let s = match scheme {
        None if q.missing_as_none => Arg::None,
        None => Arg::Str(""),
        Some(o) => arg(o)?,
    };
    Some(match (u, s) {
        (Arg::Str(u), Arg::Str(s)) => Coerced::Text(u, Some(s)),
        (Arg::Str(u), Arg::None) if q.scheme_may_be_none => Coerced::Text(u, None),
        (Arg::Bytes(u), Arg::Bytes(s)) => Coerced::Bytes(u, Some(s)),
        (Arg::Bytes(u), Arg::Str("")) => Coerced::Bytes(u, Some(b"")),
        // `_decode_args` turns a falsy `None` into '' up to 3.14.
        (Arg::Bytes(u), Arg::None) if !q.coerce_first_non_empty => Coerced::Bytes(u, Some(b"")),
        (Arg::Bytes(u), Arg::None) => Coerced::Bytes(u, None),
        // 3.15: `if url is None: url = ''`, in the mode the scheme picks.
        (Arg::None, Arg::Str(s)) if q.coerce_first_non_empty => Coerced::Text("", Some(s)),
        (Arg::None, Arg::None) if q.coerce_first_non_empty => Coerced::Text("", None),
        (Arg::None, Arg::Bytes(s)) if q.coerce_first_non_empty && !s.is_empty() => {
            Coerced::Bytes(b"", Some(s))
        }
        // Up to 3.14 a `None` URL means bytes, decoded as ''.
        (Arg::None, Arg::Bytes(s)) if !q.coerce_first_non_empty => Coerced::Bytes(b"", Some(s)),
        (Arg::None, Arg::Str("") | Arg::None) if !q.coerce_first_non_empty => {
            Coerced::Bytes(b"", Some(b""))
        }
        _ => return None,
    })
}

/// 3.15's `missing_as_none`: `Some(truth)` when given as `bool` or `int`
/// to a release that takes it, `Some(false)` when left out.
fn missing_as_none(ctx: &Urllib, given: Option<&Bound<'_, PyAny>>) -> Option<bool> {
    match given {
        None => Some(false),
        Some(_) if !ctx.quirks().missing_as_none => None,
        Some(v) => flag(Some(v), false),
    }
}

/// An optional component as Python has it: text, bytes or `None`.
fn opt_text<'py>(py: Python<'py>, src: &Source<'_, 'py>, part: Option<&str>) -> Bound<'py, PyAny> {
    part.map_or_else(|| py.None().into_bound(py), |p| src.part(py, p))
}

fn opt_bytes<'py>(py: Python<'py>, part: Option<&str>) -> Bound<'py, PyAny> {
    part.map_or_else(|| py.None().into_bound(py), |p| bytes(py, p.as_bytes()))
}

/// `urlsplit` (`parse`: `urlparse`) answered natively; `None` when the
/// call needs the interpreter (an error included).
fn split_native<'py>(
    py: Python<'py>,
    (st, ctx): (&State, &Urllib),
    url: &Bound<'py, PyAny>,
    [scheme, allow_fragments, keep]: [Option<&Bound<'py, PyAny>>; 3],
    parse: bool,
) -> Option<PyResult<Bound<'py, PyAny>>> {
    let frag = flag(allow_fragments, true)?;
    let opt = missing_as_none(ctx, keep)?;
    let c = &st.classes;
    let made = match (coerce(ctx, url, scheme)?, opt) {
        (Coerced::Text(u, s), false) => {
            let src = Source::new(u, url);
            if parse {
                let r = ctx.urlparse(u, s.unwrap_or(""), frag).ok()?;
                let p = [&r.netloc, &r.path, &r.params, &r.query, &r.fragment];
                let [a, b, d, e, f] = p.map(|p| src.part(py, p));
                c.make(py, &c.parse, [text(py, &r.scheme), a, b, d, e, f], keep)
            } else {
                let r = ctx.urlsplit(u, s.unwrap_or(""), frag).ok()?;
                let [a, b, d, e] =
                    [&r.netloc, &r.path, &r.query, &r.fragment].map(|p| src.part(py, p));
                c.make(py, &c.split, [text(py, &r.scheme), a, b, d, e], keep)
            }
        }
        (Coerced::Bytes(u, s), false) => {
            let s = s.unwrap_or(b"");
            if parse {
                let r = ctx.urlparse_bytes(u, s, frag).ok()?;
                c.make(py, &c.parse_bytes, r.parts().map(|p| bytes(py, p)), keep)
            } else {
                let r = ctx.urlsplit_bytes(u, s, frag).ok()?;
                c.make(py, &c.split_bytes, r.parts().map(|p| bytes(py, p)), keep)
            }
        }
        (coerced, true) => {
            // The bytes forms are the text forms over the ASCII the bytes
            // decode to.
            let (u, s, is_bytes) = match coerced {
                Coerced::Text(u, s) => (u, s, false),
                Coerced::Bytes(u, s) => {
                    let s = match s {
                        Some(s) => Some(ascii(s)?),
                        None => None,
                    };
                    (ascii(u)?, s, true)
                }
            };
            let src = Source::new(u, url);
            let o = |part: Option<&str>| match is_bytes {
                true => opt_bytes(py, part),
                false => opt_text(py, &src, part),
            };
            if parse {
                let r = ctx.urlparse_missing_as_none(u, s, frag).ok()?;
                let class = if is_bytes { &c.parse_bytes } else { &c.parse };
                c.make(py, class, r.parts().map(o), keep)
            } else {
                let r = ctx.urlsplit_missing_as_none(u, s, frag).ok()?;
                let items = r.parts().map(o);
                let class = if is_bytes { &c.split_bytes } else { &c.split };
                c.make(py, class, items, keep)
            }
        }
    };
    Some(made)
}

const SPLIT_ARGS: [&str; 3] = ["url", "scheme", "allow_fragments"];

given_pyfunction! {
    /// `urlsplit(url, scheme='', allow_fragments=True, *, missing_as_none=False)`
    fn urlsplit(url, scheme, allow_fragments; *, missing_as_none) => split_call(false);
}

given_pyfunction! {
    /// `urlparse(url, scheme='', allow_fragments=True, *, missing_as_none=False)`
    fn urlparse(url, scheme, allow_fragments; *, missing_as_none) => split_call(true);
}

/// `urlsplit` (`parse`: `urlparse`) with its arguments as given; a
/// `urlsplit(url)` is looked up in the cache first.
fn split_call<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    args: [Option<&Bound<'py, PyAny>>; 3],
    parse: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    let defaults = !parse && args.iter().all(Option::is_none);
    let store = match defaults.then(|| lookup(st, url)) {
        Some(Lookup::Hit(r)) => return Ok(r.into_bound(py)),
        Some(Lookup::Miss { store }) => store,
        None => false,
    };
    split_or_parse(py, st, url, args, parse, store)
}

/// `urlsplit(url)`.
pub(crate) fn urlsplit_default<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    let store = match lookup(st, url) {
        Lookup::Hit(r) => return Ok(r.into_bound(py)),
        Lookup::Miss { store } => store,
    };
    // Nearly every call: one exact `str`, the library's answer.
    if let (Some(ctx), Some(u)) = (&st.ctx, exact_str(url)) {
        if let Ok(r) = ctx.urlsplit(u, "", true) {
            let src = Source::new(u, url);
            let [a, b, c, d] = [&r.netloc, &r.path, &r.query, &r.fragment].map(|p| src.part(py, p));
            let items = [text(py, &r.scheme), a, b, c, d];
            let result = st.classes.make(py, &st.classes.split, items, None)?;
            if store {
                cache::store(st, url, &result);
            }
            return Ok(result);
        }
    }
    split_or_parse(py, st, url, [None, None, None], false, store)
}

/// `urlparse(url)`: the vectorcall entry's call with the URL alone.
pub(crate) fn urlparse_default<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    split_or_parse(py, state()?, url, [None, None, None], true, false)
}

/// `urlsplit` (`parse`: `urlparse`) natively or by the interpreter;
/// `store`: the cache keeps the result (`urlsplit(url)`, seen before).
fn split_or_parse<'py>(
    py: Python<'py>,
    st: &State,
    url: &Bound<'py, PyAny>,
    [scheme, allow_fragments, keep]: [Option<&Bound<'py, PyAny>>; 3],
    parse: bool,
    store: bool,
) -> PyResult<Bound<'py, PyAny>> {
    // urlparse reads `uses_params`.
    let ctx = if parse {
        st.ctx_with_lists(py)
    } else {
        st.ctx.as_ref()
    };
    if let Some(ctx) = ctx {
        if let Some(made) = split_native(py, (st, ctx), url, [scheme, allow_fragments, keep], parse)
        {
            let result = made?;
            if store {
                cache::store(st, url, &result);
            }
            return Ok(result);
        }
    }
    let f = if parse {
        Fallback::Urlparse
    } else {
        Fallback::Urlsplit
    };
    let args = [Some(url), scheme, allow_fragments];
    st.fallback_kw(py, f, &args, &SPLIT_ARGS, &[("missing_as_none", keep)])
}

given_pyfunction! {
    /// `urldefrag(url, *, missing_as_none=False)`
    fn urldefrag(url; *, missing_as_none) => defrag_call();
}

/// `urldefrag` with its argument as given: natively, or by urllib.parse's
/// own function.
fn defrag_call<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    [keep]: [Option<&Bound<'py, PyAny>>; 1],
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(ctx) = st.ctx_unsplit(py) {
        if let Some(made) = defrag_native(py, (st, ctx), url, keep) {
            return made;
        }
    }
    st.fallback_kw(
        py,
        Fallback::Urldefrag,
        &[Some(url)],
        &["url"],
        &[("missing_as_none", keep)],
    )
}

/// `urldefrag` answered natively; `None` when the call needs the
/// interpreter.
fn defrag_native<'py>(
    py: Python<'py>,
    (st, ctx): (&State, &Urllib),
    url: &Bound<'py, PyAny>,
    keep: Option<&Bound<'py, PyAny>>,
) -> Option<PyResult<Bound<'py, PyAny>>> {
    let opt = missing_as_none(ctx, keep)?;
    let c = &st.classes;
    if let Some(u) = exact_str(url) {
        let src = Source::new(u, url);
        let items = if opt {
            let r = ctx.urldefrag_missing_as_none(u).ok()?;
            [
                src.part(py, &r.url),
                opt_text(py, &src, r.fragment.as_deref()),
            ]
        } else {
            let r = ctx.urldefrag(u).ok()?;
            [src.part(py, &r.url), src.part(py, &r.fragment)]
        };
        return Some(c.make(py, &c.defrag, items, keep));
    }
    let b = exact_bytes(url)?;
    let items = if opt {
        let r = ctx.urldefrag_missing_as_none(ascii(b)?).ok()?;
        [
            bytes(py, r.url.as_bytes()),
            opt_bytes(py, r.fragment.as_deref()),
        ]
    } else {
        let r = ctx.urldefrag_bytes(b).ok()?;
        [bytes(py, &r.url), bytes(py, &r.fragment)]
    };
    Some(c.make(py, &c.defrag_bytes, items, keep))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(urlsplit, m)?)?;
    m.add_function(wrap_pyfunction!(urlparse, m)?)?;
    m.add_function(wrap_pyfunction!(urldefrag, m)?)?;
    Ok(())
}

//! `parse_qs`, `parse_qsl` and `urlencode` for exact `str`/`bytes`
//! queries and plain keys and values; other calls go to urllib.parse.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyTuple};
use urlsyntax::urllib::{QsParser, QueryArg, QueryValue, QuoteVia, Safe, Urllib};

use crate::quote::{codec_options, maybe_detached, LONG};
use crate::results::{bytes, text, Source};
use crate::split::{exact_bytes, exact_str, flag};
use crate::{state, Fallback, Given, State};

const QS_ARGS: [&str; 7] = [
    "qs",
    "keep_blank_values",
    "strict_parsing",
    "encoding",
    "errors",
    "max_num_fields",
    "separator",
];

/// The arguments of `parse_qs(l)` after `qs`, as given.
pub(crate) type QsOptions<'a, 'py> = [Option<&'a Bound<'py, PyAny>>; 6];

/// A `QsParser` of the context's for the arguments, when each is of a
/// type read natively.
pub(crate) fn parser(ctx: &Urllib, opts: &QsOptions<'_, '_>) -> Option<QsParser> {
    let [keep, strict, encoding, errors, max, sep] = *opts;
    let mut p = ctx
        .qs()
        .keep_blank_values(flag(keep, false)?)
        .strict_parsing(flag(strict, false)?)
        .codec_options(codec_options(encoding, errors)?);
    match max {
        None => {}
        Some(m) if m.is_none() => {}
        Some(m) => p = p.max_num_fields(m.cast_exact::<PyInt>().ok()?.extract().ok()?),
    }
    if let Some(s) = sep {
        p = match exact_str(s) {
            Some(t) => p.separator(t),
            None => p.separator(exact_bytes(s)?),
        };
    }
    Some(p)
}

/// `parse_qsl`'s pairs as a list of tuples; `None` when the library
/// answers with an error (the interpreter raises it).
fn qsl_native<'py>(
    py: Python<'py>,
    st: &State,
    qs: &Bound<'py, PyAny>,
    opts: &QsOptions<'_, 'py>,
    dict: bool,
) -> Option<Bound<'py, PyAny>> {
    let ctx = st.ctx_for_encoding(opts[2]).filter(|_| st.qs_native)?;
    // Every argument left out: the parser made at configuration.
    let made;
    let p = match &st.qs_default {
        Some(p) if opts.iter().all(Option::is_none) => p,
        _ => {
            made = parser(ctx, opts)?;
            &made
        }
    };
    if let Some(s) = exact_str(qs) {
        let src = Source::new(s, qs);
        let part = |c: &Cow<'_, str>| src.part(py, c);
        if dict {
            let groups = maybe_detached(py, s.len(), || p.parse_qs(s)).ok()?;
            let out = PyDict::new(py);
            for (k, vs) in &groups {
                let vs = PyList::new(py, vs.iter().map(part)).ok()?;
                out.set_item(part(k), vs).ok()?;
            }
            return Some(out.into_any());
        }
        if s.len() > LONG {
            // Read with the GIL released, into a list of pairs.
            let pairs = py.detach(|| p.parse_qsl(s)).ok()?;
            let items = pairs.iter().map(|(k, v)| (part(k), part(v)));
            return PyList::new(py, items).ok().map(Bound::into_any);
        }
        // Each pair goes into the answer as it is read: no list of pairs.
        let out = PyList::empty(py);
        let mut appended = Ok(());
        p.parse_qsl_each(s, |k, v| {
            if appended.is_ok() {
                appended = out.append((part(&k), part(&v)));
            }
        })
        .ok()?;
        return appended.ok().map(|()| out.into_any());
    }
    let b = exact_bytes(qs)?;
    if dict {
        let groups = maybe_detached(py, b.len(), || p.parse_qs_bytes(b)).ok()?;
        let out = PyDict::new(py);
        for (k, vs) in &groups {
            let vs = PyList::new(py, vs.iter().map(|v| bytes(py, v))).ok()?;
            out.set_item(bytes(py, k), vs).ok()?;
        }
        return Some(out.into_any());
    }
    let pairs = maybe_detached(py, b.len(), || p.parse_qsl_bytes(b)).ok()?;
    let items = pairs.iter().map(|(k, v)| (bytes(py, k), bytes(py, v)));
    PyList::new(py, items).ok().map(Bound::into_any)
}

/// `parse_qsl` (`dict`: `parse_qs`) with its arguments as given: natively,
/// or by urllib.parse's own function (with `_stacklevel`, which only
/// `parse_qsl` takes, when given).
fn qs_call<'py>(
    py: Python<'py>,
    qs: &Bound<'py, PyAny>,
    opts: QsOptions<'_, 'py>,
    stacklevel: Option<&Bound<'py, PyAny>>,
    dict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if stacklevel.is_none() {
        if let Some(r) = qsl_native(py, st, qs, &opts, dict) {
            return Ok(r);
        }
    }
    let [a, b, c, d, e, f] = opts;
    let args = [Some(qs), a, b, c, d, e, f];
    if dict {
        return st.fallback(py, Fallback::ParseQs, &args, &QS_ARGS);
    }
    let keyword_only = [("_stacklevel", stacklevel)];
    st.fallback_kw(py, Fallback::ParseQsl, &args, &QS_ARGS, &keyword_only)
}

given_pyfunction! {
    /// `parse_qsl(qs, keep_blank_values=False, strict_parsing=False,
    /// encoding='utf-8', errors='replace', max_num_fields=None, separator='&')`
    ///
    /// 3.14's `parse_qs` passes `_stacklevel` (for the warning of a false
    /// non-text `qs`): such calls go to the interpreter, which takes it, or
    /// raises the `TypeError` of a release that does not.
    fn parse_qsl(
        qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator;
        *, _stacklevel
    ) => qsl_call();
}

/// `parse_qsl` with its arguments as given, `_stacklevel` last.
fn qsl_call<'py>(
    py: Python<'py>,
    qs: &Bound<'py, PyAny>,
    [a, b, c, d, e, f, stacklevel]: [Option<&Bound<'py, PyAny>>; 7],
) -> PyResult<Bound<'py, PyAny>> {
    qs_call(py, qs, [a, b, c, d, e, f], stacklevel, false)
}

/// `parse_qsl(qs)`: the vectorcall entry's call with the query alone.
pub(crate) fn parse_qsl_default<'py>(
    py: Python<'py>,
    qs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    qs_call(py, qs, [None; 6], None, false)
}

given_pyfunction! {
    /// `parse_qs(qs, keep_blank_values=False, strict_parsing=False,
    /// encoding='utf-8', errors='replace', max_num_fields=None, separator='&')`
    fn parse_qs(
        qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator
    ) => qs_call(None, true);
}

/// A key, value or sequence element `urlencode` reads natively: text,
/// bytes, `bool`, `int`, `None`.
fn scalar<'a>(obj: &'a Bound<'_, PyAny>) -> Option<QueryArg<'a>> {
    if let Some(s) = exact_str(obj) {
        return Some(QueryArg::Str(s));
    }
    if let Some(b) = exact_bytes(obj) {
        return Some(QueryArg::Bytes(b));
    }
    let value = if obj.is_none() {
        QueryValue::None
    } else if let Ok(b) = obj.cast_exact::<PyBool>() {
        QueryValue::Bool(b.is_true())
    } else {
        QueryValue::Int(obj.cast_exact::<PyInt>().ok()?.extract().ok()?)
    };
    Some(QueryArg::Value(Cow::Owned(value)))
}

/// A value: a scalar, or with `doseq` a list or tuple of scalars.
fn value<'a>(obj: &'a Bound<'_, PyAny>, doseq: bool) -> Option<QueryArg<'a>> {
    if let Some(v) = scalar(obj) {
        return Some(v);
    }
    if !doseq {
        return None;
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = obj.cast_exact::<PyTuple>() {
        t.iter().collect()
    } else {
        obj.cast_exact::<PyList>().ok()?.iter().collect()
    };
    let mut seq = Vec::with_capacity(items.len());
    for item in &items {
        seq.push(match scalar(item)? {
            QueryArg::Str(s) => QueryValue::Str(s.to_string()),
            QueryArg::Bytes(b) => QueryValue::Bytes(b.to_vec()),
            QueryArg::Value(v) => v.into_owned(),
        });
    }
    Some(QueryArg::Value(Cow::Owned(QueryValue::Seq(seq))))
}

/// `urlencode` answered natively.
fn urlencode_native(
    py: Python<'_>,
    st: &State,
    query: &Bound<'_, PyAny>,
    [doseq, safe, encoding, errors, quote_via]: [Option<&Bound<'_, PyAny>>; 5],
) -> Option<String> {
    let ctx = st.ctx_for_encoding(encoding)?;
    let doseq = flag(doseq, false)?;
    let mut enc = ctx.urlencoder().doseq(doseq);
    if let Some(q) = quote_via {
        enc = enc.quote_via(
            if q.is(st.quote_plus_fn.bind(py)) || q.is(st.own_quote_plus.bind(py)) {
                QuoteVia::QuotePlus
            } else if q.is(st.quote_fn.bind(py)) || q.is(st.own_quote.bind(py)) {
                QuoteVia::Quote
            } else {
                return None;
            },
        );
    }
    if let Some(s) = safe {
        enc = enc.safe(match exact_str(s) {
            Some(t) => Safe::from(t),
            None => Safe::from(exact_bytes(s)?),
        });
    }
    enc = enc.codec_options(codec_options(encoding, errors)?);
    let pairs: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)> =
        if let Ok(d) = query.cast_exact::<PyDict>() {
            d.iter().collect()
        } else {
            let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = query.cast_exact::<PyTuple>() {
                t.iter().collect()
            } else {
                query.cast_exact::<PyList>().ok()?.iter().collect()
            };
            let mut pairs = Vec::with_capacity(items.len());
            for item in items {
                let t = item.cast_exact::<PyTuple>().ok()?;
                if t.len() != 2 {
                    return None;
                }
                pairs.push((t.get_item(0).ok()?, t.get_item(1).ok()?));
            }
            pairs
        };
    let mut args = Vec::with_capacity(pairs.len());
    for (k, v) in &pairs {
        args.push((scalar(k)?, value(v, doseq)?));
    }
    enc.urlencode(args).ok()
}

given_pyfunction! {
    /// `urlencode(query, doseq=False, safe='', encoding=None, errors=None,
    /// quote_via=quote_plus)`
    fn urlencode(query, doseq, safe, encoding, errors, quote_via) => urlencode_call();
}

/// `urlencode` with its arguments as given: natively, or by urllib.parse's
/// own function.
fn urlencode_call<'py>(
    py: Python<'py>,
    query: &Bound<'py, PyAny>,
    [doseq, safe, encoding, errors, quote_via]: [Option<&Bound<'py, PyAny>>; 5],
) -> PyResult<Bound<'py, PyAny>> {
    let st = state()?;
    if let Some(r) = urlencode_native(py, st, query, [doseq, safe, encoding, errors, quote_via]) {
        return Ok(text(py, &r));
    }
    let args = [Some(query), doseq, safe, encoding, errors, quote_via];
    let names = ["query", "doseq", "safe", "encoding", "errors", "quote_via"];
    st.fallback(py, Fallback::Urlencode, &args, &names)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_qsl, m)?)?;
    m.add_function(wrap_pyfunction!(parse_qs, m)?)?;
    m.add_function(wrap_pyfunction!(urlencode, m)?)?;
    Ok(())
}

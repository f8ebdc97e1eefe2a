//! `quote`, `quote_plus`, `unquote`, `unquote_plus` and `urljoin` over a
//! string column: a string column of the same layout, null for null.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urlsyntax::urllib::{Behaviour, CodecOptions, Error, Quoter, Safe, Unquoter};

use super::column::{Layout, Strings};
use super::{behaviour_of, context, ffi, row_error, Capsules, RowError};

/// What a column function answers: the column, or the first row that
/// raised; both `None` when the running interpreter has no native context.
pub(crate) type Answer<'py> = (Option<Capsules<'py>>, Option<RowError>);

/// Maps every row of `strings` with `f` into a column of its layout; stops
/// at the first row that raises.
pub(crate) fn map_rows<'py>(
    py: Python<'py>,
    strings: &Strings<'_>,
    f: impl Fn(usize, &str) -> Result<Option<String>, Error> + Sync,
) -> PyResult<Answer<'py>> {
    let layout: Layout = strings.layout();
    let built = py.detach(|| {
        let mut out = layout.builder(strings.len());
        for row in 0..strings.len() {
            match strings.get(row) {
                None => out.push(None),
                Some(s) => match f(row, s) {
                    Ok(v) => out.push(v.as_deref()),
                    Err(e) => return Err(row_error(row, &e)),
                },
            }
        }
        Ok(out.finish())
    });
    match built {
        Ok(column) => Ok((Some(ffi::export(py, &column)?), None)),
        Err(e) => Ok((None, Some(e))),
    }
}

/// Whether a call with the running interpreter's profile names an
/// encoding whose codecs were probed otherwise than the profile's (then
/// `urlsyntax.parse` itself hands such calls over).
pub(crate) fn hands_over_codecs(profile: Option<&str>, encoding: Option<&str>) -> PyResult<bool> {
    Ok(profile.is_none() && encoding.is_some() && !crate::state()?.codecs_native)
}

/// The behaviour of `profile` and the codec options given, when this
/// module answers such a call natively (`None`: the interpreter does).
fn native_codecs(
    profile: Option<&str>,
    encoding: Option<String>,
    errors: Option<String>,
) -> PyResult<Option<(Behaviour, CodecOptions)>> {
    if hands_over_codecs(profile, encoding.as_deref())? {
        return Ok(None);
    }
    let Some(behaviour) = behaviour_of(profile)? else {
        return Ok(None);
    };
    let mut codec = CodecOptions::new();
    if let Some(e) = encoding {
        codec = codec.encoding(e);
    }
    if let Some(e) = errors {
        codec = codec.errors(e);
    }
    Ok(Some((behaviour, codec)))
}

/// `safe` as given: `str` or `bytes` (anything else is not native).
fn safe_of(safe: Option<&Bound<'_, PyAny>>) -> Option<Option<Safe>> {
    match safe {
        None => Some(None),
        Some(s) => {
            if let Ok(s) = s.cast_exact::<PyString>() {
                Some(Some(Safe::from(s.to_str().ok()?)))
            } else {
                let b = s.cast_exact::<PyBytes>().ok()?;
                Some(Some(Safe::from(b.as_bytes())))
            }
        }
    }
}

/// The rows of a column, mapped by `map_with` given the behaviour and the
/// codec options of the call, when this module answers it natively.
fn text_rows<'py>(
    strings: &Capsules<'py>,
    (encoding, errors, profile): (Option<String>, Option<String>, Option<&str>),
    map_with: impl FnOnce(&Strings<'_>, Behaviour, CodecOptions) -> PyResult<Answer<'py>>,
) -> PyResult<Answer<'py>> {
    let input = ffi::import(strings)?;
    let strings = Strings::of(&input, "strings")?;
    match native_codecs(profile, encoding, errors)? {
        Some((behaviour, codec)) => map_with(&strings, behaviour, codec),
        None => Ok((None, None)),
    }
}

/// The function `_arrow_quoting` maps the rows with.
#[derive(Clone, Copy)]
enum Quoting {
    Quote,
    QuotePlus,
    Unquote,
    UnquotePlus,
}

impl Quoting {
    /// The function of its Python name, or a `ValueError`.
    fn named(name: &str) -> PyResult<Quoting> {
        match name {
            "quote" => Ok(Quoting::Quote),
            "quote_plus" => Ok(Quoting::QuotePlus),
            "unquote" => Ok(Quoting::Unquote),
            "unquote_plus" => Ok(Quoting::UnquotePlus),
            _ => Err(PyValueError::new_err(format!(
                "function must be quote, quote_plus, unquote or unquote_plus, not {name}"
            ))),
        }
    }
}

/// `quote`, `quote_plus`, `unquote` or `unquote_plus` (`function`) of
/// every row; `safe` is `quote`'s and `quote_plus`'s alone.
#[pyfunction]
#[pyo3(signature = (strings, function, safe=None, encoding=None, errors=None, profile=None))]
pub(crate) fn _arrow_quoting<'py>(
    py: Python<'py>,
    strings: Capsules<'py>,
    function: &str,
    safe: Option<Bound<'py, PyAny>>,
    encoding: Option<String>,
    errors: Option<String>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let function = Quoting::named(function)?;
    text_rows(
        &strings,
        (encoding, errors, profile),
        |strings, behaviour, codec| {
            let Some(safe) = safe_of(safe.as_ref()) else {
                return Ok((None, None));
            };
            let unquoter = Unquoter::new()
                .behaviour(behaviour)
                .codec_options(codec.clone());
            let mut quoter = Quoter::new().behaviour(behaviour).codec_options(codec);
            if let Some(s) = safe {
                quoter = quoter.safe(s);
            }
            map_rows(py, strings, |_, s| {
                match function {
                    Quoting::Quote => quoter.quote(s),
                    Quoting::QuotePlus => quoter.quote_plus(s),
                    Quoting::Unquote => unquoter.unquote(s),
                    Quoting::UnquotePlus => unquoter.unquote_plus(s),
                }
                .map(Some)
            })
        },
    )
}

/// `urljoin(base, url)` of every row: `base` is one text (`base_text`) or
/// a column as long as `urls` (`base_column`, its capsule pair).
#[pyfunction]
#[pyo3(signature = (urls, allow_fragments, base_text=None, base_column=None, profile=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_urljoin<'py>(
    py: Python<'py>,
    urls: Capsules<'py>,
    allow_fragments: bool,
    base_text: Option<&str>,
    base_column: Option<Capsules<'py>>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let input = ffi::import(&urls)?;
    let strings = Strings::of(&input, "urls")?;
    let base_column = base_column.as_ref().map(ffi::import).transpose()?;
    let bases = match &base_column {
        Some(c) => {
            let b = Strings::of(c, "base")?;
            if b.len() != strings.len() {
                return Err(PyValueError::new_err(format!(
                    "base has {} rows and urls {}: they must be as long",
                    b.len(),
                    strings.len()
                )));
            }
            Some(b)
        }
        None => None,
    };
    let Some(ctx) = context(py, profile)? else {
        return Ok((None, None));
    };
    // A probed `urlunsplit` rule the library lacks: the interpreter joins.
    if profile.is_none() && !crate::state()?.unsplit_native {
        return Ok((None, None));
    }
    let text = base_text.unwrap_or("");
    map_rows(py, &strings, |row, url| {
        let base = match &bases {
            Some(b) => match b.get(row) {
                Some(base) => base,
                None => return Ok(None),
            },
            None => text,
        };
        ctx.urljoin(base, url, allow_fragments)
            .map(|joined| Some(joined.into_owned()))
    })
}

//! `quote`, `quote_plus`, `unquote`, `unquote_plus` and `urljoin` over a
//! string column: a string column of the same layout, null for null.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyString};
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
    (schema, array): (&Bound<'py, PyCapsule>, &Bound<'py, PyCapsule>),
    (encoding, errors, profile): (Option<String>, Option<String>, Option<&str>),
    map_with: impl FnOnce(&Strings<'_>, Behaviour, CodecOptions) -> PyResult<Answer<'py>>,
) -> PyResult<Answer<'py>> {
    let input = ffi::import(schema, array)?;
    let strings = Strings::of(&input, "strings")?;
    match native_codecs(profile, encoding, errors)? {
        Some((behaviour, codec)) => map_with(&strings, behaviour, codec),
        None => Ok((None, None)),
    }
}

/// `quote` (`plus` false) or `quote_plus` of every row.
#[pyfunction]
#[pyo3(signature = (schema, array, plus, safe=None, encoding=None, errors=None, profile=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_quote<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyCapsule>,
    array: &Bound<'py, PyCapsule>,
    plus: bool,
    safe: Option<Bound<'py, PyAny>>,
    encoding: Option<String>,
    errors: Option<String>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let call = (encoding, errors, profile);
    text_rows((schema, array), call, |strings, behaviour, codec| {
        let Some(safe) = safe_of(safe.as_ref()) else {
            return Ok((None, None));
        };
        let mut quoter = Quoter::new().behaviour(behaviour).codec_options(codec);
        if let Some(s) = safe {
            quoter = quoter.safe(s);
        }
        map_rows(py, strings, |_, s| match plus {
            true => quoter.quote_plus(s).map(Some),
            false => quoter.quote(s).map(Some),
        })
    })
}

/// `unquote` (`plus` false) or `unquote_plus` of every row.
#[pyfunction]
#[pyo3(signature = (schema, array, plus, encoding=None, errors=None, profile=None))]
pub(crate) fn _arrow_unquote<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyCapsule>,
    array: &Bound<'py, PyCapsule>,
    plus: bool,
    encoding: Option<String>,
    errors: Option<String>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let call = (encoding, errors, profile);
    text_rows((schema, array), call, |strings, behaviour, codec| {
        let unquoter = Unquoter::new().behaviour(behaviour).codec_options(codec);
        map_rows(py, strings, |_, s| match plus {
            true => unquoter.unquote_plus(s).map(Some),
            false => unquoter.unquote(s).map(Some),
        })
    })
}

/// `urljoin(base, url)` of every row: `base` is one text (`base_text`) or
/// a column as long as `urls` (`base_schema`, `base_array`).
#[pyfunction]
#[pyo3(signature = (schema, array, allow_fragments, base_text=None, base_schema=None, base_array=None, profile=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _arrow_urljoin<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyCapsule>,
    array: &Bound<'py, PyCapsule>,
    allow_fragments: bool,
    base_text: Option<&str>,
    base_schema: Option<Bound<'py, PyCapsule>>,
    base_array: Option<Bound<'py, PyCapsule>>,
    profile: Option<&str>,
) -> PyResult<Answer<'py>> {
    let input = ffi::import(schema, array)?;
    let strings = Strings::of(&input, "urls")?;
    let base_column = match (&base_schema, &base_array) {
        (Some(s), Some(a)) => Some(ffi::import(s, a)?),
        _ => None,
    };
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

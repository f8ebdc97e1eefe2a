//! Configuration: the profile the package answers with, the switches
//! probed from an unverified release applied over it, and what must then
//! go to the interpreter.

use std::sync::atomic::Ordering;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};
use urlsyntax::urllib::{
    DerivedProfile, Profile, QslRule, Quirks, SchemeClass, UnsplitRule, Urllib, PROBE_SCRIPT,
};
use urlsyntax_fields::{result_items, RESULT_NAMES};

use crate::construct::Construct;
use crate::results::{Class, ResultClasses};
use crate::{Fallback, State, WatchedList, FALLBACK_NAMES, GENERATION, STATE};

/// The calls whose answers tell a line's patch releases apart by their
/// codecs (`_probe.py` makes the same calls on the interpreter): idna's
/// stringprep (gh-155292) and iso2022_jp_2004's combining pairs
/// (gh-101180), seen through `quote`.
const CODEC_CALLS: [(&str, &str, &str, &str); 2] = [
    ("idna", "\u{1e9e}.de", ".", "idna"),
    ("iso2022_jp_2004", "\u{304b}\u{309a}", "", "iso2022_jp_2004"),
];

fn unsplit_name(rule: UnsplitRule) -> &'static str {
    match rule {
        UnsplitRule::Legacy => "legacy",
        UnsplitRule::PreserveEmptyAuthority => "preserve",
        _ => "empty_authority",
    }
}

fn qsl_name(rule: QslRule) -> &'static str {
    match rule {
        QslRule::EmptyQueryIsOneField => "empty_query_is_one_field",
        QslRule::CoerceAscii => "coerce_ascii",
        _ => "native_bytes",
    }
}

/// `quote(text, safe, encoding=encoding)` under `profile`, or `!` and the
/// exception's class: the form `_probe.py` gives the interpreter's answer.
fn codec_answer(profile: Profile, text: &str, safe: &str, encoding: &str) -> String {
    let ctx = Urllib::new(profile);
    match ctx.quoter().safe(safe).encoding(encoding).quote(text) {
        Ok(s) => s,
        Err(e) => format!("!{}", e.exception().name()),
    }
}

/// The switches of `release` as `_probe.probe` names them: those that
/// differ between patch releases of a line.
#[pyfunction]
fn _switches<'py>(py: Python<'py>, release: &str) -> PyResult<Bound<'py, PyDict>> {
    let profile = lookup(release)?;
    let q = profile.quirks();
    let d = PyDict::new(py);
    for (name, value) in [
        (
            "scheme_must_start_with_ascii_letter",
            q.scheme_must_start_with_ascii_letter,
        ),
        ("strip_c0_control_or_space", q.strip_c0_control_or_space),
        ("validate_bracketed_host", q.validate_bracketed_host),
        ("check_bracketed_netloc", q.check_bracketed_netloc),
        ("ipvfuture_capital_v", q.ipvfuture_capital_v),
    ] {
        d.set_item(name, value)?;
    }
    d.set_item("unsplit", unsplit_name(q.unsplit))?;
    d.set_item("qsl", qsl_name(q.qsl))?;
    for (key, text, safe, encoding) in CODEC_CALLS {
        d.set_item(key, codec_answer(profile, text, safe, encoding))?;
    }
    Ok(d)
}

fn lookup(version: &str) -> PyResult<Profile> {
    Profile::from_version(version)
        .ok_or_else(|| PyValueError::new_err(format!("no urlsyntax profile for {version:?}")))
}

/// Every release the library reproduces, oldest first.
#[pyfunction]
fn _releases() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.release()).collect()
}

/// The releases the project verified against their interpreter (the
/// others are composed: a verified release and the fixes of its line).
#[pyfunction]
fn _verified() -> Vec<&'static str> {
    Profile::VERIFIED.iter().map(|p| p.release()).collect()
}

/// The scheme lists (`uses_relative`, `uses_netloc`, `uses_params`) of
/// `release`'s urllib.parse.
#[pyfunction]
fn _scheme_lists(release: &str) -> PyResult<Vec<Vec<String>>> {
    let ctx = Urllib::new(lookup(release)?);
    Ok([
        SchemeClass::UsesRelative,
        SchemeClass::UsesNetloc,
        SchemeClass::UsesParams,
    ]
    .map(|c| {
        ctx.classes()
            .list(c)
            .into_iter()
            .map(String::from)
            .collect()
    })
    .to_vec())
}

/// The release `version` names: itself, or the newest of a line ("3.12").
#[pyfunction]
fn _lookup(version: &str) -> Option<&'static str> {
    Profile::from_version(version).map(Profile::release)
}

/// The library's probe (`urlsyntax::urllib::PROBE_SCRIPT`): its
/// `answers(parse)` is run on the interpreter's own `urllib.parse`.
#[pyfunction]
fn _probe_script() -> &'static str {
    PROBE_SCRIPT
}

/// The profile the probe's answers (`key=answer` lines) derive: its base
/// release, the switches set otherwise, and its label; a `ValueError`
/// naming the switch no profile expresses.
#[pyfunction]
fn _derive(answers: &str) -> PyResult<(&'static str, Vec<&'static str>, String)> {
    let d = DerivedProfile::derive(answers).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((d.base().release(), d.switches().to_vec(), d.label()))
}

/// What the probe found, applied over `profile`'s quirks.
struct Probed {
    quirks: Quirks,
    qs_native: bool,
    codecs_native: bool,
    unsplit_native: bool,
}

/// Applies the probed behaviour (`{"switch": value}`, `None` values
/// unknown) over the profile's. The switches are carried by the context's
/// quirks, which every function it hands out follows (the query-string
/// builders too); a value no rule of the library's has hands its functions
/// over, and so do codec answers that differ from the profile's (the probe
/// sees answers, not the codec fields behind them).
fn quirks_from(profile: Profile, probed: Option<&Bound<'_, PyDict>>) -> PyResult<Probed> {
    let mut out = Probed {
        quirks: *profile.quirks(),
        qs_native: true,
        codecs_native: true,
        unsplit_native: true,
    };
    let Some(probed) = probed else {
        return Ok(out);
    };
    let get = |name: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(probed.get_item(name)?.filter(|v| !v.is_none()))
    };
    let q = &mut out.quirks;
    for (name, field) in [
        (
            "scheme_must_start_with_ascii_letter",
            &mut q.scheme_must_start_with_ascii_letter,
        ),
        (
            "strip_c0_control_or_space",
            &mut q.strip_c0_control_or_space,
        ),
        ("validate_bracketed_host", &mut q.validate_bracketed_host),
        ("check_bracketed_netloc", &mut q.check_bracketed_netloc),
        ("ipvfuture_capital_v", &mut q.ipvfuture_capital_v),
    ] {
        if let Some(v) = get(name)? {
            *field = v.extract()?;
        }
    }
    if let Some(v) = get("unsplit")? {
        match v.extract::<String>()?.as_str() {
            "legacy" => q.unsplit = UnsplitRule::Legacy,
            "preserve" => q.unsplit = UnsplitRule::PreserveEmptyAuthority,
            "empty_authority" => q.unsplit = UnsplitRule::EmptyAuthorityBeforeDoubleSlash,
            _ => out.unsplit_native = false,
        }
    }
    if let Some(v) = get("qsl")? {
        let rule = match v.extract::<String>()?.as_str() {
            "empty_query_is_one_field" => Some(QslRule::EmptyQueryIsOneField),
            "coerce_ascii" => Some(QslRule::CoerceAscii),
            "native_bytes" => Some(QslRule::NativeBytes),
            _ => None,
        };
        out.qs_native = rule.is_some();
        if let Some(rule) = rule {
            q.qsl = rule;
        }
    }
    for (key, text, safe, encoding) in CODEC_CALLS {
        if let Some(v) = get(key)? {
            if v.extract::<String>()? != codec_answer(profile, text, safe, encoding) {
                out.codecs_native = false;
            }
        }
    }
    Ok(out)
}

/// Builds the state from `urllib.parse` (`module`), the profile named by
/// `version` (`None`: every call goes to the interpreter) and the probed
/// switches (`None`: the profile's own, verified). Returns what the probed
/// switches hand over to the interpreter.
#[pyfunction]
#[pyo3(signature = (module, version, probed=None, fill_in_place=true, hash_cached=false, tuple_basicsize=0, derived=None))]
#[allow(clippy::too_many_arguments)]
fn _configure(
    py: Python<'_>,
    module: &Bound<'_, PyAny>,
    version: Option<&str>,
    probed: Option<&Bound<'_, PyDict>>,
    fill_in_place: bool,
    hash_cached: bool,
    tuple_basicsize: usize,
    derived: Option<&str>,
) -> PyResult<Vec<&'static str>> {
    let types = RESULT_NAMES
        .iter()
        .map(|n| Ok(module.getattr(*n)?.cast_into::<PyType>()?))
        .collect::<PyResult<Vec<_>>>()?;
    let refs: Vec<&Bound<'_, PyType>> = types.iter().collect();
    let construct = Construct::new(py, &refs, fill_in_place, hash_cached, tuple_basicsize)?;
    let mut classes = types.into_iter().zip(RESULT_NAMES).map(|(ty, name)| {
        let items = result_items(name).map_or(0, <[_]>::len);
        Class::new(ty, items, &construct)
    });
    let mut next = || -> PyResult<Class> {
        classes.next().unwrap_or_else(|| {
            Err(PyValueError::new_err(
                "urlsyntax: a result class is missing",
            ))
        })
    };
    let classes = ResultClasses {
        split: next()?,
        parse: next()?,
        defrag: next()?,
        split_bytes: next()?,
        parse_bytes: next()?,
        defrag_bytes: next()?,
        construct,
    };
    let fallbacks = FALLBACK_NAMES
        .iter()
        .map(|n| module.getattr(*n).map(Bound::unbind))
        .collect::<PyResult<Vec<_>>>()?;
    let (ctx, probed, profile) = match (version, derived) {
        // The library's probe read every switch: the derived profile
        // answers everything natively.
        (_, Some(answers)) => {
            let d = DerivedProfile::derive(answers)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let probed = Probed {
                quirks: *d.behaviour().quirks(),
                qs_native: true,
                codecs_native: true,
                unsplit_native: true,
            };
            (Some(Urllib::of(d.behaviour())), probed, d.base())
        }
        (None, None) => (
            None,
            Probed {
                quirks: *Profile::default().quirks(),
                qs_native: false,
                codecs_native: false,
                unsplit_native: false,
            },
            Profile::default(),
        ),
        (Some(v), None) => {
            let profile = lookup(v)?;
            let probed = quirks_from(profile, probed)?;
            let ctx = Urllib::with_quirks(profile, probed.quirks);
            (Some(ctx), probed, profile)
        }
    };
    let mut handed_over = Vec::new();
    if ctx.is_some() {
        if !probed.qs_native {
            handed_over.extend(["parse_qs", "parse_qsl"]);
        }
        if !probed.unsplit_native {
            handed_over.extend(["urlunsplit", "urlunparse", "urljoin", "urldefrag"]);
        }
        if !probed.codecs_native {
            handed_over.push("calls naming an encoding");
        }
    }
    let lists_agree = match &ctx {
        Some(ctx) => lists_agree(module, ctx)?,
        None => false,
    };
    let watch = |name: &str| -> PyResult<WatchedList> {
        let list = module.getattr(name)?.cast_into::<PyList>()?;
        Ok(WatchedList {
            len: list.len(),
            list: list.unbind(),
        })
    };
    let own = py.import("urlsyntax._native")?;
    let qs_default = ctx.as_ref().and_then(|c| crate::qs::parser(c, &[None; 6]));
    let state = State {
        ctx,
        lists_agree,
        generation: GENERATION.fetch_add(1, Ordering::Relaxed) + 1,
        qs_native: probed.qs_native,
        qs_default,
        codecs_native: probed.codecs_native,
        unsplit_native: probed.unsplit_native,
        profile,
        classes,
        quote_plus_fn: fallbacks[Fallback::QuotePlus as usize].clone_ref(py),
        quote_fn: fallbacks[Fallback::Quote as usize].clone_ref(py),
        own_quote_plus: own.getattr("quote_plus")?.unbind(),
        own_quote: own.getattr("quote")?.unbind(),
        fallbacks,
        watched: [
            watch("uses_relative")?,
            watch("uses_netloc")?,
            watch("uses_params")?,
        ],
    };
    STATE.store(Box::leak(Box::new(state)), Ordering::Release);
    Ok(handed_over)
}

/// Whether `urllib.parse`'s scheme lists hold the context's schemes.
fn lists_agree(module: &Bound<'_, PyAny>, ctx: &Urllib) -> PyResult<bool> {
    for class in [
        SchemeClass::UsesRelative,
        SchemeClass::UsesNetloc,
        SchemeClass::UsesParams,
    ] {
        let theirs: Vec<String> = module.getattr(class.python_name())?.extract()?;
        if theirs != ctx.classes().list(class) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// How the configuration in force makes results: `"in_place"`,
/// `"in_place_hash"` (3.14+) or `"tuple_new"`; and whether 3.15's slot
/// `_keep_empty` is written where its memory showed it, by class.
#[pyfunction]
fn _construct() -> PyResult<(&'static str, Vec<bool>)> {
    let c = &crate::state()?.classes;
    let mode = match c.construct {
        Construct::InPlace => "in_place",
        Construct::InPlaceHash { .. } => "in_place_hash",
        Construct::TupleNew(_) => "tuple_new",
    };
    let all = [
        &c.split,
        &c.parse,
        &c.defrag,
        &c.split_bytes,
        &c.parse_bytes,
        &c.defrag_bytes,
    ];
    Ok((mode, all.iter().map(|k| k.slot_located()).collect()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_construct, m)?)?;
    m.add_function(wrap_pyfunction!(_configure, m)?)?;
    m.add_function(wrap_pyfunction!(_probe_script, m)?)?;
    m.add_function(wrap_pyfunction!(_derive, m)?)?;
    m.add_function(wrap_pyfunction!(_switches, m)?)?;
    m.add_function(wrap_pyfunction!(_releases, m)?)?;
    m.add_function(wrap_pyfunction!(_verified, m)?)?;
    m.add_function(wrap_pyfunction!(_lookup, m)?)?;
    m.add_function(wrap_pyfunction!(_scheme_lists, m)?)?;
    // The result classes' names, for the Python side to name them once.
    m.add("_RESULT_NAMES", RESULT_NAMES)?;
    Ok(())
}

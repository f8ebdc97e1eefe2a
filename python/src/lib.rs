//! The native module `urlsyntax._native`: urllib.parse's public functions,
//! answered by the `urlsyntax` library where it can express the call, and by
//! the interpreter's own `urllib.parse` everywhere else.
//!
//! Each function checks its arguments' exact types first. Exact `str` (and
//! `bytes` where the library has a bytes form), flags given as `bool` or
//! `int`, and codecs the library implements go to Rust; anything else (a
//! subclass, a `bytearray`, a callable `quote_via`, an object whose `str()`
//! must be called, text with lone surrogates) goes to the function of
//! `urllib.parse` saved at configuration. So does every call the library
//! answers with an error: CPython raises its own exception, with its own
//! message and arguments.

use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use urlsyntax::urllib::{Profile, QslRule, SchemeClass, UnsplitRule, Urllib};

mod arrow;
mod fastcall;
mod qs;
mod quote;
mod results;
mod split;
mod testing;

/// An optional argument as given: `None` only when left out. (pyo3's
/// `Option` also maps an explicit Python `None` to `None`, but CPython
/// treats `separator=None` or `safe=None` otherwise than leaving them out.)
pub(crate) struct Given<'py>(Option<Bound<'py, PyAny>>);

impl<'py> Given<'py> {
    pub(crate) fn missing() -> Self {
        Given(None)
    }

    pub(crate) fn get(&self) -> Option<&Bound<'py, PyAny>> {
        self.0.as_ref()
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Given<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Given(Some(obj.to_owned())))
    }
}

/// The functions of `urllib.parse` that calls fall back on.
#[derive(Clone, Copy)]
#[repr(usize)]
pub(crate) enum Fallback {
    Urlsplit,
    Urlparse,
    Urlunsplit,
    Urlunparse,
    Urljoin,
    Urldefrag,
    Quote,
    QuotePlus,
    QuoteFromBytes,
    Unquote,
    UnquotePlus,
    UnquoteToBytes,
    ParseQs,
    ParseQsl,
    Urlencode,
}

const FALLBACK_NAMES: [&str; 15] = [
    "urlsplit",
    "urlparse",
    "urlunsplit",
    "urlunparse",
    "urljoin",
    "urldefrag",
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
    "parse_qs",
    "parse_qsl",
    "urlencode",
];

/// urllib.parse's result classes, text then bytes.
pub(crate) struct ResultClasses {
    pub(crate) split: Py<PyType>,
    pub(crate) parse: Py<PyType>,
    pub(crate) defrag: Py<PyType>,
    pub(crate) split_bytes: Py<PyType>,
    pub(crate) parse_bytes: Py<PyType>,
    pub(crate) defrag_bytes: Py<PyType>,
}

/// A scheme list of `urllib.parse` (`uses_netloc`, ...) and its length when
/// the context was built: a list the program changed since sends the calls
/// that read it to the interpreter.
struct WatchedList {
    list: Py<PyList>,
    len: usize,
}

/// Everything a call reads: the library context and the interpreter's own
/// objects. Replaced whole by `_configure`.
pub(crate) struct State {
    /// `None`: every call goes to the interpreter.
    pub(crate) ctx: Option<Urllib>,
    /// Whether urllib.parse's scheme lists were the context's at
    /// configuration (else the calls that read them go to the interpreter).
    lists_agree: bool,
    /// Which configuration this is (caches keyed on an older one are stale).
    pub(crate) generation: u64,
    /// Whether `parse_qs(l)` may answer natively (the probed rule is the
    /// profile's own).
    pub(crate) qs_native: bool,
    pub(crate) profile: Profile,
    pub(crate) classes: ResultClasses,
    /// Results are filled in place (no `__new__` call) when the tuple layout
    /// allows it.
    pub(crate) fill_in_place: bool,
    fallbacks: Vec<Py<PyAny>>,
    /// `urllib.parse.quote_plus` and `quote` as `urlencode`'s `quote_via`.
    pub(crate) quote_plus_fn: Py<PyAny>,
    pub(crate) quote_fn: Py<PyAny>,
    /// This module's own `quote_plus` and `quote`, which mean the same.
    pub(crate) own_quote_plus: Py<PyAny>,
    pub(crate) own_quote: Py<PyAny>,
    watched: [WatchedList; 3],
}

impl State {
    /// The context when the scheme lists are as they were, else `None`.
    pub(crate) fn ctx_with_lists(&self, py: Python<'_>) -> Option<&Urllib> {
        let ctx = self.ctx.as_ref().filter(|_| self.lists_agree)?;
        self.watched
            .iter()
            .all(|w| w.list.bind(py).len() == w.len)
            .then_some(ctx)
    }

    /// Calls `urllib.parse`'s own function with the arguments as given.
    pub(crate) fn fallback<'py>(
        &self,
        py: Python<'py>,
        f: Fallback,
        args: &[Option<&Bound<'py, PyAny>>],
        names: &[&str],
    ) -> PyResult<Bound<'py, PyAny>> {
        count(&DELEGATED);
        let func = self.fallbacks[f as usize].bind(py);
        let mut positional = Vec::with_capacity(args.len());
        let kwargs = PyDict::new(py);
        let mut by_keyword = false;
        for (arg, name) in args.iter().zip(names) {
            match arg {
                Some(a) if !by_keyword => positional.push((*a).clone()),
                Some(a) => kwargs.set_item(name, a)?,
                // An argument left out: the rest go by keyword.
                None => by_keyword = true,
            }
        }
        func.call(PyTuple::new(py, positional)?, Some(&kwargs))
    }
}

/// The state in force. Each configuration is leaked on purpose: a call on
/// another thread may still read the one it replaced, and configurations
/// are few (one at import, one per `use_profile`).
static STATE: AtomicPtr<State> = AtomicPtr::new(std::ptr::null_mut());
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Calls made and calls handed to the interpreter, for the tests' checks
/// that the common calls stay native. Counted without a locked
/// instruction: a count may be lost when threads race, never invented.
static CALLS: AtomicU64 = AtomicU64::new(0);
static DELEGATED: AtomicU64 = AtomicU64::new(0);

fn count(counter: &AtomicU64) {
    counter.store(counter.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
}

/// The state in force: one atomic load, no lock.
pub(crate) fn state() -> PyResult<&'static State> {
    count(&CALLS);
    let ptr = STATE.load(Ordering::Acquire);
    if ptr.is_null() {
        return Err(PyRuntimeError::new_err(
            "urlsyntax._native is not configured",
        ));
    }
    // SAFETY: a non-null pointer comes from `Box::leak` in `_configure`
    // and is never freed.
    Ok(unsafe { &*ptr })
}

fn lookup_profile(version: &str) -> PyResult<Profile> {
    Profile::from_version(version).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!("no urlsyntax profile for {version:?}"))
    })
}

/// Applies the probed behaviour (`{"field": value}`) over the profile's.
fn quirks_from(
    profile: Profile,
    probed: Option<&Bound<'_, PyDict>>,
) -> PyResult<(urlsyntax::urllib::Quirks, bool)> {
    let mut quirks = *profile.quirks();
    let Some(probed) = probed else {
        return Ok((quirks, true));
    };
    let flag = |name: &str| -> PyResult<Option<bool>> {
        probed.get_item(name)?.map(|v| v.extract()).transpose()
    };
    if let Some(v) = flag("scheme_must_start_with_ascii_letter")? {
        quirks.scheme_must_start_with_ascii_letter = v;
    }
    if let Some(v) = flag("validate_bracketed_host")? {
        quirks.validate_bracketed_host = v;
    }
    if let Some(v) = probed.get_item("unsplit")? {
        quirks.unsplit = match v.extract::<String>()?.as_str() {
            "legacy" => UnsplitRule::Legacy,
            _ => UnsplitRule::PreserveEmptyAuthority,
        };
    }
    let mut qs_native = true;
    if let Some(v) = probed.get_item("qsl")? {
        let rule = match v.extract::<String>()?.as_str() {
            "empty_query_is_one_field" => Some(QslRule::EmptyQueryIsOneField),
            "coerce_ascii" => Some(QslRule::CoerceAscii),
            "native_bytes" => Some(QslRule::NativeBytes),
            _ => None,
        };
        // `parse_qs(l)` takes a profile, not quirks: a rule other than the
        // profile's (or a mix no profile has) goes to the interpreter.
        qs_native = rule == Some(profile.quirks().qsl);
        if let Some(rule) = rule {
            quirks.qsl = rule;
        }
    }
    Ok((quirks, qs_native))
}

/// Builds the state from `urllib.parse` (`module`), the profile named by
/// `version` (`None`: every call goes to the interpreter) and the probed
/// quirks (`None`: the profile's own, verified).
#[pyfunction]
#[pyo3(signature = (module, version, probed=None, fill_in_place=true))]
fn _configure(
    py: Python<'_>,
    module: &Bound<'_, PyAny>,
    version: Option<&str>,
    probed: Option<&Bound<'_, PyDict>>,
    fill_in_place: bool,
) -> PyResult<()> {
    let class = |name: &str| -> PyResult<Py<PyType>> {
        Ok(module.getattr(name)?.cast_into::<PyType>()?.unbind())
    };
    let classes = ResultClasses {
        split: class("SplitResult")?,
        parse: class("ParseResult")?,
        defrag: class("DefragResult")?,
        split_bytes: class("SplitResultBytes")?,
        parse_bytes: class("ParseResultBytes")?,
        defrag_bytes: class("DefragResultBytes")?,
    };
    let fallbacks = FALLBACK_NAMES
        .iter()
        .map(|n| module.getattr(*n).map(Bound::unbind))
        .collect::<PyResult<Vec<_>>>()?;
    let (ctx, qs_native, profile) = match version {
        None => (None, false, Profile::default()),
        Some(v) => {
            let profile = lookup_profile(v)?;
            let (quirks, qs_native) = quirks_from(profile, probed)?;
            (
                Some(Urllib::with_quirks(profile, quirks)),
                qs_native,
                profile,
            )
        }
    };
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
    let state = State {
        ctx,
        lists_agree,
        generation: GENERATION.fetch_add(1, Ordering::Relaxed) + 1,
        qs_native,
        profile,
        classes,
        fill_in_place,
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
    Ok(())
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

/// `(release, answers_natively)` of the state in force.
#[pyfunction]
fn _profile() -> PyResult<(String, bool)> {
    let s = state()?;
    Ok((s.profile.release().to_string(), s.ctx.is_some()))
}

/// `(native, delegated)`: calls answered by the library and calls handed
/// to the interpreter, since import.
#[pyfunction]
fn _counts() -> (u64, u64) {
    let delegated = DELEGATED.load(Ordering::Relaxed);
    (
        CALLS.load(Ordering::Relaxed).saturating_sub(delegated),
        delegated,
    )
}

/// Every release the library reproduces (`"3.13.0"`, ...).
#[pyfunction]
fn _releases() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.release()).collect()
}

/// The jar of `urlsyntax.spark`'s JVM engine (the Java UDF and its JNI
/// library), or `None` when the package was built without a JDK.
#[pyfunction]
fn _jvm_jar(py: Python<'_>) -> Option<Bound<'_, pyo3::types::PyBytes>> {
    #[cfg(urlsyntax_jvm)]
    let jar: Option<&[u8]> = Some(include_bytes!(env!("URLSYNTAX_JVM_JAR")));
    #[cfg(not(urlsyntax_jvm))]
    let jar: Option<&[u8]> = None;
    jar.map(|bytes| pyo3::types::PyBytes::new(py, bytes))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_configure, m)?)?;
    m.add_function(wrap_pyfunction!(_profile, m)?)?;
    m.add_function(wrap_pyfunction!(_releases, m)?)?;
    m.add_function(wrap_pyfunction!(_counts, m)?)?;
    m.add_function(wrap_pyfunction!(_jvm_jar, m)?)?;
    split::register(m)?;
    fastcall::install(m)?;
    quote::register(m)?;
    qs::register(m)?;
    arrow::register(m)?;
    testing::register(m)?;
    Ok(())
}

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

use std::cell::Cell;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use urlsyntax::urllib::{Profile, Urllib};

use results::ResultClasses;

/// Every Rust allocation of the module (an Arrow answer's buffers among
/// them, which are freed through the module's release callback, so by the
/// same allocator): mimalloc reuses a freed column's pages (python/Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A `#[pyfunction]` of urllib.parse: `first`, then its optional
/// arguments (after `; *,` the keyword-only ones), each optional one a
/// [`Given`]. Its body is `call(py, first, [each optional argument as
/// given], extra...)`, so functions that differ in a flag alone
/// (`quote` and `quote_plus`) write their signature and nothing else.
macro_rules! given_pyfunction {
    (
        $(#[$doc:meta])*
        fn $name:ident($first:ident $(, $opt:ident)* $(; *, $($kw:ident),+)?)
            => $call:ident($($extra:expr),*);
    ) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($first $(, $opt = Given::missing())* $(, *, $($kw = Given::missing()),+)?))]
        #[allow(clippy::too_many_arguments)]
        fn $name<'py>(
            py: Python<'py>,
            $first: &Bound<'py, PyAny>,
            $($opt: Given<'py>,)*
            $($($kw: Given<'py>,)+)?
        ) -> PyResult<Bound<'py, PyAny>> {
            $call(py, $first, [$($opt.get(),)* $($($kw.get(),)+)?] $(, $extra)*)
        }
    };
}

mod arrow;
mod cache;
mod configure;
mod construct;
mod fastcall;
mod function;
mod qs;
mod quote;
mod results;
mod siblings;
mod split;
mod testing;
mod unsplit;

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
    /// Whether `parse_qs(l)` may answer natively (the probed rule is one
    /// the library has, carried by the context's quirks).
    pub(crate) qs_native: bool,
    /// `parse_qs(l)`'s parser with every argument left out.
    pub(crate) qs_default: Option<urlsyntax::urllib::QsParser>,
    /// Whether calls naming an encoding may answer natively (the probed
    /// codecs answer as the profile's).
    pub(crate) codecs_native: bool,
    /// Whether the functions that put a URL back together may answer
    /// natively (the probed `urlunsplit` rule is one the library has).
    pub(crate) unsplit_native: bool,
    pub(crate) profile: Profile,
    pub(crate) classes: ResultClasses,
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
    /// The context for the functions that put a URL back together
    /// (`urlunsplit`, `urlunparse`, `urljoin`, `urldefrag`).
    pub(crate) fn ctx_unsplit(&self, py: Python<'_>) -> Option<&Urllib> {
        self.ctx_with_lists(py).filter(|_| self.unsplit_native)
    }

    /// The context, when a call with this `encoding` argument may answer
    /// natively (`quote`, `unquote`, `urlencode`, `parse_qs(l)`).
    pub(crate) fn ctx_for_encoding(&self, encoding: Option<&Bound<'_, PyAny>>) -> Option<&Urllib> {
        let native = self.codecs_native || encoding.is_none_or(|e| e.is_none());
        self.ctx.as_ref().filter(|_| native)
    }

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
        self.fallback_kw(py, f, args, names, &[])
    }

    /// [`State::fallback`] with keyword-only arguments after `args`.
    pub(crate) fn fallback_kw<'py>(
        &self,
        py: Python<'py>,
        f: Fallback,
        args: &[Option<&Bound<'py, PyAny>>],
        names: &[&str],
        keyword_only: &[(&str, Option<&Bound<'py, PyAny>>)],
    ) -> PyResult<Bound<'py, PyAny>> {
        count_call(&DELEGATED);
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
        for (name, arg) in keyword_only {
            if let Some(a) = arg {
                kwargs.set_item(name, a)?;
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

thread_local! {
    /// Calls made and calls handed to the interpreter on this thread, for
    /// the tests' checks that the common calls stay native: a count of the
    /// thread's own, so that no call writes memory that other threads'
    /// calls write too.
    static CALLS: Cell<u64> = const { Cell::new(0) };
    static DELEGATED: Cell<u64> = const { Cell::new(0) };
}

fn count_call(counter: &'static std::thread::LocalKey<Cell<u64>>) {
    counter.with(|c| c.set(c.get() + 1));
}

/// A cache's hits and misses, shared by every thread as `lru_cache`'s
/// are: counted without a locked instruction (a count may be lost when
/// threads race, never invented).
pub(crate) fn count(counter: &AtomicU64) {
    counter.store(counter.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
}

/// The state in force: one atomic load, no lock.
pub(crate) fn state() -> PyResult<&'static State> {
    count_call(&CALLS);
    current().ok_or_else(|| PyRuntimeError::new_err("urlsyntax._native is not configured"))
}

/// The state in force, if configured (a call not counted).
pub(crate) fn current() -> Option<&'static State> {
    let ptr = STATE.load(Ordering::Acquire);
    // SAFETY: a non-null pointer comes from `Box::leak` in `_configure`
    // and is never freed.
    (!ptr.is_null()).then(|| unsafe { &*ptr })
}

/// `(release, answers_natively)` of the state in force.
#[pyfunction]
fn _profile() -> PyResult<(String, bool)> {
    let s = state()?;
    Ok((s.profile.release().to_string(), s.ctx.is_some()))
}

/// `(native, delegated)`: calls answered by the library and calls handed
/// to the interpreter on the calling thread, since it started.
#[pyfunction]
fn _counts() -> (u64, u64) {
    let delegated = DELEGATED.with(Cell::get);
    (CALLS.with(Cell::get).saturating_sub(delegated), delegated)
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

/// The fields of `urlsplit`'s struct (`urlparse`'s with `params`), in the
/// order the columns hold them, and the components among them: the
/// library's `urllib::fields`, which every column face (Arrow, DuckDB,
/// Spark and its JVM engine, whose numbers are these positions) reads.
#[pyfunction]
fn _split_fields(params: bool) -> (Vec<&'static str>, Vec<&'static str>) {
    use urlsyntax_fields::SplitFunction;
    let function = if params {
        SplitFunction::Urlparse
    } else {
        SplitFunction::Urlsplit
    };
    let fields = function.fields();
    (
        fields.iter().map(|f| f.name()).collect(),
        fields
            .iter()
            .filter(|f| f.is_component())
            .map(|f| f.name())
            .collect(),
    )
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_profile, m)?)?;
    m.add_function(wrap_pyfunction!(_counts, m)?)?;
    m.add_function(wrap_pyfunction!(_jvm_jar, m)?)?;
    m.add_function(wrap_pyfunction!(_split_fields, m)?)?;
    configure::register(m)?;
    cache::register(m)?;
    split::register(m)?;
    unsplit::register(m)?;
    quote::register(m)?;
    qs::register(m)?;
    // After the functions it gives a vectorcall entry.
    fastcall::install(m)?;
    arrow::register(m)?;
    testing::register(m)?;
    siblings::register(m)?;
    // The names in the order `_watch` and `_configure` index them by;
    // `urlsyntax.parse.FUNCTIONS` is this tuple, so the two cannot drift.
    m.add("FUNCTIONS", PyTuple::new(m.py(), FALLBACK_NAMES)?)?;
    // Last: each function the module registered becomes a `function`.
    function::install(m)
}

//! `urlencode` and the values it takes: [`QueryValue`] (a Python value),
//! [`QueryArg`] and the [`Urlencoder`] builder.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::mem::ManuallyDrop;

use crate::percent;
use crate::urllib::codec_options::builder_setters;
use crate::urllib::profile::{Behaviour, Profile, Quirks};
use crate::urllib::pyrepr::str_repr_in;
use crate::urllib::quote::{Quoter, Safe};
use crate::urllib::CodecOptions;
use urlsyntax_pyruntime::error::Error;
use urlsyntax_pyruntime::repr::{bytes_repr, int_str, list_repr, tuple_repr};

/// A Python value as `urlencode` takes it for a key, a value or an element
/// of a value sequence.
///
/// ```
/// use urlsyntax::urllib::{urlencode, QueryValue};
/// let q = [("a", QueryValue::None), ("b", true.into()), ("c", 7.into())];
/// assert_eq!(urlencode(q), "a=None&b=True&c=7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryValue {
    /// `None`
    None,
    /// `True`/`False`
    Bool(bool),
    /// An `int`.
    Int(i128),
    /// An `int` of any size, as its decimal text (`-` first when negative).
    BigInt(String),
    /// A `str`.
    Str(String),
    /// A `bytes`.
    Bytes(Vec<u8>),
    /// A tuple (`doseq` expands it; `str()` shows `(a,)`).
    Seq(Vec<QueryValue>),
    /// A list (`doseq` expands it; `str()` shows `[a]`).
    List(Vec<QueryValue>),
    /// A mapping (iterated by keys, shown as a dict by `str()`).
    Dict(Vec<(QueryValue, QueryValue)>),
    /// A named tuple such as a `SplitResult`: `doseq` expands its values;
    /// `str()` shows `Name(field=value, ...)`.
    NamedTuple {
        /// The class name.
        name: String,
        /// Each field's name and value, in order.
        fields: Vec<(String, QueryValue)>,
    },
}

impl QueryValue {
    /// Python's `str(value)` (as the default profile, CPython 3.15.2, writes it); a `ValueError`
    /// for an `int` past the release's digit limit.
    ///
    /// ```
    /// use urlsyntax::urllib::QueryValue;
    /// assert_eq!(QueryValue::from("a").py_str()?, "a");
    /// assert_eq!(QueryValue::seq(["a"]).py_str()?, "('a',)");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn py_str(&self) -> Result<String, Error> {
        self.py_str_in(Behaviour::default())
    }

    /// Python's `repr(value)` (as the default profile, CPython 3.15.2, writes it).
    ///
    /// ```
    /// use urlsyntax::urllib::QueryValue;
    /// assert_eq!(QueryValue::from("a'b").py_repr()?, "\"a'b\"");
    /// assert_eq!(QueryValue::from(&b"a"[..]).py_repr()?, "b'a'");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn py_repr(&self) -> Result<String, Error> {
        self.py_repr_in(Behaviour::default())
    }

    /// Python's `str(value)` in `profile`'s CPython (its Unicode version
    /// decides which characters `repr` escapes).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, QueryValue};
    /// let v = QueryValue::seq(["\u{1fae8}"]); // Unicode 15
    /// assert_eq!(v.py_str_in(Profile::Py3_11_7)?, "('\\U0001fae8',)");
    /// assert_eq!(v.py_str_in(Profile::Py3_12_1)?, "('\u{1fae8}',)");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn py_str_in(&self, behaviour: impl Into<Behaviour>) -> Result<String, Error> {
        let behaviour = behaviour.into();
        match self {
            QueryValue::Str(s) => Ok(s.clone()),
            v => v.py_repr_in(behaviour),
        }
    }

    /// Python's `repr(value)` in `profile`'s CPython.
    pub fn py_repr_in(&self, behaviour: impl Into<Behaviour>) -> Result<String, Error> {
        let behaviour = behaviour.into();
        let reprs = |items: &[QueryValue]| -> Result<Vec<String>, Error> {
            items.iter().map(|v| v.py_repr_in(behaviour)).collect()
        };
        Ok(match self {
            QueryValue::None => "None".into(),
            QueryValue::Bool(true) => "True".into(),
            QueryValue::Bool(false) => "False".into(),
            QueryValue::Int(i) => i.to_string(),
            QueryValue::BigInt(text) => {
                int_str(text, behaviour.quirks().codecs.unicode.int_max_str_digits())
                    .map_err(|message| Error::Value { message })?
                    .to_string()
            }
            QueryValue::Str(s) => str_repr_in(s, behaviour),
            QueryValue::Bytes(b) => bytes_repr(b),
            QueryValue::Seq(items) => tuple_repr(&reprs(items)?),
            QueryValue::List(items) => list_repr(&reprs(items)?),
            QueryValue::Dict(items) => {
                let inner = items
                    .iter()
                    .map(|(k, v)| {
                        Ok(format!(
                            "{}: {}",
                            k.py_repr_in(behaviour)?,
                            v.py_repr_in(behaviour)?
                        ))
                    })
                    .collect::<Result<Vec<String>, Error>>()?;
                format!("{{{}}}", inner.join(", "))
            }
            QueryValue::NamedTuple { name, fields } => {
                let inner = fields
                    .iter()
                    .map(|(f, v)| Ok(format!("{f}={}", v.py_repr_in(behaviour)?)))
                    .collect::<Result<Vec<String>, Error>>()?;
                format!("{name}({})", inner.join(", "))
            }
        })
    }
}

impl From<&str> for QueryValue {
    fn from(s: &str) -> Self {
        QueryValue::Str(s.to_string())
    }
}
impl From<String> for QueryValue {
    fn from(s: String) -> Self {
        QueryValue::Str(s)
    }
}
impl From<&String> for QueryValue {
    fn from(s: &String) -> Self {
        QueryValue::Str(s.clone())
    }
}
impl From<&[u8]> for QueryValue {
    fn from(b: &[u8]) -> Self {
        QueryValue::Bytes(b.to_vec())
    }
}
impl From<Vec<u8>> for QueryValue {
    fn from(b: Vec<u8>) -> Self {
        QueryValue::Bytes(b)
    }
}
impl From<bool> for QueryValue {
    fn from(b: bool) -> Self {
        QueryValue::Bool(b)
    }
}
macro_rules! int_values {
    ($($t:ty),*) => {$(
        impl From<$t> for QueryValue {
            fn from(i: $t) -> Self {
                QueryValue::Int(i as i128)
            }
        }
    )*};
}
int_values!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);
impl QueryValue {
    /// A sequence value from any items (`doseq` expands it).
    ///
    /// ```
    /// use urlsyntax::urllib::{urlencode, QueryValue};
    /// assert_eq!(urlencode([("k", QueryValue::seq(["x", "y"]))]), "k=%28%27x%27%2C+%27y%27%29");
    /// ```
    pub fn seq<T: Into<QueryValue>>(items: impl IntoIterator<Item = T>) -> Self {
        QueryValue::Seq(items.into_iter().map(Into::into).collect())
    }
}
impl<T: Into<QueryValue>> From<Option<T>> for QueryValue {
    fn from(v: Option<T>) -> Self {
        v.map_or(QueryValue::None, Into::into)
    }
}

/// A key or value as `urlencode` takes it: text and bytes given by
/// reference are quoted where they are, without a copy into a
/// [`QueryValue`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryArg<'a> {
    /// A `str`.
    Str(&'a str),
    /// A `bytes`.
    Bytes(&'a [u8]),
    /// Any value, owned or borrowed.
    Value(Cow<'a, QueryValue>),
}

/// What `urlencode` takes as a key or value: every type that converts into
/// a [`QueryValue`] (`&str`, `String`, bytes, integers, `bool`, `Option`),
/// a `QueryValue` itself or a reference to one.
///
/// ```
/// use urlsyntax::urllib::urlencode;
/// assert_eq!(urlencode([("a", Some(1)), ("b", None)]), "a=1&b=None");
/// ```
pub trait IntoQueryArg<'a> {
    /// The value as `urlencode` reads it.
    fn into_query_arg(self) -> QueryArg<'a>;
}

impl<'a> IntoQueryArg<'a> for QueryArg<'a> {
    fn into_query_arg(self) -> QueryArg<'a> {
        self
    }
}
impl<'a> IntoQueryArg<'a> for &'a str {
    fn into_query_arg(self) -> QueryArg<'a> {
        QueryArg::Str(self)
    }
}
impl<'a> IntoQueryArg<'a> for &'a String {
    fn into_query_arg(self) -> QueryArg<'a> {
        QueryArg::Str(self)
    }
}
impl<'a> IntoQueryArg<'a> for &'a [u8] {
    fn into_query_arg(self) -> QueryArg<'a> {
        QueryArg::Bytes(self)
    }
}
impl<'a> IntoQueryArg<'a> for &'a QueryValue {
    fn into_query_arg(self) -> QueryArg<'a> {
        QueryArg::Value(Cow::Borrowed(self))
    }
}
macro_rules! owned_args {
    ($($t:ty),*) => {$(
        impl<'a> IntoQueryArg<'a> for $t {
            fn into_query_arg(self) -> QueryArg<'a> {
                QueryArg::Value(Cow::Owned(self.into()))
            }
        }
    )*};
}
owned_args!(QueryValue, String, Vec<u8>, bool);
owned_args!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);
impl<'a, T: IntoQueryArg<'a>> IntoQueryArg<'a> for Option<T> {
    fn into_query_arg(self) -> QueryArg<'a> {
        match self {
            Some(v) => v.into_query_arg(),
            None => QueryArg::Value(Cow::Owned(QueryValue::None)),
        }
    }
}

/// A component as the quoting reads it: text, bytes, or a value whose
/// `str()` is quoted (or which `doseq` expands).
#[derive(Clone, Copy)]
enum Component<'a> {
    Str(&'a str),
    Bytes(&'a [u8]),
    Other(&'a QueryValue),
}

impl<'a> Component<'a> {
    fn of_value(v: &'a QueryValue) -> Self {
        match v {
            QueryValue::Str(s) => Component::Str(s),
            QueryValue::Bytes(b) => Component::Bytes(b),
            v => Component::Other(v),
        }
    }

    fn of_arg(a: &'a QueryArg<'_>) -> Self {
        match a {
            QueryArg::Str(s) => Component::Str(s),
            QueryArg::Bytes(b) => Component::Bytes(b),
            QueryArg::Value(v) => Component::of_value(v),
        }
    }
}

/// The `quote_via` function of `urlencode`.
///
/// ```
/// use urlsyntax::urllib::{QuoteVia, Urlencoder};
/// assert_eq!(Urlencoder::new().quote_via(QuoteVia::Quote).urlencode([("k", "a b")])?, "k=a%20b");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuoteVia {
    /// `quote`
    Quote,
    /// `quote_plus` (the default)
    #[default]
    QuotePlus,
    /// `quote_from_bytes` (text components then fail with `TypeError`, as
    /// CPython passes them four arguments)
    QuoteFromBytes,
}

/// `urlencode` with keyword arguments: `doseq`, `safe`, `encoding`,
/// `errors`, `quote_via`.
///
/// ```
/// use urlsyntax::urllib::Urlencoder;
/// let e = Urlencoder::new().safe("/").encoding("latin-1");
/// assert_eq!(e.urlencode([("k", "é/")])?, "k=%E9/");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Urlencoder {
    doseq: bool,
    safe: Option<Safe>,
    codec: CodecOptions,
    quote_via: QuoteVia,
    behaviour: Behaviour,
}

/// `urlencode(query)`: pairs in order, `quote_plus` on `str()` of each key
/// and value (bytes are quoted as they are).
///
/// ```
/// use urlsyntax::urllib::urlencode;
/// assert_eq!(urlencode([("q", "a b"), ("n", "1")]), "q=a+b&n=1");
/// assert_eq!(urlencode([("k", &b"\xff "[..])]), "k=%FF+");
/// ```
pub fn urlencode<'a, K, V>(query: impl IntoIterator<Item = (K, V)>) -> String
where
    K: IntoQueryArg<'a>,
    V: IntoQueryArg<'a>,
{
    let mut out = String::new();
    match Urlencoder::new().urlencode_into::<K, V, true>(query, &mut out) {
        Ok(()) => out,
        Err(_) => String::new(),
    }
}

impl Urlencoder {
    /// All arguments at their defaults.
    pub fn new() -> Self {
        Self::default()
    }
    /// Expands sequence values into one pair per element (`doseq=True`).
    ///
    /// ```
    /// use urlsyntax::urllib::{QueryValue, Urlencoder};
    /// let q = [("k", QueryValue::seq(["x", "y"]))];
    /// assert_eq!(Urlencoder::new().doseq(true).urlencode(q)?, "k=x&k=y");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn doseq(mut self, yes: bool) -> Self {
        self.doseq = yes;
        self
    }
    /// Sets `safe` (default `''`).
    ///
    /// ```
    /// use urlsyntax::urllib::Urlencoder;
    /// assert_eq!(Urlencoder::new().safe("/").urlencode([("k", "a/b")])?, "k=a/b");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn safe(mut self, safe: impl Into<Safe>) -> Self {
        self.safe = Some(safe.into());
        self
    }
    builder_setters!(Urlencoder);
    /// Sets `quote_via` (default `quote_plus`).
    ///
    /// ```
    /// use urlsyntax::urllib::{QuoteVia, Urlencoder};
    /// let e = Urlencoder::new().quote_via(QuoteVia::QuoteFromBytes);
    /// assert_eq!(e.urlencode([(&b"k"[..], &b"a b"[..])])?, "k=a%20b");
    /// assert!(e.urlencode([("k", "v")]).is_err()); // TypeError
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quote_via(mut self, via: QuoteVia) -> Self {
        self.quote_via = via;
        self
    }
    /// Answers as `profile`'s CPython (default 3.15.2): `str()` of a
    /// non-text value escapes per its Unicode version.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, QueryValue, Urlencoder};
    /// let q = [("k", QueryValue::seq(["\u{1fae8}"]))];
    /// let e = Urlencoder::new().profile(Profile::Py3_11_7);
    /// assert_eq!(e.urlencode(q)?, "k=%28%27%5CU0001fae8%27%2C%29");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn profile(mut self, profile: Profile) -> Self {
        self.behaviour = Behaviour::new(profile);
        self
    }

    fn quoter(&self) -> Quoter {
        Quoter::new()
            .safe(self.safe.unwrap_or(Safe::NONE))
            .behaviour(self.behaviour)
            .codec_options(self.codec.clone())
    }

    fn quote_component(&self, q: &Quoter, v: Component<'_>) -> Result<String, Error> {
        let safe = self.safe.unwrap_or(Safe::NONE);
        match (v, self.quote_via) {
            (Component::Bytes(b), QuoteVia::QuotePlus) => Quoter::new()
                .safe(safe)
                .behaviour(self.behaviour)
                .quote_plus_bytes(b),
            (Component::Bytes(b), _) => Quoter::new()
                .safe(safe)
                .behaviour(self.behaviour)
                .quote_bytes(b),
            // `str(v)` runs (and may fail) before the call does.
            (Component::Other(v), QuoteVia::QuoteFromBytes) => Err(v
                .py_str_in(self.behaviour)
                .err()
                .unwrap_or_else(|| {
                    Error::type_error(
                        "quote_from_bytes() takes from 1 to 2 positional arguments but 4 were given",
                    )
                })),
            (_, QuoteVia::QuoteFromBytes) => Err(Error::type_error(
                "quote_from_bytes() takes from 1 to 2 positional arguments but 4 were given",
            )),
            // `str(v)` of a `str` is itself: no copy.
            (Component::Str(s), QuoteVia::Quote) => q.quote(s),
            (Component::Str(s), QuoteVia::QuotePlus) => q.quote_plus(s),
            (Component::Other(v), QuoteVia::Quote) => q.quote(&v.py_str_in(self.behaviour)?),
            (Component::Other(v), QuoteVia::QuotePlus) => q.quote_plus(&v.py_str_in(self.behaviour)?),
        }
    }

    /// `urlencode(query, ...)` for a sequence of pairs or a mapping's items.
    ///
    /// ```
    /// use urlsyntax::urllib::Urlencoder;
    /// assert_eq!(Urlencoder::new().urlencode([("a", "x y"), ("b", "é")])?, "a=x+y&b=%C3%A9");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    #[inline]
    pub fn urlencode<'a, K, V>(
        &self,
        query: impl IntoIterator<Item = (K, V)>,
    ) -> Result<String, Error>
    where
        K: IntoQueryArg<'a>,
        V: IntoQueryArg<'a>,
    {
        let mut out = String::new();
        self.urlencode_into::<K, V, false>(query, &mut out)?;
        Ok(out)
    }

    /// Text is quoted as `quote_plus` with its defaults, with no `Quoter`.
    fn quotes_text_plainly(&self, quirks: &Quirks) -> bool {
        self.quote_via == QuoteVia::QuotePlus
            && self.safe.is_none_or(|s| s == Safe::NONE)
            && self.codec.is_default()
            && quirks.tilde_is_unreserved
    }

    /// [`Urlencoder::urlencode`] written into `out` (empty): the answer is
    /// not moved through a `Result` on its way out. `DEFAULTS`: this is
    /// `Urlencoder::new()`, whose quirks are known when compiling.
    fn urlencode_into<'a, K, V, const DEFAULTS: bool>(
        &self,
        query: impl IntoIterator<Item = (K, V)>,
        out: &mut String,
    ) -> Result<(), Error>
    where
        K: IntoQueryArg<'a>,
        V: IntoQueryArg<'a>,
    {
        let quirks = match DEFAULTS {
            true => Profile::DEFAULT_QUIRKS,
            false => self.behaviour.quirks(),
        };
        let plain = self.quotes_text_plainly(quirks);
        let quoter = OnceCell::new();
        let mut k_buf = String::new();
        for (k, v) in query {
            // In `ManuallyDrop` so that text, the common case, skips the call
            // to `QueryArg`'s drop; the other kinds are taken back out below.
            let (k, v) = (
                ManuallyDrop::new(k.into_query_arg()),
                ManuallyDrop::new(v.into_query_arg()),
            );
            if out.capacity() == 0 {
                // One allocation for most queries instead of several
                // regrowths, past `reserve`'s growth path.
                *out = String::with_capacity(64);
            }
            if let (true, QueryArg::Str(k), QueryArg::Str(v)) = (plain, &*k, &*v) {
                if !out.is_empty() {
                    out.push('&');
                }
                percent::encode_plus_str_default_into(k, out);
                out.push('=');
                percent::encode_plus_str_default_into(v, out);
                continue;
            }
            let (k, v) = (ManuallyDrop::into_inner(k), ManuallyDrop::into_inner(v));
            let q = quoter.get_or_init(|| self.quoter());
            let (k, v) = (Component::of_arg(&k), Component::of_arg(&v));
            let elements: Option<Vec<Component<'_>>> = match v {
                Component::Other(QueryValue::Seq(items) | QueryValue::List(items))
                    if self.doseq =>
                {
                    Some(items.iter().map(Component::of_value).collect())
                }
                Component::Other(QueryValue::Dict(items)) if self.doseq => {
                    Some(items.iter().map(|(e, _)| Component::of_value(e)).collect())
                }
                Component::Other(QueryValue::NamedTuple { fields, .. }) if self.doseq => {
                    Some(fields.iter().map(|(_, e)| Component::of_value(e)).collect())
                }
                _ => None,
            };
            match elements {
                // One pair per element, the key quoted once.
                Some(elements) => {
                    k_buf.clear();
                    self.quote_component_into(q, k, &mut k_buf)?;
                    for e in elements {
                        let e = self.quote_component(q, e)?;
                        if !out.is_empty() {
                            out.push('&');
                        }
                        out.push_str(&k_buf);
                        out.push('=');
                        out.push_str(&e);
                    }
                }
                // Key and value quoted straight into `out`.
                None => {
                    if !out.is_empty() {
                        out.push('&');
                    }
                    self.quote_component_into(q, k, out)?;
                    out.push('=');
                    self.quote_component_into(q, v, out)?;
                }
            }
        }
        Ok(())
    }

    /// [`Self::quote_component`] appended to `out`. Text with the default
    /// encoding is quoted in place: for `quote_plus`, which adds `' '` to
    /// `safe` when the text has a space and turns every kept space into
    /// `+`, each space becomes `+`.
    fn quote_component_into(
        &self,
        q: &Quoter,
        v: Component<'_>,
        out: &mut String,
    ) -> Result<(), Error> {
        if let (Component::Str(s), true) = (v, self.codec.is_default()) {
            let safe = self.safe.unwrap_or(Safe::NONE);
            match self.quote_via {
                QuoteVia::QuotePlus
                    if safe == Safe::NONE && self.behaviour.quirks().tilde_is_unreserved =>
                {
                    percent::encode_plus_str_default_into(s, out);
                    return Ok(());
                }
                QuoteVia::QuotePlus => {
                    let set = safe.with(b' ').byte_set_in(self.behaviour);
                    percent::encode_plus_str_into(s, &set, out);
                    return Ok(());
                }
                QuoteVia::Quote => {
                    percent::encode_str_into(s, &safe.byte_set_in(self.behaviour), out);
                    return Ok(());
                }
                QuoteVia::QuoteFromBytes => {}
            }
        }
        out.push_str(&self.quote_component(q, v)?);
        Ok(())
    }
}

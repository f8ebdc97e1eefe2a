//! `parse_qs`, `parse_qsl` and `urlencode`, as CPython's `urllib.parse`
//! defines them, in the release a [`Profile`] names.
//!
//! ```
//! use std::borrow::Cow;
//! use urlsyntax::urllib::{parse_qs, parse_qsl, urlencode};
//! let pairs = parse_qsl("a=1&b=El+Ni%C3%B1o&c");
//! assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "El Niño".into())]);
//! // What needs no decoding is borrowed from the query.
//! assert!(matches!(pairs[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
//! assert!(matches!(pairs[1].1, Cow::Owned(_)));
//! assert_eq!(parse_qs("a=1&a=2"), [("a".into(), vec!["1".into(), "2".into()])]);
//! assert_eq!(urlencode([("q", "El Niño"), ("n", "1")]), "q=El+Ni%C3%B1o&n=1");
//! ```
//!
//! Keyword arguments are builder methods of [`QsParser`] and [`Urlencoder`]:
//!
//! ```
//! use urlsyntax::urllib::{QsParser, Urlencoder, QueryValue, QuoteVia};
//! let p = QsParser::new().keep_blank_values(true).separator(";");
//! assert_eq!(p.parse_qsl("a=;b").unwrap(), [("a".into(), "".into()), ("b".into(), "".into())]);
//! let e = Urlencoder::new().doseq(true).quote_via(QuoteVia::Quote);
//! let v = QueryValue::seq(["x y", "7"]);
//! assert_eq!(e.urlencode([("k", v)]).unwrap(), "k=x%20y&k=7");
//! ```

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::Hash;
use std::mem::ManuallyDrop;
use std::ops::Range;

use super::codec::{Codec, Text, UNREPRESENTABLE};
use super::error::Error;
use super::profile::{Profile, QslRule};
use super::pyrepr::{bytes_repr, int_str, list_repr, str_repr_in, tuple_repr};
use super::quote::{unquote_plus, Quoter, Safe, Unquoter};
use crate::percent;
use crate::scan::{find_any, needle_mask};

/// The `separator` of `parse_qs`/`parse_qsl`: text or bytes, as in Python
/// (text is encoded as ASCII for bytes queries, bytes decoded as ASCII for
/// text queries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Separator {
    /// A `str` separator.
    Str(String),
    /// A `bytes` separator.
    Bytes(Vec<u8>),
}

impl From<&str> for Separator {
    fn from(s: &str) -> Self {
        Separator::Str(s.to_string())
    }
}
impl From<String> for Separator {
    fn from(s: String) -> Self {
        Separator::Str(s)
    }
}
impl From<&[u8]> for Separator {
    fn from(b: &[u8]) -> Self {
        Separator::Bytes(b.to_vec())
    }
}
impl<const N: usize> From<&[u8; N]> for Separator {
    fn from(b: &[u8; N]) -> Self {
        Separator::Bytes(b.to_vec())
    }
}

/// `parse_qsl`'s answer for a text query: (name, value) pairs, each borrowed
/// from the query when it needs no decoding (no `%`, no `+`).
pub type TextPairs<'a> = Vec<(Cow<'a, str>, Cow<'a, str>)>;

/// `parse_qs`'s answer for a text query: each name with its values, in
/// order of first appearance, borrowed as in [`TextPairs`].
pub type TextDict<'a> = Vec<(Cow<'a, str>, Vec<Cow<'a, str>>)>;

/// `parse_qsl`'s answer for a bytes query: (name, value) pairs (owned).
pub type BytesPairs = Vec<(Vec<u8>, Vec<u8>)>;

/// `parse_qs`'s answer for a bytes query: each name with its values, in
/// order of first appearance (owned).
pub type BytesDict = Vec<(Vec<u8>, Vec<Vec<u8>>)>;

/// `parse_qs`/`parse_qsl` with keyword arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QsParser {
    keep_blank_values: bool,
    strict_parsing: bool,
    encoding: Option<String>,
    errors: Option<String>,
    max_num_fields: Option<i64>,
    /// `None` is the default `&` (kept unallocated: most calls use it).
    separator: Option<Separator>,
    profile: Profile,
}

/// `parse_qsl(qs)` with CPython 3.13's defaults: blank values dropped,
/// UTF-8 with `replace`, `&` between fields. A name or value without `%`
/// and `+` is borrowed from `qs` (CPython returns it unchanged).
pub fn parse_qsl(qs: &str) -> TextPairs<'_> {
    // What `QsParser::new().parse_qsl(qs)` chooses, without the choosing;
    // the default unquoting cannot fail.
    parse_qsl_one_scan(qs, b'&', false, |s| Ok(unquote_plus(s)))
        .unwrap_or_else(|e: Infallible| match e {})
}

/// `parse_qs(qs)` with CPython 3.13's defaults: each name with its values,
/// names in order of first appearance (a Python `dict`), borrowed from
/// `qs` as in [`parse_qsl`].
pub fn parse_qs(qs: &str) -> TextDict<'_> {
    group(parse_qsl(qs))
}

fn group<T: Clone + Eq + Hash>(pairs: Vec<(T, T)>) -> Vec<(T, Vec<T>)> {
    let mut index: HashMap<T, usize> = HashMap::new();
    let mut out: Vec<(T, Vec<T>)> = Vec::new();
    for (k, v) in pairs {
        match index.get(&k) {
            Some(&i) => out[i].1.push(v),
            None => {
                index.insert(k.clone(), out.len());
                out.push((k, vec![v]));
            }
        }
    }
    out
}

/// Non-overlapping occurrences of a non-empty `sep` in `hay`, as Python's
/// `split` finds them.
fn split_fields<'a>(hay: &'a [u8], sep: &'a [u8]) -> impl Iterator<Item = &'a [u8]> + 'a {
    let mut rest = Some(hay);
    std::iter::from_fn(move || {
        let r = rest?;
        match find(r, sep) {
            Some(i) => {
                rest = Some(&r[i + sep.len()..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    match *needle {
        [b] if b.is_ascii() => return find_any(hay, [b]),
        [b] => return hay.iter().position(|&c| c == b),
        _ => {}
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

/// `unquote_plus(part)` of one name or value: `part` itself when it holds
/// no `%` and no `+` (CPython returns such text unchanged, whatever the
/// `encoding` and `errors`, without looking the codec up).
fn unquote_plus_part<'a>(unquoter: &Unquoter, part: &'a str) -> Result<Cow<'a, str>, Error> {
    match find_any(part.as_bytes(), [b'%', b'+']) {
        None => Ok(Cow::Borrowed(part)),
        Some(_) => Ok(Cow::Owned(unquoter.unquote_plus(part)?)),
    }
}

/// [`QsParser::parse_qsl`] for the common case, a one-byte ASCII
/// separator and neither `strict_parsing` nor `max_num_fields`: one scan
/// finds the separators, each field's first `=`, and whether a half holds
/// `%` or `+` (a half without either is borrowed as it is, the others go
/// through `unquote_plus`).
fn parse_qsl_one_scan<'a, E>(
    qs: &'a str,
    sep: u8,
    keep_blank_values: bool,
    unquote_plus: impl Fn(&str) -> Result<String, E>,
) -> Result<TextPairs<'a>, E> {
    let bytes = qs.as_bytes();
    let part = |r: Range<usize>, special: bool| {
        let s = qs.get(r).unwrap_or_default();
        if special {
            unquote_plus(s).map(Cow::Owned)
        } else {
            Ok(Cow::Borrowed(s))
        }
    };
    let mut out = Vec::new();
    let mut field = |start: usize, end: usize, eq: Option<usize>, special: [bool; 2]| {
        // Empty fields are skipped; a field without `=` has an empty value.
        if start == end {
            return Ok(());
        }
        let (name, value) = match eq {
            Some(e) => (start..e, e + 1..end),
            None => (start..end, end..end),
        };
        if !value.is_empty() || keep_blank_values {
            if out.capacity() == 0 {
                // Room for most queries, allocated at the first pair kept
                // (none for a query without one), past `push`'s growth path.
                out = Vec::with_capacity(4);
            }
            out.push((part(name, special[0])?, part(value, special[1])?));
        }
        Ok(())
    };
    let (mut start, mut eq, mut special) = (0, None, [false; 2]);
    // A bitmap of the bytes of interest, 64 bytes at a time; the end of
    // the query is marked too, and ends the last field as a separator
    // does (one call site, so `field` is inlined).
    let mut base = 0;
    while base <= bytes.len() {
        let block = &bytes[base..bytes.len().min(base + 64)];
        let mut bits = needle_mask(block, [sep, b'=', b'%', b'+']);
        if block.len() < 64 {
            bits |= 1 << block.len();
        }
        while bits != 0 {
            let i = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let b = bytes.get(i).copied().unwrap_or(sep);
            if b == sep {
                field(start, i, eq, special)?;
                (start, eq, special) = (i + 1, None, [false; 2]);
            } else if b == b'=' {
                if eq.is_none() {
                    eq = Some(i);
                }
            } else {
                special[eq.is_some() as usize] = true;
            }
        }
        base += 64;
    }
    Ok(out)
}

fn ascii_decode(b: &[u8]) -> Result<String, Error> {
    Ok(Codec::Ascii.decode(b, "strict")?.into_owned())
}

fn ascii_encode(s: &str) -> Result<Vec<u8>, Error> {
    Ok(Codec::Ascii.encode(s, "strict")?.into_owned())
}

/// `text.encode('ascii')` of unquoted text, lone surrogates and all.
fn ascii_encode_text(t: Text<'_>) -> Result<Vec<u8>, Error> {
    match t {
        Text::Str(s) => ascii_encode(&s),
        t => Codec::Ascii.encode_code_points(&t.code_points(), "strict", Profile::default()),
    }
}

/// Whether `e` is a result this crate cannot hold (a lone surrogate).
fn unrepresentable(e: &Error) -> bool {
    matches!(e, Error::Value { message } if message.starts_with(UNREPRESENTABLE))
}

/// Answers the first unrepresentable result only once the whole call has
/// run, so that a later field raises first, as in CPython.
fn defer_unrepresentable<T: Default>(
    held: &std::cell::RefCell<Option<Error>>,
    r: Result<T, Error>,
) -> Result<T, Error> {
    match r {
        Err(e) if unrepresentable(&e) => {
            held.borrow_mut().get_or_insert(e);
            Ok(T::default())
        }
        r => r,
    }
}

impl QsParser {
    /// All arguments at their defaults, CPython 3.13.0's behaviour.
    pub fn new() -> Self {
        Self::default()
    }
    /// Keeps fields with empty values (`keep_blank_values=True`).
    pub fn keep_blank_values(mut self, yes: bool) -> Self {
        self.keep_blank_values = yes;
        self
    }
    /// Raises on fields without `=` (`strict_parsing=True`).
    pub fn strict_parsing(mut self, yes: bool) -> Self {
        self.strict_parsing = yes;
        self
    }
    /// The codec for `%` escapes in text queries (default UTF-8).
    pub fn encoding(mut self, encoding: impl Into<String>) -> Self {
        self.encoding = Some(encoding.into());
        self
    }
    /// The decoding error handler (default `replace`).
    pub fn errors(mut self, errors: impl Into<String>) -> Self {
        self.errors = Some(errors.into());
        self
    }
    /// Fails with [`Error::MaxFieldsExceeded`] when the query has more
    /// fields than `n` (checked before any per-field work).
    pub fn max_num_fields(mut self, n: i64) -> Self {
        self.max_num_fields = Some(n);
        self
    }
    /// The field separator (default `&`).
    pub fn separator(mut self, separator: impl Into<Separator>) -> Self {
        self.separator = match separator.into() {
            Separator::Str(s) if s == "&" => None,
            sep => Some(sep),
        };
        self
    }
    /// The CPython release whose rules apply (default 3.13.0).
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    fn unquoter(&self) -> Unquoter {
        let mut u = Unquoter::new().profile(self.profile);
        if let Some(e) = &self.encoding {
            u = u.encoding(e.clone());
        }
        if let Some(e) = &self.errors {
            u = u.errors(e.clone());
        }
        u
    }

    fn sep_is_empty(&self) -> bool {
        match &self.separator {
            None => false,
            Some(Separator::Str(s)) => s.is_empty(),
            Some(Separator::Bytes(b)) => b.is_empty(),
        }
    }

    /// The separator for a text query (bytes decoded as ASCII); a non-empty
    /// one.
    fn text_sep(&self) -> Result<Cow<'_, str>, Error> {
        let sep: Cow<'_, str> = match &self.separator {
            None => "&".into(),
            Some(Separator::Str(s)) => s.as_str().into(),
            // Up to 3.7 bytes are not decoded: a text query cannot be
            // split on them (once a non-empty separator passed the check).
            Some(Separator::Bytes(b)) if !self.profile.quirks().qsl_coerces_separator => {
                return Err(match b.is_empty() {
                    true => Error::InvalidSeparator,
                    false => Error::type_error("must be str or None, not bytes"),
                });
            }
            Some(Separator::Bytes(b)) => ascii_decode(b)?.into(),
        };
        if sep.is_empty() {
            return Err(Error::InvalidSeparator);
        }
        Ok(sep)
    }

    /// The fields of `qs` split on `sep`, after the `max_num_fields` check.
    fn fields<'a>(
        &self,
        qs: &'a [u8],
        sep: &'a [u8],
    ) -> Result<impl Iterator<Item = &'a [u8]> + 'a, Error> {
        // 3.13 returns early for an empty query; 3.11 and 3.12 count it as
        // no field (so a negative maximum still fails); 3.9 and 3.10 as one.
        let rule = self.profile.quirks().qsl;
        let empty = qs.is_empty() && rule != QslRule::EmptyQueryIsOneField;
        let skip_check = empty && rule == QslRule::NativeBytes;
        if let Some(max) = self.max_num_fields.filter(|_| !skip_check) {
            let n = if empty {
                0
            } else {
                split_fields(qs, sep).count() as i64
            };
            if max < n {
                return Err(Error::MaxFieldsExceeded);
            }
        }
        Ok(split_fields(qs, sep).take(if empty { 0 } else { usize::MAX }))
    }

    /// The shared loop: partition each field at `=`, keep or skip it,
    /// unquote both halves. `unquote` gets each half as a range of `qs`
    /// (ranges of a text query start and end at char boundaries: the
    /// separator is text and `=` is ASCII).
    fn pairs<T>(
        &self,
        qs: &[u8],
        sep: &[u8],
        bytes: bool,
        mut unquote: impl FnMut(Range<usize>) -> Result<T, Error>,
    ) -> Result<Vec<(T, T)>, Error> {
        let mut out = Vec::new();
        let at = |part: &[u8]| {
            // `part` is a subslice of `qs`: its offset, from the addresses.
            let start = part.as_ptr() as usize - qs.as_ptr() as usize;
            start..start + part.len()
        };
        for field in self.fields(qs, sep)? {
            if field.is_empty() && !self.strict_parsing {
                continue;
            }
            let (name, value) = match find_any(field, [b'=']) {
                Some(i) => (&field[..i], &field[i + 1..]),
                None if self.strict_parsing => {
                    let shown = match std::str::from_utf8(field) {
                        Ok(s) if !bytes => str_repr_in(s, self.profile),
                        _ => bytes_repr(field),
                    };
                    return Err(Error::BadQueryField { field: shown });
                }
                None => (field, &field[field.len()..]),
            };
            if !value.is_empty() || self.keep_blank_values {
                out.push((unquote(at(name))?, unquote(at(value))?));
            }
        }
        Ok(out)
    }

    /// `parse_qsl(qs, ...)` for a text query. A name or value without `%`
    /// and `+` is borrowed from `qs` (CPython returns it unchanged, whatever
    /// the `encoding` and `errors`); the others are owned.
    pub fn parse_qsl<'a>(&self, qs: &'a str) -> Result<TextPairs<'a>, Error> {
        let sep = self.text_sep()?;
        let unquoter = self.unquoter();
        let held = std::cell::RefCell::new(None);
        let one_scan = match (sep.as_bytes(), self.strict_parsing, self.max_num_fields) {
            ([b], false, None) if b.is_ascii() => Some(*b),
            _ => None,
        };
        let pairs = match one_scan {
            Some(b) => parse_qsl_one_scan(qs, b, self.keep_blank_values, |s| {
                defer_unrepresentable(&held, unquoter.unquote_plus(s))
            }),
            None => self.pairs(qs.as_bytes(), sep.as_bytes(), false, |r| {
                let part = unquote_plus_part(&unquoter, qs.get(r).unwrap_or_default());
                defer_unrepresentable(&held, part)
            }),
        }?;
        match held.into_inner() {
            Some(e) => Err(e),
            None => Ok(pairs),
        }
    }

    /// `parse_qsl(qs, ...)` for a bytes query: names and values are bytes,
    /// always owned. CPython 3.13 unquotes bytes as bytes (`encoding`/`errors` unused);
    /// 3.9 to 3.12 decode the query as ASCII, unquote it as text and encode
    /// the results as ASCII, failing on anything else.
    pub fn parse_qsl_bytes(&self, qs: &[u8]) -> Result<BytesPairs, Error> {
        match self.profile.quirks().qsl {
            QslRule::NativeBytes => {
                if self.sep_is_empty() {
                    return Err(Error::InvalidSeparator);
                }
                if qs.is_empty() {
                    return Ok(Vec::new());
                }
                let sep = match &self.separator {
                    None => b"&".to_vec(),
                    Some(Separator::Str(s)) => ascii_encode(s)?,
                    Some(Separator::Bytes(b)) => b.clone(),
                };
                self.pairs(qs, &sep, true, |r| {
                    Ok(percent::decode_plus(&qs[r]).into_owned())
                })
            }
            _ => {
                let text = ascii_decode(qs)?;
                let sep = self.text_sep()?;
                // Each name, then its value, is unquoted and encoded in
                // turn, so the first failure is the one CPython raises.
                let unquoter = self.unquoter();
                self.pairs(text.as_bytes(), sep.as_bytes(), false, |r| {
                    let part = text.get(r).unwrap_or_default();
                    ascii_encode_text(unquoter.unquote_plus_text(part)?)
                })
            }
        }
    }

    /// `parse_qs(qs, ...)` for a text query, borrowing from `qs` as
    /// [`Self::parse_qsl`] does.
    pub fn parse_qs<'a>(&self, qs: &'a str) -> Result<TextDict<'a>, Error> {
        Ok(group(self.parse_qsl(qs)?))
    }

    /// `parse_qs(qs, ...)` for a bytes query (names and values owned).
    pub fn parse_qs_bytes(&self, qs: &[u8]) -> Result<BytesDict, Error> {
        Ok(group(self.parse_qsl_bytes(qs)?))
    }
}

/// A Python value as `urlencode` takes it for a key, a value or an element
/// of a value sequence.
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
    /// Python's `str(value)` (as CPython 3.13.0 writes it); a `ValueError`
    /// for an `int` past the release's digit limit.
    pub fn py_str(&self) -> Result<String, Error> {
        self.py_str_in(Profile::default())
    }

    /// Python's `repr(value)` (as CPython 3.13.0 writes it).
    pub fn py_repr(&self) -> Result<String, Error> {
        self.py_repr_in(Profile::default())
    }

    /// Python's `str(value)` in `profile`'s CPython (its Unicode version
    /// decides which characters `repr` escapes).
    pub fn py_str_in(&self, profile: Profile) -> Result<String, Error> {
        match self {
            QueryValue::Str(s) => Ok(s.clone()),
            v => v.py_repr_in(profile),
        }
    }

    /// Python's `repr(value)` in `profile`'s CPython.
    pub fn py_repr_in(&self, profile: Profile) -> Result<String, Error> {
        let reprs = |items: &[QueryValue]| -> Result<Vec<String>, Error> {
            items.iter().map(|v| v.py_repr_in(profile)).collect()
        };
        Ok(match self {
            QueryValue::None => "None".into(),
            QueryValue::Bool(true) => "True".into(),
            QueryValue::Bool(false) => "False".into(),
            QueryValue::Int(i) => i.to_string(),
            QueryValue::BigInt(text) => {
                int_str(text, profile.quirks().unicode.int_max_str_digits())
                    .map_err(|message| Error::Value { message })?
                    .to_string()
            }
            QueryValue::Str(s) => str_repr_in(s, profile),
            QueryValue::Bytes(b) => bytes_repr(b),
            QueryValue::Seq(items) => tuple_repr(&reprs(items)?),
            QueryValue::List(items) => list_repr(&reprs(items)?),
            QueryValue::Dict(items) => {
                let inner = items
                    .iter()
                    .map(|(k, v)| {
                        Ok(format!(
                            "{}: {}",
                            k.py_repr_in(profile)?,
                            v.py_repr_in(profile)?
                        ))
                    })
                    .collect::<Result<Vec<String>, Error>>()?;
                format!("{{{}}}", inner.join(", "))
            }
            QueryValue::NamedTuple { name, fields } => {
                let inner = fields
                    .iter()
                    .map(|(f, v)| Ok(format!("{f}={}", v.py_repr_in(profile)?)))
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Urlencoder {
    doseq: bool,
    safe: Option<Safe>,
    encoding: Option<String>,
    errors: Option<String>,
    quote_via: QuoteVia,
    profile: Profile,
}

/// `urlencode(query)`: pairs in order, `quote_plus` on `str()` of each key
/// and value (bytes are quoted as they are).
pub fn urlencode<'a, K, V>(query: impl IntoIterator<Item = (K, V)>) -> String
where
    K: IntoQueryArg<'a>,
    V: IntoQueryArg<'a>,
{
    Urlencoder::new().urlencode(query).unwrap_or_default()
}

impl Urlencoder {
    /// All arguments at their defaults.
    pub fn new() -> Self {
        Self::default()
    }
    /// Expands sequence values into one pair per element (`doseq=True`).
    pub fn doseq(mut self, yes: bool) -> Self {
        self.doseq = yes;
        self
    }
    /// Sets `safe` (default `''`).
    pub fn safe(mut self, safe: impl Into<Safe>) -> Self {
        self.safe = Some(safe.into());
        self
    }
    /// Sets `encoding` for text components.
    pub fn encoding(mut self, encoding: impl Into<String>) -> Self {
        self.encoding = Some(encoding.into());
        self
    }
    /// Sets `errors` for text components.
    pub fn errors(mut self, errors: impl Into<String>) -> Self {
        self.errors = Some(errors.into());
        self
    }
    /// Sets `quote_via` (default `quote_plus`).
    pub fn quote_via(mut self, via: QuoteVia) -> Self {
        self.quote_via = via;
        self
    }
    /// Answers as `profile`'s CPython (default 3.13.0): `str()` of a
    /// non-text value escapes per its Unicode version.
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    fn quoter(&self) -> Quoter {
        let mut q = Quoter::new()
            .safe(self.safe.unwrap_or(Safe::NONE))
            .profile(self.profile);
        if let Some(e) = &self.encoding {
            q = q.encoding(e.clone());
        }
        if let Some(e) = &self.errors {
            q = q.errors(e.clone());
        }
        q
    }

    fn quote_component(&self, q: &Quoter, v: Component<'_>) -> Result<String, Error> {
        let safe = self.safe.unwrap_or(Safe::NONE);
        match (v, self.quote_via) {
            (Component::Bytes(b), QuoteVia::QuotePlus) => Quoter::new()
                .safe(safe)
                .profile(self.profile)
                .quote_plus_bytes(b),
            (Component::Bytes(b), _) => Quoter::new()
                .safe(safe)
                .profile(self.profile)
                .quote_bytes(b),
            // `str(v)` runs (and may fail) before the call does.
            (Component::Other(v), QuoteVia::QuoteFromBytes) => Err(v
                .py_str_in(self.profile)
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
            (Component::Other(v), QuoteVia::Quote) => q.quote(&v.py_str_in(self.profile)?),
            (Component::Other(v), QuoteVia::QuotePlus) => q.quote_plus(&v.py_str_in(self.profile)?),
        }
    }

    /// `urlencode(query, ...)` for a sequence of pairs or a mapping's items.
    pub fn urlencode<'a, K, V>(
        &self,
        query: impl IntoIterator<Item = (K, V)>,
    ) -> Result<String, Error>
    where
        K: IntoQueryArg<'a>,
        V: IntoQueryArg<'a>,
    {
        // `quote_plus` with its defaults: text is quoted with no `Quoter`.
        let plain = self.quote_via == QuoteVia::QuotePlus
            && self.safe.is_none_or(|s| s == Safe::NONE)
            && self.encoding.is_none()
            && self.errors.is_none()
            && self.profile.quirks().tilde_is_unreserved;
        let quoter = OnceCell::new();
        let mut out = String::new();
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
                out = String::with_capacity(64);
            }
            if let (true, QueryArg::Str(k), QueryArg::Str(v)) = (plain, &*k, &*v) {
                if !out.is_empty() {
                    out.push('&');
                }
                percent::encode_plus_str_default_into(k, &mut out);
                out.push('=');
                percent::encode_plus_str_default_into(v, &mut out);
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
                    self.quote_component_into(q, k, &mut out)?;
                    out.push('=');
                    self.quote_component_into(q, v, &mut out)?;
                }
            }
        }
        Ok(out)
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
        if let (Component::Str(s), None, None) = (v, &self.encoding, &self.errors) {
            let safe = self.safe.unwrap_or(Safe::NONE);
            match self.quote_via {
                QuoteVia::QuotePlus
                    if safe == Safe::NONE && self.profile.quirks().tilde_is_unreserved =>
                {
                    percent::encode_plus_str_default_into(s, out);
                    return Ok(());
                }
                QuoteVia::QuotePlus => {
                    let set = safe.with(b' ').byte_set_in(self.profile);
                    percent::encode_plus_str_into(s, &set, out);
                    return Ok(());
                }
                QuoteVia::Quote => {
                    percent::encode_str_into(s, &safe.byte_set_in(self.profile), out);
                    return Ok(());
                }
                QuoteVia::QuoteFromBytes => {}
            }
        }
        out.push_str(&self.quote_component(q, v)?);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_scan_agrees_with_the_general_loop() {
        let queries = [
            "",
            "&",
            "a",
            "a=",
            "=b",
            "a=b",
            "a=b=c&&d",
            "a+b=c%20d&e=%zz+",
            "%=+&+=%",
            "é=ü&ñ+%C3%A9",
            "k=v;k2=v2;;x",
            "a=1&b=2&c=3&d=4&e=5&f=6",
            "%%%===+++&&&",
            "x\u{7f}y=z",
            "\0=\0&\0",
        ];
        // Every length around the lanes and 64-byte blocks of the scan.
        let long = "ab=c%41+d&é=&&x;y=z+\0=1&".repeat(8);
        let prefixes: Vec<&str> = (0..=long.len()).filter_map(|n| long.get(..n)).collect();
        for sep in ["&", ";", "=", "%", "+", "a", "\u{7f}", "\0"] {
            for kbv in [false, true] {
                let fast = QsParser::new().separator(sep).keep_blank_values(kbv);
                // `max_num_fields` takes the general loop.
                let general = fast.clone().max_num_fields(i64::MAX);
                for &q in queries.iter().chain(&prefixes) {
                    assert_eq!(
                        fast.parse_qsl(q),
                        general.parse_qsl(q),
                        "{sep:?} {kbv} {q:?}"
                    );
                    assert_eq!(Ok(parse_qsl(q)), QsParser::new().parse_qsl(q));
                }
            }
        }
    }

    #[test]
    fn halves_without_escapes_are_borrowed() {
        let borrowed = |c: &Cow<'_, str>| matches!(c, Cow::Borrowed(_));
        // CPython returns such text unchanged whatever the codec.
        let parsers = [
            QsParser::new(),
            QsParser::new().encoding("latin-1").errors("strict"),
            QsParser::new().separator(";;").keep_blank_values(true),
            QsParser::new().strict_parsing(true).max_num_fields(9),
        ];
        for p in parsers {
            let sep = if p.separator.is_some() { ";;" } else { "&" };
            let q = format!("a=b{sep}é=x~y{sep}c=d+e{sep}f%41=g");
            let pairs = p.parse_qsl(&q).unwrap();
            assert_eq!(pairs.len(), 4, "{p:?}");
            assert!(pairs[..2].iter().all(|(k, v)| borrowed(k) && borrowed(v)));
            assert!(borrowed(&pairs[2].0) && !borrowed(&pairs[2].1));
            assert!(!borrowed(&pairs[3].0) && borrowed(&pairs[3].1));
            assert_eq!(pairs[2].1, "d e");
            let dict = p.parse_qs(&q).unwrap();
            assert!(borrowed(&dict[0].0) && borrowed(&dict[0].1[0]));
        }
        // Even one it does not know: it is never looked up.
        let p = QsParser::new().encoding("no-such-codec");
        let pairs = p.parse_qsl("a=b&c=d+e").unwrap();
        assert!(borrowed(&pairs[0].0) && borrowed(&pairs[0].1));
        assert!(p.parse_qsl("a=%41").is_err());
        let pairs = parse_qsl("a=1&b=%41");
        assert!(matches!(pairs[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
        assert!(matches!(&pairs[1].1, Cow::Owned(v) if v == "A"));
    }

    #[test]
    fn borrowed_and_owned_arguments_agree() {
        let pairs = [
            ("a b", "c+d/é"),
            ("", ""),
            ("k", "x~y z&=%"),
            ("\u{20ac}", " "),
        ];
        for via in [
            QuoteVia::Quote,
            QuoteVia::QuotePlus,
            QuoteVia::QuoteFromBytes,
        ] {
            for safe in ["", "/ ", "+&"] {
                let e = Urlencoder::new().quote_via(via).safe(safe);
                let owned: Vec<(QueryValue, QueryValue)> =
                    pairs.iter().map(|&(k, v)| (k.into(), v.into())).collect();
                let borrowed = e.urlencode(pairs);
                assert_eq!(borrowed, e.urlencode(owned.iter().map(|(k, v)| (k, v))));
                assert_eq!(borrowed, e.urlencode(owned), "{via:?} {safe:?}");
                // The general path (an encoding set) gives the same text.
                assert_eq!(borrowed, e.clone().encoding("utf-8").urlencode(pairs));
            }
        }
        assert_eq!(
            urlencode([("q", "El Niño"), ("n", "1")]),
            "q=El+Ni%C3%B1o&n=1"
        );
        assert_eq!(urlencode([("a", Some(1)), ("b", None)]), "a=1&b=None");
    }

    #[test]
    fn lists_tuples_named_tuples_and_big_ints() {
        let one = QueryValue::Int(1);
        let e = Urlencoder::new();
        let list = QueryValue::List(vec![one.clone()]);
        assert_eq!(e.urlencode([("k", list.clone())]).unwrap(), "k=%5B1%5D");
        let tuple = QueryValue::Seq(vec![one]);
        assert_eq!(e.urlencode([("k", tuple)]).unwrap(), "k=%281%2C%29");
        assert_eq!(
            e.clone().doseq(true).urlencode([("k", list)]).unwrap(),
            "k=1"
        );
        let named = QueryValue::NamedTuple {
            name: "DefragResult".into(),
            fields: vec![("url".into(), "u".into()), ("fragment".into(), "f".into())],
        };
        assert_eq!(
            named.py_str().unwrap(),
            "DefragResult(url='u', fragment='f')"
        );
        assert_eq!(
            e.clone().doseq(true).urlencode([("k", named)]).unwrap(),
            "k=u&k=f"
        );
        let big = QueryValue::BigInt(format!("-{}", "9".repeat(4301)));
        assert!(matches!(
            e.urlencode([("k", big)]),
            Err(Error::Value { .. })
        ));
        let at_limit = QueryValue::BigInt("9".repeat(4300));
        assert_eq!(e.urlencode([("k", at_limit)]).unwrap().len(), 4302);
    }
}

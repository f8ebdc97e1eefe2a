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
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::Hash;
use std::ops::Range;

use crate::percent;
use crate::scan::{find_any, needle_mask};
use crate::urllib::codec_options::builder_setters;
use crate::urllib::profile::{Behaviour, Profile, QslRule};
use crate::urllib::pyrepr::str_repr_in;
use crate::urllib::quote::{unquote_plus, Unquoter};
use crate::urllib::CodecOptions;
use urlsyntax_pyruntime::codec::{Codec, Text, UNREPRESENTABLE};
use urlsyntax_pyruntime::error::Error;
use urlsyntax_pyruntime::repr::bytes_repr;

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
    codec: CodecOptions,
    max_num_fields: Option<i64>,
    /// `None` is the default `&` (kept unallocated: most calls use it).
    separator: Option<Separator>,
    behaviour: Behaviour,
}

/// `parse_qsl(qs)` with CPython's defaults: blank values dropped,
/// UTF-8 with `replace`, `&` between fields. A name or value without `%`
/// and `+` is borrowed from `qs` (CPython returns it unchanged).
pub fn parse_qsl(qs: &str) -> TextPairs<'_> {
    // What `QsParser::new().parse_qsl(qs)` chooses, without the choosing;
    // the default unquoting cannot fail.
    let mut out = Vec::new();
    parse_qsl_one_scan(qs, b'&', false, |s| Ok(unquote_plus(s)), collect(&mut out))
        .unwrap_or_else(|e: Infallible| match e {});
    out
}

/// A sink that pushes each pair onto `out`, allocating room for most
/// queries at the first pair kept (none for a query without one), past
/// `push`'s growth path.
fn collect<'v, T>(out: &'v mut Vec<(T, T)>) -> impl FnMut(T, T) + 'v {
    #[inline(always)]
    move |name, value| {
        if out.capacity() == 0 {
            *out = Vec::with_capacity(4);
        }
        out.push((name, value));
    }
}

/// `parse_qs(qs)` with CPython's defaults: each name with its values,
/// names in order of first appearance (a Python `dict`), borrowed from
/// `qs` as in [`parse_qsl`].
///
/// ```
/// use urlsyntax::urllib::parse_qs;
/// assert_eq!(parse_qs("a=1&b=&a=2"), [("a".into(), vec!["1".into(), "2".into()])]);
/// ```
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
fn unquote_plus_part<'a, 'u>(
    unquoter: impl FnOnce() -> &'u Unquoter,
    part: &'a str,
) -> Result<Cow<'a, str>, Error> {
    match find_any(part.as_bytes(), [b'%', b'+']) {
        None => Ok(Cow::Borrowed(part)),
        Some(_) => Ok(Cow::Owned(unquoter().unquote_plus(part)?)),
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
    mut each: impl FnMut(Cow<'a, str>, Cow<'a, str>),
) -> Result<(), E> {
    let bytes = qs.as_bytes();
    // The body in a function, not in the closure: a closure holding it was
    // left out of line, a call for each name and value. The closure below
    // only binds `qs` and `unquote_plus`.
    #[inline(always)]
    fn unquoted_part<'a, E>(
        qs: &'a str,
        r: Range<usize>,
        special: bool,
        unquote_plus: &impl Fn(&str) -> Result<String, E>,
    ) -> Result<Cow<'a, str>, E> {
        let s = qs.get(r).unwrap_or_default();
        if special {
            unquote_plus(s).map(Cow::Owned)
        } else {
            Ok(Cow::Borrowed(s))
        }
    }
    let part = |r: Range<usize>, special: bool| unquoted_part(qs, r, special, &unquote_plus);
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
            each(part(name, special[0])?, part(value, special[1])?);
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
    Ok(())
}

fn ascii_decode(b: &[u8]) -> Result<String, Error> {
    Ok(Codec::Ascii.decode(b, "strict")?.into_owned())
}

fn ascii_encode(s: &str) -> Result<Vec<u8>, Error> {
    Ok(Codec::Ascii
        .encode_in(s, "strict", Profile::default())?
        .into_owned())
}

/// `text.encode('ascii')` of unquoted text, lone surrogates and all.
fn ascii_encode_text(t: Text<'_>) -> Result<Vec<u8>, Error> {
    match t {
        Text::Str(s) => ascii_encode(&s),
        t => {
            Codec::Ascii.encode_code_points(&t.code_points(), "strict", Behaviour::default().into())
        }
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
    /// All arguments at their defaults, under the default profile (CPython 3.15.2).
    pub fn new() -> Self {
        Self::default()
    }
    /// Keeps fields with empty values (`keep_blank_values=True`).
    pub fn keep_blank_values(mut self, yes: bool) -> Self {
        self.keep_blank_values = yes;
        self
    }
    /// Raises on fields without `=` (`strict_parsing=True`).
    ///
    /// ```
    /// assert!(urlsyntax::urllib::QsParser::new().strict_parsing(true).parse_qsl("b").is_err());
    /// ```
    pub fn strict_parsing(mut self, yes: bool) -> Self {
        self.strict_parsing = yes;
        self
    }
    // `encoding`: the codec for `%` escapes in text queries (default
    // UTF-8); `errors`: the decoding error handler (default `replace`).
    builder_setters!(QsParser);
    /// Fails with [`Error::MaxFieldsExceeded`] when the query has more
    /// fields than `n` (checked before any per-field work).
    ///
    /// ```
    /// assert!(urlsyntax::urllib::QsParser::new().max_num_fields(1).parse_qsl("a&b").is_err());
    /// ```
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
    /// The CPython release whose rules apply (default 3.15.2).
    pub fn profile(mut self, profile: Profile) -> Self {
        self.behaviour = Behaviour::new(profile);
        self
    }

    fn unquoter(&self) -> Unquoter {
        Unquoter::new()
            .behaviour(self.behaviour)
            .codec_options(self.codec.clone())
    }

    /// CPython's first check of `parse_qsl`, before it looks at the query:
    /// an empty separator is a `ValueError` ([`Error::InvalidSeparator`]).
    ///
    /// ```
    /// use urlsyntax::urllib::{QsParser, Separator};
    /// assert!(QsParser::new().separator(Separator::Str(String::new())).check_separator().is_err());
    /// assert!(QsParser::new().separator(Separator::Str("é".into())).check_separator().is_ok());
    /// ```
    pub fn check_separator(&self) -> Result<(), Error> {
        match self.sep_is_empty() {
            true => Err(Error::InvalidSeparator),
            false => Ok(()),
        }
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
            Some(Separator::Bytes(b)) if !self.behaviour.quirks().qsl_coerces_separator => {
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
        let rule = self.behaviour.quirks().qsl;
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
        unquote: impl FnMut(Range<usize>) -> Result<T, Error>,
    ) -> Result<Vec<(T, T)>, Error> {
        let mut out = Vec::new();
        self.each_pair(qs, sep, bytes, unquote, |name, value| {
            out.push((name, value))
        })?;
        Ok(out)
    }

    /// [`pairs`](Self::pairs), handing each pair to `each` in order.
    fn each_pair<T>(
        &self,
        qs: &[u8],
        sep: &[u8],
        bytes: bool,
        mut unquote: impl FnMut(Range<usize>) -> Result<T, Error>,
        mut each: impl FnMut(T, T),
    ) -> Result<(), Error> {
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
                        Ok(s) if !bytes => str_repr_in(s, self.behaviour),
                        _ => bytes_repr(field),
                    };
                    return Err(Error::BadQueryField { field: shown });
                }
                None => (field, &field[field.len()..]),
            };
            if !value.is_empty() || self.keep_blank_values {
                each(unquote(at(name))?, unquote(at(value))?);
            }
        }
        Ok(())
    }

    /// `parse_qsl(qs, ...)` for a text query. A name or value without `%`
    /// and `+` is borrowed from `qs` (CPython returns it unchanged, whatever
    /// the `encoding` and `errors`); the others are owned.
    pub fn parse_qsl<'a>(&self, qs: &'a str) -> Result<TextPairs<'a>, Error> {
        let mut out = Vec::new();
        self.parse_qsl_each(qs, collect(&mut out))?;
        Ok(out)
    }

    /// [`parse_qsl`](Self::parse_qsl) without the list: each name and
    /// value is handed to `each`, in order, as it is read. On an error the
    /// pairs handed so far are not the answer: CPython raises instead.
    ///
    /// ```
    /// use urlsyntax::urllib::QsParser;
    /// let mut names = Vec::new();
    /// QsParser::new().parse_qsl_each("a=1&b=%32&c=", |name, _| names.push(name))?;
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parse_qsl_each<'a>(
        &self,
        qs: &'a str,
        each: impl FnMut(Cow<'a, str>, Cow<'a, str>),
    ) -> Result<(), Error> {
        let sep = self.text_sep()?;
        // Made on the first name or value with `%` or `+`: most have none.
        let unquoter = std::cell::OnceCell::new();
        let unquoter = || unquoter.get_or_init(|| self.unquoter());
        let held = std::cell::RefCell::new(None);
        let one_scan = match (sep.as_bytes(), self.strict_parsing, self.max_num_fields) {
            ([b], false, None) if b.is_ascii() => Some(*b),
            _ => None,
        };
        match one_scan {
            Some(b) => parse_qsl_one_scan(
                qs,
                b,
                self.keep_blank_values,
                |s| defer_unrepresentable(&held, unquoter().unquote_plus(s)),
                each,
            ),
            None => self.each_pair(
                qs.as_bytes(),
                sep.as_bytes(),
                false,
                |r| {
                    let part = unquote_plus_part(unquoter, qs.get(r).unwrap_or_default());
                    defer_unrepresentable(&held, part)
                },
                each,
            ),
        }?;
        match held.into_inner() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `parse_qsl(qs, ...)` for a bytes query: names and values are bytes,
    /// always owned. CPython 3.13 unquotes bytes as bytes (`encoding`/`errors` unused);
    /// 3.9 to 3.12 decode the query as ASCII, unquote it as text and encode
    /// the results as ASCII, failing on anything else.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, QsParser};
    /// assert_eq!(QsParser::new().parse_qsl_bytes(b"a=%FF")?, [(b"a".to_vec(), vec![0xff])]);
    /// assert!(QsParser::new().profile(Profile::Py3_12_1).parse_qsl_bytes(b"a=%FF").is_err());
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn parse_qsl_bytes(&self, qs: &[u8]) -> Result<BytesPairs, Error> {
        match self.behaviour.quirks().qsl {
            QslRule::NativeBytes => {
                if self.sep_is_empty() {
                    return Err(Error::InvalidSeparator);
                }
                let quirks = self.behaviour.quirks();
                if qs.is_empty() && !quirks.qsl_empty_bytes_convert_the_separator {
                    return Ok(Vec::new());
                }
                let sep = match &self.separator {
                    None => b"&".to_vec(),
                    Some(Separator::Str(s)) => ascii_encode(s)?,
                    Some(Separator::Bytes(b)) => b.clone(),
                };
                if qs.is_empty() {
                    return Ok(Vec::new());
                }
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

mod urlencode;
pub use urlencode::*;

#[cfg(test)]
mod tests;

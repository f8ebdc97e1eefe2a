//! `quote`, `quote_plus`, `quote_from_bytes`, `unquote`, `unquote_plus` and
//! `unquote_to_bytes`, as CPython's `urllib.parse` defines them.
//!
//! The everyday calls are one short call with CPython's defaults:
//!
//! ```
//! use urlsyntax::urllib::{quote, quote_plus, unquote, unquote_plus, unquote_to_bytes};
//! assert_eq!(quote("/El Niño/"), "/El%20Ni%C3%B1o/");
//! assert_eq!(quote_plus("a b&c"), "a+b%26c");
//! assert_eq!(unquote("/El%20Ni%C3%B1o/"), "/El Niño/");
//! assert_eq!(unquote_plus("a+b%zz"), "a b%zz");
//! assert_eq!(unquote_to_bytes("%ff"), b"\xff");
//! ```
//!
//! Python's keyword arguments are builder methods of [`Quoter`] and
//! [`Unquoter`]:
//!
//! ```
//! use urlsyntax::urllib::{Quoter, Unquoter};
//! let q = Quoter::new().safe("").encoding("latin-1").errors("xmlcharrefreplace");
//! assert_eq!(q.quote("é/€").unwrap(), "%E9%2F%26%238364%3B");
//! let u = Unquoter::new().encoding("latin-1");
//! assert_eq!(u.unquote("%E9").unwrap(), "é");
//! ```

use std::borrow::Cow;

use super::codec_options::{builder_setters, CodecOptions};
use super::profile::{Behaviour, Profile};
use crate::percent::{self, ByteSet};
use crate::scan::find_any;
use urlsyntax_pyruntime::codec::{Codec, Text, TextBuf};
use urlsyntax_pyruntime::error::Error;

/// The `safe` argument: characters that are never quoted, besides the
/// always-safe `A-Za-z0-9_.-~`. Given as text (`"/:"`) or bytes (`b"/:"`);
/// as in CPython only its ASCII characters count.
///
/// ```
/// use urlsyntax::urllib::Quoter;
/// assert_eq!(Quoter::new().safe("/:").quote("a:b/c d")?, "a:b/c%20d");
/// assert_eq!(Quoter::new().safe("é").quote("é")?, "%C3%A9");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Safe(ByteSet);

impl Safe {
    /// No extra safe characters (`safe=''`).
    ///
    /// ```
    /// use urlsyntax::urllib::{Quoter, Safe};
    /// assert_eq!(Quoter::new().safe(Safe::NONE).quote("/a")?, "%2Fa");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub const NONE: Safe = Safe(ByteSet::EMPTY);
    /// `safe='/'`, the default of `quote` and `quote_from_bytes`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Quoter, Safe};
    /// assert_eq!(Quoter::new().safe(Safe::SLASH).quote_plus("/a b")?, "/a+b");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub const SLASH: Safe = Safe(ByteSet::EMPTY.with(b'/'));

    /// The safe set from bytes (bytes `>= 0x80` are dropped).
    ///
    /// ```
    /// use urlsyntax::urllib::{Quoter, Safe};
    /// assert_eq!(Quoter::new().safe(Safe::from_bytes(b"@")).quote("@/")?, "@%2F");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Safe {
        Safe(ByteSet::EMPTY.with_all(bytes).ascii_only())
    }

    /// This set plus `b`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Quoter, Safe};
    /// assert_eq!(Quoter::new().safe(Safe::NONE.with(b':')).quote("a:b/")?, "a:b%2F");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn with(self, b: u8) -> Safe {
        Safe(self.0.with(b).ascii_only())
    }

    /// The bytes that are left as they are: this set and the always-safe ones.
    ///
    /// ```
    /// use urlsyntax::urllib::Safe;
    /// let set = Safe::SLASH.byte_set();
    /// assert!(set.contains(b'/') && set.contains(b'~') && !set.contains(b' '));
    /// ```
    pub fn byte_set(self) -> ByteSet {
        self.0.union(ByteSet::UNRESERVED)
    }

    /// [`Safe::byte_set`] in `profile`'s CPython, whose always-safe set
    /// may lack `~` (3.6).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Safe};
    /// assert!(!Safe::NONE.byte_set_in(Profile::Py3_6_15).contains(b'~'));
    /// assert!(Safe::NONE.byte_set_in(Profile::Py3_7_16).contains(b'~'));
    /// ```
    pub fn byte_set_in(self, behaviour: impl Into<Behaviour>) -> ByteSet {
        match behaviour.into().quirks().tilde_is_unreserved {
            true => self.byte_set(),
            false => self.0.union(ByteSet::UNRESERVED.without(b'~')),
        }
    }
}

impl From<&str> for Safe {
    fn from(s: &str) -> Safe {
        Safe::from_bytes(s.as_bytes())
    }
}
impl From<&String> for Safe {
    fn from(s: &String) -> Safe {
        Safe::from_bytes(s.as_bytes())
    }
}
impl From<&[u8]> for Safe {
    fn from(b: &[u8]) -> Safe {
        Safe::from_bytes(b)
    }
}
impl<const N: usize> From<&[u8; N]> for Safe {
    fn from(b: &[u8; N]) -> Safe {
        Safe::from_bytes(b)
    }
}
impl From<ByteSet> for Safe {
    fn from(set: ByteSet) -> Safe {
        Safe(set.ascii_only())
    }
}

/// `quote(string)`: UTF-8, `safe='/'`.
///
/// ```
/// assert_eq!(urlsyntax::urllib::quote("/a b~"), "/a%20b~");
/// ```
pub fn quote(string: &str) -> String {
    let mut out = String::with_capacity(quoted_capacity(string.len()));
    percent::encode_str_quote_default_into(string, &mut out);
    out
}

/// `quote_plus(string)`: UTF-8, `safe=''`, spaces become `+`.
///
/// ```
/// assert_eq!(urlsyntax::urllib::quote_plus("/a b"), "%2Fa+b");
/// ```
pub fn quote_plus(string: &str) -> String {
    let mut out = String::with_capacity(quoted_capacity(string.len()));
    percent::encode_plus_str_default_into(string, &mut out);
    out
}

/// Room for a few escapes, so a URL's `:` or spaces cost no regrowth.
fn quoted_capacity(len: usize) -> usize {
    len + len / 4 + 8
}

/// The UTF-8 bytes of `string` quoted: [`quote_from_bytes_safe`] without
/// checking that the kept runs are text.
fn quote_str(string: &str, safe: Safe, behaviour: Behaviour) -> String {
    let mut out = String::with_capacity(quoted_capacity(string.len()));
    if safe == Safe::SLASH && behaviour.quirks().tilde_is_unreserved {
        percent::encode_str_quote_default_into(string, &mut out);
    } else {
        percent::encode_str_into(string, &safe.byte_set_in(behaviour), &mut out);
    }
    out
}

/// `quote_from_bytes(bs, safe)` in `profile`'s CPython.
fn quote_bytes_in(bs: &[u8], safe: Safe, behaviour: Behaviour) -> String {
    let mut out = String::with_capacity(quoted_capacity(bs.len()));
    if safe == Safe::SLASH && behaviour.quirks().tilde_is_unreserved {
        percent::encode_quote_default_into(bs, &mut out);
    } else {
        percent::encode_into(bs, &safe.byte_set_in(behaviour), &mut out);
    }
    out
}

/// `quote_from_bytes(bs)`: `safe='/'`.
///
/// ```
/// assert_eq!(urlsyntax::urllib::quote_from_bytes(b"\xff/"), "%FF/");
/// ```
pub fn quote_from_bytes(bs: &[u8]) -> String {
    quote_from_bytes_safe(bs, Safe::SLASH)
}

/// `quote_from_bytes(bs, safe)`.
///
/// ```
/// assert_eq!(urlsyntax::urllib::quote_from_bytes_safe(b"a/b c", ""), "a%2Fb%20c");
/// ```
pub fn quote_from_bytes_safe(bs: &[u8], safe: impl Into<Safe>) -> String {
    let mut out = String::with_capacity(quoted_capacity(bs.len()));
    percent::encode_into(bs, &safe.into().byte_set(), &mut out);
    out
}

/// `quote_plus`'s last step, `.replace(' ', '+')`, which CPython takes
/// only when the argument holds a space: without one, a space the quoting
/// kept (a byte 0x20 of a character under UTF-16, say, with `' '` in
/// `safe`) stays a space.
fn plus(s: String, has_space: bool) -> String {
    if has_space && s.contains(' ') {
        s.replace(' ', "+")
    } else {
        s
    }
}

/// `quote`/`quote_plus` with keyword arguments: `safe`, `encoding`,
/// `errors`. Unset arguments take CPython's defaults (`safe` is `'/'` for
/// `quote` and `''` for `quote_plus`; UTF-8; `strict`).
///
/// ```
/// use urlsyntax::urllib::Quoter;
/// let q = Quoter::new().encoding("latin-1");
/// assert_eq!(q.quote("é/")?, "%E9/");
/// assert!(q.quote("€").is_err()); // UnicodeEncodeError
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quoter {
    safe: Option<Safe>,
    codec: CodecOptions,
    behaviour: Behaviour,
}

impl Quoter {
    /// All arguments at their defaults.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().quote("a b/")?, "a%20b/");
    /// assert_eq!(Quoter::new().quote_plus("a b/")?, "a+b%2F");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
    /// Sets `safe`.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().safe("").quote("a/b")?, "a%2Fb");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn safe(mut self, safe: impl Into<Safe>) -> Self {
        self.safe = Some(safe.into());
        self
    }
    builder_setters!(Quoter);
    /// Quotes as `profile`'s CPython (default 3.15.2): 3.6 quotes `~`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Quoter};
    /// assert_eq!(Quoter::new().profile(Profile::Py3_6_15).quote("~")?, "%7E");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn profile(mut self, profile: Profile) -> Self {
        self.behaviour = Behaviour::new(profile);
        self
    }

    fn encode<'a>(&self, string: &'a str) -> Result<Cow<'a, [u8]>, Error> {
        let (codec, errors) = self.codec.codec("strict", self.behaviour)?;
        codec
            .encode_in(string, errors, self.behaviour)
            .map_err(|e| self.codec.raised(e, "encoding", self.behaviour))
    }

    fn check_bytes(&self, function: &str) -> Result<(), Error> {
        match self.codec.first_set() {
            Some(name) => Err(Error::type_error(format!(
                "{function}() doesn't support '{name}' for bytes"
            ))),
            None => Ok(()),
        }
    }

    /// `quote(string, safe, encoding, errors)`.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().quote("/El Niño")?, "/El%20Ni%C3%B1o");
    /// assert_eq!(Quoter::new().encoding("latin-1").quote("é")?, "%E9");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quote(&self, string: &str) -> Result<String, Error> {
        if string.is_empty() {
            return Ok(String::new());
        }
        let safe = self.safe.unwrap_or(Safe::SLASH);
        Ok(match self.encode(string)? {
            // Borrowed: the bytes are the text's own.
            Cow::Borrowed(_) => quote_str(string, safe, self.behaviour),
            Cow::Owned(bytes) => quote_bytes_in(&bytes, safe, self.behaviour),
        })
    }

    /// `quote(bs, safe)` for bytes: `encoding` and `errors` must be unset.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().quote_bytes(b"\xff/")?, "%FF/");
    /// // TypeError: quote() doesn't support 'encoding' for bytes
    /// assert!(Quoter::new().encoding("latin-1").quote_bytes(b"a").is_err());
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quote_bytes(&self, bs: &[u8]) -> Result<String, Error> {
        self.check_bytes("quote")?;
        let safe = self.safe.unwrap_or(Safe::SLASH);
        Ok(quote_bytes_in(bs, safe, self.behaviour))
    }

    /// `quote_plus(string, safe, encoding, errors)`.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().encoding("latin-1").quote_plus("é ü")?, "%E9+%FC");
    /// assert_eq!(Quoter::new().safe("~").quote_plus("a~b c")?, "a~b+c");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quote_plus(&self, string: &str) -> Result<String, Error> {
        if string.is_empty() {
            return Ok(String::new());
        }
        // Decided on the text, as CPython does, not on its bytes.
        let has_space = string.contains(' ');
        let safe = self.safe.unwrap_or(Safe::NONE);
        let safe = if has_space { safe.with(b' ') } else { safe };
        let bytes = self.encode(string)?;
        Ok(plus(
            quote_bytes_in(&bytes, safe, self.behaviour),
            has_space,
        ))
    }

    /// `quote_plus(bs, safe)` for bytes: `encoding` and `errors` must be unset.
    ///
    /// ```
    /// use urlsyntax::urllib::Quoter;
    /// assert_eq!(Quoter::new().quote_plus_bytes(b"a b/")?, "a+b%2F");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn quote_plus_bytes(&self, bs: &[u8]) -> Result<String, Error> {
        let has_space = bs.contains(&b' ');
        let safe = self.safe.unwrap_or(Safe::NONE);
        let safe = if has_space { safe.with(b' ') } else { safe };
        self.check_bytes("quote")?;
        Ok(plus(quote_bytes_in(bs, safe, self.behaviour), has_space))
    }
}

/// `unquote(string)`: escapes decoded as UTF-8, invalid sequences replaced
/// by U+FFFD (one per maximal invalid subpart, as CPython's decoder).
///
/// ```
/// assert_eq!(urlsyntax::urllib::unquote("%C3%A9+%zz"), "é+%zz");
/// ```
pub fn unquote(string: &str) -> String {
    Unquoter::new()
        .unquote(string)
        .unwrap_or_else(|_| string.to_string())
}

/// `unquote_plus(string)`: `+` is a space, then [`unquote`].
///
/// ```
/// assert_eq!(urlsyntax::urllib::unquote_plus("a+b%2B"), "a b+");
/// ```
pub fn unquote_plus(string: &str) -> String {
    Unquoter::new()
        .unquote_plus(string)
        .unwrap_or_else(|_| plus_to_space(string))
}

/// `string.replace('+', ' ')`.
fn plus_to_space(string: &str) -> String {
    if string.contains('+') {
        string.replace('+', " ")
    } else {
        string.to_string()
    }
}

/// `unquote_to_bytes(string)` for text or bytes: the escapes decoded, any
/// malformed `%` kept as it is.
///
/// ```
/// assert_eq!(urlsyntax::urllib::unquote_to_bytes("%FF%"), b"\xff%");
/// ```
pub fn unquote_to_bytes(string: impl AsRef<[u8]>) -> Vec<u8> {
    percent::decode(string.as_ref()).into_owned()
}

/// `unquote`/`unquote_plus` with keyword arguments `encoding` and `errors`
/// (defaults: UTF-8 and `replace`).
///
/// ```
/// use urlsyntax::urllib::Unquoter;
/// assert_eq!(Unquoter::new().unquote("%ff")?, "\u{fffd}");
/// assert!(Unquoter::new().errors("strict").unquote("%ff").is_err());
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unquoter {
    codec: CodecOptions,
    behaviour: Behaviour,
}

impl Unquoter {
    /// All arguments at their defaults.
    ///
    /// ```
    /// use urlsyntax::urllib::Unquoter;
    /// assert_eq!(Unquoter::new().unquote("a%20b+c")?, "a b+c");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
    builder_setters!(Unquoter);
    /// Unquotes as `profile`'s CPython (default 3.15.2): up to 3.8
    /// `unquote` takes no bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Unquoter};
    /// assert!(Unquoter::new().profile(Profile::Py3_8_18).unquote_bytes(b"%41").is_err());
    /// assert_eq!(Unquoter::new().unquote_bytes(b"%41")?, "A");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn profile(mut self, profile: Profile) -> Self {
        self.behaviour = Behaviour::new(profile);
        self
    }

    fn codec(&self) -> Result<(Codec, &str), Error> {
        self.codec.codec("replace", self.behaviour)
    }

    /// `b.decode(encoding, errors)`, its errors as the profile lets them
    /// out.
    fn decoded(&self, codec: Codec, b: &[u8], errors: &str) -> Result<Text<'static>, Error> {
        match codec.decode_text(b, errors) {
            Ok(text) => Ok(text.into_owned()),
            Err(e) => Err(self.codec.raised(e, "decoding", self.behaviour)),
        }
    }

    /// `unquote(string, encoding, errors)` for text. Text without `%` is
    /// returned as it is (no codec lookup, as in CPython); otherwise each
    /// maximal run of ASCII characters is unquoted and decoded on its own,
    /// and other characters are kept.
    ///
    /// ```
    /// use urlsyntax::urllib::Unquoter;
    /// assert_eq!(Unquoter::new().unquote("%C3%A9%zz")?, "é%zz");
    /// assert_eq!(Unquoter::new().encoding("latin-1").unquote("%E9é")?, "éé");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn unquote(&self, string: &str) -> Result<String, Error> {
        Ok(self.unquote_text(string)?.into_str()?.into_owned())
    }

    /// [`Unquoter::unquote`], lone surrogates and all.
    pub(crate) fn unquote_text(&self, string: &str) -> Result<Text<'static>, Error> {
        let bytes = string.as_bytes();
        let Some(first) = find_any(bytes, [b'%']) else {
            return Ok(Text::Str(Cow::Owned(string.to_string())));
        };
        let (codec, errors) = self.codec()?;
        if codec == Codec::Utf8 && string.is_ascii() {
            // One ASCII run, the whole string: its unquoted bytes are the
            // answer when they are UTF-8 (what the loop below would push),
            // without a second buffer.
            let mut buf = Vec::with_capacity(bytes.len());
            buf.extend_from_slice(&bytes[..first]);
            percent::decode_into(&bytes[first..], &mut buf);
            return match String::from_utf8(buf) {
                Ok(s) => Ok(Text::Str(Cow::Owned(s))),
                Err(e) => Ok(self.decoded(codec, e.as_bytes(), errors)?),
            };
        }
        if string.is_ascii() {
            // One ASCII run: its decoded text is the answer.
            let mut buf = Vec::with_capacity(bytes.len());
            percent::decode_into(bytes, &mut buf);
            return self.decoded(codec, &buf, errors);
        }
        let mut out = TextBuf::with_capacity(bytes.len());
        let mut buf = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let ascii_end = bytes[i..]
                .iter()
                .position(|&b| b >= 0x80)
                .map_or(bytes.len(), |n| i + n);
            if ascii_end > i {
                buf.clear();
                percent::decode_into(&bytes[i..ascii_end], &mut buf);
                self.decoded(codec, &buf, errors)?.push_to(&mut out);
            }
            let other_end = bytes[ascii_end..]
                .iter()
                .position(|&b| b < 0x80)
                .map_or(bytes.len(), |n| ascii_end + n);
            out.push_str(&string[ascii_end..other_end]);
            i = other_end;
        }
        Ok(out.finish())
    }

    /// `unquote_plus(string, encoding, errors)`.
    ///
    /// ```
    /// use urlsyntax::urllib::Unquoter;
    /// assert_eq!(Unquoter::new().encoding("latin-1").unquote_plus("a+%E9")?, "a é");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn unquote_plus(&self, string: &str) -> Result<String, Error> {
        if !string.contains('%') {
            // Nothing to unquote (and no codec lookup, as in CPython).
            return Ok(plus_to_space(string));
        }
        self.unquote(&plus_to_space(string))
    }

    /// [`Unquoter::unquote_plus`], lone surrogates and all.
    pub(crate) fn unquote_plus_text(&self, string: &str) -> Result<Text<'static>, Error> {
        if !string.contains('%') {
            return Ok(Text::Str(Cow::Owned(plus_to_space(string))));
        }
        self.unquote_text(&plus_to_space(string))
    }

    /// `unquote(bs, encoding, errors)` for bytes: all escapes decoded, then
    /// the whole decoded with the codec. Up to 3.8 a `TypeError`.
    ///
    /// ```
    /// use urlsyntax::urllib::Unquoter;
    /// assert_eq!(Unquoter::new().unquote_bytes(b"%C3%A9+")?, "é+");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn unquote_bytes(&self, bs: &[u8]) -> Result<String, Error> {
        if !self.behaviour.quirks().unquote_takes_bytes {
            return Err(Error::type_error("Expected str, got bytes"));
        }
        let raw = percent::decode(bs);
        if raw.is_empty() {
            // CPython decodes empty bytes without looking the codec up
            // (after checking the arguments).
            self.codec.check("replace")?;
            return Ok(String::new());
        }
        let (codec, errors) = self.codec()?;
        Ok(self.decoded(codec, &raw, errors)?.into_str()?.into_owned())
    }
}

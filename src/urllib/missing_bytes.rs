//! The bytes forms of CPython 3.15's `missing_as_none` and `keep_empty`:
//! bytes are decoded as ASCII, read as text, and the parts encoded back,
//! each absent one staying `None` (3.15's `_coerce_args` keeps `None`).
//!
//! ```
//! use urlsyntax::urllib::{Profile, Urllib};
//! let ctx = Urllib::new(Profile::Py3_15_2);
//! let r = ctx.urlsplit_missing_as_none_bytes(b"http://a/b?", None, true)?;
//! assert_eq!((r.query.as_deref(), r.fragment.as_deref()), (Some(&b""[..]), None));
//! assert_eq!(r.geturl()?, b"http://a/b?");
//! # Ok::<(), urlsyntax::urllib::Error>(())
//! ```

use std::borrow::Cow;

use super::result_of::{
    DefragResultOptBytes, ParseResultOptBytes, SplitResultOpt, SplitResultOptBytes,
};
use super::text::{decode_ascii, encode_ascii};
use super::{Error, Profile, Urllib};

/// A part read from ASCII bytes, back as bytes (borrowing where the text
/// borrows).
fn enc(part: Cow<'_, str>) -> Cow<'_, [u8]> {
    // Text read from ASCII bytes is ASCII; the fallback never runs.
    encode_ascii(part).unwrap_or(Cow::Borrowed(b""))
}

fn enc_opt(part: Option<Cow<'_, str>>) -> Option<Cow<'_, [u8]>> {
    part.map(enc)
}

fn dec_opt(part: Option<&[u8]>) -> Result<Option<&str>, Error> {
    part.map(decode_ascii).transpose()
}

impl SplitResultOptBytes<'_> {
    /// The profile this result was read under (its behaviour's).
    pub fn profile(&self) -> Profile {
        self.behaviour.profile()
    }

    /// `geturl()`: `urlunsplit(self)`, keeping every part that is not `None`.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// assert_eq!(ctx.urlsplit_missing_as_none_bytes(b"a?#", None, true)?.geturl()?, b"a?#");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn geturl(&self) -> Result<Vec<u8>, Error> {
        Ok(self.decode()?.geturl().into_bytes())
    }

    /// `decode()`: the text twin (ASCII).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urlsplit_missing_as_none_bytes(b"http://a:8080/", None, true)?;
    /// assert_eq!(r.decode()?.netloc.as_deref(), Some("a:8080"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn decode(&self) -> Result<SplitResultOpt<'_>, Error> {
        Ok(SplitResultOpt {
            scheme: dec_opt(self.scheme.as_deref())?.map(Cow::Borrowed),
            netloc: dec_opt(self.netloc.as_deref())?.map(Cow::Borrowed),
            path: Cow::Borrowed(decode_ascii(&self.path)?),
            query: dec_opt(self.query.as_deref())?.map(Cow::Borrowed),
            fragment: dec_opt(self.fragment.as_deref())?.map(Cow::Borrowed),
            behaviour: self.behaviour,
        })
    }

    /// `port`, as for text.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let r = ctx.urlsplit_missing_as_none_bytes(b"http://a:8080/", None, true)?;
    /// assert_eq!(r.port(), Ok(Some(8080)));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn port(&self) -> Result<Option<u16>, Error> {
        self.decode()?.port()
    }
}

impl ParseResultOptBytes<'_> {
    /// The profile this result was read under (its behaviour's).
    pub fn profile(&self) -> Profile {
        self.behaviour.profile()
    }
}

impl Urllib {
    /// `urlsplit(url, scheme, allow_fragments, missing_as_none=True)` for
    /// bytes (CPython 3.15+; see [`Urllib::urlsplit_missing_as_none`]).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urlsplit_missing_as_none_bytes(b"http://a/b#", None, true)?;
    /// assert_eq!((r.query, r.fragment.as_deref()), (None, Some(&b""[..])));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlsplit_missing_as_none_bytes<'a>(
        &self,
        url: &'a [u8],
        scheme: Option<&'a [u8]>,
        allow_fragments: bool,
    ) -> Result<SplitResultOptBytes<'a>, Error> {
        let r =
            self.urlsplit_missing_as_none(decode_ascii(url)?, dec_opt(scheme)?, allow_fragments)?;
        Ok(SplitResultOptBytes {
            scheme: enc_opt(r.scheme),
            netloc: enc_opt(r.netloc),
            path: enc(r.path),
            query: enc_opt(r.query),
            fragment: enc_opt(r.fragment),
            behaviour: r.behaviour,
        })
    }

    /// `urlparse(url, scheme, allow_fragments, missing_as_none=True)` for
    /// bytes (CPython 3.15+; see [`Urllib::urlparse_missing_as_none`]).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urlparse_missing_as_none_bytes(b"http://a/b;", None, true)?;
    /// assert_eq!(r.params.as_deref(), Some(&b""[..]));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlparse_missing_as_none_bytes<'a>(
        &self,
        url: &'a [u8],
        scheme: Option<&'a [u8]>,
        allow_fragments: bool,
    ) -> Result<ParseResultOptBytes<'a>, Error> {
        let r =
            self.urlparse_missing_as_none(decode_ascii(url)?, dec_opt(scheme)?, allow_fragments)?;
        Ok(ParseResultOptBytes {
            scheme: enc_opt(r.scheme),
            netloc: enc_opt(r.netloc),
            path: enc(r.path),
            params: enc_opt(r.params),
            query: enc_opt(r.query),
            fragment: enc_opt(r.fragment),
            behaviour: r.behaviour,
        })
    }

    /// `urldefrag(url, missing_as_none=True)` for bytes (CPython 3.15+).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_15_2).urldefrag_missing_as_none_bytes(b"http://a/#")?;
    /// assert_eq!((&*r.url, r.fragment.as_deref()), (&b"http://a/"[..], Some(&b""[..])));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urldefrag_missing_as_none_bytes<'a>(
        &self,
        url: &'a [u8],
    ) -> Result<DefragResultOptBytes<'a>, Error> {
        let r = self.urldefrag_missing_as_none(decode_ascii(url)?)?;
        Ok(DefragResultOptBytes {
            url: enc(r.url),
            fragment: enc_opt(r.fragment),
        })
    }

    /// `urlunsplit(components, keep_empty=True)` for bytes (CPython 3.15+).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let url = ctx.urlunsplit_keep_empty_bytes([Some(b"x"), None, Some(b"p"), Some(b""), None])?;
    /// assert_eq!(url, b"x:p?");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunsplit_keep_empty_bytes(&self, parts: [Option<&[u8]>; 5]) -> Result<Vec<u8>, Error> {
        let mut text = [None; 5];
        for (t, b) in text.iter_mut().zip(parts) {
            *t = dec_opt(b)?;
        }
        Ok(self.urlunsplit_keep_empty(text)?.into_bytes())
    }

    /// `urlunparse(components, keep_empty=True)` for bytes (CPython 3.15+).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let ctx = Urllib::new(Profile::Py3_15_2);
    /// let parts = [Some(&b"x"[..]), None, Some(b"p"), Some(b""), None, Some(b"")];
    /// assert_eq!(ctx.urlunparse_keep_empty_bytes(parts)?, b"x:p;#");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunparse_keep_empty_bytes(&self, parts: [Option<&[u8]>; 6]) -> Result<Vec<u8>, Error> {
        let mut text = [None; 6];
        for (t, b) in text.iter_mut().zip(parts) {
            *t = dec_opt(b)?;
        }
        Ok(self.urlunparse_keep_empty(text)?.into_bytes())
    }
}

//! The bytes forms of the structure functions, as CPython's `urllib.parse`
//! treats `bytes` arguments: decoded as ASCII (non-ASCII input is a
//! [`Error::Decode`], CPython's `UnicodeDecodeError`), processed as text,
//! and the results encoded back.
//!
//! ```
//! use urlsyntax::urllib::bytes;
//! let r = bytes::urlsplit(b"http://a/b?x", b"", true).unwrap();
//! assert_eq!(&*r.netloc, b"a");
//! assert!(bytes::urlsplit(b"http://\xff/", b"", true).is_err());
//! ```

use std::borrow::Cow;

use super::text::{decode_ascii, encode_ascii};
use super::{DefragResultBytes, Error, ParseResultBytes, SplitResultBytes, Urllib};

fn enc<'a>(s: Cow<'a, str>) -> Cow<'a, [u8]> {
    // Results of ASCII input are ASCII; the fallback never runs.
    encode_ascii(s).unwrap_or(Cow::Borrowed(b""))
}

impl Urllib {
    /// `urlsplit` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, Urllib};
    /// let r = Urllib::new(Profile::Py3_13_0).urlsplit_bytes(b"//h/p", b"https", true)?;
    /// assert_eq!((&*r.scheme, &*r.netloc, &*r.path), (&b"https"[..], &b"h"[..], &b"/p"[..]));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlsplit_bytes<'a>(
        &self,
        url: &'a [u8],
        scheme: &'a [u8],
        allow_fragments: bool,
    ) -> Result<SplitResultBytes<'a>, Error> {
        let url = decode_ascii(url)?;
        let scheme = decode_ascii(scheme)?;
        let r = self.urlsplit(url, scheme, allow_fragments)?;
        Ok(SplitResultBytes {
            scheme: enc(r.scheme),
            netloc: enc(r.netloc),
            path: enc(r.path),
            query: enc(r.query),
            fragment: enc(r.fragment),
            behaviour: r.behaviour,
        })
    }

    /// `urlparse` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().urlparse_bytes(b"http://h/p;x?q", b"", true)?;
    /// assert_eq!((&*r.path, &*r.params, &*r.query), (&b"/p"[..], &b"x"[..], &b"q"[..]));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlparse_bytes<'a>(
        &self,
        url: &'a [u8],
        scheme: &'a [u8],
        allow_fragments: bool,
    ) -> Result<ParseResultBytes<'a>, Error> {
        let url = decode_ascii(url)?;
        let scheme = decode_ascii(scheme)?;
        let r = self.urlparse(url, scheme, allow_fragments)?;
        Ok(ParseResultBytes {
            scheme: enc(r.scheme),
            netloc: enc(r.netloc),
            path: enc(r.path),
            params: enc(r.params),
            query: enc(r.query),
            fragment: enc(r.fragment),
            behaviour: r.behaviour,
        })
    }

    /// `urlunsplit` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::Urllib;
    /// let url = Urllib::default().urlunsplit_bytes([b"http", b"h", b"/p", b"q", b""])?;
    /// assert_eq!(url, b"http://h/p?q");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunsplit_bytes(&self, parts: [&[u8]; 5]) -> Result<Vec<u8>, Error> {
        let mut s = [""; 5];
        for (t, b) in s.iter_mut().zip(parts) {
            *t = decode_ascii(b)?;
        }
        Ok(self.urlunsplit(s).into_bytes())
    }

    /// `urlunparse` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::Urllib;
    /// let url = Urllib::default().urlunparse_bytes([b"http", b"h", b"/p", b"x", b"q", b"f"])?;
    /// assert_eq!(url, b"http://h/p;x?q#f");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlunparse_bytes(&self, parts: [&[u8]; 6]) -> Result<Vec<u8>, Error> {
        let mut s = [""; 6];
        for (t, b) in s.iter_mut().zip(parts) {
            *t = decode_ascii(b)?;
        }
        Ok(self.urlunparse(s).into_bytes())
    }

    /// `urljoin` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::Urllib;
    /// let url = Urllib::default().urljoin_bytes(b"http://a/b/c", b"../d", true)?;
    /// assert_eq!(&*url, b"http://a/d");
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urljoin_bytes<'a>(
        &self,
        base: &'a [u8],
        url: &'a [u8],
        allow_fragments: bool,
    ) -> Result<Cow<'a, [u8]>, Error> {
        if base.is_empty() {
            return Ok(Cow::Borrowed(url));
        }
        if url.is_empty() {
            return Ok(Cow::Borrowed(base));
        }
        let base = decode_ascii(base)?;
        let url = decode_ascii(url)?;
        Ok(enc(self.urljoin(base, url, allow_fragments)?))
    }

    /// `urldefrag` for bytes.
    ///
    /// ```
    /// use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().urldefrag_bytes(b"http://a/b#f")?;
    /// assert_eq!((&*r.url, &*r.fragment), (&b"http://a/b"[..], &b"f"[..]));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urldefrag_bytes<'a>(&self, url: &'a [u8]) -> Result<DefragResultBytes<'a>, Error> {
        let url = decode_ascii(url)?;
        let r = self.urldefrag(url)?;
        Ok(DefragResultBytes {
            url: enc(r.url),
            fragment: enc(r.fragment),
        })
    }
}

/// `urlsplit(url, scheme, allow_fragments)` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// let r = bytes::urlsplit(b"http://h/p?q#f", b"", true)?;
/// assert_eq!((&*r.query, &*r.fragment), (&b"q"[..], &b"f"[..]));
/// assert_eq!(&*bytes::urlsplit(b"http://h/p?q#f", b"", false)?.query, b"q#f");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urlsplit<'a>(
    url: &'a [u8],
    scheme: &'a [u8],
    allow_fragments: bool,
) -> Result<SplitResultBytes<'a>, Error> {
    Urllib::default().urlsplit_bytes(url, scheme, allow_fragments)
}

/// `urlparse(url, scheme, allow_fragments)` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// assert_eq!(&*bytes::urlparse(b"http://h/p;x", b"", true)?.params, b"x");
/// assert_eq!(&*bytes::urlparse(b"s3://h/p;x", b"", true)?.path, b"/p;x");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urlparse<'a>(
    url: &'a [u8],
    scheme: &'a [u8],
    allow_fragments: bool,
) -> Result<ParseResultBytes<'a>, Error> {
    Urllib::default().urlparse_bytes(url, scheme, allow_fragments)
}

/// `urlunsplit` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// assert_eq!(bytes::urlunsplit([b"http", b"h", b"/p", b"q", b""])?, b"http://h/p?q");
/// // UnicodeDecodeError: non-ASCII bytes
/// assert!(bytes::urlunsplit([b"http", b"h\xff", b"/", b"", b""]).is_err());
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urlunsplit(parts: [&[u8]; 5]) -> Result<Vec<u8>, Error> {
    Urllib::default().urlunsplit_bytes(parts)
}

/// `urlunparse` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// let url = bytes::urlunparse([b"http", b"h", b"/p", b"x", b"q", b"f"])?;
/// assert_eq!(url, b"http://h/p;x?q#f");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urlunparse(parts: [&[u8]; 6]) -> Result<Vec<u8>, Error> {
    Urllib::default().urlunparse_bytes(parts)
}

/// `urljoin` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// assert_eq!(&*bytes::urljoin(b"http://a/b/c", b"../d")?, b"http://a/d");
/// // An empty base returns `url` as it is, undecoded.
/// assert_eq!(&*bytes::urljoin(b"", b"\xff")?, b"\xff");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urljoin<'a>(base: &'a [u8], url: &'a [u8]) -> Result<Cow<'a, [u8]>, Error> {
    Urllib::default().urljoin_bytes(base, url, true)
}

/// `urldefrag` for bytes, under the default profile (CPython 3.15.2).
///
/// ```
/// use urlsyntax::urllib::bytes;
/// let r = bytes::urldefrag(b"http://a/b")?;
/// assert_eq!((&*r.url, &*r.fragment), (&b"http://a/b"[..], &b""[..]));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub fn urldefrag(url: &[u8]) -> Result<DefragResultBytes<'_>, Error> {
    Urllib::default().urldefrag_bytes(url)
}

/// `unwrap(url)` for bytes: CPython calls `str(url)` first, so the answer
/// is the text of the bytes' `repr` (`"b'...'"`), stripped.
///
/// ```
/// use urlsyntax::urllib::{bytes, unwrap};
/// assert_eq!(bytes::unwrap(b"<URL:http://a>"), "b'<URL:http://a>'");
/// assert_eq!(unwrap("<URL:http://a>"), "http://a");
/// ```
pub fn unwrap(url: &[u8]) -> String {
    super::unwrap(&urlsyntax_pyruntime::repr::bytes_repr(url)).to_string()
}

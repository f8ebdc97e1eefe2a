//! The methods of the result objects `SplitResult`, `ParseResult`,
//! `DefragResult` and their bytes twins (the types are `result_of.rs`'s).
//!
//! Fields are public and named as in CPython; struct update syntax is the
//! twin of `_replace`:
//!
//! ```
//! use urlsyntax::urllib::{urlsplit, SplitResult};
//! let r = urlsplit("http://a/b?q").unwrap();
//! let moved = SplitResult { netloc: "c:81".into(), ..r.clone() };
//! assert_eq!(moved.geturl(), "http://c:81/b?q");
//! assert_eq!(moved.port(), Ok(Some(81)));
//! let bytes = r.encode_with("utf-8", "strict").unwrap();
//! assert_eq!(&*bytes.path, b"/b");
//! assert_eq!(bytes.decode_with("latin-1", "strict").unwrap(), r);
//! ```
//!
//! Each
//! result remembers the [`Behaviour`](super::Behaviour) (a [`Profile`] and its quirks) of the
//! context that made it, because `port` and `geturl` answer differently
//! per CPython release. Text fields borrow from
//! the input wherever CPython's answer is a slice of it.

use std::borrow::Cow;

use super::netloc::{self, NetlocAttributes};
use super::result_of::{
    DefragResult, DefragResultBytes, ParseResult, ParseResultBytes, SplitResult, SplitResultBytes,
};
use super::text::{decode_ascii, encode_ascii};
use super::{Codec, Error, Profile, Urllib};

/// Latin-1 view of bytes, so the text algorithms (which only look at ASCII
/// delimiters) serve bytes too.
fn latin1_decode(b: &[u8]) -> String {
    b.iter().map(|&c| char::from(c)).collect()
}

fn latin1_encode(s: &str) -> Vec<u8> {
    s.chars().map(|c| c as u32 as u8).collect()
}

fn bytes_of(s: Cow<'_, str>) -> Result<Cow<'_, [u8]>, Error> {
    encode_ascii(s)
}

fn str_of(b: &[u8]) -> Result<Cow<'static, str>, Error> {
    Ok(Cow::Owned(decode_ascii(b)?.to_string()))
}

/// `field.encode(encoding, errors)`.
fn encode_field(s: &str, codec: Codec, errors: &str) -> Result<Cow<'static, [u8]>, Error> {
    Ok(Cow::Owned(
        codec.encode_in(s, errors, Profile::default())?.into_owned(),
    ))
}

/// `field.decode(encoding, errors)`.
fn decode_field(b: &[u8], codec: Codec, errors: &str) -> Result<Cow<'static, str>, Error> {
    Ok(Cow::Owned(codec.decode(b, errors)?.into_owned()))
}

macro_rules! netloc_attributes {
    () => {
        /// The profile this result was read under (its behaviour's).
        pub fn profile(&self) -> Profile {
            self.behaviour.profile()
        }

        /// `username`: the part of the userinfo before `:`, if there is a
        /// userinfo (`@`) at all.
        ///
        /// ```
        /// let r = urlsyntax::urllib::urlparse("http://u:p@h/")?;
        /// assert_eq!(r.username(), Some("u"));
        /// assert_eq!(urlsyntax::urllib::urlparse("http://h/")?.username(), None);
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn username(&self) -> Option<&str> {
            netloc::userinfo(&self.netloc).0
        }

        /// `password`: the part of the userinfo after the first `:`.
        ///
        /// ```
        /// let r = urlsyntax::urllib::urlsplit("http://u:p:q@h/")?;
        /// assert_eq!(r.password(), Some("p:q"));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn password(&self) -> Option<&str> {
            netloc::userinfo(&self.netloc).1
        }

        /// `hostname`: lowercased (an IPv6 zone keeps its case), `None`
        /// when empty.
        ///
        /// ```
        /// let r = urlsyntax::urllib::urlsplit("http://u@[FE80::1%Eth0]:80/")?;
        /// assert_eq!(r.hostname().as_deref(), Some("fe80::1%Eth0"));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn hostname(&self) -> Option<Cow<'_, str>> {
            netloc::hostname(&self.netloc, false, self.behaviour.quirks().codecs.unicode)
        }

        /// `username`, `password`, `hostname` and `port` together, from one
        /// reading of the netloc: what a caller that wants all four calls
        /// (each alone reads the netloc again).
        ///
        /// ```
        /// let r = urlsyntax::urllib::urlsplit("http://u:p@Example.com:99999/")?;
        /// let a = r.attributes();
        /// assert_eq!((a.username, a.password), (Some("u"), Some("p")));
        /// assert_eq!(a.hostname.as_deref(), Some("example.com"));
        /// assert_eq!(a.port, r.port());
        /// assert!(a.port.is_err());
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn attributes(&self) -> NetlocAttributes<'_> {
            netloc::attributes(&self.netloc, self.behaviour.quirks())
        }

        /// The netloc lies in `url` (the text this result was split from)
        /// and is a host alone: not empty, without userinfo, port,
        /// brackets, `%`, capitals or non-ASCII text, so that
        /// [`attributes`](Self::attributes) would answer no `username`,
        /// no `password`, the netloc as `hostname` and no `port`. Read
        /// from the URL's bytes; `false` for any other netloc or `url`.
        ///
        /// ```
        /// let url = "https://www.example.com/index.html";
        /// let r = urlsyntax::urllib::urlsplit(url)?;
        /// assert!(r.netloc_is_host_alone_in(url));
        /// // The same text elsewhere is not the text the netloc lies in.
        /// let copy = url.to_string();
        /// assert!(!r.netloc_is_host_alone_in(&copy));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        #[inline(always)]
        pub fn netloc_is_host_alone_in(&self, url: &str) -> bool {
            netloc::is_host_alone_within(url, &self.netloc)
        }

        /// `port`: `None` when absent; a [`Error::PortNotInteger`] or
        /// [`Error::PortOutOfRange`] as CPython raises them.
        ///
        /// ```
        /// use urlsyntax::urllib::{urlsplit, Error};
        /// assert_eq!(urlsplit("http://h:81/")?.port(), Ok(Some(81)));
        /// assert_eq!(urlsplit("http://h:99999/")?.port(), Err(Error::PortOutOfRange));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn port(&self) -> Result<Option<u16>, Error> {
            let q = self.behaviour.quirks();
            netloc::port(
                &self.netloc,
                q.port,
                q.port_error_from_int,
                false,
                q.codecs.unicode,
            )
        }
    };
}

macro_rules! netloc_attributes_bytes {
    () => {
        /// The profile this result was read under (its behaviour's).
        pub fn profile(&self) -> Profile {
            self.behaviour.profile()
        }

        /// `username` (bytes).
        ///
        /// ```
        /// let r = urlsyntax::urllib::bytes::urlsplit(b"http://u:p@h/", b"", true)?;
        /// assert_eq!(r.username().as_deref(), Some(&b"u"[..]));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn username(&self) -> Option<Vec<u8>> {
            let n = latin1_decode(&self.netloc);
            netloc::userinfo(&n).0.map(latin1_encode)
        }

        /// `password` (bytes).
        ///
        /// ```
        /// let r = urlsyntax::urllib::bytes::urlsplit(b"http://u:p@h/", b"", true)?;
        /// assert_eq!(r.password().as_deref(), Some(&b"p"[..]));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn password(&self) -> Option<Vec<u8>> {
            let n = latin1_decode(&self.netloc);
            netloc::userinfo(&n).1.map(latin1_encode)
        }

        /// `hostname` (bytes): ASCII-lowercased, `None` when empty.
        ///
        /// ```
        /// let r = urlsyntax::urllib::bytes::urlsplit(b"http://HOST/", b"", true)?;
        /// assert_eq!(r.hostname().as_deref(), Some(&b"host"[..]));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn hostname(&self) -> Option<Vec<u8>> {
            let n = latin1_decode(&self.netloc);
            netloc::hostname(&n, true, self.behaviour.quirks().codecs.unicode)
                .map(|h| latin1_encode(&h))
        }

        /// `port` (bytes), as for text.
        ///
        /// ```
        /// let r = urlsyntax::urllib::bytes::urlsplit(b"http://h:8080/", b"", true)?;
        /// assert_eq!(r.port(), Ok(Some(8080)));
        /// # Ok::<(), urlsyntax::urllib::Error>(())
        /// ```
        pub fn port(&self) -> Result<Option<u16>, Error> {
            let n = latin1_decode(&self.netloc);
            let q = self.behaviour.quirks();
            netloc::port(&n, q.port, q.port_error_from_int, true, q.codecs.unicode)
        }
    };
}

impl<'a> SplitResult<'a> {
    netloc_attributes!();

    /// `geturl()`: `urlunsplit(self)` under this result's profile.
    pub fn geturl(&self) -> String {
        Urllib::of(self.behaviour).urlunsplit(self.parts())
    }
}

impl<'a> ParseResult<'a> {
    netloc_attributes!();

    /// `geturl()`: `urlunparse(self)` under this result's profile.
    pub fn geturl(&self) -> String {
        Urllib::of(self.behaviour).urlunparse(self.parts())
    }
}

impl<'a> DefragResult<'a> {
    /// `geturl()`: `url#fragment`, or `url` when the fragment is empty.
    pub fn geturl(&self) -> Cow<'_, str> {
        if self.fragment.is_empty() {
            Cow::Borrowed(&self.url)
        } else {
            Cow::Owned(format!("{}#{}", self.url, self.fragment))
        }
    }
}

impl SplitResultBytes<'_> {
    netloc_attributes_bytes!();

    /// `geturl()`: `urlunsplit(self)`.
    pub fn geturl(&self) -> Result<Vec<u8>, Error> {
        let s = self.decode()?;
        Ok(s.geturl().into_bytes())
    }
}

impl ParseResultBytes<'_> {
    netloc_attributes_bytes!();

    /// `geturl()`: `urlunparse(self)`.
    pub fn geturl(&self) -> Result<Vec<u8>, Error> {
        let s = self.decode()?;
        Ok(s.geturl().into_bytes())
    }
}

impl DefragResultBytes<'_> {
    /// `geturl()`: `url#fragment`, or `url` when the fragment is empty.
    pub fn geturl(&self) -> Vec<u8> {
        let mut v = self.url.to_vec();
        if !self.fragment.is_empty() {
            v.push(b'#');
            v.extend_from_slice(&self.fragment);
        }
        v
    }
}

/// The conversions between a text result and its bytes twin, field by
/// field (CPython's `_ResultMixinStr.encode` / `_ResultMixinBytes.decode`).
macro_rules! twins {
    ($text:ident, $bytes:ident, [$($field:ident),+] $(, $behaviour:ident)?) => {
        impl<'a> $text<'a> {
            /// A copy that owns its text.
            ///
            /// ```
            /// let owned = {
            ///     let url = String::from("http://a/b");
            ///     urlsyntax::urllib::urlsplit(&url)?.into_owned()
            /// };
            /// assert_eq!(owned.path, "/b");
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn into_owned(self) -> $text<'static> {
                $text {
                    $($field: Cow::Owned(self.$field.into_owned()),)+
                    $($behaviour: self.$behaviour,)?
                }
            }

            /// `encode()`: the bytes twin, each field encoded as ASCII
            /// (borrowing where the text borrows).
            ///
            /// ```
            /// let b = urlsyntax::urllib::urldefrag("http://a/b#f")?.encode()?;
            /// assert_eq!(&*b.fragment, b"f");
            /// assert!(urlsyntax::urllib::urlsplit("http://é/")?.encode().is_err());
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn encode(self) -> Result<$bytes<'a>, Error> {
                Ok($bytes {
                    $($field: bytes_of(self.$field)?,)+
                    $($behaviour: self.$behaviour,)?
                })
            }

            /// `encode(encoding, errors)`: the bytes twin, each field
            /// encoded with one of CPython's codecs (see [`Codec`]).
            ///
            /// ```
            /// let b = urlsyntax::urllib::urlsplit("http://h/é")?.encode_with("latin-1", "strict")?;
            /// assert_eq!(&*b.path, b"/\xe9");
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn encode_with(&self, encoding: &str, errors: &str) -> Result<$bytes<'static>, Error> {
                let c = Codec::lookup_in(encoding, Profile::default())?;
                Ok($bytes {
                    $($field: encode_field(&self.$field, c, errors)?,)+
                    $($behaviour: self.$behaviour,)?
                })
            }
        }

        impl $bytes<'_> {
            /// A copy that owns its bytes.
            ///
            /// ```
            /// let owned = {
            ///     let url = b"http://a/b".to_vec();
            ///     urlsyntax::urllib::bytes::urlsplit(&url, b"", true)?.into_owned()
            /// };
            /// assert_eq!(&*owned.path, b"/b");
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn into_owned(self) -> $bytes<'static> {
                $bytes {
                    $($field: Cow::Owned(self.$field.into_owned()),)+
                    $($behaviour: self.$behaviour,)?
                }
            }

            /// `decode()`: the text twin (ASCII).
            ///
            /// ```
            /// let b = urlsyntax::urllib::bytes::urldefrag(b"http://a/b#f")?;
            /// assert_eq!(b.decode()?.fragment, "f");
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn decode(&self) -> Result<$text<'static>, Error> {
                Ok($text {
                    $($field: str_of(&self.$field)?,)+
                    $($behaviour: self.$behaviour,)?
                })
            }

            /// `decode(encoding, errors)`: the text twin, each field
            /// decoded with one of CPython's codecs (see [`Codec`]).
            ///
            /// ```
            /// use urlsyntax::urllib::DefragResultBytes;
            /// let b = DefragResultBytes { url: b"http://a/b"[..].into(), fragment: b"\xe9"[..].into() };
            /// assert_eq!(b.decode_with("latin-1", "strict")?.fragment, "é");
            /// assert!(b.decode().is_err());
            /// # Ok::<(), urlsyntax::urllib::Error>(())
            /// ```
            pub fn decode_with(&self, encoding: &str, errors: &str) -> Result<$text<'static>, Error> {
                let c = Codec::lookup_in(encoding, Profile::default())?;
                Ok($text {
                    $($field: decode_field(&self.$field, c, errors)?,)+
                    $($behaviour: self.$behaviour,)?
                })
            }
        }
    };
}

twins!(
    SplitResult,
    SplitResultBytes,
    [scheme, netloc, path, query, fragment],
    behaviour
);
twins!(
    ParseResult,
    ParseResultBytes,
    [scheme, netloc, path, params, query, fragment],
    behaviour
);
twins!(DefragResult, DefragResultBytes, [url, fragment]);

//! Text codecs and error handlers with CPython's semantics, for the
//! `encoding` and `errors` arguments of the quoting and query functions.
//!
//! Implemented codecs: `utf-8`, `ascii` and `latin-1` (`iso8859-1`), under
//! every name CPython 3.13 resolves to them: names are lowercased and
//! normalized as `encodings.normalize_encoding` does (runs of punctuation
//! become one `_`, non-ASCII letters and digits are dropped), then looked up
//! in CPython's alias table (`UTF8`, `utf_8`, `u8`, `latin1`, `L1`,
//! `iso-8859-1`, `us-ascii`, `646`, ...). `docs/encodings.md` lists them.
//!
//! Any other name is [`Error::UnknownEncoding`] (CPython's `LookupError`);
//! [`is_cpython_text_codec`] tells whether CPython itself would know the
//! name (then the answer differs from CPython's, which decodes with that
//! codec).
//!
//! Error handlers (`errors=`) are looked up only when an error actually
//! occurs, as CPython does: `strict`, `ignore`, `replace`,
//! `backslashreplace`, `xmlcharrefreplace` (encoding only; decoding raises
//! `TypeError`), `surrogateescape` and `surrogatepass` (which re-raise the
//! original error where they would not produce a surrogate). Results that a
//! Rust `String` cannot hold (lone surrogates from `surrogateescape` or
//! `surrogatepass` when decoding) and `namereplace` when encoding are
//! [`Error::Value`] whose message starts with [`UNREPRESENTABLE`].

use std::borrow::Cow;
use std::fmt::Write as _;

use super::error::Error;

#[allow(dead_code)]
mod multibyte;
mod names;
use names::{ALIASES, OTHER_TEXT_CODECS};

/// The start of the message of the [`Error::Value`] returned where
/// CPython's result cannot be represented (lone surrogates) or is not
/// implemented (`namereplace`).
pub const UNREPRESENTABLE: &str = "not representable by urlsyntax: ";

/// A text codec CPython provides, implemented exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Codec {
    /// `utf-8`
    Utf8,
    /// `ascii`
    Ascii,
    /// `latin-1` (`iso8859-1`)
    Latin1,
}

/// An error handler name CPython knows (`codecs.lookup_error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorHandler {
    /// `strict`: raise.
    Strict,
    /// `ignore`: drop the offending input.
    Ignore,
    /// `replace`: `?` when encoding, U+FFFD when decoding.
    Replace,
    /// `backslashreplace`: `\xNN`, `\uNNNN`, `\UNNNNNNNN`.
    BackslashReplace,
    /// `xmlcharrefreplace`: `&#NNN;` (encoding only).
    XmlCharRefReplace,
    /// `namereplace`: `\N{NAME}` (encoding only; not implemented here).
    NameReplace,
    /// `surrogateescape`
    SurrogateEscape,
    /// `surrogatepass`
    SurrogatePass,
}

impl ErrorHandler {
    /// The handler registered under `name` (names are case-sensitive, as in
    /// CPython); [`Error::UnknownErrorHandler`] otherwise.
    pub fn lookup(name: &str) -> Result<ErrorHandler, Error> {
        Ok(match name {
            "strict" => ErrorHandler::Strict,
            "ignore" => ErrorHandler::Ignore,
            "replace" => ErrorHandler::Replace,
            "backslashreplace" => ErrorHandler::BackslashReplace,
            "xmlcharrefreplace" => ErrorHandler::XmlCharRefReplace,
            "namereplace" => ErrorHandler::NameReplace,
            "surrogateescape" => ErrorHandler::SurrogateEscape,
            "surrogatepass" => ErrorHandler::SurrogatePass,
            _ => {
                return Err(Error::UnknownErrorHandler {
                    name: name.to_string(),
                })
            }
        })
    }
}

/// CPython's `encodings.normalize_encoding` applied to the lowercased name
/// (the lowercasing is done by CPython's codec registry first).
pub fn normalize_encoding(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut punct = false;
    for c in name.chars() {
        if c.is_alphanumeric() || c == '.' {
            if punct && !out.is_empty() {
                out.push('_');
            }
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            }
            punct = false;
        } else {
            punct = true;
        }
    }
    out
}

/// The codec module CPython's `encodings.search_function` would import for
/// `name`, if any (without checking that it exists).
fn module_candidates(name: &str) -> [Option<String>; 2] {
    let norm = normalize_encoding(name);
    let alias = lookup_alias(&norm).or_else(|| lookup_alias(&norm.replace('.', "_")));
    let ok = |m: &str| (!m.is_empty() && !m.contains('.')).then(|| m.to_string());
    [alias.and_then(ok), ok(&norm)]
}

fn lookup_alias(norm: &str) -> Option<&'static str> {
    ALIASES
        .binary_search_by(|(k, _)| (*k).cmp(norm))
        .ok()
        .map(|i| ALIASES[i].1)
}

/// Whether CPython 3.13 resolves `name` to a text encoding (this crate's
/// three or any other).
pub fn is_cpython_text_codec(name: &str) -> bool {
    Codec::lookup(name).is_ok()
        || module_candidates(name)
            .iter()
            .flatten()
            .any(|m| OTHER_TEXT_CODECS.binary_search(&m.as_str()).is_ok())
}

impl Codec {
    /// The codec CPython would use for `name`; [`Error::UnknownEncoding`]
    /// for a name CPython does not know, and for a CPython codec this crate
    /// does not implement (see [`is_cpython_text_codec`]).
    pub fn lookup(name: &str) -> Result<Codec, Error> {
        for m in module_candidates(name).iter().flatten() {
            match m.as_str() {
                "utf_8" => return Ok(Codec::Utf8),
                "ascii" => return Ok(Codec::Ascii),
                "latin_1" => return Ok(Codec::Latin1),
                m if OTHER_TEXT_CODECS.binary_search(&m).is_ok() => break,
                _ => {}
            }
        }
        Err(Error::UnknownEncoding {
            name: name.to_string(),
        })
    }

    /// The name CPython's messages use (`"utf-8"`, `"ascii"`, `"latin-1"`).
    pub fn name(self) -> &'static str {
        match self {
            Codec::Utf8 => "utf-8",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
        }
    }

    fn limit(self) -> u32 {
        match self {
            Codec::Utf8 => u32::MAX,
            Codec::Ascii => 0x80,
            Codec::Latin1 => 0x100,
        }
    }

    /// `s.encode(codec, errors)`. Borrows when the text is encoded as is.
    pub fn encode<'a>(self, s: &'a str, errors: &str) -> Result<Cow<'a, [u8]>, Error> {
        let limit = self.limit();
        if self == Codec::Utf8 || s.is_ascii() {
            return Ok(Cow::Borrowed(s.as_bytes()));
        }
        let mut out = Vec::with_capacity(s.len());
        let mut handler = None;
        for (pos, c) in s.chars().enumerate() {
            let u = c as u32;
            if u < limit {
                out.push(u as u8);
                continue;
            }
            let h = match handler {
                Some(h) => h,
                None => *handler.insert(ErrorHandler::lookup(errors)?),
            };
            match h {
                ErrorHandler::Strict
                | ErrorHandler::SurrogateEscape
                | ErrorHandler::SurrogatePass => {
                    return Err(Error::Encode {
                        encoding: self.name().to_string(),
                        character: c,
                        position: pos,
                        reason: format!("ordinal not in range({limit})"),
                    })
                }
                ErrorHandler::Ignore => {}
                ErrorHandler::Replace => out.push(b'?'),
                ErrorHandler::BackslashReplace => {
                    let mut t = String::new();
                    push_backslash_escape(&mut t, u);
                    out.extend_from_slice(t.as_bytes());
                }
                ErrorHandler::XmlCharRefReplace => {
                    out.extend_from_slice(format!("&#{u};").as_bytes());
                }
                ErrorHandler::NameReplace => {
                    return Err(Error::Value {
                        message: format!("{UNREPRESENTABLE}the namereplace error handler"),
                    })
                }
            }
        }
        Ok(Cow::Owned(out))
    }

    /// `b.decode(codec, errors)`. Borrows when the bytes are valid text.
    pub fn decode<'a>(self, b: &'a [u8], errors: &str) -> Result<Cow<'a, str>, Error> {
        match self {
            Codec::Latin1 => Ok(match std::str::from_utf8(b) {
                Ok(s) if s.is_ascii() => Cow::Borrowed(s),
                _ => Cow::Owned(b.iter().map(|&c| c as char).collect()),
            }),
            Codec::Ascii => {
                if let Some(s) = std::str::from_utf8(b).ok().filter(|s| s.is_ascii()) {
                    return Ok(Cow::Borrowed(s));
                }
                let mut out = String::with_capacity(b.len());
                let mut handler = None;
                for (i, &c) in b.iter().enumerate() {
                    if c < 0x80 {
                        out.push(c as char);
                    } else {
                        self.decode_error(
                            b,
                            i,
                            i + 1,
                            "ordinal not in range(128)",
                            errors,
                            &mut handler,
                            &mut out,
                        )?;
                    }
                }
                Ok(Cow::Owned(out))
            }
            Codec::Utf8 => {
                if let Ok(s) = std::str::from_utf8(b) {
                    return Ok(Cow::Borrowed(s));
                }
                let mut out = String::with_capacity(b.len());
                let mut handler = None;
                let mut pos = 0;
                while pos < b.len() {
                    match std::str::from_utf8(&b[pos..]) {
                        Ok(s) => {
                            out.push_str(s);
                            break;
                        }
                        Err(e) => {
                            let good = e.valid_up_to();
                            out.push_str(
                                std::str::from_utf8(&b[pos..pos + good]).unwrap_or_default(),
                            );
                            let start = pos + good;
                            let lead = b[start];
                            let (len, reason) = match e.error_len() {
                                _ if (0x80..0xc2).contains(&lead) || lead > 0xf4 => {
                                    (1, "invalid start byte")
                                }
                                None => (b.len() - start, "unexpected end of data"),
                                Some(n) => (n, "invalid continuation byte"),
                            };
                            self.decode_error(
                                b,
                                start,
                                start + len,
                                reason,
                                errors,
                                &mut handler,
                                &mut out,
                            )?;
                            pos = start + len;
                        }
                    }
                }
                Ok(Cow::Owned(out))
            }
        }
    }

    /// Handles the undecodable bytes `b[start..end]`.
    #[allow(clippy::too_many_arguments)]
    fn decode_error(
        self,
        b: &[u8],
        start: usize,
        end: usize,
        reason: &str,
        errors: &str,
        handler: &mut Option<ErrorHandler>,
        out: &mut String,
    ) -> Result<(), Error> {
        let h = match *handler {
            Some(h) => h,
            None => *handler.insert(ErrorHandler::lookup(errors)?),
        };
        let error = || Error::Decode {
            encoding: self.name().to_string(),
            byte: b[start],
            position: start,
            end,
            reason: reason.to_string(),
        };
        match h {
            ErrorHandler::Strict => Err(error()),
            ErrorHandler::Ignore => Ok(()),
            ErrorHandler::Replace => {
                out.push('\u{fffd}');
                Ok(())
            }
            ErrorHandler::BackslashReplace => {
                for &c in &b[start..end] {
                    let _ = write!(out, "\\x{c:02x}");
                }
                Ok(())
            }
            ErrorHandler::XmlCharRefReplace | ErrorHandler::NameReplace => Err(Error::Type {
                message: "don't know how to handle UnicodeDecodeError in error callback".into(),
            }),
            ErrorHandler::SurrogateEscape => Err(Error::Value {
                message: format!("{UNREPRESENTABLE}surrogateescape decodes to lone surrogates"),
            }),
            ErrorHandler::SurrogatePass => {
                let encoded_surrogate = self == Codec::Utf8
                    && b.len() >= start + 3
                    && b[start] == 0xed
                    && (0xa0..=0xbf).contains(&b[start + 1])
                    && (0x80..=0xbf).contains(&b[start + 2]);
                if encoded_surrogate {
                    Err(Error::Value {
                        message: format!("{UNREPRESENTABLE}surrogatepass decodes to a surrogate"),
                    })
                } else {
                    Err(error())
                }
            }
        }
    }
}

/// Python's backslash escape of a code point (`\xNN`, `\uNNNN`,
/// `\UNNNNNNNN`).
fn push_backslash_escape(out: &mut String, u: u32) {
    let _ = if u < 0x100 {
        write!(out, "\\x{u:02x}")
    } else if u < 0x10000 {
        write!(out, "\\u{u:04x}")
    } else {
        write!(out, "\\U{u:08x}")
    };
}

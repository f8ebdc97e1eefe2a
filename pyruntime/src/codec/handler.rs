//! CPython's codec error handlers (`codecs.lookup_error`), modelled as the
//! calls CPython makes: an encoder hands a handler the run of characters it
//! cannot encode, a decoder the bytes it cannot decode, and the handler
//! answers the replacement and the position to resume at, or raises.
//!
//! Where CPython's C codecs handle `strict`, `ignore`, `replace`,
//! `backslashreplace`, `xmlcharrefreplace` or `surrogateescape` inline for
//! speed, the result is the one the call would give, so one model serves.

use std::fmt::Write as _;

use super::text::TextBuf;
use super::unicode_names;
use crate::error::Error;

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
    /// `namereplace`: `\N{NAME}` (encoding only).
    NameReplace,
    /// `surrogateescape`: undecodable bytes `>= 0x80` become U+DC80..U+DCFF,
    /// and back.
    SurrogateEscape,
    /// `surrogatepass`: surrogates pass through the UTF codecs.
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

/// How `surrogatepass` reads and writes one surrogate: the UTF codec named
/// in the error (`get_standard_encoding` in CPython's `codecs.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SurrogateForm {
    /// Not a UTF codec: `surrogatepass` re-raises.
    None,
    /// Three bytes `ED A0..BF 80..BF`.
    Utf8,
    /// Two bytes, little-endian (`true`) or big-endian.
    Utf16(bool),
    /// Four bytes, little-endian (`true`) or big-endian.
    Utf32(bool),
}

impl SurrogateForm {
    fn len(self) -> usize {
        match self {
            SurrogateForm::None => 0,
            SurrogateForm::Utf8 => 3,
            SurrogateForm::Utf16(_) => 2,
            SurrogateForm::Utf32(_) => 4,
        }
    }

    fn write(self, c: u32, out: &mut Vec<u8>) {
        match self {
            SurrogateForm::None => {}
            SurrogateForm::Utf8 => out.extend_from_slice(&[
                0xe0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3f) as u8,
                0x80 | (c & 0x3f) as u8,
            ]),
            SurrogateForm::Utf16(le) => {
                let u = c as u16;
                out.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            SurrogateForm::Utf32(le) => {
                out.extend_from_slice(&if le { c.to_le_bytes() } else { c.to_be_bytes() })
            }
        }
    }

    /// The code point `b` starts with, if it has room for one.
    fn read(self, b: &[u8]) -> Option<u32> {
        let b = b.get(..self.len())?;
        Some(match self {
            SurrogateForm::None => return None,
            SurrogateForm::Utf8 => {
                if b[0] & 0xf0 != 0xe0 || b[1] & 0xc0 != 0x80 || b[2] & 0xc0 != 0x80 {
                    return None;
                }
                (u32::from(b[0] & 0x0f) << 12)
                    | (u32::from(b[1] & 0x3f) << 6)
                    | u32::from(b[2] & 0x3f)
            }
            SurrogateForm::Utf16(le) => {
                let u = [b[0], b[1]];
                u32::from(if le {
                    u16::from_le_bytes(u)
                } else {
                    u16::from_be_bytes(u)
                })
            }
            SurrogateForm::Utf32(le) => {
                let u = [b[0], b[1], b[2], b[3]];
                if le {
                    u32::from_le_bytes(u)
                } else {
                    u32::from_be_bytes(u)
                }
            }
        })
    }
}

pub(crate) fn is_surrogate(c: u32) -> bool {
    (0xd800..0xe000).contains(&c)
}

/// A handler's replacement when encoding.
pub(crate) enum Replacement {
    /// Text, encoded by the codec itself (each character must encode).
    Text(Vec<u32>),
    /// Bytes, copied as they are.
    Bytes(Vec<u8>),
}

/// The error handler of one encode or decode call: looked up at the first
/// error only, as CPython does.
pub(crate) struct Handler<'e> {
    errors: &'e str,
    looked_up: Option<ErrorHandler>,
    /// The codec name the errors carry (`"charmap"`, `"utf-16-le"`, ...).
    pub(crate) codec: &'static str,
    pub(crate) form: SurrogateForm,
    /// Whose Unicode names `namereplace` writes (a release index, see
    /// `unicode_names.rs`).
    pub(crate) names: u8,
}

impl<'e> Handler<'e> {
    pub(crate) fn new(errors: &'e str, codec: &'static str, form: SurrogateForm) -> Self {
        Handler {
            errors,
            looked_up: None,
            codec,
            form,
            names: u8::MAX,
        }
    }

    fn get(&mut self) -> Result<ErrorHandler, Error> {
        match self.looked_up {
            Some(h) => Ok(h),
            None => Ok(*self.looked_up.insert(ErrorHandler::lookup(self.errors)?)),
        }
    }

    /// The `UnicodeEncodeError` of `input[start..end]`.
    pub(crate) fn encode_error(
        &self,
        input: &[u32],
        start: usize,
        end: usize,
        reason: &str,
    ) -> Error {
        Error::Encode {
            encoding: self.codec.to_string(),
            character: input.get(start).copied(),
            position: start,
            end,
            reason: reason.to_string(),
        }
    }

    /// The `UnicodeDecodeError` of `input[start..end]`.
    pub(crate) fn decode_error(
        &self,
        input: &[u8],
        start: usize,
        end: usize,
        reason: &str,
    ) -> Error {
        Error::Decode {
            encoding: self.codec.to_string(),
            byte: input.get(start).copied(),
            position: start,
            end,
            reason: reason.to_string(),
        }
    }

    /// The handler called on the unencodable `input[start..end]`: its
    /// replacement and the position to resume at.
    pub(crate) fn on_encode(
        &mut self,
        input: &[u32],
        start: usize,
        end: usize,
        reason: &str,
    ) -> Result<(Replacement, usize), Error> {
        let run = &input[start..end];
        let text = |f: &dyn Fn(&mut String, u32)| {
            let mut s = String::new();
            for &c in run {
                f(&mut s, c);
            }
            Replacement::Text(s.chars().map(u32::from).collect())
        };
        let rep = match self.get()? {
            ErrorHandler::Strict => return Err(self.encode_error(input, start, end, reason)),
            ErrorHandler::Ignore => Replacement::Text(Vec::new()),
            ErrorHandler::Replace => Replacement::Text(vec![u32::from(b'?'); run.len()]),
            ErrorHandler::BackslashReplace => text(&|s, c| push_backslash_escape(s, c)),
            ErrorHandler::XmlCharRefReplace => text(&|s, c| {
                let _ = write!(s, "&#{c};");
            }),
            ErrorHandler::NameReplace => {
                let names = self.names;
                text(&|s, c| match unicode_names::name(c, names) {
                    Some(n) => {
                        let _ = write!(s, "\\N{{{n}}}");
                    }
                    None => push_backslash_escape(s, c),
                })
            }
            ErrorHandler::SurrogateEscape => {
                if !run.iter().all(|c| (0xdc80..=0xdcff).contains(c)) {
                    return Err(self.encode_error(input, start, end, reason));
                }
                Replacement::Bytes(run.iter().map(|&c| (c - 0xdc00) as u8).collect())
            }
            ErrorHandler::SurrogatePass => {
                if self.form == SurrogateForm::None || !run.iter().all(|&c| is_surrogate(c)) {
                    return Err(self.encode_error(input, start, end, reason));
                }
                let mut b = Vec::new();
                for &c in run {
                    self.form.write(c, &mut b);
                }
                Replacement::Bytes(b)
            }
        };
        Ok((rep, end))
    }

    /// The handler called on the undecodable `input[start..end]`: pushes its
    /// replacement to `out` and answers the position to resume at.
    pub(crate) fn on_decode(
        &mut self,
        input: &[u8],
        start: usize,
        end: usize,
        reason: &str,
        out: &mut TextBuf,
    ) -> Result<usize, Error> {
        match self.get()? {
            ErrorHandler::Strict => Err(self.decode_error(input, start, end, reason)),
            ErrorHandler::Ignore => Ok(end),
            ErrorHandler::Replace => {
                out.push(0xfffd);
                Ok(end)
            }
            ErrorHandler::BackslashReplace => {
                let mut s = String::new();
                for &b in &input[start..end] {
                    let _ = write!(s, "\\x{b:02x}");
                }
                out.push_str(&s);
                Ok(end)
            }
            ErrorHandler::XmlCharRefReplace | ErrorHandler::NameReplace => Err(Error::Type {
                message: "don't know how to handle UnicodeDecodeError in error callback".into(),
            }),
            ErrorHandler::SurrogateEscape => {
                // At most four bytes, each >= 0x80, from the start.
                let n = input[start..end]
                    .iter()
                    .take(4)
                    .take_while(|&&b| b >= 0x80)
                    .count();
                if n == 0 {
                    return Err(self.decode_error(input, start, end, reason));
                }
                for &b in &input[start..start + n] {
                    out.push(0xdc00 + u32::from(b));
                }
                Ok(start + n)
            }
            ErrorHandler::SurrogatePass => match self.form.read(&input[start..]) {
                Some(c) if is_surrogate(c) => {
                    out.push(c);
                    Ok(start + self.form.len())
                }
                _ => Err(self.decode_error(input, start, end, reason)),
            },
        }
    }
}

/// Python's backslash escape of a code point (`\xNN`, `\uNNNN`,
/// `\UNNNNNNNN`).
pub(crate) fn push_backslash_escape(out: &mut String, u: u32) {
    let _ = if u < 0x100 {
        write!(out, "\\x{u:02x}")
    } else if u < 0x10000 {
        write!(out, "\\u{u:04x}")
    } else {
        write!(out, "\\U{u:08x}")
    };
}

//! The one error type of the CPython face.

use std::fmt;

/// The CPython exception class an [`Error`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PyException {
    /// `ValueError`
    ValueError,
    /// `TypeError`
    TypeError,
    /// `UnicodeEncodeError` (a subclass of `ValueError` in CPython)
    UnicodeEncodeError,
    /// `UnicodeDecodeError` (a subclass of `ValueError` in CPython)
    UnicodeDecodeError,
    /// `LookupError`
    LookupError,
    /// `UnicodeError` (the `undefined` codec raises it)
    UnicodeError,
    /// `IndexError` (3.6's `punycode` decoder raises it)
    IndexError,
}

impl PyException {
    /// The class name as CPython prints it, e.g. `"ValueError"`.
    pub fn name(self) -> &'static str {
        match self {
            PyException::ValueError => "ValueError",
            PyException::TypeError => "TypeError",
            PyException::UnicodeEncodeError => "UnicodeEncodeError",
            PyException::UnicodeDecodeError => "UnicodeDecodeError",
            PyException::LookupError => "LookupError",
            PyException::UnicodeError => "UnicodeError",
            PyException::IndexError => "IndexError",
        }
    }
}

impl fmt::Display for PyException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything the CPython face can fail with, in exactly the cases where
/// CPython raises. [`Error::exception`] names the CPython class; `Display`
/// gives a message in CPython's words; `Debug` (what `?` in `main` prints)
/// gives both, as the last line of a Python traceback does.
///
/// ```
/// use urlsyntax_pyruntime::codec::Codec;
/// let e = Codec::Ascii.decode(b"caf\xe9", "strict").unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "'ascii' codec can't decode byte 0xe9 in position 3: ordinal not in range(128)"
/// );
/// assert!(format!("{e:?}").starts_with("UnicodeDecodeError: 'ascii' codec"));
/// ```
#[derive(Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Error {
    /// A netloc with `[` but no `]`, or `]` but no `[`; or, from
    /// gh-105704 (`Quirks::check_bracketed_netloc`), one with text before
    /// the host's `[` or other than a `:` port after its `]` (`"Invalid
    /// IPv6 URL"`).
    UnmatchedBracket,
    /// A bracketed host starting with `v` that is not `v<hex>.<anything>`.
    InvalidIpvFuture,
    /// A bracketed host that is a valid IPv4 address.
    BracketedIpv4,
    /// A bracketed host that is neither IPv6 nor IPvFuture (from
    /// gh-105704, also the host of a netloc whose brackets are elsewhere).
    InvalidBracketedHost {
        /// The host checked.
        host: String,
    },
    /// A non-ASCII netloc whose NFKC form contains one of `/?#@:`.
    NetlocNfkc {
        /// The offending netloc.
        netloc: String,
    },
    /// The port is not a decimal integer.
    PortNotInteger {
        /// The text after the host's `:`.
        port: String,
    },
    /// The port is not a decimal integer, in `int()`'s words (`port` up
    /// to 3.7).
    InvalidIntLiteral {
        /// The text given to `int(text, 10)`.
        text: String,
    },
    /// The port is an integer outside 0..=65535.
    PortOutOfRange,
    /// Text could not be decoded (bytes input that is not ASCII, or an
    /// undecodable escape under `errors="strict"`).
    Decode {
        /// The codec's name as CPython spells it in the message (`"ascii"`).
        encoding: String,
        /// The byte at `position`; `None` when the position is past the
        /// end of the input (CPython's message then names no byte).
        byte: Option<u8>,
        /// Its position in the input.
        position: usize,
        /// The end (exclusive) of the undecodable run of bytes.
        end: usize,
        /// Why it could not be decoded.
        reason: String,
    },
    /// Text could not be encoded in the requested encoding.
    Encode {
        /// The codec's name.
        encoding: String,
        /// The character at `position` (a code point: text may hold a lone
        /// surrogate); `None` when the position is past the end of the text
        /// (CPython's message then names no character).
        character: Option<u32>,
        /// Its position (in characters) in the input.
        position: usize,
        /// The end (exclusive) of the run of characters the codec could not
        /// encode.
        end: usize,
        /// Why it could not be encoded.
        reason: String,
    },
    /// `max_num_fields` is smaller than the number of fields.
    MaxFieldsExceeded,
    /// A field without `=` under `strict_parsing`.
    BadQueryField {
        /// The field, as CPython's `repr` prints it.
        field: String,
    },
    /// An empty or non-text separator.
    InvalidSeparator,
    /// An encoding name CPython does not know.
    UnknownEncoding {
        /// The name given.
        name: String,
    },
    /// An error handler name CPython does not know.
    UnknownErrorHandler {
        /// The name given.
        name: String,
    },
    /// A call CPython rejects for the type of its arguments.
    Type {
        /// CPython's message.
        message: String,
    },
    /// A plain `UnicodeError` (the `undefined` codec), with CPython's message.
    Unicode {
        /// CPython's message.
        message: String,
    },
    /// A `LookupError` a codec let out, with CPython's message: 3.6 to
    /// 3.11 wrap an unknown error handler's when the codec is reached
    /// through the registry
    /// (`CodecRules::codec_errors_wrapped`).
    Lookup {
        /// CPython's message.
        message: String,
    },
    /// An `IndexError` a codec lets out (3.6's `punycode`), with CPython's
    /// message.
    Index {
        /// CPython's message.
        message: String,
    },
    /// Any other `ValueError`, with CPython's message.
    Value {
        /// CPython's message.
        message: String,
    },
}

impl Error {
    /// This error with an encoding error's positions moved `by` characters
    /// on: the error of a part of the text, said of the whole.
    pub(crate) fn shifted_by(mut self, by: usize) -> Error {
        if let Error::Encode { position, end, .. } = &mut self {
            *position += by;
            *end += by;
        }
        self
    }

    /// This error as CPython 3.6 to 3.11's `str.encode` and `bytes.decode`
    /// let it out of a codec they reach through the codec registry (every
    /// codec but the C fast path's: see `codec::lookup`)
    /// (`CodecRules::codec_errors_wrapped`):
    /// a plain `UnicodeError`, `IndexError`, `LookupError` (an unknown
    /// error handler) or `TypeError` (a handler that cannot handle the
    /// error) of one message keeps its class, its message wrapped as
    /// `<operation> with '<encoding>' codec failed (<class>: <message>)`,
    /// the encoding as the caller spelled it (C's `_PyErr_TrySetFromCause`
    /// wraps an exception of the base class's constructor and at most one
    /// string argument). An exception of several arguments (idna's "IDNA
    /// does not round-trip", whose message is their tuple's repr, the only
    /// message starting with `('`), the `UnicodeEncodeError`s and
    /// `UnicodeDecodeError`s (constructors of their own) and every other
    /// error pass as they are.
    pub fn codec_wrapped(self, operation: &str, encoding: &str) -> Error {
        let wrap = |class: &str, message: &str| {
            format!("{operation} with '{encoding}' codec failed ({class}: {message})")
        };
        match self {
            Error::Unicode { message } if !message.starts_with("('") => Error::Unicode {
                message: wrap("UnicodeError", &message),
            },
            Error::Index { message } => Error::Index {
                message: wrap("IndexError", &message),
            },
            Error::UnknownErrorHandler { name } => Error::Lookup {
                message: wrap(
                    "LookupError",
                    &Error::UnknownErrorHandler { name }.to_string(),
                ),
            },
            Error::Type { message } => Error::Type {
                message: wrap("TypeError", &message),
            },
            e => e,
        }
    }

    /// The CPython exception class this error stands for.
    pub fn exception(&self) -> PyException {
        match self {
            Error::Decode { .. } => PyException::UnicodeDecodeError,
            Error::Encode { .. } => PyException::UnicodeEncodeError,
            Error::UnknownEncoding { .. }
            | Error::UnknownErrorHandler { .. }
            | Error::Lookup { .. } => PyException::LookupError,
            Error::Type { .. } => PyException::TypeError,
            Error::Unicode { .. } => PyException::UnicodeError,
            Error::Index { .. } => PyException::IndexError,
            _ => PyException::ValueError,
        }
    }

    /// A `TypeError` with CPython's message.
    pub fn type_error(message: impl Into<String>) -> Self {
        Error::Type {
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnmatchedBracket => f.write_str("Invalid IPv6 URL"),
            Error::InvalidIpvFuture => f.write_str("IPvFuture address is invalid"),
            Error::BracketedIpv4 => f.write_str("An IPv4 address cannot be in brackets"),
            Error::InvalidBracketedHost { host } => write!(
                f,
                "{} does not appear to be an IPv4 or IPv6 address",
                super::repr::str_repr_newest(host)
            ),
            Error::NetlocNfkc { netloc } => write!(
                f,
                "netloc '{netloc}' contains invalid characters under NFKC normalization"
            ),
            Error::PortNotInteger { port } => write!(
                f,
                "Port could not be cast to integer value as {}",
                super::repr::str_repr_newest(port)
            ),
            Error::InvalidIntLiteral { text } => write!(
                f,
                "invalid literal for int() with base 10: {}",
                super::repr::str_repr_newest(text)
            ),
            Error::PortOutOfRange => f.write_str("Port out of range 0-65535"),
            Error::Decode {
                encoding,
                byte,
                position,
                end,
                reason,
            } => match byte {
                Some(byte) if *end == position + 1 => write!(
                    f,
                    "'{encoding}' codec can't decode byte 0x{byte:02x} in position {position}: {reason}"
                ),
                _ => {
                    let last = *end as i128 - 1;
                    write!(f, "'{encoding}' codec can't decode bytes in position {position}-{last}: {reason}")
                }
            },
            Error::Encode {
                encoding,
                character,
                position,
                end,
                reason,
            } => {
                let c = match character {
                    Some(c) if *end == position + 1 => *c,
                    _ => {
                        let last = *end as i128 - 1;
                        return write!(f, "'{encoding}' codec can't encode characters in position {position}-{last}: {reason}");
                    }
                };
                // CPython's `UnicodeEncodeError.__str__` escapes the character
                // by its size.
                let escaped = match c {
                    0..=0xff => format!("\\x{c:02x}"),
                    0x100..=0xffff => format!("\\u{c:04x}"),
                    _ => format!("\\U{c:08x}"),
                };
                write!(
                    f,
                    "'{encoding}' codec can't encode character '{escaped}' in position {position}: {reason}"
                )
            }
            Error::MaxFieldsExceeded => f.write_str("Max number of fields exceeded"),
            Error::BadQueryField { field } => write!(f, "bad query field: {field}"),
            Error::InvalidSeparator => f.write_str("Separator must be of type string or bytes."),
            Error::UnknownEncoding { name } => write!(f, "unknown encoding: {name}"),
            Error::UnknownErrorHandler { name } => {
                write!(f, "unknown error handler name '{name}'")
            }
            Error::Type { message }
            | Error::Value { message }
            | Error::Unicode { message }
            | Error::Lookup { message }
            | Error::Index { message } => f.write_str(message),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {self}", self.exception())
    }
}

impl std::error::Error for Error {}

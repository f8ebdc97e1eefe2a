//! What the codecs report and the error handlers answer: CPython's
//! reasons, the error, the handlers' types, and how a handler's answer is
//! written and resumed from.

use crate::error::Error;

/// The reason of an illegal sequence (or an unencodable character).
pub(crate) const ILLEGAL: &str = "illegal multibyte sequence";
/// The reason of a sequence cut by the end of the input.
pub(crate) const INCOMPLETE: &str = "incomplete multibyte sequence";

/// What CPython's `UnicodeDecodeError`/`UnicodeEncodeError` would carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MultibyteError {
    /// The first byte (decoding) or code point (encoding) in error.
    pub start: usize,
    /// The end (exclusive) of the error.
    pub end: usize,
    /// [`ILLEGAL`] or [`INCOMPLETE`].
    pub reason: &'static str,
}

/// A decoding error handler: the replacement text of an error and the
/// byte position to resume at.
pub(crate) type DecodeHandler<'a> =
    dyn FnMut(&MultibyteError) -> Result<(Vec<u32>, usize), Error> + 'a;

/// An encoding error handler: the replacement of an error and the code
/// point position to resume at.
pub(crate) type EncodeHandler<'a> =
    dyn FnMut(&MultibyteError) -> Result<(Replacement, usize), Error> + 'a;

/// An error handler's replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Replacement {
    /// Text, encoded through the codec (strictly).
    Text(Vec<u32>),
    /// Bytes, written as they are.
    Bytes(Vec<u8>),
}

/// The position a handler returned, checked as multibytecodec.c checks it.
pub(super) fn resume(next: usize, len: usize) -> Result<usize, Error> {
    if next > len {
        return Err(Error::Value {
            message: format!("position {next} out of bound"),
        });
    }
    Ok(next)
}

/// The `UnicodeEncodeError` raised when a handler's text replacement cannot
/// be encoded (CPython encodes it strictly; positions are in the text).
/// The error handler's answer for the character at `pos` that the codec
/// `name` cannot encode, written to `out`: replacement bytes as they are
/// (`write_bytes`), replacement text encoded strictly by `encode_text` (the
/// codec itself, in its current state). Returns where to go on.
pub(super) fn replace_unencodable<O>(
    name: &'static str,
    input_len: usize,
    pos: usize,
    on_error: &mut EncodeHandler<'_>,
    out: &mut O,
    write_bytes: fn(&mut O, &[u8]),
    encode_text: impl FnOnce(&[u32], &mut EncodeHandler<'_>, &mut O) -> Result<(), Error>,
) -> Result<usize, Error> {
    let (replacement, next) = on_error(&MultibyteError {
        start: pos,
        end: pos + 1,
        reason: ILLEGAL,
    })?;
    match replacement {
        Replacement::Bytes(b) => write_bytes(out, &b),
        Replacement::Text(t) => {
            let mut strict = |e: &MultibyteError| Err(encode_error(name, &t, e));
            encode_text(&t, &mut strict, out)?;
        }
    }
    resume(next, input_len)
}

fn encode_error(codec: &'static str, text: &[u32], e: &MultibyteError) -> Error {
    Error::Encode {
        encoding: codec.to_string(),
        character: text.get(e.start).copied(),
        position: e.start,
        end: e.end,
        reason: e.reason.to_string(),
    }
}

//! The plumbing of Neturl's composed reader (`parse.rs` and its
//! authority step, `authority.rs`): its result type, its error, and a
//! scanner's error said as an error of the URL's part.

use crate::nom;
use nom::error::{ErrorKind, ParseError};
use nom::IResult;

use super::{Component, Error};
use crate::grammar::neturl::ScanError;

/// A scanner's refusal said as an error of `part`.
pub(super) fn scan_err(part: Component, e: ScanError) -> Error {
    match e {
        ScanError::Rejected(_) => {
            Error::malformed(part, "contains a character that must be %-encoded")
        }
        ScanError::BadEscape(_) => {
            Error::malformed(part, "a '%' is not followed by two hex digits")
        }
    }
}

/// The error of the composed reader: the URL's error (a cut), or a
/// combinator's own, which `opt` and `cond` catch (none escapes the
/// reader: [`url_reader`] maps what would to an error of the URL).
#[derive(Debug)]
pub(super) enum ReadError {
    Url(Error),
    Nom,
}

impl<I> ParseError<I> for ReadError {
    fn from_error_kind(_: I, _: ErrorKind) -> Self {
        ReadError::Nom
    }

    fn append(_: I, _: ErrorKind, other: Self) -> Self {
        other
    }
}

pub(super) type Read<'a, T> = IResult<&'a str, T, ReadError>;

/// A cut: the URL is malformed here.
pub(super) fn fail<T>(e: Error) -> Result<T, nom::Err<ReadError>> {
    Err(nom::Err::Failure(ReadError::Url(e)))
}

//! CPython's East Asian multibyte codecs (`Modules/cjkcodecs/`), decoding
//! and encoding as `multibytecodec.c` runs them, error for error.
//!
//! Decoding reports each illegal or incomplete sequence where CPython calls
//! the error handler, with the same `start`, `end` and reason; the handler's
//! replacement is appended and decoding resumes where it says. Encoding
//! reports each unencodable code point (one at a time) and encodes a text
//! replacement through the codec, strictly, in the codec's current state.
//! CPython handles `strict`, `ignore` and `replace` inline; the outcome is
//! the same as calling the handler, which is what happens here.
//!
//! Decoding is the same in CPython 3.6 to 3.13; encoding differs in one
//! point ([`MultibyteQuirks`]).
//!
//! The tables are data generated from the interpreters by `tools/gen/multibyte_tables.py`
//! into the `urlsyntax-cjk-tables` crate, behind the `cjk-codecs` feature
//! (see `tables.rs`); the stateful codecs (ISO-2022, HZ) are in `iso2022.rs`
//! and `hz.rs`.

mod convert;
mod errors;
mod hz;
mod iso2022;
mod kinds;
mod stateless;
mod tables;
#[cfg(all(test, feature = "cjk-codecs"))]
mod tests;

pub(crate) use errors::{
    DecodeHandler, EncodeHandler, MultibyteError, Replacement, ILLEGAL, INCOMPLETE,
};
pub(crate) use kinds::{Multibyte, MultibyteQuirks};

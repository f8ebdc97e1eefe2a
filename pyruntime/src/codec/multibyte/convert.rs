//! [`Multibyte`]'s decoding and encoding: the stateless codecs through
//! their tables, HZ and ISO-2022 through their own state machines.

use super::errors::{DecodeHandler, EncodeHandler};
use super::kinds::{Multibyte, MultibyteQuirks};
use super::{hz, iso2022};
use crate::error::Error;

impl Multibyte {
    /// `bytes.decode(codec, errors)` as CPython's multibytecodec.c runs it:
    /// `on_error` is called for each error exactly where and as CPython
    /// calls the error handler, with positions in bytes, and returns the
    /// replacement text and the byte position to resume at (a handler's
    /// `Err` propagates).
    pub(crate) fn decode(
        self,
        input: &[u8],
        on_error: &mut DecodeHandler<'_>,
    ) -> Result<Vec<u32>, Error> {
        match self.stateless() {
            Some(t) => t.decode(input, on_error),
            None if self == Multibyte::Hz => hz::decode(input, on_error),
            None => iso2022::decode(self, input, on_error),
        }
    }

    /// `str.encode(codec, errors)` as CPython runs it: the input is code
    /// points (lone surrogates possible); positions in code points; the
    /// handler's replacement is encoded as CPython does it (text through the
    /// codec in strict mode, bytes as they are). As CPython 3.11 to 3.13 do;
    /// [`Multibyte::encode_in`] answers as another release.
    pub(crate) fn encode(
        self,
        input: &[u32],
        on_error: &mut EncodeHandler<'_>,
    ) -> Result<Vec<u8>, Error> {
        self.encode_in(MultibyteQuirks::CPYTHON_3_11, input, on_error)
    }

    /// [`Multibyte::encode`] as the release of `quirks` runs it.
    pub(crate) fn encode_in(
        self,
        quirks: MultibyteQuirks,
        input: &[u32],
        on_error: &mut EncodeHandler<'_>,
    ) -> Result<Vec<u8>, Error> {
        match self.stateless() {
            Some(t) => t.encode(input, on_error, self.module()),
            None if self == Multibyte::Hz => hz::encode(input, on_error),
            None => iso2022::encode(self, quirks, input, on_error),
        }
    }
}

//! The ISO-2022 codecs (stateful): not yet built.

use super::{Error, Multibyte, MultibyteError, Replacement};

pub(super) fn decode(
    codec: Multibyte,
    _input: &[u8],
    _on_error: &mut dyn FnMut(&MultibyteError) -> Result<(Vec<u32>, usize), Error>,
) -> Result<Vec<u32>, Error> {
    Err(Error::Value {
        message: format!("{} is not built yet", codec.module()),
    })
}

pub(super) fn encode(
    codec: Multibyte,
    _input: &[u32],
    _on_error: &mut dyn FnMut(&MultibyteError) -> Result<(Replacement, usize), Error>,
) -> Result<Vec<u8>, Error> {
    Err(Error::Value {
        message: format!("{} is not built yet", codec.module()),
    })
}

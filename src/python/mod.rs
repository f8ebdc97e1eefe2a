//! CPython's own pieces that the codecs and the CPython face both read:
//! its exceptions (`error.rs`), each release's Unicode database and `int()`
//! rules (`unicode.rs`), and `repr` (`repr.rs`). `urllib` re-exports what
//! is public of them.

pub mod error;
pub mod repr;
pub mod unicode;

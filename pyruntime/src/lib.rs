//! # urlsyntax-pyruntime
//!
//! CPython's own runtime pieces that `urllib.parse`'s answers depend on,
//! each as a given CPython release has it: the runtime of the
//! [`urlsyntax`](https://docs.rs/urlsyntax) crate, whose CPython face
//! re-exports what its signatures need.
//!
//! * [`codec`]: the codec registry (every text codec and error handler
//!   `str.encode` and `bytes.decode` accept, by each release's alias
//!   tables) and the names that resolve to them.
//! * [`unicode`]: each release's Unicode database, as `str.isdigit`,
//!   `str.isprintable`, NFKC and `int()` read it.
//! * [`int`]: `int(text, 10)` as each release reads it (digits,
//!   whitespace, underscores and the digit limit of its tables).
//! * [`repr`]: Python's `repr` of `str`, `bytes`, `int`, lists and tuples.
//! * [`error`]: the Python-style errors (an exception class and its
//!   message, as CPython's).
//!
//! A release is the [`codec::CodecRules`] it is given (urlsyntax makes
//! them from a profile); the codecs themselves need none:
//!
//! ```
//! use urlsyntax_pyruntime::codec::Codec;
//! use urlsyntax_pyruntime::repr::bytes_repr;
//! let latin1 = Codec::Latin1.decode(b"caf\xe9", "strict")?;
//! assert_eq!(latin1, "café");
//! let e = Codec::Ascii.decode(b"caf\xe9", "strict").unwrap_err();
//! assert_eq!(e.exception().name(), "UnicodeDecodeError");
//! assert_eq!(bytes_repr(b"caf\xe9"), "b'caf\\xe9'");
//! # Ok::<(), urlsyntax_pyruntime::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod codec;
pub mod error;
pub mod int;
pub mod repr;
pub mod unicode;

pub use error::{Error, PyException};

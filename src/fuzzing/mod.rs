//! URL-shaped inputs for differential testing and fuzzing (the `arbitrary`
//! feature).
//!
//! The inputs are built from the project's hostile pieces ([`pieces`]):
//! schemes, separators, user information, hosts, ports, paths, queries and
//! fragments that confuse parsers, put together as a URL and then mutated
//! part by part (a control character, an NFKC look-alike, a delimiter, a
//! change of case); or one of the inputs of the CVE fixes ([`hostile`]);
//! or URL soup. [`UrlText`] and [`UrlBytes`] implement
//! [`arbitrary::Arbitrary`], so a cargo-fuzz target takes them as its
//! input; [`Call`] is a call of the conformance-calls protocol on them.
//!
//! Inputs are read from the bytes of an [`Unstructured`]: zero bytes (and
//! running out of bytes) choose the first, simplest piece and no mutation,
//! so a shrinking fuzzer finds short inputs.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use urlsyntax::fuzzing::UrlText;
//! use urlsyntax::urllib;
//!
//! let bytes = [7u8, 200, 31, 9, 180, 77, 3, 250, 12, 90, 41, 160];
//! let UrlText(url) = UrlText::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! // A user's parser would be compared with CPython 3.13.0's here.
//! let cpython = urllib::Urllib::new(urllib::Profile::Py3_13_0);
//! let _ = cpython.urlsplit(&url, "", true);
//! ```

mod calls;
pub mod hostile;
mod kinds;
pub mod pieces;
mod query;
mod url;
mod values;

/// Whether the named fast path of CPython's splitting (the fused one-pass
/// cuts `urllib::urlsplit` takes for most URLs) cuts a URL as the
/// composition of the rules does: the grammar's own check, under the name
/// the fuzz targets call it by.
///
/// ```
/// assert!(urlsyntax::fuzzing::cpython_fast_path_agrees("HTTP://a/b?c#d", true, true));
/// ```
pub use crate::grammar::cpython::fast_path_agrees as cpython_fast_path_agrees;
pub use arbitrary::{Arbitrary, Result, Unstructured};
pub use calls::CallGenerator;
pub use kinds::{Attribute, CallKind, Function, UnknownFunction};
pub use url::{url_text, UrlBytes, UrlText};
pub use values::{Call, Value};

//! # urlsyntax
//!
//! URLs answered exactly as CPython's `urllib.parse` answers them, in the
//! CPython release you name, and URLs checked strictly against per-scheme
//! syntax descriptors, as Ocamlnet's `Neturl` checks them.
//!
//! * [`urllib`]: the CPython face (`urlsplit`, `urljoin`, `parse_qsl`,
//!   `quote`, ...), with one [`urllib::Profile`] per CPython release.
//! * [`neturl`]: the Neturl face (syntax descriptors, the common scheme
//!   table, building, parsing and printing URLs, relative URLs, file URLs).
//! * [`grammar`]: the nom combinators for RFC 3986 pieces and the const
//!   character-class tables both faces are built on.
//! * [`pyruntime`]: CPython's runtime pieces the CPython face answers
//!   with (codecs, Unicode databases, `repr`, `int()`, errors).
//! * `fuzzing` (the `arbitrary` feature): URL-shaped inputs built from
//!   hostile pieces, for differential testing against the faces.
//!
//! ```
//! use urlsyntax::urllib;
//! let parts = urllib::urlsplit("HTTP://a/b?x#y").unwrap();
//! assert_eq!(parts.scheme, "http");
//! assert_eq!(parts.netloc, "a");
//! assert_eq!(parts.query, "x");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "arbitrary")]
pub mod fuzzing;
pub mod grammar;
pub mod neturl;
pub mod percent;
pub mod rfc3986;
pub mod syntax;
pub mod urllib;

mod scan;

/// CPython's runtime pieces (the crate `urlsyntax-pyruntime`): the codec
/// registry and error handlers, each release's Unicode database, `repr`,
/// `int()` and the Python-style errors, which [`urllib`] answers with; a
/// public dependency, so that its types are the ones `urllib` takes.
pub use urlsyntax_pyruntime as pyruntime;

/// nom, the parser-combinator crate the grammar core is written in: a
/// public dependency on purpose, so that parsers of your own schemes
/// combine [`grammar`]'s rules with nom's combinators at the same version.
pub use nom;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The crate page's examples (`docs/library.md`), compiled and run too.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
pub struct LibraryPageDoctests;

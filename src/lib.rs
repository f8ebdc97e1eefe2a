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
pub mod urllib;

/// The grammar core (the crate `urlsyntax-grammar`): one nom combinator
/// per rule of RFC 3986, of CPython's lenient cuts and of Ocamlnet's
/// character categories, and the const character-class tables under them.
pub use urlsyntax_grammar::grammar;
/// %-encoding and decoding over a [`grammar::chars::ByteSet`] (the crate
/// `urlsyntax-grammar`).
pub use urlsyntax_grammar::percent;
/// A strict RFC 3986 reader composed of [`grammar`]'s rules, with
/// reference resolution and normalization (the crate `urlsyntax-grammar`).
pub use urlsyntax_grammar::rfc3986;
/// Per-scheme syntax descriptors and the table of common schemes (the
/// crate `urlsyntax-grammar`).
pub use urlsyntax_grammar::syntax;
/// The Neturl face (the crate `urlsyntax-neturl`): URLs checked against
/// per-scheme syntax descriptors, after Ocamlnet 4.1.9's `Neturl`.
pub use urlsyntax_neturl as neturl;

// The byte scanners, by the path the CPython face names them by.
use urlsyntax_grammar::scan;

/// CPython's runtime pieces (the crate `urlsyntax-pyruntime`): the codec
/// registry and error handlers, each release's Unicode database, `repr`,
/// `int()` and the Python-style errors, which [`urllib`] answers with; a
/// public dependency, so that its types are the ones `urllib` takes.
pub use urlsyntax_pyruntime as pyruntime;

/// nom, the parser-combinator crate the grammar core is written in: a
/// public dependency on purpose, so that parsers of your own schemes
/// combine [`grammar`]'s rules with nom's combinators at the same version
/// (it is the grammar crate's own, so the two cannot drift).
pub use urlsyntax_grammar::nom;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The crate page's examples (`docs/library.md`), compiled and run too.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
pub struct LibraryPageDoctests;

//! # urlsyntax-grammar
//!
//! The grammar core of the [`urlsyntax`](https://docs.rs/urlsyntax)
//! crates: URL pieces as composable nom parsers, parameterized by
//! per-scheme syntax descriptors. Both of urlsyntax's faces (CPython's
//! `urllib.parse` and Ocamlnet's `Neturl`) parse through these rules, and
//! a parser of your own scheme composes them too.
//!
//! * [`grammar`]: one nom combinator per rule (RFC 3986's Appendix A,
//!   CPython's lenient cuts, Ocamlnet's character categories) and the
//!   const character-class tables under them.
//! * [`syntax`]: per-scheme syntax descriptors (which parts a scheme's URLs
//!   hold, and how strictly) and the table of common schemes.
//! * [`percent`]: %-encoding and decoding over a [`grammar::chars::ByteSet`].
//! * [`rfc3986`]: a strict RFC 3986 reader composed of the rules, with
//!   reference resolution (section 5) and normalization (section 6).
//! * [`scan`]: the byte scanners under the combinators (their leaves).
//!
//! ```
//! use urlsyntax_grammar::rfc3986::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! let rel = UriRef::parse("../g").unwrap();
//! assert_eq!(rel.resolve(&base).unwrap(), "http://a/b/g");
//! assert!(UriRef::parse("http://a b").is_err());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod grammar;
pub mod percent;
pub mod rfc3986;
pub mod scan;
pub mod syntax;

/// nom, the parser-combinator crate the grammar core is written in: a
/// public dependency on purpose, so that parsers of your own schemes
/// combine [`grammar`]'s rules with nom's combinators at the same version.
pub use nom;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

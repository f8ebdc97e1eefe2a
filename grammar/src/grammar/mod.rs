//! The grammar core: character classes as `const` lookup tables and nom
//! parsers for the pieces of a URL, one rule each.
//!
//! * [`chars`]: RFC 3986 character classes (`ALPHA`, `unreserved`,
//!   `sub-delims`, `pchar`, ...), each a [`chars::ByteSet`] built at compile
//!   time.
//! * [`rfc3986`]: one combinator per ABNF rule of RFC 3986's Appendix A
//!   (`URI-reference` down to `pct-encoded`), plus the RFC 1808 `param`
//!   rule; the upper rules (`authority` and up) answer their parts, and
//!   [`crate::rfc3986`] is their composition, a strict reader.
//! * [`cpython`]: CPython's lenient splitting (`urlsplit` cuts at the first
//!   delimiter of each kind rather than parsing RFC 3986), as nom parsers
//!   beside the RFC rules they loosen, composed in [`cpython::url_parts`];
//!   [`crate::scan`] is their delimiter search (their
//!   leaves).
//! * [`neturl`]: the character categories Ocamlnet's `Neturl` uses to cut a
//!   URL into its parts, and [`neturl::word`], the scanner that applies
//!   them, as a nom leaf.
//!
//! The rules are also kept as data in `grammar/rfc3986.abnf`,
//! `grammar/cpython.abnf` and `grammar/neturl.abnf`: in the first two the
//! rule names are the function names here (`-` as `_`), the third names
//! the parts of [`neturl`] as its doc says, and a test reads the three
//! files and holds every rule to what implements it.
//!
//! # Composing your own scheme
//!
//! The combinators are nom parsers (`fn(&str) -> nom::IResult<&str, O>`;
//! those with a parameter, such as [`cpython::scheme`], are functions
//! returning one), so **nom is a public dependency of this crate, on
//! purpose**: it is re-exported as [`crate::nom`], and a parser of your
//! own scheme combines these rules with nom's combinators. An `s3://bucket/key?versionId=...`
//! reader, with S3's bucket-name rule (3 to 63 lowercase letters, digits,
//! `.` and `-`, starting and ending with a letter or digit):
//!
//! ```
//! use urlsyntax_grammar::grammar::rfc3986::{path_abempty, query};
//! use urlsyntax_grammar::nom::{
//!     bytes::complete::{tag, take_while_m_n},
//!     character::complete::char,
//!     combinator::{all_consuming, opt, verify},
//!     sequence::preceded,
//!     IResult, Parser,
//! };
//!
//! /// `bucket = 3*63( %x61-7A / DIGIT / "." / "-" )`, starting and ending
//! /// with a letter or digit.
//! fn bucket(i: &str) -> IResult<&str, &str> {
//!     fn edge(c: char) -> bool {
//!         c.is_ascii_lowercase() || c.is_ascii_digit()
//!     }
//!     verify(
//!         take_while_m_n(3, 63, |c: char| edge(c) || c == '.' || c == '-'),
//!         |b: &str| b.starts_with(edge) && b.ends_with(edge),
//!     )
//!     .parse(i)
//! }
//!
//! /// `s3-url = "s3://" bucket path-abempty [ "?" query ]`
//! fn s3_url(i: &str) -> IResult<&str, (&str, &str, Option<&str>)> {
//!     all_consuming((
//!         preceded(tag("s3://"), bucket),
//!         path_abempty,
//!         opt(preceded(char('?'), query)),
//!     ))
//!     .parse(i)
//! }
//!
//! let (_, (b, key, q)) = s3_url("s3://my-bucket/photos/2024/a%20b.jpg?versionId=3").unwrap();
//! assert_eq!((b, key, q), ("my-bucket", "/photos/2024/a%20b.jpg", Some("versionId=3")));
//! assert!(s3_url("s3://My_Bucket/k").is_err()); // uppercase and `_`
//! assert!(s3_url("s3://ab/k").is_err()); // too short
//! assert!(s3_url("s3://bucket-/k").is_err()); // ends with `-`
//! assert!(s3_url("s3://bucket/a b").is_err()); // a space is no pchar
//! ```
//!
//! The faces compose the same way: [`crate::rfc3986::UriRef::parse`] is
//! [`rfc3986::uri_reference`] over the whole text, [`cpython::url_parts`]
//! is `scheme`, `netloc` and `path_query_fragment` in turn, and Neturl's
//! reader is a sequence of [`neturl::word`] leaves, each present where the
//! scheme's `Syntax` recognizes its part. Their public errors are their
//! own (`urllib::Error`, `neturl::Error`, `rfc3986::ParseError`); nom's
//! types appear only here, in the combinators.
//!
//! # Stability
//!
//! This module is public API on purpose, and semver covers:
//!
//! * each combinator's name, parameters and output type (the structured
//!   values of the RFC 3986 rules, [`neturl::PartError`] and
//!   [`neturl::ScanError`] included), and that it is a nom 8 parser: a
//!   new major version of nom is a new major version of this crate;
//! * the strings each rule takes: those of the ABNF its doc opens with,
//!   which `grammar/*.abnf` holds (a combinator that strays from its ABNF
//!   is a bug, mended in a patch release);
//! * where a rule stops reading (the `rest` it returns), and for the
//!   CPython rules the cuts, which are CPython's answers;
//! * the sets of [`chars`] and of [`neturl`]'s parts, and their
//!   [`chars::ByteSet`] and [`neturl::Classes`] operations.
//!
//! It does not cover the `nom::error::ErrorKind` a failing rule reports, or
//! the position inside its input that its error points to (the faces'
//! own errors say where a reading stopped, and keep to it), nor new
//! combinators and items added in a minor release.

pub mod chars;
pub mod cpython;
pub mod inline;
pub mod neturl;
pub mod rfc3986;

//! The grammar core: character classes as `const` lookup tables and nom
//! combinators for the pieces of a URL.
//!
//! * [`chars`]: RFC 3986 character classes (`ALPHA`, `unreserved`,
//!   `sub-delims`, `pchar`, ...), each a [`chars::ByteSet`] built at compile
//!   time.
//! * [`rfc3986`]: one combinator per ABNF rule of RFC 3986 (scheme,
//!   authority, userinfo, host, port, path segments, query, fragment,
//!   pct-encoded), plus the RFC 1808 `param` rule.
//! * [`cpython`]: CPython's lenient splitting (`urlsplit` cuts at the first
//!   delimiter of each kind rather than parsing RFC 3986), as combinators
//!   beside the RFC rules they loosen; the crate-private `scan` module is
//!   their delimiter search (their leaves).
//! * [`neturl`]: the character categories Ocamlnet's `Neturl` uses to cut a
//!   URL into its parts, and the scanner that applies them.
//!
//! The rules are also kept as data in `grammar/rfc3986.abnf` and
//! `grammar/neturl.abnf`; the rule names there are the function names here.
//! nom stays inside this crate: the combinators are public for reuse and
//! testing, but the Neturl face exposes only its own error type.

pub mod chars;
pub mod cpython;
pub mod neturl;
pub mod rfc3986;

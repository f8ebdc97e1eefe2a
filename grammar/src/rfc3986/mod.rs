//! A strict RFC 3986 reader, composed from the grammar core's combinators
//! ([`crate::grammar::rfc3986`]): a URI reference and its components
//! ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3),
//! [§4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)), resolution
//! against a base ([§5.2](https://www.rfc-editor.org/rfc/rfc3986#section-5.2))
//! and syntax-based normalization
//! ([§6.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2)).
//!
//! Unlike the CPython face, which cuts any text at its delimiters, this
//! reader takes only what Appendix A derives: a character outside its rule
//! is an error, with the byte where the reading stopped.
//!
//! ```
//! use urlsyntax_grammar::rfc3986::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! let r = UriRef::parse("../g?y#s")?;
//! assert_eq!(r.path(), "../g");
//! assert_eq!(r.resolve(&base)?, "http://a/b/g?y#s");
//! assert_eq!(UriRef::parse("HTTP://Ex%7eample.ORG/a/./%7e/../b")?.normalize(), "http://ex~ample.org/a/b");
//! assert!(UriRef::parse("http://a b/").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod normalize;
mod reference;
mod resolve;

pub use crate::grammar::rfc3986::Authority;
pub use reference::{ParseError, UriRef};
pub use resolve::{remove_dot_segments, ResolveError};

#[cfg(test)]
pub(crate) mod tests;

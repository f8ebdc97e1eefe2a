//! The Neturl face: URLs checked against per-scheme syntax descriptors,
//! after Ocamlnet 4.1.9's `Neturl`.
//!
//! A [`Url`] always conforms to its [`Syntax`]: every constructor checks
//! the parts, and a URL that would break the syntax is refused with
//! [`Error::Malformed`]. Parts are stored %-encoded; the `*_decoded`
//! accessors decode them.
//!
//! ```
//! use urlsyntax_neturl::{self as neturl, Url};
//! let u = neturl::parse_url("http://user@host:8080/a/b?x=1", &Default::default()).unwrap();
//! assert_eq!(u.host().unwrap(), "host");
//! assert_eq!(u.port().unwrap(), 8080);
//! assert_eq!(u.path(), ["", "a", "b"]);
//! assert_eq!(u.to_string(), "http://user@host:8080/a/b?x=1");
//! let rel = Url::parse_with(&u.syntax().partial().unwrap(), "../c").unwrap();
//! assert_eq!(neturl::apply_relative_url(&u, &rel).unwrap().to_string(), "http://user@host:8080/c");
//! ```
//!
//! Its README (below) maps every Neturl name to its Rust name.
#![doc = ""]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The grammar core, by the paths the modules name it by (nom is the
// grammar's own, so the readers and the rules share one version).
use urlsyntax_grammar::{grammar, nom, percent, scan, syntax};

mod accessors;
mod addr;
mod authority;
mod build;
mod classes;
mod error;
mod escape;
mod file;
mod list;
mod parse;
mod query;
mod read;
mod relative;
mod std_traits;
mod url;
mod validate;

pub use crate::syntax::{Part, SchemeTable, Syntax};
pub use addr::{format_inet_addr, SockSymbol};
pub use build::{Encoding, Parts, Remove};
pub use error::{Component, Error};
pub use file::{file_url_of_local_path, local_path_of_file_url, PathStyle};
pub use list::{StrList, StrListIter};
pub use parse::{extract_url_scheme, fixup_url_string, parse_url, ParseOptions};
pub use relative::{apply_relative_url, ensure_absolute_url, join_path, norm_path, split_path};
pub use url::Url;
pub(crate) use url::{u16_decimal, Fields, ListSrc, Span, Spans};

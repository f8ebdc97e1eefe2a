//! The CPython face: `urllib.parse`, answer for answer.
//!
//! Function names are Python's. Each function exists for `&str` (here) and
//! for bytes ([`bytes`]), as CPython's accept both. The free functions use
//! the default profile (CPython 3.15.2) and CPython's own scheme classes;
//! [`Urllib`] picks another [`Profile`] or extends the scheme classes, for
//! the calls made through it, with no global state. The crate
//! `urlsyntax-fields` reads a `urlsplit` or `urlparse` result field by
//! field, as column stores hold it.
//!
//! ```
//! use urlsyntax::urllib::{self, Profile, SchemeClass, Urllib};
//!
//! assert_eq!(urllib::urljoin("http://a/b/c", "../d").unwrap(), "http://a/d");
//!
//! // CPython does not resolve s3:// references; teach this context to.
//! let ctx = Urllib::new(Profile::Py3_13_0).with_scheme(SchemeClass::UsesRelative, "s3")
//!     .with_scheme(SchemeClass::UsesNetloc, "s3");
//! assert_eq!(ctx.urljoin("s3://bucket/a/b", "c", true).unwrap(), "s3://bucket/a/c");
//! ```

#![doc = include_str!("../../docs/urllib.md")]

pub mod bytes;
mod codec_options;
mod codecs;
mod components;
mod context;
mod default_profile;
mod ipaddress;
mod join;
mod missing;
mod missing_bytes;
mod netloc;
mod profile;
mod pyrepr;
mod qs;
mod quote;
mod result;
mod result_of;
mod schemes;
mod split;
mod std_traits;
mod text;
mod unsplit;

pub use codec_options::CodecOptions;
pub use codecs::is_cpython_text_codec;
pub use context::Urllib;
pub use default_profile::{urldefrag, urljoin, urlparse, urlsplit, urlunparse, urlunsplit};
pub use netloc::NetlocAttributes;
pub use profile::{
    Behaviour, DeriveError, DerivedProfile, Fix, PortRule, Profile, QslRule, Quirks, UnsplitRule,
    PROBE_SCRIPT,
};
pub use qs::*;
pub use quote::*;
pub use result_of::{
    DefragResult, DefragResultBytes, DefragResultOf, DefragResultOpt, DefragResultOptBytes,
    ParseResult, ParseResultBytes, ParseResultOf, ParseResultOpt, ParseResultOptBytes, SplitResult,
    SplitResultBytes, SplitResultOf, SplitResultOpt, SplitResultOptBytes,
};
pub use schemes::{ClassLists, SchemeClass, SchemeClasses};
pub use std_traits::UnknownProfile;
pub use text::unwrap;
// What this face's own signatures name; the rest of CPython's runtime is
// `crate::pyruntime`.
pub use urlsyntax_pyruntime::codec::{
    Codec, CodecRules, IdnaErrors, PunycodeErrors, UNREPRESENTABLE,
};
pub use urlsyntax_pyruntime::error::{Error, PyException};
pub use urlsyntax_pyruntime::unicode::UnicodeTables;

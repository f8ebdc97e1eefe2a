//! Text codecs and error handlers with CPython's semantics, for the
//! `encoding` and `errors` arguments of the quoting and query functions.
//!
//! A name is resolved as each release's `str.encode` resolves it: ASCII
//! lowercased, runs of anything else (non-ASCII characters too) made one
//! `_` as CPython's C `_Py_normalize_encoding` does, the fast-path codecs
//! (`utf-8`, `latin-1`, ...) taken at once, and the rest looked up in that
//! release's alias table (generated from the interpreters into
//! `codec/names.rs`; the profile's `Quirks` pick it). Up to 3.8 a name
//! holding a non-ASCII letter or digit matches no table entry.
//! `docs/encodings.md` lists the codecs.
//!
//! Implemented: `utf-8`, `ascii`, `latin-1` (and `charmap`, which is
//! latin-1 without a table), every single-byte charmap codec (`cp1252`,
//! `iso8859_15`, `koi8_r`, `mac_roman`, `cp037`, ...), `utf-16`, `utf-32`
//! (with BOM; `-le`/`-be` without), `utf-8-sig`, `utf-7`, `unicode_internal`
//! (3.6 and 3.7), `unicode_escape` and `raw_unicode_escape` (`\N{name}`
//! escapes read with the release's names), `undefined`, `punycode`, `idna`
//! (`codec/idna.rs`, over nameprep and NFKC under Unicode 3.2.0), and the
//! East Asian multibyte codecs (`codec/multibyte/`, routed through
//! `codec/cjk.rs`; without the `cjk-codecs` feature their names are an
//! [`UNREPRESENTABLE`] error). A name CPython does not know is
//! [`Error::UnknownEncoding`](crate::Error::UnknownEncoding).
//!
//! Error handlers (`errors=`) are looked up only when an error actually
//! occurs, as CPython does (`codec/handler.rs`); `namereplace` writes the
//! Unicode names of the profile's release. Results that a Rust `String`
//! cannot hold (lone surrogates) are [`Error::Value`](crate::Error::Value) whose message starts
//! with [`UNREPRESENTABLE`]; inside
//! the crate, decoded text may hold lone surrogates (`codec/text.rs`), so
//! that a later step fails as CPython's does.

mod charmap;
mod cjk;
mod convert;
mod escape;
mod handler;
mod idna;
mod kinds;
mod lookup;
// The handler callbacks' types are the fixed interface of the module.
mod error_styles;
#[allow(clippy::type_complexity)]
mod multibyte;
mod nameprep;
pub mod names;
mod nfkc;
mod punycode;
mod rules;
mod stringprep;
mod text;
mod unicode_names;
mod utf;
mod utf7;

pub use charmap::Charmap;
pub use cjk::Cjk;
pub use error_styles::{IdnaErrors, PunycodeErrors};
pub use handler::ErrorHandler;
pub use kinds::{ByteOrder, Codec, SurrogateCheck};
pub use lookup::{check_name, check_names, codec_for, is_fast_path};
pub use lookup::{is_cpython_text_codec_in, normalize_encoding};
pub use rules::CodecRules;
pub use text::UNREPRESENTABLE;
pub use text::{code_points, Text, TextBuf};

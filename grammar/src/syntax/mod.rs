//! Syntax descriptors: which of a URL's eleven parts a scheme recognizes,
//! allows or requires (Ocamlnet's `url_syntax`), and the scheme table.
//!
//! ```
//! use urlsyntax_grammar::syntax::{Part, Syntax};
//! let host_only = Syntax { scheme: Part::Required, host: Part::Required, ..Syntax::NULL };
//! assert!(host_only.is_valid());
//! let http = Syntax::from_notation("scheme user? password? host port? path? query? relative").unwrap();
//! assert_eq!(http.host, Part::Required);
//! ```

mod descriptor;
mod notation;
mod table;

pub use descriptor::{Constraint, Part, Syntax};
pub use notation::NotationError;
pub use table::SchemeTable;

//! The CPython face: `urllib.parse`, answer for answer (being written).

mod codec;
mod error;
mod profile;
pub(crate) mod pyrepr;
mod qs;
mod quote;
mod schemes;

pub use codec::*;
pub use error::{Error, PyException};
pub use profile::{PortRule, Profile, QslRule, Quirks, UnsplitRule};
pub use qs::*;
pub use quote::*;
pub use schemes::{ClassLists, SchemeClass, SchemeClasses};

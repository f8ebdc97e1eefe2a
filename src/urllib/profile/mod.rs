//! Behaviour profiles: one per CPython release this crate reproduces.
//!
//! Every behavioural difference between the releases' `urllib/parse.py`
//! lives in exactly one field of [`Quirks`]; the functions read the field,
//! never the version. `docs/profiles.md` lists each difference, the
//! releases it separates and the test that pins it.

mod behaviour;
mod fix;
mod probe;
mod probe_answers;
mod quirks;
mod releases;
mod table;

pub use behaviour::Behaviour;

pub use fix::Fix;
pub use probe::{DeriveError, DerivedProfile, PROBE_SCRIPT};
pub use quirks::{PortRule, QslRule, Quirks, UnsplitRule};
pub(crate) use table::Named;
pub use table::Profile;

#[cfg(test)]
mod tests;

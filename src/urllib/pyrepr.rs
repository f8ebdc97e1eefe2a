//! Python's `repr` of `str`, `bytes`, `int`, lists and tuples, which
//! CPython's messages (and `str()` of non-text values) use.

pub use crate::python::repr::{bytes_repr, int_str, list_repr, tuple_repr};

use super::Behaviour;
use crate::python::repr::str_repr_with;

/// `repr(s)` for a `str`, as the default profile (CPython 3.15.2) writes it.
pub fn str_repr(s: &str) -> String {
    str_repr_in(s, Behaviour::default())
}

/// `repr(s)` for a `str`, as `profile`'s CPython writes it (which
/// characters are escaped follows its Unicode version).
pub fn str_repr_in(s: &str, behaviour: impl Into<Behaviour>) -> String {
    str_repr_with(s, behaviour.into().quirks().unicode)
}

#[cfg(test)]
mod tests;

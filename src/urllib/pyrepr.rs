//! Python's `repr` of `str` under a profile's Unicode database, which
//! CPython's messages use (crate-private: the public form is
//! `pyruntime::repr::str_repr_with` over a profile's
//! `quirks().codecs.unicode`); `repr` of `bytes`, `int`, lists and tuples,
//! which no release changes, is [`crate::pyruntime::repr`].

use super::Behaviour;
use urlsyntax_pyruntime::repr::str_repr_with;

/// `repr(s)` for a `str`, as the default profile (CPython 3.15.2) writes it.
#[cfg(test)]
pub(crate) fn str_repr(s: &str) -> String {
    str_repr_in(s, Behaviour::default())
}

/// `repr(s)` for a `str`, as `profile`'s CPython writes it (which
/// characters are escaped follows its Unicode version).
pub(crate) fn str_repr_in(s: &str, behaviour: impl Into<Behaviour>) -> String {
    str_repr_with(s, behaviour.into().quirks().codecs.unicode)
}

#[cfg(test)]
mod tests;

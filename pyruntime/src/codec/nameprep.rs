//! Nameprep (RFC 3491) as `encodings/idna.py`'s `nameprep` runs it, with
//! AllowUnassigned: B.1 mapped to nothing, B.2 case folding, NFKC under
//! Unicode 3.2.0, the prohibited tables (C.1.2, C.2.2, C.3 to C.9), then
//! the bidi rules (a label holding a RandALCat character holds no LCat
//! one, and starts and ends with RandALCat).

use super::nfkc::nfkc;
use super::stringprep::{case_folded, l_cat, mapped_to_nothing, prohibited, rand_al};

/// Why nameprep refused a label, at a position of its prepared text (the
/// start of the span CPython 3.13 reports; the span is one character).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// "Invalid character %r": a prohibited character.
    Prohibited {
        /// Its position.
        at: usize,
        /// The character.
        character: u32,
    },
    /// "Violation of BIDI requirement 2": RandALCat and LCat together
    /// (at the first LCat character).
    Bidi2 {
        /// Its position.
        at: usize,
    },
    /// "Violation of BIDI requirement 3": RandALCat that neither starts
    /// nor ends the label (at the first character when it is not
    /// RandALCat, else at the last).
    Bidi3 {
        /// Its position.
        at: usize,
    },
}

/// `nameprep(label)` with the B.2 case folding of the release at index
/// `case_folding` and the NFKC (combining classes and compositions) of the
/// one at `release`: the prepared text, or why the label is refused. The
/// two are the same release but in a composed profile whose B.2 was fixed
/// (gh-155292) while its database stayed its line's.
pub(super) fn nameprep(label: &[u32], case_folding: u8, release: u8) -> Result<Vec<u32>, Refusal> {
    let mut mapped = Vec::with_capacity(label.len());
    for &c in label {
        if mapped_to_nothing(c) {
            continue;
        }
        match case_folded(c, case_folding) {
            Some(m) => mapped.extend_from_slice(m),
            None => mapped.push(c),
        }
    }
    let text = nfkc(&mapped, release);
    if let Some(at) = text.iter().position(|&c| prohibited(c)) {
        let character = text[at];
        return Err(Refusal::Prohibited { at, character });
    }
    if text.iter().any(|&c| rand_al(c)) {
        if let Some(at) = text.iter().position(|&c| l_cat(c)) {
            return Err(Refusal::Bidi2 { at });
        }
        let last = text.len() - 1;
        if !rand_al(text[0]) {
            return Err(Refusal::Bidi3 { at: 0 });
        }
        if !rand_al(text[last]) {
            return Err(Refusal::Bidi3 { at: last });
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests;

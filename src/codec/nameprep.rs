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
mod tests {
    use super::*;

    fn prep(s: &str, release: u8) -> Result<String, Refusal> {
        let cps: Vec<u32> = s.chars().map(u32::from).collect();
        nameprep(&cps, release, release).map(|t| t.into_iter().filter_map(char::from_u32).collect())
    }

    /// RFC 3491's examples and others, each checked against
    /// `encodings.idna.nameprep` of CPython 3.6.15 and 3.13.0.
    #[test]
    fn nameprep_as_cpython() {
        for release in [0, 7] {
            let p = |s| prep(s, release);
            assert_eq!(p("B\u{fc}cher"), Ok("b\u{fc}cher".into()));
            assert_eq!(p("Stra\u{df}e"), Ok("strasse".into()));
            assert_eq!(p("a\u{ad}b\u{200b}c"), Ok("abc".into()));
            assert_eq!(p("\u{ad}"), Ok(String::new()));
            assert_eq!(p("\u{130}"), Ok("i\u{307}".into()));
            assert_eq!(p("\u{2163}"), Ok("iv".into()));
            assert_eq!(p("\u{3300}"), Ok("\u{30a2}\u{30d1}\u{30fc}\u{30c8}".into()));
            assert_eq!(p("\u{1d400}"), Ok("a".into()));
            assert_eq!(p("\u{3000}"), Ok(" ".into()));
            assert_eq!(
                p("a\u{1680}"),
                Err(Refusal::Prohibited {
                    at: 1,
                    character: 0x1680
                })
            );
            assert_eq!(
                p("\u{e000}"),
                Err(Refusal::Prohibited {
                    at: 0,
                    character: 0xe000
                })
            );
            assert_eq!(p("\u{5d0}\u{5d1}"), Ok("\u{5d0}\u{5d1}".into()));
            assert_eq!(p("\u{627}1\u{628}"), Ok("\u{627}1\u{628}".into()));
            assert_eq!(p("\u{627}a\u{628}"), Err(Refusal::Bidi2 { at: 1 }));
            assert_eq!(p("1\u{627}"), Err(Refusal::Bidi3 { at: 0 }));
            assert_eq!(p("\u{627}1"), Err(Refusal::Bidi3 { at: 1 }));
        }
    }
}

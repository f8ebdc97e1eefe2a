//! NFKC as CPython's `unicodedata.ucd_3_2_0.normalize("NFKC", s)` runs
//! it (`nfd_nfkd` and `nfc_nfkc` of `Modules/unicodedata.c`), step for
//! step: each code point replaced by its full compatibility decomposition
//! under Unicode 3.2.0 (Hangul syllables by the algorithm), the result
//! sorted canonically, then composed. The sorting and the composition read
//! the release's own database, not 3.2.0's (CPython's quirk, kept): its
//! combining classes, and its composition pairs, so that two characters
//! Unicode 3.2.0 did not have may compose. The tables are
//! `stringprep.rs`'s; `release` indexes them (0 = 3.6 ... 10 = 3.15).

use super::stringprep::{combining_class, composed, composes_first, decomposition};

const S_BASE: u32 = 0xac00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11a7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// `ucd_3_2_0.normalize("NFKC", text)` in the release at index `release`.
pub(super) fn nfkc(text: &[u32], release: u8) -> Vec<u32> {
    compose(decompose(text, release), release)
}

/// `ucd_3_2_0.normalize("NFKD", text)`: decomposed, then sorted.
fn decompose(text: &[u32], release: u8) -> Vec<u32> {
    let mut out = Vec::with_capacity(text.len() + 4);
    for &c in text {
        if (S_BASE..S_BASE + S_COUNT).contains(&c) {
            let s = c - S_BASE;
            out.push(L_BASE + s / N_COUNT);
            out.push(V_BASE + s % N_COUNT / T_COUNT);
            if s % T_COUNT != 0 {
                out.push(T_BASE + s % T_COUNT);
            }
        } else if let Some(d) = decomposition(c) {
            out.extend_from_slice(d);
        } else {
            out.push(c);
        }
    }
    // Canonical ordering: CPython's insertion sort moves each mark back
    // past the marks of a higher class, which is a stable sort of each run
    // of marks by class (done here in n log n).
    let mut i = 0;
    while i < out.len() {
        let run = out[i..]
            .iter()
            .position(|&c| combining_class(c, release) == 0)
            .map_or(out.len(), |n| i + n);
        if run - i > 1 {
            out[i..run].sort_by_key(|&c| combining_class(c, release));
        }
        i = run + 1;
    }
    out
}

/// CPython's `nfc_nfkc` over decomposed text: a conjoining jamo L, V and
/// maybe T make a syllable; otherwise each character that can start a
/// pair takes, in turn, each following character it is not blocked from
/// (by a starter, or by a mark of the same or a higher class before it)
/// that the composition table pairs with it.
fn compose(text: Vec<u32>, release: u8) -> Vec<u32> {
    let mut out = Vec::with_capacity(text.len());
    // Positions already composed into a character before them.
    let mut skipped: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(k) = skipped.iter().position(|&s| s == i) {
            skipped.swap_remove(k);
            i += 1;
            continue;
        }
        let mut code = text[i];
        let v = text.get(i + 1).copied().unwrap_or(0);
        if (L_BASE..L_BASE + L_COUNT).contains(&code) && (V_BASE..V_BASE + V_COUNT).contains(&v) {
            code = S_BASE + ((code - L_BASE) * V_COUNT + v - V_BASE) * T_COUNT;
            i += 2;
            if let Some(&t) = text.get(i) {
                if T_BASE < t && t < T_BASE + T_COUNT {
                    code += t - T_BASE;
                    i += 1;
                }
            }
            out.push(code);
            continue;
        }
        if composes_first(code, release) {
            // The class of the last mark passed over (0: none yet).
            let mut blocking = 0;
            for (j, &next) in text.iter().enumerate().skip(i + 1) {
                let class = combining_class(next, release);
                if blocking != 0 && (class == 0 || blocking >= class) {
                    if class == 0 {
                        break;
                    }
                    continue;
                }
                match composed(code, next, release) {
                    Some(c) => {
                        code = c;
                        skipped.push(j);
                        if !composes_first(code, release) {
                            break;
                        }
                    }
                    None if class == 0 => break,
                    None => blocking = class,
                }
            }
        }
        out.push(code);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nfkc_of(s: &str, release: u8) -> String {
        let cps: Vec<u32> = s.chars().map(u32::from).collect();
        nfkc(&cps, release)
            .into_iter()
            .map(|c| char::from_u32(c).unwrap_or('\u{fffd}'))
            .collect()
    }

    /// Each value is what `unicodedata.ucd_3_2_0.normalize("NFKC", s)`
    /// gives in CPython 3.6.15 and 3.13.0.
    #[test]
    fn nfkc_matches_ucd_3_2_0() {
        for release in [0, 7] {
            let n = |s| nfkc_of(s, release);
            assert_eq!(n("abc"), "abc");
            assert_eq!(n("A\u{301}"), "\u{c1}");
            assert_eq!(n("\u{fb01}"), "fi");
            assert_eq!(n("\u{2460}"), "1");
            assert_eq!(n("\u{ff21}\u{ff42}"), "Ab");
            assert_eq!(n("\u{1100}\u{1161}\u{11a8}"), "\u{ac01}");
            assert_eq!(n("\u{ac01}"), "\u{ac01}");
            assert_eq!(n("\u{3300}"), "\u{30a2}\u{30d1}\u{30fc}\u{30c8}");
            // Marks reordered by class, then the unblocked one composed.
            assert_eq!(n("a\u{301}\u{323}"), "\u{1ea1}\u{301}");
            assert_eq!(n("a\u{323}\u{301}"), "\u{1ea1}\u{301}");
            // A mark Unicode 3.2.0 lacks still sorts by its class (220).
            assert_eq!(n("a\u{301}\u{353}"), "\u{e1}\u{353}");
            // Characters Unicode 3.2.0 lacks compose with the release's table.
            assert_eq!(n("\u{1b05}\u{1b35}"), "\u{1b06}");
            // U+F951: a 3.2.0 normalization correction.
            assert_eq!(n("\u{f951}"), "\u{964b}");
            assert_eq!(n("\u{fdfa}").chars().count(), 18);
            assert_eq!(n("\u{1e9b}\u{323}"), "\u{1e69}");
        }
        // U+11938 (Unicode 13.0) composes from 3.9 on.
        assert_eq!(nfkc_of("\u{11935}\u{11930}", 2), "\u{11935}\u{11930}");
        assert_eq!(nfkc_of("\u{11935}\u{11930}", 3), "\u{11938}");
    }
}

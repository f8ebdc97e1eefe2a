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
mod tests;

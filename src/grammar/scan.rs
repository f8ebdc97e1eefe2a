//! Scanning for ASCII delimiters a machine word at a time: the loop
//! inside the `take_till`-style combinators of [`super::cpython`].

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` equal to `b`, as the high bit of each such byte;
/// exact for the lowest such byte (a borrow only marks bytes above a
/// match).
#[inline(always)]
fn eq_mask(word: u64, b: u8) -> u64 {
    let x = word ^ (LO * b as u64);
    x.wrapping_sub(LO) & !x & HI
}

/// The bytes of `word` that are one of `needles`, as [`eq_mask`] marks them.
#[inline(always)]
fn any_mask<const N: usize>(word: u64, needles: [u8; N]) -> u64 {
    let mut m = 0;
    for b in needles {
        m |= eq_mask(word, b);
    }
    m
}

/// The index of the first byte of `s` that is one of `needles` (ASCII
/// bytes): a word-at-a-time scan (8 bytes per step, no call or dispatch),
/// faster than `memchr` on the short strings URLs are made of.
#[inline(always)]
pub fn find_any<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    debug_assert!(needles.iter().all(u8::is_ascii));
    let word = |i: usize| u64::from_le_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let first = |base: usize, m: u64| base + (m.trailing_zeros() / 8) as usize;
    if s.len() < 8 {
        return s.iter().position(|c| needles.contains(c));
    }
    let mut base = 0;
    while base + 8 <= s.len() {
        let m = any_mask(word(base), needles);
        if m != 0 {
            return Some(first(base, m));
        }
        base += 8;
    }
    if base < s.len() {
        // The last 8 bytes, overlapping bytes already found to hold no needle.
        let m = any_mask(word(s.len() - 8), needles);
        if m != 0 {
            return Some(first(s.len() - 8, m));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_any_finds_the_first() {
        let hay = b"0123456789abcdef/ghijkl?mnop#qrstuvwxyz\t";
        for len in 0..=hay.len() {
            for needles in [
                [b'/', b'?', b'#'],
                [b'#', b'#', b'#'],
                [b'\t', b'\r', b'\n'],
            ] {
                let want = hay[..len].iter().position(|c| needles.contains(c));
                assert_eq!(find_any(&hay[..len], needles), want, "{len} {needles:?}");
            }
        }
        // Bytes just above and below a needle, and high bytes, are no match.
        assert_eq!(
            find_any(&[0x22, 0x24, 0xa3, 0x23, 0, 0, 0, 0, 0x23], [b'#']),
            Some(3)
        );
        assert_eq!(find_any(&[1, 0, 0, 0, 0, 0, 0, 0, 0], [0]), Some(1));
        assert_eq!(find_any(&[0x80; 17], [0]), None);
    }
}

//! Searching ASCII needles in bytes: a machine word at a time, or 16
//! bytes at a time (SSE2) into per-byte bitmaps.

use super::pad::{padded_lane, LANE};

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
/// bytes): 16 bytes per step on x86-64 (SSE2), else a word at a time;
/// no call or dispatch, faster than `memchr` on the short strings URLs
/// are made of.
#[inline(always)]
pub fn find_any<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    debug_assert!(needles.iter().all(u8::is_ascii));
    #[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
    if s.len() >= 16 {
        return find_any_sse2(s, needles);
    }
    find_any_swar(s, needles)
}

/// Whether `s` holds one of the bytes `needles` (ASCII or not): the scan
/// of [`find_any`], which is exact for any byte; only the index it gives
/// would not be a character boundary.
#[inline(always)]
pub fn contains_any<const N: usize>(s: &[u8], needles: [u8; N]) -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
    if s.len() >= 16 {
        return find_any_sse2(s, needles).is_some();
    }
    s.iter().fold(false, |hit, &c| {
        needles.iter().fold(hit, |hit, &n| hit | (n == c))
    })
}

/// [`find_any`] of a string of at least 16 bytes, 16 bytes per step.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn find_any_sse2<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    // A function, not a closure: a closure here was left out of line.
    #[inline(always)]
    fn hits<const N: usize>(s: &[u8], at: usize, needles: [u8; N]) -> u64 {
        lane_mask(s[at..at + LANE].try_into().expect("a lane"), needles)
    }
    let mut at = 0;
    // 64 bytes a step while there are: one test of four lanes' compares.
    while at + 64 <= s.len() {
        let m = lanes_4_mask(s[at..at + 64].try_into().expect("64 bytes"), needles);
        if m != 0 {
            return Some(at + m.trailing_zeros() as usize);
        }
        at += 64;
    }
    while at + 16 <= s.len() {
        let m = hits(s, at, needles);
        if m != 0 {
            return Some(at + m.trailing_zeros() as usize);
        }
        at += 16;
    }
    if at < s.len() {
        // The last 16 bytes, overlapping bytes already found to hold no needle.
        let m = hits(s, s.len() - 16, needles);
        if m != 0 {
            return Some(s.len() - 16 + m.trailing_zeros() as usize);
        }
    }
    None
}

/// Bit `i` set when `block[i]` is one of `needles`; `block` holds at most
/// 64 bytes.
#[inline(always)]
pub fn needle_mask<const N: usize>(block: &[u8], needles: [u8; N]) -> u64 {
    let lane = |at: usize| lane_mask(block[at..at + LANE].try_into().expect("a lane"), needles);
    let len = block.len();
    let mut mask = 0;
    let mut at = 0;
    while at + LANE <= len {
        mask |= lane(at) << at;
        at += LANE;
    }
    if at < len {
        if len >= LANE {
            // The last lane, overlapping bytes already tested.
            mask |= lane(len - LANE) >> (at + LANE - len) << at;
        } else {
            // Bits of the padding are dropped below.
            mask = lane_mask(&padded_lane(block), needles);
        }
    }
    if len < 64 {
        mask &= (1 << len) - 1;
    }
    mask
}

/// [`needle_mask`] of one lane: 16 compares at once (SSE2).
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn lane_mask<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> u64 {
    safe_arch::move_mask_i8_m128i(lane_hits(lane, needles)) as u16 as u64
}

/// The bytes of one lane equal to one of `needles`, as a compare result.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn lane_hits<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> safe_arch::m128i {
    use safe_arch::{
        bitor_m128i as or, cmp_eq_mask_i8_m128i as eq, load_unaligned_m128i,
        set_splat_i8_m128i as splat, zeroed_m128i,
    };
    let v = load_unaligned_m128i(lane);
    let mut m = zeroed_m128i();
    for b in needles {
        m = or(m, eq(v, splat(b as i8)));
    }
    m
}

/// Bit `i` set when `block[i]` is one of `needles`, for 64 bytes: the
/// four lanes' compares joined before a test, as most blocks hold none.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn lanes_4_mask<const N: usize>(block: &[u8; 64], needles: [u8; N]) -> u64 {
    use safe_arch::{bitor_m128i as or, move_mask_i8_m128i as bits};
    // A function, not a closure: a closure here was left out of line.
    #[inline(always)]
    fn lane<const N: usize>(block: &[u8; 64], k: usize, needles: [u8; N]) -> safe_arch::m128i {
        lane_hits(
            block[16 * k..16 * k + 16].try_into().expect("a lane"),
            needles,
        )
    }
    let lanes = [
        lane(block, 0, needles),
        lane(block, 1, needles),
        lane(block, 2, needles),
        lane(block, 3, needles),
    ];
    if bits(or(or(lanes[0], lanes[1]), or(lanes[2], lanes[3]))) == 0 {
        return 0;
    }
    let mask = |m| u64::from(bits(m) as u16);
    mask(lanes[0]) | mask(lanes[1]) << 16 | mask(lanes[2]) << 32 | mask(lanes[3]) << 48
}

/// [`needle_mask`] of one lane: a word at a time.
#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
#[inline(always)]
fn lane_mask<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> u64 {
    word_mask(lane, needles)
}

/// Bit `i` set when `word[i]` is one of `needles`, exact for every byte.
#[cfg_attr(
    all(target_arch = "x86_64", not(feature = "portable-scan")),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn word_mask<const N: usize>(word: &[u8; 8], needles: [u8; N]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let word = u64::from_le_bytes(*word);
    let mut high = 0;
    for b in needles {
        // The high bit of each zero byte of `x`, with no borrow between bytes.
        let x = word ^ (u64::from(b) * 0x0101_0101_0101_0101);
        high |= !(((x & LOW7) + LOW7) | x | LOW7);
    }
    low_bit_of_each_byte(high >> 7)
}

/// Bit 0 of byte k of `x` to bit k of the answer, for `x` whose bytes are
/// 0 or 1: one multiply sums the shifted copies into the top byte.
#[inline(always)]
pub fn low_bit_of_each_byte(x: u64) -> u64 {
    x.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// [`find_any`] a machine word (8 bytes) at a time.
#[inline(always)]
pub(super) fn find_any_swar<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    let word = |i: usize| u64::from_le_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let first = |base: usize, m: u64| base + (m.trailing_zeros() / 8) as usize;
    if s.len() < 8 {
        // Compares in line, without a branch a needle (`contains` on bytes
        // calls `memchr` for each byte).
        return s
            .iter()
            .position(|&c| needles.iter().fold(false, |hit, &n| hit | (n == c)));
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

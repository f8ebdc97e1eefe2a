//! The bitmaps of a netloc that `_userinfo` and `_hostinfo` cut at (the
//! scan under the `hostname` and `port` attributes).

use super::pad::padded_16;

/// Bitmaps of a netloc of at most 64 bytes (bit `i` stands for byte `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NetlocMasks {
    /// `@`: the last one ends the userinfo.
    pub at: u64,
    /// `:`: the first after the host starts the port.
    pub colon: u64,
    /// `[`: opens a bracketed host.
    pub open: u64,
    /// `]`: closes it.
    pub close: u64,
    /// `%` (which may start an IPv6 zone) or a byte from 0x80 up: a
    /// netloc holding one needs the general reading.
    pub slow: u64,
    /// `A` to `Z`: the host needs lowercasing. Exact only where `slow` is
    /// clear.
    pub upper: u64,
}

impl NetlocMasks {
    #[inline(always)]
    fn or_shifted(mut self, other: NetlocMasks, shift: u32) -> NetlocMasks {
        self.at |= other.at << shift;
        self.colon |= other.colon << shift;
        self.open |= other.open << shift;
        self.close |= other.close << shift;
        self.slow |= other.slow << shift;
        self.upper |= other.upper << shift;
        self
    }

    #[inline(always)]
    fn shr(mut self, n: u32) -> NetlocMasks {
        self.at >>= n;
        self.colon >>= n;
        self.open >>= n;
        self.close >>= n;
        self.slow >>= n;
        self.upper >>= n;
        self
    }

    /// Keeps the bits of the first `len` bytes (`len` < 64): the padding
    /// of a short netloc is nothing.
    #[inline(always)]
    fn keep(mut self, len: usize) -> NetlocMasks {
        let keep = (1u64 << len) - 1;
        self.at &= keep;
        self.colon &= keep;
        self.open &= keep;
        self.close &= keep;
        self.slow &= keep;
        self.upper &= keep;
        self
    }
}

/// [`NetlocMasks`] of 16 bytes, one SSE2 compare per class (SSE2 is part
/// of every x86-64 processor).
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn lane_masks(lane: &[u8; 16]) -> NetlocMasks {
    use safe_arch::{
        bitand_m128i as and, bitor_m128i as or, cmp_eq_mask_i8_m128i as eq,
        cmp_gt_mask_i8_m128i as gt, cmp_lt_mask_i8_m128i as lt, load_unaligned_m128i,
        move_mask_i8_m128i as bits, set_splat_i8_m128i as splat,
    };
    let v = load_unaligned_m128i(lane);
    let is = |b: u8| eq(v, splat(b as i8));
    let mask = |m| u64::from(bits(m) as u16);
    NetlocMasks {
        at: mask(is(b'@')),
        colon: mask(is(b':')),
        open: mask(is(b'[')),
        close: mask(is(b']')),
        // The top bit of each byte marks the non-ASCII ones.
        slow: mask(or(is(b'%'), v)),
        upper: mask(and(
            gt(v, splat(b'A' as i8 - 1)),
            lt(v, splat(b'Z' as i8 + 1)),
        )),
    }
}

/// [`NetlocMasks`] of 16 bytes, a byte at a time (targets other than
/// x86-64, and the reference the SSE2 version is tested against).
#[cfg_attr(
    all(target_arch = "x86_64", not(feature = "portable-scan")),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn lane_masks_portable(lane: &[u8; 16]) -> NetlocMasks {
    let mut m = NetlocMasks::default();
    for (i, &b) in lane.iter().enumerate() {
        let bit = 1u64 << i;
        let set = |on: bool| if on { bit } else { 0 };
        m.at |= set(b == b'@');
        m.colon |= set(b == b':');
        m.open |= set(b == b'[');
        m.close |= set(b == b']');
        m.slow |= set(b == b'%' || b >= 0x80);
        m.upper |= set(b.is_ascii_uppercase());
    }
    m
}

#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
use lane_masks_portable as lane_masks;

/// The [`NetlocMasks`] of `netloc`, or `None` past 64 bytes.
#[inline(always)]
pub fn netloc_masks(netloc: &[u8]) -> Option<NetlocMasks> {
    let len = netloc.len();
    if len > 64 {
        return None;
    }
    if len < 16 {
        return Some(lane_masks(&padded_16(netloc)).keep(len));
    }
    let lane = |at: usize| lane_masks(netloc[at..at + 16].try_into().expect("16 bytes"));
    let mut masks = NetlocMasks::default();
    let mut at = 0;
    while at + 16 <= len {
        masks = masks.or_shifted(lane(at), at as u32);
        at += 16;
    }
    if at < len {
        // The last 16 bytes, overlapping bytes already read.
        let last = lane(len - 16).shr((at + 16 - len) as u32);
        masks = masks.or_shifted(last, at as u32);
    }
    Some(masks)
}

/// The bytes of a 16-byte lane that keep a netloc from being a host
/// alone, one bit a byte: `@`, `:`, `[`, `]`, `%`, `A` to `Z` and every
/// byte from 0x80 up (the classes of [`NetlocMasks`] together).
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn lane_not_host(lane: &[u8; 16]) -> u64 {
    use safe_arch::{
        add_i8_m128i as add, bitor_m128i as or, cmp_eq_mask_i8_m128i as eq,
        cmp_lt_mask_i8_m128i as lt, load_unaligned_m128i, move_mask_i8_m128i as bits,
        set_splat_i8_m128i as splat,
    };
    let v = load_unaligned_m128i(lane);
    let is = |b: u8| eq(v, splat(b as i8));
    // `@`, `A` to `Z` and `[` are the 28 bytes 0x40 to 0x5B: moved to the
    // bottom of the signed bytes, one compare takes them.
    let at_upper_open = lt(add(v, splat(0x40)), splat((0x80 + 28) as u8 as i8));
    let marks = or(or(at_upper_open, is(b']')), or(is(b':'), is(b'%')));
    // The top bit of each byte marks the non-ASCII ones.
    u64::from(bits(or(marks, v)) as u16)
}

/// [`lane_not_host`] a byte at a time (targets other than x86-64, and the
/// reference the SSE2 version is tested against).
#[cfg_attr(
    all(target_arch = "x86_64", not(feature = "portable-scan")),
    allow(dead_code)
)]
#[inline(always)]
fn lane_not_host_portable(lane: &[u8; 16]) -> u64 {
    let m = lane_masks_portable(lane);
    m.at | m.colon | m.open | m.close | m.slow | m.upper
}

#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
use lane_not_host_portable as lane_not_host;

/// `text[netloc]` is a host alone: not empty, and none of `@`, `:`, `[`,
/// `]`, `%`, `A` to `Z` or a non-ASCII byte (every [`NetlocMasks`] clear:
/// `_userinfo` and `_hostinfo` find no userinfo and no port, and the
/// hostname is the netloc as it is). The lanes are read from `text`,
/// which holds the netloc (a URL): the bytes around the netloc stand in
/// for padding, so a netloc inside a URL of 16 bytes or more is read
/// without a copy.
///
/// ```
/// use urlsyntax_grammar::scan::host_alone_within;
/// let url = b"https://www.example.com/index.html";
/// assert!(host_alone_within(url, 8..23));
/// assert!(!host_alone_within(b"http://Example.com/", 7..18));
/// assert!(!host_alone_within(b"http://h:80/", 7..11));
/// assert!(!host_alone_within(url, 8..8));
/// ```
#[inline(always)]
pub fn host_alone_within(text: &[u8], netloc: std::ops::Range<usize>) -> bool {
    let (start, end, len) = (netloc.start, netloc.end, text.len());
    if start >= end || end > len {
        return false;
    }
    let lane = |at: usize| lane_not_host(text[at..at + 16].try_into().expect("16 bytes"));
    if end - start <= 32 && len >= 16 {
        // Most netlocs: two lanes, whatever the netloc's length (a count
        // of lanes would be a branch mispredicted as lengths vary about
        // 16), each moved back to end within the text where it would pass
        // it, its bits shifted to count from `start`.
        let first = start.min(len - 16);
        let second = (start + 16).min(len - 16);
        let marks = lane(first) >> (start - first) | (lane(second) << 16) >> (start + 16 - second);
        return marks & (u64::MAX >> (64 - (end - start))) == 0;
    }
    let mut at = start;
    while at < end {
        let marks = if at + 16 <= len {
            lane(at)
        } else if len >= 16 {
            // The text's last 16 bytes, shifted to start at `at`.
            lane(len - 16) >> (at + 16 - len)
        } else {
            lane_not_host(&padded_16(&text[at..]))
        };
        let keep = u64::MAX >> (64 - (end - at).min(16));
        if marks & keep != 0 {
            return false;
        }
        at += 16;
    }
    true
}

#[cfg(test)]
mod tests;

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

#[cfg(test)]
mod tests;

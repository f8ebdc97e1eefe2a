//! Short inputs padded to a block with NUL, without `memcpy`, and the
//! block masks' bit ranges: what every scanner of this module shares.

/// The bytes [`needle_mask`] and [`padded_lane`] tests at once.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
pub(super) const LANE: usize = 16;
#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
pub(super) const LANE: usize = 8;

/// `s` (shorter than 16 bytes) padded with NUL to 16, from at most four
/// overlapping loads: a `copy_from_slice` of a length not known at compile
/// time is a call to `memcpy`, which costs more than the whole scan of a
/// short URL.
#[inline(always)]
pub fn padded_16(s: &[u8]) -> [u8; 16] {
    let len = s.len();
    debug_assert!(len < 16);
    let bytes: u128 = if len >= 8 {
        // The first 8 bytes, and the last 8 with those already taken shifted
        // out.
        let first = u64::from_le_bytes(s[..8].try_into().expect("8 bytes"));
        let last = u64::from_le_bytes(s[len - 8..].try_into().expect("8 bytes"));
        u128::from(first) | (u128::from(last) >> (8 * (16 - len))) << 64
    } else if len >= 4 {
        let first = u32::from_le_bytes(s[..4].try_into().expect("4 bytes"));
        let last = u32::from_le_bytes(s[len - 4..].try_into().expect("4 bytes"));
        u128::from(first) | (u128::from(last) >> (8 * (8 - len))) << 32
    } else if len > 0 {
        // Bytes 0, len / 2 and len - 1 are all the bytes of 1 to 3.
        u128::from(s[0])
            | u128::from(s[len / 2]) << (8 * (len / 2))
            | u128::from(s[len - 1]) << (8 * (len - 1))
    } else {
        0
    };
    bytes.to_le_bytes()
}

/// `s` (shorter than a lane) padded with NUL to a lane.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
pub(super) fn padded_lane(s: &[u8]) -> [u8; LANE] {
    padded_16(s)
}
#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
#[inline(always)]
pub(super) fn padded_lane(s: &[u8]) -> [u8; LANE] {
    padded_8(s)
}

/// `s` (shorter than 8 bytes) padded with NUL to 8, as [`padded_16`] pads.
#[inline(always)]
pub fn padded_8(s: &[u8]) -> [u8; 8] {
    debug_assert!(s.len() < 8);
    let p = padded_16(s);
    [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]]
}

/// The bits of a 64-bit block mask at positions `from` and up (`from` may
/// be past the block: no bits).
#[inline(always)]
pub fn bits_from(from: usize) -> u64 {
    u32::try_from(from)
        .ok()
        .and_then(|from| u64::MAX.checked_shl(from))
        .unwrap_or(0)
}

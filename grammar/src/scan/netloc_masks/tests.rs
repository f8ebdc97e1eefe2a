//! Unit tests of `netloc_masks`.

use super::*;

/// Each byte's classes, one at a time: what the masks must say.
fn by_bytes(netloc: &[u8]) -> NetlocMasks {
    let mut m = NetlocMasks::default();
    for (i, chunk) in netloc.chunks(16).enumerate() {
        let mut lane = [0; 16];
        lane[..chunk.len()].copy_from_slice(chunk);
        let k = lane_masks_portable(&lane).keep(chunk.len());
        m = m.or_shifted(k, 16 * i as u32);
    }
    m
}

#[test]
fn masks_equal_a_byte_at_a_time_reading() {
    let alphabet = b"@:[]%AZaz09.-\x80\xff/ ";
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for len in 0..=64 {
        for _ in 0..200 {
            let netloc: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            assert_eq!(netloc_masks(&netloc), Some(by_bytes(&netloc)), "{netloc:?}");
        }
    }
    assert_eq!(netloc_masks(&[b'a'; 65]), None);
}

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

/// A byte that keeps a netloc from being a host alone.
fn not_host(b: u8) -> bool {
    b"@:[]%".contains(&b) || b.is_ascii_uppercase() || !b.is_ascii()
}

#[test]
fn the_lane_classes_are_each_byte_s() {
    // Every byte value at every position of a lane of `.`s.
    for b in 0..=255u8 {
        for i in 0..16 {
            let mut lane = [b'.'; 16];
            lane[i] = b;
            let expected = u64::from(not_host(b)) << i;
            assert_eq!(lane_not_host(&lane), expected, "{b:#x} at {i}");
            assert_eq!(lane_not_host_portable(&lane), expected, "{b:#x} at {i}");
        }
    }
}

#[test]
fn host_alone_within_reads_only_the_netloc() {
    let alphabet = b"@:[]%AZaz09.-\x80\xff/?\\`{ ";
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for len in 0..=100 {
        for _ in 0..300 {
            // Mostly host bytes, so that hosts alone are common.
            let text: Vec<u8> = (0..len)
                .map(|_| match next(4) {
                    0 => alphabet[next(alphabet.len())],
                    _ => b"ab.-9"[next(5)],
                })
                .collect();
            let start = next(len + 1);
            let end = start + next(len - start + 1);
            let netloc = &text[start..end];
            let expected = !netloc.is_empty() && !netloc.iter().any(|&b| not_host(b));
            assert_eq!(
                host_alone_within(&text, start..end),
                expected,
                "{text:?} {start}..{end}"
            );
        }
    }
    assert!(!host_alone_within(b"abc", 2..4));
    #[allow(clippy::reversed_empty_ranges)]
    let backwards = 3..2;
    assert!(!host_alone_within(b"abc", backwards));
}

//! Tests of the byte scanners against byte-at-a-time references.

use super::needles::*;
use super::pad::*;
use super::url_masks::*;

fn split_masks_by_hand(s: &[u8], start: usize, semicolon: bool) -> SplitMasks {
    let mut m = SplitMasks::default();
    for (i, &b) in s[start..].iter().take(64).enumerate() {
        let bit = 1u64 << i;
        let set = |on: bool| if on { bit } else { 0 };
        m.netloc_end |= set(matches!(b, b'/' | b'?' | b'#'));
        m.question |= set(b == b'?');
        m.hash |= set(b == b'#');
        m.netloc_check |= set(matches!(b, b'[' | b']') || b >= 0x80);
        m.tab_cr_lf |= set(matches!(b, b'\t' | b'\r' | b'\n'));
        m.semicolon |= set(semicolon && b == b';');
    }
    m
}

#[test]
fn needle_masks_are_exact() {
    let needles = [b'&', b'=', b'%', b'\0'];
    let naive = |s: &[u8]| {
        s.iter()
            .enumerate()
            .filter(|(_, b)| needles.contains(b))
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let bytes: Vec<u8> = (0..=255u8)
        .chain(*b"&&=%\0\0=&")
        .cycle()
        .take(600)
        .collect();
    for at in 0..bytes.len() - 64 {
        for len in 0..=64 {
            let s = &bytes[at..at + len];
            assert_eq!(needle_mask(s, needles), naive(s), "{at} {len}");
        }
        let w = bytes[at..at + 8].try_into().unwrap();
        assert_eq!(word_mask(w, needles), naive(w), "{at}");
    }
}

#[test]
fn split_masks_mark_every_needle_at_every_offset() {
    // Every needle, its neighbours and high bytes, at every position
    // of strings of every length up to 150, from every start.
    let alphabet = b"/?#[];\t\r\n.\x2e\x30\x3e\x40\x5a\x5c\x5e\x08\x0b\x0c\x0e\x80\xc3\xff\x00a";
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for len in 0..150 {
        let s: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                alphabet[(x % alphabet.len() as u64) as usize]
            })
            .collect();
        for start in 0..=len {
            assert_eq!(
                split_masks::<false>(&s, start),
                split_masks_by_hand(&s, start, false),
                "{s:?} from {start}"
            );
            assert_eq!(
                split_masks::<true>(&s, start),
                split_masks_by_hand(&s, start, true),
                "{s:?} from {start}"
            );
        }
    }
}

#[test]
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
fn portable_chunk_marks_agree_with_the_target_ones() {
    let mut chunk = [0u8; 16];
    for b in 0..=255u8 {
        for i in 0..16 {
            chunk.fill(b'a');
            chunk[i] = b;
            let (m, p) = (
                chunk_marks::<false>(&chunk),
                chunk_marks_portable::<false>(&chunk),
            );
            assert_eq!((m.delim, m.rare), (p.delim, p.rare), "{b} at {i}");
            let (m, p) = (
                chunk_marks::<true>(&chunk),
                chunk_marks_portable::<true>(&chunk),
            );
            assert_eq!((m.delim, m.rare), (p.delim, p.rare), "{b} at {i}");
        }
    }
}

#[test]
fn scheme_run_stops_at_the_first_other_byte() {
    let by_hand = |s: &[u8]| {
        let n = s
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
            .count();
        (n, s[..n].iter().any(u8::is_ascii_uppercase))
    };
    for b in 0..=255u8 {
        for len in [0, 1, 5, 15, 16, 17, 40] {
            for at in 0..len {
                let mut s = b"aZ9+-.".repeat(8)[..len].to_vec();
                s[at] = b;
                assert_eq!(scheme_run(&s), by_hand(&s), "{b} at {at} of {len}");
                s.make_ascii_lowercase();
                assert_eq!(scheme_run(&s), by_hand(&s), "{b} at {at} of {len}");
            }
        }
    }
}

#[test]
fn padded_16_is_the_bytes_then_nul() {
    let src: Vec<u8> = (1..=16).collect();
    for len in 0..16 {
        let mut want = [0u8; 16];
        want[..len].copy_from_slice(&src[..len]);
        assert_eq!(padded_16(&src[..len]), want, "{len}");
        if len < 8 {
            assert_eq!(padded_8(&src[..len])[..], want[..8], "{len}");
        }
    }
}

#[test]
fn contains_any_sees_high_bytes() {
    for len in 0..40 {
        for at in 0..len {
            let mut s = vec![b'a'; len];
            assert!(!contains_any(&s, [0xe2, 0xef]));
            for b in [0xe2, 0xef] {
                s[at] = b;
                assert!(contains_any(&s, [0xe2, 0xef]), "{b} at {at} of {len}");
                s[at] = b + 1;
                assert!(!contains_any(&s, [0xe2, 0xef]), "{b} at {at} of {len}");
            }
        }
    }
}

#[test]
fn tail_is_plain_sees_every_stop_past_start_only() {
    for len in 65..=128usize {
        for start in [64, len - 1, len - 16, len.saturating_sub(40).max(64)] {
            if start >= len || len - start > 64 {
                continue;
            }
            let plain = vec![b'a'; len];
            assert!(tail_is_plain::<false>(&plain, start), "{len} {start}");
            for at in 0..len {
                for b in [
                    b'?', b'#', b'\t', b'\n', b'\r', 0, 0x1f, b';', 0x80, 0xff, b' ',
                ] {
                    let mut s = plain.clone();
                    s[at] = b;
                    let stop = at >= start && (b < 0x20 || b == b'?' || b == b'#');
                    assert_eq!(
                        tail_is_plain::<false>(&s, start),
                        !stop,
                        "{b} at {at} {len} {start}"
                    );
                    let stop = stop || (at >= start && b == b';');
                    assert_eq!(
                        tail_is_plain::<true>(&s, start),
                        !stop,
                        "{b} at {at} {len} {start}"
                    );
                }
            }
        }
    }
}

#[test]
fn bits_from_edges() {
    assert_eq!(bits_from(0), !0);
    assert_eq!(bits_from(63), 1 << 63);
    assert_eq!(bits_from(64), 0);
    assert_eq!(bits_from(1000), 0);
}

#[test]
fn find_any_finds_the_first() {
    let hay = b"0123456789abcdef/ghijkl?mnop#qrstuvwxyz\t0123456789abcdef0123456789?";
    for len in 0..=hay.len() {
        for needles in [
            [b'/', b'?', b'#'],
            [b'#', b'#', b'#'],
            [b'\t', b'\r', b'\n'],
        ] {
            for start in 0..=len {
                let hay = &hay[start..len];
                let want = hay.iter().position(|c| needles.contains(c));
                assert_eq!(find_any(hay, needles), want, "{start}..{len} {needles:?}");
                assert_eq!(
                    find_any_swar(hay, needles),
                    want,
                    "{start}..{len} {needles:?}"
                );
            }
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

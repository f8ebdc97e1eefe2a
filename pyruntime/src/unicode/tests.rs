//! Unit tests of `unicode`.

use super::*;

#[test]
fn tables_are_sorted_and_apart() {
    for t in ALL {
        for ranges in [
            t.cased,
            t.case_ignorable,
            t.nonprintable,
            t.space,
            t.int_space,
            t.bytes_int_space,
            t.bytes_int_decimal,
            t.nfkc_delimiter,
        ] {
            assert!(ranges.iter().all(|&(lo, hi)| lo <= hi), "{}", t.version);
            assert!(ranges.windows(2).all(|w| w[0].1 < w[1].0), "{}", t.version);
        }
        assert!(t.lower.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(t.int_decimal.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(t.lower_special.windows(2).all(|w| w[0].0 < w[1].0));
        // Every mapping lands on a character.
        for &(lo, hi, delta, stride) in t.lower {
            assert!(stride == 1 || stride == 2);
            for u in (lo..=hi).step_by(stride as usize) {
                assert!(char::from_u32(u.wrapping_add_signed(delta)).is_some());
            }
        }
        assert!(t
            .int_decimal
            .iter()
            .all(|&(lo, hi, v)| u32::from(v) + hi - lo <= 9));
    }
}

#[test]
fn lowercase_as_cpython() {
    let t = &UNICODE_15_1_0;
    assert_eq!(t.lowercase("ABC"), Some("abc".into()));
    assert_eq!(t.lowercase("abc"), None);
    assert_eq!(t.lowercase("\u{130}x"), Some("i\u{307}x".into()));
    // Final sigma: after a cased letter and not before one.
    assert_eq!(t.lowercase("ΑΣ"), Some("ας".into()));
    // `.` is case-ignorable: skipped, so a cased letter follows.
    assert_eq!(t.lowercase("ΑΣ.Β"), Some("ασ.β".into()));
    assert_eq!(t.lowercase("ΑΣ-Β"), Some("ας-β".into()));
    assert_eq!(t.lowercase("ΑΣΒ"), Some("ασβ".into()));
    assert_eq!(t.lowercase("Σ"), Some("σ".into()));
    assert_eq!(t.lowercase("ΑΣ'"), Some("ας'".into()));
    // U+1C89 has a lowercase from Unicode 16 (3.14) on only.
    assert_eq!(t.lowercase("\u{1c89}x"), None);
    assert_eq!(
        UNICODE_16_0_0.lowercase("\u{1c89}x"),
        Some("\u{1c8a}x".into())
    );
    // U+2C2F (Unicode 14) lowercases in 3.11, not in 3.9.
    assert_eq!(
        UNICODE_14_0_0.lowercase("\u{2c2f}"),
        Some("\u{2c5f}".into())
    );
    assert_eq!(UNICODE_13_0_0.lowercase("\u{2c2f}"), None);
}

#[test]
fn int_chars() {
    let t = &UNICODE_13_0_0;
    assert_eq!(t.int_char('7', false), IntChar::Digit(7));
    assert_eq!(t.int_char('\u{668}', false), IntChar::Digit(8));
    assert_eq!(t.int_char('\u{3000}', false), IntChar::Space);
    // ASCII stays ASCII, read by the C locale's isspace: not U+001C.
    assert_eq!(t.int_char('\u{1c}', false), IntChar::Other('\u{1c}'));
    assert_eq!(t.int_char('\u{1c}', true), IntChar::Other('\u{1c}'));
    assert_eq!(t.int_char('\u{668}', true), IntChar::Other('\u{668}'));
    // U+1E4F0 NAG MUNDARI DIGIT ZERO is Unicode 15.
    assert_eq!(t.int_char('\u{1e4f0}', false), IntChar::Other('\u{1e4f0}'));
    assert_eq!(
        UNICODE_15_0_0.int_char('\u{1e4f1}', false),
        IntChar::Digit(1)
    );
    assert_eq!(UNICODE_9_0_0.int_max_str_digits(), None);
    assert_eq!(UNICODE_11_0_0.int_max_str_digits(), Some(4300));
}

#[test]
fn printable() {
    let t = &UNICODE_14_0_0;
    assert!(t.is_printable('a') && t.is_printable('é'));
    assert!(!t.is_printable('\u{85}') && !t.is_printable('\u{ffff}'));
    assert!(!t.is_printable('\u{1f6dc}'));
    assert!(UNICODE_15_0_0.is_printable('\u{1f6dc}'));
}

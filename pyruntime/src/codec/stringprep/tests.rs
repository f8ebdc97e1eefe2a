//! Unit tests of `stringprep`.

use super::*;

/// Values checked in CPython 3.6.15 and 3.13.0 (`stringprep` and
/// `unicodedata`).
#[test]
fn tables_read_as_cpython_gives_them() {
    assert!(mapped_to_nothing(0xad) && mapped_to_nothing(0xfe0f));
    assert!(!mapped_to_nothing(0x41));
    assert_eq!(case_folded(0x41, 0), Some(&[0x61][..]));
    assert_eq!(case_folded(0xdf, 7), Some(&[0x73, 0x73][..]));
    assert_eq!(case_folded(0x1d400, 0), Some(&[0x61][..]));
    // U+A7C0 (Unicode 14.0) lowercases from 3.11 on, and no longer
    // from 3.13.18 (B.2 is Unicode 3.2.0's); U+023A (Unicode 4.1) from
    // 3.6 to 3.13.0.
    assert_eq!(case_folded(0xa7c0, 4), None);
    assert_eq!(case_folded(0xa7c0, 5), Some(&[0xa7c1][..]));
    assert_eq!(case_folded(0xa7c0, 7), Some(&[0xa7c1][..]));
    assert_eq!(case_folded(0xa7c0, 8), None);
    assert_eq!(case_folded(0x23a, 0), Some(&[0x2c65][..]));
    assert_eq!(case_folded(0x23a, 10), None);
    assert_eq!(case_folded(0x41, 10), Some(&[0x61][..]));
    assert!(prohibited(0x80) && prohibited(0xa0) && prohibited(0x3000) && prohibited(0xe000));
    assert!(prohibited(0xd800) && prohibited(0xfffe) && prohibited(0xe0001));
    assert!(!prohibited(0x20) && !prohibited(0x7f));
    assert!(rand_al(0x5d0) && rand_al(0x627) && !rand_al(0x61));
    assert!(l_cat(0x61) && !l_cat(0x30) && !l_cat(0x5d0));
    assert_eq!(decomposition(0xfdfa).map(<[u32]>::len), Some(18));
    assert_eq!(decomposition(0xff21), Some(&[0x41][..]));
    assert_eq!(decomposition(0x61), None);
    assert_eq!(combining_class(0x301, 0), 230);
    assert_eq!(combining_class(0x41, 7), 0);
    assert_eq!(composed(0x41, 0x301, 0), Some(0xc1));
    assert_eq!(composed(0x1b05, 0x1b35, 0), Some(0x1b06));
    // U+11938 (Unicode 13.0) composes from 3.9 on.
    assert_eq!(composed(0x11935, 0x11930, 2), None);
    assert_eq!(composed(0x11935, 0x11930, 3), Some(0x11938));
    assert!(composes_first(0x41, 0) && !composes_first(0x301, 7));
}

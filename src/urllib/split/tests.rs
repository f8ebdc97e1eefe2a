//! Unit tests of `split`.

use super::*;

#[test]
fn params_split_like_cpython() {
    assert_eq!(params_start("/a;b/c;d;e"), Some(6));
    assert_eq!(params_start("a;b"), Some(1));
    assert_eq!(params_start("/a;b/c"), None);
}

#[test]
fn nfkc_netloc_check() {
    let t = crate::urllib::Profile::default().quirks().codecs.unicode;
    assert!(check_netloc("www.python.org", t).is_ok());
    assert!(check_netloc("netloc\u{2100}false.netloc", t).is_err());
    assert!(check_netloc("\u{ff03}", t).is_err());
    assert!(check_netloc("ünïcode", t).is_ok());
}

#[test]
fn the_delimiter_ranges_hold_every_release_s_table() {
    for t in urlsyntax_pyruntime::unicode::ALL {
        for &(lo, hi) in t.nfkc_delimiter_ranges() {
            for c in (lo..=hi).filter_map(char::from_u32) {
                assert!(may_decompose_to_a_delimiter(c), "U+{:04X}", c as u32);
                let lead = c.to_string().as_bytes()[0];
                assert!(lead == 0xe2 || lead == 0xef, "U+{:04X}", c as u32);
            }
        }
    }
}

//! Unit tests of `nfkc`.

use super::*;

fn nfkc_of(s: &str, release: u8) -> String {
    let cps: Vec<u32> = s.chars().map(u32::from).collect();
    nfkc(&cps, release)
        .into_iter()
        .map(|c| char::from_u32(c).unwrap_or('\u{fffd}'))
        .collect()
}

/// Each value is what `unicodedata.ucd_3_2_0.normalize("NFKC", s)`
/// gives in CPython 3.6.15 and 3.13.0.
#[test]
fn nfkc_matches_ucd_3_2_0() {
    for release in [0, 7] {
        let n = |s| nfkc_of(s, release);
        assert_eq!(n("abc"), "abc");
        assert_eq!(n("A\u{301}"), "\u{c1}");
        assert_eq!(n("\u{fb01}"), "fi");
        assert_eq!(n("\u{2460}"), "1");
        assert_eq!(n("\u{ff21}\u{ff42}"), "Ab");
        assert_eq!(n("\u{1100}\u{1161}\u{11a8}"), "\u{ac01}");
        assert_eq!(n("\u{ac01}"), "\u{ac01}");
        assert_eq!(n("\u{3300}"), "\u{30a2}\u{30d1}\u{30fc}\u{30c8}");
        // Marks reordered by class, then the unblocked one composed.
        assert_eq!(n("a\u{301}\u{323}"), "\u{1ea1}\u{301}");
        assert_eq!(n("a\u{323}\u{301}"), "\u{1ea1}\u{301}");
        // A mark Unicode 3.2.0 lacks still sorts by its class (220).
        assert_eq!(n("a\u{301}\u{353}"), "\u{e1}\u{353}");
        // Characters Unicode 3.2.0 lacks compose with the release's table.
        assert_eq!(n("\u{1b05}\u{1b35}"), "\u{1b06}");
        // U+F951: a 3.2.0 normalization correction.
        assert_eq!(n("\u{f951}"), "\u{964b}");
        assert_eq!(n("\u{fdfa}").chars().count(), 18);
        assert_eq!(n("\u{1e9b}\u{323}"), "\u{1e69}");
    }
    // U+11938 (Unicode 13.0) composes from 3.9 on.
    assert_eq!(nfkc_of("\u{11935}\u{11930}", 2), "\u{11935}\u{11930}");
    assert_eq!(nfkc_of("\u{11935}\u{11930}", 3), "\u{11938}");
}

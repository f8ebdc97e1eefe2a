//! Unit tests of `unicode_names`.

use super::name;

#[test]
fn names_per_release() {
    assert_eq!(name(0x20ac, 3).as_deref(), Some("EURO SIGN"));
    assert_eq!(name(0x25, 3).as_deref(), Some("PERCENT SIGN"));
    assert_eq!(name(0xac00, 3).as_deref(), Some("HANGUL SYLLABLE GA"));
    assert_eq!(name(0xd7a3, 7).as_deref(), Some("HANGUL SYLLABLE HIH"));
    assert_eq!(
        name(0x4e00, 3).as_deref(),
        Some("CJK UNIFIED IDEOGRAPH-4E00")
    );
    assert_eq!(name(0xf0000, 3).as_deref(), Some("NULL"));
    assert_eq!(name(0, 7), None);
    // U+1FAE8 SHAKING FACE: Unicode 15.0, CPython 3.12.
    assert_eq!(name(0x1fae8, 5), None);
    assert_eq!(name(0x1fae8, 6).as_deref(), Some("SHAKING FACE"));
    // U+1F97A FACE WITH PLEADING EYES: Unicode 11.0, CPython 3.7.
    assert_eq!(name(0x1f97a, 0), None);
    assert_eq!(name(0x1f97a, 1).as_deref(), Some("FACE WITH PLEADING EYES"));
}

#[test]
fn escapes_read_names_as_cpython() {
    use super::lookup;
    let l = |n: &str, r| lookup(n.as_bytes(), r, false);
    assert_eq!(l("LATIN SMALL LETTER A", 7), Some(0x61));
    assert_eq!(l("latin Small letter a", 0), Some(0x61));
    // Aliases, any case; named sequences never.
    assert_eq!(l("lf", 3), Some(0x0a));
    assert_eq!(l("BYTE ORDER MARK", 3), Some(0xfeff));
    assert_eq!(l("LATIN CAPITAL LETTER A WITH MACRON AND GRAVE", 7), None);
    // The algorithmic names: exact case, 4 or 5 hex digits.
    assert_eq!(l("HANGUL SYLLABLE GAGG", 7), Some(0xac02));
    assert_eq!(l("HANGUL SYLLABLE A", 7), Some(0xc544));
    assert_eq!(l("hangul syllable ga", 7), None);
    assert_eq!(l("HANGUL SYLLABLE ", 7), None);
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-04E00", 7), Some(0x4e00));
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-4e00", 7), None);
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-004E00", 7), None);
    // Unicode 15.1 (3.13 only).
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-2EBF0", 7), Some(0x2ebf0));
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-2EBF0", 6), None);
    // Names the database holds, spelled with their own digits.
    assert_eq!(l("cjk compatibility ideograph-f900", 0), Some(0xf900));
    assert_eq!(l("CJK COMPATIBILITY IDEOGRAPH-0F900", 0), None);
    assert_eq!(l("NUSHU CHARACTER-1B170", 0), None);
    assert_eq!(l("NUSHU CHARACTER-1B170", 1), Some(0x1b170));
    assert_eq!(l("TANGUT IDEOGRAPH-17000", 7), None);
    // U+1FAE8 SHAKING FACE: Unicode 15.0, CPython 3.12.
    assert_eq!(l("SHAKING FACE", 5), None);
    assert_eq!(l("shaking face", 6), Some(0x1fae8));
}

#[test]
fn escapes_of_3_13_18_on() {
    use super::lookup;
    // 3.13.18 (8), 3.14 (9), 3.15 (10): the algorithmic names in any
    // case, the hex digits as written (gh-80667).
    let l = |n: &str, r| lookup(n.as_bytes(), r, true);
    assert_eq!(l("cjk unified ideograph-4e00", 8), Some(0x4e00));
    assert_eq!(l("CJK UNIFIED IDEOGRAPH-04E00", 8), None);
    assert_eq!(l("hangul syllable gag", 9), Some(0xac01));
    assert_eq!(l("HANGUL SYLLABLE gAg", 10), Some(0xac01));
    // Tangut ideographs: read from 3.13.18, written from 3.15.
    assert_eq!(l("tangut ideograph-18d08", 8), Some(0x18d08));
    assert_eq!(lookup(b"TANGUT IDEOGRAPH-17000", 7, false), None);
    assert_eq!(name(0x17000, 9), None);
    assert_eq!(name(0x17000, 10).as_deref(), Some("TANGUT IDEOGRAPH-17000"));
    assert_eq!(l("TANGUT IDEOGRAPH-187FF", 9), None);
    assert_eq!(l("TANGUT IDEOGRAPH-187FF", 10), Some(0x187ff));
    // Egyptian hieroglyphs of Unicode 16 (3.14).
    assert_eq!(l("egyptian hieroglyph-13460", 8), None);
    assert_eq!(l("egyptian hieroglyph-13460", 9), Some(0x13460));
    assert_eq!(
        name(0x13460, 9).as_deref(),
        Some("EGYPTIAN HIEROGLYPH-13460")
    );
}

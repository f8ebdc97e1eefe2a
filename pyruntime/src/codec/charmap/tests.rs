//! Unit tests of `charmap`.

use super::*;
use crate::codec::names::{CHARMAPS_3_13_18, CHARMAPS_3_6, CHARMAPS_3_9};

/// The codec of `module` as the newest tables have it.
fn newest(module: &str) -> Option<Charmap> {
    Charmap::from_module_or_last(module, CHARMAPS_3_13_18)
}

#[test]
fn cp1252_both_ways() {
    let c = newest("cp1252").unwrap();
    assert_eq!(c.module(), "cp1252");
    assert_eq!(c.decode_byte(0x80), Some(0x20ac));
    assert_eq!(c.decode_byte(0x81), None);
    assert_eq!(c.encode_char(0x20ac), Some(0x80));
    assert_eq!(c.encode_char(u32::from(b'a')), Some(b'a'));
    assert_eq!(c.encode_char(0x3042), None);
    let ebcdic = newest("cp037").unwrap();
    assert_eq!(ebcdic.encode_char(u32::from(b'a')), Some(0x81));
    assert!(newest("utf_8").is_none());
    // palmos's 0x9B: U+009B up to 3.13.0, U+203A from 3.13.18
    // (gh-135995); mac_centeuro only up to 3.8.
    // (3.9 to 3.13.0 have CHARMAPS_3_9, 3.6 to 3.8 CHARMAPS_3_6.)
    let palmos = |codecs| Charmap::from_module_in("palmos", codecs).unwrap();
    assert_eq!(palmos(CHARMAPS_3_9).decode_byte(0x9b), Some(0x9b));
    assert_eq!(palmos(CHARMAPS_3_13_18).decode_byte(0x9b), Some(0x203a));
    assert_eq!(palmos(CHARMAPS_3_13_18).encode_char(0x9b), None);
    assert!(Charmap::from_module_in("mac_centeuro", CHARMAPS_3_9).is_none());
    assert!(Charmap::from_module_in("mac_centeuro", CHARMAPS_3_6).is_some());
    assert!(newest("mac_centeuro").is_some());
    // The built table and the generated entries agree.
    for m in ["cp1252", "cp037", "koi8_r", "mac_roman"] {
        let m = newest(m).unwrap();
        for c in (0..0x10000).chain([0x10000, 0x10ffff]) {
            assert_eq!(m.encode_char(c), m.encode_char_searched(c), "{c:x}");
        }
    }
}

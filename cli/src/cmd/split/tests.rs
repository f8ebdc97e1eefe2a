//! The record writer's pieces against their plain definitions: the JSON
//! escaping against `serde_json` (which escapes as Python's `json.dumps`
//! with `ensure_ascii=False`), the keys against the field names, the line
//! cutting against `split_inclusive`.

use super::{first_escaped, json_str, lines_of, JSON_KEYS};
use crate::cmd::chomp;
use urlsyntax_fields::Field;

fn escaped(s: &str) -> String {
    let mut out = String::new();
    json_str(&mut out, s);
    out
}

#[test]
fn every_ascii_byte_at_every_place_of_a_word_escapes_as_serde_json() {
    for len in [1, 7, 8, 9, 15, 16, 17, 24, 40] {
        for at in 0..len {
            for c in (0u8..0x80).map(char::from).chain(['é', '\u{2028}', '😀']) {
                let mut s: String = "a".repeat(len);
                s.replace_range(at..=at, c.encode_utf8(&mut [0; 4]));
                let want = serde_json::to_string(&s).expect("a string serializes");
                assert_eq!(escaped(&s), want, "{s:?}");
                let first = s.bytes().position(|b| b < 0x20 || b == b'"' || b == b'\\');
                assert_eq!(first_escaped(s.as_bytes()), first, "{s:?}");
            }
        }
    }
}

#[test]
fn random_text_escapes_as_serde_json() {
    let alphabet: Vec<char> = "ab/:?#@[]%\"\\\t\n\r\u{0}\u{1f}\u{7f}é€😀 "
        .chars()
        .collect();
    let mut rng = fastrand::Rng::with_seed(44);
    for _ in 0..20_000 {
        let len = rng.usize(0..70);
        let s: String = (0..len)
            .map(|_| alphabet[rng.usize(..alphabet.len())])
            .collect();
        let want = serde_json::to_string(&s).expect("a string serializes");
        assert_eq!(escaped(&s), want, "{s:?}");
    }
}

#[test]
fn each_key_is_its_fields_at_its_number() {
    for field in Field::ALL {
        assert_eq!(Field::ALL[field as usize], field);
        assert_eq!(JSON_KEYS[field as usize], format!(",\"{}\":", field.name()));
    }
}

#[test]
fn lines_are_cut_as_split_inclusive_cuts_them() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..5_000 {
        let len = rng.usize(0..200);
        let block: Vec<u8> = (0..len)
            .map(|_| [b'a', b'\n', b'\r', b'x'][rng.usize(..4)])
            .collect();
        let want: Vec<&[u8]> = block.split_inclusive(|&b| b == b'\n').map(chomp).collect();
        assert_eq!(lines_of(&block), want, "{block:?}");
    }
}

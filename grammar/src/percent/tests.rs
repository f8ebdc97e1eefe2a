//! Unit tests of `percent`.

use super::*;

#[test]
fn unreserved_table_is_exact() {
    for b in 0..=255u8 {
        let expected = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        assert_eq!(ByteSet::UNRESERVED.contains(b), expected, "{b}");
    }
}

#[test]
fn hex_values() {
    for b in 0..=255u8 {
        let expected = (b as char).to_digit(16).map(|d| d as u8);
        assert_eq!(hex_value(b), expected.filter(|_| b.is_ascii()), "{b}");
    }
}

#[test]
fn decode_is_lenient() {
    assert_eq!(&*decode(b"%"), b"%");
    assert_eq!(&*decode(b"%4"), b"%4");
    assert_eq!(&*decode(b"%zz%41%4a%4A"), b"%zzAJJ");
    assert_eq!(&*decode(b"%%41"), b"%A");
    assert_eq!(&*decode(b"a%41b%4"), b"aAb%4");
    assert_eq!(&*decode("é%C3%A9%".as_bytes()), "éé%".as_bytes());
}

#[test]
fn decode_plus_reads_literal_pluses_only() {
    assert_eq!(&*decode_plus(b"a+b"), b"a b");
    assert_eq!(&*decode_plus(b"%2B+%2b"), b"+ +");
    assert_eq!(&*decode_plus(b"+%+"), b" % ");
    assert!(matches!(decode_plus(b"abc"), Cow::Borrowed(_)));
    for s in [&b"a+b%20c%"[..], b"+++", b"%zz+%41", b""] {
        let spaced: Vec<u8> = s
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect();
        assert_eq!(decode_plus(s), decode(&spaced), "{s:?}");
    }
}

#[test]
fn encode_plus() {
    let safe = ByteSet::UNRESERVED.with(b' ');
    let mut out = String::new();
    encode_plus_into(b" a b&c  ", &safe, &mut out);
    assert_eq!(out, "+a+b%26c++");
    out.clear();
    encode_plus_into(b"a b", &ByteSet::UNRESERVED, &mut out);
    assert_eq!(out, "a%20b");
}

#[test]
fn encode_runs_and_escapes() {
    const SAFE: ByteSet = ByteSet::UNRESERVED.with(b'/');
    for (input, want) in [
        (&b""[..], ""),
        (b"abc", "abc"),
        (b" ", "%20"),
        (b"a b/c\xff", "a%20b/c%FF"),
        (b"%%", "%25%25"),
    ] {
        let mut out = String::from(">");
        encode_into(input, &SAFE, &mut out);
        assert_eq!(out, format!(">{want}"));
    }
}

#[test]
fn text_and_plus_forms_agree_with_bytes() {
    let text = " a/b c\u{e9}%\u{20ac}~ \u{1f600}x  ";
    for safe in [
        ByteSet::UNRESERVED,
        ByteSet::UNRESERVED.with(b' '),
        ByteSet::UNRESERVED.with(b'/'),
        ByteSet::UNRESERVED.with(b' ').with(b'/'),
        ByteSet::EMPTY.with(0xc3).with(b' '),
    ] {
        let (mut bytes, mut text_out) = (String::new(), String::new());
        encode_into(text.as_bytes(), &safe, &mut bytes);
        encode_str_into(text, &safe, &mut text_out);
        assert_eq!(bytes, text_out);
        // The plus forms: the kept spaces of the plain form become `+`.
        if safe == QUOTE_DEFAULT.0 {
            let mut table_out = String::new();
            encode_str_quote_default_into(text, &mut table_out);
            assert_eq!(table_out, bytes);
            let mut bytes_table_out = String::new();
            encode_quote_default_into(text.as_bytes(), &mut bytes_table_out);
            assert_eq!(bytes_table_out, bytes);
        }
        if safe == PLUS_DEFAULT.0.with(b' ') {
            let mut table_out = String::new();
            encode_plus_str_default_into(text, &mut table_out);
            assert_eq!(table_out, bytes.replace(' ', "+"));
        }
        let want = if safe.contains(b' ') {
            bytes.replace(' ', "+")
        } else {
            bytes.clone()
        };
        let (mut plus, mut plus_text) = (String::new(), String::new());
        encode_plus_into(text.as_bytes(), &safe, &mut plus);
        encode_plus_str_into(text, &safe, &mut plus_text);
        assert_eq!(plus, want);
        assert_eq!(plus_text, want);
    }
}

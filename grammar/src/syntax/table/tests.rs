//! Unit tests of `table`.

use super::ascii_lowercase;

#[test]
fn word_lowercasing_is_bytewise() {
    for b in 0..=255u8 {
        for pos in 0..8 {
            let mut bytes = [b'Q', 0xc9, b'@', b'[', b'a', b'Z', b'`', b'{'];
            bytes[pos] = b;
            let want = bytes.map(|x| x.to_ascii_lowercase());
            let got = ascii_lowercase(u64::from_le_bytes(bytes)).to_le_bytes();
            assert_eq!(got, want, "{bytes:?}");
        }
    }
}

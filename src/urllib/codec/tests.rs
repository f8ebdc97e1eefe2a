//! Unit tests of `Codec`: the `cjk-codecs` feature's edges.

use super::*;

/// Without the `cjk-codecs` feature an East Asian codec is an error
/// that names the feature, by every name; other codecs are unaffected.
#[cfg(not(feature = "cjk-codecs"))]
#[test]
fn east_asian_codecs_need_their_feature() {
    for name in ["shift_jis", "SJIS", "gbk", "big5", "euc-kr", "iso2022_jp"] {
        match Codec::lookup(name) {
            Err(Error::Value { message }) => {
                assert!(message.starts_with(UNREPRESENTABLE), "{message}");
                assert!(message.contains("`cjk-codecs` feature"), "{message}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let cp1252 = Codec::lookup("cp1252").unwrap();
    assert_eq!(&*cp1252.encode("€", "strict").unwrap(), b"\x80");
}

/// The ASCII head of a stateless multibyte codec is copied, and an
/// error after it is placed in the whole text, as CPython places it.
#[cfg(feature = "cjk-codecs")]
#[test]
fn errors_after_an_ascii_head_keep_their_positions() {
    let sjis = Codec::lookup("shift_jis").unwrap();
    assert_eq!(&*sjis.encode("ab日", "strict").unwrap(), b"ab\x93\xfa");
    match sjis.encode("ab日€c", "strict") {
        Err(Error::Encode { position, end, .. }) => assert_eq!((position, end), (3, 4)),
        other => panic!("{other:?}"),
    }
    assert_eq!(&*sjis.encode("ab€", "replace").unwrap(), b"ab?");
    assert_eq!(&*sjis.encode("€", "xmlcharrefreplace").unwrap(), b"&#8364;");
}

//! Unit tests of `pyrepr`.

use super::*;
use crate::urllib::Profile;
use urlsyntax_pyruntime::repr::{bytes_repr, int_str, list_repr, tuple_repr};

#[test]
fn reprs_match_python() {
    // The errors' messages write as the default profile does.
    let newest = urlsyntax_pyruntime::unicode::ALL[urlsyntax_pyruntime::unicode::ALL.len() - 1];
    assert!(std::ptr::eq(
        Profile::default().quirks().codecs.unicode,
        newest
    ));
    assert_eq!(str_repr("a'b"), "\"a'b\"");
    assert_eq!(str_repr("a'\"b"), "'a\\'\"b'");
    assert_eq!(str_repr("\x00\u{85}é\u{ffff}"), "'\\x00\\x85é\\uffff'");
    assert_eq!(bytes_repr(b"a\x00'"), "b\"a\\x00'\"");
    assert_eq!(bytes_repr(b""), "b''");
    // unassigned astral code points are escaped (found by fuzzing)
    assert_eq!(str_repr("\u{72801}\u{100ff}"), "'\\U00072801\\U000100ff'");
    // U+1F6DC (Unicode 15.0) is printable in 3.12, not in 3.11
    assert_eq!(str_repr_in("\u{1f6dc}", Profile::Py3_12_1), "'\u{1f6dc}'");
    assert_eq!(str_repr_in("\u{1f6dc}", Profile::Py3_11_7), "'\\U0001f6dc'");
}

#[test]
fn sequence_and_int_reprs_match_python() {
    let items = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(list_repr(&items(&["1"])), "[1]");
    assert_eq!(tuple_repr(&items(&["1"])), "(1,)");
    assert_eq!(list_repr(&[]), "[]");
    assert_eq!(tuple_repr(&[]), "()");
    assert_eq!(tuple_repr(&items(&["1", "'a'"])), "(1, 'a')");
    let big = "9".repeat(4300);
    assert_eq!(int_str(&big, Some(4300)), Ok(big.as_str()));
    let neg = format!("-{big}");
    assert!(int_str(&neg, Some(4300)).is_ok());
    let over = format!("-{big}9");
    assert!(int_str(&over, Some(4300)).is_err());
    assert!(int_str(&over, None).is_ok());
}

//! Unit tests of `text`.

use super::*;

#[test]
fn unwrap_follows_python() {
    assert_eq!(unwrap("  <URL: http://x > "), "http://x");
    assert_eq!(unwrap("<>"), "");
    assert_eq!(unwrap("<"), "<");
    assert_eq!(unwrap("\x1c URL:a\x1f"), "a");
    // U+180E is whitespace in Unicode 6.3 and earlier only.
    assert_eq!(unwrap(" \u{180e}"), "\u{180e}");
}

#[test]
fn partitions() {
    assert_eq!(partition("a:b:c", ':'), ("a", true, "b:c"));
    assert_eq!(rpartition("a@b@c", '@'), ("a@b", true, "c"));
    assert_eq!(rpartition("abc", '@'), ("", false, "abc"));
}

//! Unit tests of `int`.

use super::*;
use crate::unicode::{UNICODE_13_0_0, UNICODE_15_1_0, UNICODE_9_0_0};

#[test]
fn int_as_cpython() {
    let t = &UNICODE_13_0_0;
    let int = |s: &str| python_int(s, false, t);
    assert_eq!(int(" 80 "), Ok(Some(80)));
    assert_eq!(int("+8_0"), Ok(Some(80)));
    assert_eq!(int("-0"), Ok(Some(0)));
    assert_eq!(int("-1"), Ok(None));
    assert_eq!(int("\u{3000}٨٠\u{2028}"), Ok(Some(80)));
    assert_eq!(int("99999999999"), Ok(None));
    for bad in [
        "", " ", "_1", "1_", "8__0", "+ 1", "+-1", "1 2", "\u{1c}1", "0x1",
    ] {
        assert_eq!(int(bad), Err(IntError::Invalid), "{bad:?}");
    }
    assert_eq!(python_int("٨٠", true, t), Err(IntError::Invalid));
    assert_eq!(python_int("\u{b}80\t", true, t), Ok(Some(80)));
}

#[test]
fn the_digit_limit_per_release() {
    let long = "1".repeat(4301);
    let junk = format!("{long}x");
    assert_eq!(python_int(&long, false, &UNICODE_9_0_0), Ok(None));
    assert_eq!(
        python_int(&long, false, &UNICODE_13_0_0),
        Err(IntError::TooManyDigits(4301))
    );
    assert_eq!(
        python_int(&"1_".repeat(4300), false, &UNICODE_13_0_0),
        Err(IntError::Invalid)
    );
    assert_eq!(
        python_int(&format!("{}1", "1_".repeat(4300)), false, &UNICODE_13_0_0),
        Err(IntError::TooManyDigits(4301))
    );
    // Up to 3.12 the limit comes first; 3.13 reads the whole text first.
    assert_eq!(
        python_int(&junk, false, &UNICODE_13_0_0),
        Err(IntError::TooManyDigits(4301))
    );
    assert_eq!(
        python_int(&junk, false, &UNICODE_15_1_0),
        Err(IntError::Invalid)
    );
    assert_eq!(
        python_int(&"1".repeat(4300), false, &UNICODE_15_1_0),
        Ok(None)
    );
}

//! Python's `int(text, 10)` as each release runs it: the digits and
//! whitespace of its Unicode tables, one sign, single `_` between digits,
//! and the digit limit (`sys.get_int_max_str_digits()`) where it has one.

use crate::python::unicode::{IntChar, UnicodeTables};

/// Why `int(text, 10)` raised `ValueError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntError {
    /// `invalid literal for int() with base 10: ...`.
    Invalid,
    /// `Exceeds the limit (4300 digits) for integer string conversion`,
    /// with the number of digits.
    TooManyDigits(usize),
}

/// `int(text, 10)`, or `int(bytes, 10)` when `bytes` (ASCII digits and
/// whitespace only): the value when it is within `u32` and not negative
/// (`-0` is 0), `Ok(None)` for any other integer.
///
/// As CPython reads it: whitespace, a sign, then digits with single
/// underscores between them; the limit is checked right after the digits
/// (up to 3.12) or once the whole text is read (3.13); then whitespace and
/// the end.
pub(crate) fn python_int(
    text: &str,
    bytes: bool,
    unicode: &UnicodeTables,
) -> Result<Option<u32>, IntError> {
    let mut chars = text.chars().map(|c| unicode.int_char(c, bytes)).peekable();
    while chars.next_if_eq(&IntChar::Space).is_some() {}
    let negative = match chars.peek() {
        Some(&IntChar::Other(sign @ ('-' | '+'))) => {
            chars.next();
            sign == '-'
        }
        _ => false,
    };
    let mut value = Some(0u32);
    let mut digits = 0usize;
    // A `_` may not lead, follow another, or end the digits.
    let mut after_underscore = true;
    loop {
        match chars.peek() {
            Some(&IntChar::Digit(d)) => {
                value = value.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d)));
                digits += 1;
                after_underscore = false;
            }
            Some(IntChar::Other('_')) if !after_underscore => after_underscore = true,
            Some(IntChar::Other('_')) => return Err(IntError::Invalid),
            _ => break,
        }
        chars.next();
    }
    if digits == 0 || after_underscore {
        return Err(IntError::Invalid);
    }
    let over_limit = unicode.int_max_str_digits().is_some_and(|l| digits > l);
    if over_limit && unicode.int_limit_before_rest() {
        return Err(IntError::TooManyDigits(digits));
    }
    while chars.next_if_eq(&IntChar::Space).is_some() {}
    if chars.next().is_some() {
        return Err(IntError::Invalid);
    }
    if over_limit {
        return Err(IntError::TooManyDigits(digits));
    }
    Ok(match value {
        Some(v) if negative && v != 0 => None,
        v => v,
    })
}

#[cfg(test)]
mod tests {
    use super::super::unicode::{UNICODE_13_0_0, UNICODE_15_1_0, UNICODE_9_0_0};
    use super::*;

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
}

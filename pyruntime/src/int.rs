//! Python's `int(text, 10)` as each release runs it: the digits and
//! whitespace of its Unicode tables, one sign, single `_` between digits,
//! and the digit limit (`sys.get_int_max_str_digits()`) where it has one.

use crate::unicode::{IntChar, UnicodeTables};

/// Why `int(text, 10)` raised `ValueError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntError {
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
pub fn python_int(
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
mod tests;

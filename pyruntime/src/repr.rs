//! Python's `repr` of `str`, `bytes`, `int`, lists and tuples, which
//! CPython's messages (and `str()` of non-text values) use; `urllib`'s
//! urlsyntax's `pyrepr` is their public face.

use super::unicode::UnicodeTables;

/// `repr(s)` for a `str` as the newest release writes it (the default
/// profile's: the error messages' `repr`).
pub(crate) fn str_repr_newest(s: &str) -> String {
    str_repr_with(s, super::unicode::ALL[super::unicode::ALL.len() - 1])
}

/// `repr(s)` for a `str`, the characters escaped those `unicode` (a
/// release's database) does not print.
pub fn str_repr_with(s: &str, unicode: &UnicodeTables) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if unicode.is_printable(c) => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// `repr(b)` for `bytes` (also what `str(b)` gives).
pub fn bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::with_capacity(b.len() + 3);
    out.push('b');
    out.push(quote as char);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote as char);
    out
}

/// `repr()` of a list, from its items' reprs: `[a, b]`.
pub fn list_repr(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// `repr()` of a tuple, from its items' reprs: `(a,)` for one item,
/// `(a, b)` otherwise.
pub fn tuple_repr(items: &[String]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// `str()` of an `int` given by its decimal text (`-` first when
/// negative): CPython refuses to write more than `max_digits` digits
/// (`sys.get_int_max_str_digits()`, CVE-2020-10735) with a `ValueError`,
/// whose message is returned as the error.
pub fn int_str(decimal: &str, max_digits: Option<usize>) -> Result<&str, String> {
    let digits = decimal.strip_prefix('-').unwrap_or(decimal).len();
    match max_digits {
        Some(limit) if digits > limit => Err(format!(
            "Exceeds the limit ({limit} digits) for integer string conversion; \
             use sys.set_int_max_str_digits() to increase the limit"
        )),
        _ => Ok(decimal),
    }
}

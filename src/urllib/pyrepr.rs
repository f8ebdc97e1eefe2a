//! Python's `repr` of `str`, `bytes`, `int`, lists and tuples, which
//! CPython's messages (and `str()` of non-text values) use.

use super::Behaviour;

/// `repr(s)` for a `str`, as the default profile (CPython 3.15.2) writes it.
pub fn str_repr(s: &str) -> String {
    str_repr_in(s, Behaviour::default())
}

/// `repr(s)` for a `str`, as `profile`'s CPython writes it (which
/// characters are escaped follows its Unicode version).
pub fn str_repr_in(s: &str, behaviour: impl Into<Behaviour>) -> String {
    let unicode = behaviour.into().quirks().unicode;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urllib::Profile;

    #[test]
    fn reprs_match_python() {
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
}

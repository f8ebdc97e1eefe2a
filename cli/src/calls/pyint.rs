//! Python's `int` of any size, as the calls protocol carries it: by its
//! decimal text (JSON integers of any length, read with serde_json's
//! `arbitrary_precision`).

use serde_json::Value as Json;
use urlsyntax::urllib::QueryValue;

/// An `int`, as canonical decimal text: no leading zeros, `-` only before
/// a non-zero magnitude.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyInt(String);

impl PyInt {
    /// Reads a JSON integer literal (`-?[0-9]+`); `None` for anything else
    /// (fractions and exponents are not `int`s).
    pub fn parse(text: &str) -> Option<PyInt> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = digits.trim_start_matches('0');
        Some(PyInt(match (digits.is_empty(), negative) {
            (true, _) => "0".to_string(),
            (false, true) => format!("-{digits}"),
            (false, false) => digits.to_string(),
        }))
    }

    /// The decimal text (what `str()` writes, limits aside).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value, when it fits an `i128`.
    pub fn as_i128(&self) -> Option<i128> {
        self.0.parse().ok()
    }

    /// `int < 0`.
    pub fn is_negative(&self) -> bool {
        self.0.starts_with('-')
    }

    /// `int == 0` (Python's falsiness).
    pub fn is_zero(&self) -> bool {
        self.0 == "0"
    }

    /// The value clamped to `i64`: comparisons with counts below `2**63`
    /// come out the same.
    pub fn clamp_i64(&self) -> i64 {
        match self.as_i128() {
            Some(i) => i.clamp(i64::MIN.into(), i64::MAX.into()) as i64,
            None if self.is_negative() => i64::MIN,
            None => i64::MAX,
        }
    }

    /// The JSON number of the same digits.
    pub fn to_json(&self) -> Json {
        match self.0.parse::<serde_json::Number>() {
            Ok(n) => Json::Number(n),
            // Unreachable for canonical text; kept total.
            Err(_) => Json::String(self.0.clone()),
        }
    }

    /// The value as `urlencode` takes it.
    pub fn to_query_value(&self) -> QueryValue {
        match self.as_i128() {
            Some(i) => QueryValue::Int(i),
            None => QueryValue::BigInt(self.0.clone()),
        }
    }
}

impl From<i128> for PyInt {
    fn from(i: i128) -> Self {
        PyInt(i.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_integers_of_any_size() {
        let big = PyInt::parse("18446744073709551616").expect("2**64");
        assert_eq!(big.as_i128(), Some(1 << 64));
        assert_eq!(big.clamp_i64(), i64::MAX);
        let huge = PyInt::parse(&format!("-{}", "9".repeat(200))).expect("200 digits");
        assert_eq!(huge.as_i128(), None);
        assert!(huge.is_negative());
        assert_eq!(huge.clamp_i64(), i64::MIN);
        assert_eq!(huge.to_json().to_string(), huge.as_str());
        assert_eq!(PyInt::parse("-0"), Some(PyInt::from(0)));
        assert_eq!(PyInt::parse("007"), Some(PyInt::from(7)));
        assert!(PyInt::parse("0").expect("zero").is_zero());
        for bad in ["", "-", "1.5", "1e3", "+1", " 1"] {
            assert_eq!(PyInt::parse(bad), None, "{bad:?}");
        }
    }
}

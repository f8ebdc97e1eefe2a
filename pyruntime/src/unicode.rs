//! The Unicode database and `int()` rules of each CPython release, as
//! `urllib.parse`'s answers read them: tables generated from the
//! interpreters themselves (`tools/gen/unicode_tables.py` writes
//! `data/unicode/`; `tests/differential/unicode_tables.rs` checks them),
//! one per Unicode version, reached through
//! `CodecRules::unicode`.

/// What one CPython release's `str.lower`, `str.isprintable`, `str.strip`,
/// `int()` and NFKC make of each code point. Ranges are sorted and
/// inclusive, for binary search.
#[derive(Clone, Debug)]
pub struct UnicodeTables {
    /// The Unicode version (`unicodedata.unidata_version`).
    version: &'static str,
    /// `str.lower` of one character to one: `(lo, hi, delta, stride)`,
    /// every `stride`-th code point from `lo` to `hi` maps to itself plus
    /// `delta` (the ones between map to themselves).
    lower: &'static [(u32, u32, i32, u32)],
    /// `str.lower` of one character to several (U+0130).
    lower_special: &'static [(u32, &'static str)],
    /// Cased and not case-ignorable: before a final sigma, it makes the
    /// sigma final; after it, it keeps the sigma from being final.
    cased: &'static [(u32, u32)],
    /// Case-ignorable: skipped when looking around a sigma.
    case_ignorable: &'static [(u32, u32)],
    /// Not `str.isprintable()`: `repr` escapes them.
    nonprintable: &'static [(u32, u32)],
    /// What `str.strip()` removes (`str.isspace()`).
    space: &'static [(u32, u32)],
    /// What `int(str)` accepts around the digits.
    int_space: &'static [(u32, u32)],
    /// What `int(str)` takes for digits: `(lo, hi, value of lo)`.
    int_decimal: &'static [(u32, u32, u8)],
    /// What `int(bytes)` accepts around the digits.
    bytes_int_space: &'static [(u32, u32)],
    /// What `int(bytes)` takes for digits.
    bytes_int_decimal: &'static [(u32, u32)],
    /// Non-ASCII characters whose NFKC holds one of `/?#@:`.
    nfkc_delimiter: &'static [(u32, u32)],
    /// Non-ASCII characters `encodings.normalize_encoding` keeps in a codec
    /// name (its letters and digits up to 3.8; none from 3.9).
    codec_name_kept: &'static [(u32, u32)],
    /// `sys.get_int_max_str_digits()`; 0 where the release has no limit.
    int_max_str_digits: usize,
    /// The limit's `ValueError` message around `has N digits`.
    int_limit_message: (&'static str, &'static str),
    /// Up to 3.12 the limit is checked right after the digits, before what
    /// follows them is read; 3.13 checks the whole literal first.
    int_limit_before_rest: bool,
}

/// CPython 3.6.15.
pub static UNICODE_9_0_0: UnicodeTables = include!("../data/unicode/unicode_9_0_0.in");
/// CPython 3.7.16.
pub static UNICODE_11_0_0: UnicodeTables = include!("../data/unicode/unicode_11_0_0.in");
/// CPython 3.8.18.
pub static UNICODE_12_1_0: UnicodeTables = include!("../data/unicode/unicode_12_1_0.in");
/// CPython 3.9.18 and 3.10.13.
pub static UNICODE_13_0_0: UnicodeTables = include!("../data/unicode/unicode_13_0_0.in");
/// CPython 3.11.7.
pub static UNICODE_14_0_0: UnicodeTables = include!("../data/unicode/unicode_14_0_0.in");
/// CPython 3.12.1.
pub static UNICODE_15_0_0: UnicodeTables = include!("../data/unicode/unicode_15_0_0.in");
/// CPython 3.13.0 and 3.13.18.
pub static UNICODE_15_1_0: UnicodeTables = include!("../data/unicode/unicode_15_1_0.in");
/// CPython 3.14.10.
pub static UNICODE_16_0_0: UnicodeTables = include!("../data/unicode/unicode_16_0_0.in");
/// CPython 3.15.2.
pub static UNICODE_17_0_0: UnicodeTables = include!("../data/unicode/unicode_17_0_0.in");

/// Every table, oldest first.
pub static ALL: [&UnicodeTables; 9] = [
    &UNICODE_9_0_0,
    &UNICODE_11_0_0,
    &UNICODE_12_1_0,
    &UNICODE_13_0_0,
    &UNICODE_14_0_0,
    &UNICODE_15_0_0,
    &UNICODE_15_1_0,
    &UNICODE_16_0_0,
    &UNICODE_17_0_0,
];

fn in_ranges(table: &[(u32, u32)], u: u32) -> bool {
    let i = table.partition_point(|&(lo, _)| lo <= u);
    i > 0 && u <= table[i - 1].1
}

const SIGMA: char = '\u{3a3}';

impl UnicodeTables {
    /// The Unicode version, e.g. `"15.1.0"`.
    pub fn version(&self) -> &'static str {
        self.version
    }

    /// Whether the codec registry keeps `c` when it normalizes a codec
    /// name (so that the name can match no codec).
    pub(crate) fn codec_name_keeps(&self, c: char) -> bool {
        !c.is_ascii() && in_ranges(self.codec_name_kept, u32::from(c))
    }

    /// `c.isprintable()`.
    #[inline]
    pub fn is_printable(&self, c: char) -> bool {
        if (' '..='~').contains(&c) {
            return true;
        }
        !in_ranges(self.nonprintable, c as u32)
    }

    /// `c.isspace()`: what `str.strip()` removes.
    pub fn is_space(&self, c: char) -> bool {
        in_ranges(self.space, c as u32)
    }

    /// `s.lower()`, or `None` when it is `s` itself.
    pub fn lowercase(&self, s: &str) -> Option<String> {
        if s.is_ascii() {
            // ASCII letters lowercase alike in every release.
            return s
                .bytes()
                .any(|b| b.is_ascii_uppercase())
                .then(|| s.to_ascii_lowercase());
        }
        let chars: Vec<char> = s.chars().collect();
        let mut out = String::with_capacity(s.len() + 2);
        for (i, &c) in chars.iter().enumerate() {
            if c == SIGMA {
                out.push(if self.is_final_sigma(&chars, i) {
                    '\u{3c2}'
                } else {
                    '\u{3c3}'
                });
            } else {
                self.push_lower(c, &mut out);
            }
        }
        (out != s).then_some(out)
    }

    fn push_lower(&self, c: char, out: &mut String) {
        let u = c as u32;
        let i = self.lower.partition_point(|&(lo, ..)| lo <= u);
        if let Some(&(lo, hi, delta, stride)) = i.checked_sub(1).map(|i| &self.lower[i]) {
            if u <= hi && (u - lo) % stride == 0 {
                // The generator only writes deltas onto code points.
                out.push(char::from_u32(u.wrapping_add_signed(delta)).unwrap_or(c));
                return;
            }
        }
        match self.lower_special.binary_search_by_key(&u, |&(k, _)| k) {
            Ok(j) => out.push_str(self.lower_special[j].1),
            Err(_) => out.push(c),
        }
    }

    /// CPython's `handle_capital_sigma`: the sigma at `i` is final when a
    /// cased character precedes it and none follows it, case-ignorable
    /// characters skipped both ways.
    fn is_final_sigma(&self, chars: &[char], i: usize) -> bool {
        let ignorable = |c: &&char| in_ranges(self.case_ignorable, **c as u32);
        let cased = |c: &char| in_ranges(self.cased, *c as u32);
        match chars[..i].iter().rev().find(|c| !ignorable(c)) {
            Some(c) if cased(c) => {}
            _ => return false,
        }
        !chars[i + 1..]
            .iter()
            .find(|c| !ignorable(c))
            .is_some_and(cased)
    }

    /// Whether NFKC turns `c` into text holding one of `/?#@:`.
    pub fn nfkc_has_delimiter(&self, c: char) -> bool {
        in_ranges(self.nfkc_delimiter, c as u32)
    }

    /// What `int()` makes of `c`: a digit, space, or anything else.
    pub fn int_char(&self, c: char, bytes: bool) -> IntChar {
        let u = c as u32;
        if bytes {
            if in_ranges(self.bytes_int_decimal, u) {
                return IntChar::Digit(u.wrapping_sub(u32::from(b'0')) as u8);
            }
            if in_ranges(self.bytes_int_space, u) {
                return IntChar::Space;
            }
            return IntChar::Other(c);
        }
        let i = self.int_decimal.partition_point(|&(lo, ..)| lo <= u);
        if let Some(&(lo, hi, value)) = i.checked_sub(1).map(|i| &self.int_decimal[i]) {
            if u <= hi {
                return IntChar::Digit(value + (u - lo) as u8);
            }
        }
        if in_ranges(self.int_space, u) {
            return IntChar::Space;
        }
        IntChar::Other(c)
    }

    /// `sys.get_int_max_str_digits()` (CVE-2020-10735, from 3.7.14,
    /// 3.8.14, 3.9.14, 3.10.7 and 3.11), `None` where there is no limit
    /// (3.6): `int()` of a longer digit string and `str()` of a larger
    /// `int` are a `ValueError`.
    pub fn int_max_str_digits(&self) -> Option<usize> {
        (self.int_max_str_digits > 0).then_some(self.int_max_str_digits)
    }

    /// Whether the digit limit is checked before what follows the digits.
    pub fn int_limit_before_rest(&self) -> bool {
        self.int_limit_before_rest
    }

    /// The digit limit's `ValueError` message for `digits` digits.
    pub fn int_limit_message(&self, digits: usize) -> String {
        let (head, tail) = self.int_limit_message;
        format!("{head}has {digits} digits{tail}")
    }

    /// These tables with `int()`'s digit limit, its message (around `has
    /// N digits`) and when it is checked set otherwise: a distribution's
    /// build may carry the limit's backport worded as its own.
    pub fn with_int_limit(
        &self,
        digits: usize,
        message: (&'static str, &'static str),
        before_rest: bool,
    ) -> UnicodeTables {
        UnicodeTables {
            int_max_str_digits: digits,
            int_limit_message: message,
            int_limit_before_rest: before_rest,
            ..self.clone()
        }
    }

    /// Whether two tables are the same release's, with the same `int()`
    /// rules.
    pub fn same_as(&self, other: &UnicodeTables) -> bool {
        self.version == other.version
            && self.int_max_str_digits == other.int_max_str_digits
            && self.int_limit_message == other.int_limit_message
            && self.int_limit_before_rest == other.int_limit_before_rest
    }

    /// The ranges of characters whose NFKC form may hold one of
    /// `urlsplit`'s netloc delimiters (`/?#@:`), as the release's database
    /// has them: what its netloc check looks at.
    pub fn nfkc_delimiter_ranges(&self) -> &'static [(u32, u32)] {
        self.nfkc_delimiter
    }
}

/// One character as `int()` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntChar {
    /// A decimal digit, with its value.
    Digit(u8),
    /// Whitespace.
    Space,
    /// Anything else (a sign, `_`, or a character `int()` refuses).
    Other(char),
}

#[cfg(test)]
mod tests;

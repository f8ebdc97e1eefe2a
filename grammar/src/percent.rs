//! Percent-encoding shared by both faces: const byte-set tables, hex
//! digits, and the encode/decode loops.
//!
//! The loops are byte oriented and linear in their input; callers decide
//! which bytes are safe ([`ByteSet`]) and what to do with the decoded bytes.
//!
//! ```
//! use urlsyntax_grammar::percent::{self, ByteSet};
//! const SAFE: ByteSet = ByteSet::UNRESERVED.with(b'/');
//! let mut out = String::new();
//! percent::encode_into(b"a b/c", &SAFE, &mut out);
//! assert_eq!(out, "a%20b/c");
//! assert_eq!(&*percent::decode(b"a%20b%zz"), b"a b%zz");
//! ```

use std::borrow::Cow;

use crate::grammar::chars::pct_encoded_at;
pub use crate::grammar::chars::ByteSet;
use crate::scan::find_any;

/// An ASCII-only [`ByteSet`] as two words, tested without a memory load.
#[derive(Clone, Copy)]
struct AsciiBits {
    lo: u64,
    hi: u64,
}

impl AsciiBits {
    #[inline(always)]
    fn contains(self, b: u8) -> bool {
        let w = if b < 64 { self.lo } else { self.hi };
        b < 128 && (w >> (b & 63)) & 1 != 0
    }
}

/// Uppercase hexadecimal digits, as `%XX` escapes are written.
///
/// ```
/// assert_eq!(urlsyntax_grammar::percent::HEX_UPPER[0xc], b'C');
/// ```
pub const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of one ASCII hex digit (either case), or `None` (the
/// grammar's `HEXDIG`, [`crate::grammar::chars::hex_value`]).
///
/// ```
/// use urlsyntax_grammar::percent::hex_value;
/// assert_eq!((hex_value(b'a'), hex_value(b'F'), hex_value(b'g')), (Some(10), Some(15), None));
/// ```
pub use crate::grammar::chars::hex_value;

/// Appends `input` to `out`, keeping bytes of `safe` that are ASCII and
/// writing every other byte as `%XX` (uppercase hex).
///
/// ```
/// use urlsyntax_grammar::percent::{self, ByteSet};
/// let mut out = String::new();
/// percent::encode_into(b"a b\xff", &ByteSet::UNRESERVED, &mut out);
/// assert_eq!(out, "a%20b%FF");
/// ```
pub fn encode_into(input: &[u8], safe: &ByteSet, out: &mut String) {
    encode_runs(input, safe, false, out, |out, a, b| {
        // Runs are ASCII: validating them is a quick check, no copy.
        out.push_str(std::str::from_utf8(&input[a..b]).unwrap_or_default());
    });
}

/// [`encode_into`] for text: the runs of kept bytes are copied as slices of
/// `input`, with no UTF-8 check.
///
/// ```
/// use urlsyntax_grammar::percent::{self, ByteSet};
/// let mut out = String::new();
/// percent::encode_str_into("é/", &ByteSet::UNRESERVED.with(b'/'), &mut out);
/// assert_eq!(out, "%C3%A9/");
/// ```
pub fn encode_str_into(input: &str, safe: &ByteSet, out: &mut String) {
    encode_runs(input.as_bytes(), safe, false, out, |out, a, b| {
        // Kept bytes are ASCII, so both ends of a run are char boundaries.
        out.push_str(input.get(a..b).unwrap_or_default());
    });
}

/// The loop of [`encode_into`]: `push_run(out, a, b)` appends the kept
/// bytes `input[a..b]`, escapes are written here. With `plus`, a kept
/// space is written as `+`.
#[inline(always)]
fn encode_runs(
    input: &[u8],
    safe: &ByteSet,
    plus: bool,
    out: &mut String,
    push_run: impl Fn(&mut String, usize, usize),
) {
    // Only ASCII bytes may be kept.
    let mut safe = safe.ascii_only();
    let plus = plus && safe.contains(b' ');
    if plus {
        safe = safe.without(b' ');
    }
    out.reserve(input.len());
    // The two words of the ASCII half, kept in registers.
    let [lo, hi, _, _] = safe.words();
    encode_loop(input, AsciiBits { lo, hi }, plus, out, push_run)
}

/// `set` as a lookup table.
const fn table(set: ByteSet) -> (ByteSet, [bool; 256]) {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = set.contains(i as u8);
        i += 1;
    }
    (set, t)
}

/// `quote`'s `safe='/'` with the always-safe bytes.
static QUOTE_DEFAULT: (ByteSet, [bool; 256]) = table(ByteSet::UNRESERVED.with(b'/'));

/// [`encode_str_into`] with `safe` = [`ByteSet::UNRESERVED`] and `/`
/// (`quote`'s default), tested with a lookup table: one load per byte.
pub fn encode_str_quote_default_into(input: &str, out: &mut String) {
    out.reserve(input.len());
    encode_loop(
        input.as_bytes(),
        &QUOTE_DEFAULT.1,
        false,
        out,
        |out, a, b| {
            out.push_str(input.get(a..b).unwrap_or_default());
        },
    );
}

/// [`encode_into`] with `safe` = [`ByteSet::UNRESERVED`] and `/`
/// (`quote_from_bytes`'s default, and `quote`'s with another codec), with
/// a lookup table.
pub fn encode_quote_default_into(input: &[u8], out: &mut String) {
    out.reserve(input.len());
    encode_loop(input, &QUOTE_DEFAULT.1, false, out, |out, a, b| {
        // Runs are ASCII: validating them is a quick check, no copy.
        out.push_str(std::str::from_utf8(&input[a..b]).unwrap_or_default());
    });
}

/// The always-safe bytes: `quote_plus`'s and `urlencode`'s default once
/// spaces are written as `+`.
static PLUS_DEFAULT: (ByteSet, [bool; 256]) = table(ByteSet::UNRESERVED);

/// [`encode_plus_str_into`] with `safe` = [`ByteSet::UNRESERVED`] and
/// space (`quote_plus`'s and `urlencode`'s default), with a lookup table.
pub fn encode_plus_str_default_into(input: &str, out: &mut String) {
    out.reserve(input.len());
    encode_loop(input.as_bytes(), &PLUS_DEFAULT.1, true, out, |out, a, b| {
        out.push_str(input.get(a..b).unwrap_or_default());
    });
}

/// A test for the bytes that are kept.
trait Kept: Copy {
    fn kept(self, b: u8) -> bool;
}
impl Kept for AsciiBits {
    #[inline(always)]
    fn kept(self, b: u8) -> bool {
        self.contains(b)
    }
}
impl Kept for &[bool; 256] {
    #[inline(always)]
    fn kept(self, b: u8) -> bool {
        self[b as usize]
    }
}

/// The loop of [`encode_runs`] for one way of testing bytes.
#[inline(always)]
fn encode_loop(
    input: &[u8],
    safe: impl Kept,
    plus: bool,
    out: &mut String,
    push_run: impl Fn(&mut String, usize, usize),
) {
    let mut start = 0;
    for (i, &b) in input.iter().enumerate() {
        if safe.kept(b) {
            continue;
        }
        if start < i {
            push_run(out, start, i);
        }
        if plus && b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(HEX_UPPER[(b >> 4) as usize] as char);
            out.push(HEX_UPPER[(b & 15) as usize] as char);
        }
        start = i + 1;
    }
    if start < input.len() {
        push_run(out, start, input.len());
    }
}

/// [`encode_into`], then every kept space written as `+` (`safe` should
/// hold `b' '`; form encoding).
///
/// ```
/// use urlsyntax_grammar::percent::{self, ByteSet};
/// let mut out = String::new();
/// percent::encode_plus_into(b"a b&c", &ByteSet::UNRESERVED.with(b' '), &mut out);
/// assert_eq!(out, "a+b%26c");
/// ```
pub fn encode_plus_into(input: &[u8], safe: &ByteSet, out: &mut String) {
    encode_runs(input, safe, true, out, |out, a, b| {
        out.push_str(std::str::from_utf8(&input[a..b]).unwrap_or_default());
    });
}

/// [`encode_plus_into`] for text, as [`encode_str_into`] is for
/// [`encode_into`].
///
/// ```
/// use urlsyntax_grammar::percent::{self, ByteSet};
/// let mut out = String::new();
/// percent::encode_plus_str_into("x y", &ByteSet::UNRESERVED.with(b' '), &mut out);
/// assert_eq!(out, "x+y");
/// ```
pub fn encode_plus_str_into(input: &str, safe: &ByteSet, out: &mut String) {
    encode_runs(input.as_bytes(), safe, true, out, |out, a, b| {
        out.push_str(input.get(a..b).unwrap_or_default());
    });
}

/// Whether [`encode_into`] would copy `input` unchanged.
///
/// ```
/// use urlsyntax_grammar::percent::{self, ByteSet};
/// assert!(percent::is_all_safe(b"a-b", &ByteSet::UNRESERVED));
/// assert!(!percent::is_all_safe(b"a b", &ByteSet::UNRESERVED));
/// ```
pub fn is_all_safe(input: &[u8], safe: &ByteSet) -> bool {
    input.iter().all(|&b| b < 0x80 && safe.contains(b))
}

/// Decodes `%XX` escapes (two hex digits, either case); a `%` not followed
/// by two hex digits is kept as it is. Borrows when there is no `%`.
///
/// ```
/// use std::borrow::Cow;
/// use urlsyntax_grammar::percent;
/// assert_eq!(&*percent::decode(b"%41%zz"), b"A%zz");
/// assert!(matches!(percent::decode(b"plain"), Cow::Borrowed(_)));
/// ```
pub fn decode(input: &[u8]) -> Cow<'_, [u8]> {
    decode_with::<false>(input)
}

/// [`decode`], with every `+` of `input` read as a space (form encoding):
/// a `+` written as `%2B` stays a `+`.
///
/// ```
/// assert_eq!(&*urlsyntax_grammar::percent::decode_plus(b"a+b%2Bc"), b"a b+c");
/// ```
pub fn decode_plus(input: &[u8]) -> Cow<'_, [u8]> {
    decode_with::<true>(input)
}

/// [`decode`], and with `PLUS` [`decode_plus`].
fn decode_with<const PLUS: bool>(input: &[u8]) -> Cow<'_, [u8]> {
    let first = if PLUS {
        find_any(input, [b'%', b'+'])
    } else {
        find_any(input, [b'%'])
    };
    let Some(first) = first else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    decode_into_with::<PLUS>(&input[first..], &mut out);
    Cow::Owned(out)
}

/// Appends the decoding of `input` (as [`decode`]) to `out`.
///
/// ```
/// use urlsyntax_grammar::percent;
/// let mut out = b"> ".to_vec();
/// percent::decode_into(b"%7e", &mut out);
/// assert_eq!(out, b"> ~");
/// ```
pub fn decode_into(input: &[u8], out: &mut Vec<u8>) {
    decode_into_with::<false>(input, out);
}

/// [`decode_into`], and with `PLUS` each `+` written as a space.
#[inline(always)]
fn decode_into_with<const PLUS: bool>(input: &[u8], out: &mut Vec<u8>) {
    out.reserve(input.len());
    let mut rest = input;
    while !rest.is_empty() {
        // The bytes up to the next `%` (or `+`) are copied at once.
        let run = if PLUS {
            find_any(rest, [b'%', b'+'])
        } else {
            find_any(rest, [b'%'])
        }
        .unwrap_or(rest.len());
        out.extend_from_slice(&rest[..run]);
        rest = &rest[run..];
        if rest.is_empty() {
            break;
        }
        if PLUS && rest[0] == b'+' {
            out.push(b' ');
            rest = &rest[1..];
            continue;
        }
        match pct_encoded_at(rest, 0) {
            Some(byte) => {
                out.push(byte);
                rest = &rest[3..];
            }
            None => {
                out.push(b'%');
                rest = &rest[1..];
            }
        }
    }
}

#[cfg(test)]
mod tests;

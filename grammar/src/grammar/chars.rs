//! Character classes as `const` 256-entry lookup tables.
//!
//! Every table is built by `const fn`s at compile time and documented with
//! the ABNF it encodes; `tests/grammar_tables.rs` checks each one over all
//! 256 byte values against the ABNF written out by hand.

/// A set of bytes, as a 256-bit table built in `const` context: the one
/// byte-set type of the crate (character classes, `quote`'s safe bytes,
/// Neturl's categories).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteSet {
    bits: [u64; 4],
}

impl ByteSet {
    /// The empty set.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!((0..=255).all(|b| !ByteSet::EMPTY.contains(b)));
    /// ```
    pub const EMPTY: ByteSet = ByteSet { bits: [0; 4] };

    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`: RFC 3986's `unreserved`
    /// (section 2.3), which is also CPython's `_ALWAYS_SAFE`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert_eq!(ByteSet::UNRESERVED, chars::UNRESERVED);
    /// ```
    pub const UNRESERVED: ByteSet = UNRESERVED;

    /// The set of the bytes of `bytes`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(ByteSet::of(b"ab").contains(b'b'));
    /// ```
    pub const fn of(bytes: &[u8]) -> ByteSet {
        ByteSet::EMPTY.with_all(bytes)
    }

    /// The set plus `b`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(ByteSet::EMPTY.with(b'/').contains(b'/'));
    /// ```
    pub const fn with(self, b: u8) -> ByteSet {
        let mut bits = self.bits;
        bits[(b >> 6) as usize] |= 1u64 << (b & 63);
        ByteSet { bits }
    }

    /// The set plus every byte of `bytes`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(ByteSet::EMPTY.with_all(b"?#").contains(b'#'));
    /// ```
    pub const fn with_all(self, bytes: &[u8]) -> ByteSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.with(bytes[i]);
            i += 1;
        }
        set
    }

    /// The set plus the bytes `lo..=hi`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(ByteSet::EMPTY.with_range(b'0', b'9').contains(b'5'));
    /// ```
    pub const fn with_range(self, lo: u8, hi: u8) -> ByteSet {
        let mut set = self;
        let mut b = lo as u16;
        while b <= hi as u16 {
            set = set.with(b as u8);
            b += 1;
        }
        set
    }

    /// The set without `b`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(!chars::UNRESERVED.without(b'~').contains(b'~'));
    /// ```
    pub const fn without(self, b: u8) -> ByteSet {
        let mut bits = self.bits;
        bits[(b >> 6) as usize] &= !(1u64 << (b & 63));
        ByteSet { bits }
    }

    /// The set without any byte of `bytes`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(!chars::PCHAR.without_all(b":@").contains(b'@'));
    /// ```
    pub const fn without_all(self, bytes: &[u8]) -> ByteSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.without(bytes[i]);
            i += 1;
        }
        set
    }

    /// The union of two sets.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert_eq!(chars::GEN_DELIMS.union(chars::SUB_DELIMS), chars::RESERVED);
    /// ```
    pub const fn union(self, other: ByteSet) -> ByteSet {
        ByteSet {
            bits: [
                self.bits[0] | other.bits[0],
                self.bits[1] | other.bits[1],
                self.bits[2] | other.bits[2],
                self.bits[3] | other.bits[3],
            ],
        }
    }

    /// The set without the bytes `0x80..=0xff`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(!ByteSet::EMPTY.with(0xe9).ascii_only().contains(0xe9));
    /// ```
    pub const fn ascii_only(self) -> ByteSet {
        ByteSet {
            bits: [self.bits[0], self.bits[1], 0, 0],
        }
    }

    /// The set as four 64-bit words, byte `b` at bit `b % 64` of word
    /// `b / 64`.
    pub(crate) const fn words(self) -> [u64; 4] {
        self.bits
    }

    /// Whether `b` is in the set.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::chars::{self, ByteSet};
    /// assert!(chars::HEXDIG.contains(b'f') && !chars::HEXDIG.contains(b'g'));
    /// ```
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.bits[(b >> 6) as usize] & (1u64 << (b & 63)) != 0
    }
}

/// `ALPHA = %x41-5A / %x61-7A` ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::ALPHA.contains(b'Q'));
/// ```
pub const ALPHA: ByteSet = ByteSet::EMPTY.with_range(b'A', b'Z').with_range(b'a', b'z');

/// `DIGIT = %x30-39` ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::DIGIT.contains(b'a'));
/// ```
pub const DIGIT: ByteSet = ByteSet::EMPTY.with_range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive
/// as RFC 3986 uses it ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::HEXDIG.contains(b'F'));
/// ```
pub const HEXDIG: ByteSet = DIGIT.with_range(b'A', b'F').with_range(b'a', b'f');

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` ([RFC 3986 §2.3](https://www.rfc-editor.org/rfc/rfc3986#section-2.3))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::UNRESERVED.contains(b'~'));
/// ```
pub const UNRESERVED: ByteSet = ALPHA.union(DIGIT).with_all(b"-._~");

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::GEN_DELIMS.contains(b'@'));
/// ```
pub const GEN_DELIMS: ByteSet = ByteSet::of(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::SUB_DELIMS.contains(b';'));
/// ```
pub const SUB_DELIMS: ByteSet = ByteSet::of(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::RESERVED.contains(b'%'));
/// ```
pub const RESERVED: ByteSet = GEN_DELIMS.union(SUB_DELIMS);

/// The bytes after the first of `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::SCHEME_REST.contains(b'+'));
/// ```
pub const SCHEME_REST: ByteSet = ALPHA.union(DIGIT).with_all(b"+-.");

/// The literal bytes of `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1))
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::USERINFO.contains(b'@'));
/// ```
pub const USERINFO: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b":");

/// The literal bytes of `reg-name = *( unreserved / pct-encoded / sub-delims )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::REG_NAME.contains(b':'));
/// ```
pub const REG_NAME: ByteSet = UNRESERVED.union(SUB_DELIMS);

/// The bytes after `"v" 1*HEXDIG "."` in `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::IPVFUTURE_REST.contains(b':'));
/// ```
pub const IPVFUTURE_REST: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b":");

/// The literal bytes of `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::PCHAR.contains(b'/'));
/// ```
pub const PCHAR: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b":@");

/// The literal bytes of `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)):
/// `pchar` without `":"`.
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::SEGMENT_NZ_NC.contains(b':'));
/// ```
pub const SEGMENT_NZ_NC: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b"@");

/// The literal bytes of `query = *( pchar / "/" / "?" )` ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4));
/// `fragment = *( pchar / "/" / "?" )` ([§3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)) is the same set.
///
/// ```
/// assert!(urlsyntax_grammar::grammar::chars::QUERY.contains(b'?'));
/// ```
pub const QUERY: ByteSet = PCHAR.with_all(b"/?");

/// The literal bytes of `pchar` of RFC 1808 without `";"`, the characters
/// of a `param = *( pchar / "/" )` ([RFC 1808 §2.2](https://www.rfc-editor.org/rfc/rfc1808#section-2.2)):
/// `pchar = uchar / ":" / "@" / "&" / "="`, `uchar = unreserved / escape`,
/// `unreserved = alpha / digit / safe / extra`, `safe = "$" / "-" / "_" / "." / "+"`,
/// `extra = "!" / "*" / "'" / "(" / ")" / ","`.
///
/// ```
/// assert!(!urlsyntax_grammar::grammar::chars::RFC1808_PARAM.contains(b';'));
/// ```
pub const RFC1808_PARAM: ByteSet = ALPHA.union(DIGIT).with_all(b"$-_.+!*'(),:@&=/");

/// The value of one `HEXDIG` (either case), or `None`.
///
/// ```
/// use urlsyntax_grammar::grammar::chars::hex_value;
/// assert_eq!((hex_value(b'a'), hex_value(b'F'), hex_value(b'g')), (Some(10), Some(15), None));
/// ```
#[inline]
pub const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// `pct-encoded = "%" HEXDIG HEXDIG`
/// ([RFC 3986 §2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1))
/// at `s[at..]`: the byte the triplet encodes, or `None` where there is
/// no triplet. The one reading of a `%XX` triplet: the RFC 3986 rules,
/// Neturl's word scanners and percent-decoding all take it from here.
///
/// ```
/// use urlsyntax_grammar::grammar::chars::pct_encoded_at;
/// assert_eq!(pct_encoded_at(b"a%7e", 1), Some(b'~'));
/// assert_eq!(pct_encoded_at(b"a%7", 1), None);
/// assert_eq!(pct_encoded_at(b"a%g0", 1), None);
/// ```
#[inline(always)]
pub fn pct_encoded_at(s: &[u8], at: usize) -> Option<u8> {
    match *s.get(at..at.checked_add(3)?)? {
        [b'%', h, l] => Some(hex_value(h)? << 4 | hex_value(l)?),
        _ => None,
    }
}

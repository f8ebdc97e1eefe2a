//! Character classes as `const` 256-entry lookup tables.
//!
//! Every table is built by `const fn`s at compile time and documented with
//! the ABNF it encodes; `tests/grammar_tables.rs` checks each one over all
//! 256 byte values against the ABNF written out by hand.

/// A set of bytes: one flag per byte value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table([bool; 256]);

impl Table {
    /// The empty set.
    pub const EMPTY: Table = Table([false; 256]);

    /// The set of the bytes in `bytes`.
    pub const fn of(bytes: &[u8]) -> Table {
        Table::EMPTY.with(bytes)
    }

    /// This set plus the bytes in `bytes`.
    pub const fn with(self, bytes: &[u8]) -> Table {
        let mut t = self.0;
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] = true;
            i += 1;
        }
        Table(t)
    }

    /// This set minus the bytes in `bytes`.
    pub const fn without(self, bytes: &[u8]) -> Table {
        let mut t = self.0;
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] = false;
            i += 1;
        }
        Table(t)
    }

    /// This set plus the bytes `lo..=hi`.
    pub const fn with_range(self, lo: u8, hi: u8) -> Table {
        let mut t = self.0;
        let mut i = lo as usize;
        while i <= hi as usize {
            t[i] = true;
            i += 1;
        }
        Table(t)
    }

    /// The union of two sets.
    pub const fn union(self, other: Table) -> Table {
        let mut t = self.0;
        let mut i = 0;
        while i < 256 {
            t[i] = t[i] || other.0[i];
            i += 1;
        }
        Table(t)
    }

    /// Whether `b` is in the set.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }
}

/// `ALPHA = %x41-5A / %x61-7A` ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
pub const ALPHA: Table = Table::EMPTY.with_range(b'A', b'Z').with_range(b'a', b'z');

/// `DIGIT = %x30-39` ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
pub const DIGIT: Table = Table::EMPTY.with_range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive
/// as RFC 3986 uses it ([RFC 5234 §B.1](https://www.rfc-editor.org/rfc/rfc5234#appendix-B.1))
pub const HEXDIG: Table = DIGIT.with_range(b'A', b'F').with_range(b'a', b'f');

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` ([RFC 3986 §2.3](https://www.rfc-editor.org/rfc/rfc3986#section-2.3))
pub const UNRESERVED: Table = ALPHA.union(DIGIT).with(b"-._~");

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
pub const GEN_DELIMS: Table = Table::of(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
pub const SUB_DELIMS: Table = Table::of(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims` ([RFC 3986 §2.2](https://www.rfc-editor.org/rfc/rfc3986#section-2.2))
pub const RESERVED: Table = GEN_DELIMS.union(SUB_DELIMS);

/// The bytes after the first of `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` ([RFC 3986 §3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1))
pub const SCHEME_REST: Table = ALPHA.union(DIGIT).with(b"+-.");

/// The literal bytes of `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1))
pub const USERINFO: Table = UNRESERVED.union(SUB_DELIMS).with(b":");

/// The literal bytes of `reg-name = *( unreserved / pct-encoded / sub-delims )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub const REG_NAME: Table = UNRESERVED.union(SUB_DELIMS);

/// The bytes after `"v" 1*HEXDIG "."` in `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2))
pub const IPVFUTURE_REST: Table = UNRESERVED.union(SUB_DELIMS).with(b":");

/// The literal bytes of `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` ([RFC 3986 §3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3))
pub const PCHAR: Table = UNRESERVED.union(SUB_DELIMS).with(b":@");

/// The literal bytes of `query = *( pchar / "/" / "?" )` ([RFC 3986 §3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4));
/// `fragment = *( pchar / "/" / "?" )` ([§3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)) is the same set.
pub const QUERY: Table = PCHAR.with(b"/?");

/// The literal bytes of `pchar` of RFC 1808 without `";"`, the characters
/// of a `param = *( pchar / "/" )` ([RFC 1808 §2.2](https://www.rfc-editor.org/rfc/rfc1808#section-2.2)):
/// `pchar = uchar / ":" / "@" / "&" / "="`, `uchar = unreserved / escape`,
/// `unreserved = alpha / digit / safe / extra`, `safe = "$" / "-" / "_" / "." / "+"`,
/// `extra = "!" / "*" / "'" / "(" / ")" / ","`.
pub const RFC1808_PARAM: Table = ALPHA.union(DIGIT).with(b"$-_.+!*'(),:@&=/");

//! The character categories Ocamlnet's `Neturl` cuts URLs with, and the
//! scanner that applies them.
//!
//! Neturl does not parse by RFC 3986's grammar: it scans each part as the
//! longest run of *accepted* bytes, stopping at a *separator* byte, and
//! refuses the URL at a *rejected* byte. Which bytes are which depends on
//! the part and, for the path-like parts, on the syntax descriptor (a `;`
//! only separates when params are recognized, and so on).
//!
//! The rules are kept as data in `grammar/neturl.abnf`, and a test holds
//! each to what implements it here: `neturl-<part>-char` is the accepted
//! set of the const `<PART>` ([`SCHEME`], [`LOGIN`], [`HOST`], [`IPV6`],
//! [`PATH`], [`OTHER`]; where the part takes escapes the set also holds
//! `%`, which starts one), `neturl-<part>-word` is [`word`] over that
//! part's [`Classes`], `safe` and `extra` are [`SAFE`] and [`EXTRA`], and
//! `escape` is RFC 3986's `pct-encoded`.

use nom::error::{ErrorKind, ParseError};
use nom::IResult;

use super::chars::{pct_encoded_at, ByteSet, ALPHA, DIGIT};

/// How a part's scanner treats one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// The byte belongs to the part.
    Accepted,
    /// The byte is refused: the URL is malformed (8-bit bytes may be let
    /// through by the descriptor).
    Rejected,
    /// The byte ends the part.
    Separator,
}

/// A categorization: the accepted bytes, then the separators (which win
/// over accepted bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cats {
    /// Bytes that belong to the part.
    pub accepted: ByteSet,
    /// Bytes that end the part.
    pub separators: ByteSet,
}

impl Cats {
    /// The category of `b`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// assert_eq!(g::PATH.category(b' '), Category::Rejected);
    /// ```
    #[inline]
    pub const fn category(&self, b: u8) -> Category {
        if self.separators.contains(b) {
            Category::Separator
        } else if self.accepted.contains(b) {
            Category::Accepted
        } else {
            Category::Rejected
        }
    }

    /// The same categorization with more separators.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// assert_eq!(g::PATH.with_separators(b";").category(b';'), Category::Separator);
    /// ```
    pub const fn with_separators(self, seps: &[u8]) -> Cats {
        Cats {
            accepted: self.accepted,
            separators: self.separators.with_all(seps),
        }
    }
}

/// RFC 1738's `safe = "$" / "-" / "_" / "." / "+"` ([RFC 1738 §5](https://www.rfc-editor.org/rfc/rfc1738#section-5))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::neturl::SAFE.contains(b'$'));
/// ```
pub const SAFE: ByteSet = ByteSet::of(b"$-_.+");

/// RFC 1738's `extra = "!" / "*" / "'" / "(" / ")" / ","` ([RFC 1738 §5](https://www.rfc-editor.org/rfc/rfc1738#section-5))
///
/// ```
/// assert!(urlsyntax_grammar::grammar::neturl::EXTRA.contains(b'*'));
/// ```
pub const EXTRA: ByteSet = ByteSet::of(b"!*'(),");

/// `neturl-scheme-char = ALPHA / "+" / "-" / "."`, ended by `":"`: the
/// bytes Neturl takes as a scheme name (no digits, unlike RFC 3986).
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::SCHEME.category(b':'), Category::Separator);
/// assert_eq!(g::SCHEME.category(b'1'), Category::Rejected);
/// ```
pub const SCHEME: Cats = Cats {
    accepted: ALPHA.with_all(b"+-."),
    separators: ByteSet::of(b":"),
};

/// `neturl-login-char = ALPHA / DIGIT / safe / extra / ";" / "&" / "="`,
/// and `"%"`, which starts an `escape`; ended by `":" / "@" / "/" / "#" / "?"`:
/// user, password, host and port are cut out of the authority with these.
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::LOGIN.category(b'@'), Category::Separator);
/// ```
pub const LOGIN: Cats = Cats {
    accepted: ALPHA
        .union(DIGIT)
        .union(SAFE)
        .union(EXTRA)
        .with_all(b";&=%"),
    separators: ByteSet::of(b":@/#?"),
};

/// `neturl-host-char = ALPHA / DIGIT / "." / "-"`: a host name is checked
/// with these (no `%`).
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::HOST.category(b'_'), Category::Rejected);
/// ```
pub const HOST: Cats = Cats {
    accepted: ALPHA.union(DIGIT).with_all(b".-"),
    separators: ByteSet::EMPTY,
};

/// `neturl-ipv6-char = HEXDIG / ":"`: the bytes allowed between the
/// brackets of an IPv6 host (Neturl checks no more than that).
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::IPV6.category(b'f'), Category::Accepted);
/// ```
pub const IPV6: Cats = Cats {
    accepted: super::chars::HEXDIG.with_all(b":"),
    separators: ByteSet::EMPTY,
};

/// `neturl-path-char = ALPHA / DIGIT / safe / extra / "?" / ":" / "@" / "&" / "=" / ";" / "/" / "~"`,
/// and `"%"`, which starts an `escape`; no separators: path, param, query
/// and fragment start from this and add the separators of the parts the
/// syntax recognizes.
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::PATH.category(b'~'), Category::Accepted);
/// ```
pub const PATH: Cats = Cats {
    accepted: ALPHA
        .union(DIGIT)
        .union(SAFE)
        .union(EXTRA)
        .with_all(b"?:@&=;%/~"),
    separators: ByteSet::EMPTY,
};

/// `neturl-other-char = ALPHA / DIGIT / safe / extra / "?" / ":" / "@" / "&" / "=" / ";" / "/"`,
/// and `"%"`, which starts an `escape` (plus `"#"` when fragments are
/// recognized); no separators.
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
/// assert_eq!(g::OTHER.category(b'#'), Category::Rejected);
/// ```
pub const OTHER: Cats = Cats {
    accepted: ALPHA
        .union(DIGIT)
        .union(SAFE)
        .union(EXTRA)
        .with_all(b"?:@&=;%/"),
    separators: ByteSet::EMPTY,
};

/// Why a scan failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanError {
    /// A rejected byte at this offset.
    Rejected(usize),
    /// A `%` at this offset not followed by two accepted hex digits.
    BadEscape(usize),
}

/// The error of Neturl's leaf parsers ([`word`]) and of the combinators
/// around them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartError<I> {
    /// A scan met a rejected byte or a bad escape: a cut (`nom::Err::Failure`),
    /// as Neturl refuses the URL there.
    Scan(ScanError),
    /// A combinator did not match (a `tag` or `char` that was not there).
    Nom(I, ErrorKind),
}

impl<I> ParseError<I> for PartError<I> {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        PartError::Nom(input, kind)
    }

    fn append(_: I, _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// `neturl-<part>-word = *( neturl-<part>-char / escape )` (without
/// `escape` where the part takes no `%`), ended by a separator or the end:
/// a nom leaf parser over the classes of one part ([`Classes::scan`]),
/// answering the word, and the input from its separator. A rejected byte
/// or a bad escape is a [`PartError::Scan`] failure.
///
/// ```
/// use urlsyntax_grammar::grammar::neturl::{word, Classes, PartError, ScanError, LOGIN};
/// static LOGIN_CLASSES: Classes = Classes::of(&LOGIN);
/// let login_word = word(&LOGIN_CLASSES, false);
/// assert_eq!(login_word("example.org:80/x"), Ok((":80/x", "example.org")));
/// assert_eq!(
///     login_word("a b"),
///     Err(nom::Err::Failure(PartError::Scan(ScanError::Rejected(1))))
/// );
/// ```
pub fn word<'a>(
    classes: &'a Classes,
    accept_8bits: bool,
) -> impl Fn(&'a str) -> IResult<&'a str, &'a str, PartError<&'a str>> {
    #[inline(always)]
    move |i: &'a str| {
        let k = classes
            .scan(i.as_bytes(), 0, accept_8bits)
            .map_err(|e| nom::Err::Failure(PartError::Scan(e)))?;
        // Separators are ASCII, so the cut is a character boundary.
        match i.split_at_checked(k) {
            Some((word, rest)) => Ok((rest, word)),
            None => Err(nom::Err::Failure(PartError::Scan(ScanError::Rejected(k)))),
        }
    }
}

/// `neturl-<part>-word` byte by byte, as [`Classes::scan`] reads it: the
/// reference form that `Classes::scan` is held to (by
/// `classes_scan_as_scan_word`).
#[cfg(test)]
fn scan_word(s: &[u8], from: usize, cats: &Cats, accept_8bits: bool) -> Result<usize, ScanError> {
    let mut k = from;
    while k < s.len() {
        let c = s[k];
        match cats.category(c) {
            Category::Separator => return Ok(k),
            Category::Accepted if c == b'%' => {
                // Neturl also wants both hex digits accepted in the part.
                let accepted = |h: u8| cats.category(h) == Category::Accepted;
                match pct_encoded_at(s, k) {
                    Some(_) if accepted(s[k + 1]) && accepted(s[k + 2]) => k += 3,
                    _ => return Err(ScanError::BadEscape(k)),
                }
            }
            Category::Accepted => k += 1,
            Category::Rejected if accept_8bits && c >= 0x80 => k += 1,
            Category::Rejected => return Err(ScanError::Rejected(k)),
        }
    }
    Ok(k)
}

/// A [`Cats`] as one class byte per input byte, for scanning with one
/// table lookup a byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classes([u8; 256]);

const ACCEPT: u8 = 0;
const SEPARATOR: u8 = 1;
const PERCENT: u8 = 2;
const REJECT: u8 = 3;
/// Accepted, and outside the set given to [`Classes::marking`].
const MARKED: u8 = 4;

impl Classes {
    /// The classes of `cats`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// static PATH: Classes = Classes::of(&g::PATH.with_separators(b"?#"));
    /// assert_eq!(PATH.scan(b"a/b?q", 0, false), Ok(3));
    /// ```
    pub const fn of(cats: &Cats) -> Classes {
        let mut t = [REJECT; 256];
        let mut i = 0;
        while i < 256 {
            let b = i as u8;
            t[i] = match cats.category(b) {
                Category::Separator => SEPARATOR,
                Category::Accepted if b == b'%' => PERCENT,
                Category::Accepted => ACCEPT,
                Category::Rejected => REJECT,
            };
            i += 1;
        }
        Classes(t)
    }

    /// The same classes, with the accepted bytes outside `plain` marked:
    /// [`Classes::scan_marking`] tells whether a word holds one.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// static LOGIN: Classes = Classes::of(&g::LOGIN).marking(&g::HOST.accepted);
    /// assert_eq!(LOGIN.scan_marking(b"u!x@h", 0, false), Ok((3, true)));
    /// ```
    pub const fn marking(self, plain: &ByteSet) -> Classes {
        let mut t = self.0;
        let mut i = 0;
        while i < 256 {
            if t[i] == ACCEPT && !plain.contains(i as u8) {
                t[i] = MARKED;
            }
            i += 1;
        }
        Classes(t)
    }

    /// `neturl-<part>-word` over these classes: scans `s[from..]` and
    /// returns the offset of the first separator (or `s.len()`). A `%`
    /// must be followed by two hex digits that are accepted themselves
    /// (`escape = "%" HEXDIG HEXDIG`, [RFC 1738 §2.2](https://www.rfc-editor.org/rfc/rfc1738#section-2.2));
    /// bytes 128 to 255 are accepted when `accept_8bits`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// static HOST: Classes = Classes::of(&g::HOST);
    /// assert!(HOST.scan(b"a b", 0, false).is_err());
    /// ```
    #[inline(always)]
    pub fn scan(&self, s: &[u8], from: usize, accept_8bits: bool) -> Result<usize, ScanError> {
        self.scan_marking(s, from, accept_8bits).map(|(k, _)| k)
    }

    /// [`Classes::scan`], and whether the word holds a byte outside the
    /// plain set of [`Classes::marking`] (a `%` escape and an 8-bit byte
    /// count as such).
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::neturl::{self as g, Category, Classes};
    /// static LOGIN: Classes = Classes::of(&g::LOGIN).marking(&g::HOST.accepted);
    /// assert_eq!(LOGIN.scan_marking(b"host:80", 0, false), Ok((4, false)));
    /// ```
    #[inline(always)]
    pub fn scan_marking(
        &self,
        s: &[u8],
        from: usize,
        accept_8bits: bool,
    ) -> Result<(usize, bool), ScanError> {
        let t = &self.0;
        let accepted = |c: u8| matches!(t[c as usize], ACCEPT | MARKED);
        let mut k = from;
        let mut marked = false;
        loop {
            // The classes of the next eight bytes (past the end: not 0) as
            // one word; the first byte that is no plain accepted one is
            // found from its trailing zeros, without a branch a byte.
            let w = match s.get(k..k + 8) {
                Some(chunk) => {
                    if chunk.iter().fold(0, |acc, &c| acc | t[c as usize]) == ACCEPT {
                        k += 8;
                        continue;
                    }
                    u64::from_le_bytes(std::array::from_fn(|i| t[chunk[i] as usize]))
                }
                None => {
                    // Fewer than eight bytes left: the bytes past the end
                    // get class 0xff.
                    let rest = s.get(k..).unwrap_or_default();
                    let buf = crate::scan::padded_8(rest);
                    u64::from_le_bytes(buf.map(|c| t[c as usize])) | (!0u64 << (8 * rest.len()))
                }
            };
            k += (w.trailing_zeros() / 8) as usize;
            let Some(&c) = s.get(k) else {
                return Ok((k, marked));
            };
            match t[c as usize] {
                MARKED => {
                    marked = true;
                    k += 1;
                }
                SEPARATOR => return Ok((k, marked)),
                PERCENT => {
                    match pct_encoded_at(s, k) {
                        Some(_) if accepted(s[k + 1]) && accepted(s[k + 2]) => {}
                        _ => return Err(ScanError::BadEscape(k)),
                    }
                    marked = true;
                    k += 3;
                }
                _ if accept_8bits && c >= 0x80 => {
                    marked = true;
                    k += 1;
                }
                _ => return Err(ScanError::Rejected(k)),
            }
        }
    }
}

#[cfg(test)]
mod tests;

//! The leaf scans under the RFC 3986 rules: a character class as one
//! flag a byte, and its runs (with `%` triplets) as one loop, no
//! combinator a byte.

use nom::IResult;

use crate::grammar::chars::{self, ByteSet};

/// A class as one flag a byte: the leaf scans test a byte with one load.
pub(super) type Lookup = [bool; 256];

/// The [`Lookup`] of `set`.
const fn lookup(set: ByteSet) -> Lookup {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = set.contains(i as u8);
        i += 1;
    }
    t
}

pub(super) static SCHEME_REST: Lookup = lookup(chars::SCHEME_REST);
pub(super) static USERINFO: Lookup = lookup(chars::USERINFO);
pub(super) static REG_NAME: Lookup = lookup(chars::REG_NAME);
pub(super) static DIGIT: Lookup = lookup(chars::DIGIT);
pub(super) static PCHAR: Lookup = lookup(chars::PCHAR);
pub(super) static SEGMENT_NZ_NC: Lookup = lookup(chars::SEGMENT_NZ_NC);
/// The literal bytes of `*( "/" segment )`: `pchar` and `/`.
pub(super) static PATH_CHARS: Lookup = lookup(chars::PCHAR.with(b'/'));
pub(super) static QUERY: Lookup = lookup(chars::QUERY);
pub(super) static RFC1808_PARAM: Lookup = lookup(chars::RFC1808_PARAM);

/// `*( class / pct-encoded )`, the body of most rules, as one leaf scan: a
/// run of bytes of `table` (ASCII only) and `%` triplets.
#[inline(always)]
pub(super) fn take_class<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    let b = i.as_bytes();
    let mut k = 0;
    while let Some(&c) = b.get(k) {
        if table[usize::from(c)] {
            k += 1;
        } else if chars::pct_encoded_at(b, k).is_some() {
            k += 3;
        } else {
            break;
        }
    }
    // The class is ASCII, so the cut is a character boundary.
    Ok((&i[k..], &i[..k]))
}

/// `*class`: a run of bytes of `table` (ASCII only), as one leaf scan.
#[inline(always)]
pub(super) fn take_run<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    let k = i.bytes().take_while(|&c| table[usize::from(c)]).count();
    // The class is ASCII, so the cut is a character boundary.
    Ok((&i[k..], &i[..k]))
}

/// `1*( class / pct-encoded )`: [`take_class`], at least one.
#[inline(always)]
pub(super) fn take_class1<'a>(table: &Lookup, i: &'a str) -> IResult<&'a str, &'a str> {
    match take_class(table, i)? {
        (_, "") => Err(error(i, nom::error::ErrorKind::TakeWhile1)),
        found => Ok(found),
    }
}

/// `HEXDIG`, as a `char` predicate.
pub(super) fn hexdig(c: char) -> bool {
    c.is_ascii() && chars::HEXDIG.contains(c as u8)
}

/// nom's error at `i`.
pub(super) fn error(i: &str, kind: nom::error::ErrorKind) -> nom::Err<nom::error::Error<&str>> {
    nom::Err::Error(nom::error::Error::new(i, kind))
}

//! Neturl's own %-encoding (Ocamlnet's `Netencoding.Url`), through the
//! crate's percent-coding loops: every byte except `A-Z a-z 0-9 - _ . ! *`
//! becomes `%XX` (uppercase hex); with `plus`, a space becomes `+`
//! (queries).

use crate::grammar::chars::{ByteSet, ALPHA, DIGIT};
use crate::percent;

/// The bytes `Netencoding.Url.encode` leaves alone.
pub(crate) const KEEP: ByteSet = ALPHA.union(DIGIT).with_all(b"-_.!*");

/// `Netencoding.Url.encode ~plus`.
pub(crate) fn encode(s: &[u8], plus: bool) -> String {
    let mut out = String::with_capacity(s.len());
    if plus {
        percent::encode_plus_into(s, &KEEP.with(b' '), &mut out);
    } else {
        percent::encode_into(s, &KEEP, &mut out);
    }
    out
}

/// `Netencoding.Url.decode ~plus`: `%XX` becomes the byte; with `plus`,
/// `+` becomes a space. Other bytes (and a `%` not followed by two hex
/// digits) are kept.
pub(crate) fn decode(s: &str, plus: bool) -> Vec<u8> {
    if plus {
        percent::decode_plus(s.as_bytes()).into_owned()
    } else {
        percent::decode(s.as_bytes()).into_owned()
    }
}

//! Neturl's own %-encoding (Ocamlnet's `Netencoding.Url`): every byte
//! except `A-Z a-z 0-9 - _ . ! *` becomes `%XX` (uppercase hex); with
//! `plus`, a space becomes `+` (queries).

use crate::grammar::chars::{Table, ALPHA, DIGIT};

/// The bytes `Netencoding.Url.encode` leaves alone.
pub(crate) const KEEP: Table = ALPHA.union(DIGIT).with(b"-_.!*");

/// `Netencoding.Url.encode ~plus`.
pub(crate) fn encode(s: &[u8], plus: bool) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for &b in s {
        if KEEP.contains(b) {
            out.push(b as char);
        } else if plus && b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }
    out
}

fn hexval(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `Netencoding.Url.decode ~plus`: `%XX` becomes the byte; with `plus`,
/// `+` becomes a space. Other bytes (and a `%` not followed by two hex
/// digits) are kept.
pub(crate) fn decode(s: &str, plus: bool) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => match (hexval(b[i + 1]), hexval(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            },
            b'+' if plus => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

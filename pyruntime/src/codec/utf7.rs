//! The `utf-7` codec (RFC 2152) as CPython's `unicodeobject.c` runs it:
//! which characters are written directly, where a shift sequence ends and
//! whether it takes a `-`, and the decoder's errors, their spans and
//! reasons. The encoder never fails: a lone surrogate is one UTF-16 unit.

use super::handler::Handler;
use super::text::TextBuf;
use crate::error::Error;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn is_base64(b: u32) -> bool {
    matches!(b, 0x41..=0x5a | 0x61..=0x7a | 0x30..=0x39 | 0x2b | 0x2f)
}

fn from_base64(b: u8) -> u64 {
    u64::from(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        _ => 63,
    })
}

fn to_base64(n: u64) -> u8 {
    BASE64[(n & 0x3f) as usize]
}

/// Written as itself by the encoder: RFC 2152's Set D, Set O and
/// whitespace (tab, LF, CR, space); not `+`, `\`, `~`, NUL or the other
/// control characters.
fn encode_direct(c: u32) -> bool {
    match c {
        0x09 | 0x0a | 0x0d => true,
        0x20..=0x7d => c != u32::from(b'+') && c != u32::from(b'\\'),
        _ => false,
    }
}

/// Read as itself by the decoder: any ASCII byte but `+`.
fn decode_direct(b: u8) -> bool {
    b <= 127 && b != b'+'
}

/// `s.encode('utf-7')`.
pub(crate) fn encode(input: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 8);
    let mut in_shift = false;
    let mut bits = 0u32;
    let mut buffer = 0u64;
    let push_unit = |unit: u32, bits: &mut u32, buffer: &mut u64, out: &mut Vec<u8>| {
        *bits += 16;
        *buffer = (*buffer << 16) | u64::from(unit);
        while *bits >= 6 {
            out.push(to_base64(*buffer >> (*bits - 6)));
            *bits -= 6;
        }
    };
    for &c in input {
        if in_shift {
            if encode_direct(c) {
                if bits > 0 {
                    out.push(to_base64(buffer << (6 - bits)));
                    buffer = 0;
                    bits = 0;
                }
                in_shift = false;
                // A character outside the base64 set ends the sequence by
                // itself; a base64 one or `-` needs the `-` first.
                if is_base64(c) || c == u32::from(b'-') {
                    out.push(b'-');
                }
                out.push(c as u8);
                continue;
            }
        } else if c == u32::from(b'+') {
            out.extend_from_slice(b"+-");
            continue;
        } else if encode_direct(c) {
            out.push(c as u8);
            continue;
        } else {
            out.push(b'+');
            in_shift = true;
        }
        if c >= 0x10000 {
            let c = c - 0x10000;
            push_unit(0xd800 | (c >> 10), &mut bits, &mut buffer, &mut out);
            push_unit(0xdc00 | (c & 0x3ff), &mut bits, &mut buffer, &mut out);
        } else {
            push_unit(c, &mut bits, &mut buffer, &mut out);
        }
    }
    if bits > 0 {
        out.push(to_base64(buffer << (6 - bits)));
    }
    if in_shift {
        out.push(b'-');
    }
    out
}

/// `b.decode('utf-7', errors)`: CPython's decoder, state for state.
/// `ill_formed_plus` (3.8+): a `+` followed by a byte outside base64 is an
/// error of both bytes; before, it opens an empty shift sequence.
pub(crate) fn decode(
    b: &[u8],
    ill_formed_plus: bool,
    h: &mut Handler<'_>,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let mut s = 0;
    let mut in_shift = false;
    let mut bits = 0u32;
    let mut buffer = 0u64;
    let mut surrogate = 0u32;
    // The `+` of the last shift sequence: every error inside one starts
    // there.
    let mut start = 0;
    loop {
        while s < b.len() {
            let ch = b[s];
            let reason;
            if in_shift {
                if is_base64(u32::from(ch)) {
                    buffer = (buffer << 6) | from_base64(ch);
                    bits += 6;
                    s += 1;
                    if bits >= 16 {
                        let unit = (buffer >> (bits - 16)) as u32 & 0xffff;
                        bits -= 16;
                        buffer &= (1 << bits) - 1;
                        if surrogate != 0 {
                            if (0xdc00..0xe000).contains(&unit) {
                                out.push(0x10000 + (((surrogate & 0x3ff) << 10) | (unit & 0x3ff)));
                                surrogate = 0;
                                continue;
                            }
                            out.push(surrogate);
                            surrogate = 0;
                        }
                        if (0xd800..0xdc00).contains(&unit) {
                            surrogate = unit;
                        } else {
                            out.push(unit);
                        }
                    }
                    continue;
                }
                // Leaving the base64 section.
                in_shift = false;
                if bits >= 6 {
                    s += 1;
                    reason = "partial character in shift sequence";
                } else if bits > 0 && buffer != 0 {
                    s += 1;
                    reason = "non-zero padding bits in shift sequence";
                } else {
                    if surrogate != 0 && decode_direct(ch) {
                        out.push(surrogate);
                    }
                    surrogate = 0;
                    if ch == b'-' {
                        s += 1;
                    }
                    continue;
                }
            } else if ch == b'+' {
                start = s;
                s += 1;
                if s < b.len() && b[s] == b'-' {
                    s += 1;
                    out.push(u32::from(b'+'));
                    continue;
                }
                if ill_formed_plus && s < b.len() && !is_base64(u32::from(b[s])) {
                    s += 1;
                    reason = "ill-formed sequence";
                } else {
                    in_shift = true;
                    surrogate = 0;
                    bits = 0;
                    buffer = 0;
                    continue;
                }
            } else if decode_direct(ch) {
                out.push(u32::from(ch));
                s += 1;
                continue;
            } else {
                start = s;
                s += 1;
                reason = "unexpected special character";
            }
            s = h.on_decode(b, start, s, reason, out)?;
        }
        // The end, inside a shift sequence with something left unsaid.
        if !in_shift {
            return Ok(());
        }
        in_shift = false;
        if surrogate == 0 && bits < 6 && (bits == 0 || buffer == 0) {
            return Ok(());
        }
        s = h.on_decode(b, start, b.len(), "unterminated shift sequence", out)?;
        if s >= b.len() {
            return Ok(());
        }
    }
}

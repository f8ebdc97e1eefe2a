//! The UTF decoders as CPython's `unicodeobject.c` runs them: where each
//! error starts and ends, and why.

use super::handler::Handler;
use super::text::TextBuf;
use super::SurrogateCheck;
use crate::error::Error;

/// `bytes.decode('utf-8')` of `b` (not valid UTF-8 somewhere): one error
/// per maximal invalid subpart, as CPython's decoder.
pub(crate) fn decode_utf8(b: &[u8], h: &mut Handler<'_>, out: &mut TextBuf) -> Result<(), Error> {
    let mut pos = 0;
    while pos < b.len() {
        match std::str::from_utf8(&b[pos..]) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&b[pos..pos + good]).unwrap_or_default());
                let start = pos + good;
                let lead = b[start];
                let (len, reason) = match e.error_len() {
                    _ if (0x80..0xc2).contains(&lead) || lead > 0xf4 => (1, "invalid start byte"),
                    None => (b.len() - start, "unexpected end of data"),
                    Some(n) => (n, "invalid continuation byte"),
                };
                pos = h.on_decode(b, start, start + len, reason, out)?;
            }
        }
    }
    Ok(())
}

fn unit16(b: &[u8], at: usize, le: bool) -> u32 {
    let u = [b[at], b[at + 1]];
    u32::from(if le {
        u16::from_le_bytes(u)
    } else {
        u16::from_be_bytes(u)
    })
}

/// `bytes.decode('utf-16-le'/'utf-16-be')` of `b[start..]` (after any BOM).
pub(crate) fn decode_utf16(
    b: &[u8],
    start: usize,
    le: bool,
    check: SurrogateCheck,
    h: &mut Handler<'_>,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let mut q = start;
    while q < b.len() {
        if b.len() - q < 2 {
            q = h.on_decode(b, q, b.len(), "truncated data", out)?;
            continue;
        }
        let ch = unit16(b, q, le);
        if !(0xd800..0xe000).contains(&ch) {
            out.push(ch);
            q += 2;
            continue;
        }
        if b.len() - q < 4 && check == SurrogateCheck::EndFirst {
            q = h.on_decode(b, q, b.len(), "unexpected end of data", out)?;
            continue;
        }
        if ch >= 0xdc00 {
            q = h.on_decode(b, q, q + 2, "illegal encoding", out)?;
            continue;
        }
        if b.len() - q < 4 {
            q = h.on_decode(b, q, b.len(), "unexpected end of data", out)?;
            continue;
        }
        let ch2 = unit16(b, q + 2, le);
        if !(0xdc00..0xe000).contains(&ch2) {
            q = h.on_decode(b, q, q + 2, "illegal UTF-16 surrogate", out)?;
            continue;
        }
        out.push(0x10000 + (((ch & 0x3ff) << 10) | (ch2 & 0x3ff)));
        q += 4;
    }
    Ok(())
}

/// `bytes.decode('utf-32-le'/'utf-32-be')` of `b[start..]` (after any BOM).
pub(crate) fn decode_utf32(
    b: &[u8],
    start: usize,
    le: bool,
    h: &mut Handler<'_>,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let mut q = start;
    while q < b.len() {
        if b.len() - q < 4 {
            q = h.on_decode(b, q, b.len(), "truncated data", out)?;
            continue;
        }
        let u = [b[q], b[q + 1], b[q + 2], b[q + 3]];
        let ch = if le {
            u32::from_le_bytes(u)
        } else {
            u32::from_be_bytes(u)
        };
        let reason = if ch > 0x10ffff {
            "code point not in range(0x110000)"
        } else if (0xd800..0xe000).contains(&ch) {
            "code point in surrogate code point range(0xd800, 0xe000)"
        } else {
            out.push(ch);
            q += 4;
            continue;
        };
        q = h.on_decode(b, q, q + 4, reason, out)?;
    }
    Ok(())
}

/// Appends the UTF-16 form of `c` (a scalar value or a surrogate).
pub(crate) fn push_utf16(c: u32, le: bool, out: &mut Vec<u8>) {
    let mut unit = |u: u32| {
        let u = u as u16;
        out.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
    };
    if c >= 0x10000 {
        unit(0xd800 | ((c - 0x10000) >> 10));
        unit(0xdc00 | (c & 0x3ff));
    } else {
        unit(c);
    }
}

/// Appends the UTF-32 form of `c`.
pub(crate) fn push_utf32(c: u32, le: bool, out: &mut Vec<u8>) {
    out.extend_from_slice(&if le { c.to_le_bytes() } else { c.to_be_bytes() });
}

/// Appends the UTF-8 form of the scalar value `c`.
pub(crate) fn push_utf8(c: char, out: &mut Vec<u8>) {
    let mut buf = [0; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// `b.decode('unicode_internal', errors)` as CPython 3.6 and 3.7 run it on
/// Linux (`_PyUnicode_DecodeUnicodeInternal`, four-byte code units): a
/// unit above U+10FFFF is an error of its four bytes, fewer than four bytes
/// at the end an error of all of them; lone surrogates pass.
pub(crate) fn decode_unicode_internal(
    b: &[u8],
    h: &mut Handler<'_>,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let mut s = 0;
    while s < b.len() {
        let Some(unit) = b.get(s..s + 4) else {
            s = h.on_decode(b, s, b.len(), "truncated input", out)?;
            continue;
        };
        let c = u32::from_le_bytes([unit[0], unit[1], unit[2], unit[3]]);
        if c > 0x10ffff {
            s = h.on_decode(b, s, s + 4, "illegal code point (> 0x10FFFF)", out)?;
            continue;
        }
        out.push(c);
        s += 4;
    }
    Ok(())
}

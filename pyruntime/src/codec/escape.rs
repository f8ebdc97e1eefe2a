//! The `unicode_escape` and `raw_unicode_escape` codecs, as CPython's
//! `unicodeobject.c` runs them.

use super::handler::Handler;
use super::text::TextBuf;
use super::unicode_names;
use crate::error::Error;

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_hex(out: &mut Vec<u8>, prefix: &[u8], c: u32, digits: u32) {
    out.extend_from_slice(prefix);
    for k in (0..digits).rev() {
        out.push(HEX[((c >> (4 * k)) & 0xf) as usize]);
    }
}

/// `str.encode('unicode_escape')`: never fails.
pub(crate) fn encode_unicode_escape(c: u32, out: &mut Vec<u8>) {
    match c {
        0x5c => out.extend_from_slice(b"\\\\"),
        0x20..=0x7e => out.push(c as u8),
        0x09 => out.extend_from_slice(b"\\t"),
        0x0a => out.extend_from_slice(b"\\n"),
        0x0d => out.extend_from_slice(b"\\r"),
        0..=0xff => push_hex(out, b"\\x", c, 2),
        0x100..=0xffff => push_hex(out, b"\\u", c, 4),
        _ => push_hex(out, b"\\U", c, 8),
    }
}

/// `str.encode('raw_unicode_escape')`: never fails.
pub(crate) fn encode_raw_unicode_escape(c: u32, out: &mut Vec<u8>) {
    match c {
        0..=0xff => out.push(c as u8),
        0x100..=0xffff => push_hex(out, b"\\u", c, 4),
        _ => push_hex(out, b"\\U", c, 8),
    }
}

/// The value of `count` hex digits at `b[*s..]`: `Err(())` with `*s` at
/// the first one missing or not a digit.
fn hex_digits(b: &[u8], s: &mut usize, count: usize) -> Result<u32, ()> {
    let mut ch = 0u32;
    for _ in 0..count {
        let d = b
            .get(*s)
            .and_then(|&c| char::from(c).to_digit(16))
            .ok_or(())?;
        ch = (ch << 4) | d;
        *s += 1;
    }
    Ok(ch)
}

/// `bytes.decode('raw_unicode_escape')`.
pub(crate) fn decode_raw(b: &[u8], h: &mut Handler<'_>, out: &mut TextBuf) -> Result<(), Error> {
    let mut s = 0;
    while s < b.len() {
        let c = b[s];
        s += 1;
        if c != b'\\' || s >= b.len() {
            out.push(c.into());
            continue;
        }
        let start = s - 1;
        let e = b[s];
        s += 1;
        let (count, mut message) = match e {
            b'u' => (4, "truncated \\uXXXX escape"),
            b'U' => (8, "truncated \\UXXXXXXXX escape"),
            _ => {
                out.push(u32::from(b'\\'));
                out.push(e.into());
                continue;
            }
        };
        if let Ok(ch) = hex_digits(b, &mut s, count) {
            if ch <= 0x10ffff {
                out.push(ch);
                continue;
            }
            message = "\\Uxxxxxxxx out of range";
        }
        s = h.on_decode(b, start, s, message, out)?;
    }
    Ok(())
}

/// `bytes.decode('unicode_escape')`, its `\N{name}` escapes read with the
/// names of the release at index `names` (as
/// `CodecRules::namereplace_names`),
/// the algorithmic ones in any case if `any_case` (as
/// `CodecRules::algorithmic_names_any_case`).
pub(crate) fn decode(
    b: &[u8],
    (names, any_case): (u8, bool),
    h: &mut Handler<'_>,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let mut s = 0;
    while s < b.len() {
        let c = b[s];
        s += 1;
        if c != b'\\' {
            out.push(c.into());
            continue;
        }
        let start = s - 1;
        let Some(&e) = b.get(s) else {
            s = h.on_decode(b, start, s, "\\ at end of string", out)?;
            continue;
        };
        s += 1;
        let simple = match e {
            b'\n' => None,
            b'\\' | b'\'' | b'"' => Some(u32::from(e)),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b't' => Some(0x09),
            b'n' => Some(0x0a),
            b'r' => Some(0x0d),
            b'v' => Some(0x0b),
            b'a' => Some(0x07),
            b'0'..=b'7' => {
                let mut ch = u32::from(e - b'0');
                for _ in 0..2 {
                    match b.get(s) {
                        Some(&d @ b'0'..=b'7') => {
                            ch = (ch << 3) + u32::from(d - b'0');
                            s += 1;
                        }
                        _ => break,
                    }
                }
                Some(ch)
            }
            b'x' | b'u' | b'U' => {
                let (count, message) = match e {
                    b'x' => (2, "truncated \\xXX escape"),
                    b'u' => (4, "truncated \\uXXXX escape"),
                    _ => (8, "truncated \\UXXXXXXXX escape"),
                };
                let message = match hex_digits(b, &mut s, count) {
                    Ok(ch) if ch <= 0x10ffff => {
                        out.push(ch);
                        continue;
                    }
                    Ok(_) => "illegal Unicode character",
                    Err(()) => message,
                };
                s = h.on_decode(b, start, s, message, out)?;
                continue;
            }
            b'N' => {
                if b.get(s) == Some(&b'{') {
                    s += 1;
                    let name_start = s;
                    while s < b.len() && b[s] != b'}' {
                        s += 1;
                    }
                    if s < b.len() && s > name_start {
                        if let Some(ch) = unicode_names::lookup(&b[name_start..s], names, any_case)
                        {
                            out.push(ch);
                            s += 1;
                            continue;
                        }
                        s = h.on_decode(b, start, s + 1, "unknown Unicode character name", out)?;
                        continue;
                    }
                }
                s = h.on_decode(b, start, s, "malformed \\N character escape", out)?;
                continue;
            }
            _ => {
                out.push(u32::from(b'\\'));
                out.push(e.into());
                continue;
            }
        };
        if let Some(ch) = simple {
            out.push(ch);
        }
    }
    Ok(())
}

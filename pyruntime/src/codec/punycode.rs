//! The `punycode` codec (RFC 3492) as CPython's `encodings/punycode.py`
//! runs it, step for step: the encoder never fails; the decoder takes only
//! `strict`, `replace` and `ignore`, stops at the first bad digit unless
//! strict, and raises `UnicodeError` up to 3.12 and `UnicodeDecodeError`
//! (with positions) from 3.13.

use super::text::TextBuf;
use super::{Codec, PunycodeErrors, UNREPRESENTABLE};
use crate::error::Error;

const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// The `T(j, bias)` threshold of RFC 3492 §6.1.
fn threshold(j: u128, bias: u128) -> u128 {
    (36 * (j + 1)).saturating_sub(bias).clamp(1, 26)
}

/// `adapt` (RFC 3492 §6.1).
fn adapt(delta: u128, first: bool, numchars: u128) -> u128 {
    let mut delta = if first { delta / 700 } else { delta / 2 };
    delta += delta / numchars;
    let mut divisions = 0;
    while delta > 455 {
        delta /= 35;
        divisions += 36;
    }
    divisions + (36 * delta / (delta + 38))
}

fn too_large() -> Error {
    Error::Value {
        message: format!("{UNREPRESENTABLE}a punycode number past 128 bits"),
    }
}

/// `s.encode('punycode')`: the basic code points, `-`, then the deltas.
pub(crate) fn encode(input: &[u32]) -> Result<Vec<u8>, Error> {
    let mut out: Vec<u8> = input
        .iter()
        .filter(|&&c| c < 0x80)
        .map(|&c| c as u8)
        .collect();
    let base_len = out.len();
    let mut extended: Vec<u32> = input.iter().copied().filter(|&c| c >= 0x80).collect();
    extended.sort_unstable();
    extended.dedup();
    // 3.2 Insertion unsort coding.
    let mut deltas = Vec::new();
    let (mut old_char, mut old_index) = (0x80u128, -1i128);
    for &c in &extended {
        let below = input.iter().filter(|&&x| x < c).count() as u128;
        let mut delta = (below + 1) * (u128::from(c) - old_char);
        let mut index = -1i128;
        for &x in input {
            if x == c {
                index += 1;
                // CPython's `delta += index - oldindex` may step below
                // zero before the total comes back up: modular arithmetic
                // gives the same non-negative total (and no overflow panic
                // in a debug build).
                delta = delta.wrapping_add((index - old_index) as u128);
                deltas.push(delta - 1);
                old_index = index;
                delta = 0;
            } else if x < c {
                index += 1;
            }
        }
        old_char = u128::from(c);
    }
    if base_len > 0 {
        out.push(b'-');
    }
    // 3.3 and 3.4: each delta as a generalized integer, the bias adapting.
    let mut bias = 72;
    for (points, &delta) in deltas.iter().enumerate() {
        let (mut n, mut j) = (delta, 0);
        loop {
            let t = threshold(j, bias);
            if n < t {
                out.push(DIGITS[n as usize]);
                break;
            }
            out.push(DIGITS[(t + (n - t) % (36 - t)) as usize]);
            n = (n - t) / (36 - t);
            j += 1;
        }
        bias = adapt(delta, points == 0, (base_len + points + 1) as u128);
    }
    Ok(out)
}

/// How a decoding error is raised: by release, with the positions 3.13
/// gives.
struct Fail {
    rules: PunycodeErrors,
}

impl Fail {
    fn error(&self, input: &[u8], start: usize, end: usize, reason: String) -> Error {
        if self.rules == PunycodeErrors::UnicodeDecodeError {
            Error::Decode {
                encoding: "punycode".into(),
                byte: input.get(start).copied(),
                position: start,
                end,
                reason,
            }
        } else {
            Error::Unicode { message: reason }
        }
    }
}

/// `b.decode('punycode', errors)` as the release of `rules` runs it.
pub(crate) fn decode(
    b: &[u8],
    errors: &str,
    rules: PunycodeErrors,
    out: &mut TextBuf,
) -> Result<(), Error> {
    let new_errors = rules == PunycodeErrors::UnicodeDecodeError;
    if !matches!(errors, "strict" | "replace" | "ignore") {
        let message = if new_errors {
            format!("Unsupported error handling: {errors}")
        } else {
            format!("Unsupported error handling {errors}")
        };
        return Err(Error::Unicode { message });
    }
    let strict = errors == "strict";
    let fail = Fail { rules };
    let dash = b.iter().rposition(|&c| c == b'-');
    let ext_start = dash.map_or(0, |d| d + 1);
    // The basic part, decoded as ASCII with the caller's handler.
    let basic = Codec::Ascii.decode(&b[..dash.unwrap_or(0)], errors)?;
    let mut text: Vec<u32> = basic.chars().map(u32::from).collect();
    let extended = &b[ext_start..];
    // Up to 3.12 the extended part is decoded as ASCII, strictly.
    if !new_errors {
        Codec::Ascii.decode(extended, "strict")?;
    }
    // 3.2 Insertion sort coding.
    let (mut ch, mut pos, mut bias, mut extpos) = (0x80u128, -1i128, 72u128, 0usize);
    while extpos < extended.len() {
        // 3.3 A generalized variable-length integer.
        let (mut result, mut w, mut j) = (0u128, 1u128, 0u128);
        let mut at = extpos;
        let delta = loop {
            let Some(&c) = extended.get(at) else {
                if strict {
                    let at = ext_start + at;
                    // Up to 3.12 the message misspells the codec.
                    let reason = if new_errors {
                        "incomplete punycode string"
                    } else {
                        "incomplete punicode string"
                    };
                    return Err(fail.error(b, at, at + 1, reason.into()));
                }
                break None;
            };
            at += 1;
            let digit = match c.to_ascii_uppercase() {
                u @ b'A'..=b'Z' => u - b'A',
                d @ b'0'..=b'9' => d - 22,
                _ if strict && rules == PunycodeErrors::IndexBug && at == extended.len() => {
                    // `str.encode` wraps the message
                    // (`Error::codec_wrapped`).
                    return Err(Error::Index {
                        message: "string index out of range".into(),
                    });
                }
                _ if strict => {
                    // 3.13 formats the byte as a number, earlier releases
                    // the character; 3.6 the one after it.
                    let shown = match rules {
                        PunycodeErrors::UnicodeDecodeError => c.to_ascii_uppercase().to_string(),
                        PunycodeErrors::UnicodeError => char::from(c.to_ascii_uppercase()).into(),
                        PunycodeErrors::IndexBug => {
                            let next = extended.get(at).copied().unwrap_or(b'?');
                            char::from(next.to_ascii_uppercase()).into()
                        }
                    };
                    let at = ext_start + at;
                    return Err(fail.error(
                        b,
                        at - 1,
                        at,
                        format!("Invalid extended code point '{shown}'"),
                    ));
                }
                _ => break None,
            };
            let t = threshold(j, bias);
            result = u128::from(digit)
                .checked_mul(w)
                .and_then(|d| result.checked_add(d))
                .ok_or_else(too_large)?;
            if u128::from(digit) < t {
                break Some(result);
            }
            w = w.checked_mul(36 - t).ok_or_else(too_large)?;
            j += 1;
        };
        let Some(delta) = delta else {
            break;
        };
        let len = text.len() as i128 + 1;
        pos = pos
            .checked_add(i128::try_from(delta).map_err(|_| too_large())?)
            .and_then(|p| p.checked_add(1))
            .ok_or_else(too_large)?;
        ch = ch.checked_add((pos / len) as u128).ok_or_else(too_large)?;
        if ch > 0x10ffff {
            if strict {
                // CPython reports the insertion position here, not a byte's.
                let at = usize::try_from(ext_start as i128 + pos).map_err(|_| too_large())?;
                let reason = format!("Invalid character U+{ch:x}");
                return Err(fail.error(b, at.saturating_sub(1), at, reason));
            }
            ch = u128::from(b'?');
        }
        pos %= len;
        text.insert(pos as usize, ch as u32);
        bias = adapt(delta, extpos == 0, text.len() as u128);
        extpos = at;
    }
    for c in text {
        out.push(c);
    }
    Ok(())
}

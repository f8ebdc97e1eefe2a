//! HZ (RFC 1843): ASCII, and GB2312 between `~{` and `~}`, with `~~` for
//! `~` and `~` newline as a line continuation (both in ASCII mode only:
//! in GB2312 mode only `~}` is legal); as CPython's `_codecs_cn.c` runs it,
//! including the `~` it fails to escape when its output buffer is full.

use super::stateless::Step;
use super::tables::Stateless;
use super::{DecodeHandler, EncodeHandler, Multibyte, MultibyteError, ILLEGAL, INCOMPLETE};
use crate::error::Error;

/// The GB2312 codec, whose tables HZ shares.
fn gb2312() -> &'static Stateless {
    Multibyte::Gb2312.stateless().expect("gb2312 is stateless")
}

/// The GB2312 character of the 7-bit pair `c1 c2`, if any.
fn decode_pair(c1: u8, c2: u8) -> Option<u32> {
    if !(0x21..=0x7E).contains(&c1) || !(0x21..=0x7E).contains(&c2) {
        return None;
    }
    match gb2312().step(&[c1 | 0x80, c2 | 0x80], 0) {
        Step::Char(cp, 2) => Some(cp),
        _ => None,
    }
}

/// `bytes.decode("hz")`.
pub(super) fn decode(input: &[u8], on_error: &mut DecodeHandler<'_>) -> Result<Vec<u32>, Error> {
    let mut out = Vec::with_capacity(input.len());
    let mut gb = false;
    let mut pos = 0;
    while pos < input.len() {
        let c = input[pos];
        let next = input.get(pos + 1).copied();
        let failure = if c == b'~' {
            match next {
                None => Some((input.len(), INCOMPLETE)),
                Some(b'~') if !gb => {
                    out.push(u32::from(b'~'));
                    None
                }
                Some(b'{') if !gb => {
                    gb = true;
                    None
                }
                Some(b'}') if gb => {
                    gb = false;
                    None
                }
                Some(b'\n') if !gb => None,
                Some(_) => Some((pos + 1, ILLEGAL)),
            }
            .map_or_else(
                || {
                    pos += 2;
                    None
                },
                Some,
            )
        } else if c & 0x80 != 0 {
            Some((pos + 1, ILLEGAL))
        } else if !gb {
            out.push(u32::from(c));
            pos += 1;
            None
        } else {
            match next {
                None => Some((input.len(), INCOMPLETE)),
                Some(c2) => match decode_pair(c, c2) {
                    Some(cp) => {
                        out.push(cp);
                        pos += 2;
                        None
                    }
                    None => Some((pos + 1, ILLEGAL)),
                },
            }
        };
        if let Some((end, reason)) = failure {
            let (text, next) = on_error(&MultibyteError {
                start: pos,
                end,
                reason,
            })?;
            out.extend_from_slice(&text);
            pos = super::errors::resume(next, input.len())?;
        }
    }
    Ok(out)
}

/// CPython's output buffer, whose size decides one answer: the encoder
/// consumes a `~` and writes its first `~` before asking room for the
/// second; when the first fills the buffer, the buffer grows and the
/// second is never written.
struct Buffer {
    bytes: Vec<u8>,
    capacity: usize,
}

impl Buffer {
    /// The buffer of an encoding of `len` code points.
    fn new(len: usize) -> Buffer {
        Buffer {
            bytes: Vec::with_capacity(len * 2 + 16),
            capacity: len * 2 + 16,
        }
    }

    /// Grows by half (plus one), or by `need` when that is more.
    fn grow(&mut self, need: usize) {
        let half = self.capacity >> 1;
        self.capacity += if need < half { half | 1 } else { need };
    }

    fn room(&self) -> usize {
        self.capacity - self.bytes.len()
    }

    /// An encoder write: when it does not fit, the buffer grows and the
    /// encoder runs again.
    fn write(&mut self, b: &[u8]) {
        while self.room() < b.len() {
            self.grow(0);
        }
        self.bytes.extend_from_slice(b);
    }

    /// A handler's replacement, copied in.
    fn append(&mut self, b: &[u8]) {
        if self.room() < b.len() {
            self.grow(b.len());
        }
        self.bytes.extend_from_slice(b);
    }
}

/// Encodes `input` from the state `gb` (in GB2312 mode), leaving the final
/// state there (no `~}` at the end).
fn encode_from(
    gb: &mut bool,
    input: &[u32],
    on_error: &mut EncodeHandler<'_>,
    out: &mut Buffer,
) -> Result<(), Error> {
    let mut pos = 0;
    while pos < input.len() {
        let cp = input[pos];
        if cp < 0x80 {
            if *gb {
                out.write(b"~}");
                *gb = false;
            }
            out.write(&[cp as u8]);
            // The escaping `~`, lost when the buffer is full.
            if cp == u32::from(b'~') {
                if out.room() == 0 {
                    out.grow(0);
                } else {
                    out.write(b"~");
                }
            }
            pos += 1;
            continue;
        }
        // GB2312's own encoder decides which characters HZ can carry.
        let e = if cp < 0x10000 { gb2312().enc(cp) } else { 0 };
        if e >> 24 == 2 {
            if !*gb {
                out.write(b"~{");
                *gb = true;
            }
            out.write(&[((e >> 8) as u8) & 0x7F, (e as u8) & 0x7F]);
            pos += 1;
            continue;
        }
        pos = super::errors::replace_unencodable(
            "hz",
            input.len(),
            pos,
            on_error,
            out,
            Buffer::append,
            |t, strict, out| {
                // Encoded into a buffer of its own, then copied.
                let mut sub = Buffer::new(t.len());
                encode_from(gb, t, strict, &mut sub)?;
                out.append(&sub.bytes);
                Ok(())
            },
        )?;
    }
    Ok(())
}

/// `str.encode("hz")`: ends in ASCII mode.
pub(super) fn encode(input: &[u32], on_error: &mut EncodeHandler<'_>) -> Result<Vec<u8>, Error> {
    let mut out = Buffer::new(input.len());
    let mut gb = false;
    encode_from(&mut gb, input, on_error, &mut out)?;
    if gb {
        out.write(b"~}");
    }
    Ok(out.bytes)
}

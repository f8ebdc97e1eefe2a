//! The `idna` codec (RFC 3490's ToASCII and ToUnicode over RFC 3491's
//! nameprep) as each release's `encodings/idna.py` runs it, step for step.
//! Only `strict` is taken: any other handler is an error at once. Encoding
//! splits the text at the four IDNA dots and makes each label ASCII
//! (nameprep, then `xn--` and punycode); decoding splits at `.` and turns
//! each `xn--` label back, checking that it round-trips. The releases
//! differ in their errors ([`IdnaErrors`]), in 3.12's limit on a label to
//! decode, and in the tables nameprep reads (`nameprep.rs`).

use super::error_styles::IdnaErrors;
use super::nameprep::{nameprep, Refusal};
use super::punycode;
use super::text::TextBuf;
use super::CodecRules;
use crate::error::Error;
use crate::repr::{bytes_repr, str_repr_with};

/// The ACE prefix (RFC 3490 §5).
const ACE: &[u8; 4] = b"xn--";

/// The label separators (RFC 3490 §3.1): full stop, ideographic full stop,
/// fullwidth full stop, halfwidth ideographic full stop.
const DOTS: [u32; 4] = [0x2e, 0x3002, 0xff0e, 0xff61];

/// "ordinal not in range(128)": the reason of the ASCII decoder.
const NOT_ASCII: &str = "ordinal not in range(128)";

/// The failure of ToASCII or ToUnicode on one label.
enum Fail {
    /// 3.13's error of `start..end` of the label (or of the text a step
    /// made of it), which the caller places in the whole text.
    At {
        start: usize,
        end: usize,
        reason: String,
    },
    /// An error raised as it is.
    Raised(Error),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Self {
        Fail::Raised(e)
    }
}

/// The rules of one release.
struct Idna {
    rules: CodecRules,
    positioned: bool,
}

impl Idna {
    fn new(rules: CodecRules) -> Self {
        Idna {
            rules,
            positioned: rules.idna_errors == IdnaErrors::WithPositions,
        }
    }

    /// An error of `start..end` with 3.13's `reason`, or the plain
    /// `UnicodeError` of earlier releases.
    fn fail(&self, start: usize, end: usize, reason: &str, legacy: &str) -> Fail {
        if self.positioned {
            Fail::At {
                start,
                end,
                reason: reason.into(),
            }
        } else {
            Fail::Raised(Error::Unicode {
                message: legacy.into(),
            })
        }
    }

    fn unsupported(&self, errors: &str, encoding: bool) -> Error {
        let message = match (self.positioned, encoding) {
            (true, _) => format!("Unsupported error handling: {errors}"),
            (false, true) => format!("unsupported error handling {errors}"),
            (false, false) => format!("Unsupported error handling {errors}"),
        };
        Error::Unicode { message }
    }

    /// The ASCII form of a label of `len` characters, if its length is
    /// within 1 to 63.
    fn sized(&self, ascii: Vec<u8>, len: usize) -> Result<Vec<u8>, Fail> {
        match len {
            1..=63 => Ok(ascii),
            0 => Err(self.fail(0, 1, "label empty", "label empty or too long")),
            _ => Err(self.fail(0, len, "label too long", "label empty or too long")),
        }
    }

    /// `repr()` of one character, as the release writes it.
    fn repr(&self, c: u32) -> String {
        match char::from_u32(c) {
            Some(ch) => str_repr_with(ch.encode_utf8(&mut [0; 4]), self.rules.unicode),
            None => format!("'\\u{c:04x}'"),
        }
    }

    /// `ToASCII(label)`.
    fn to_ascii(&self, label: &[u32]) -> Result<Vec<u8>, Fail> {
        if let Some(ascii) = ascii_bytes(label) {
            return self.sized(ascii, label.len());
        }
        let text = nameprep(
            label,
            self.rules.nameprep_case_folding,
            self.rules.nameprep_tables,
        )
        .map_err(|refusal| {
            let (at, reason) = match refusal {
                Refusal::Prohibited { at, character } => {
                    (at, format!("Invalid character {}", self.repr(character)))
                }
                Refusal::Bidi2 { at } => (at, "Violation of BIDI requirement 2".into()),
                Refusal::Bidi3 { at } => (at, "Violation of BIDI requirement 3".into()),
            };
            self.fail(at, at + 1, &reason, &reason)
        })?;
        if let Some(ascii) = ascii_bytes(&text) {
            return self.sized(ascii, text.len());
        }
        // 3.13 lowercases the label first; no character but `X` and `N`
        // lowercases to an ASCII `x`, `n` or `-`.
        let head: Vec<u8> = text
            .iter()
            .take(4)
            .map(|&c| u8::try_from(c).unwrap_or(0))
            .collect();
        let starts_with_ace = if self.positioned {
            head.eq_ignore_ascii_case(ACE)
        } else {
            head == ACE
        };
        if starts_with_ace {
            let reason = "Label starts with ACE prefix";
            return Err(self.fail(0, ACE.len(), reason, reason));
        }
        // Punycode writes at least one byte a character: from 60 on, the
        // label is too long whatever it gives (and is not encoded).
        if text.len() < 60 {
            let mut out = ACE.to_vec();
            out.extend(punycode::encode(&text)?);
            if out.len() < 64 {
                return Ok(out);
            }
        }
        Err(self.fail(0, text.len(), "label too long", "label empty or too long"))
    }

    /// `ToUnicode(label)` of a label of the bytes to decode.
    fn to_unicode(&self, label: &[u8]) -> Result<Vec<u32>, Fail> {
        if self.rules.idna_label_limit && label.len() > 1024 {
            let reason = "label way too long";
            return Err(self.fail(0, label.len(), reason, reason));
        }
        let ace = label.len() >= ACE.len()
            && if self.positioned {
                label[..4].eq_ignore_ascii_case(ACE)
            } else {
                label.starts_with(ACE)
            };
        if !ace {
            // `str(label, "ascii")`.
            return match label.iter().position(|&b| b >= 0x80) {
                None => Ok(label.iter().map(|&b| u32::from(b)).collect()),
                Some(at) if self.positioned => Err(Fail::At {
                    start: at,
                    end: at + 1,
                    reason: NOT_ASCII.into(),
                }),
                Some(at) => Err(Fail::Raised(Error::Decode {
                    encoding: "ascii".into(),
                    byte: Some(label[at]),
                    position: at,
                    end: at + 1,
                    reason: NOT_ASCII.into(),
                })),
            };
        }
        let mut decoded = TextBuf::default();
        punycode::decode(
            &label[4..],
            "strict",
            self.rules.punycode_errors,
            &mut decoded,
        )
        .map_err(|e| {
            match e {
                // 3.13 places the punycode codec's errors after the prefix.
                Error::Decode {
                    position,
                    end,
                    reason,
                    ..
                } if self.positioned => Fail::At {
                    start: position + 4,
                    end: end + 4,
                    reason,
                },
                e if self.rules.codec_errors_wrapped => {
                    Fail::Raised(e.codec_wrapped("decoding", "punycode"))
                }
                e => Fail::Raised(e),
            }
        })?;
        let result = decoded.finish().code_points();
        let again = self.to_ascii(&result)?;
        if label.to_ascii_lowercase() != again {
            let (shown, again) = (bytes_repr(label), bytes_repr(&again));
            return Err(if self.positioned {
                Fail::At {
                    start: 0,
                    end: label.len(),
                    reason: format!("IDNA does not round-trip, '{shown}' != '{again}'"),
                }
            } else {
                // Three arguments: `str()` is their tuple's, and CPython
                // does not wrap it.
                Fail::Raised(Error::Unicode {
                    message: format!("('IDNA does not round-trip', {shown}, {again})"),
                })
            });
        }
        Ok(result)
    }
}

/// The bytes of text that is all ASCII.
fn ascii_bytes(text: &[u32]) -> Option<Vec<u8>> {
    text.iter()
        .map(|&c| u8::try_from(c).ok().filter(u8::is_ascii))
        .collect()
}

/// `s.encode('idna', errors)` as the release of `rules` runs it.
pub(crate) fn encode(input: &[u32], errors: &str, rules: CodecRules) -> Result<Vec<u8>, Error> {
    let idna = Idna::new(rules);
    if errors != "strict" {
        return Err(idna.unsupported(errors, true));
    }
    if let Some(ascii) = ascii_bytes(input) {
        return encode_ascii(&idna, ascii);
    }
    let mut labels: Vec<&[u32]> = input.split(|c| DOTS.contains(c)).collect();
    let trailing_dot = labels.last().is_some_and(|l| l.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::with_capacity(input.len() + 8);
    let mut offset = 0;
    for label in labels {
        if !out.is_empty() {
            out.push(b'.');
        }
        match idna.to_ascii(label) {
            Ok(ascii) => out.extend(ascii),
            Err(Fail::Raised(e)) => return Err(e),
            Err(Fail::At { start, end, reason }) => {
                return Err(Error::Encode {
                    encoding: "idna".into(),
                    character: input.get(offset + start).copied(),
                    position: offset + start,
                    end: offset + end,
                    reason,
                })
            }
        }
        offset += label.len() + 1;
    }
    if trailing_dot {
        out.push(b'.');
    }
    Ok(out)
}

/// The ASCII fast path of encoding: each label but the last 1 to 63
/// bytes, the last at most 63.
fn encode_ascii(idna: &Idna, ascii: Vec<u8>) -> Result<Vec<u8>, Error> {
    let labels: Vec<&[u8]> = ascii.split(|&b| b == b'.').collect();
    let last = labels.len() - 1;
    if !idna.positioned {
        let message = if labels[..last].iter().any(|l| l.is_empty() || l.len() >= 64) {
            "label empty or too long"
        } else if labels[last].len() >= 64 {
            "label too long"
        } else {
            return Ok(ascii);
        };
        return Err(Error::Unicode {
            message: message.into(),
        });
    }
    // 3.13: every empty label first, then every long one.
    let starts = labels.iter().scan(0, |at, l| {
        let start = *at;
        *at += l.len() + 1;
        Some(start)
    });
    let spans: Vec<(usize, usize)> = starts.zip(&labels).map(|(s, l)| (s, l.len())).collect();
    let empty = spans[..last].iter().find(|&&(_, len)| len == 0);
    let long = spans.iter().find(|&&(_, len)| len >= 64);
    let (start, end, reason) = match (empty, long) {
        (Some(&(s, _)), _) => (s, s + 1, "label empty"),
        (None, Some(&(s, len))) => (s, s + len, "label too long"),
        (None, None) => return Ok(ascii),
    };
    Err(Error::Encode {
        encoding: "idna".into(),
        character: ascii.get(start).map(|&b| u32::from(b)),
        position: start,
        end,
        reason: reason.into(),
    })
}

/// `b.decode('idna', errors)` as the release of `rules` runs it.
pub(crate) fn decode(
    b: &[u8],
    errors: &str,
    rules: CodecRules,
    out: &mut TextBuf,
) -> Result<(), Error> {
    if b.is_empty() {
        // `bytes.decode` answers empty bytes without asking the codec.
        return Ok(());
    }
    let idna = Idna::new(rules);
    if errors != "strict" {
        return Err(idna.unsupported(errors, false));
    }
    let has_ace = b.windows(4).any(|w| {
        if idna.positioned {
            w.eq_ignore_ascii_case(ACE)
        } else {
            w == ACE
        }
    });
    if !has_ace && b.is_ascii() {
        b.iter().for_each(|&c| out.push(c.into()));
        return Ok(());
    }
    let mut labels: Vec<&[u8]> = b.split(|&c| c == b'.').collect();
    let trailing_dot = labels.last().is_some_and(|l| l.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut offset = 0;
    for (i, label) in labels.into_iter().enumerate() {
        if i > 0 {
            out.push(u32::from(b'.'));
        }
        match idna.to_unicode(label) {
            Ok(text) => text.into_iter().for_each(|c| out.push(c)),
            Err(Fail::Raised(e)) => return Err(e),
            Err(Fail::At { start, end, reason }) => {
                return Err(Error::Decode {
                    encoding: "idna".into(),
                    byte: b.get(offset + start).copied(),
                    position: offset + start,
                    end: offset + end,
                    reason,
                })
            }
        }
        offset += label.len() + 1;
    }
    if trailing_dot {
        out.push(u32::from(b'.'));
    }
    Ok(())
}

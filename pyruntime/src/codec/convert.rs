//! [`Codec`]'s encoding and decoding, as `str.encode` and `bytes.decode`
//! run them.

use std::borrow::Cow;

use super::handler::{self, Handler, Replacement, SurrogateForm};
use super::{charmap, escape, idna, punycode, utf, utf7};
use super::{check_name, code_points, ByteOrder, Codec, CodecRules, Text, TextBuf};
use crate::error::Error;

impl Codec {
    /// The codec name CPython's messages use (`"utf-8"`, `"ascii"`,
    /// `"latin-1"`, `"charmap"`, `"utf-16-le"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Codec::Utf8 | Codec::Utf8Sig => "utf-8",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
            Codec::Charmap(_) => "charmap",
            Codec::Utf16(ByteOrder::Bom, _) => "utf-16",
            Codec::Utf16(ByteOrder::Little, _) => "utf-16-le",
            Codec::Utf16(ByteOrder::Big, _) => "utf-16-be",
            Codec::Utf32(ByteOrder::Bom) => "utf-32",
            Codec::Utf32(ByteOrder::Little) => "utf-32-le",
            Codec::Utf32(ByteOrder::Big) => "utf-32-be",
            Codec::Undefined => "undefined",
            Codec::Utf7 { .. } => "utf7",
            Codec::Punycode(_) => "punycode",
            Codec::Idna(_) => "idna",
            Codec::UnicodeEscape { .. } => "unicodeescape",
            Codec::RawUnicodeEscape => "rawunicodeescape",
            Codec::Cjk(c) => c.module(),
            Codec::UnicodeInternal => "unicode_internal",
        }
    }

    fn undefined() -> Error {
        Error::Unicode {
            message: "undefined encoding".into(),
        }
    }

    fn surrogate_form(self) -> SurrogateForm {
        match self {
            Codec::Utf8 | Codec::Utf8Sig => SurrogateForm::Utf8,
            Codec::Utf16(o, _) => SurrogateForm::Utf16(o != ByteOrder::Big),
            Codec::Utf32(o) => SurrogateForm::Utf32(o != ByteOrder::Big),
            _ => SurrogateForm::None,
        }
    }

    /// Encodes one code point, if the codec can.
    #[inline]
    fn encode_one(self, c: u32, out: &mut Vec<u8>) -> bool {
        let ok = match self {
            Codec::Ascii => c < 0x80,
            Codec::Latin1 => c < 0x100,
            Codec::Charmap(m) => match m.encode_char(c) {
                Some(b) => {
                    out.push(b);
                    return true;
                }
                None => false,
            },
            Codec::Utf8 | Codec::Utf8Sig => match char::from_u32(c) {
                Some(ch) => {
                    utf::push_utf8(ch, out);
                    return true;
                }
                None => false,
            },
            Codec::Utf16(o, _) => {
                let ok = !handler::is_surrogate(c);
                if ok {
                    utf::push_utf16(c, o != ByteOrder::Big, out);
                }
                return ok;
            }
            Codec::Utf32(o) => {
                let ok = !handler::is_surrogate(c);
                if ok {
                    utf::push_utf32(c, o != ByteOrder::Big, out);
                }
                return ok;
            }
            Codec::Undefined
            | Codec::Cjk(_)
            | Codec::Utf7 { .. }
            | Codec::Punycode(_)
            | Codec::Idna(_) => false,
            Codec::UnicodeEscape { .. } => {
                escape::encode_unicode_escape(c, out);
                return true;
            }
            Codec::RawUnicodeEscape => {
                escape::encode_raw_unicode_escape(c, out);
                return true;
            }
            Codec::UnicodeInternal => {
                // Every code point, lone surrogates too: the errors
                // argument is never used.
                out.extend_from_slice(&c.to_le_bytes());
                return true;
            }
        };
        if ok {
            out.push(c as u8);
        }
        ok
    }

    fn can_encode(self, c: u32) -> bool {
        match self {
            Codec::Charmap(m) => m.encode_char(c).is_some(),
            _ => self.encode_one(c, &mut Vec::new()),
        }
    }

    fn encode_reason(self) -> &'static str {
        match self {
            Codec::Ascii => "ordinal not in range(128)",
            Codec::Latin1 => "ordinal not in range(256)",
            Codec::Charmap(_) => "character maps to <undefined>",
            _ => "surrogates not allowed",
        }
    }

    /// Whether a handler's text replacement may hold `c`: the UTF encoders
    /// take ASCII only; the others anything they can encode.
    fn takes_replacement(self, c: u32) -> bool {
        match self {
            Codec::Utf8 | Codec::Utf8Sig | Codec::Utf16(..) | Codec::Utf32(_) => c < 0x80,
            _ => true,
        }
    }

    fn bom(self) -> &'static [u8] {
        match self {
            Codec::Utf8Sig => b"\xef\xbb\xbf",
            Codec::Utf16(ByteOrder::Bom, _) => b"\xff\xfe",
            Codec::Utf32(ByteOrder::Bom) => b"\xff\xfe\x00\x00",
            _ => b"",
        }
    }

    /// `s.encode(codec, errors)` as the release of `rules` runs it (a
    /// urlsyntax's `Profile`'s, a context's
    /// urlsyntax's `Behaviour`'s): its Unicode names for
    /// `namereplace`. Borrows when the text is encoded as is.
    #[inline]
    pub fn encode_in<'a>(
        self,
        s: &'a str,
        errors: &str,
        rules: impl Into<CodecRules>,
    ) -> Result<Cow<'a, [u8]>, Error> {
        self.encode_as(s, errors, rules.into())
    }

    /// [`Codec::encode_in`] once the rules are made.
    pub(crate) fn encode_as<'a>(
        self,
        s: &'a str,
        errors: &str,
        rules: CodecRules,
    ) -> Result<Cow<'a, [u8]>, Error> {
        check_name(errors)?;
        // ASCII is its own encoding in all single-byte codecs but EBCDIC.
        let ascii_is_identity = match self {
            Codec::Ascii | Codec::Latin1 => true,
            Codec::Charmap(m) => m.ascii_is_identity(),
            Codec::Cjk(c) => c.ascii_passes(),
            _ => false,
        };
        if self == Codec::Utf8 || (ascii_is_identity && s.is_ascii()) {
            return Ok(Cow::Borrowed(s.as_bytes()));
        }
        if self == Codec::Undefined {
            return Err(Codec::undefined());
        }
        // A stateless multibyte codec that passes ASCII: a non-empty ASCII
        // head is its own encoding, and only the rest is read as code
        // points (its errors' positions moved past the head). No other
        // codec looks for the head.
        let ascii_head = match self {
            Codec::Cjk(_) if ascii_is_identity => {
                s.bytes().position(|b| b >= 0x80).filter(|&n| n > 0)
            }
            _ => None,
        };
        if let Some(ascii_end) = ascii_head {
            let (head, tail) = s.split_at(ascii_end);
            let encoded = self
                .encode_code_points(&code_points(tail), errors, rules)
                .map_err(|e| e.shifted_by(ascii_end))?;
            let mut out = Vec::with_capacity(head.len() + encoded.len());
            out.extend_from_slice(head.as_bytes());
            out.extend_from_slice(&encoded);
            return Ok(Cow::Owned(out));
        }
        if let Codec::Utf7 { .. } | Codec::Punycode(_) | Codec::Idna(_) | Codec::Cjk(_) = self {
            // Whole-text encoders: they read code points, as below.
            return Ok(Cow::Owned(self.encode_code_points(
                &code_points(s),
                errors,
                rules,
            )?));
        }
        let mut out = Vec::with_capacity(s.len() + 4);
        out.extend_from_slice(self.bom());
        if let Codec::Charmap(m) = self {
            // The table once, not per character.
            let table = m.encoding_table();
            for c in s.chars() {
                let u = u32::from(c);
                let e = if u < 0x80 && ascii_is_identity {
                    u as u16
                } else {
                    table.get(u as usize).copied().unwrap_or(charmap::NO_BYTE)
                };
                if e == charmap::NO_BYTE {
                    let wide = code_points(s);
                    return Ok(Cow::Owned(self.encode_code_points(&wide, errors, rules)?));
                }
                out.push(e as u8);
            }
            return Ok(Cow::Owned(out));
        }
        for c in s.chars() {
            if !self.encode_one(c.into(), &mut out) {
                // An error: the general road, from the start (handlers see
                // positions in characters).
                let wide = code_points(s);
                return Ok(Cow::Owned(self.encode_code_points(&wide, errors, rules)?));
            }
        }
        Ok(Cow::Owned(out))
    }

    /// `s.encode(codec, errors)` of text given as code points (lone
    /// surrogates possible).
    pub fn encode_code_points(
        self,
        input: &[u32],
        errors: &str,
        rules: CodecRules,
    ) -> Result<Vec<u8>, Error> {
        check_name(errors)?;
        if self == Codec::Undefined {
            return Err(Codec::undefined());
        }
        if let Codec::Cjk(c) = self {
            return c.encode(input, errors, rules);
        }
        if let Codec::Utf7 { .. } = self {
            return Ok(utf7::encode(input));
        }
        match self {
            Codec::Punycode(_) => return punycode::encode(input),
            Codec::Idna(release) => return idna::encode(input, errors, release),
            _ => {}
        }
        let mut out = Vec::with_capacity(input.len() + 4);
        out.extend_from_slice(self.bom());
        let mut h = Handler::new(errors, self.name(), self.surrogate_form());
        h.names = rules.namereplace_names;
        let reason = self.encode_reason();
        let unit = match self {
            Codec::Utf16(..) => 2,
            Codec::Utf32(_) => 4,
            _ => 1,
        };
        let mut i = 0;
        while i < input.len() {
            if self.encode_one(input[i], &mut out) {
                i += 1;
                continue;
            }
            let mut end = i + 1;
            while end < input.len() && !self.can_encode(input[end]) {
                end += 1;
            }
            let (rep, next) = h.on_encode(input, i, end, reason)?;
            match rep {
                Replacement::Bytes(b) if b.len() % unit == 0 => out.extend_from_slice(&b),
                Replacement::Bytes(_) => return Err(h.encode_error(input, i, end, reason)),
                Replacement::Text(t) => {
                    for c in t {
                        if !self.takes_replacement(c) || !self.encode_one(c, &mut out) {
                            return Err(h.encode_error(input, i, end, reason));
                        }
                    }
                }
            }
            i = next;
        }
        Ok(out)
    }

    /// `b.decode(codec, errors)`. Borrows when the bytes are valid text;
    /// text holding a lone surrogate is an [`UNREPRESENTABLE`](super::UNREPRESENTABLE) error.
    #[inline]
    pub fn decode<'a>(self, b: &'a [u8], errors: &str) -> Result<Cow<'a, str>, Error> {
        self.decode_text(b, errors)?.into_str()
    }

    /// `b.decode(codec, errors)`, lone surrogates and all.
    pub fn decode_text<'a>(self, b: &'a [u8], errors: &str) -> Result<Text<'a>, Error> {
        check_name(errors)?;
        let ascii = || std::str::from_utf8(b).ok().filter(|s| s.is_ascii());
        match self {
            Codec::Utf8 => {
                if let Ok(s) = std::str::from_utf8(b) {
                    return Ok(Text::Str(Cow::Borrowed(s)));
                }
            }
            Codec::Ascii => {
                if let Some(s) = ascii() {
                    return Ok(Text::Str(Cow::Borrowed(s)));
                }
            }
            Codec::Latin1 => {
                return Ok(Text::Str(match ascii() {
                    Some(s) => Cow::Borrowed(s),
                    None => Cow::Owned(b.iter().map(|&c| char::from(c)).collect()),
                }))
            }
            Codec::Undefined => return Err(Codec::undefined()),
            _ => {}
        }
        let mut out = TextBuf::with_capacity(b.len());
        let le = |o: ByteOrder, bom: &[u8], be_bom: &[u8]| match o {
            ByteOrder::Little => (true, 0),
            ByteOrder::Big => (false, 0),
            ByteOrder::Bom if b.starts_with(bom) => (true, bom.len()),
            ByteOrder::Bom if b.starts_with(be_bom) => (false, be_bom.len()),
            ByteOrder::Bom => (true, 0),
        };
        match self {
            Codec::Utf8 => {
                let mut h = Handler::new(errors, "utf-8", SurrogateForm::Utf8);
                utf::decode_utf8(b, &mut h, &mut out)?;
            }
            Codec::Punycode(rules) => {
                punycode::decode(b, errors, rules, &mut out)?;
            }
            Codec::Idna(release) => idna::decode(b, errors, release, &mut out)?,
            Codec::UnicodeInternal => {
                let mut h = Handler::new(errors, "unicode_internal", SurrogateForm::None);
                utf::decode_unicode_internal(b, &mut h, &mut out)?;
            }
            Codec::Utf7 { ill_formed_plus } => {
                let mut h = Handler::new(errors, "utf7", SurrogateForm::None);
                utf7::decode(b, ill_formed_plus, &mut h, &mut out)?;
            }
            Codec::Utf8Sig => {
                // The BOM is cut off first: positions count from after it.
                let rest = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
                let mut h = Handler::new(errors, "utf-8", SurrogateForm::Utf8);
                utf::decode_utf8(rest, &mut h, &mut out)?;
            }
            Codec::Ascii | Codec::Charmap(_) => {
                let (name, reason) = match self {
                    Codec::Charmap(_) => ("charmap", "character maps to <undefined>"),
                    _ => ("ascii", "ordinal not in range(128)"),
                };
                let mut h = Handler::new(errors, name, SurrogateForm::None);
                let ascii_run = match self {
                    Codec::Charmap(m) => m.ascii_is_identity(),
                    _ => true,
                };
                let mut i = 0;
                while i < b.len() {
                    if ascii_run && b[i] < 0x80 {
                        // A run of ASCII bytes is its own text.
                        let end = b[i..]
                            .iter()
                            .position(|&c| c >= 0x80)
                            .map_or(b.len(), |n| i + n);
                        out.push_str(std::str::from_utf8(&b[i..end]).unwrap_or_default());
                        i = end;
                        continue;
                    }
                    let c = match self {
                        Codec::Charmap(m) => m.decode_byte(b[i]),
                        _ => (b[i] < 0x80).then_some(u32::from(b[i])),
                    };
                    match c {
                        Some(c) => {
                            out.push(c);
                            i += 1;
                        }
                        None => i = h.on_decode(b, i, i + 1, reason, &mut out)?,
                    }
                }
            }
            Codec::Utf16(o, check) => {
                let (le, start) = le(o, b"\xff\xfe", b"\xfe\xff");
                let name = if le { "utf-16-le" } else { "utf-16-be" };
                let mut h = Handler::new(errors, name, SurrogateForm::Utf16(le));
                utf::decode_utf16(b, start, le, check, &mut h, &mut out)?;
            }
            Codec::Utf32(o) => {
                let (le, start) = le(o, b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff");
                let name = if le { "utf-32-le" } else { "utf-32-be" };
                let mut h = Handler::new(errors, name, SurrogateForm::Utf32(le));
                utf::decode_utf32(b, start, le, &mut h, &mut out)?;
            }
            Codec::UnicodeEscape { names, any_case } => {
                let mut h = Handler::new(errors, "unicodeescape", SurrogateForm::None);
                escape::decode(b, (names, any_case), &mut h, &mut out)?;
            }
            Codec::RawUnicodeEscape => {
                let mut h = Handler::new(errors, "rawunicodeescape", SurrogateForm::None);
                escape::decode_raw(b, &mut h, &mut out)?;
            }
            Codec::Cjk(c) => c.decode(b, errors, &mut out)?,
            Codec::Latin1 | Codec::Undefined => {}
        }
        Ok(out.finish())
    }
}

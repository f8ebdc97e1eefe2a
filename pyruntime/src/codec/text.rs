//! Text as CPython's `str` holds it: Unicode scalar values, and after some
//! decoders and error handlers lone surrogates, which a Rust `String`
//! cannot hold.

use std::borrow::Cow;

use crate::error::Error;

/// The start of the message of the urlsyntax's `Error::Value` returned where
/// CPython's result cannot be represented (lone surrogates) or its codec is
/// not implemented here.
pub const UNREPRESENTABLE: &str = "not representable by urlsyntax: ";

/// Decoded text: a `str` (borrowed when the bytes were the text), or code
/// points when it holds a lone surrogate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text<'a> {
    /// Text without lone surrogates.
    Str(Cow<'a, str>),
    /// Code points, at least one of them a lone surrogate.
    Wide(Vec<u32>),
}

impl<'a> Text<'a> {
    /// The text as a `String`, or [`Error::Value`] starting with
    /// [`UNREPRESENTABLE`] when it holds a lone surrogate.
    #[inline]
    pub fn into_str(self) -> Result<Cow<'a, str>, Error> {
        match self {
            Text::Str(s) => Ok(s),
            Text::Wide(_) => Err(Error::Value {
                message: format!("{UNREPRESENTABLE}the text holds a lone surrogate"),
            }),
        }
    }

    /// The text, owning its characters.
    #[inline]
    pub fn into_owned(self) -> Text<'static> {
        match self {
            Text::Str(s) => Text::Str(Cow::Owned(s.into_owned())),
            Text::Wide(v) => Text::Wide(v),
        }
    }

    /// Its code points.
    pub fn code_points(&self) -> Vec<u32> {
        match self {
            Text::Str(s) => code_points(s),
            Text::Wide(v) => v.clone(),
        }
    }

    /// Appends the text to `out`.
    pub fn push_to(&self, out: &mut TextBuf) {
        match self {
            Text::Str(s) => out.push_str(s),
            Text::Wide(v) => v.iter().for_each(|&c| out.push(c)),
        }
    }
}

/// A growing [`Text`]: a `String` until a lone surrogate arrives.
#[derive(Clone, Debug, Default)]
pub struct TextBuf {
    s: String,
    wide: Option<Vec<u32>>,
}

impl TextBuf {
    /// An empty text with room for `n` bytes.
    #[inline]
    pub fn with_capacity(n: usize) -> Self {
        TextBuf {
            s: String::with_capacity(n),
            wide: None,
        }
    }

    /// Appends one code point (a lone surrogate makes the text wide).
    #[inline]
    pub fn push(&mut self, c: u32) {
        if let Some(w) = &mut self.wide {
            w.push(c);
            return;
        }
        match char::from_u32(c) {
            Some(ch) => self.s.push(ch),
            None => {
                let mut w = code_points(&self.s);
                w.push(c);
                self.wide = Some(w);
            }
        }
    }

    /// Appends `s`.
    #[inline]
    pub fn push_str(&mut self, s: &str) {
        match &mut self.wide {
            Some(w) => w.extend(s.chars().map(u32::from)),
            None => self.s.push_str(s),
        }
    }

    /// The text written.
    #[inline]
    pub fn finish<'a>(self) -> Text<'a> {
        match self.wide {
            Some(w) => Text::Wide(w),
            None => Text::Str(Cow::Owned(self.s)),
        }
    }
}

/// The code points of `s`, in a vector allocated once (a `collect` of
/// `chars()` grows it step by step: its size hint is a quarter of the
/// bytes).
pub fn code_points(s: &str) -> Vec<u32> {
    let mut wide = Vec::with_capacity(s.len());
    wide.extend(s.chars().map(u32::from));
    wide
}

//! The East Asian multibyte codecs (`codec/multibyte/`) behind [`Codec`],
//! with this crate's error handlers: each error the codec reports is
//! handed to the handler exactly as CPython's `multibytecodec.c` calls it.
//!
//! [`Codec`]: super::Codec

use std::sync::OnceLock;

use super::handler::{Handler, Replacement, SurrogateForm};
use super::multibyte::{self, Multibyte, MultibyteQuirks};
use super::text::TextBuf;
use super::CodecRules;
use crate::error::Error;

/// One of CPython's East Asian multibyte codecs (`shift_jis`, `cp932`,
/// `euc_jp`, `iso2022_jp*`, `gb2312`, `gbk`, `gb18030`, `hz`, `big5`,
/// `cp950`, `big5hkscs`, `euc_kr`, `cp949`, `johab`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cjk(Multibyte);

impl Cjk {
    /// The codec of an `encodings` module name (`"shift_jis"`); `None`
    /// without the `cjk-codecs` feature, which carries their tables.
    ///
    /// ```
    /// use urlsyntax_pyruntime::codec::Cjk;
    /// let found = Cjk::from_module("shift_jis").map(Cjk::module);
    /// assert_eq!(found, cfg!(feature = "cjk-codecs").then_some("shift_jis"));
    /// ```
    pub fn from_module(module: &str) -> Option<Cjk> {
        Multibyte::from_module(module)
            .filter(|_| cfg!(feature = "cjk-codecs"))
            .map(Cjk)
    }

    /// Whether `module` names one of these codecs, built or not.
    pub(crate) fn is_cjk_module(module: &str) -> bool {
        Multibyte::from_module(module).is_some()
    }

    /// Its `encodings` module name, also the codec name of its errors.
    pub fn module(self) -> &'static str {
        self.0.module()
    }

    /// Whether each ASCII character encodes to its own byte with no state
    /// (so ASCII runs need no trip through the codec): the stateless
    /// codecs, checked once each.
    pub(crate) fn ascii_passes(self) -> bool {
        static PASSES: [OnceLock<bool>; 24] = [const { OnceLock::new() }; 24];
        *PASSES[self.0 as usize].get_or_init(|| {
            let stateful = matches!(self.module(), "hz") || self.module().starts_with("iso2022");
            let ascii: Vec<u32> = (0..0x80).collect();
            let mut strict = |_: &multibyte::MultibyteError| {
                Err(Error::UnknownErrorHandler {
                    name: String::new(),
                })
            };
            !stateful
                && self.0.encode(&ascii, &mut strict).ok()
                    == Some((0..0x80).map(|b| b as u8).collect())
        })
    }

    /// `bytes.decode(codec, errors)`, appended to `out`.
    pub(crate) fn decode(self, b: &[u8], errors: &str, out: &mut TextBuf) -> Result<(), Error> {
        let mut h = Handler::new(errors, self.module(), SurrogateForm::None);
        let text = self.0.decode(b, &mut |e: &multibyte::MultibyteError| {
            let mut rep = TextBuf::default();
            let next = h.on_decode(b, e.start, e.end, e.reason, &mut rep)?;
            Ok((rep.finish().code_points(), next))
        })?;
        for c in text {
            out.push(c);
        }
        Ok(())
    }

    /// `str.encode(codec, errors)` of code points, as the release of `rules` runs it.
    pub(crate) fn encode(
        self,
        input: &[u32],
        errors: &str,
        rules: CodecRules,
    ) -> Result<Vec<u8>, Error> {
        let mut h = Handler::new(errors, self.module(), SurrogateForm::None);
        h.names = rules.namereplace_names;
        let mut on_error = |e: &multibyte::MultibyteError| {
            let (rep, next) = h.on_encode(input, e.start, e.end, e.reason)?;
            let rep = match rep {
                Replacement::Text(t) => multibyte::Replacement::Text(t),
                Replacement::Bytes(b) => multibyte::Replacement::Bytes(b),
            };
            Ok((rep, next))
        };
        let quirks = if rules.iso2022_jp_combining_pairs {
            MultibyteQuirks::CPYTHON_3_11
        } else {
            MultibyteQuirks::CPYTHON_3_6
        };
        if !self.ascii_passes() {
            return self.0.encode_in(quirks, input, &mut on_error);
        }
        // ASCII runs as they are; each other run through the codec, its
        // errors at their places in the whole text.
        let mut out = Vec::with_capacity(input.len() * 2);
        let mut i = 0;
        while i < input.len() {
            if input[i] < 0x80 {
                out.push(input[i] as u8);
                i += 1;
                continue;
            }
            let mut end = input[i..]
                .iter()
                .position(|&c| c < 0x80)
                .map_or(input.len(), |n| i + n);
            // A NUL stays with the run before it: the JIS X 0213 codecs take
            // it with the first of a pair (`multibyte/stateless.rs`).
            if input.get(end) == Some(&0) {
                end += 1;
            }
            let mut in_run = |e: &multibyte::MultibyteError| {
                let whole = multibyte::MultibyteError {
                    start: i + e.start,
                    end: i + e.end,
                    reason: e.reason,
                };
                let (rep, next) = on_error(&whole)?;
                Ok((rep, next.saturating_sub(i)))
            };
            out.extend_from_slice(&self.0.encode_in(quirks, &input[i..end], &mut in_run)?);
            i = end;
        }
        Ok(out)
    }
}

//! The East Asian multibyte codecs (`codec/multibyte/`) behind [`Codec`],
//! with this crate's error handlers: each error the codec reports is
//! handed to the handler exactly as CPython's `multibytecodec.c` calls it.
//!
//! [`Codec`]: super::Codec

use super::handler::{Handler, Replacement, SurrogateForm};
use super::multibyte::{self, Multibyte, MultibyteQuirks};
use super::text::TextBuf;
use crate::urllib::error::Error;
use crate::urllib::profile::Profile;

/// One of CPython's East Asian multibyte codecs (`shift_jis`, `cp932`,
/// `euc_jp`, `iso2022_jp*`, `gb2312`, `gbk`, `gb18030`, `hz`, `big5`,
/// `cp950`, `big5hkscs`, `euc_kr`, `cp949`, `johab`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cjk(Multibyte);

impl Cjk {
    /// The codec of an `encodings` module name (`"shift_jis"`).
    pub fn from_module(module: &str) -> Option<Cjk> {
        Multibyte::from_module(module).map(Cjk)
    }

    /// Its `encodings` module name, also the codec name of its errors.
    pub fn module(self) -> &'static str {
        self.0.module()
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

    /// `str.encode(codec, errors)` of code points, as `profile`'s CPython.
    pub(crate) fn encode(
        self,
        input: &[u32],
        errors: &str,
        profile: Profile,
    ) -> Result<Vec<u8>, Error> {
        let mut h = Handler::new(errors, self.module(), SurrogateForm::None);
        h.names = profile.quirks().namereplace_names;
        let mut on_error = |e: &multibyte::MultibyteError| {
            let (rep, next) = h.on_encode(input, e.start, e.end, e.reason)?;
            let rep = match rep {
                Replacement::Text(t) => multibyte::Replacement::Text(t),
                Replacement::Bytes(b) => multibyte::Replacement::Bytes(b),
            };
            Ok((rep, next))
        };
        if profile.quirks().iso2022_jp_combining_pairs {
            // As CPython 3.11 and later.
            self.0.encode(input, &mut on_error)
        } else {
            self.0
                .encode_in(MultibyteQuirks::CPYTHON_3_6, input, &mut on_error)
        }
    }
}

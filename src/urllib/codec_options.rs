//! The `encoding` and `errors` keyword arguments, as one value shared by
//! every builder that takes them ([`Quoter`](super::Quoter),
//! [`Unquoter`](super::Unquoter), [`QsParser`](super::QsParser),
//! [`Urlencoder`](super::Urlencoder)) and by the CLI.

use super::profile::Behaviour;
use super::Error;
use urlsyntax_pyruntime::codec::{check_names, codec_for, is_fast_path, Codec};

/// `encoding=` and `errors=` as a Python call passes them: each set or
/// left at the function's default (UTF-8, and `strict` to encode or
/// `replace` to decode).
///
/// ```
/// use urlsyntax::urllib::{CodecOptions, Quoter, Unquoter};
/// let latin = CodecOptions::new().encoding("latin-1").errors("strict");
/// assert_eq!(Quoter::new().codec_options(latin.clone()).quote("é")?, "%E9");
/// assert_eq!(Unquoter::new().codec_options(latin).unquote("%E9")?, "é");
/// assert_eq!(CodecOptions::new().encoding_name(), None);
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CodecOptions {
    encoding: Option<String>,
    errors: Option<String>,
}

impl CodecOptions {
    /// Both at their defaults.
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert!(CodecOptions::new().is_default());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// From names that may each be absent, as a caller holds keyword
    /// arguments it may or may not have been given.
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// let o = CodecOptions::from_names(Some("cp1252".into()), None);
    /// assert_eq!(o, CodecOptions::new().encoding("cp1252"));
    /// ```
    pub fn from_names(encoding: Option<String>, errors: Option<String>) -> Self {
        CodecOptions { encoding, errors }
    }

    /// Sets `encoding` (any name of a codec CPython has and [`Codec`]
    /// implements).
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert_eq!(CodecOptions::new().encoding("gbk").encoding_name(), Some("gbk"));
    /// ```
    pub fn encoding(mut self, encoding: impl Into<String>) -> Self {
        self.encoding = Some(encoding.into());
        self
    }

    /// Sets `errors` (the name of the error handler).
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert_eq!(CodecOptions::new().errors("ignore").errors_name(), Some("ignore"));
    /// ```
    pub fn errors(mut self, errors: impl Into<String>) -> Self {
        self.errors = Some(errors.into());
        self
    }

    /// `encoding`, if set.
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert_eq!(CodecOptions::new().encoding_name(), None);
    /// ```
    pub fn encoding_name(&self) -> Option<&str> {
        self.encoding.as_deref()
    }

    /// `errors`, if set.
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert_eq!(CodecOptions::new().errors("replace").errors_name(), Some("replace"));
    /// ```
    pub fn errors_name(&self) -> Option<&str> {
        self.errors.as_deref()
    }

    /// Whether both are at their defaults.
    ///
    /// ```
    /// use urlsyntax::urllib::CodecOptions;
    /// assert!(!CodecOptions::new().encoding("utf-8").is_default());
    /// ```
    pub fn is_default(&self) -> bool {
        self.encoding.is_none() && self.errors.is_none()
    }

    /// The codec and the handler's name, `errors` defaulting to
    /// `default_errors`.
    #[inline]
    pub(crate) fn codec(
        &self,
        default_errors: &'static str,
        behaviour: Behaviour,
    ) -> Result<(Codec, &str), Error> {
        let errors = self.errors.as_deref().unwrap_or(default_errors);
        Ok((
            codec_for(self.encoding.as_deref(), errors, behaviour)?,
            errors,
        ))
    }

    /// `e`, an error of the codec's, as `profile`'s `str.encode` or
    /// `bytes.decode` lets it out (`operation`: `"encoding"` or
    /// `"decoding"`): up to 3.11 wrapped, naming the encoding as given,
    /// unless the codec is one of the C fast path's, which bypasses the
    /// registry that wraps
    /// ([`CodecRules::codec_errors_wrapped`](super::CodecRules::codec_errors_wrapped)).
    pub(crate) fn raised(&self, e: Error, operation: &str, behaviour: Behaviour) -> Error {
        match &self.encoding {
            Some(name) if behaviour.quirks().codecs.codec_errors_wrapped && !is_fast_path(name) => {
                e.codec_wrapped(operation, name)
            }
            _ => e,
        }
    }

    /// The names checked as CPython checks them before any use (NUL).
    pub(crate) fn check(&self, default_errors: &'static str) -> Result<(), Error> {
        check_names(
            self.encoding.as_deref(),
            self.errors.as_deref().unwrap_or(default_errors),
        )
    }

    /// The first argument set, by its keyword (for CPython's "doesn't
    /// support 'encoding' for bytes").
    pub(crate) fn first_set(&self) -> Option<&'static str> {
        match (&self.encoding, &self.errors) {
            (Some(_), _) => Some("encoding"),
            (None, Some(_)) => Some("errors"),
            (None, None) => None,
        }
    }
}

/// The `encoding`, `errors`, `codec_options` and `behaviour` setters of a
/// builder with a `codec: CodecOptions` and a `behaviour: Behaviour` field,
/// written once.
macro_rules! builder_setters {
    ($builder:ident) => {
        /// Sets `encoding` (any name of a codec CPython has and
        /// [`Codec`](crate::urllib::Codec) implements).
        ///
        /// ```
        #[doc = concat!("use urlsyntax::urllib::{CodecOptions, ", stringify!($builder), "};")]
        #[doc = concat!("let b = ", stringify!($builder), "::new().encoding(\"cp1252\");")]
        /// assert_eq!(b, b.clone().codec_options(CodecOptions::new().encoding("cp1252")));
        /// ```
        pub fn encoding(mut self, encoding: impl Into<String>) -> Self {
            self.codec = self.codec.encoding(encoding);
            self
        }

        /// Sets `errors` (the name of the error handler).
        ///
        /// ```
        #[doc = concat!("use urlsyntax::urllib::{CodecOptions, ", stringify!($builder), "};")]
        #[doc = concat!("let b = ", stringify!($builder), "::new().errors(\"ignore\");")]
        /// assert_eq!(b, b.clone().codec_options(CodecOptions::new().errors("ignore")));
        /// ```
        pub fn errors(mut self, errors: impl Into<String>) -> Self {
            self.codec = self.codec.errors(errors);
            self
        }

        /// Sets `encoding` and `errors` at once.
        ///
        /// ```
        #[doc = concat!("use urlsyntax::urllib::{CodecOptions, ", stringify!($builder), "};")]
        /// let latin = CodecOptions::new().encoding("latin-1").errors("strict");
        #[doc = concat!("let b = ", stringify!($builder), "::new().codec_options(latin);")]
        #[doc = concat!("assert_eq!(b, ", stringify!($builder), "::new().encoding(\"latin-1\").errors(\"strict\"));")]
        /// ```
        pub fn codec_options(mut self, options: crate::urllib::CodecOptions) -> Self {
            self.codec = options;
            self
        }

        /// Answers with `behaviour`'s profile and quirks: what a
        /// [`Urllib`](crate::urllib::Urllib) context hands out (one made
        /// [`with_quirks`](crate::urllib::Urllib::with_quirks) included).
        pub fn behaviour(mut self, behaviour: crate::urllib::Behaviour) -> Self {
            self.behaviour = behaviour;
            self
        }
    };
}
pub(crate) use builder_setters;

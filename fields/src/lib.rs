//! # urlsyntax-fields
//!
//! `urlsplit` and `urlparse` results read field by field, as a column
//! store holds them: one struct a URL of the components, `username`,
//! `password`, `hostname`, `port` and `error`, where a field CPython could
//! not give is null and `error` holds the first exception as the last line
//! of a Python traceback words it (`"ValueError: Invalid IPv6 URL"`, the
//! `Debug` form of [`Error`]).
//!
//! This is the one reading of that struct: the Python package's Arrow
//! columns, its JVM engine for Spark, the DuckDB extension and the command
//! line's records all answer through it. A crate of its own beside
//! [`urlsyntax`], whose CPython face it reads.
//!
//! ```
//! use urlsyntax_fields::{self as fields, Field, SplitFunction};
//! use urlsyntax::urllib::{Profile, Urllib};
//!
//! let ctx = Urllib::new(Profile::Py3_13_0);
//! let row = SplitFunction::Urlparse.call(&ctx, "HTTP://U@Example.COM:99999/p;x?q", "", true);
//! let text = |f| fields::value(&row, f).into_text();
//! assert_eq!(text(Field::Scheme).as_deref(), Some("http"));
//! assert_eq!(text(Field::Params).as_deref(), Some("x"));
//! assert_eq!(text(Field::Hostname).as_deref(), Some("example.com"));
//! assert_eq!(text(Field::Port), None); // reading the port raised:
//! assert_eq!(text(Field::Error).as_deref(), Some("ValueError: Port out of range 0-65535"));
//!
//! // A URL urlsplit itself rejects has its error alone.
//! let row = SplitFunction::Urlsplit.call(&ctx, "http://[::1", "", true);
//! assert_eq!(fields::value(&row, Field::Netloc).into_text(), None);
//! assert_eq!(fields::value(&row, Field::Error).into_text().as_deref(), Some("ValueError: Invalid IPv6 URL"));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::borrow::Cow;

use urlsyntax::urllib::{
    Error, NetlocAttributes, ParseResult, ParseResultOpt, Profile, SplitResult, SplitResultOpt,
    Urllib,
};

mod classes;
mod field;

pub use classes::{result_items, RESULT_NAMES};
pub use field::{Field, SplitFunction, UnknownField};

/// A `urlsplit` or `urlparse` result read by field: what
/// [`SplitResult`], [`ParseResult`], their `missing_as_none` forms
/// [`SplitResultOpt`] and [`ParseResultOpt`], and [`SplitOrParse`] (any of
/// them) share. A reader of one known function is generic over it, and
/// compiles to that result's fields alone; one that learns the function
/// at run time reads a [`SplitOrParse`].
///
/// ```
/// use urlsyntax_fields::{Field, SplitFields, SplitFunction, Value};
/// fn host<R: SplitFields>(r: &R) -> Option<String> {
///     r.value(Field::Hostname).into_text().map(|h| h.into_owned())
/// }
/// let r = urlsyntax::urllib::urlparse("http://EX.com/p;x")?;
/// assert_eq!(host(&r).as_deref(), Some("ex.com"));
/// assert_eq!(r.component(Field::Params), Some("x"));
/// assert_eq!(SplitFields::function(&r), SplitFunction::Urlparse);
/// assert_eq!(r.value(Field::Port), Value::Port(None));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
pub trait SplitFields {
    /// Which function answered.
    fn function(&self) -> SplitFunction;

    /// The component `field` (`scheme` ... `fragment`, `params`), borrowed
    /// from the result; `None` for the other fields, for a split's
    /// `params` and, under `missing_as_none`, for a component the URL
    /// lacks.
    fn component(&self, field: Field) -> Option<&str>;

    /// `username` (see [`SplitResult::username`]).
    fn username(&self) -> Option<&str>;

    /// `password` (see [`SplitResult::password`]).
    fn password(&self) -> Option<&str>;

    /// `hostname` (see [`SplitResult::hostname`]).
    fn hostname(&self) -> Option<Cow<'_, str>>;

    /// `port` (see [`SplitResult::port`]).
    fn port(&self) -> Result<Option<u16>, Error>;

    /// The four netloc attributes from one reading of the netloc (see
    /// [`SplitResult::attributes`]): what a reader of all four calls.
    fn attributes(&self) -> NetlocAttributes<'_>;

    /// The netloc lies in `url` and is a host alone (see
    /// [`SplitResult::netloc_is_host_alone_in`]); `false` where the
    /// result cannot tell.
    #[inline]
    fn netloc_is_host_alone_in(&self, url: &str) -> bool {
        let _ = url;
        false
    }

    /// [`SplitFields::value`] of a result of `url`, the same value: an
    /// attribute of a netloc that is a host alone
    /// ([`SplitFields::netloc_is_host_alone_in`]) answered without a
    /// reading of the netloc.
    #[inline]
    fn value_in(&self, url: &str, field: Field) -> Value<'_> {
        let attribute = matches!(
            field,
            Field::Username | Field::Password | Field::Hostname | Field::Port | Field::Error
        );
        if !(attribute && self.netloc_is_host_alone_in(url)) {
            return self.value(field);
        }
        match field {
            Field::Hostname => Value::Text(self.component(Field::Netloc).map(Cow::Borrowed)),
            Field::Port => Value::Port(None),
            Field::Error => Value::Error(None),
            _ => Value::Text(None),
        }
    }

    /// The field `field` as the struct holds it: each attribute read
    /// alone (one costs about a third of [`SplitFields::attributes`]),
    /// `error` the exception reading `port` raises.
    #[inline]
    fn value(&self, field: Field) -> Value<'_> {
        match field {
            Field::Username => Value::Text(self.username().map(Cow::Borrowed)),
            Field::Password => Value::Text(self.password().map(Cow::Borrowed)),
            Field::Hostname => Value::Text(self.hostname()),
            Field::Port => Value::Port(self.port().ok().flatten()),
            Field::Error => Value::Error(self.port().err()),
            _ => Value::Text(self.component(field).map(Cow::Borrowed)),
        }
    }
}

/// [`SplitFields`] for a result type: its function, its components (each
/// `$c => $field`, `Option` ones under `missing_as_none`) and its own
/// attribute methods.
macro_rules! split_fields {
    ($type:ident, $function:ident, [$($c:ident => $field:ident),*], [$($o:ident => $ofield:ident),*] $(, $in:ident)?) => {
        impl SplitFields for $type<'_> {
            #[inline]
            fn function(&self) -> SplitFunction {
                SplitFunction::$function
            }

            #[inline]
            fn component(&self, field: Field) -> Option<&str> {
                match field {
                    $(Field::$field => Some(&self.$c),)*
                    $(Field::$ofield => self.$o.as_deref(),)*
                    _ => None,
                }
            }

            #[inline]
            fn username(&self) -> Option<&str> {
                $type::username(self)
            }

            #[inline]
            fn password(&self) -> Option<&str> {
                $type::password(self)
            }

            #[inline]
            fn hostname(&self) -> Option<Cow<'_, str>> {
                $type::hostname(self)
            }

            #[inline]
            fn port(&self) -> Result<Option<u16>, Error> {
                $type::port(self)
            }

            #[inline]
            fn attributes(&self) -> NetlocAttributes<'_> {
                $type::attributes(self)
            }

            $(
            #[inline(always)]
            fn netloc_is_host_alone_in(&self, url: &str) -> bool {
                $type::$in(self, url)
            }
            )?
        }
    };
}

split_fields!(SplitResult, Urlsplit, [scheme => Scheme, netloc => Netloc, path => Path,
    query => Query, fragment => Fragment], [], netloc_is_host_alone_in);
split_fields!(ParseResult, Urlparse, [scheme => Scheme, netloc => Netloc, path => Path,
    params => Params, query => Query, fragment => Fragment], [], netloc_is_host_alone_in);
split_fields!(SplitResultOpt, Urlsplit, [path => Path], [scheme => Scheme,
    netloc => Netloc, query => Query, fragment => Fragment]);
split_fields!(ParseResultOpt, Urlparse, [path => Path], [scheme => Scheme,
    netloc => Netloc, params => Params, query => Query, fragment => Fragment]);

/// What `urlsplit` or `urlparse` answered for one URL, whichever it was,
/// read by field ([`SplitFields`]); with `missing_as_none` (3.15), a
/// component the URL lacks is null.
///
/// ```
/// use urlsyntax_fields::{Field, SplitFields, SplitFunction, SplitOrParse};
/// let r: SplitOrParse = urlsyntax::urllib::urlparse("http://u@h/p;x")?.into();
/// assert_eq!(r.function(), SplitFunction::Urlparse);
/// assert_eq!(r.component(Field::Params), Some("x"));
/// assert_eq!(r.username(), Some("u"));
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitOrParse<'a> {
    /// `urlsplit`'s result.
    Split(SplitResult<'a>),
    /// `urlparse`'s result.
    Parse(ParseResult<'a>),
    /// `urlsplit(..., missing_as_none=True)`'s result.
    SplitOpt(SplitResultOpt<'a>),
    /// `urlparse(..., missing_as_none=True)`'s result.
    ParseOpt(ParseResultOpt<'a>),
}

/// `$body` for the result inside `$self`, whichever kind it is.
macro_rules! each {
    ($self:expr, $r:ident => $body:expr) => {
        match $self {
            SplitOrParse::Split($r) => $body,
            SplitOrParse::Parse($r) => $body,
            SplitOrParse::SplitOpt($r) => $body,
            SplitOrParse::ParseOpt($r) => $body,
        }
    };
}

impl SplitOrParse<'_> {
    /// The profile that made the result.
    ///
    /// ```
    /// use urlsyntax_fields::SplitOrParse;
    /// use urlsyntax::urllib::Profile;
    /// let r = SplitOrParse::from(urlsyntax::urllib::urlsplit("http://h/")?);
    /// assert_eq!(r.profile(), Profile::default());
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn profile(&self) -> Profile {
        each!(self, r => r.profile())
    }
}

impl SplitFields for SplitOrParse<'_> {
    fn function(&self) -> SplitFunction {
        each!(self, r => SplitFields::function(r))
    }

    fn component(&self, field: Field) -> Option<&str> {
        each!(self, r => r.component(field))
    }

    fn username(&self) -> Option<&str> {
        each!(self, r => r.username())
    }

    fn password(&self) -> Option<&str> {
        each!(self, r => r.password())
    }

    fn hostname(&self) -> Option<Cow<'_, str>> {
        each!(self, r => r.hostname())
    }

    fn port(&self) -> Result<Option<u16>, Error> {
        each!(self, r => r.port())
    }

    fn attributes(&self) -> NetlocAttributes<'_> {
        each!(self, r => r.attributes())
    }

    fn netloc_is_host_alone_in(&self, url: &str) -> bool {
        each!(self, r => r.netloc_is_host_alone_in(url))
    }
}

/// Each result in its variant.
macro_rules! split_or_parse_from {
    ($($result:ident => $variant:ident),+) => {$(
        impl<'a> From<$result<'a>> for SplitOrParse<'a> {
            fn from(r: $result<'a>) -> Self {
                SplitOrParse::$variant(r)
            }
        }
    )+};
}

split_or_parse_from!(
    SplitResult => Split,
    ParseResult => Parse,
    SplitResultOpt => SplitOpt,
    ParseResultOpt => ParseOpt
);

/// One field's value in the struct.
///
/// ```
/// use urlsyntax_fields::Value;
/// assert_eq!(Value::Port(Some(8080)).into_text().as_deref(), Some("8080"));
/// assert_eq!(Value::Text(None).into_text(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// A text field (`None`: null).
    Text(Option<Cow<'a, str>>),
    /// `port` (`None`: null).
    Port(Option<u16>),
    /// `error` (`None`: null).
    Error(Option<Error>),
}

impl<'a> Value<'a> {
    /// The value as text: `port` in decimal, `error` as Python's last
    /// traceback line words it (the `Debug` form of [`Error`]).
    ///
    /// ```
    /// use urlsyntax_fields::Value;
    /// let e = urlsyntax::urllib::urlsplit("http://[::1").unwrap_err();
    /// let text = Value::Error(Some(e)).into_text();
    /// assert_eq!(text.as_deref(), Some("ValueError: Invalid IPv6 URL"));
    /// ```
    pub fn into_text(self) -> Option<Cow<'a, str>> {
        match self {
            Value::Text(t) => t,
            Value::Port(p) => p.map(|p| Cow::Owned(p.to_string())),
            Value::Error(e) => e.map(|e| Cow::Owned(format!("{e:?}"))),
        }
    }
}

/// The field `field` of the struct row for `result` (what `urlsplit`,
/// `urlparse` or [`SplitFunction::call`] answered): where the split
/// raised, every field is null but `error`, which holds its exception (as
/// [`write_row`] writes a whole row).
///
/// ```
/// use urlsyntax_fields::{self as fields, Field, Value};
/// let r = urlsyntax::urllib::urlsplit("http://[::1");
/// assert_eq!(fields::value(&r, Field::Path), Value::Text(None));
/// assert!(matches!(fields::value(&r, Field::Error), Value::Error(Some(_))));
/// let r = urlsyntax::urllib::urlsplit("http://h/p");
/// assert_eq!(fields::value(&r, Field::Path).into_text().as_deref(), Some("/p"));
/// ```
#[inline]
pub fn value<R: SplitFields>(result: &Result<R, Error>, field: Field) -> Value<'_> {
    match result {
        Ok(r) => r.value(field),
        Err(e) => match field {
            Field::Error => Value::Error(Some(e.clone())),
            Field::Port => Value::Port(None),
            _ => Value::Text(None),
        },
    }
}

/// [`value`] of `result`, what `urlsplit` or `urlparse` answered for
/// `url`: the same value, read by [`SplitFields::value_in`] (as a column
/// of one field is written, with each row's URL at hand).
///
/// ```
/// use urlsyntax_fields::{self as fields, Field};
/// let url = "https://www.example.com/index.html";
/// let r = urlsyntax::urllib::urlsplit(url);
/// for field in [Field::Hostname, Field::Port, Field::Username, Field::Path] {
///     assert_eq!(fields::value_in(&r, url, field), fields::value(&r, field));
/// }
/// ```
#[inline]
pub fn value_in<'r, R: SplitFields>(
    result: &'r Result<R, Error>,
    url: &str,
    field: Field,
) -> Value<'r> {
    match result {
        Ok(r) => r.value_in(url, field),
        Err(_) => value(result, field),
    }
}

/// Where the struct rows of [`write_row`] go, field by field: an Arrow
/// builder, a record writer. Each row's fields come in the order of
/// [`SplitFunction::fields`]: the text fields, then `port`, then `error`.
///
/// ```
/// use urlsyntax_fields::{write_row, Field, RowSink, SplitFunction};
/// use urlsyntax::urllib::{urlsplit, Error};
///
/// #[derive(Default)]
/// struct Line(String);
/// impl RowSink for Line {
///     fn text(&mut self, field: Field, text: Option<&str>) {
///         self.0 += &format!("{}={} ", field, text.unwrap_or("-"));
///     }
///     fn port(&mut self, port: Option<u16>) {
///         self.0 += &format!("port={} ", port.map_or("-".into(), |p| p.to_string()));
///     }
///     fn error(&mut self, error: Option<Error>) {
///         self.0 += &format!("error={}", error.map_or("-".into(), |e| format!("{e:?}")));
///     }
/// }
/// let mut line = Line::default();
/// write_row(SplitFunction::Urlsplit, urlsplit("http://h:99999/p"), &mut line);
/// assert_eq!(
///     line.0,
///     "scheme=http netloc=h:99999 path=/p query= fragment= username=- password=- \
///      hostname=h port=- error=ValueError: Port out of range 0-65535"
/// );
/// ```
pub trait RowSink {
    /// The next text field: a component, `username`, `password` or
    /// `hostname` (`None`: null).
    fn text(&mut self, field: Field, text: Option<&str>);

    /// `port` (`None`: null).
    fn port(&mut self, port: Option<u16>);

    /// `error` (`None`: null): the exception the split raised, or else
    /// the one reading the port raised.
    fn error(&mut self, error: Option<Error>);
}

/// Writes the struct row of `answer` (what `function` answered for one
/// URL) into `sink`. Where the split raised, every field is null but
/// `error`, which holds its exception; else the components, and the
/// netloc attributes from one reading of the netloc, where `port` is null
/// and `error` holds the exception when reading the port raised. The one
/// statement of this policy: the Arrow columns and the CLI's records
/// write through it (as [`write_row_in`], which has each row's URL);
/// [`value`], which reads one field alone, answers as it does (the
/// module's tests hold the two equal).
#[inline]
pub fn write_row<R: SplitFields>(
    function: SplitFunction,
    answer: Result<R, Error>,
    sink: &mut impl RowSink,
) {
    write_row_with(function, answer, sink, |_| false);
}

/// [`write_row`] of `answer`, what `function` answered for `url`: the same
/// row, where a netloc that is a host alone
/// ([`SplitFields::netloc_is_host_alone_in`], told from the URL's bytes)
/// has its attributes written without a reading of them, as a column
/// writer that has each row's URL at hand writes it.
///
/// ```
/// # use urlsyntax_fields::{write_row, write_row_in, Field, RowSink, SplitFunction};
/// # use urlsyntax::urllib::{urlsplit, Error};
/// #[derive(Default, PartialEq, Debug)]
/// struct Row(Vec<String>);
/// impl RowSink for Row {
///     fn text(&mut self, _: Field, text: Option<&str>) { self.0.push(format!("{text:?}")) }
///     fn port(&mut self, port: Option<u16>) { self.0.push(format!("{port:?}")) }
///     fn error(&mut self, error: Option<Error>) { self.0.push(format!("{error:?}")) }
/// }
/// let url = "https://www.example.com/a?b";
/// let (mut theirs, mut ours) = (Row::default(), Row::default());
/// write_row(SplitFunction::Urlsplit, urlsplit(url), &mut theirs);
/// write_row_in(SplitFunction::Urlsplit, url, urlsplit(url), &mut ours);
/// assert_eq!(theirs, ours);
/// ```
#[inline]
pub fn write_row_in<R: SplitFields>(
    function: SplitFunction,
    url: &str,
    answer: Result<R, Error>,
    sink: &mut impl RowSink,
) {
    write_row_with(function, answer, sink, |r| r.netloc_is_host_alone_in(url));
}

/// [`write_row`], where `host_alone` says the result's netloc is a host
/// alone (its attributes then need no reading).
#[inline(always)]
fn write_row_with<R: SplitFields>(
    function: SplitFunction,
    answer: Result<R, Error>,
    sink: &mut impl RowSink,
    host_alone: impl Fn(&R) -> bool,
) {
    // Read in place: the result is not moved out of `answer` (a copy of
    // it a row).
    let r = match &answer {
        Ok(r) => r,
        Err(_) => {
            // `port` and `error` come last, after the text fields.
            function
                .fields()
                .iter()
                .filter(|f| !matches!(f, Field::Port | Field::Error))
                .for_each(|&field| sink.text(field, None));
            sink.port(None);
            sink.error(answer.err());
            return;
        }
    };
    // Field by field, in the struct's order (spelled out, not looped:
    // each call then reads a known component).
    let netloc = r.component(Field::Netloc);
    sink.text(Field::Scheme, r.component(Field::Scheme));
    sink.text(Field::Netloc, netloc);
    sink.text(Field::Path, r.component(Field::Path));
    if r.function() == SplitFunction::Urlparse {
        sink.text(Field::Params, r.component(Field::Params));
    }
    sink.text(Field::Query, r.component(Field::Query));
    sink.text(Field::Fragment, r.component(Field::Fragment));
    if host_alone(r) {
        // What `attributes` answers for a host alone, without reading it.
        sink.text(Field::Username, None);
        sink.text(Field::Password, None);
        sink.text(Field::Hostname, netloc);
        sink.port(None);
        sink.error(None);
        return;
    }
    let a = r.attributes();
    sink.text(Field::Username, a.username);
    sink.text(Field::Password, a.password);
    sink.text(Field::Hostname, a.hostname.as_deref());
    match a.port {
        Ok(port) => {
            sink.port(port);
            sink.error(None);
        }
        Err(e) => {
            sink.port(None);
            sink.error(Some(e));
        }
    }
}

impl SplitFunction {
    /// `urlsplit` or `urlparse` of `url` through `ctx`, as this function
    /// is, with the same arguments.
    ///
    /// ```
    /// use urlsyntax_fields::{Field, SplitFields, SplitFunction};
    /// use urlsyntax::urllib::Urllib;
    /// let r = SplitFunction::Urlparse.call(&Urllib::default(), "//h/p;x", "ftp", true)?;
    /// assert_eq!(r.component(Field::Scheme), Some("ftp"));
    /// assert_eq!(r.component(Field::Params), Some("x"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    #[inline]
    pub fn call<'a>(
        self,
        ctx: &Urllib,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
    ) -> Result<SplitOrParse<'a>, Error> {
        match self {
            SplitFunction::Urlsplit => ctx
                .urlsplit(url, scheme, allow_fragments)
                .map(SplitOrParse::Split),
            SplitFunction::Urlparse => ctx
                .urlparse(url, scheme, allow_fragments)
                .map(SplitOrParse::Parse),
        }
    }
}

#[cfg(test)]
mod tests;

//! `urlsplit` and `urlparse` results read field by field, as a column
//! store holds them: one struct a URL of the components, `username`,
//! `password`, `hostname`, `port` and `error`, where a field CPython could
//! not give is null and `error` holds the first exception as the last line
//! of a Python traceback words it (`"ValueError: Invalid IPv6 URL"`, the
//! `Debug` form of [`Error`]).
//!
//! This is the one reading of that struct: the Python package's Arrow
//! columns, its JVM engine for Spark and the command line's records all
//! answer through it.
//!
//! ```
//! use urlsyntax::urllib::fields::{self, Field, SplitFunction};
//! use urlsyntax::urllib::{Profile, Urllib};
//!
//! let ctx = Urllib::new(Profile::Py3_13_0);
//! let row = ctx.split_or_parse(SplitFunction::Urlparse, "HTTP://U@Example.COM:99999/p;x?q", "", true);
//! let text = |f| fields::value(&row, f).into_text();
//! assert_eq!(text(Field::Scheme).as_deref(), Some("http"));
//! assert_eq!(text(Field::Params).as_deref(), Some("x"));
//! assert_eq!(text(Field::Hostname).as_deref(), Some("example.com"));
//! assert_eq!(text(Field::Port), None); // reading the port raised:
//! assert_eq!(text(Field::Error).as_deref(), Some("ValueError: Port out of range 0-65535"));
//!
//! // A URL urlsplit itself rejects has its error alone.
//! let row = ctx.split_or_parse(SplitFunction::Urlsplit, "http://[::1", "", true);
//! assert_eq!(fields::value(&row, Field::Netloc).into_text(), None);
//! assert_eq!(fields::value(&row, Field::Error).into_text().as_deref(), Some("ValueError: Invalid IPv6 URL"));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use super::{
    Error, NetlocAttributes, ParseResult, ParseResultOpt, Profile, SplitResult, SplitResultOpt,
    Urllib,
};

/// `urlsplit` or `urlparse`: which of the two a struct answers, and so
/// which fields it has (`urlparse`'s has `params`).
///
/// ```
/// use urlsyntax::urllib::fields::{Field, SplitFunction};
/// assert!(SplitFunction::Urlparse.has(Field::Params));
/// assert_eq!(SplitFunction::Urlsplit.fields().len(), 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitFunction {
    /// `urlsplit`: scheme, netloc, path, query, fragment.
    Urlsplit,
    /// `urlparse`: the same with `params`.
    Urlparse,
}

impl SplitFunction {
    /// The fields of this function's struct, in the order the columns
    /// hold them.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitFunction};
    /// let names: Vec<_> = SplitFunction::Urlsplit.fields().iter().map(|f| f.name()).collect();
    /// assert_eq!(names, ["scheme", "netloc", "path", "query", "fragment", "username",
    ///                    "password", "hostname", "port", "error"]);
    /// assert_eq!(SplitFunction::Urlparse.fields()[3], Field::Params);
    /// ```
    pub fn fields(self) -> &'static [Field] {
        const SPLIT: [Field; 10] = [
            Field::Scheme,
            Field::Netloc,
            Field::Path,
            Field::Query,
            Field::Fragment,
            Field::Username,
            Field::Password,
            Field::Hostname,
            Field::Port,
            Field::Error,
        ];
        match self {
            SplitFunction::Urlsplit => &SPLIT,
            SplitFunction::Urlparse => &Field::ALL,
        }
    }

    /// Whether this function's struct has `field` (every field but
    /// `params`, which only `urlparse`'s has).
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitFunction};
    /// assert!(!SplitFunction::Urlsplit.has(Field::Params));
    /// assert!(SplitFunction::Urlsplit.has(Field::Hostname));
    /// ```
    pub fn has(self, field: Field) -> bool {
        self == SplitFunction::Urlparse || field != Field::Params
    }
}

/// A field of the struct of `urlsplit`/`urlparse`, as the columns hold
/// it: the components, the netloc attributes and the error.
///
/// ```
/// use urlsyntax::urllib::fields::Field;
/// assert!(Field::Scheme < Field::Error); // the struct's order
/// assert_eq!(Field::Hostname.to_string(), "hostname");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// `scheme`
    Scheme,
    /// `netloc`
    Netloc,
    /// `path`
    Path,
    /// `params` (`urlparse` only)
    Params,
    /// `query`
    Query,
    /// `fragment`
    Fragment,
    /// `username`: null when the netloc has no userinfo.
    Username,
    /// `password`: null when the userinfo has no `:`.
    Password,
    /// `hostname`: lowercased; null when empty.
    Hostname,
    /// `port`: a number, null when absent or when reading it raised.
    Port,
    /// The first exception, as `"ValueError: <message>"`: of the split
    /// itself, or of reading `port` (the one attribute that raises).
    Error,
}

impl Field {
    /// Every field, `urlparse`'s struct order (`urlsplit`'s lacks
    /// `params`); the number of a field is its place here.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::Field;
    /// assert_eq!(Field::ALL[3], Field::Params);
    /// assert_eq!(Field::ALL.len(), 11);
    /// ```
    pub const ALL: [Field; 11] = [
        Field::Scheme,
        Field::Netloc,
        Field::Path,
        Field::Params,
        Field::Query,
        Field::Fragment,
        Field::Username,
        Field::Password,
        Field::Hostname,
        Field::Port,
        Field::Error,
    ];

    /// The column's name, as Python names the attribute.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::Field;
    /// assert_eq!(Field::Hostname.name(), "hostname");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Netloc => "netloc",
            Field::Path => "path",
            Field::Params => "params",
            Field::Query => "query",
            Field::Fragment => "fragment",
            Field::Username => "username",
            Field::Password => "password",
            Field::Hostname => "hostname",
            Field::Port => "port",
            Field::Error => "error",
        }
    }

    /// The field named `name` (also `name.parse()`).
    ///
    /// ```
    /// use urlsyntax::urllib::fields::Field;
    /// assert_eq!(Field::named("port"), Some(Field::Port));
    /// assert_eq!("hostname".parse(), Ok(Field::Hostname));
    /// assert_eq!(Field::named("host"), None);
    /// ```
    pub fn named(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Field number `n` of [`Field::ALL`].
    ///
    /// ```
    /// use urlsyntax::urllib::fields::Field;
    /// assert_eq!(Field::numbered(10), Some(Field::Error));
    /// assert_eq!(Field::numbered(11), None);
    /// ```
    pub fn numbered(n: usize) -> Option<Field> {
        Field::ALL.get(n).copied()
    }

    /// Whether the field is one of the components the result holds
    /// (`scheme` to `fragment`, with `params`), rather than a netloc
    /// attribute or `error`.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::Field;
    /// assert!(Field::Params.is_component());
    /// assert!(!Field::Hostname.is_component());
    /// ```
    pub fn is_component(self) -> bool {
        self <= Field::Fragment
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Field`] from a name no field has.
///
/// ```
/// use urlsyntax::urllib::fields::{Field, UnknownField};
/// let e = "host".parse::<Field>().unwrap_err();
/// assert_eq!(e, UnknownField("host".into()));
/// assert_eq!(e.to_string(), "no field \"host\" in urlsplit's or urlparse's struct");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownField(pub String);

impl fmt::Display for UnknownField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no field {:?} in urlsplit's or urlparse's struct",
            self.0
        )
    }
}

impl std::error::Error for UnknownField {}

impl FromStr for Field {
    type Err = UnknownField;

    fn from_str(s: &str) -> Result<Field, UnknownField> {
        Field::named(s).ok_or_else(|| UnknownField(s.to_owned()))
    }
}

/// What `urlsplit` or `urlparse` answered for one URL, read by field;
/// with `missing_as_none` (3.15), a component the URL lacks is null.
///
/// ```
/// use urlsyntax::urllib::fields::{Field, SplitFunction, SplitOrParse};
/// use urlsyntax::urllib::Urllib;
/// let r: SplitOrParse = urlsyntax::urllib::urlparse("http://h/p;x")?.into();
/// assert_eq!(r.function(), SplitFunction::Urlparse);
/// assert_eq!(r.component(Field::Params), Some("x"));
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

impl<'a> SplitOrParse<'a> {
    /// Which function answered.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{SplitFunction, SplitOrParse};
    /// let r = SplitOrParse::from(urlsyntax::urllib::urlsplit("http://h/")?);
    /// assert_eq!(r.function(), SplitFunction::Urlsplit);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn function(&self) -> SplitFunction {
        match self {
            SplitOrParse::Split(_) | SplitOrParse::SplitOpt(_) => SplitFunction::Urlsplit,
            SplitOrParse::Parse(_) | SplitOrParse::ParseOpt(_) => SplitFunction::Urlparse,
        }
    }

    /// The profile that made the result.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::SplitOrParse;
    /// use urlsyntax::urllib::Profile;
    /// let r = SplitOrParse::from(urlsyntax::urllib::urlsplit("http://h/")?);
    /// assert_eq!(r.profile(), Profile::default());
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn profile(&self) -> Profile {
        each!(self, r => r.profile)
    }

    /// The component `field` (`scheme` ... `fragment`, `params`), borrowed
    /// from the result; `None` for the other fields, for a split's
    /// `params` and, under `missing_as_none`, for a component the URL
    /// lacks.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitFunction};
    /// use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().split_or_parse(SplitFunction::Urlsplit, "http://h/p?q", "", true)?;
    /// assert_eq!(r.component(Field::Query), Some("q"));
    /// assert_eq!(r.component(Field::Params), None);
    /// assert_eq!(r.component(Field::Hostname), None); // not a component
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    #[inline]
    pub fn component(&self, field: Field) -> Option<&str> {
        fn text<'t>(c: &'t Option<Cow<'_, str>>) -> Option<&'t str> {
            c.as_deref()
        }
        match (self, field) {
            (SplitOrParse::Split(r), Field::Scheme) => Some(&r.scheme),
            (SplitOrParse::Split(r), Field::Netloc) => Some(&r.netloc),
            (SplitOrParse::Split(r), Field::Path) => Some(&r.path),
            (SplitOrParse::Split(r), Field::Query) => Some(&r.query),
            (SplitOrParse::Split(r), Field::Fragment) => Some(&r.fragment),
            (SplitOrParse::Parse(r), Field::Scheme) => Some(&r.scheme),
            (SplitOrParse::Parse(r), Field::Netloc) => Some(&r.netloc),
            (SplitOrParse::Parse(r), Field::Path) => Some(&r.path),
            (SplitOrParse::Parse(r), Field::Params) => Some(&r.params),
            (SplitOrParse::Parse(r), Field::Query) => Some(&r.query),
            (SplitOrParse::Parse(r), Field::Fragment) => Some(&r.fragment),
            (SplitOrParse::SplitOpt(r), Field::Scheme) => text(&r.scheme),
            (SplitOrParse::SplitOpt(r), Field::Netloc) => text(&r.netloc),
            (SplitOrParse::SplitOpt(r), Field::Path) => Some(&r.path),
            (SplitOrParse::SplitOpt(r), Field::Query) => text(&r.query),
            (SplitOrParse::SplitOpt(r), Field::Fragment) => text(&r.fragment),
            (SplitOrParse::ParseOpt(r), Field::Scheme) => text(&r.scheme),
            (SplitOrParse::ParseOpt(r), Field::Netloc) => text(&r.netloc),
            (SplitOrParse::ParseOpt(r), Field::Path) => Some(&r.path),
            (SplitOrParse::ParseOpt(r), Field::Params) => text(&r.params),
            (SplitOrParse::ParseOpt(r), Field::Query) => text(&r.query),
            (SplitOrParse::ParseOpt(r), Field::Fragment) => text(&r.fragment),
            _ => None,
        }
    }

    /// `username` (see [`SplitResult::username`]).
    ///
    /// ```
    /// let r = urlsyntax::urllib::fields::SplitOrParse::from(urlsyntax::urllib::urlsplit("http://u:p@h/")?);
    /// assert_eq!((r.username(), r.password()), (Some("u"), Some("p")));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn username(&self) -> Option<&str> {
        each!(self, r => r.username())
    }

    /// `password` (see [`SplitResult::password`]).
    ///
    /// ```
    /// let r = urlsyntax::urllib::fields::SplitOrParse::from(urlsyntax::urllib::urlsplit("http://u@h/")?);
    /// assert_eq!(r.password(), None);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        each!(self, r => r.password())
    }

    /// `hostname` (see [`SplitResult::hostname`]).
    ///
    /// ```
    /// let r = urlsyntax::urllib::fields::SplitOrParse::from(urlsyntax::urllib::urlsplit("http://EX.com/")?);
    /// assert_eq!(r.hostname().as_deref(), Some("ex.com"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn hostname(&self) -> Option<Cow<'_, str>> {
        each!(self, r => r.hostname())
    }

    /// `port` (see [`SplitResult::port`]).
    ///
    /// ```
    /// let r = urlsyntax::urllib::fields::SplitOrParse::from(urlsyntax::urllib::urlsplit("http://h:80/")?);
    /// assert_eq!(r.port(), Ok(Some(80)));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn port(&self) -> Result<Option<u16>, Error> {
        each!(self, r => r.port())
    }

    /// The four netloc attributes from one reading of the netloc (see
    /// [`SplitResult::attributes`]): what a reader of all four calls.
    ///
    /// ```
    /// let r = urlsyntax::urllib::fields::SplitOrParse::from(urlsyntax::urllib::urlsplit("http://u@H:8/")?);
    /// let a = r.attributes();
    /// assert_eq!((a.username, a.hostname.as_deref(), a.port), (Some("u"), Some("h"), Ok(Some(8))));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    #[inline]
    pub fn attributes(&self) -> NetlocAttributes<'_> {
        each!(self, r => r.attributes())
    }

    /// The field `field` as the struct holds it: each attribute read
    /// alone (one costs about a third of [`SplitOrParse::attributes`]),
    /// `error` the exception reading `port` raises.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitOrParse, Value};
    /// let r = SplitOrParse::from(urlsyntax::urllib::urlsplit("http://h:80/")?);
    /// assert_eq!(r.value(Field::Port), Value::Port(Some(80)));
    /// assert_eq!(r.value(Field::Error), Value::Error(None));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn value(&self, field: Field) -> Value<'_> {
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

impl<'a> From<SplitResult<'a>> for SplitOrParse<'a> {
    fn from(r: SplitResult<'a>) -> Self {
        SplitOrParse::Split(r)
    }
}

impl<'a> From<ParseResult<'a>> for SplitOrParse<'a> {
    fn from(r: ParseResult<'a>) -> Self {
        SplitOrParse::Parse(r)
    }
}

impl<'a> From<SplitResultOpt<'a>> for SplitOrParse<'a> {
    fn from(r: SplitResultOpt<'a>) -> Self {
        SplitOrParse::SplitOpt(r)
    }
}

impl<'a> From<ParseResultOpt<'a>> for SplitOrParse<'a> {
    fn from(r: ParseResultOpt<'a>) -> Self {
        SplitOrParse::ParseOpt(r)
    }
}

/// One field's value in the struct.
///
/// ```
/// use urlsyntax::urllib::fields::Value;
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
    /// use urlsyntax::urllib::fields::Value;
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

/// The field `field` of the struct row for `result` (what
/// [`Urllib::split_or_parse`] answered): where the split raised, every
/// field is null but `error`, which holds its exception.
///
/// ```
/// use urlsyntax::urllib::fields::{self, Field, Value};
/// let r = urlsyntax::urllib::urlsplit("http://[::1").map(Into::into);
/// assert_eq!(fields::value(&r, Field::Path), Value::Text(None));
/// assert!(matches!(fields::value(&r, Field::Error), Value::Error(Some(_))));
/// ```
pub fn value<'r>(result: &'r Result<SplitOrParse<'_>, Error>, field: Field) -> Value<'r> {
    match result {
        Ok(r) => r.value(field),
        Err(e) => match field {
            Field::Error => Value::Error(Some(e.clone())),
            Field::Port => Value::Port(None),
            _ => Value::Text(None),
        },
    }
}

impl Urllib {
    /// `urlsplit` or `urlparse` of `url`, as `function` says, with the
    /// same arguments.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitFunction};
    /// use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().split_or_parse(SplitFunction::Urlparse, "//h/p;x", "ftp", true)?;
    /// assert_eq!(r.component(Field::Scheme), Some("ftp"));
    /// assert_eq!(r.component(Field::Params), Some("x"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    #[inline]
    pub fn split_or_parse<'a>(
        &self,
        function: SplitFunction,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
    ) -> Result<SplitOrParse<'a>, Error> {
        match function {
            SplitFunction::Urlsplit => self
                .urlsplit(url, scheme, allow_fragments)
                .map(SplitOrParse::Split),
            SplitFunction::Urlparse => self
                .urlparse(url, scheme, allow_fragments)
                .map(SplitOrParse::Parse),
        }
    }

    /// The same with `missing_as_none=True` (3.15; see
    /// [`Urllib::urlsplit_missing_as_none`]): a component the URL lacks
    /// is null.
    ///
    /// ```
    /// use urlsyntax::urllib::fields::{Field, SplitFunction};
    /// use urlsyntax::urllib::Urllib;
    /// let ctx = Urllib::default();
    /// let r = ctx.split_or_parse_missing_as_none(SplitFunction::Urlsplit, "http://h/p?", None, true)?;
    /// assert_eq!(r.component(Field::Query), Some(""));
    /// assert_eq!(r.component(Field::Fragment), None);
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn split_or_parse_missing_as_none<'a>(
        &self,
        function: SplitFunction,
        url: &'a str,
        scheme: Option<&'a str>,
        allow_fragments: bool,
    ) -> Result<SplitOrParse<'a>, Error> {
        match function {
            SplitFunction::Urlsplit => self
                .urlsplit_missing_as_none(url, scheme, allow_fragments)
                .map(SplitOrParse::SplitOpt),
            SplitFunction::Urlparse => self
                .urlparse_missing_as_none(url, scheme, allow_fragments)
                .map(SplitOrParse::ParseOpt),
        }
    }
}

#[cfg(test)]
mod tests;

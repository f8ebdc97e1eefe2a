//! The struct's fields by name and number ([`Field`]), and which of them
//! each function's struct has ([`SplitFunction`]).

use std::fmt;
use std::str::FromStr;

/// `urlsplit` or `urlparse`: which of the two a struct answers, and so
/// which fields it has (`urlparse`'s has `params`).
///
/// ```
/// use urlsyntax_fields::{Field, SplitFunction};
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
    /// use urlsyntax_fields::{Field, SplitFunction};
    /// let names: Vec<_> = SplitFunction::Urlsplit.fields().iter().map(|f| f.name()).collect();
    /// assert_eq!(names, ["scheme", "netloc", "path", "query", "fragment", "username",
    ///                    "password", "hostname", "port", "error"]);
    /// assert_eq!(SplitFunction::Urlparse.fields()[3], Field::Params);
    /// ```
    pub fn fields(self) -> &'static [Field] {
        // `urlparse`'s fields but `params`.
        const SPLIT: [Field; 10] = {
            let mut split = [Field::Scheme; 10];
            let (mut i, mut kept) = (0, 0);
            while i < Field::ALL.len() {
                if !matches!(Field::ALL[i], Field::Params) {
                    split[kept] = Field::ALL[i];
                    kept += 1;
                }
                i += 1;
            }
            split
        };
        match self {
            SplitFunction::Urlsplit => &SPLIT,
            SplitFunction::Urlparse => &Field::ALL,
        }
    }

    /// Whether this function's struct has `field` (every field but
    /// `params`, which only `urlparse`'s has).
    ///
    /// ```
    /// use urlsyntax_fields::{Field, SplitFunction};
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
/// use urlsyntax_fields::Field;
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
    /// use urlsyntax_fields::Field;
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
    /// use urlsyntax_fields::Field;
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
    /// use urlsyntax_fields::Field;
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
    /// use urlsyntax_fields::Field;
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
    /// use urlsyntax_fields::Field;
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
/// use urlsyntax_fields::{Field, UnknownField};
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

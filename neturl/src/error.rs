//! The Neturl face's error type.

use std::fmt;

/// A part of a URL, as errors name it.
///
/// ```
/// use urlsyntax_neturl::{Component, Error, Url};
/// let url: Url = "http://h/".parse()?;
/// assert_eq!(url.url_query(), Err(Error::NotFound { part: Component::Query }));
/// assert_eq!(Component::UserParam.to_string(), "user_param");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Component {
    /// The scheme.
    Scheme,
    /// The user name.
    User,
    /// A user parameter.
    UserParam,
    /// The password.
    Password,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// A parameter.
    Param,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
    /// The `other` part.
    Other,
    /// The URL as a whole.
    Url,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Component::Scheme => "scheme",
            Component::User => "user",
            Component::UserParam => "user_param",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Param => "param",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::Other => "other",
            Component::Url => "URL",
        })
    }
}

/// Why a Neturl function failed. [`Error::exception`] names the OCaml
/// exception Ocamlnet raises in the same case; `Debug` (what `?` in `main`
/// prints) shows it before the message.
/// With the `serde` feature, errors serialize (their reasons are static
/// text, so they do not deserialize).
///
/// ```
/// let e = "http://h:x/".parse::<urlsyntax_neturl::Url>().unwrap_err();
/// assert!(format!("{e:?}").starts_with("Malformed_URL: malformed URL: "));
/// ```
#[derive(Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Error {
    /// `Malformed_URL`: a part breaks the syntax.
    Malformed {
        /// The part at fault.
        part: Component,
        /// Why.
        reason: &'static str,
    },
    /// `Not_found`: the URL has no such part (or no such address).
    NotFound {
        /// The part asked for.
        part: Component,
    },
    /// `Invalid_argument`: the arguments cannot be used (e.g. an invalid
    /// syntax descriptor).
    InvalidArgument {
        /// The function.
        function: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// `Failure`: the operation does not apply (e.g. a relative URL where
    /// an absolute one is needed).
    Failure {
        /// The function.
        function: &'static str,
        /// Why.
        reason: &'static str,
    },
}

impl Error {
    pub(crate) fn malformed(part: Component, reason: &'static str) -> Error {
        Error::Malformed { part, reason }
    }

    pub(crate) fn failure(function: &'static str, reason: &'static str) -> Error {
        Error::Failure { function, reason }
    }

    /// The OCaml exception Ocamlnet raises in this case: `"Malformed_URL"`,
    /// `"Not_found"`, `"Invalid_argument"` or `"Failure"`.
    ///
    /// ```
    /// use urlsyntax_neturl::parse_url;
    /// let e = parse_url("http://h:99999999999/", &Default::default()).unwrap_err();
    /// assert_eq!(e.exception(), "Malformed_URL");
    /// ```
    pub fn exception(&self) -> &'static str {
        match self {
            Error::Malformed { .. } => "Malformed_URL",
            Error::NotFound { .. } => "Not_found",
            Error::InvalidArgument { .. } => "Invalid_argument",
            Error::Failure { .. } => "Failure",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Malformed { part, reason } => write!(f, "malformed URL: {part}: {reason}"),
            Error::NotFound { part } => write!(f, "the URL has no {part}"),
            Error::InvalidArgument { function, reason } => {
                write!(f, "{function}: invalid argument: {reason}")
            }
            Error::Failure { function, reason } => write!(f, "{function}: {reason}"),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {self}", self.exception())
    }
}

impl std::error::Error for Error {}

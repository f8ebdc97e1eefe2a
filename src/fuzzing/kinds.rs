//! The kinds of calls generated: a function of `urllib.parse` (or Neturl's
//! `parse_url`), and which of its calls (the function, one attribute of its
//! result, or both mixed), read from names such as `urlsplit.hostname`.

use std::fmt;
use std::str::FromStr;

/// The functions calls are generated for: every function of the
/// protocol's urllib calls, and Neturl's `parse_url`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Function {
    /// `urlsplit` and its result's attributes
    Urlsplit,
    /// `urlparse` and its result's attributes
    Urlparse,
    /// `urlunsplit`
    Urlunsplit,
    /// `urlunparse`
    Urlunparse,
    /// `urljoin`
    Urljoin,
    /// `urldefrag` and its result's attributes
    Urldefrag,
    /// `unwrap`
    Unwrap,
    /// `parse_qs`
    ParseQs,
    /// `parse_qsl`
    ParseQsl,
    /// `quote`
    Quote,
    /// `quote_plus`
    QuotePlus,
    /// `quote_from_bytes`
    QuoteFromBytes,
    /// `unquote`
    Unquote,
    /// `unquote_plus`
    UnquotePlus,
    /// `unquote_to_bytes`
    UnquoteToBytes,
    /// `urlencode`
    Urlencode,
    /// Neturl's `parse_url` (`neturl.parse_url`)
    NeturlParseUrl,
}

impl Function {
    /// The urllib functions, in the protocol's order: the structure
    /// functions, then the query-string and quoting ones.
    pub const URLLIB: [Function; 16] = [
        Function::Urlsplit,
        Function::Urlparse,
        Function::Urlunsplit,
        Function::Urlunparse,
        Function::Urljoin,
        Function::Urldefrag,
        Function::Unwrap,
        Function::ParseQs,
        Function::ParseQsl,
        Function::Quote,
        Function::QuotePlus,
        Function::QuoteFromBytes,
        Function::Unquote,
        Function::UnquotePlus,
        Function::UnquoteToBytes,
        Function::Urlencode,
    ];

    /// The protocol's name.
    pub fn name(self) -> &'static str {
        match self {
            Function::Urlsplit => "urlsplit",
            Function::Urlparse => "urlparse",
            Function::Urlunsplit => "urlunsplit",
            Function::Urlunparse => "urlunparse",
            Function::Urljoin => "urljoin",
            Function::Urldefrag => "urldefrag",
            Function::Unwrap => "unwrap",
            Function::ParseQs => "parse_qs",
            Function::ParseQsl => "parse_qsl",
            Function::Quote => "quote",
            Function::QuotePlus => "quote_plus",
            Function::QuoteFromBytes => "quote_from_bytes",
            Function::Unquote => "unquote",
            Function::UnquotePlus => "unquote_plus",
            Function::UnquoteToBytes => "unquote_to_bytes",
            Function::Urlencode => "urlencode",
            Function::NeturlParseUrl => "neturl.parse_url",
        }
    }

    /// The attributes of its result that calls read (`"urlsplit.port"`).
    pub fn attributes(self) -> &'static [&'static str] {
        const SPLIT: &[&str] = &[
            "scheme", "netloc", "path", "query", "fragment", "username", "password", "hostname",
            "port", "geturl",
        ];
        const PARSE: &[&str] = &[
            "scheme", "netloc", "path", "params", "query", "fragment", "username", "password",
            "hostname", "port", "geturl",
        ];
        match self {
            Function::Urlsplit => SPLIT,
            Function::Urlparse => PARSE,
            Function::Urldefrag => &["url", "fragment", "geturl", "port"],
            _ => &[],
        }
    }

    fn from_name(name: &str) -> Option<Function> {
        Function::URLLIB
            .into_iter()
            .chain([Function::NeturlParseUrl])
            .find(|f| f.name() == name)
    }
}

/// Which calls of a function: the call itself, one attribute of its
/// result, or both mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// The function itself (`"urlsplit"`).
    Plain,
    /// One attribute of the result (`"urlsplit.hostname"`).
    Named(&'static str),
    /// The function and each attribute of its result (`"urlsplit.*"`).
    Mixed,
}

/// A kind of call to generate: `"urlsplit"`, `"urlsplit.port"`,
/// `"urlsplit.*"` (the call and its attributes), `"neturl.parse_url"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CallKind {
    /// The function.
    pub function: Function,
    /// Which of its calls.
    pub attribute: Attribute,
}

impl CallKind {
    /// Every urllib function, with attribute calls mixed in where it has
    /// them: what the generator makes by default.
    pub fn urllib() -> Vec<CallKind> {
        Function::URLLIB
            .into_iter()
            .map(|function| CallKind {
                function,
                attribute: Attribute::Mixed,
            })
            .collect()
    }
}

/// A name `CallKind::from_str` does not know, with the names it knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFunction(pub String);

impl fmt::Display for UnknownFunction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Function::URLLIB.iter().map(|f| f.name()).collect();
        write!(
            f,
            "no generator of calls to {:?}; the functions are {}, neturl.parse_url, \
             an attribute call such as urlsplit.hostname, or urlsplit.* for the call and every attribute",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownFunction {}

impl FromStr for CallKind {
    type Err = UnknownFunction;

    fn from_str(s: &str) -> std::result::Result<CallKind, UnknownFunction> {
        let unknown = || UnknownFunction(s.to_string());
        if let Some(function) = Function::from_name(s) {
            let attribute = Attribute::Plain;
            return Ok(CallKind {
                function,
                attribute,
            });
        }
        let (name, attr) = s.rsplit_once('.').ok_or_else(unknown)?;
        let function = Function::from_name(name).ok_or_else(unknown)?;
        let attribute = if attr == "*" && !function.attributes().is_empty() {
            Attribute::Mixed
        } else {
            let named = function.attributes().iter().find(|a| **a == attr);
            Attribute::Named(named.ok_or_else(unknown)?)
        };
        Ok(CallKind {
            function,
            attribute,
        })
    }
}

impl fmt::Display for CallKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.attribute {
            Attribute::Plain => f.write_str(self.function.name()),
            Attribute::Named(a) => write!(f, "{}.{a}", self.function.name()),
            Attribute::Mixed => write!(f, "{}.*", self.function.name()),
        }
    }
}

#[cfg(test)]
mod tests;

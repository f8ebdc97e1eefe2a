//! [`UriRef`], a URI reference read by RFC 3986's grammar, and its
//! components; resolution is `resolve.rs`, normalization `normalize.rs`.

use std::fmt;

use crate::grammar::rfc3986 as g;
use crate::grammar::rfc3986::Authority;

/// A URI reference read by RFC 3986's grammar: borrowed slices of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    pub(super) text: &'a str,
    pub(super) scheme: Option<&'a str>,
    pub(super) authority: Option<Authority<'a>>,
    pub(super) path: &'a str,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

/// Why a text is no URI reference: the byte offset where the grammar could
/// read no further.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The offset of the first byte no rule of Appendix A takes there.
    pub index: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not an RFC 3986 URI reference: no rule takes the text from byte {}",
            self.index
        )
    }
}

impl std::error::Error for ParseError {}

impl<'a> UriRef<'a> {
    /// Reads `text` as `URI-reference = URI / relative-ref`
    /// ([§4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)), all
    /// of it: a URI when one takes the whole text, else a relative
    /// reference.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// let u = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
    /// assert_eq!(u.scheme(), Some("foo"));
    /// assert_eq!(u.authority().map(|a| a.host()), Some("example.com"));
    /// assert_eq!(u.authority().and_then(|a| a.port()), Some("8042"));
    /// assert_eq!((u.path(), u.query(), u.fragment()), ("/over/there", Some("name=ferret"), Some("nose")));
    /// // A first segment with a colon needs a scheme: "a:b" is one.
    /// assert_eq!(UriRef::parse("a:b")?.scheme(), Some("a"));
    /// assert_eq!(UriRef::parse("1a:b").unwrap_err().index, 2);
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn parse(text: &'a str) -> Result<UriRef<'a>, ParseError> {
        match g::uri_reference(text) {
            Ok(("", c)) => Ok(UriRef {
                text,
                scheme: c.scheme,
                authority: c.authority,
                path: c.path,
                query: c.query,
                fragment: c.fragment,
            }),
            // Where the reading that got further stopped.
            Ok((rest, _)) => Err(ParseError {
                index: text.len() - rest.len(),
            }),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(ParseError {
                index: text.len() - e.input.len(),
            }),
            Err(nom::Err::Incomplete(_)) => Err(ParseError { index: text.len() }),
        }
    }

    /// The text read.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("a/./b")?.as_str(), "a/./b");
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `scheme` ([§3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1)), as written.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("HTTP:x")?.scheme(), Some("HTTP"));
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    /// The authority ([§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2)), after `//`.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("//h:1/p")?.authority().map(|a| a.as_str()), Some("h:1"));
    /// assert!(UriRef::parse("/p")?.authority().is_none());
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.authority
    }

    /// The path ([§3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)), possibly empty.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("mailto:a@b")?.path(), "a@b");
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// The query ([§3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)), after `?`.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("?")?.query(), Some(""));
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// The fragment ([§3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)), after `#`.
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("a#b?c")?.fragment(), Some("b?c"));
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// Whether this is a URI (it has a scheme) rather than a relative
    /// reference ([§4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2)).
    ///
    /// ```
    /// use urlsyntax_grammar::rfc3986::UriRef;
    /// assert!(UriRef::parse("a:b")?.is_uri() && !UriRef::parse("a/b:c")?.is_uri());
    /// # Ok::<(), urlsyntax_grammar::rfc3986::ParseError>(())
    /// ```
    pub fn is_uri(&self) -> bool {
        self.scheme.is_some()
    }
}

impl AsRef<str> for UriRef<'_> {
    /// The text read.
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

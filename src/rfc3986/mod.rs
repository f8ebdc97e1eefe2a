//! A strict RFC 3986 reader, composed from the grammar core's combinators
//! ([`crate::grammar::rfc3986`]): a URI reference and its components
//! ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3),
//! [§4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)), resolution
//! against a base ([§5.2](https://www.rfc-editor.org/rfc/rfc3986#section-5.2))
//! and syntax-based normalization
//! ([§6.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2)).
//!
//! Unlike the CPython face, which cuts any text at its delimiters, this
//! reader takes only what Appendix A derives: a character outside its rule
//! is an error, with the byte where the reading stopped.
//!
//! ```
//! use urlsyntax::rfc3986::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! let r = UriRef::parse("../g?y#s")?;
//! assert_eq!(r.path(), "../g");
//! assert_eq!(r.resolve(&base)?, "http://a/b/g?y#s");
//! assert_eq!(UriRef::parse("HTTP://Ex%7eample.ORG/a/./%7e/../b")?.normalize(), "http://ex~ample.org/a/b");
//! assert!(UriRef::parse("http://a b/").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod normalize;
mod resolve;

use std::fmt;

use nom::IResult;

use crate::grammar::inline::{opt_after, opt_before};
use crate::grammar::rfc3986 as g;

pub use resolve::{remove_dot_segments, ResolveError};

/// A URI reference read by RFC 3986's grammar: borrowed slices of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    text: &'a str,
    scheme: Option<&'a str>,
    authority: Option<Authority<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The authority of a [`UriRef`]: `[ userinfo "@" ] host [ ":" port ]`
/// ([§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    text: &'a str,
    userinfo: Option<&'a str>,
    host: &'a str,
    port: Option<&'a str>,
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

/// `authority = [ userinfo "@" ] host [ ":" port ]` ([§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2)),
/// with its parts.
#[inline(always)]
fn authority(i: &str) -> IResult<&str, Authority<'_>> {
    let (rest, userinfo) = opt_before(g::userinfo, "@")(i)?;
    let (rest, host) = g::host(rest)?;
    let (rest, port) = opt_after(":", g::port)(rest)?;
    let text = &i[..i.len() - rest.len()];
    Ok((
        rest,
        Authority {
            text,
            userinfo,
            host,
            port,
        },
    ))
}

/// The authority (if any) and path of a `hier-part` or `relative-part`.
type HierPart<'a> = (Option<Authority<'a>>, &'a str);

/// `"//" authority path-abempty / path-absolute / rootless / path-empty`:
/// `hier-part` ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3))
/// with `rootless` = `path-rootless`, `relative-part`
/// ([§4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2)) with
/// `path-noscheme`. The first bytes pick the alternative: `path-absolute`
/// never starts with `//`, the rootless paths never with `/`.
#[inline(always)]
fn hier_part<'a>(
    rootless: impl Fn(&'a str) -> IResult<&'a str, &'a str>,
) -> impl Fn(&'a str) -> IResult<&'a str, HierPart<'a>> {
    #[inline(always)]
    move |i: &'a str| {
        if let Some(rest) = i.strip_prefix("//") {
            let (rest, a) = authority(rest)?;
            let (rest, path) = g::path_abempty(rest)?;
            Ok((rest, (Some(a), path)))
        } else if i.starts_with('/') {
            let (rest, path) = g::path_absolute(i)?;
            Ok((rest, (None, path)))
        } else {
            match rootless(i) {
                Ok((rest, path)) => Ok((rest, (None, path))),
                Err(_) => Ok((i, (None, &i[..0]))),
            }
        }
    }
}

/// The parts after the path: `[ "?" query ] [ "#" fragment ]`.
type Tail<'a> = (Option<&'a str>, Option<&'a str>);

#[inline(always)]
fn query_fragment(i: &str) -> IResult<&str, Tail<'_>> {
    let (rest, query) = opt_after("?", g::query)(i)?;
    let (rest, fragment) = opt_after("#", g::fragment)(rest)?;
    Ok((rest, (query, fragment)))
}

/// What a reading found: the scheme, authority and path, query and
/// fragment.
type Found<'a> = (Option<&'a str>, HierPart<'a>, Tail<'a>);

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
/// ([§3](https://www.rfc-editor.org/rfc/rfc3986#section-3)), all of `i`.
fn uri(i: &str) -> IResult<&str, Found<'_>> {
    let (rest, scheme) = g::scheme(i)?;
    let rest = rest.strip_prefix(':').ok_or_else(|| stopped_at(rest))?;
    let (rest, hier) = hier_part(g::path_rootless)(rest)?;
    let (rest, tail) = query_fragment(rest)?;
    whole(rest)?;
    Ok((rest, (Some(scheme), hier, tail)))
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
/// ([§4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2)), all of `i`.
fn relative_ref(i: &str) -> IResult<&str, Found<'_>> {
    let (rest, hier) = hier_part(g::path_noscheme)(i)?;
    let (rest, tail) = query_fragment(rest)?;
    whole(rest)?;
    Ok((rest, (None, hier, tail)))
}

/// Nothing left (nom's `eof`).
fn whole(rest: &str) -> Result<(), nom::Err<nom::error::Error<&str>>> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(stopped_at(rest))
    }
}

fn stopped_at(rest: &str) -> nom::Err<nom::error::Error<&str>> {
    nom::Err::Error(nom::error::Error::new(rest, nom::error::ErrorKind::Eof))
}

impl<'a> UriRef<'a> {
    /// Reads `text` as `URI-reference = URI / relative-ref`
    /// ([§4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)), all
    /// of it: a URI when one takes the whole text, else a relative
    /// reference.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// let u = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
    /// assert_eq!(u.scheme(), Some("foo"));
    /// assert_eq!(u.authority().map(|a| a.host()), Some("example.com"));
    /// assert_eq!(u.authority().and_then(|a| a.port()), Some("8042"));
    /// assert_eq!((u.path(), u.query(), u.fragment()), ("/over/there", Some("name=ferret"), Some("nose")));
    /// // A first segment with a colon needs a scheme: "a:b" is one.
    /// assert_eq!(UriRef::parse("a:b")?.scheme(), Some("a"));
    /// assert_eq!(UriRef::parse("1a:b").unwrap_err().index, 2);
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn parse(text: &'a str) -> Result<UriRef<'a>, ParseError> {
        let parsed = match uri(text) {
            Ok((_, found)) => Ok(found),
            Err(uri_error) => relative_ref(text)
                .map(|(_, found)| found)
                // The reading that got further says where the text went wrong.
                .map_err(|e| stop(text, &e).max(stop(text, &uri_error))),
        };
        let (scheme, (authority, path), (query, fragment)) =
            parsed.map_err(|index| ParseError { index })?;
        Ok(UriRef {
            text,
            scheme,
            authority,
            path,
            query,
            fragment,
        })
    }

    /// The text read.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("a/./b")?.as_str(), "a/./b");
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `scheme` ([§3.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.1)), as written.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("HTTP:x")?.scheme(), Some("HTTP"));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    /// The authority ([§3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2)), after `//`.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("//h:1/p")?.authority().map(|a| a.as_str()), Some("h:1"));
    /// assert!(UriRef::parse("/p")?.authority().is_none());
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.authority
    }

    /// The path ([§3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3)), possibly empty.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("mailto:a@b")?.path(), "a@b");
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// The query ([§3.4](https://www.rfc-editor.org/rfc/rfc3986#section-3.4)), after `?`.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("?")?.query(), Some(""));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// The fragment ([§3.5](https://www.rfc-editor.org/rfc/rfc3986#section-3.5)), after `#`.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("a#b?c")?.fragment(), Some("b?c"));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// Whether this is a URI (it has a scheme) rather than a relative
    /// reference ([§4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2)).
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert!(UriRef::parse("a:b")?.is_uri() && !UriRef::parse("a/b:c")?.is_uri());
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn is_uri(&self) -> bool {
        self.scheme.is_some()
    }
}

impl<'a> Authority<'a> {
    /// The authority as written.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("//U@H:1")?.authority().map(|a| a.as_str()), Some("U@H:1"));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `userinfo` ([§3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1)), before `@`.
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// let u = UriRef::parse("//u:p@h")?;
    /// assert_eq!(u.authority().and_then(|a| a.userinfo()), Some("u:p"));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }

    /// `host` ([§3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)):
    /// an IP literal with its brackets, an IPv4 address or a registered
    /// name (possibly empty).
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("//[::1]:80")?.authority().map(|a| a.host()), Some("[::1]"));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// `port` ([§3.2.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3)),
    /// after `:` (possibly empty).
    ///
    /// ```
    /// use urlsyntax::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("//h:")?.authority().and_then(|a| a.port()), Some(""));
    /// # Ok::<(), urlsyntax::rfc3986::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.port
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

/// Where a failed reading of `text` stopped.
fn stop(text: &str, e: &nom::Err<nom::error::Error<&str>>) -> usize {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => text.len() - e.input.len(),
        nom::Err::Incomplete(_) => text.len(),
    }
}

#[cfg(test)]
mod tests;

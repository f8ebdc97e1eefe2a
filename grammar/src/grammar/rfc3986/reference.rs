//! The upper rules of RFC 3986, from `authority` to `URI-reference`, each
//! answering its parts (as Boost.URL's rules do): [`crate::rfc3986`]
//! is their composition.

use nom::IResult;

use super::leaf::error;
use super::parts::{
    fragment, host, path_abempty, path_absolute, path_noscheme, path_rootless, port, query, scheme,
    userinfo,
};
use crate::grammar::inline::{opt_after, opt_before};

/// An authority, `[ userinfo "@" ] host [ ":" port ]`
/// ([RFC 3986 §3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2)):
/// what [`authority`] answers, slices of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    text: &'a str,
    userinfo: Option<&'a str>,
    host: &'a str,
    port: Option<&'a str>,
}

impl<'a> Authority<'a> {
    /// The authority as written.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::rfc3986::authority;
    /// assert_eq!(authority("U@H:1/p").map(|(_, a)| a.as_str()), Ok("U@H:1"));
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `userinfo` ([RFC 3986 §3.2.1](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1)), before `@`.
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::rfc3986::authority;
    /// assert_eq!(authority("u:p@h").map(|(_, a)| a.userinfo()), Ok(Some("u:p")));
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }

    /// `host` ([RFC 3986 §3.2.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)):
    /// an IP literal with its brackets, an IPv4 address or a registered
    /// name (possibly empty).
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::rfc3986::authority;
    /// assert_eq!(authority("[::1]:80").map(|(_, a)| a.host()), Ok("[::1]"));
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// `port` ([RFC 3986 §3.2.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3)),
    /// after `:` (possibly empty).
    ///
    /// ```
    /// use urlsyntax_grammar::grammar::rfc3986::authority;
    /// assert_eq!(authority("h:").map(|(_, a)| a.port()), Ok(Some("")));
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }
}

/// What `hier-part` and `relative-part` hold: the authority, when `//`
/// starts them, and the path (possibly empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct HierPart<'a> {
    /// The authority, after `//`.
    pub authority: Option<Authority<'a>>,
    /// The path.
    pub path: &'a str,
}

/// The five components of a URI or relative reference
/// ([RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3)):
/// what [`uri`], [`absolute_uri`], [`relative_ref`] and [`uri_reference`]
/// answer, slices of their input without the delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Components<'a> {
    /// The scheme, before `:` (a URI's only).
    pub scheme: Option<&'a str>,
    /// The authority, after `//`.
    pub authority: Option<Authority<'a>>,
    /// The path (possibly empty).
    pub path: &'a str,
    /// The query, after `?`.
    pub query: Option<&'a str>,
    /// The fragment, after `#`.
    pub fragment: Option<&'a str>,
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` ([RFC 3986 §3.2](https://www.rfc-editor.org/rfc/rfc3986#section-3.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::authority;
/// let (rest, a) = authority("u@h:1/p").unwrap();
/// assert_eq!((rest, a.userinfo(), a.host(), a.port()), ("/p", Some("u"), "h", Some("1")));
/// ```
#[inline(always)]
pub fn authority(i: &str) -> IResult<&str, Authority<'_>> {
    let (rest, userinfo) = opt_before(userinfo, "@")(i)?;
    let (rest, host) = host(rest)?;
    let (rest, port) = opt_after(":", port)(rest)?;
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

/// `"//" authority path-abempty / path-absolute / rootless / path-empty`:
/// `hier-part` with `path-rootless`, `relative-part` with
/// `path-noscheme`. The first bytes pick the alternative: `path-absolute`
/// never starts with `//`, the rootless paths never with `/`.
#[inline(always)]
fn authority_and_path<'a>(
    i: &'a str,
    rootless: fn(&'a str) -> IResult<&'a str, &'a str>,
) -> IResult<&'a str, HierPart<'a>> {
    if let Some(rest) = i.strip_prefix("//") {
        let (rest, a) = authority(rest)?;
        let (rest, path) = path_abempty(rest)?;
        Ok((
            rest,
            HierPart {
                authority: Some(a),
                path,
            },
        ))
    } else {
        let (rest, path) = if i.starts_with('/') {
            path_absolute(i)?
        } else {
            // `path-empty` where the rootless path has no first segment.
            rootless(i).unwrap_or((i, &i[..0]))
        };
        Ok((
            rest,
            HierPart {
                authority: None,
                path,
            },
        ))
    }
}

/// `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`
/// ([RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::hier_part;
/// let (rest, h) = hier_part("//h/p?q").unwrap();
/// assert_eq!((rest, h.authority.map(|a| a.host()), h.path), ("?q", Some("h"), "/p"));
/// ```
#[inline(always)]
pub fn hier_part(i: &str) -> IResult<&str, HierPart<'_>> {
    authority_and_path(i, path_rootless)
}

/// `relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty`
/// ([RFC 3986 §4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::relative_part;
/// let (rest, r) = relative_part("../a?q").unwrap();
/// assert_eq!((rest, r.authority, r.path), ("?q", None, "../a"));
/// ```
#[inline(always)]
pub fn relative_part(i: &str) -> IResult<&str, HierPart<'_>> {
    authority_and_path(i, path_noscheme)
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
/// ([RFC 3986 §3](https://www.rfc-editor.org/rfc/rfc3986#section-3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::uri;
/// let (rest, u) = uri("http://h/p#f").unwrap();
/// assert_eq!((rest, u.scheme, u.path, u.query, u.fragment), ("", Some("http"), "/p", None, Some("f")));
/// ```
pub fn uri(i: &str) -> IResult<&str, Components<'_>> {
    let (rest, (scheme, hier, query)) = scheme_hier_part_query(i)?;
    let (rest, fragment) = opt_after("#", fragment)(rest)?;
    Ok((rest, components(Some(scheme), hier, query, fragment)))
}

/// `absolute-URI = scheme ":" hier-part [ "?" query ]`
/// ([RFC 3986 §4.3](https://www.rfc-editor.org/rfc/rfc3986#section-4.3))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::absolute_uri;
/// let (rest, u) = absolute_uri("http://h/p?q#f").unwrap();
/// assert_eq!((rest, u.query, u.fragment), ("#f", Some("q"), None));
/// ```
pub fn absolute_uri(i: &str) -> IResult<&str, Components<'_>> {
    let (rest, (scheme, hier, query)) = scheme_hier_part_query(i)?;
    Ok((rest, components(Some(scheme), hier, query, None)))
}

/// `scheme ":" hier-part [ "?" query ]`, the start of `URI` and
/// `absolute-URI`.
#[inline(always)]
fn scheme_hier_part_query(i: &str) -> IResult<&str, (&str, HierPart<'_>, Option<&str>)> {
    let (rest, scheme) = scheme(i)?;
    let rest = rest
        .strip_prefix(':')
        .ok_or_else(|| error(rest, nom::error::ErrorKind::Char))?;
    let (rest, hier) = hier_part(rest)?;
    let (rest, query) = opt_after("?", query)(rest)?;
    Ok((rest, (scheme, hier, query)))
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
/// ([RFC 3986 §4.2](https://www.rfc-editor.org/rfc/rfc3986#section-4.2))
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::relative_ref;
/// let (rest, r) = relative_ref("//h/p?q#f").unwrap();
/// assert_eq!((rest, r.scheme, r.path, r.query, r.fragment), ("", None, "/p", Some("q"), Some("f")));
/// ```
pub fn relative_ref(i: &str) -> IResult<&str, Components<'_>> {
    let (rest, hier) = relative_part(i)?;
    let (rest, query) = opt_after("?", query)(rest)?;
    let (rest, fragment) = opt_after("#", fragment)(rest)?;
    Ok((rest, components(None, hier, query, fragment)))
}

/// `URI-reference = URI / relative-ref`
/// ([RFC 3986 §4.1](https://www.rfc-editor.org/rfc/rfc3986#section-4.1)):
/// the alternative that reads further, `URI` where both read as far.
/// When `URI` reads all of the input, `relative-ref` is not tried.
/// [`crate::rfc3986::UriRef::parse`] is this rule over the whole text.
///
/// ```
/// use urlsyntax_grammar::grammar::rfc3986::uri_reference;
/// assert_eq!(uri_reference("a:b").map(|(rest, r)| (rest, r.scheme)), Ok(("", Some("a"))));
/// assert_eq!(uri_reference("a/b:c").map(|(rest, r)| (rest, r.scheme)), Ok(("", None)));
/// // `1a` is no scheme, and a first segment takes no `:`.
/// assert_eq!(uri_reference("1a:b").map(|(rest, r)| (rest, r.path)), Ok((":b", "1a")));
/// ```
pub fn uri_reference(i: &str) -> IResult<&str, Components<'_>> {
    let as_uri = uri(i);
    if matches!(as_uri, Ok(("", _))) {
        return as_uri;
    }
    further(as_uri, relative_ref(i))
}

/// Of two readings of one input, the one that read further: a reading
/// over an error, else the one that left less (the first where both left
/// as much; an error's position being where it stopped).
fn further<'a, T>(first: IResult<&'a str, T>, second: IResult<&'a str, T>) -> IResult<&'a str, T> {
    fn left<T>(r: &IResult<&str, T>) -> usize {
        match r {
            Ok((rest, _)) => rest.len(),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => e.input.len(),
            Err(nom::Err::Incomplete(_)) => usize::MAX,
        }
    }
    match (&first, &second) {
        (Ok(_), Err(_)) => first,
        (Err(_), Ok(_)) => second,
        _ if left(&second) < left(&first) => second,
        _ => first,
    }
}

/// The components of a reading: the scheme (or none), `hier-part` or
/// `relative-part`, query and fragment.
#[inline(always)]
fn components<'a>(
    scheme: Option<&'a str>,
    HierPart { authority, path }: HierPart<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
) -> Components<'a> {
    Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

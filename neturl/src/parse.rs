//! Reading URLs: `url_of_string`, `parse_url`, `extract_url_scheme`,
//! `fixup_url_string`.

use std::sync::Arc;

use super::authority::{authority, parse_port, Authority};
use super::classes::{part_classes, PartClasses, SCHEME};
use super::read::{fail, scan_err, Read, ReadError};
use super::validate::validate_parsed;
use super::{
    u16_decimal, Component, Error, Fields, ListSrc, Part, SchemeTable, Span, Spans, Syntax, Url,
};
use crate::grammar::inline::{opt_after, when};
use crate::grammar::neturl::{self as g, Classes, PartError};
use crate::nom;

/// `neturl-word` of one part ([`g::word`], the scanner leaf), its scan
/// errors said as errors of `part`.
fn part_word<'a>(
    classes: &'a Classes,
    eight: bool,
    part: Component,
) -> impl Fn(&'a str) -> Read<'a, &'a str> {
    let word = g::word(classes, eight);
    #[inline(always)]
    move |i| match word(i) {
        Ok(ok) => Ok(ok),
        Err(nom::Err::Failure(PartError::Scan(e)) | nom::Err::Error(PartError::Scan(e))) => {
            fail(scan_err(part, e))
        }
        Err(_) => Err(nom::Err::Error(ReadError::Nom)),
    }
}

impl Url {
    /// `url_of_string`: reads `s` with `syntax`, which must recognize every
    /// part present and supply every required one.
    ///
    /// ```
    /// use urlsyntax_neturl::{SchemeTable, Url};
    /// let http = SchemeTable::common().get("http").unwrap();
    /// assert_eq!(Url::parse_with(http, "http://h/p")?.path(), ["", "p"]);
    /// assert!(Url::parse_with(http, "mailto:x@y").is_err());
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn parse_with(syntax: &Syntax, s: &str) -> Result<Url, Error> {
        Url::parse_owned(*syntax, s, scheme_end(s))
    }

    /// [`Url::parse_with`] with a syntax the URL may keep (no clone).
    ///
    /// The parts are found as places in `s`. Almost every URL prints as
    /// it was written; then the URL's text is `s`, copied once. The
    /// exceptions (a port not written in canonical decimal, a `/` dropped
    /// after the host, a `./` put before a path with a colon) are printed
    /// from the parts.
    /// `scheme_end`: [`scheme_end`] of `s`, which [`parse_url`] knows.
    #[inline]
    fn parse_owned(syntax: Syntax, s: &str, scheme_end: Option<usize>) -> Result<Url, Error> {
        let classes = part_classes(&syntax);
        let read = match url_reader(&syntax, &classes, scheme_end)(s) {
            Ok((_, read)) => read,
            Err(nom::Err::Failure(ReadError::Url(e)) | nom::Err::Error(ReadError::Url(e))) => {
                return Err(e)
            }
            // Every part is optional and the reader ends at `eof`, whose
            // miss is said as a cut: nom's own error never gets here.
            Err(_) => {
                return Err(Error::malformed(
                    Component::Url,
                    "characters left over after the last part",
                ))
            }
        };
        let span = |part: Option<&str>| part.map_or(Span::NONE, |p| span_in(s, p));
        let mut sp = Spans::NONE;
        let mut verbatim = !read.dropped_slash;
        sp.scheme = span(read.scheme);
        let mut port = None;
        let mut host_checked = false;
        if let Some(a) = read.authority {
            sp.host = span(Some(a.host));
            host_checked = a.host_checked;
            sp.password = span(a.password);
            sp.user = span(a.userinfo);
            // user and user params: the user params follow the first `;`.
            if syntax.user_param.recognized() {
                if let Some((user, params)) = a.userinfo.and_then(|u| u.split_once(';')) {
                    sp.user = span(Some(user));
                    sp.user_param = span(Some(params));
                }
            }
            if let Some(p) = a.port {
                let v = parse_port(p)?;
                // "0x50" or "080" is port 80, printed "80".
                let mut buf = [0u8; 5];
                verbatim &= u16_decimal(v, &mut buf) == p;
                port = Some(v);
            }
        }
        sp.path = match read.path {
            None | Some("") => Span::NONE,
            // `[""]`: an empty item after the `/` it prints as.
            Some(p @ "/") => {
                let end = span_in(s, p).end();
                Span::new(end, end)
            }
            p => span(p),
        };
        sp.other = span(read.other);
        sp.param = span(read.param);
        sp.query = span(read.query);
        sp.fragment = span(read.fragment);
        // What `Url::build(syntax, &parts, Encoding::Encoded)` does with
        // these parts: the descriptor check, then the URL checked as
        // `modify_url` checks it. (The port is in 0..65535 already.)
        if !syntax.is_valid() {
            return Err(Error::InvalidArgument {
                function: "make_url",
                reason: "the syntax descriptor is not valid",
            });
        }
        // RFC 1808 §5.3: a relative path whose first segment has a colon
        // prints with "./".
        if !sp.scheme.is_some() && !sp.host.is_some() {
            if let Some(p) = sp.path.of(s) {
                verbatim &= !p.split('/').next().is_some_and(|x| x.contains(':'));
            }
        }
        let host_given = sp.host.is_some();
        let u = if verbatim {
            Url::from_spans(syntax, Arc::from(s), sp, port)
        } else {
            let list = |span: Span| ListSrc::Joined(span.of(s));
            let f = Fields {
                scheme: sp.scheme.of(s),
                user: sp.user.of(s),
                user_param: list(sp.user_param),
                password: sp.password.of(s),
                host: sp.host.of(s),
                port,
                path: list(sp.path),
                param: list(sp.param),
                query: sp.query.of(s),
                fragment: sp.fragment.of(s),
                other: sp.other.of(s),
            };
            Url::assemble(syntax, &f)
        };
        validate_parsed(&u, host_given, host_checked)?;
        Ok(u)
    }
}

/// Where `part`, a slice of `s`, lies in it.
fn span_in(s: &str, part: &str) -> Span {
    let start = (part.as_ptr() as usize).wrapping_sub(s.as_ptr() as usize);
    Span::new(start, start + part.len())
}

/// The parts of a URL as [`url_reader`] finds them, slices of the input.
struct UrlRead<'a> {
    scheme: Option<&'a str>,
    authority: Option<Authority<'a>>,
    path: Option<&'a str>,
    /// A `/` after the host, with no path recognized: dropped.
    dropped_slash: bool,
    other: Option<&'a str>,
    param: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// `neturl-url = [ scheme ":" ] [ "//" authority ] [ path ] [ other ]
/// [ ";" params ] [ "?" query ] [ "#" fragment ]`, each part only where
/// `syntax` recognizes it, each a word of its part's classes (`classes`,
/// from the syntax's separators): Ocamlnet's `url_of_string`
/// (`grammar/neturl.abnf`), a sequence of nom parsers whose leaves are the
/// table-driven scanners. `scheme_end` is where the scheme's `:` is, as
/// the scheme table's lookup found it.
///
/// The sequence and its `cond`/`opt(preceded(..))` steps are written as
/// `grammar::inline`'s `when` and `opt_after` rather than nom's tuple and `Cond`: nom's
/// `Parser::process` of those stayed out of line, each call moving the
/// parts read so far (27% of `parse_url`'s time).
#[inline(always)]
fn url_reader<'a>(
    syntax: &Syntax,
    classes: &'a PartClasses,
    scheme_end: Option<usize>,
) -> impl Fn(&'a str) -> Read<'a, UrlRead<'a>> {
    let eight = syntax.accepts_8bits;
    let recognized = |p: Part| p.recognized();
    // `scheme ":"`, at the `:` the table lookup found.
    let scheme = move |i: &'a str| -> Read<'a, Option<&'a str>> {
        match scheme_end.and_then(|k| Some((i.get(..k)?, i.get(k + 1..)?))) {
            Some((name, rest)) => Ok((rest, Some(name))),
            None => Ok((i, None)),
        }
    };
    let scheme = when(recognized(syntax.scheme), scheme);
    let authority = when(recognized(syntax.host), opt_after("//", authority(eight)));
    // `path`: one word, `/` being a path character (not where the input
    // is over: then no path at all). Without a path, a `/` after the host
    // is dropped, unless `other` takes it.
    let path_word = part_word(classes.path, eight, Component::Path);
    let (path_recognized, drop_slash) = (
        recognized(syntax.path),
        !syntax.other.recognized() && !syntax.path.recognized(),
    );
    let path = move |i: &'a str| -> Read<'a, (Option<&'a str>, bool)> {
        if path_recognized && !i.is_empty() {
            path_word(i).map(|(rest, p)| (rest, (Some(p), false)))
        } else if drop_slash && i.starts_with('/') {
            Ok((&i[1..], (None, true)))
        } else {
            Ok((i, (None, false)))
        }
    };
    let other_word = part_word(classes.other, eight, Component::Other);
    let other = when(recognized(syntax.other), move |i: &'a str| {
        if i.is_empty() {
            Ok((i, None))
        } else {
            other_word(i).map(|(rest, o)| (rest, Some(o)))
        }
    });
    let param = when(
        recognized(syntax.param),
        opt_after(";", part_word(classes.param, eight, Component::Param)),
    );
    let query = when(
        recognized(syntax.query),
        opt_after("?", part_word(classes.query, eight, Component::Query)),
    );
    let fragment = when(
        recognized(syntax.fragment),
        opt_after("#", part_word(classes.path, eight, Component::Fragment)),
    );
    #[inline(always)]
    move |i: &'a str| {
        let (i, scheme) = scheme(i)?;
        let (i, authority) = authority(i)?;
        let (i, (path, dropped_slash)) = path(i)?;
        let (i, other) = other(i)?;
        let (i, param) = param(i)?;
        let (i, query) = query(i)?;
        let (i, fragment) = fragment(i)?;
        let (i, ()) = left_over(i)?;
        Ok((
            i,
            UrlRead {
                scheme,
                authority,
                path,
                dropped_slash,
                other,
                param,
                query,
                fragment,
            },
        ))
    }
}

/// The end of the input; else the URL has characters no part takes.
#[inline(always)]
fn left_over(i: &str) -> Read<'_, ()> {
    if i.is_empty() {
        Ok((i, ()))
    } else {
        fail(Error::malformed(
            Component::Url,
            "characters left over after the last part",
        ))
    }
}

/// `extract_url_scheme`: the scheme of a URL string, lowercased.
///
/// ```
/// use urlsyntax_neturl::extract_url_scheme;
/// assert_eq!(extract_url_scheme("HTTP://h/")?, "http");
/// assert!(extract_url_scheme("a1:x").is_err());
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn extract_url_scheme(s: &str) -> Result<String, Error> {
    match SCHEME.scan(s.as_bytes(), 0, false) {
        Ok(k) if k < s.len() => Ok(s[..k].to_ascii_lowercase()),
        Ok(_) => Err(Error::malformed(
            Component::Scheme,
            "no ':' after the scheme name",
        )),
        Err(e) => Err(scan_err(Component::Scheme, e)),
    }
}

/// The options of [`parse_url`].
///
/// ```
/// use urlsyntax_neturl::{parse_url, ParseOptions};
/// // Bytes 128 to 255 only where the syntax takes them, or when asked.
/// assert!(parse_url("http://h/caf\u{e9}", &ParseOptions::default()).is_err());
/// let opts = ParseOptions { accept_8bits: true, ..ParseOptions::default() };
/// assert_eq!(parse_url("http://h/caf\u{e9}", &opts)?.path(), ["", "caf\u{e9}"]);
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions<'a> {
    /// The scheme table (default: [`SchemeTable::common`]).
    pub schemes: Option<&'a SchemeTable>,
    /// The syntax of relative URLs (weakened with [`Syntax::partial`]);
    /// without it, relative URLs are malformed.
    pub base_syntax: Option<&'a Syntax>,
    /// Accept bytes 128 to 255 whatever the syntax says.
    pub accept_8bits: bool,
    /// Recognize fragments whatever the syntax says.
    pub enable_fragment: bool,
}

/// `parse_url`: reads an absolute URL with the syntax of its scheme, or a
/// relative one with the partial base syntax.
///
/// ```
/// use urlsyntax_neturl::{parse_url, ParseOptions, SchemeTable};
/// let url = parse_url("ftp://u@h/f;type=i", &ParseOptions::default())?;
/// assert_eq!(url.param(), ["type=i"]);
/// let http = SchemeTable::common().get("http").unwrap();
/// let opts = ParseOptions { base_syntax: Some(http), ..ParseOptions::default() };
/// assert_eq!(parse_url("a/b?c", &opts)?.query(), Some("c"));
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn parse_url(s: &str, opts: &ParseOptions<'_>) -> Result<Url, Error> {
    // `extract_url_scheme` without its lowercased copy: the table lowercases.
    let end = scheme_end(s);
    let scheme = match end {
        Some(k) => Ok(&s[..k]),
        None => Err(()),
    };
    let syntax = match scheme {
        Err(_) => match opts.base_syntax {
            None => {
                return Err(Error::malformed(
                    Component::Scheme,
                    "a relative URL needs a base syntax",
                ))
            }
            Some(b) => b.partial().ok_or_else(|| {
                Error::failure(
                    "partial_url_syntax",
                    "this syntax does not support relative URLs",
                )
            })?,
        },
        Ok(sch) => opts
            .schemes
            .unwrap_or_else(|| SchemeTable::common())
            .get(sch)
            .cloned()
            .ok_or_else(|| Error::malformed(Component::Scheme, "unknown scheme"))?,
    };
    let mut syntax = syntax;
    if opts.accept_8bits {
        syntax.accepts_8bits = true;
    }
    if opts.enable_fragment {
        syntax = syntax.with_fragment();
    }
    Url::parse_owned(syntax, s, end)
}

/// Where the scheme name of `s` ends (at its `:`), if it has one.
fn scheme_end(s: &str) -> Option<usize> {
    match SCHEME.scan(s.as_bytes(), 0, false) {
        Ok(k) if k < s.len() => Some(k),
        _ => None,
    }
}

/// `fixup_url_string`: %-encodes (lowercase hex) the characters commonly
/// found unescaped in URLs: space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^`,
/// `` ` `` and, with `escape_hash`, `#`.
///
/// ```
/// use urlsyntax_neturl::fixup_url_string;
/// assert_eq!(fixup_url_string("http://h/a b", false), "http://h/a%20b");
/// ```
pub fn fixup_url_string(s: &str, escape_hash: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`'
        ) || (escape_hash && c == '#')
        {
            out.push_str(&format!("%{:02x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

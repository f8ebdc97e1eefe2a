//! Reading URLs: `url_of_string`, `parse_url`, `extract_url_scheme`,
//! `fixup_url_string`.

use std::sync::Arc;

use super::validate::{part_classes, validate_parsed, SCHEME};
use super::{
    u16_decimal, Component, Error, Fields, ListSrc, SchemeTable, Span, Spans, Syntax, Url,
};
use crate::grammar::neturl::{self as g, Classes, ScanError};

fn scan_err(part: Component, e: ScanError) -> Error {
    match e {
        ScanError::Rejected(_) => {
            Error::malformed(part, "contains a character that must be %-encoded")
        }
        ScanError::BadEscape(_) => {
            Error::malformed(part, "a '%' is not followed by two hex digits")
        }
    }
}

/// A word of the authority (its place in the input), the byte that
/// ended it (`None` at the end), and whether it holds only host
/// characters (so that, as the host, it needs no second look).
type Word = (Span, Option<u8>, bool);

/// The login characters, with those that are no host characters marked.
static LOGIN_HOST: Classes = Classes::of(&g::LOGIN).marking(&g::HOST.accepted);

/// Ocamlnet's `collect_words` over the authority: login words from `k`,
/// each ended by a separator, until `/`, `?` or `#` (or the end) ends one;
/// a `[` starts an IPv6 host, which runs to its `]`. Each word goes to
/// `word` as it is found (no list is built); the end offset is returned.
fn authority_words(
    s: &str,
    mut k: usize,
    eight: bool,
    mut word: impl FnMut(Word),
) -> Result<usize, Error> {
    let b = s.as_bytes();
    loop {
        let (k2, marked) = if b.get(k) == Some(&b'[') {
            // An IPv6 host: the word runs to the closing bracket.
            match b[k..].iter().position(|&c| c == b']') {
                Some(j) => {
                    let end = k + j + 1;
                    if end < b.len() && g::LOGIN.category(b[end]) != g::Category::Separator {
                        return Err(Error::malformed(Component::Host, "junk after ']'"));
                    }
                    (end, true)
                }
                None => return Err(Error::malformed(Component::Host, "'[' without ']'")),
            }
        } else {
            LOGIN_HOST
                .scan_marking(b, k, eight)
                .map_err(|e| scan_err(Component::Host, e))?
        };
        let sep = b.get(k2).copied();
        word((Span::new(k, k2), sep, !marked));
        match sep {
            None | Some(b'/' | b'?' | b'#') => return Ok(k2),
            Some(_) => k = k2 + 1,
        }
    }
}

/// The end of the word of `cats` that starts at `k` (a part scanned
/// whole), or the part's error.
fn scan_part(
    b: &[u8],
    k: usize,
    classes: &Classes,
    eight: bool,
    part: Component,
) -> Result<usize, Error> {
    classes.scan(b, k, eight).map_err(|e| scan_err(part, e))
}

/// OCaml's `int_of_string` on a port, then the range check 0..65535.
fn parse_port(p: &str) -> Result<u16, Error> {
    let bad = || Error::malformed(Component::Port, "not a number");
    let (neg, rest) = match p.as_bytes().first() {
        Some(b'-') => (true, &p[1..]),
        Some(b'+') => (false, &p[1..]),
        _ => (false, p),
    };
    let (radix, digits) = match rest.get(..2) {
        Some("0x" | "0X") => (16, &rest[2..]),
        Some("0o" | "0O") => (8, &rest[2..]),
        Some("0b" | "0B") => (2, &rest[2..]),
        Some("0u" | "0U") => (10, &rest[2..]),
        _ => (10, rest),
    };
    let mut chars = digits.chars();
    match chars.next() {
        Some(c) if c.is_digit(radix) => {}
        _ => return Err(bad()),
    }
    let mut v: u128 = 0;
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let d = c.to_digit(radix).ok_or_else(bad)?;
        v = v * u128::from(radix) + u128::from(d);
        if v > u128::from(u64::MAX) {
            return Err(bad());
        }
    }
    // OCaml ints have 63 bits: any accepted value outside 0..65535 is
    // refused by the range check (or by int_of_string itself).
    if v > 65535 || (neg && v != 0) {
        return Err(Error::malformed(Component::Port, "not in 0..65535"));
    }
    Ok(v as u16)
}

impl Url {
    /// `url_of_string`: reads `s` with `syntax`, which must recognize every
    /// part present and supply every required one.
    ///
    /// ```
    /// use urlsyntax::neturl::{SchemeTable, Url};
    /// let http = SchemeTable::common().get("http").unwrap();
    /// assert_eq!(Url::parse_with(http, "http://h/p")?.path(), ["", "p"]);
    /// assert!(Url::parse_with(http, "mailto:x@y").is_err());
    /// # Ok::<(), urlsyntax::neturl::Error>(())
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
        let b = s.as_bytes();
        let l = b.len();
        let eight = syntax.accepts_8bits;
        let mut sp = Spans::NONE;
        let mut verbatim = true;
        // scheme
        let mut k1 = 0;
        if syntax.scheme.recognized() {
            if let Some(k) = scheme_end {
                sp.scheme = Span::new(0, k);
                k1 = k + 1;
            }
        }
        // authority
        let mut port = None;
        let mut userinfo = Span::NONE;
        let mut host_checked = false;
        let mut k2 = k1;
        if syntax.host.recognized() && b[k1..].starts_with(b"//") {
            // At most four words fit `[user[:password]@]host[:port]`.
            let mut words: [Word; 4] = [(Span::NONE, None, false); 4];
            let mut n = 0;
            let k = authority_words(s, k1 + 2, eight, |w| {
                if n < words.len() {
                    words[n] = w;
                }
                n += 1;
            })?;
            let words: &[Word] = if n <= 4 { &words[..n] } else { &[] };
            let end = |c: Option<u8>| matches!(c, None | Some(b'/' | b'?' | b'#'));
            let mut port_text = Span::NONE;
            let host;
            match *words {
                [h @ (_, e, _)] if end(e) => host = h,
                [h @ (_, Some(b':'), _), (p, e, _)] if end(e) => {
                    host = h;
                    port_text = p;
                }
                [(u, Some(b'@'), _), h @ (_, e, _)] if end(e) => {
                    userinfo = u;
                    host = h;
                }
                [(u, Some(b'@'), _), h @ (_, Some(b':'), _), (p, e, _)] if end(e) => {
                    userinfo = u;
                    host = h;
                    port_text = p;
                }
                [(u, Some(b':'), _), (pw, Some(b'@'), _), h @ (_, e, _)] if end(e) => {
                    userinfo = u;
                    sp.password = pw;
                    host = h;
                }
                [(u, Some(b':'), _), (pw, Some(b'@'), _), h @ (_, Some(b':'), _), (p, e, _)]
                    if end(e) =>
                {
                    userinfo = u;
                    sp.password = pw;
                    host = h;
                    port_text = p;
                }
                _ => {
                    return Err(Error::malformed(
                        Component::Host,
                        "the authority is not [user[:password]@]host[:port]",
                    ))
                }
            }
            (sp.host, _, host_checked) = host;
            if let Some(p) = port_text.of(s) {
                let v = parse_port(p)?;
                // "0x50" or "080" is port 80, printed "80".
                let mut buf = [0u8; 5];
                verbatim &= u16_decimal(v, &mut buf) == p;
                port = Some(v);
            }
            k2 = k;
        }
        // The authority is scanned with brackets taken as an IPv6 host, so
        // a bracket may end up in the user or password, where Neturl's
        // login characters do not allow it (`http://[::1]@h/` is malformed,
        // as in Ocamlnet; found by tests/hostile/).
        if [userinfo, sp.password]
            .iter()
            .filter_map(|w| w.of(s))
            .any(|w| w.contains(['[', ']']))
        {
            return Err(Error::malformed(
                Component::User,
                "contains a character that must be %-encoded",
            ));
        }
        // user and user params: the user params follow the first `;`.
        sp.user = userinfo;
        if syntax.user_param.recognized() {
            if let Some(i) = userinfo.of(s).and_then(|u| u.find(';')) {
                sp.user = Span::new(userinfo.start(), userinfo.start() + i);
                sp.user_param = Span::new(userinfo.start() + i + 1, userinfo.end());
            }
        }
        let classes = part_classes(&syntax);
        // path: scanned whole (`/` is a path character), split at `/`
        let mut k3 = k2;
        if syntax.path.recognized() && k2 < l {
            let k = scan_part(b, k2, classes.path, eight, Component::Path)?;
            sp.path = match &s[k2..k] {
                "" => Span::NONE,
                // `[""]`: an empty item after the `/` it prints as.
                "/" => Span::new(k, k),
                _ => Span::new(k2, k),
            };
            k3 = k;
        } else if !syntax.other.recognized() && k2 < l && b[k2] == b'/' {
            // A `/` after the host, with no path: dropped.
            verbatim = false;
            k3 = k2 + 1;
        }
        // other: the rest (no separators end it)
        let mut k4 = k3;
        if syntax.other.recognized() && k3 < l {
            let k = scan_part(b, k3, classes.other, eight, Component::Other)?;
            sp.other = Span::new(k3, k);
            k4 = k;
        }
        // params: scanned whole, split at `;`
        let mut k5 = k4;
        if syntax.param.recognized() && k4 < l && b[k4] == b';' {
            let k = scan_part(b, k4 + 1, classes.param, eight, Component::Param)?;
            sp.param = Span::new(k4 + 1, k);
            k5 = k;
        }
        // query
        let mut k6 = k5;
        if syntax.query.recognized() && k5 < l && b[k5] == b'?' {
            let k = scan_part(b, k5 + 1, classes.query, eight, Component::Query)?;
            sp.query = Span::new(k5 + 1, k);
            k6 = k;
        }
        // fragment
        let mut k7 = k6;
        if syntax.fragment.recognized() && k6 < l && b[k6] == b'#' {
            let k = scan_part(b, k6 + 1, classes.path, eight, Component::Fragment)?;
            sp.fragment = Span::new(k6 + 1, k);
            k7 = k;
        }
        if k7 != l {
            return Err(Error::malformed(
                Component::Url,
                "characters left over after the last part",
            ));
        }
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

/// `extract_url_scheme`: the scheme of a URL string, lowercased.
///
/// ```
/// use urlsyntax::neturl::extract_url_scheme;
/// assert_eq!(extract_url_scheme("HTTP://h/")?, "http");
/// assert!(extract_url_scheme("a1:x").is_err());
/// # Ok::<(), urlsyntax::neturl::Error>(())
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
/// use urlsyntax::neturl::{parse_url, ParseOptions, SchemeTable};
/// let url = parse_url("ftp://u@h/f;type=i", &ParseOptions::default())?;
/// assert_eq!(url.param(), ["type=i"]);
/// let http = SchemeTable::common().get("http").unwrap();
/// let opts = ParseOptions { base_syntax: Some(http), ..ParseOptions::default() };
/// assert_eq!(parse_url("a/b?c", &opts)?.query(), Some("c"));
/// # Ok::<(), urlsyntax::neturl::Error>(())
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
/// use urlsyntax::neturl::fixup_url_string;
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

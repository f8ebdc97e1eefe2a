//! Reading URLs: `url_of_string`, `parse_url`, `extract_url_scheme`,
//! `fixup_url_string`.

use super::build::{other_cats, path_cats, query_cats, separators, validate_parsed};
use super::{Component, Error, SchemeTable, Syntax, Url};
use crate::grammar::neturl::{self as g, Cats, ScanError};

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

/// A word of a part and the byte that ended it (`None` at the end).
type Word<'a> = (&'a str, Option<u8>);

/// Ocamlnet's `collect_words`: words of `cats` from `k`, each ended by a
/// separator, until a separator in `terminators` (or the end) ends one.
/// Each word goes to `word` as it is found (no list is built); the end
/// offset is returned.
#[allow(clippy::too_many_arguments)]
fn collect_words<'a>(
    s: &'a str,
    mut k: usize,
    cats: &Cats,
    terminators: &[u8],
    eight: bool,
    part: Component,
    brackets: bool,
    mut word: impl FnMut(Word<'a>),
) -> Result<usize, Error> {
    let b = s.as_bytes();
    loop {
        let k2 = if brackets && b.get(k) == Some(&b'[') {
            // An IPv6 host: the word runs to the closing bracket.
            match b[k..].iter().position(|&c| c == b']') {
                Some(j) => {
                    let end = k + j + 1;
                    if end < b.len() && g::LOGIN.category(b[end]) != g::Category::Separator {
                        return Err(Error::malformed(Component::Host, "junk after ']'"));
                    }
                    end
                }
                None => return Err(Error::malformed(Component::Host, "'[' without ']'")),
            }
        } else {
            g::scan_word(b, k, cats, eight).map_err(|e| scan_err(part, e))?
        };
        let sep = b.get(k2).copied();
        word((&s[k..k2], sep));
        match sep {
            None => return Ok(k2),
            Some(c) if terminators.contains(&c) => return Ok(k2),
            Some(_) => k = k2 + 1,
        }
    }
}

/// OCaml's `int_of_string` on a port, then the range check 0..65535.
fn parse_port(p: &str) -> Result<i64, Error> {
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
    Ok(v as i64)
}

impl Url {
    /// `url_of_string`: reads `s` with `syntax`, which must recognize every
    /// part present and supply every required one.
    pub fn parse_with(syntax: &Syntax, s: &str) -> Result<Url, Error> {
        Url::parse_owned(syntax.clone(), s)
    }

    /// [`Url::parse_with`] with a syntax the URL may keep (no clone).
    fn parse_owned(syntax_owned: Syntax, s: &str) -> Result<Url, Error> {
        let syntax = &syntax_owned;
        let b = s.as_bytes();
        let l = b.len();
        let eight = syntax.accepts_8bits;
        // scheme
        let (scheme, k1) = if syntax.scheme.recognized() {
            match g::scan_word(b, 0, &g::SCHEME, false) {
                Ok(k) if k < l => (Some(s[..k].to_string()), k + 1),
                _ => (None, 0),
            }
        } else {
            (None, 0)
        };
        // authority
        let mut host = None;
        let mut port = None;
        let mut userinfo: Option<&str> = None;
        let mut password = None;
        let mut k2 = k1;
        if syntax.host.recognized() && s[k1..].starts_with("//") {
            // At most four words fit `[user[:password]@]host[:port]`.
            let mut words: [Word<'_>; 4] = [("", None); 4];
            let mut n = 0;
            let k = collect_words(
                s,
                k1 + 2,
                &g::LOGIN,
                b"/?#",
                eight,
                Component::Host,
                true,
                |w| {
                    if n < words.len() {
                        words[n] = w;
                    }
                    n += 1;
                },
            )?;
            let words: &[Word<'_>] = if n <= 4 { &words[..n] } else { &[] };
            let end = |c: Option<u8>| matches!(c, None | Some(b'/' | b'?' | b'#'));
            match words {
                [(h, e)] if end(*e) => host = Some(*h),
                [(h, Some(b':')), (p, e)] if end(*e) => {
                    host = Some(*h);
                    port = Some(parse_port(p)?);
                }
                [(u, Some(b'@')), (h, e)] if end(*e) => {
                    userinfo = Some(*u);
                    host = Some(*h);
                }
                [(u, Some(b'@')), (h, Some(b':')), (p, e)] if end(*e) => {
                    userinfo = Some(*u);
                    host = Some(*h);
                    port = Some(parse_port(p)?);
                }
                [(u, Some(b':')), (pw, Some(b'@')), (h, e)] if end(*e) => {
                    userinfo = Some(*u);
                    password = Some(*pw);
                    host = Some(*h);
                }
                [(u, Some(b':')), (pw, Some(b'@')), (h, Some(b':')), (p, e)] if end(*e) => {
                    userinfo = Some(*u);
                    password = Some(*pw);
                    host = Some(*h);
                    port = Some(parse_port(p)?);
                }
                _ => {
                    return Err(Error::malformed(
                        Component::Host,
                        "the authority is not [user[:password]@]host[:port]",
                    ))
                }
            }
            k2 = k;
        }
        // The authority is scanned with brackets taken as an IPv6 host, so
        // a bracket may end up in the user or password, where Neturl's
        // login characters do not allow it (`http://[::1]@h/` is malformed,
        // as in Ocamlnet; found by tests/hostile/).
        if userinfo
            .into_iter()
            .chain(password)
            .any(|w| w.contains(['[', ']']))
        {
            return Err(Error::malformed(
                Component::User,
                "contains a character that must be %-encoded",
            ));
        }
        // user and user params
        let (user, user_param) = match userinfo {
            None => (None, Vec::new()),
            Some(u) if syntax.user_param.recognized() => {
                if u.is_empty() {
                    (Some(String::new()), Vec::new())
                } else {
                    let mut it = u.split(';').map(str::to_string);
                    let first = it.next().unwrap_or_default();
                    (Some(first), it.collect())
                }
            }
            Some(u) => (Some(u.to_string()), Vec::new()),
        };
        // path
        let seps = separators(syntax);
        let mut path = Vec::new();
        let mut k3 = k2;
        if syntax.path.recognized() && k2 < l {
            let cats = path_cats(syntax, b"/");
            let mut words = Vec::new();
            let k = collect_words(
                s,
                k2,
                &cats,
                &seps,
                eight,
                Component::Path,
                false,
                |(w, _)| words.push(w.to_string()),
            )?;
            // Two words are cut by a '/' (the only separator that is no
            // terminator): `["", ""]` is the path "/".
            path = match words.as_slice() {
                [a, b] if a.is_empty() && b.is_empty() => vec![String::new()],
                [a] if a.is_empty() => Vec::new(),
                _ => words,
            };
            k3 = k;
        } else if !syntax.other.recognized() && k2 < l && b[k2] == b'/' {
            k3 = k2 + 1;
        }
        // other
        let mut other = None;
        let mut k4 = k3;
        if syntax.other.recognized() && k3 < l {
            let mut first = None;
            let k = collect_words(
                s,
                k3,
                &other_cats(syntax),
                b"#",
                eight,
                Component::Other,
                false,
                |(w, _)| {
                    first.get_or_insert(w);
                },
            )?;
            other = first.map(str::to_string);
            k4 = k;
        }
        // params
        let mut param = Vec::new();
        let mut k5 = k4;
        if syntax.param.recognized() && k4 < l && b[k4] == b';' {
            let cats = path_cats(syntax, &[]);
            let terms: Vec<u8> = seps.iter().copied().filter(|&c| c != b';').collect();
            let k = collect_words(
                s,
                k4 + 1,
                &cats,
                &terms,
                eight,
                Component::Param,
                false,
                |(w, _)| param.push(w.to_string()),
            )?;
            k5 = k;
        }
        // query
        let mut query = None;
        let mut k6 = k5;
        if syntax.query.recognized() && k5 < l && b[k5] == b'?' {
            let cats = query_cats(syntax);
            let mut first = None;
            let k = collect_words(
                s,
                k5 + 1,
                &cats,
                b"#",
                eight,
                Component::Query,
                false,
                |(w, _)| {
                    first.get_or_insert(w);
                },
            )?;
            query = first.map(str::to_string);
            k6 = k;
        }
        // fragment
        let mut fragment = None;
        let mut k7 = k6;
        if syntax.fragment.recognized() && k6 < l && b[k6] == b'#' {
            let cats = path_cats(syntax, &[]);
            let mut first = None;
            let k = collect_words(
                s,
                k6 + 1,
                &cats,
                &seps,
                eight,
                Component::Fragment,
                false,
                |(w, _)| {
                    first.get_or_insert(w);
                },
            )?;
            fragment = first.map(str::to_string);
            k7 = k;
        }
        if k7 != l {
            return Err(Error::malformed(
                Component::Url,
                "characters left over after the last part",
            ));
        }
        // What `Url::build(syntax, &parts, Encoding::Encoded)` does with
        // these parts, without copying them: the descriptor check, then
        // the URL checked as `modify_url` checks it. (The port is in
        // 0..65535 already.)
        if !syntax.is_valid() {
            return Err(Error::InvalidArgument {
                function: "make_url",
                reason: "the syntax descriptor is not valid",
            });
        }
        let host_given = host.is_some();
        let u = Url {
            syntax: syntax_owned,
            scheme,
            user,
            user_param,
            password: password.map(str::to_string),
            host: host.map(str::to_string),
            port: port.map(|p| p as u16),
            path,
            param,
            query,
            fragment,
            other,
        };
        validate_parsed(&u, host_given)?;
        Ok(u)
    }
}

/// `extract_url_scheme`: the scheme of a URL string, lowercased.
pub fn extract_url_scheme(s: &str) -> Result<String, Error> {
    match g::scan_word(s.as_bytes(), 0, &g::SCHEME, false) {
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
pub fn parse_url(s: &str, opts: &ParseOptions<'_>) -> Result<Url, Error> {
    // `extract_url_scheme` without its lowercased copy: the table lowercases.
    let scheme = match g::scan_word(s.as_bytes(), 0, &g::SCHEME, false) {
        Ok(k) if k < s.len() => Ok(&s[..k]),
        _ => Err(()),
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
    Url::parse_owned(syntax, s)
}

/// `fixup_url_string`: %-encodes (lowercase hex) the characters commonly
/// found unescaped in URLs: space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^`,
/// `` ` `` and, with `escape_hash`, `#`.
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

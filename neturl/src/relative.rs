//! Paths and relative URLs: `split_path`, `join_path`, `norm_path`,
//! `apply_relative_url` (RFC 1808, as Ocamlnet does it) and
//! `ensure_absolute_url`.

use super::build::{Encoding, Parts};
use super::{Component, Error, Url};

/// `split_path`: `"a/b/c"` is `["a", "b", "c"]`, `"/a/b"` is
/// `["", "a", "b"]`, `"a/b/"` is `["a", "b", ""]`, `""` is `[]` and `"/"`
/// is `[""]`.
///
/// ```
/// use urlsyntax_neturl::split_path;
/// assert_eq!(split_path("/a/b/"), ["", "a", "b", ""]);
/// assert_eq!(split_path(""), Vec::<String>::new());
/// ```
pub fn split_path(s: &str) -> Vec<String> {
    let words: Vec<String> = s.split('/').map(str::to_string).collect();
    match words.as_slice() {
        [a] if a.is_empty() => Vec::new(),
        [a, b] if a.is_empty() && b.is_empty() => vec![String::new()],
        _ => words,
    }
}

/// `join_path`: the reverse of [`split_path`] (`[""]` is `"/"`).
///
/// ```
/// use urlsyntax_neturl::join_path;
/// assert_eq!(join_path(&["", "a", "b"]), "/a/b");
/// assert_eq!(join_path(&[""]), "/");
/// ```
pub fn join_path<S: AsRef<str>>(l: &[S]) -> String {
    match l {
        [a] if a.as_ref().is_empty() => "/".to_string(),
        _ => l.iter().map(AsRef::as_ref).collect::<Vec<_>>().join("/"),
    }
}

fn remove_slash_slash(l: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(l.len());
    for (i, x) in l.iter().enumerate() {
        let first = i == 0;
        let rest = &l[i..];
        if rest.len() == 1 && x.is_empty() {
            out.push(String::new());
            break;
        }
        if first && rest.len() == 2 && x.is_empty() && rest[1].is_empty() {
            out.push(String::new());
            break;
        }
        if x.is_empty() && !first {
            continue;
        }
        out.push(x.clone());
    }
    out
}

fn remove_dot(l: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(l.len());
    let mut i = 0;
    while i < l.len() {
        let rest = &l[i..];
        let first = i == 0;
        let is_last_dot =
            rest[0] == "." && (rest.len() == 1 || (rest.len() == 2 && rest[1].is_empty()));
        if is_last_dot {
            if !first {
                out.push(String::new());
            }
            break;
        }
        if rest[0] == "." {
            i += 1;
            continue;
        }
        out.push(rest[0].clone());
        i += 1;
    }
    out
}

/// Removes every `x/..` (`x` neither empty nor `..`), leftmost first, as
/// Ocamlnet does by repeating one removal until none is left; a pair that
/// ends the path, after something, leaves a trailing slash (`""`).
///
/// One pass with a stack: the stack holds the irreducible prefix, so the
/// leftmost pair is always at its top. Linear, where the repeated removal
/// was quadratic (10^6 segments took minutes; found by `tests/large_inputs.rs`).
fn remove_dot_dot(l: Vec<String>) -> Vec<String> {
    let n = l.len();
    let mut out: Vec<String> = Vec::with_capacity(n);
    for (j, x) in l.into_iter().enumerate() {
        if x == ".." && out.last().is_some_and(|t| !t.is_empty() && t != "..") {
            out.pop();
            if j + 1 == n && !out.is_empty() {
                out.push(String::new());
            }
        } else {
            out.push(x);
        }
    }
    out
}

/// `norm_path`: removes `.` and `..` where possible, and double slashes.
/// `["a", "b", "..", "c"]` is `["a", "c"]`; `[".."]` is `["..", ""]`.
/// Takes a slice, a `Vec` or a URL's [`StrList`](super::StrList).
///
/// ```
/// use urlsyntax_neturl::norm_path;
/// assert_eq!(norm_path(["", "a", "..", "b", ".", "c"]), ["", "b", "c"]);
/// ```
pub fn norm_path<I>(l: I) -> Vec<String>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let l: Vec<String> = l.into_iter().map(|s| s.as_ref().to_string()).collect();
    let l = remove_dot_dot(remove_dot(&remove_slash_slash(&l)));
    match l.as_slice() {
        [a] if a == ".." => vec!["..".to_string(), String::new()],
        [a, b] if a.is_empty() && b.is_empty() => vec![String::new()],
        _ => l,
    }
}

/// The URL's login parts, for a resolved URL that keeps them.
fn inherit_login(base: &Url) -> Parts {
    Parts {
        scheme: owned(base.scheme()),
        host: owned(base.host()),
        port: base.port(),
        user: owned(base.user()),
        user_param: Some(base.user_param().to_vec()),
        password: owned(base.password()),
        ..Parts::default()
    }
}

fn owned(part: Option<&str>) -> Option<String> {
    part.map(str::to_string)
}

/// `apply_relative_url base rel`: `rel` resolved against `base` by
/// RFC 1808's rules as Ocamlnet implements them. The result has the syntax
/// of `base` and must conform to it.
///
/// `x/y` + `a/b` = `x/a/b`; `x/y/` + `a/b` = `x/y/a/b`; `x/y/..` + `a/b` =
/// `x/y/a/b` (beware); `x/y/../` + `a/b` = `x/a/b`.
///
/// ```
/// use urlsyntax_neturl::{apply_relative_url, Url};
/// let base: Url = "http://h/a/b/c".parse()?;
/// let rel = Url::parse_with(&base.syntax().partial().unwrap(), "../d?q")?;
/// assert_eq!(apply_relative_url(&base, &rel)?.as_str(), "http://h/a/d?q");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn apply_relative_url(base: &Url, rel: &Url) -> Result<Url, Error> {
    let syn = Some(&base.syntax);
    if rel.scheme().is_some() {
        return rel.modify(&Parts::default(), Encoding::Decoded, syn);
    }
    if rel.host().is_some() {
        let p = Parts {
            scheme: owned(base.scheme()),
            ..Parts::default()
        };
        return rel.modify(&p, Encoding::Decoded, syn);
    }
    let relpath = rel.path();
    match relpath.first() {
        Some("") => rel.modify(&inherit_login(base), Encoding::Encoded, syn),
        None => {
            let (rq, rf) = (owned(rel.query()), owned(rel.fragment()));
            let (param, query, fragment) = match (rel.param().is_empty(), rq, rf) {
                (true, None, None) => (
                    base.param().to_vec(),
                    owned(base.query()),
                    owned(base.fragment()),
                ),
                (true, None, f) => (base.param().to_vec(), owned(base.query()), f),
                (true, q, f) => (base.param().to_vec(), q, f),
                (false, q, f) => (rel.param().to_vec(), q, f),
            };
            let p = Parts {
                path: Some(base.path().to_vec()),
                param: Some(param),
                query,
                fragment,
                ..inherit_login(base)
            };
            rel.modify(&p, Encoding::Encoded, syn)
        }
        Some(_) => {
            let mut new_path: Vec<String> = Vec::new();
            let bp = base.path().to_vec();
            match bp.as_slice() {
                [] => {
                    if base.host().is_some() {
                        new_path.push(String::new());
                    }
                }
                [.., last] => {
                    // A last segment is dropped; a trailing "" (directory) stays.
                    if last.is_empty() {
                        new_path.extend_from_slice(&bp);
                    } else {
                        new_path.extend_from_slice(&bp[..bp.len() - 1]);
                    }
                }
            }
            new_path.extend(relpath.iter().map(str::to_string));
            let p = Parts {
                path: Some(norm_path(&new_path)),
                ..inherit_login(base)
            };
            rel.modify(&p, Encoding::Encoded, syn)
        }
    }
}

/// `ensure_absolute_url`: `url` if it has a scheme, else `url` resolved
/// against `base` (malformed without a base).
///
/// ```
/// use urlsyntax_neturl::{ensure_absolute_url, Url};
/// let base: Url = "http://h/a/b".parse()?;
/// let rel = Url::parse_with(&base.syntax().partial().unwrap(), "c")?;
/// assert_eq!(ensure_absolute_url(Some(&base), &rel)?.as_str(), "http://h/a/c");
/// assert!(ensure_absolute_url(None, &rel).is_err());
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn ensure_absolute_url(base: Option<&Url>, url: &Url) -> Result<Url, Error> {
    if url.scheme().is_some() {
        return Ok(url.clone());
    }
    match base {
        None => Err(Error::malformed(
            Component::Scheme,
            "a relative URL needs a base",
        )),
        Some(b) => apply_relative_url(b, url),
    }
}

#[cfg(test)]
#[path = "relative/tests.rs"]
mod norm_tests;

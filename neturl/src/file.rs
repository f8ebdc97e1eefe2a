//! File URLs and local path names: `file_url_of_local_path` and
//! `local_path_of_file_url`, for Unix, Win32 and Cygwin path styles (the
//! style is explicit here; Ocamlnet takes it from `Sys.os_type`).

use super::build::{Encoding, Parts};
use super::relative::split_path;
use super::{Error, Syntax, Url};

/// How local path names are written.
///
/// ```
/// use urlsyntax_neturl::{file_url_of_local_path, PathStyle};
/// // Ocamlnet's own reading is the Unix one.
/// assert_eq!(PathStyle::default(), PathStyle::Unix);
/// let url = file_url_of_local_path("b c", "/a", PathStyle::Unix)?;
/// assert_eq!(url.as_str(), "file://localhost/a/b%20c");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PathStyle {
    /// `/a/b`.
    #[default]
    Unix,
    /// `C:\a\b`, `\\host\share\a`; forward slashes are accepted too.
    Win32,
    /// `/a/b`, with `C:\a` as `/cygdrive/C/a` and `\\host\a` as a remote URL.
    Cygwin,
}

enum Class {
    AbsoluteLocal(String),
    AbsoluteRemote(String, String),
    RelativeDrive(String),
    Relative(String),
}

const FN_OF: &str = "Neturl.file_url_of_local_path";
const FN_TO: &str = "Neturl.local_path_of_file_url";

fn drive_letter(p: &str) -> Option<char> {
    let b = p.as_bytes();
    (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/')
        .then(|| b[0] as char)
}

/// `//host(/|$)`: the host and the rest (`/` when empty).
fn unc(p: &str) -> Option<(String, String)> {
    let rest = p.strip_prefix("//")?;
    let end = rest.find('/').unwrap_or(rest.len());
    if end == 0 {
        return None;
    }
    let path = &rest[end..];
    Some((
        rest[..end].to_string(),
        if path.is_empty() {
            "/".into()
        } else {
            path.into()
        },
    ))
}

fn classify(p: &str, style: PathStyle) -> Class {
    match style {
        PathStyle::Unix => {
            if p.starts_with('/') {
                Class::AbsoluteLocal(p.into())
            } else {
                Class::Relative(p.into())
            }
        }
        PathStyle::Win32 | PathStyle::Cygwin => {
            let p = p.replace('\\', "/");
            if let Some(letter) = drive_letter(&p) {
                if style == PathStyle::Win32 {
                    Class::AbsoluteLocal(format!("/{p}"))
                } else {
                    Class::AbsoluteLocal(format!("/cygdrive/{letter}{}", &p[2..]))
                }
            } else if let Some((h, rest)) = unc(&p) {
                Class::AbsoluteRemote(h, rest)
            } else if p.starts_with('/') {
                if style == PathStyle::Win32 {
                    Class::RelativeDrive(p)
                } else {
                    Class::AbsoluteLocal(p)
                }
            } else {
                Class::Relative(p)
            }
        }
    }
}

/// `file_url_of_local_path`: a `file://` URL for a local path; a relative
/// path is taken relative to `cwd` (which must be absolute). No character
/// set conversion is done; bytes are %-encoded.
///
/// ```
/// use urlsyntax_neturl::{file_url_of_local_path, PathStyle};
/// let url = file_url_of_local_path("/tmp/a b", "/", PathStyle::Unix)?;
/// assert_eq!(url.as_str(), "file://localhost/tmp/a%20b");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn file_url_of_local_path(path: &str, cwd: &str, style: PathStyle) -> Result<Url, Error> {
    let not_abs = || Error::failure(FN_OF, "cwd is not absolute");
    let abs = match classify(path, style) {
        Class::Relative(r) => match classify(cwd, style) {
            Class::AbsoluteLocal(l) => Class::AbsoluteLocal(if l == "/" {
                format!("/{r}")
            } else {
                format!("{l}/{r}")
            }),
            Class::AbsoluteRemote(h, l) => Class::AbsoluteRemote(
                h,
                if l == "/" {
                    format!("/{r}")
                } else {
                    format!("{l}/{r}")
                },
            ),
            _ => return Err(not_abs()),
        },
        Class::RelativeDrive(r) => match classify(cwd, style) {
            Class::AbsoluteLocal(l) => {
                let b = l.as_bytes();
                if b.len() >= 4
                    && b[0] == b'/'
                    && b[1].is_ascii_alphabetic()
                    && b[2] == b':'
                    && b[3] == b'/'
                {
                    Class::AbsoluteLocal(format!("/{}:{r}", b[1] as char))
                } else {
                    return Err(not_abs());
                }
            }
            Class::AbsoluteRemote(h, _) => Class::AbsoluteRemote(h, r),
            _ => return Err(not_abs()),
        },
        other => other,
    };
    let syntax = Syntax {
        accepts_8bits: true,
        ..crate::syntax::SchemeTable::common()
            .get("file")
            .cloned()
            .unwrap_or(FILE)
    };
    let (host, l) = match abs {
        Class::AbsoluteLocal(l) => ("localhost".to_string(), l),
        Class::AbsoluteRemote(h, l) => (h, l),
        _ => return Err(not_abs()),
    };
    let parts = Parts {
        scheme: Some("file".into()),
        host: Some(host),
        path: Some(split_path(&l)),
        ..Parts::default()
    };
    Url::build(&syntax, &parts, Encoding::Decoded)
}

/// The file syntax, should the table lack it.
const FILE: Syntax = Syntax {
    scheme: crate::syntax::Part::Required,
    host: crate::syntax::Part::Allowed,
    path: crate::syntax::Part::Required,
    enable_relative: true,
    ..Syntax::NULL
};

fn is_drive_component(s: &[u8]) -> Option<u8> {
    (s.len() >= 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')).then(|| s[0])
}

fn join_bytes(l: &[Vec<u8>]) -> Vec<u8> {
    if l.len() == 1 && l[0].is_empty() {
        return b"/".to_vec();
    }
    l.join(&b'/')
}

/// `local_path_of_file_url`: the local path of an absolute `file:` URL
/// (decoded, as bytes). Fails (`Failure`) for other schemes, relative
/// paths, and (Unix) other hosts than `localhost` or the empty host.
///
/// ```
/// use urlsyntax_neturl::{local_path_of_file_url, PathStyle, Url};
/// let url: Url = "file:///tmp/a%20b".parse()?;
/// assert_eq!(local_path_of_file_url(&url, PathStyle::Unix)?, b"/tmp/a b");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
pub fn local_path_of_file_url(url: &Url, style: PathStyle) -> Result<Vec<u8>, Error> {
    let not_abs = || Error::failure(FN_TO, "URL is not absolute");
    match url.scheme() {
        None => return Err(Error::failure(FN_TO, "missing scheme (relative URL?)")),
        Some(s) if s != "file" => return Err(Error::failure(FN_TO, "unexpected scheme")),
        Some(_) => {}
    }
    let mut p = url.path_decoded();
    if p.is_empty() {
        p = vec![Vec::new()];
    }
    if !p[0].is_empty() {
        return Err(not_abs());
    }
    let local = matches!(url.host(), None | Some("localhost" | ""));
    if local {
        match style {
            PathStyle::Unix => Ok(join_bytes(&p)),
            PathStyle::Win32 => match p.get(1).and_then(|d| is_drive_component(d)) {
                Some(letter) => {
                    let mut l = vec![vec![letter, b':']];
                    if p.len() > 2 {
                        l.extend_from_slice(&p[2..]);
                    } else {
                        l.push(Vec::new());
                    }
                    Ok(join_bytes(&l))
                }
                None => Err(not_abs()),
            },
            PathStyle::Cygwin => match p.get(1).and_then(|d| is_drive_component(d)) {
                Some(letter) => {
                    let mut l = vec![Vec::new(), b"cygdrive".to_vec(), vec![letter]];
                    l.extend_from_slice(&p[2..]);
                    Ok(join_bytes(&l))
                }
                None => Ok(join_bytes(&p)),
            },
        }
    } else {
        match style {
            PathStyle::Unix => Err(Error::failure(FN_TO, "cannot process non-local file URLs")),
            PathStyle::Win32 | PathStyle::Cygwin => {
                let host = url.host().unwrap_or_default().as_bytes().to_vec();
                let mut l = vec![Vec::new(), Vec::new(), host];
                l.extend_from_slice(&p[1..]);
                Ok(join_bytes(&l))
            }
        }
    }
}

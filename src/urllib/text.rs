//! Python's text predicates and the small string functions CPython's
//! `urllib.parse` is written in (`lstrip`, `partition`, `isspace`, ...).

use std::borrow::Cow;

use super::{Profile, UnicodeTables};
use crate::scan::find_any;

/// CPython's `_WHATWG_C0_CONTROL_OR_SPACE`: U+0000 to U+0020.
pub(crate) fn is_c0_control_or_space(c: char) -> bool {
    c <= ' '
}

/// CPython's `_UNSAFE_URL_BYTES_TO_REMOVE`: tab, CR and LF.
pub(crate) fn is_unsafe_url_byte(c: char) -> bool {
    matches!(c, '\t' | '\r' | '\n')
}

/// `s.replace('\t', '').replace('\r', '').replace('\n', '')`, borrowing
/// when there is nothing to remove.
#[inline]
pub(crate) fn remove_unsafe_bytes(s: &str) -> Cow<'_, str> {
    if find_any(s.as_bytes(), [b'\t', b'\r', b'\n']).is_some() {
        // The runs between them, copied whole.
        let mut kept = String::with_capacity(s.len());
        s.split(is_unsafe_url_byte)
            .for_each(|run| kept.push_str(run));
        Cow::Owned(kept)
    } else {
        Cow::Borrowed(s)
    }
}

/// `s.partition(sep)`: (head, found, tail).
pub(crate) fn partition(s: &str, sep: char) -> (&str, bool, &str) {
    // An ASCII separator is found byte by byte: its byte never occurs
    // inside a multi-byte character, and netlocs are too short for the
    // general searcher's setup to pay off.
    let found = if sep.is_ascii() {
        s.bytes().position(|b| b == sep as u8)
    } else {
        s.find(sep)
    };
    match found {
        Some(i) => (&s[..i], true, &s[i + sep.len_utf8()..]),
        None => (s, false, ""),
    }
}

/// `s.rpartition(sep)`: (head, found, tail).
pub(crate) fn rpartition(s: &str, sep: char) -> (&str, bool, &str) {
    let found = if sep.is_ascii() {
        s.bytes().rposition(|b| b == sep as u8)
    } else {
        s.rfind(sep)
    };
    match found {
        Some(i) => (&s[..i], true, &s[i + sep.len_utf8()..]),
        None => ("", false, s),
    }
}

/// `unwrap(url)` under the default profile (CPython 3.15.2): turns `'<URL:scheme://host/path>'`
/// into `'scheme://host/path'`; anything else comes back stripped.
///
/// ```
/// assert_eq!(urlsyntax::urllib::unwrap("<URL:type://host/path>"), "type://host/path");
/// ```
pub fn unwrap(url: &str) -> &str {
    unwrap_in(url, Profile::default().quirks().codecs.unicode)
}

/// `unwrap(url)`, stripping what `str.strip()` strips under `unicode`.
pub(crate) fn unwrap_in<'a>(url: &'a str, unicode: &UnicodeTables) -> &'a str {
    let space = |c| unicode.is_space(c);
    let mut url = url.trim_matches(space);
    if url.len() >= 2 && url.starts_with('<') && url.ends_with('>') {
        url = url[1..url.len() - 1].trim_matches(space);
    } else if url == "<" {
        // `'<'[:1] == '<' and '<'[-1:] == '>'` is false; nothing to do.
    }
    if let Some(rest) = url.strip_prefix("URL:") {
        url = rest.trim_matches(space);
    }
    url
}

impl super::Urllib {
    /// `unwrap(url)` as this profile's CPython strips it.
    pub fn unwrap<'a>(&self, url: &'a str) -> &'a str {
        unwrap_in(url, self.quirks().codecs.unicode)
    }
}

/// Decodes bytes as CPython's `bytes.decode('ascii')` (what `urllib.parse`
/// does to bytes arguments): the text, or the `UnicodeDecodeError`.
pub(crate) fn decode_ascii(b: &[u8]) -> Result<&str, super::Error> {
    match b.iter().position(|&c| c >= 0x80) {
        None => Ok(std::str::from_utf8(b).expect("ASCII is UTF-8")),
        Some(position) => Err(super::Error::Decode {
            encoding: "ascii".into(),
            byte: Some(b[position]),
            position,
            end: position + 1,
            reason: "ordinal not in range(128)".into(),
        }),
    }
}

/// Encodes text as CPython's `str.encode('ascii')`: the bytes, or the
/// `UnicodeEncodeError`.
pub(crate) fn encode_ascii(s: Cow<'_, str>) -> Result<Cow<'_, [u8]>, super::Error> {
    if let Some((position, character)) = s.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
        return Err(super::Error::Encode {
            encoding: "ascii".into(),
            character: Some(character.into()),
            position,
            end: position + 1,
            reason: "ordinal not in range(128)".into(),
        });
    }
    Ok(match s {
        Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
        Cow::Owned(s) => Cow::Owned(s.into_bytes()),
    })
}

#[cfg(test)]
mod tests;

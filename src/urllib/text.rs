//! Python's text predicates and the small string functions CPython's
//! `urllib.parse` is written in (`lstrip`, `partition`, `isspace`, ...).

use std::borrow::Cow;

/// CPython's `_WHATWG_C0_CONTROL_OR_SPACE`: U+0000 to U+0020.
pub(crate) fn is_c0_control_or_space(c: char) -> bool {
    c <= ' '
}

/// CPython's `_UNSAFE_URL_BYTES_TO_REMOVE`: tab, CR and LF.
pub(crate) fn is_unsafe_url_byte(c: char) -> bool {
    matches!(c, '\t' | '\r' | '\n')
}

/// `str.isspace()` (Python's `Py_UNICODE_ISSPACE`): Unicode White_Space
/// plus the information separators U+001C to U+001F.
pub(crate) fn py_isspace(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` equal to `b`, as the high bit of each such byte;
/// exact for the lowest such byte (a borrow only marks bytes above a
/// match).
#[inline(always)]
fn eq_mask(word: u64, b: u8) -> u64 {
    let x = word ^ (LO * b as u64);
    x.wrapping_sub(LO) & !x & HI
}

/// The bytes of `word` that are one of `needles`, as [`eq_mask`] marks them.
#[inline(always)]
fn any_mask<const N: usize>(word: u64, needles: [u8; N]) -> u64 {
    let mut m = 0;
    for b in needles {
        m |= eq_mask(word, b);
    }
    m
}

/// The index of the first byte of `s` that is one of `needles` (ASCII
/// bytes): a word-at-a-time scan (8 bytes per step, no call or dispatch),
/// faster than `memchr` on the short strings URLs are made of.
#[inline(always)]
pub(crate) fn find_any<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    debug_assert!(needles.iter().all(u8::is_ascii));
    let word = |i: usize| u64::from_le_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let first = |base: usize, m: u64| base + (m.trailing_zeros() / 8) as usize;
    if s.len() < 8 {
        return s.iter().position(|c| needles.contains(c));
    }
    let mut base = 0;
    while base + 8 <= s.len() {
        let m = any_mask(word(base), needles);
        if m != 0 {
            return Some(first(base, m));
        }
        base += 8;
    }
    if base < s.len() {
        // The last 8 bytes, overlapping bytes already found to hold no needle.
        let m = any_mask(word(s.len() - 8), needles);
        if m != 0 {
            return Some(first(s.len() - 8, m));
        }
    }
    None
}

/// `s.replace('\t', '').replace('\r', '').replace('\n', '')`, borrowing
/// when there is nothing to remove.
#[inline]
pub(crate) fn remove_unsafe_bytes(s: &str) -> Cow<'_, str> {
    if find_any(s.as_bytes(), [b'\t', b'\r', b'\n']).is_some() {
        Cow::Owned(s.chars().filter(|c| !is_unsafe_url_byte(*c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// `s.partition(sep)`: (head, found, tail).
pub(crate) fn partition(s: &str, sep: char) -> (&str, bool, &str) {
    match s.find(sep) {
        Some(i) => (&s[..i], true, &s[i + sep.len_utf8()..]),
        None => (s, false, ""),
    }
}

/// `s.rpartition(sep)`: (head, found, tail).
pub(crate) fn rpartition(s: &str, sep: char) -> (&str, bool, &str) {
    match s.rfind(sep) {
        Some(i) => (&s[..i], true, &s[i + sep.len_utf8()..]),
        None => ("", false, s),
    }
}

/// `unwrap(url)`: turns `'<URL:scheme://host/path>'` into
/// `'scheme://host/path'`; anything else comes back stripped.
///
/// ```
/// assert_eq!(urlsyntax::urllib::unwrap("<URL:type://host/path>"), "type://host/path");
/// ```
pub fn unwrap(url: &str) -> &str {
    let mut url = url.trim_matches(py_isspace);
    if url.len() >= 2 && url.starts_with('<') && url.ends_with('>') {
        url = url[1..url.len() - 1].trim_matches(py_isspace);
    } else if url == "<" {
        // `'<'[:1] == '<' and '<'[-1:] == '>'` is false; nothing to do.
    }
    if let Some(rest) = url.strip_prefix("URL:") {
        url = rest.trim_matches(py_isspace);
    }
    url
}

/// Decodes bytes as CPython's `bytes.decode('ascii')` (what `urllib.parse`
/// does to bytes arguments): the text, or the `UnicodeDecodeError`.
pub(crate) fn decode_ascii(b: &[u8]) -> Result<&str, super::Error> {
    match b.iter().position(|&c| c >= 0x80) {
        None => Ok(std::str::from_utf8(b).expect("ASCII is UTF-8")),
        Some(position) => Err(super::Error::Decode {
            encoding: "ascii".into(),
            byte: b[position],
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
            character,
            position,
            reason: "ordinal not in range(128)".into(),
        });
    }
    Ok(match s {
        Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
        Cow::Owned(s) => Cow::Owned(s.into_bytes()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwrap_follows_python() {
        assert_eq!(unwrap("  <URL: http://x > "), "http://x");
        assert_eq!(unwrap("<>"), "");
        assert_eq!(unwrap("<"), "<");
        assert_eq!(unwrap("\x1c URL:a\x1f"), "a");
    }

    #[test]
    fn find_any_finds_the_first() {
        let hay = b"0123456789abcdef/ghijkl?mnop#qrstuvwxyz\t";
        for len in 0..=hay.len() {
            for needles in [
                [b'/', b'?', b'#'],
                [b'#', b'#', b'#'],
                [b'\t', b'\r', b'\n'],
            ] {
                let want = hay[..len].iter().position(|c| needles.contains(c));
                assert_eq!(find_any(&hay[..len], needles), want, "{len} {needles:?}");
            }
        }
        // Bytes just above and below a needle, and high bytes, are no match.
        assert_eq!(
            find_any(&[0x22, 0x24, 0xa3, 0x23, 0, 0, 0, 0, 0x23], [b'#']),
            Some(3)
        );
        assert_eq!(find_any(&[1, 0, 0, 0, 0, 0, 0, 0, 0], [0]), Some(1));
        assert_eq!(find_any(&[0x80; 17], [0]), None);
    }

    #[test]
    fn partitions() {
        assert_eq!(partition("a:b:c", ':'), ("a", true, "b:c"));
        assert_eq!(rpartition("a@b@c", '@'), ("a@b", true, "c"));
        assert_eq!(rpartition("abc", '@'), ("", false, "abc"));
    }
}

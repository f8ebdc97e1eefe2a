//! URL-shaped text: a URL put together from the pieces and mutated part
//! by part, a hostile input, URL soup or a short string, read from the
//! bytes of an [`Unstructured`].

use arbitrary::{Arbitrary, Result, Unstructured};

use super::hostile;
use super::pieces::{
    CONTROLS, DELIMITERS, FRAGMENTS, HOSTS, LOOKALIKES, PATHS, PORTS, QUERIES, SCHEMES, SEPARATORS,
    SHORT, SOUP, USERINFO,
};

/// URL-shaped text built from the hostile pieces (see [`fuzzing`](super)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlText(pub String);

impl<'a> Arbitrary<'a> for UrlText {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        url_text(u).map(UrlText)
    }
}

/// A [`UrlText`] as bytes: ASCII as it is, other text as UTF-8 or with
/// each non-ASCII character replaced by `?` (what `str.encode("ascii",
/// "replace")` gives).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlBytes(pub Vec<u8>);

impl<'a> Arbitrary<'a> for UrlBytes {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let text = url_text(u)?;
        to_bytes(u, &text).map(UrlBytes)
    }
}

/// True `percent` times in a hundred; false when the bytes are zero or
/// run out, so that shrinking turns mutations off.
pub(crate) fn chance(u: &mut Unstructured<'_>, percent: u8) -> Result<bool> {
    Ok(u.int_in_range(0u8..=99)? >= 100 - percent.min(100))
}

/// One of `items` (the first when the bytes are zero or run out).
pub(crate) fn pick<'t, T: ?Sized>(u: &mut Unstructured<'_>, items: &[&'t T]) -> Result<&'t T> {
    Ok(items[u.choose_index(items.len())?])
}

/// A URL-shaped string: mostly a URL put together from the
/// [`pieces`](super::pieces) and mutated, sometimes a hostile input, URL
/// soup or a short string.
pub fn url_text(u: &mut Unstructured<'_>) -> Result<String> {
    let mut url = match u.int_in_range(0u8..=99)? {
        0..=69 => structured(u)?,
        70..=79 => {
            let all: Vec<&str> = hostile::inputs().collect();
            pick(u, &all)?.to_string()
        }
        80..=91 => soup(u)?,
        _ => pick(u, SHORT)?.to_string(),
    };
    if chance(u, 20)? {
        for _ in 0..u.int_in_range(1u8..=3)? {
            url.insert_str(0, pick(u, CONTROLS)?);
        }
    }
    if chance(u, 15)? {
        for _ in 0..u.int_in_range(1u8..=3)? {
            let at = boundary(u, &url)?;
            url.insert_str(at, pick(u, CONTROLS)?);
        }
    }
    if chance(u, 4)? {
        url = url.to_uppercase();
    }
    Ok(url)
}

/// A URL of pieces, part by part, with mutations of some parts.
fn structured(u: &mut Unstructured<'_>) -> Result<String> {
    let scheme = pick(u, SCHEMES)?;
    let separator = if scheme.is_empty() {
        pick(u, &["", "//", "//", "/"])?
    } else {
        pick(u, SEPARATORS)?
    };
    let mut parts = [
        format!("{scheme}{separator}"),
        pick(u, USERINFO)?.to_string(),
        pick(u, HOSTS)?.to_string(),
        pick(u, PORTS)?.to_string(),
        pick(u, PATHS)?.to_string(),
        pick(u, QUERIES)?.to_string(),
        pick(u, FRAGMENTS)?.to_string(),
    ];
    // Long URLs: past one and two 64-byte blocks of the splitting scan.
    if chance(u, 15)? {
        parts[4].push_str(&"/seg".repeat(u.int_in_range(10..=60)?));
    }
    if chance(u, 8)? {
        parts[5].push_str(&"&k=v".repeat(u.int_in_range(10..=40)?));
    }
    for _ in 0..u.int_in_range(0u8..=3)? {
        let i = u.choose_index(parts.len())?;
        mutate(u, &mut parts[i])?;
    }
    Ok(parts.concat())
}

/// One mutation of a part: a character inserted (a control, a look-alike,
/// a delimiter), one removed or doubled, the case changed, a character
/// %-encoded.
fn mutate(u: &mut Unstructured<'_>, part: &mut String) -> Result<()> {
    let at = boundary(u, part)?;
    match u.int_in_range(0u8..=7)? {
        0 => part.insert_str(at, pick(u, CONTROLS)?),
        1 => part.insert_str(at, pick(u, LOOKALIKES)?),
        2 => part.insert_str(at, pick(u, DELIMITERS)?),
        3 => *part = part.to_uppercase(),
        4 => *part = part.to_lowercase(),
        5 | 6 => {
            if let Some(c) = part[at..].chars().next() {
                if u.int_in_range(0u8..=1)? == 0 {
                    part.remove(at);
                } else {
                    part.insert(at, c);
                }
            }
        }
        _ => {
            if let Some(c) = part[at..].chars().next() {
                let mut buf = [0u8; 4];
                let escaped: String = c
                    .encode_utf8(&mut buf)
                    .bytes()
                    .map(|b| format!("%{b:02X}"))
                    .collect();
                part.replace_range(at..at + c.len_utf8(), &escaped);
            }
        }
    }
    Ok(())
}

/// URL soup: 0 to 14 pieces of [`SOUP`] in any order.
fn soup(u: &mut Unstructured<'_>) -> Result<String> {
    let mut s = String::new();
    for _ in 0..u.int_in_range(0u8..=14)? {
        s.push_str(pick(u, SOUP)?);
    }
    Ok(s)
}

/// A character boundary of `s` (0 to `s.len()`).
fn boundary(u: &mut Unstructured<'_>, s: &str) -> Result<usize> {
    let n = s.chars().count();
    let k = u.int_in_range(0..=n)?;
    Ok(s.char_indices().nth(k).map_or(s.len(), |(i, _)| i))
}

/// `text` as bytes: ASCII as it is; otherwise UTF-8, or ASCII with `?` for
/// each other character.
pub(crate) fn to_bytes(u: &mut Unstructured<'_>, text: &str) -> Result<Vec<u8>> {
    if text.is_ascii() || chance(u, 50)? {
        return Ok(text.as_bytes().to_vec());
    }
    Ok(text
        .chars()
        .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
        .collect())
}

/// Bytes of a seeded xorshift, for the tests of the generators.
#[cfg(test)]
pub(crate) fn random_bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests;

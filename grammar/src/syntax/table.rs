//! The scheme table (Ocamlnet's `common_url_syntax`), read from
//! `grammar/schemes.txt` with the same reader users use.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use super::notation::{parse_words, NotationError};
use super::Syntax;

/// The common table, as data.
const COMMON: &str = include_str!("../../schemes.txt");

/// Scheme names (lowercase) mapped to descriptors.
#[derive(Clone, Default)]
pub struct SchemeTable {
    map: BTreeMap<String, Syntax>,
    /// The schemes of up to 7 bytes as [`short_key`]s, and their
    /// descriptors: `parse_url` looks up every URL's scheme, and a few
    /// word comparisons are cheaper than walking the map comparing strings.
    short_keys: Vec<u64>,
    short: Vec<Syntax>,
}

/// A scheme of up to 7 bytes as one word: its bytes, lowercased, and its
/// length in the top byte.
fn short_key(scheme: &str) -> Option<u64> {
    let b = scheme.as_bytes();
    if b.len() > 7 {
        return None;
    }
    let mut word = crate::scan::padded_8(b);
    word[7] = b.len() as u8;
    Some(ascii_lowercase(u64::from_le_bytes(word)))
}

/// `to_ascii_lowercase` on the eight bytes of `w` at once: a byte from
/// `A` to `Z` gets its 0x20 bit; the others (bytes 128-255 included)
/// stay.
fn ascii_lowercase(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let low7 = w & (0x7f * ONES);
    // The top bit of each byte: at least `A`, at most `Z`, below 128.
    let ge_a = low7 + (0x80 - u64::from(b'A')) * ONES;
    let gt_z = low7 + (0x7f - u64::from(b'Z')) * ONES;
    let upper = ge_a & !gt_z & !w & (0x80 * ONES);
    w | (upper >> 2)
}

impl fmt::Debug for SchemeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemeTable")
            .field("map", &self.map)
            .finish()
    }
}

impl SchemeTable {
    /// An empty table.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable};
    /// assert!(SchemeTable::new().get("http").is_none());
    /// ```
    pub fn new() -> Self {
        SchemeTable::default()
    }

    /// The common table: file, ftp, http, https, pop, pops, imap, imaps,
    /// mailto, news, nntp, nntps, data, cid, mid, ipp, ipps, ldap, ldaps.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable};
    /// assert_eq!(SchemeTable::common().get("ftp").map(|s| s.param), Some(Part::Allowed));
    /// ```
    pub fn common() -> &'static SchemeTable {
        static TABLE: OnceLock<SchemeTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = SchemeTable::new();
            // The built-in table is checked by the tests; a failure here
            // would leave the table partial rather than panic.
            let _ = t.extend(COMMON);
            t
        })
    }

    /// The common table as its text in the notation (the data file
    /// `grammar/schemes.txt`, comments included): what
    /// [`SchemeTable::common`] is read from, to copy and edit.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::SchemeTable;
    /// let mut table = SchemeTable::new();
    /// table.extend(SchemeTable::common_notation())?;
    /// assert_eq!(format!("{table:?}"), format!("{:?}", SchemeTable::common()));
    /// assert!(SchemeTable::common_notation().contains("path-length=3"));
    /// # Ok::<(), urlsyntax_grammar::syntax::NotationError>(())
    /// ```
    pub fn common_notation() -> &'static str {
        COMMON
    }

    /// Reads lines of the notation (`name words...`; `#` starts a
    /// comment) and adds or replaces their schemes. Nothing is added when a
    /// line is wrong.
    ///
    /// A scheme name must be one `parse_url` can match: Neturl reads a
    /// scheme as `1*( ALPHA / "+" / "-" / "." )` before `:`, with no
    /// digits (unlike RFC 3986), so `git+ssh` can be added and `s3`
    /// cannot: a URL `s3://b/k` has no scheme for Neturl.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable};
    /// let mut table = SchemeTable::common().clone();
    /// table.extend("git+ssh  scheme user host port? path relative")?;
    /// assert_eq!(table.get("git+ssh").unwrap().user, Part::Required);
    ///
    /// let err = table.extend("s3  scheme host path?").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "scheme notation, line 1: scheme name \"s3\" can never match: \
    ///      Neturl reads scheme names as letters, '+', '-' and '.' only (no digits)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extend(&mut self, lines: &str) -> Result<(), NotationError> {
        let mut new = Vec::new();
        for (n, line) in lines.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (name, words) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            check_scheme_name(name).map_err(|message| NotationError {
                line: n + 1,
                message,
            })?;
            new.push((name.to_ascii_lowercase(), parse_words(words, n + 1)?));
        }
        self.map.extend(new);
        self.index();
        Ok(())
    }

    /// Adds or replaces one scheme. A name `parse_url` could never match
    /// is refused (see [`SchemeTable::extend`]); the error's `line` is 0.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable, Syntax};
    /// let mut table = SchemeTable::common().clone();
    /// let git_ssh = Syntax::from_notation("scheme user host port? path relative").unwrap();
    /// table.insert("git+ssh", git_ssh.clone())?;
    /// assert_eq!(table.get("GIT+SSH").unwrap().user, Part::Required);
    /// assert!(table.insert("s3", git_ssh).is_err());
    /// # Ok::<(), urlsyntax_grammar::syntax::NotationError>(())
    /// ```
    pub fn insert(&mut self, scheme: &str, syntax: Syntax) -> Result<(), NotationError> {
        check_scheme_name(scheme).map_err(|message| NotationError { line: 0, message })?;
        self.map.insert(scheme.to_ascii_lowercase(), syntax);
        self.index();
        Ok(())
    }

    /// Rebuilds `short_keys` and `short` from `map`.
    fn index(&mut self) {
        (self.short_keys, self.short) = self
            .map
            .iter()
            .filter_map(|(k, v)| Some((short_key(k)?, *v)))
            .unzip();
    }

    /// The descriptor of a scheme (looked up in lowercase).
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable};
    /// assert!(SchemeTable::common().get("HTTPS").is_some());
    /// ```
    pub fn get(&self, scheme: &str) -> Option<&Syntax> {
        if let Some(key) = short_key(scheme) {
            let i = self.short_keys.iter().position(|&k| k == key)?;
            return self.short.get(i);
        }
        if !scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.map.get(scheme);
        }
        // Scheme names are short: lowercase on the stack, not the heap.
        let mut buf = [0u8; 32];
        match buf.get_mut(..scheme.len()) {
            Some(lower) => {
                lower.copy_from_slice(scheme.as_bytes());
                lower.make_ascii_lowercase();
                // ASCII lowercasing of UTF-8 stays UTF-8.
                std::str::from_utf8(lower)
                    .ok()
                    .and_then(|k| self.map.get(k))
            }
            None => self.map.get(&scheme.to_ascii_lowercase()),
        }
    }

    /// The schemes and their descriptors, by name.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, SchemeTable};
    /// assert!(SchemeTable::common().iter().any(|(name, _)| name == "mailto"));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Syntax)> {
        self.map.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// Why `parse_url` could never match `name` as a scheme, if it could not:
/// `neturl-scheme-char = ALPHA / "+" / "-" / "."` (`grammar/neturl.abnf`).
fn check_scheme_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("an empty scheme name".to_owned());
    }
    if name
        .bytes()
        .all(|b| crate::grammar::neturl::SCHEME.accepted.contains(b))
    {
        return Ok(());
    }
    Err(format!(
        "scheme name {name:?} can never match: Neturl reads scheme names as \
         letters, '+', '-' and '.' only (no digits)"
    ))
}

#[cfg(test)]
mod tests;

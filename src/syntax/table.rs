//! The scheme table (Ocamlnet's `common_url_syntax`), read from
//! `grammar/schemes.txt` with the same reader users use.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::notation::{parse_words, NotationError};
use super::Syntax;

/// The common table, as data.
const COMMON: &str = include_str!("../../grammar/schemes.txt");

/// Scheme names (lowercase) mapped to descriptors.
#[derive(Clone, Debug, Default)]
pub struct SchemeTable {
    map: BTreeMap<String, Syntax>,
}

impl SchemeTable {
    /// An empty table.
    pub fn new() -> Self {
        SchemeTable::default()
    }

    /// The common table: file, ftp, http, https, pop, pops, imap, imaps,
    /// mailto, news, nntp, nntps, data, cid, mid, ipp, ipps, ldap, ldaps.
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

    /// Reads lines of the notation (`name words...`; `#` starts a
    /// comment) and adds or replaces their schemes. Nothing is added when a
    /// line is wrong.
    pub fn extend(&mut self, lines: &str) -> Result<(), NotationError> {
        let mut new = Vec::new();
        for (n, line) in lines.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (name, words) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if name.is_empty()
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
            {
                return Err(NotationError {
                    line: n + 1,
                    message: format!("bad scheme name {name:?}"),
                });
            }
            new.push((name.to_ascii_lowercase(), parse_words(words, n + 1)?));
        }
        self.map.extend(new);
        Ok(())
    }

    /// Adds or replaces one scheme.
    pub fn insert(&mut self, scheme: &str, syntax: Syntax) {
        self.map.insert(scheme.to_ascii_lowercase(), syntax);
    }

    /// The descriptor of a scheme (looked up in lowercase).
    pub fn get(&self, scheme: &str) -> Option<&Syntax> {
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
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Syntax)> {
        self.map.iter().map(|(k, v)| (k.as_str(), v))
    }
}

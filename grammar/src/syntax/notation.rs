//! The scheme-table notation: `http  scheme user? password? host port? path? query? relative`.

use std::fmt;

use super::{Constraint, Part, Syntax};

/// A notation line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The 1-based line number (0 for a name given alone, as to
    /// [`SchemeTable::insert`](super::SchemeTable::insert)).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "scheme notation: {}", self.message),
            n => write!(f, "scheme notation, line {n}: {}", self.message),
        }
    }
}

impl std::error::Error for NotationError {}

fn err(line: usize, message: impl Into<String>) -> NotationError {
    NotationError {
        line,
        message: message.into(),
    }
}

/// Reads the words of one descriptor (after the scheme name).
pub(super) fn parse_words(words: &str, line: usize) -> Result<Syntax, NotationError> {
    let mut s = Syntax::NULL;
    let mut path_length: Option<usize> = None;
    for word in words.split_ascii_whitespace() {
        match word {
            "relative" => s.enable_relative = true,
            "8bits" => s.accepts_8bits = true,
            _ => {
                if let Some(n) = word.strip_prefix("path-length=") {
                    let n = n
                        .parse()
                        .map_err(|_| err(line, format!("{word:?}: path-length needs a number")))?;
                    path_length = Some(n);
                    continue;
                }
                let (name, setting) = match word.strip_suffix('?') {
                    Some(name) => (name, Part::Allowed),
                    None => (word, Part::Required),
                };
                let slot = match name {
                    "scheme" => &mut s.scheme,
                    "user" => &mut s.user,
                    "user_param" => &mut s.user_param,
                    "password" => &mut s.password,
                    "host" => &mut s.host,
                    "port" => &mut s.port,
                    "path" => &mut s.path,
                    "param" => &mut s.param,
                    "query" => &mut s.query,
                    "fragment" => &mut s.fragment,
                    "other" => &mut s.other,
                    _ => return Err(err(line, format!("unknown word {word:?}"))),
                };
                if slot.recognized() {
                    return Err(err(line, format!("part {name:?} given twice")));
                }
                *slot = setting;
            }
        }
    }
    if let Some(n) = path_length {
        s.constraint = Some(Constraint::PathLength(n));
    }
    if !s.is_valid() {
        return Err(err(
            line,
            "descriptor breaks the validity rules (password/user_param need user, user/port need host, other excludes user, password, host, port, path)",
        ));
    }
    Ok(s)
}

/// Writes a descriptor in the notation, its constraint last.
pub(super) fn write(s: &Syntax) -> String {
    let mut words: Vec<String> = Vec::new();
    for (name, p) in s.parts() {
        match p {
            Part::Required => words.push(name.to_string()),
            Part::Allowed => words.push(format!("{name}?")),
            Part::NotRecognized => {}
        }
    }
    if s.enable_relative {
        words.push("relative".into());
    }
    if s.accepts_8bits {
        words.push("8bits".into());
    }
    if let Some(c) = s.constraint {
        words.push(c.to_string());
    }
    words.join(" ")
}

impl Syntax {
    /// Reads a descriptor in the notation of the scheme table:
    /// space-separated words, `part` = required, `part?` = allowed, absent
    /// = not recognized; `relative`, `8bits` and `path-length=N` set the
    /// other fields. The descriptor must satisfy [`Syntax::is_valid`].
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// let s = Syntax::from_notation("scheme host port? path?")?;
    /// assert_eq!((s.host, s.port), (Part::Required, Part::Allowed));
    /// assert!(Syntax::from_notation("password").is_err()); // a password needs a user
    /// # Ok::<(), urlsyntax_grammar::syntax::NotationError>(())
    /// ```
    pub fn from_notation(words: &str) -> Result<Syntax, NotationError> {
        parse_words(words, 1)
    }

    /// The descriptor written back in the notation.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::Syntax;
    /// let s = Syntax::from_notation("scheme host port? path? relative").unwrap();
    /// assert_eq!(s.to_notation(), "scheme host port? path? relative");
    /// ```
    pub fn to_notation(&self) -> String {
        write(self)
    }
}

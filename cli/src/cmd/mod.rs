//! The subcommands other than `calls`.

pub mod check;
pub mod diff;
pub mod explain;
pub mod meta;
pub mod misc;
pub mod profile;
pub mod split;

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal};

// A CPython exception as Python's last traceback line shows it: the
// explain model's form, shared with the web page.
pub use urlsyntax_explain::py_error;

/// A line without its `\n`, and without one `\r` before it: what a Python
/// user reading the file in text mode and calling `line.rstrip('\n')` gets
/// for a line ending in `\r\n`.
pub fn chomp(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A line as text, or CPython's `UnicodeDecodeError` for it (strict UTF-8,
/// positions counted in the line, the message in CPython's words).
pub fn decode_line(line: &[u8]) -> Result<Cow<'_, str>, String> {
    decode_line_error(line).map_err(|e| py_error(&e))
}

/// [`decode_line`] with its `UnicodeDecodeError` as the library's error.
pub fn decode_line_error(line: &[u8]) -> Result<Cow<'_, str>, urlsyntax::urllib::Error> {
    let e = match std::str::from_utf8(line) {
        Ok(s) => return Ok(Cow::Borrowed(s)),
        Err(e) => e,
    };
    let start = e.valid_up_to();
    let lead = line[start];
    let (len, reason) = match e.error_len() {
        _ if (0x80..0xc2).contains(&lead) || lead > 0xf4 => (1, "invalid start byte"),
        None => (line.len() - start, "unexpected end of data"),
        Some(n) => (n, "invalid continuation byte"),
    };
    Err(urlsyntax::urllib::Error::Decode {
        encoding: "utf-8".into(),
        byte: Some(lead),
        position: start,
        end: start + len,
        reason: reason.into(),
    })
}

/// The inputs of a command: its arguments, or the lines of stdin when it
/// has none (`None` for a line that is not UTF-8, with its number).
pub fn inputs(items: Vec<String>) -> Vec<Result<String, String>> {
    if !items.is_empty() {
        return items.into_iter().map(Ok).collect();
    }
    let mut out = Vec::new();
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    let mut n = 0u64;
    loop {
        buf.clear();
        match stdin.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                out.push(Err(format!("stdin: {e}")));
                break;
            }
        }
        n += 1;
        out.push(match decode_line(chomp(&buf)) {
            Ok(s) => Ok(s.into_owned()),
            Err(e) => Err(format!("line {n}: {e}")),
        });
    }
    out
}

/// `--color`: when to color the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    /// When stdout is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Whether to color stdout.
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal()
                    && !matches!(std::env::var_os("NO_COLOR"), Some(v) if !v.is_empty())
            }
        }
    }
}

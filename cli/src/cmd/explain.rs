//! `urlsyntax explain`: how each reader reads a URL, side by side.
//!
//! The readers: `urlparse` under each CPython profile (consecutive releases
//! that answer alike share a column), Neturl's `parse_url` with the common
//! scheme table, the WHATWG URL Standard (the `url` crate) and RFC 3986
//! (`urlsyntax::rfc3986`, the strict reader of the grammar core, as a URI
//! reference).

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde_json::Value as Json;
use urlsyntax_explain::{
    columns, cpython_readers, disagreements, picked, readings_with, to_json, Cell, CpythonReader,
    Reading, FIELDS,
};

use urlsyntax_cli::interpreter::{self, Python};

use super::Color;

/// `--format` of `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table for people.
    Table,
    /// A JSON array, one object a URL.
    Json,
    /// JSON lines: one object a URL, printed as soon as it is read.
    Jsonl,
}

fn parse_reader(s: &str) -> Result<String, String> {
    let ids = urlsyntax_explain::reader_ids(&cpython_readers());
    if ids.iter().any(|id| id == s) {
        Ok(s.to_owned())
    } else {
        Err(format!("unknown reader {s:?}; one of {}", ids.join(", ")))
    }
}

/// `--python PATH`: an interpreter, read through its derived profile as
/// a column of its own; a release is refused: explain shows every release
/// side by side.
fn python_path(s: &str) -> Result<Python, String> {
    if !s.contains('/') {
        return Err("explain reads with every CPython release side by side; \
             pick some with --readers cpython-3.9,cpython-3.13, or add an \
             interpreter's column with --python PATH"
            .to_string());
    }
    interpreter::parse_python(s)
}

/// The reader of an interpreter's derived profile: a column of its own
/// (its id is no `cpython-` one, so it never shares one), named by what
/// it is (`CPython 3.11.2: 3.11.7 + check_bracketed_netloc + …`).
fn derived_reader(python: &Python) -> CpythonReader {
    let label = python.label();
    CpythonReader {
        id: format!("python-{}", python.release()),
        label: label.strip_prefix("CPython ").unwrap_or(&label).to_string(),
        behaviour: python.behaviour,
    }
}

#[derive(Args)]
pub struct ExplainArgs {
    /// Output format.
    #[arg(long, short, value_enum, default_value = "table")]
    format: Format,
    /// Color the disagreements.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// The readers to show and compare, comma-separated (default: all):
    /// a CPython release (cpython-3.12.1) or minor version (cpython-3.12:
    /// its newest release), cpython (every release), neturl, whatwg,
    /// rfc3986.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_reader)]
    readers: Vec<String>,
    /// An interpreter's path (`/usr/bin/python3`, repeatable): a column for
    /// the profile derived from it, beside the releases (a release is
    /// refused, with a pointer to `--readers`).
    #[arg(long, value_name = "PATH", value_parser = python_path)]
    python: Vec<Python>,
    /// A column for the profile in FILE (`urlsyntax profile derive`),
    /// repeatable.
    #[arg(long, value_name = "FILE", value_parser = interpreter::load_profile_file)]
    profile_file: Vec<Python>,
    /// The URLs to explain (the lines of stdin when none are given).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// The table of one URL, as lines.
pub fn table(url: &str, readings: &[Reading], color: bool) -> String {
    let cols: Vec<Reading> = columns(readings).into_iter().map(|c| c.reading).collect();
    let differ = disagreements(readings);
    let mut rows: Vec<(String, Vec<String>, bool)> = Vec::new();
    rows.push((
        "result".into(),
        cols.iter()
            .map(|r| {
                if r.error.is_some() {
                    "FAILS (see below)".to_string()
                } else {
                    "ok".to_string()
                }
            })
            .collect(),
        differ.contains(&"result"),
    ));
    let mut notes: Vec<String> = Vec::new();
    for r in &cols {
        if let Some(e) = &r.error {
            notes.push(format!("{}: {e}", r.name));
        }
    }
    for (i, name) in FIELDS.iter().enumerate() {
        let cells: Vec<&Cell> = cols
            .iter()
            .map(|r| {
                if r.error.is_some() {
                    &Cell::NotApplicable
                } else {
                    &r.fields[i]
                }
            })
            .collect();
        if cells.iter().all(|c| **c == Cell::NotApplicable) {
            continue;
        }
        for (r, c) in cols.iter().zip(&cells) {
            if let Cell::Raised(e) = c {
                notes.push(format!("{} {name}: {e}", r.name));
            }
        }
        rows.push((
            (*name).into(),
            cells.iter().map(|c| c.show()).collect(),
            differ.contains(name),
        ));
    }
    let width = |s: &str| s.chars().count();
    let label_w = rows.iter().map(|r| width(&r.0)).max().unwrap_or(0);
    let col_w: Vec<usize> = (0..cols.len())
        .map(|j| {
            rows.iter()
                .map(|r| width(&r.1[j]))
                .chain([width(&cols[j].name)])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(width(s))));
    let (bold, mark, reset) = if color {
        ("\x1b[1m", "\x1b[1;33m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let mut out = String::new();
    // Control characters are shown escaped, never sent to the terminal.
    let shown = if url.chars().any(char::is_control) {
        Json::from(url).to_string()
    } else {
        url.to_string()
    };
    out.push_str(&format!("{bold}{shown}{reset}\n"));
    let mut head = format!("  {}", pad("", label_w));
    for (r, w) in cols.iter().zip(&col_w) {
        head.push_str("  ");
        head.push_str(&pad(&r.name, *w));
    }
    out.push_str(&format!("{bold}{}{reset}\n", head.trim_end()));
    for (label, cells, differs) in &rows {
        let mut line = format!(
            "{} {}",
            if *differs { "*" } else { " " },
            pad(label, label_w)
        );
        for (c, w) in cells.iter().zip(&col_w) {
            line.push_str("  ");
            line.push_str(&pad(c, *w));
        }
        let line = line.trim_end();
        if *differs {
            out.push_str(&format!("{mark}{line}{reset}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    for n in notes {
        out.push_str(&format!("  {n}\n"));
    }
    if differ.is_empty() {
        out.push_str("  (all readers agree)\n");
    } else {
        out.push_str(&format!(
            "  * the readers disagree: {}\n",
            differ.join(", ")
        ));
    }
    out
}

/// Explains each URL; exit 1 when the readers disagree on some URL (or a
/// line of stdin is not UTF-8), so that a fuzzer can gate on it.
pub fn run(args: ExplainArgs) -> ExitCode {
    let color = args.color.enabled();
    let mut out = std::io::stdout().lock();
    let mut disagree = false;
    let mut failed = false;
    let mut all = Vec::new();
    let mut first = true;
    let mut readers = cpython_readers();
    readers.extend(
        args.python
            .iter()
            .chain(&args.profile_file)
            .map(derived_reader),
    );
    for url in super::inputs(args.urls) {
        let url = match url {
            Ok(u) => u,
            Err(e) => {
                eprintln!("urlsyntax explain: {e}");
                failed = true;
                continue;
            }
        };
        let rs: Vec<Reading> = readings_with(&url, &readers)
            .into_iter()
            .filter(|r| r.id.starts_with("python-") || picked(&args.readers, &r.id))
            .collect();
        disagree |= !disagreements(&rs).is_empty();
        let written = match args.format {
            Format::Json => {
                all.push(to_json(&url, &rs));
                Ok(())
            }
            Format::Jsonl => writeln!(out, "{}", to_json(&url, &rs)),
            Format::Table => {
                let sep = if first { "" } else { "\n" };
                write!(out, "{sep}{}", table(&url, &rs, color))
            }
        };
        first = false;
        if written.is_err() {
            // A closed pipe (`| head`): stop quietly.
            return ExitCode::SUCCESS;
        }
    }
    if args.format == Format::Json {
        let text = serde_json::to_string_pretty(&Json::Array(all)).unwrap_or_default();
        if writeln!(out, "{text}").is_err() {
            return ExitCode::SUCCESS;
        }
    }
    if disagree || failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

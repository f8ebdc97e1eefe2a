//! `urlsyntax split` and `urlsyntax parse`: `urlsplit`/`urlparse` on every
//! line of the input, one record a line, in input order, computed in
//! parallel.

use std::fs::File;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::Value as Json;
use urlsyntax::urllib::Urllib;

use super::{chomp, decode_line, py_error};
use crate::PythonArg;

pub const AFTER_HELP: &str = "\
Each line of the input is one URL (stdin when no FILE is given, or for
'-'). A line ends at '\\n'; one '\\r' before it is dropped too, as Python's
text mode reads a CRLF file. Every line gives one record, in input order:

  line, url, scheme, netloc, path, [params,] query, fragment,
  username, password, hostname, port, error

'error' is the CPython exception ('ValueError: Invalid IPv6 URL') when
the URL raises, or when its port attribute raises (the other fields are then
kept). A line that is not UTF-8 gives a record with its line number and
'UnicodeDecodeError: ...'. In JSON lines, missing values are null; in CSV
and TSV they are empty. A header row starts CSV and TSV.

A summary (lines, errors, seconds) goes to stderr at the end; a progress bar
too when stderr is a terminal and the input is a file.
Exit codes: 0 when every line was answered (answers may be errors), 1 when
a file could not be read, 2 usage.

Examples:
  urlsyntax split urls.txt > urls.jsonl
  urlsyntax split --format csv --python 3.9 urls.txt > urls.csv
  printf 'http://[::1]:80/a;b?c#d\\n' | urlsyntax parse --format tsv";

/// The output format of `split` and `parse`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One JSON object a line.
    Jsonl,
    /// Comma-separated values with a header row (RFC 4180 quoting).
    Csv,
    /// Tab-separated values with a header row (quoted as CSV when a value
    /// holds a tab, a quote or a line break).
    Tsv,
}

#[derive(Args)]
pub struct SplitArgs {
    #[command(flatten)]
    python: PythonArg,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "jsonl")]
    format: Format,
    /// Threads to use (default: one per core).
    #[arg(long, short, value_name = "N")]
    jobs: Option<usize>,
    /// No summary line on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Files of URLs, one a line ('-' is stdin; stdin when none).
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What one line gives, ready to print.
struct Record<'a> {
    line: u64,
    url: std::borrow::Cow<'a, str>,
    /// scheme, netloc, path, \[params\], query, fragment, username,
    /// password, hostname (all text or absent).
    texts: Vec<Option<std::borrow::Cow<'a, str>>>,
    port: Option<u16>,
    error: Option<String>,
}

/// The column names, in order.
pub fn columns(parse: bool) -> Vec<&'static str> {
    let mut c = vec!["line", "url", "scheme", "netloc", "path"];
    if parse {
        c.push("params");
    }
    c.extend([
        "query", "fragment", "username", "password", "hostname", "port", "error",
    ]);
    c
}

fn record<'a>(ctx: &Urllib, parse: bool, line: u64, raw: &'a [u8]) -> Record<'a> {
    let n_text = if parse { 9 } else { 8 };
    let url = match decode_line(raw) {
        Ok(u) => u,
        Err(e) => {
            return Record {
                line,
                url: String::from_utf8_lossy(raw),
                texts: vec![None; n_text],
                port: None,
                error: Some(e),
            }
        }
    };
    let fields = if parse {
        ctx.urlparse(&url, "", true).map(|r| {
            let port = r.port();
            let mut t: Vec<Option<String>> =
                r.parts().iter().map(|s| Some(s.to_string())).collect();
            t.push(r.username().map(str::to_string));
            t.push(r.password().map(str::to_string));
            t.push(r.hostname().map(|h| h.into_owned()));
            (t, port)
        })
    } else {
        ctx.urlsplit(&url, "", true).map(|r| {
            let port = r.port();
            let mut t: Vec<Option<String>> =
                r.parts().iter().map(|s| Some(s.to_string())).collect();
            t.push(r.username().map(str::to_string));
            t.push(r.password().map(str::to_string));
            t.push(r.hostname().map(|h| h.into_owned()));
            (t, port)
        })
    };
    let (texts, port, error) = match fields {
        Ok((t, Ok(port))) => (t, port, None),
        Ok((t, Err(e))) => (t, None, Some(py_error(&e))),
        Err(e) => (vec![None; n_text], None, Some(py_error(&e))),
    };
    Record {
        line,
        texts: texts.into_iter().map(|t| t.map(Into::into)).collect(),
        url,
        port,
        error,
    }
}

fn csv_field(out: &mut String, v: &str, sep: char) {
    if v.contains([sep, '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&v.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(v);
    }
}

fn csv_row<'a>(out: &mut String, values: impl IntoIterator<Item = &'a str>, sep: char) {
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        csv_field(out, v, sep);
    }
    out.push('\n');
}

fn render(rec: &Record<'_>, parse: bool, format: Format) -> String {
    let mut out = String::with_capacity(256);
    match format {
        Format::Jsonl => {
            // Written by hand (the keys need no escaping): a third of the
            // time of building a JSON map per line.
            let string = |out: &mut String, v: Option<&str>| match v {
                Some(v) => out.push_str(&Json::from(v).to_string()),
                None => out.push_str("null"),
            };
            out.push_str("{\"line\":");
            out.push_str(&rec.line.to_string());
            out.push_str(",\"url\":");
            string(&mut out, Some(&rec.url));
            for (name, t) in columns(parse)[2..].iter().zip(&rec.texts) {
                out.push_str(",\"");
                out.push_str(name);
                out.push_str("\":");
                string(&mut out, t.as_deref());
            }
            out.push_str(",\"port\":");
            match rec.port {
                Some(p) => out.push_str(&p.to_string()),
                None => out.push_str("null"),
            }
            out.push_str(",\"error\":");
            string(&mut out, rec.error.as_deref());
            out.push_str("}\n");
        }
        Format::Csv | Format::Tsv => {
            let sep = if format == Format::Csv { ',' } else { '\t' };
            let line = rec.line.to_string();
            let port = rec.port.map(|p| p.to_string()).unwrap_or_default();
            let mut values: Vec<&str> = vec![&line, &rec.url];
            values.extend(rec.texts.iter().map(|t| t.as_deref().unwrap_or("")));
            values.push(&port);
            values.push(rec.error.as_deref().unwrap_or(""));
            csv_row(&mut out, values, sep);
        }
    }
    out
}

/// Reads a source in blocks of whole lines and hands each block to `block`.
fn for_blocks(
    mut src: impl Read,
    mut block: impl FnMut(&[u8]) -> std::io::Result<()>,
    mut progress: impl FnMut(u64),
) -> std::io::Result<()> {
    const BLOCK: usize = 1 << 20;
    let mut buf: Vec<u8> = Vec::with_capacity(2 * BLOCK);
    let mut chunk = vec![0u8; BLOCK];
    loop {
        let n = match src.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            if !buf.is_empty() {
                block(&buf)?;
            }
            return Ok(());
        }
        progress(n as u64);
        buf.extend_from_slice(&chunk[..n]);
        if let Some(last) = buf.iter().rposition(|&b| b == b'\n') {
            block(&buf[..=last])?;
            buf.drain(..=last);
        }
    }
}

pub fn run(args: SplitArgs, parse: bool) -> ExitCode {
    let started = Instant::now();
    let name = if parse { "parse" } else { "split" };
    if let Some(j) = args.jobs {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build_global();
    }
    let ctx = Urllib::new(args.python.python);
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files
    };
    let from_files = files.iter().any(|f| f.as_os_str() != "-");
    let bar = if from_files && std::io::stderr().is_terminal() && !args.quiet {
        let total: u64 = files
            .iter()
            .filter_map(|f| std::fs::metadata(f).ok())
            .map(|m| m.len())
            .sum();
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    let mut lines = 0u64;
    let mut errors = 0u64;
    let mut header = String::new();
    match args.format {
        Format::Jsonl => {}
        Format::Csv => csv_row(&mut header, columns(parse), ','),
        Format::Tsv => csv_row(&mut header, columns(parse), '\t'),
    }
    if out.write_all(header.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    let format = args.format;
    for file in &files {
        let src: Box<dyn Read> = if file.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            match File::open(file) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    let msg = format!("urlsyntax {name}: {}: {e}", file.display());
                    match &bar {
                        Some(b) => b.println(msg),
                        None => eprintln!("{msg}"),
                    }
                    failed = true;
                    continue;
                }
            }
        };
        let result = for_blocks(
            src,
            |block| {
                let block_lines: Vec<&[u8]> =
                    block.split_inclusive(|&b| b == b'\n').map(chomp).collect();
                let first = lines + 1;
                let rendered: Vec<(String, bool)> = block_lines
                    .par_iter()
                    .enumerate()
                    .with_min_len(256)
                    .map(|(i, raw)| {
                        let rec = record(&ctx, parse, first + i as u64, raw);
                        (render(&rec, parse, format), rec.error.is_some())
                    })
                    .collect();
                lines += block_lines.len() as u64;
                for (text, err) in &rendered {
                    errors += u64::from(*err);
                    out.write_all(text.as_bytes())?;
                }
                out.flush()
            },
            |n| {
                if let Some(b) = &bar {
                    b.inc(n);
                }
            },
        );
        if let Err(e) = result {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("urlsyntax {name}: {}: {e}", file.display());
            failed = true;
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("urlsyntax {name}: {e}");
            failed = true;
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if !args.quiet {
        eprintln!(
            "urlsyntax {name}: {lines} lines, {errors} errors, {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

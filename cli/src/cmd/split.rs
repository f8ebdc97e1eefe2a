//! `urlsyntax split` and `urlsyntax parse`: `urlsplit`/`urlparse` on every
//! line of the input, one record a line, in input order, computed in
//! parallel.

use std::fs::File;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::LazyLock;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use urlsyntax::urllib::{Error, SplitResult, Urllib};
use urlsyntax_fields::{write_row, write_row_in, Field, RowSink, SplitFunction};

use super::{chomp, decode_line_error, py_error};
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
  urlsyntax split --urls 'http://[::1]:80/a?b' 'http://h:x/' 
  urlsyntax split --format csv --python 3.9 urls.txt > urls.csv
  urlsyntax split --python 3.15 --missing-as-none --urls 'http://h/p?' 
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

impl Format {
    /// The field separator of CSV and TSV.
    fn separator(self) -> u8 {
        match self {
            Format::Tsv => b'\t',
            _ => b',',
        }
    }
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
    /// Take the arguments as URLs, not as files (as `join` and `check`
    /// take theirs).
    #[arg(long, short = 'u')]
    urls: bool,
    /// `missing_as_none=True` (CPython 3.15+): a component the URL does
    /// not have is null (empty in CSV and TSV), one it has empty is "".
    #[arg(long)]
    missing_as_none: bool,
    /// Files of URLs, one a line ('-' is stdin; stdin when none); URLs
    /// with --urls.
    #[arg(value_name = "FILE|URL")]
    files: Vec<PathBuf>,
}

/// The column names, in order: `line`, `url` and the fields of
/// `function`'s struct.
pub fn columns(function: SplitFunction) -> Vec<&'static str> {
    let fields = function.fields().iter().map(|f| f.name());
    ["line", "url"].into_iter().chain(fields).collect()
}

/// What each line is read with: `urlsplit` or `urlparse`, and whether
/// with `missing_as_none`.
#[derive(Clone, Copy)]
struct Mode {
    function: SplitFunction,
    missing_as_none: bool,
}

/// `s` as a JSON string, escaped straight into `out` as Python's
/// `json.dumps(..., ensure_ascii=False)` escapes it: `"`, `\`, and the
/// controls below U+0020 (`\n`, `\r`, `\t`, `\b`, `\f` by name).
fn json_str(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    match first_escaped(s.as_bytes()) {
        None => out.push_str(s),
        Some(first) => {
            let mut start = 0;
            for (i, b) in s.bytes().enumerate().skip(first) {
                let named = match b {
                    b'"' => "\\\"",
                    b'\\' => "\\\\",
                    b'\n' => "\\n",
                    b'\r' => "\\r",
                    b'\t' => "\\t",
                    0x08 => "\\b",
                    0x0c => "\\f",
                    0..=0x1f => "",
                    _ => continue,
                };
                out.push_str(&s[start..i]);
                start = i + 1;
                if named.is_empty() {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push_str("\\u00");
                    out.push(char::from(HEX[usize::from(b >> 4)]));
                    out.push(char::from(HEX[usize::from(b & 15)]));
                } else {
                    out.push_str(named);
                }
            }
            out.push_str(&s[start..]);
        }
    }
    out.push('"');
}

/// The index of the first byte of `bytes` that JSON escapes: eight bytes
/// a step, each word tested at once for a byte below 0x20, `"` or `\`
/// (most values hold none, and a byte at a time was a third of a run).
fn first_escaped(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let position = |part: &[u8]| part.iter().position(|&b| ESCAPED[usize::from(b)]);
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // `(x - ONES * n) & !x & HIGHS` is non-zero exactly when a byte of
        // `x` is below `n` (n <= 0x80): here a byte below 0x20, or one
        // equal to `"` or `\` (zero once xor-ed with it). Those two are
        // ASCII, so the xor keeps each byte's high bit and `!w` serves for
        // all three tests, or-ed into one.
        let below = w.wrapping_sub(ONES * 0x20)
            | (w ^ (ONES * u64::from(b'"'))).wrapping_sub(ONES)
            | (w ^ (ONES * u64::from(b'\\'))).wrapping_sub(ONES);
        if below & !w & HIGHS != 0 {
            if let Some(i) = position(chunk) {
                return Some(at + i);
            }
        }
        at += 8;
    }
    position(words.remainder()).map(|i| at + i)
}

/// Each field's key in a JSON record, `,"name":`, at the field's number
/// (one copy a field, where three pieces were three).
static JSON_KEYS: LazyLock<[String; Field::ALL.len()]> =
    LazyLock::new(|| Field::ALL.map(|f| format!(",\"{}\":", f.name())));

/// The bytes JSON strings escape: `"`, `\` and the controls.
const ESCAPED: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// `n` in decimal, without the formatting machinery.
fn push_u64(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// One CSV (or TSV) field, quoted when it holds the separator, a quote or
/// a line break (RFC 4180).
fn csv_field(out: &mut String, v: &str, sep: u8) {
    if v.bytes()
        .any(|b| b == sep || b == b'"' || b == b'\n' || b == b'\r')
    {
        out.push('"');
        for (i, piece) in v.split('"').enumerate() {
            if i > 0 {
                out.push_str("\"\"");
            }
            out.push_str(piece);
        }
        out.push('"');
    } else {
        out.push_str(v);
    }
}

fn csv_row<'a>(out: &mut String, values: impl IntoIterator<Item = &'a str>, sep: u8) {
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(char::from(sep));
        }
        csv_field(out, v, sep);
    }
    out.push('\n');
}

/// One record being written into `out`, field by field as
/// [`write_row`] gives them: `line` and `url` first, then the row.
struct Record<'o> {
    out: &'o mut String,
    format: Format,
    /// Whether the record holds an error.
    raised: bool,
}

impl<'o> Record<'o> {
    /// A record of line number `line`, whose text is `url`.
    fn start(out: &'o mut String, format: Format, line: u64, url: &str) -> Record<'o> {
        match format {
            Format::Jsonl => {
                out.push_str("{\"line\":");
                push_u64(out, line);
                out.push_str(",\"url\":");
                json_str(out, url);
            }
            Format::Csv | Format::Tsv => {
                push_u64(out, line);
                out.push(char::from(format.separator()));
                csv_field(out, url, format.separator());
            }
        }
        Record {
            out,
            format,
            raised: false,
        }
    }

    /// The next field: its key (JSON lines) and its value, `null` (or
    /// empty) when `None`.
    fn field(&mut self, field: Field, value: Option<&str>, number: Option<u16>) {
        match self.format {
            Format::Jsonl => {
                self.out.push_str(&JSON_KEYS[field as usize]);
                match (value, number) {
                    (Some(t), _) => json_str(self.out, t),
                    (None, Some(n)) => push_u64(self.out, n.into()),
                    (None, None) => self.out.push_str("null"),
                }
            }
            Format::Csv | Format::Tsv => {
                let sep = self.format.separator();
                self.out.push(char::from(sep));
                match number {
                    Some(n) => push_u64(self.out, n.into()),
                    None => csv_field(self.out, value.unwrap_or(""), sep),
                }
            }
        }
    }

    /// Ends the record; whether it holds an error.
    fn finish(self) -> bool {
        self.out.push_str(match self.format {
            Format::Jsonl => "}\n",
            Format::Csv | Format::Tsv => "\n",
        });
        self.raised
    }
}

impl RowSink for Record<'_> {
    fn text(&mut self, field: Field, text: Option<&str>) {
        self.field(field, text, None);
    }

    fn port(&mut self, port: Option<u16>) {
        self.field(Field::Port, None, port);
    }

    fn error(&mut self, error: Option<Error>) {
        self.raised = error.is_some();
        self.field(Field::Error, error.map(|e| py_error(&e)).as_deref(), None);
    }
}

/// Splits (or parses) one line and writes its record into `out`; whether
/// the record holds an error.
fn line_record(
    out: &mut String,
    ctx: &Urllib,
    mode: Mode,
    format: Format,
    line: u64,
    raw: &[u8],
) -> bool {
    let function = mode.function;
    let url = match decode_line_error(raw) {
        Ok(u) => u,
        Err(e) => {
            // A line that is not UTF-8 raises as the split would.
            let url = String::from_utf8_lossy(raw);
            let mut record = Record::start(out, format, line, &url);
            write_row::<SplitResult<'_>>(function, Err(e), &mut record);
            return record.finish();
        }
    };
    let url = &*url;
    let mut record = Record::start(out, format, line, url);
    let parse = function == SplitFunction::Urlparse;
    match (parse, mode.missing_as_none) {
        (false, false) => write_row_in(function, url, ctx.urlsplit(url, "", true), &mut record),
        (true, false) => write_row_in(function, url, ctx.urlparse(url, "", true), &mut record),
        (false, true) => write_row_in(
            function,
            url,
            ctx.urlsplit_missing_as_none(url, None, true),
            &mut record,
        ),
        (true, true) => write_row_in(
            function,
            url,
            ctx.urlparse_missing_as_none(url, None, true),
            &mut record,
        ),
    }
    record.finish()
}

/// The records of `lines` (numbered from `first`), computed in parallel
/// in slices written straight into one buffer each; the buffers in order
/// and the number of errors.
fn records(
    lines: &[&[u8]],
    first: u64,
    ctx: &Urllib,
    mode: Mode,
    format: Format,
) -> (Vec<String>, u64) {
    const SLICE: usize = 2048;
    let parts: Vec<(String, u64)> = lines
        .par_chunks(SLICE)
        .enumerate()
        .map(|(k, chunk)| {
            let mut out = String::with_capacity(chunk.len() * 192);
            let mut errors = 0;
            for (i, raw) in chunk.iter().enumerate() {
                let n = first + (k * SLICE + i) as u64;
                errors += u64::from(line_record(&mut out, ctx, mode, format, n, raw));
            }
            (out, errors)
        })
        .collect();
    let errors = parts.iter().map(|p| p.1).sum();
    (parts.into_iter().map(|p| p.0).collect(), errors)
}

/// The lines of `block`, each without its line break (as
/// `split_inclusive` and [`chomp`] cut them, a SIMD search finding each).
fn lines_of(block: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::with_capacity(block.len() / 32);
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', block) {
        lines.push(chomp(&block[start..=end]));
        start = end + 1;
    }
    if start < block.len() {
        lines.push(chomp(&block[start..]));
    }
    lines
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
        if let Some(last) = memchr::memrchr(b'\n', &buf) {
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
    let ctx = Urllib::of(args.python.get().behaviour);
    if args.missing_as_none && !ctx.quirks().missing_as_none {
        eprintln!(
            "urlsyntax {name}: --missing-as-none is CPython 3.15's keyword; CPython {} has no such keyword",
            args.python.get().release()
        );
        return ExitCode::from(2);
    }
    let mode = Mode {
        function: match parse {
            true => SplitFunction::Urlparse,
            false => SplitFunction::Urlsplit,
        },
        missing_as_none: args.missing_as_none,
    };
    let files: Vec<PathBuf> = if args.files.is_empty() && !args.urls {
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
        f @ (Format::Csv | Format::Tsv) => {
            csv_row(&mut header, columns(mode.function), f.separator())
        }
    }
    if out.write_all(header.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    let format = args.format;
    if args.urls {
        // Each argument is one record, even one holding a line break.
        let given: Vec<Vec<u8>> = files
            .iter()
            .map(|f| f.as_os_str().as_encoded_bytes().to_vec())
            .collect();
        let given: Vec<&[u8]> = given.iter().map(Vec::as_slice).collect();
        let (texts, errs) = records(&given, 1, &ctx, mode, format);
        lines = given.len() as u64;
        errors = errs;
        let written = texts.iter().try_for_each(|t| out.write_all(t.as_bytes()));
        if written.and_then(|()| out.flush()).is_err() {
            return ExitCode::SUCCESS;
        }
    }
    for file in files.iter().filter(|_| !args.urls) {
        let src: Box<dyn Read> = if file.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            match File::open(file) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    let hint = if e.kind() == std::io::ErrorKind::NotFound {
                        " (split reads files of URLs; give --urls to split the arguments themselves)"
                    } else {
                        ""
                    };
                    let msg = format!("urlsyntax {name}: {}: {e}{hint}", file.display());
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
                let block_lines = lines_of(block);
                let (texts, errs) = records(&block_lines, lines + 1, &ctx, mode, format);
                lines += block_lines.len() as u64;
                errors += errs;
                for text in &texts {
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

#[cfg(test)]
mod tests;

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
use serde_json::{json, Map, Value as Json};
use urlsyntax::neturl;
use urlsyntax::urllib::{Profile, Urllib};

use super::{neturl_error, py_error, Color};

/// The fields, in the order of the table's rows.
pub const FIELDS: [&str; 11] = [
    "scheme", "netloc", "username", "password", "hostname", "port", "path", "params", "query",
    "fragment", "other",
];

/// What a reader says about one field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The reader has no such field.
    NotApplicable,
    /// The field is absent (`None`).
    Absent,
    /// Text.
    Text(String),
    /// A number.
    Number(u64),
    /// Reading the field raised (e.g. CPython's `port`).
    Raised(String),
}

impl Cell {
    fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }
    fn opt(s: Option<impl Into<String>>) -> Cell {
        s.map_or(Cell::Absent, |s| Cell::Text(s.into()))
    }
    fn to_json(&self) -> Json {
        match self {
            Cell::NotApplicable | Cell::Absent => Json::Null,
            Cell::Text(s) => Json::from(s.as_str()),
            Cell::Number(n) => Json::from(*n),
            Cell::Raised(e) => json!({ "error": e }),
        }
    }
    fn show(&self) -> String {
        match self {
            Cell::NotApplicable => String::new(),
            Cell::Absent => "(none)".into(),
            Cell::Text(s) => Json::from(s.as_str()).to_string(),
            Cell::Number(n) => n.to_string(),
            Cell::Raised(_) => "(raises, see below)".into(),
        }
    }
}

/// One reader's reading of a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Its id (`cpython-3.13`, `neturl`, `whatwg`, `rfc3986`).
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// The fields, in the order of [`FIELDS`].
    pub fields: Vec<Cell>,
}

impl Reading {
    fn new(id: String, name: String) -> Reading {
        Reading {
            id,
            name,
            error: None,
            fields: vec![Cell::NotApplicable; FIELDS.len()],
        }
    }
    /// An empty Neturl reading.
    pub fn new_neturl() -> Reading {
        Reading::new("neturl".into(), "Neturl".into())
    }
    fn set(&mut self, field: &str, cell: Cell) {
        if let Some(i) = FIELDS.iter().position(|f| *f == field) {
            self.fields[i] = cell;
        }
    }
    fn failed(mut self, error: String) -> Reading {
        self.error = Some(error);
        self
    }
    fn same_answers(&self, other: &Reading) -> bool {
        self.error == other.error && self.fields == other.fields
    }
}

fn cpython(url: &str, profile: Profile) -> Reading {
    let r = Reading::new(
        format!("cpython-{}", profile.release()),
        format!("CPython {}", profile.release()),
    );
    match Urllib::new(profile).urlparse(url, "", true) {
        Err(e) => r.failed(py_error(&e)),
        Ok(p) => {
            let mut r = r;
            r.set("scheme", Cell::text(p.scheme.as_ref()));
            r.set("netloc", Cell::text(p.netloc.as_ref()));
            r.set("username", Cell::opt(p.username()));
            r.set("password", Cell::opt(p.password()));
            r.set("hostname", Cell::opt(p.hostname()));
            r.set(
                "port",
                match p.port() {
                    Ok(Some(n)) => Cell::Number(n.into()),
                    Ok(None) => Cell::Absent,
                    Err(e) => Cell::Raised(py_error(&e)),
                },
            );
            r.set("path", Cell::text(p.path.as_ref()));
            r.set("params", Cell::text(p.params.as_ref()));
            r.set("query", Cell::text(p.query.as_ref()));
            r.set("fragment", Cell::text(p.fragment.as_ref()));
            r
        }
    }
}

/// Neturl's reading with the common scheme table.
pub fn neturl_reading(url: &str) -> Reading {
    let r = Reading::new_neturl();
    match neturl::parse_url(url, &neturl::ParseOptions::default()) {
        Err(e) => r.failed(neturl_error(&e)),
        Ok(u) => {
            let mut r = r;
            fill_neturl(&mut r, &u);
            r
        }
    }
}

/// The parts of a Neturl URL (encoded, as `url_* ~encoded:true` gives them).
pub fn fill_neturl(r: &mut Reading, u: &neturl::Url) {
    r.set("scheme", Cell::opt(u.scheme()));
    r.set("username", Cell::opt(u.user()));
    r.set("password", Cell::opt(u.password()));
    r.set("hostname", Cell::opt(u.host()));
    r.set(
        "port",
        u.port().map_or(Cell::Absent, |p| Cell::Number(p.into())),
    );
    r.set(
        "path",
        match u.path().to_vec().as_slice() {
            [] => Cell::Absent,
            [only] if only.is_empty() => Cell::text("/"),
            p => Cell::text(p.join("/")),
        },
    );
    r.set(
        "params",
        match u.param().to_vec().as_slice() {
            [] => Cell::Absent,
            p => Cell::text(p.join(";")),
        },
    );
    r.set("query", Cell::opt(u.query()));
    r.set("fragment", Cell::opt(u.fragment()));
    r.set("other", Cell::opt(u.other()));
}

fn whatwg(url: &str) -> Reading {
    let r = Reading::new("whatwg".into(), "WHATWG (url)".into());
    match url::Url::parse(url) {
        Err(e) => r.failed(format!("failure: {e}")),
        Ok(u) => {
            let mut r = r;
            r.set("scheme", Cell::text(u.scheme()));
            r.set(
                "username",
                Cell::opt(Some(u.username()).filter(|s| !s.is_empty())),
            );
            r.set("password", Cell::opt(u.password()));
            r.set("hostname", Cell::opt(u.host_str()));
            r.set(
                "port",
                u.port().map_or(Cell::Absent, |p| Cell::Number(p.into())),
            );
            r.set("path", Cell::text(u.path()));
            r.set("query", Cell::opt(u.query()));
            r.set("fragment", Cell::opt(u.fragment()));
            r
        }
    }
}

fn rfc3986(url: &str) -> Reading {
    let r = Reading::new("rfc3986".into(), "RFC 3986 (strict)".into());
    match urlsyntax::rfc3986::UriRef::parse(url) {
        Err(e) => r.failed(format!("failure: {e}")),
        Ok(u) => {
            let mut r = r;
            r.set("scheme", Cell::opt(u.scheme()));
            match u.authority() {
                None => {
                    for f in ["netloc", "username", "password", "hostname", "port"] {
                        r.set(f, Cell::Absent);
                    }
                }
                Some(a) => {
                    r.set("netloc", Cell::text(a.as_str()));
                    let (user, password) = match a.userinfo() {
                        None => (None, None),
                        Some(ui) => match ui.split_once(':') {
                            Some((u, p)) => (Some(u), Some(p)),
                            None => (Some(ui), None),
                        },
                    };
                    r.set("username", Cell::opt(user));
                    r.set("password", Cell::opt(password));
                    r.set("hostname", Cell::text(a.host()));
                    r.set(
                        "port",
                        match a.port() {
                            None | Some("") => Cell::Absent,
                            Some(p) => match p.parse::<u64>() {
                                Ok(n) => Cell::Number(n),
                                Err(_) => Cell::text(p),
                            },
                        },
                    );
                }
            }
            r.set("path", Cell::text(u.path()));
            r.set("query", Cell::opt(u.query()));
            r.set("fragment", Cell::opt(u.fragment()));
            r
        }
    }
}

/// Every reader's reading of `url`, CPython's oldest first.
pub fn readings(url: &str) -> Vec<Reading> {
    let mut v: Vec<Reading> = Profile::ALL.iter().map(|&p| cpython(url, p)).collect();
    v.push(neturl_reading(url));
    v.push(whatwg(url));
    v.push(rfc3986(url));
    v
}

/// The fields (and `result`) on which the readers that answered disagree.
pub fn disagreements(readings: &[Reading]) -> Vec<&'static str> {
    let mut out = Vec::new();
    let failed: Vec<bool> = readings.iter().map(|r| r.error.is_some()).collect();
    if failed.iter().any(|&f| f) && failed.iter().any(|&f| !f) {
        out.push("result");
    }
    for (i, name) in FIELDS.iter().enumerate() {
        let mut seen: Vec<&Cell> = Vec::new();
        for r in readings.iter().filter(|r| r.error.is_none()) {
            let c = match &r.fields[i] {
                // CPython answers "" for an absent part: "" and absent agree.
                Cell::Text(s) if s.is_empty() => &Cell::Absent,
                c => c,
            };
            if *c != Cell::NotApplicable && !seen.contains(&c) {
                seen.push(c);
            }
        }
        if seen.len() > 1 {
            out.push(*name);
        }
    }
    out
}

/// Consecutive CPython readings that answer alike share a column.
fn columns(readings: &[Reading]) -> Vec<Reading> {
    let mut out: Vec<(Reading, String, String)> = Vec::new();
    for r in readings {
        if let Some(minor) = r.id.strip_prefix("cpython-") {
            if let Some((last, first, _)) = out.last_mut() {
                if last.id.starts_with("cpython-") && last.same_answers(r) {
                    last.name = format!("CPython {first}-{minor}");
                    continue;
                }
            }
            out.push((r.clone(), minor.to_string(), minor.to_string()));
        } else {
            out.push((r.clone(), String::new(), String::new()));
        }
    }
    out.into_iter().map(|(r, _, _)| r).collect()
}

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

/// The reader ids `--readers` takes: each CPython release, each minor
/// version (its line's newest release), every CPython at once, and the
/// other readers.
fn reader_ids() -> Vec<String> {
    let mut ids: Vec<String> = Profile::ALL
        .iter()
        .map(|p| format!("cpython-{}", p.release()))
        .collect();
    let mut minors: Vec<&str> = Profile::ALL.iter().map(|p| p.minor()).collect();
    minors.dedup();
    ids.extend(minors.iter().map(|m| format!("cpython-{m}")));
    ids.extend(["cpython", "neturl", "whatwg", "rfc3986"].map(String::from));
    ids
}

fn parse_reader(s: &str) -> Result<String, String> {
    let ids = reader_ids();
    if ids.iter().any(|id| id == s) {
        Ok(s.to_owned())
    } else {
        Err(format!("unknown reader {s:?}; one of {}", ids.join(", ")))
    }
}

/// `--python`, which explain refuses: it shows every release side by side.
fn refuse_python(_: &str) -> Result<String, String> {
    Err("explain reads with every CPython release side by side; \
         pick some with --readers cpython-3.9,cpython-3.13"
        .to_string())
}

/// Whether `--readers` keeps the reading `id` (`cpython-3.12` picks the
/// newest 3.12 release).
fn picked(readers: &[String], id: &str) -> bool {
    let newest_of = |r: &str| {
        let version = r.strip_prefix("cpython-")?;
        Profile::from_version(version).map(|p| format!("cpython-{}", p.release()))
    };
    readers.is_empty()
        || readers.iter().any(|r| {
            r == id
                || (r == "cpython" && id.starts_with("cpython-"))
                || newest_of(r).as_deref() == Some(id)
        })
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
    /// Refused, with a pointer to `--readers`: explain reads with every
    /// release at once.
    #[arg(long, value_name = "V", hide = true, value_parser = refuse_python)]
    #[allow(dead_code)]
    python: Option<String>,
    /// The URLs to explain (the lines of stdin when none are given).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// The JSON of one URL.
pub fn to_json(url: &str, readings: &[Reading]) -> Json {
    let readers: Vec<Json> = readings
        .iter()
        .map(|r| {
            let mut fields = Map::new();
            if r.error.is_none() {
                for (name, c) in FIELDS.iter().zip(&r.fields) {
                    if *c != Cell::NotApplicable {
                        fields.insert((*name).into(), c.to_json());
                    }
                }
            }
            json!({
                "reader": r.id,
                "name": r.name,
                "ok": r.error.is_none(),
                "error": r.error,
                "fields": fields,
            })
        })
        .collect();
    json!({
        "url": url,
        "readers": readers,
        "disagreements": disagreements(readings),
    })
}

/// The table of one URL, as lines.
pub fn table(url: &str, readings: &[Reading], color: bool) -> String {
    let cols = columns(readings);
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
    for url in super::inputs(args.urls) {
        let url = match url {
            Ok(u) => u,
            Err(e) => {
                eprintln!("urlsyntax explain: {e}");
                failed = true;
                continue;
            }
        };
        let rs: Vec<Reading> = readings(&url)
            .into_iter()
            .filter(|r| picked(&args.readers, &r.id))
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

//! How each reader reads a URL, side by side: the model behind
//! `urlsyntax explain` and the web page (`web/`), so that both print the
//! same answers.
//!
//! The readers: `urlparse` under each CPython reader (by default one a
//! profile; consecutive readers that answer alike share a column), Neturl's
//! `parse_url` with the common scheme table, the WHATWG URL Standard (the
//! `url` crate) and RFC 3986 (`urlsyntax::rfc3986`, the strict reader of
//! the grammar core, as a URI reference).

#![forbid(unsafe_code)]

mod calls;
mod check;
mod readers;

pub use calls::{call, Function};
pub use check::{check_common, check_json, check_text, scheme_names, NETURL_PART_NAMES};
pub use readers::{cpython_reading, fill_neturl, neturl_reading, rfc3986_reading, whatwg_reading};

use serde_json::{json, Map, Value as Json};
use urlsyntax::urllib::{self, Behaviour, Profile};

/// The fields, in the order of the table's rows.
pub const FIELDS: [&str; 11] = [
    "scheme", "netloc", "username", "password", "hostname", "port", "path", "params", "query",
    "fragment", "other",
];

/// A CPython exception as Python's last traceback line shows it:
/// `ValueError: Invalid IPv6 URL` (the library's `Debug` form of the error,
/// as the `error` field of `urllib::fields` holds it).
pub fn py_error(e: &urllib::Error) -> String {
    format!("{e:?}")
}

/// A Neturl failure: `Malformed_URL: host: junk after ']'`.
pub fn neturl_error(e: &urlsyntax::neturl::Error) -> String {
    match e {
        urlsyntax::neturl::Error::Malformed { part, reason } => {
            format!("Malformed_URL: {part}: {reason}")
        }
        e => format!("{}: {}", e.exception(), e),
    }
}

/// A CPython reader: an id (`cpython-3.13.0`), a name for people
/// (`CPython 3.13.0`) and the behaviour it answers with. The profiles'
/// readers are [`cpython_readers`]; a caller may add others (a behaviour
/// with quirks learnt from a local interpreter, say) with ids of its own.
#[derive(Clone, Debug)]
pub struct CpythonReader {
    /// Its id; a `cpython-` prefix makes it one of the CPython columns.
    pub id: String,
    /// Its name for people, without the `CPython ` prefix (`3.13.0`).
    pub label: String,
    /// What it answers as.
    pub behaviour: Behaviour,
}

impl CpythonReader {
    /// The reader of a profile.
    pub fn of(profile: Profile) -> CpythonReader {
        CpythonReader {
            id: format!("cpython-{}", profile.release()),
            label: profile.release().to_string(),
            behaviour: Behaviour::new(profile),
        }
    }
}

/// The reader of every profile, oldest first.
pub fn cpython_readers() -> Vec<CpythonReader> {
    Profile::ALL.iter().map(|&p| CpythonReader::of(p)).collect()
}

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
    pub(crate) fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }
    pub(crate) fn opt(s: Option<impl Into<String>>) -> Cell {
        s.map_or(Cell::Absent, |s| Cell::Text(s.into()))
    }
    /// The cell's JSON: `null` when absent, a string, a number, or
    /// `{"error": ...}`.
    pub fn to_json(&self) -> Json {
        match self {
            Cell::NotApplicable | Cell::Absent => Json::Null,
            Cell::Text(s) => Json::from(s.as_str()),
            Cell::Number(n) => Json::from(*n),
            Cell::Raised(e) => json!({ "error": e }),
        }
    }
    /// The cell as the table shows it.
    pub fn show(&self) -> String {
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
    /// Its id (`cpython-3.13.0`, `neturl`, `whatwg`, `rfc3986`).
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// The fields, in the order of [`FIELDS`].
    pub fields: Vec<Cell>,
}

impl Reading {
    pub(crate) fn new(id: String, name: String) -> Reading {
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
    pub(crate) fn set(&mut self, field: &str, cell: Cell) {
        if let Some(i) = FIELDS.iter().position(|f| *f == field) {
            self.fields[i] = cell;
        }
    }
    pub(crate) fn failed(mut self, error: String) -> Reading {
        self.error = Some(error);
        self
    }
    fn same_answers(&self, other: &Reading) -> bool {
        self.error == other.error && self.fields == other.fields
    }
}

/// Every reader's reading of `url`: each profile's, oldest first, then
/// Neturl, WHATWG and RFC 3986.
pub fn readings(url: &str) -> Vec<Reading> {
    readings_with(url, &cpython_readers())
}

/// The readings of `url` by `cpython` (in that order), then Neturl,
/// WHATWG and RFC 3986.
pub fn readings_with(url: &str, cpython: &[CpythonReader]) -> Vec<Reading> {
    let mut v: Vec<Reading> = cpython.iter().map(|r| cpython_reading(url, r)).collect();
    v.push(neturl_reading(url));
    v.push(whatwg_reading(url));
    v.push(rfc3986_reading(url));
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

/// A column of the table: one reading, or consecutive CPython readings
/// that answer alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The (first) reading, named for the column (`CPython 3.6.15-3.8.18`).
    pub reading: Reading,
    /// The ids of the readings it stands for, in order.
    pub readers: Vec<String>,
}

/// Consecutive CPython readings that answer alike share a column.
pub fn columns(readings: &[Reading]) -> Vec<Column> {
    // Each column, and the label of its first CPython reading ("" for the
    // other readers, which never share).
    let mut out: Vec<(Column, String)> = Vec::new();
    for r in readings {
        let label =
            r.id.starts_with("cpython-")
                .then(|| r.name.strip_prefix("CPython ").unwrap_or(&r.name));
        if let (Some(label), Some((last, first))) = (label, out.last_mut()) {
            if !first.is_empty() && last.reading.same_answers(r) {
                last.reading.name = format!("CPython {first}-{label}");
                last.readers.push(r.id.clone());
                continue;
            }
        }
        let column = Column {
            reading: r.clone(),
            readers: vec![r.id.clone()],
        };
        out.push((column, label.unwrap_or_default().to_string()));
    }
    out.into_iter().map(|(c, _)| c).collect()
}

/// The JSON of one URL (what `urlsyntax explain --format json` prints
/// for it).
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

/// [`to_json`] with the table's columns (`"columns"`: each one's name and
/// the readers it stands for), as the web page draws it.
pub fn to_json_with_columns(url: &str, readings: &[Reading]) -> Json {
    let mut doc = to_json(url, readings);
    let cols: Vec<Json> = columns(readings)
        .into_iter()
        .map(|c| json!({ "name": c.reading.name, "readers": c.readers }))
        .collect();
    if let Json::Object(m) = &mut doc {
        m.insert("columns".into(), Json::Array(cols));
    }
    doc
}

/// The reader ids a selection takes, given the CPython readers: each
/// reader's id, each minor version (`cpython-3.12`: its line's newest
/// profile), every CPython at once (`cpython`), and the other readers.
pub fn reader_ids(cpython: &[CpythonReader]) -> Vec<String> {
    let mut ids: Vec<String> = cpython.iter().map(|r| r.id.clone()).collect();
    let mut minors: Vec<&str> = Profile::ALL.iter().map(|p| p.minor()).collect();
    minors.dedup();
    ids.extend(minors.iter().map(|m| format!("cpython-{m}")));
    ids.extend(["cpython", "neturl", "whatwg", "rfc3986"].map(String::from));
    ids
}

/// Whether the selection `readers` keeps the reading `id` (empty: all;
/// `cpython-3.12` picks the newest 3.12 release).
pub fn picked(readers: &[String], id: &str) -> bool {
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

#[cfg(test)]
mod tests;

//! Neturl's verdict on a URL, as `urlsyntax check` says it: valid with
//! its parts, or the part that fails and why.

use serde_json::{json, Map, Value as Json};
use urlsyntax::neturl::{self, ParseOptions, SchemeTable};

use crate::{fill_neturl, Cell, Reading, FIELDS};

/// The table's field names and Neturl's names of the same parts.
pub const NETURL_PART_NAMES: [(&str, &str); 3] = [
    ("username", "user"),
    ("hostname", "host"),
    ("params", "param"),
];

fn part_name(field: &str) -> &str {
    NETURL_PART_NAMES
        .iter()
        .find(|(f, _)| *f == field)
        .map_or(field, |(_, p)| p)
}

/// The parts of a valid URL, under Neturl's names.
fn parts(u: &neturl::Url) -> Vec<(&'static str, Cell)> {
    let mut r = Reading::new_neturl();
    fill_neturl(&mut r, u);
    FIELDS
        .iter()
        .zip(r.fields)
        .filter(|(_, c)| matches!(c, Cell::Text(_) | Cell::Number(_)))
        .map(|(name, c)| (part_name(name), c))
        .collect()
}

/// `check`'s line of text: `valid    URL    part=value ...` or
/// `invalid  URL    part: reason`.
pub fn check_text(url: &str, result: &Result<neturl::Url, neturl::Error>) -> String {
    match result {
        Ok(u) => {
            let shown: Vec<String> = parts(u)
                .into_iter()
                .map(|(name, c)| format!("{name}={}", c.to_json()))
                .collect();
            format!("valid    {url}    {}", shown.join(" "))
        }
        Err(neturl::Error::Malformed { part, reason }) => {
            format!("invalid  {url}    {part}: {reason}")
        }
        Err(e) => format!("invalid  {url}    {e}"),
    }
}

/// `check`'s JSON object: `{"url", "valid": true, "parts", "printed"}` or
/// `{"url", "valid": false, "exception", "part", "reason"}`.
pub fn check_json(url: &str, result: &Result<neturl::Url, neturl::Error>) -> Json {
    match result {
        Ok(u) => {
            let parts: Map<String, Json> = parts(u)
                .into_iter()
                .map(|(name, c)| (name.to_string(), c.to_json()))
                .collect();
            json!({"url": url, "valid": true, "parts": parts, "printed": u.to_string()})
        }
        Err(e) => {
            let (part, reason) = match e {
                neturl::Error::Malformed { part, reason } => {
                    (Json::from(part.to_string()), reason.to_string())
                }
                e => (Json::Null, e.to_string()),
            };
            json!({"url": url, "valid": false, "exception": e.exception(), "part": part, "reason": reason})
        }
    }
}

/// The schemes of the common table, in its order: the syntaxes a
/// relative URL can be read with (`check --base SCHEME`).
pub fn scheme_names() -> Vec<&'static str> {
    SchemeTable::common_notation()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| SchemeTable::common().get(name).is_some())
        .collect()
}

/// Neturl's verdict on `url` with the common table, read with the
/// (partial) syntax of `base` when given (`check --base`); `None` when
/// `base` is not in the common table.
pub fn check_common(url: &str, base: Option<&str>) -> Option<Json> {
    let table = SchemeTable::common();
    let base = match base {
        None => None,
        Some(s) => Some(*table.get(s)?),
    };
    let opts = ParseOptions {
        schemes: Some(table),
        base_syntax: base.as_ref(),
        ..ParseOptions::default()
    };
    let result = neturl::parse_url(url, &opts);
    let mut doc = check_json(url, &result);
    if let Json::Object(m) = &mut doc {
        m.insert("text".into(), Json::from(check_text(url, &result)));
    }
    Some(doc)
}

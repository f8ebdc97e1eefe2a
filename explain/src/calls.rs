//! The other `urllib.parse` functions on one URL, by each CPython reader,
//! readers that answer alike grouped: what the web page shows beside the
//! table.

use serde_json::{json, Value as Json};
use urlsyntax::urllib::{QsParser, Quoter, Unquoter, Urllib};

use crate::{py_error, CpythonReader};

/// A function of `urllib.parse`, called as the page calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `urljoin(base, url)`.
    Urljoin,
    /// `parse_qsl(urlsplit(url).query)`.
    ParseQsl,
    /// `quote(url)`.
    Quote,
    /// `unquote(url)`.
    Unquote,
    /// `urlunsplit(urlsplit(url))`: the URL as the split puts it back.
    Urlunsplit,
}

impl Function {
    /// Every function, in the page's order.
    pub const ALL: [Function; 5] = [
        Function::Urljoin,
        Function::ParseQsl,
        Function::Quote,
        Function::Unquote,
        Function::Urlunsplit,
    ];

    /// Its name (`urljoin`).
    pub fn name(self) -> &'static str {
        match self {
            Function::Urljoin => "urljoin",
            Function::ParseQsl => "parse_qsl",
            Function::Quote => "quote",
            Function::Unquote => "unquote",
            Function::Urlunsplit => "urlunsplit",
        }
    }

    /// The function of a name.
    pub fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The call as Python writes it.
    pub fn call_text(self) -> &'static str {
        match self {
            Function::Urljoin => "urljoin(base, url)",
            Function::ParseQsl => "parse_qsl(urlsplit(url).query)",
            Function::Quote => "quote(url)",
            Function::Unquote => "unquote(url)",
            Function::Urlunsplit => "urlunsplit(urlsplit(url))",
        }
    }

    /// The answer of one reader: its JSON, or CPython's exception.
    fn answer(self, reader: &CpythonReader, url: &str, base: &str) -> Result<Json, String> {
        let b = reader.behaviour;
        let ctx = Urllib::of(b);
        let err = |e: urlsyntax::urllib::Error| py_error(&e);
        match self {
            Function::Urljoin => ctx.urljoin(base, url, true).map(|s| json!(s)).map_err(err),
            Function::ParseQsl => {
                let split = ctx.urlsplit(url, "", true).map_err(err)?;
                let pairs = QsParser::new()
                    .behaviour(b)
                    .parse_qsl(&split.query)
                    .map_err(err)?;
                Ok(json!(pairs))
            }
            Function::Quote => Quoter::new()
                .behaviour(b)
                .quote(url)
                .map(Json::from)
                .map_err(err),
            Function::Unquote => Unquoter::new()
                .behaviour(b)
                .unquote(url)
                .map(Json::from)
                .map_err(err),
            Function::Urlunsplit => {
                let s = ctx.urlsplit(url, "", true).map_err(err)?;
                let parts = [&*s.scheme, &*s.netloc, &*s.path, &*s.query, &*s.fragment];
                Ok(json!(ctx.urlunsplit(parts)))
            }
        }
    }
}

/// `function` on `url` (and `base`) by each reader, consecutive readers
/// that answer alike grouped: `{"function", "call", "groups": [{"name",
/// "readers", "ok", "result", "error"}]}`.
pub fn call(function: Function, url: &str, base: &str, readers: &[CpythonReader]) -> Json {
    let mut groups: Vec<(Vec<&CpythonReader>, Result<Json, String>)> = Vec::new();
    for r in readers {
        let answer = function.answer(r, url, base);
        match groups.last_mut() {
            Some((members, last)) if *last == answer => members.push(r),
            _ => groups.push((vec![r], answer)),
        }
    }
    let groups: Vec<Json> = groups
        .into_iter()
        .map(|(members, answer)| {
            let first = &members[0].label;
            let last = &members[members.len() - 1].label;
            let name = if members.len() == 1 {
                format!("CPython {first}")
            } else {
                format!("CPython {first}-{last}")
            };
            let ids: Vec<&str> = members.iter().map(|r| r.id.as_str()).collect();
            let (result, error) = match answer {
                Ok(v) => (v, Json::Null),
                Err(e) => (Json::Null, Json::from(e)),
            };
            json!({
                "name": name,
                "readers": ids,
                "ok": error.is_null(),
                "result": result,
                "error": error,
            })
        })
        .collect();
    json!({
        "function": function.name(),
        "call": function.call_text(),
        "groups": groups,
    })
}

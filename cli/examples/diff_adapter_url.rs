//! An adapter for `urlsyntax diff` (`docs/differential.md`): the `url`
//! crate (WHATWG) answering `urlsplit` calls of the conformance-calls
//! protocol, and their `hostname` and `port`. Everything else is
//! answered `unsupported`, which `diff` counts apart.
//!
//! ```sh
//! cargo build --release --example diff_adapter_url
//! urlsyntax diff --python 3.13 --fn urlsplit --fn urlsplit.hostname --fn urlsplit.port \
//!     -- target/release/examples/diff_adapter_url
//! ```

use std::io::{BufRead, BufWriter, Write};

use serde_json::{json, Value};
use url::{Position, Url};

fn main() -> std::io::Result<()> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let call: Value = serde_json::from_str(&line?).unwrap_or(Value::Null);
        writeln!(out, "{}", answer(&call))?;
    }
    out.flush()
}

/// The answer to one call: `urlsplit(url)` (or one attribute of it) for a
/// `str` URL without keywords.
fn answer(call: &Value) -> Value {
    let (Some(function), Some([Value::String(text)])) = (
        call["fn"].as_str(),
        call["args"].as_array().map(Vec::as_slice),
    ) else {
        return json!({ "unsupported": "urlsplit(str) only" });
    };
    if call.get("kwargs").is_some() || !function.starts_with("urlsplit") {
        return json!({ "unsupported": "urlsplit(str) only" });
    }
    // A URL the crate refuses is one CPython would refuse with ValueError.
    let Ok(url) = Url::parse(text) else {
        return json!({ "error": "ValueError" });
    };
    let netloc = &url[Position::BeforeUsername..Position::AfterPort];
    let host = url
        .host_str()
        .map(|h| h.trim_start_matches('[').trim_end_matches(']'));
    let value = match function {
        "urlsplit" => json!({ "SplitResult": [
            url.scheme(), netloc, url.path(), url.query().unwrap_or(""), url.fragment().unwrap_or("")
        ] }),
        "urlsplit.hostname" => json!(host),
        // WHATWG drops a scheme's default port; CPython keeps what is written.
        "urlsplit.port" => json!(url.port()),
        _ => return json!({ "unsupported": "urlsplit(str) and its hostname and port only" }),
    };
    json!({ "ok": value })
}

//! `urlsyntax calls`: one JSON call a line in, one JSON answer a line out,
//! as `../shared/docs/conformance-calls.md` specifies.

pub mod coerce;
pub mod generate;
pub mod neturl;
pub mod pyint;
mod python_line;
pub mod urllib_qs;
pub mod urllib_quote;
pub mod urllib_split;
pub mod urllib_unsplit;
pub mod value;

use std::io::{BufRead, BufReader, BufWriter, Read, Write};

pub use python_line::python_line;
use serde_json::Value as Json;
use urlsyntax::urllib::Behaviour;
use value::{Answer, Args, Py};

/// Answers one call line (never panics; unknown calls are `unsupported`).
pub fn answer_line(line: &str, profile: impl Into<Behaviour>) -> Answer {
    let profile: Behaviour = profile.into();
    let call: Json = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return Answer::unsupported(format!("not valid JSON: {e}")),
    };
    let Some(obj) = call.as_object() else {
        return Answer::unsupported("a call must be a JSON object");
    };
    let Some(name) = obj.get("fn").and_then(Json::as_str) else {
        return Answer::unsupported("a call needs \"fn\" as a string");
    };
    let positional = match obj.get("args") {
        None | Some(Json::Null) => Vec::new(),
        Some(Json::Array(a)) => match a.iter().map(Py::from_json).collect() {
            Ok(v) => v,
            Err(e) => return Answer::unsupported(e),
        },
        Some(_) => return Answer::unsupported("\"args\" must be an array"),
    };
    let mut keywords = Vec::new();
    match obj.get("kwargs") {
        None | Some(Json::Null) => {}
        Some(Json::Object(m)) => {
            for (k, v) in m {
                match Py::from_json(v) {
                    Ok(v) => keywords.push((k.clone(), v)),
                    Err(e) => return Answer::unsupported(e),
                }
            }
        }
        Some(_) => return Answer::unsupported("\"kwargs\" must be an object"),
    }
    let args = Args::new(positional, keywords);
    if let Some(rest) = name.strip_prefix("neturl.") {
        return neturl::call(rest, &args, obj);
    }
    urllib_split::call(name, &args, profile)
        .or_else(|| urllib_quote::call(name, &args, profile))
        .or_else(|| urllib_qs::call(name, &args, profile))
        .unwrap_or_else(|| Answer::unsupported(format!("unknown function {name:?}")))
}

/// Runs the line protocol from `input` to `output`. `messages` adds each
/// error's message to its answer (an extension for CPython's own tests).
///
/// Answers are buffered, and flushed whenever no further input is waiting,
/// so the command serves both files and a conversation over pipes.
pub fn run(
    input: impl Read,
    output: impl Write,
    profile: impl Into<Behaviour>,
    messages: bool,
) -> std::io::Result<()> {
    let profile: Behaviour = profile.into();
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut out = BufWriter::with_capacity(1 << 16, output);
    let mut line = Vec::new();
    loop {
        if reader.buffer().is_empty() {
            out.flush()?;
        }
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            write_answer(
                &mut out,
                &Answer::unsupported("line is not UTF-8"),
                messages,
            )?;
            continue;
        };
        let text = text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            continue;
        }
        // The library never panics by design (the fuzz targets check it);
        // this guard keeps one bad line from ending the whole run.
        let answer = std::panic::catch_unwind(|| answer_line(text, profile))
            .unwrap_or_else(|_| Answer::unsupported("internal error"));
        write_answer(&mut out, &answer, messages)?;
    }
    out.flush()
}

fn write_answer(out: &mut impl Write, answer: &Answer, messages: bool) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, &answer.to_json_with(messages))?;
    out.write_all(b"\n")
}

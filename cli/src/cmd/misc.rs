//! The small urllib commands: `join`, `defrag`, `unwrap`, `qs`, `quote`,
//! `unquote`, `encode`.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde_json::{json, Map, Value as Json};
use urlsyntax::urllib::{
    CodecOptions, QsParser, QueryValue, QuoteVia, Quoter, Unquoter, Urlencoder, Urllib,
};

use super::{inputs, py_error};
use crate::{Inputs, PythonArg, TextOrJson};

/// Runs `answer` on every input; answers to stdout, failures to stderr.
/// Exit 1 when any input failed.
fn each(
    name: &str,
    items: Vec<String>,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> ExitCode {
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for item in inputs(items) {
        let result = item.and_then(|s| answer(&s).map_err(|e| format!("{s:?}: {e}")));
        match result {
            Ok(s) => {
                if writeln!(out, "{s}").is_err() {
                    // stdout closed (`| head`): nothing more to say.
                    return ExitCode::SUCCESS;
                }
            }
            Err(e) => {
                eprintln!("urlsyntax {name}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(Args)]
pub struct JoinArgs {
    #[command(flatten)]
    python: PythonArg,
    /// allow_fragments=False: fragments stay part of the path or query.
    #[arg(long)]
    no_fragments: bool,
    /// The base URL.
    base: String,
    /// The URLs to resolve against BASE (the lines of stdin when none).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

pub fn join(a: JoinArgs) -> ExitCode {
    let ctx = Urllib::of(a.python.get().behaviour);
    let base = a.base;
    each("join", a.urls, |u| {
        ctx.urljoin(&base, u, !a.no_fragments)
            .map(|s| s.into_owned())
            .map_err(|e| py_error(&e))
    })
}

#[derive(Args)]
pub struct DefragArgs {
    #[command(flatten)]
    python: PythonArg,
    /// text: URL, a tab, fragment; json: {"url": ..., "fragment": ...}.
    #[arg(long, short, value_enum, default_value = "text")]
    format: TextOrJson,
    #[command(flatten)]
    inputs: Inputs,
}

pub fn defrag(a: DefragArgs) -> ExitCode {
    let ctx = Urllib::of(a.python.get().behaviour);
    each("defrag", a.inputs.items, |u| {
        let d = ctx.urldefrag(u).map_err(|e| py_error(&e))?;
        Ok(match a.format {
            TextOrJson::Text => format!("{}\t{}", d.url, d.fragment),
            TextOrJson::Json => json!({"url": d.url, "fragment": d.fragment}).to_string(),
        })
    })
}

#[derive(Args)]
pub struct UnwrapArgs {
    #[command(flatten)]
    python: PythonArg,
    #[command(flatten)]
    inputs: Inputs,
}

pub fn unwrap(a: UnwrapArgs) -> ExitCode {
    // What `str.strip()` strips follows the release's Unicode version.
    let ctx = Urllib::of(a.python.get().behaviour);
    each("unwrap", a.inputs.items, |u| Ok(ctx.unwrap(u).to_string()))
}

/// `--encoding` and `--errors`, as every command that takes them reads
/// them.
#[derive(Args)]
pub struct CodecArgs {
    /// encoding (default utf-8)
    #[arg(long)]
    encoding: Option<String>,
    /// errors (default strict to encode: quote, encode; replace to decode:
    /// unquote, qs)
    #[arg(long)]
    errors: Option<String>,
}

impl CodecArgs {
    /// The options, as the library's builders take them.
    pub fn options(&self) -> CodecOptions {
        CodecOptions::from_names(self.encoding.clone(), self.errors.clone())
    }
}

#[derive(Args)]
pub struct QsArgs {
    #[command(flatten)]
    python: PythonArg,
    /// keep_blank_values=True
    #[arg(long, short = 'k')]
    keep_blank_values: bool,
    /// strict_parsing=True
    #[arg(long, short = 's')]
    strict_parsing: bool,
    #[command(flatten)]
    codec: CodecArgs,
    /// max_num_fields
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_num_fields: Option<i64>,
    /// separator (default &)
    #[arg(long, value_name = "SEP")]
    separator: Option<String>,
    /// parse_qs: a JSON object of name -> list of values.
    #[arg(long)]
    dict: bool,
    #[command(flatten)]
    inputs: Inputs,
}

pub fn qs(a: QsArgs) -> ExitCode {
    let mut p = QsParser::new()
        .behaviour(a.python.get().behaviour)
        .keep_blank_values(a.keep_blank_values)
        .strict_parsing(a.strict_parsing);
    p = p.codec_options(a.codec.options());
    if let Some(n) = a.max_num_fields {
        p = p.max_num_fields(n);
    }
    if let Some(s) = a.separator {
        p = p.separator(s);
    }
    each("qs", a.inputs.items, |q| {
        if a.dict {
            let d = p.parse_qs(q).map_err(|e| py_error(&e))?;
            let m: Map<String, Json> = d
                .into_iter()
                .map(|(k, v)| (k.into_owned(), json!(v)))
                .collect();
            Ok(Json::Object(m).to_string())
        } else {
            let pairs = p.parse_qsl(q).map_err(|e| py_error(&e))?;
            Ok(json!(pairs).to_string())
        }
    })
}

#[derive(Args)]
pub struct QuoteArgs {
    #[command(flatten)]
    python: PythonArg,
    /// quote_plus: spaces become '+', and safe defaults to ''.
    #[arg(long)]
    plus: bool,
    /// Characters never quoted (default '/' for quote, '' for quote_plus).
    #[arg(long)]
    safe: Option<String>,
    #[command(flatten)]
    codec: CodecArgs,
    #[command(flatten)]
    inputs: Inputs,
}

pub fn quote(a: QuoteArgs) -> ExitCode {
    let mut q = Quoter::new().behaviour(a.python.get().behaviour);
    if let Some(s) = &a.safe {
        q = q.safe(s);
    }
    q = q.codec_options(a.codec.options());
    each("quote", a.inputs.items, |s| {
        if a.plus { q.quote_plus(s) } else { q.quote(s) }.map_err(|e| py_error(&e))
    })
}

#[derive(Args)]
pub struct UnquoteArgs {
    #[command(flatten)]
    python: PythonArg,
    /// unquote_plus: '+' is a space.
    #[arg(long)]
    plus: bool,
    #[command(flatten)]
    codec: CodecArgs,
    #[command(flatten)]
    inputs: Inputs,
}

pub fn unquote(a: UnquoteArgs) -> ExitCode {
    let mut u = Unquoter::new().behaviour(a.python.get().behaviour);
    u = u.codec_options(a.codec.options());
    each("unquote", a.inputs.items, |s| {
        if a.plus {
            u.unquote_plus(s)
        } else {
            u.unquote(s)
        }
        .map_err(|e| py_error(&e))
    })
}

/// `--quote-via` of `encode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Via {
    /// quote_plus (the default): spaces become '+'.
    QuotePlus,
    /// quote: spaces become %20.
    Quote,
}

#[derive(Args)]
pub struct EncodeArgs {
    #[command(flatten)]
    python: PythonArg,
    /// doseq=True: a list value gives one pair per element.
    #[arg(long)]
    doseq: bool,
    /// Characters never quoted.
    #[arg(long)]
    safe: Option<String>,
    #[command(flatten)]
    codec: CodecArgs,
    /// quote_via
    #[arg(long, value_enum, default_value = "quote-plus")]
    quote_via: Via,
    /// A JSON object, or an array of [name, value] pairs (stdin when none).
    /// Values: strings, integers, true/false, null, objects (dicts), arrays
    /// (lists) and {"tuple": [...]} (tuples), as the line protocol reads them.
    #[arg(value_name = "JSON")]
    json: Vec<String>,
}

fn query_value(v: &Json) -> Result<QueryValue, String> {
    Ok(match v {
        Json::Null => QueryValue::None,
        Json::Bool(b) => QueryValue::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => QueryValue::Int(i.into()),
            None => match n.as_u64() {
                Some(u) => QueryValue::Int(u.into()),
                None => return Err(format!("{n}: only integer numbers are supported")),
            },
        },
        Json::String(s) => QueryValue::Str(s.clone()),
        // As the line protocol reads them: an array is a `list`, and
        // `{"tuple": [...]}` a `tuple`.
        Json::Array(a) => QueryValue::List(a.iter().map(query_value).collect::<Result<_, _>>()?),
        Json::Object(m) if m.len() == 1 && m.get("tuple").is_some_and(Json::is_array) => {
            let items = m["tuple"].as_array().into_iter().flatten();
            QueryValue::Seq(items.map(query_value).collect::<Result<_, _>>()?)
        }
        Json::Object(m) => QueryValue::Dict(
            m.iter()
                .map(|(k, v)| Ok((QueryValue::Str(k.clone()), query_value(v)?)))
                .collect::<Result<_, String>>()?,
        ),
    })
}

/// The pairs of a JSON object or array of pairs.
fn query_pairs(doc: &Json) -> Result<Vec<(QueryValue, QueryValue)>, String> {
    match doc {
        Json::Object(m) => m
            .iter()
            .map(|(k, v)| Ok((QueryValue::Str(k.clone()), query_value(v)?)))
            .collect(),
        Json::Array(items) => items
            .iter()
            .map(|p| match p {
                Json::Array(kv) if kv.len() == 2 => {
                    Ok((query_value(&kv[0])?, query_value(&kv[1])?))
                }
                _ => Err(format!("{p}: not a [name, value] pair")),
            })
            .collect(),
        _ => Err("expected a JSON object or an array of [name, value] pairs".into()),
    }
}

pub fn encode(a: EncodeArgs) -> ExitCode {
    let mut e = Urlencoder::new()
        .behaviour(a.python.get().behaviour)
        .doseq(a.doseq)
        .quote_via(match a.quote_via {
            Via::QuotePlus => QuoteVia::QuotePlus,
            Via::Quote => QuoteVia::Quote,
        });
    if let Some(s) = &a.safe {
        e = e.safe(s);
    }
    e = e.codec_options(a.codec.options());
    let docs = if a.json.is_empty() {
        let mut s = String::new();
        if let Err(err) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("urlsyntax encode: stdin: {err}");
            return ExitCode::FAILURE;
        }
        vec![s]
    } else {
        a.json
    };
    let mut failed = false;
    for doc in docs {
        let result = serde_json::from_str::<Json>(&doc)
            .map_err(|err| format!("not JSON: {err}"))
            .and_then(|j| query_pairs(&j))
            .and_then(|pairs| e.urlencode(pairs).map_err(|err| py_error(&err)));
        match result {
            Ok(s) => println!("{s}"),
            Err(err) => {
                eprintln!("urlsyntax encode: {}: {err}", doc.trim());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

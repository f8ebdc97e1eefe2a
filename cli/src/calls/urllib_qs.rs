//! The query-string calls of `urllib.parse`: `parse_qs`, `parse_qsl`,
//! `urlencode`, with the argument binding of the quoting calls
//! (`urllib_quote`), whose order of checks they follow too.

use super::urllib_quote::{answer, bind, codec_args, err, lib_err, safe_arg, SafeArg, R};
use super::value::{decode_arg, py_str, result_fields, Answer, Args, Py};
use urlsyntax::urllib::{
    Behaviour, Codec, CodecOptions, QsParser, QslRule, QueryValue, QuoteVia, Safe, Separator,
    Urlencoder,
};

/// Answers one call, or `None` when `name` is not one of these functions.
pub fn call(name: &str, args: &Args, profile: Behaviour) -> Option<Answer> {
    let r = match name {
        "parse_qs" => parse_q(args, profile, true),
        "parse_qsl" => parse_q(args, profile, false),
        "urlencode" => urlencode(args, profile),
        _ => return None,
    };
    Some(answer(r))
}

fn parse_q(args: &Args, profile: Behaviour, dict: bool) -> R {
    let a = bind(
        args,
        &[
            "qs",
            "keep_blank_values",
            "strict_parsing",
            "encoding",
            "errors",
            "max_num_fields",
            "separator",
        ],
        1,
    )?;
    let mut a = a;
    if profile.quirks().qsl != QslRule::NativeBytes {
        legacy_coerce(&mut a, profile.quirks().qsl_coerces_separator)?;
    }
    let mut p = QsParser::new().behaviour(profile);
    match &a[6] {
        None => {}
        Some(Py::Str(s)) => p = p.separator(Separator::Str(s.clone())),
        Some(Py::Bytes(b)) => p = p.separator(Separator::Bytes(b.clone())),
        Some(_) => return Err(err("ValueError")),
    }
    let truthy = |v: &Option<Py>| v.as_ref().is_some_and(Py::truthy);
    p = p
        .keep_blank_values(truthy(&a[1]))
        .strict_parsing(truthy(&a[2]));
    let (enc, errs) = codec_args(&a[3], &a[4], true);
    p = p.codec_options(CodecOptions::from_names(enc, errs));
    let mut bad_max = false;
    match &a[5] {
        None | Some(Py::None) => {}
        Some(Py::Int(n)) => p = p.max_num_fields(n.clamp_i64()),
        Some(Py::Bool(b)) => p = p.max_num_fields(*b as i64),
        Some(_) => bad_max = true,
    }
    let qs = a[0].clone().unwrap_or(Py::None);
    // A `max_num_fields` that cannot be compared fails once the separator
    // is checked and the query is known to be non-empty.
    if bad_max && profile.quirks().qsl != QslRule::NativeBytes {
        // Up to 3.12 the query and separator are coerced first, then the
        // uncomparable maximum fails whatever the query.
        if let Py::Bytes(b) = &qs {
            if !b.is_ascii() {
                return Err(err("UnicodeDecodeError"));
            }
        }
        p.clone()
            .strict_parsing(false)
            .parse_qsl("")
            .map_err(lib_err)?;
        return Err(err("TypeError"));
    }
    if bad_max {
        let probe = p.clone().strict_parsing(false);
        let empty = match &qs {
            Py::Str(s) => {
                probe.parse_qsl("").map_err(lib_err)?;
                s.is_empty()
            }
            Py::Bytes(b) => {
                probe
                    .parse_qsl_bytes(if b.is_empty() { b"" } else { b"x" })
                    .map_err(lib_err)?;
                b.is_empty()
            }
            other => !other.truthy(),
        };
        if !empty && matches!(qs, Py::Str(_) | Py::Bytes(_)) {
            return Err(err("TypeError"));
        }
    }
    let pair = |k: Py, v: Py| Py::Tuple(vec![k, v]);
    match &qs {
        Py::Str(s) => {
            if dict {
                let d = p.parse_qs(s).map_err(lib_err)?;
                Ok(Py::Dict(
                    d.into_iter()
                        .map(|(k, v)| {
                            let v = v.into_iter().map(|v| Py::Str(v.into_owned()));
                            (Py::Str(k.into_owned()), Py::List(v.collect()))
                        })
                        .collect(),
                ))
            } else {
                let l = p.parse_qsl(s).map_err(lib_err)?;
                Ok(Py::List(
                    l.into_iter()
                        .map(|(k, v)| pair(Py::Str(k.into_owned()), Py::Str(v.into_owned())))
                        .collect(),
                ))
            }
        }
        Py::Bytes(b) => {
            if dict {
                let d = p.parse_qs_bytes(b).map_err(lib_err)?;
                Ok(Py::Dict(
                    d.into_iter()
                        .map(|(k, v)| {
                            (
                                Py::Bytes(k),
                                Py::List(v.into_iter().map(Py::Bytes).collect()),
                            )
                        })
                        .collect(),
                ))
            } else {
                let l = p.parse_qsl_bytes(b).map_err(lib_err)?;
                Ok(Py::List(
                    l.into_iter()
                        .map(|(k, v)| pair(Py::Bytes(k), Py::Bytes(v)))
                        .collect(),
                ))
            }
        }
        other => {
            // The separator is checked first (an empty one is a ValueError);
            // up to 3.13 a text one meets an empty query as bytes.
            if profile.quirks().qsl_empty_bytes_convert_the_separator {
                p.check_separator().map_err(lib_err)?;
            } else {
                p.parse_qsl_bytes(b"").map_err(lib_err)?;
            }
            if other.truthy() {
                Err(err("TypeError"))
            } else if dict {
                Ok(Py::Dict(Vec::new()))
            } else {
                Ok(Py::List(Vec::new()))
            }
        }
    }
}

/// CPython up to 3.12 passes the query, then (from 3.8) the separator,
/// through `_coerce_args` first: a truthy value that is neither text nor
/// bytes has no `.decode` (`AttributeError`), a falsy one becomes empty
/// (an empty query is parsed as bytes; an empty separator is refused
/// later). Up to 3.7 a separator that is neither text nor bytes is refused
/// (`ValueError`), and a bytes one is left to the library.
fn legacy_coerce(a: &mut [Option<Py>], coerce_separator: bool) -> Result<(), Answer> {
    if let Some(qs) = a[0].as_ref().filter(|v| !matches!(v, Py::Str(_))) {
        a[0] = Some(Py::Bytes(decode_arg(qs)?.into_bytes()));
    }
    match a[6].as_ref() {
        None | Some(Py::Str(_)) => {}
        Some(Py::Bytes(_)) if !coerce_separator => {}
        Some(_) if !coerce_separator => return Err(err("ValueError")),
        Some(sep) => a[6] = Some(Py::Str(decode_arg(sep)?)),
    }
    Ok(())
}

fn query_value(v: &Py) -> Result<QueryValue, Answer> {
    Ok(match v {
        Py::None => QueryValue::None,
        Py::Bool(b) => QueryValue::Bool(*b),
        Py::Int(i) => i.to_query_value(),
        Py::Str(s) => QueryValue::Str(s.clone()),
        Py::Bytes(b) => QueryValue::Bytes(b.clone()),
        Py::Tuple(items) => {
            QueryValue::Seq(items.iter().map(query_value).collect::<Result<_, _>>()?)
        }
        Py::List(items) => {
            QueryValue::List(items.iter().map(query_value).collect::<Result<_, _>>()?)
        }
        Py::Dict(items) => QueryValue::Dict(
            items
                .iter()
                .map(|(k, v)| Ok((query_value(k)?, query_value(v)?)))
                .collect::<Result<_, Answer>>()?,
        ),
        Py::Result(name, items) => QueryValue::NamedTuple {
            name: name.to_string(),
            fields: result_fields(name)
                .iter()
                .zip(items)
                .map(|(f, v)| Ok((f.to_string(), query_value(v)?)))
                .collect::<Result<_, Answer>>()?,
        },
    })
}

/// `for k, v in query`: unpacks one item, or the exception Python raises.
fn unpack(item: &Py) -> Result<(Py, Py), Answer> {
    let two = |v: Vec<Py>| match <[Py; 2]>::try_from(v) {
        Ok([k, v]) => Ok((k, v)),
        Err(_) => Err(err("ValueError")),
    };
    match item {
        Py::List(items) | Py::Tuple(items) | Py::Result(_, items) => two(items.clone()),
        Py::Str(s) => two(s.chars().map(|c| Py::Str(c.to_string())).collect()),
        Py::Bytes(b) => two(b.iter().map(|&c| Py::int(c)).collect()),
        Py::Dict(items) => two(items.iter().map(|(k, _)| k.clone()).collect()),
        _ => Err(err("TypeError")),
    }
}

/// What urlencode raises when `safe` is neither text nor bytes, walking
/// the strings it quotes in CPython's order: `quote_plus` adds a space to
/// `safe` (`TypeError`) for a string holding one; `quote` encodes a
/// non-empty text first (its codec errors come first), then
/// `quote_from_bytes` iterates `safe` for non-empty bytes (`bad`). `None`
/// when every call succeeds, so the library's answer stands.
fn non_text_safe_failure(
    items: &[Py],
    doseq: bool,
    via: &str,
    bad: Option<Answer>,
    encoding: Option<String>,
    errors: Option<String>,
    profile: Behaviour,
) -> Option<Answer> {
    let mut operands: Vec<Py> = Vec::new();
    for item in items {
        // A pair that does not unpack fails after the pairs before it.
        let Ok((k, v)) = unpack(item) else {
            break;
        };
        operands.push(k);
        match v {
            Py::List(elts) | Py::Tuple(elts) | Py::Result(_, elts) if doseq => {
                operands.extend(elts)
            }
            Py::Dict(elts) if doseq => operands.extend(elts.into_iter().map(|(k, _)| k)),
            Py::Str(t) if doseq => operands.push(Py::Str(t)),
            v => operands.push(v),
        }
    }
    for op in operands {
        let (bytes, has_space) = match &op {
            Py::Bytes(b) => (Some(b.clone()), b.contains(&b' ')),
            other => {
                let t = match py_str(other, profile) {
                    Ok(t) => t,
                    Err(a) => return Some(a),
                };
                let space = t.contains(' ');
                if via == "quote_from_bytes" {
                    return Some(err("TypeError"));
                }
                if via == "quote_plus" && space {
                    return Some(err("TypeError"));
                }
                if t.is_empty() {
                    continue;
                }
                let name = encoding.clone().unwrap_or_else(|| "utf-8".into());
                let handler = errors.clone().unwrap_or_else(|| "strict".into());
                let encoded = Codec::lookup_in(&name, profile)
                    .and_then(|c| Ok(c.encode_in(&t, &handler, profile)?.into_owned()));
                match encoded {
                    Ok(b) => (Some(b), false),
                    Err(e) => return Some(lib_err(e)),
                }
            }
        };
        if via == "quote_plus" && has_space {
            return Some(err("TypeError"));
        }
        if bytes.is_some_and(|b| !b.is_empty()) {
            if let Some(why) = bad {
                return Some(why);
            }
        }
    }
    None
}

fn urlencode(args: &Args, profile: Behaviour) -> R {
    let a = bind(
        args,
        &["query", "doseq", "safe", "encoding", "errors", "quote_via"],
        1,
    )?;
    let doseq = a[1].as_ref().is_some_and(Py::truthy);
    let mut e = Urlencoder::new().behaviour(profile).doseq(doseq);
    // A `safe` that is neither text nor bytes is only looked at by the
    // quoting calls themselves: see `non_text_safe_failure`.
    let non_text_safe = !matches!(&a[2], None | Some(Py::Str(_)) | Some(Py::Bytes(_)));
    let mut bad_safe = None;
    match safe_arg(&a[2], Safe::NONE) {
        SafeArg::Good(s) => e = e.safe(s),
        SafeArg::Bad(why) => bad_safe = Some(why),
    }
    let (enc, errs) = codec_args(&a[3], &a[4], true);
    e = e.codec_options(CodecOptions::from_names(enc, errs));
    match &a[5] {
        None => {}
        Some(Py::Str(s)) => {
            e = e.quote_via(match s.as_str() {
                "quote" => QuoteVia::Quote,
                "quote_plus" => QuoteVia::QuotePlus,
                "quote_from_bytes" => QuoteVia::QuoteFromBytes,
                _ => return Err(Answer::unsupported("unknown quote_via")),
            })
        }
        Some(_) => {
            return Err(Answer::unsupported(
                "quote_via must be a function name keyword",
            ))
        }
    }
    let query = a[0].clone().unwrap_or(Py::None);
    let items: Vec<Py> = match &query {
        Py::Dict(items) => items
            .iter()
            .map(|(k, v)| Py::Tuple(vec![k.clone(), v.clone()]))
            .collect(),
        // `len(query) and not isinstance(query[0], tuple)`: the first pair
        // must be a tuple (a result object is one); later ones only unpack.
        Py::List(items) | Py::Tuple(items) | Py::Result(_, items) => {
            if let Some(first) = items.first() {
                if !matches!(first, Py::Tuple(_) | Py::Result(..)) {
                    return Err(err("TypeError"));
                }
            }
            items.clone()
        }
        Py::Str(s) if s.is_empty() => Vec::new(),
        Py::Bytes(b) if b.is_empty() => Vec::new(),
        _ => return Err(err("TypeError")),
    };
    let mut pairs = Vec::with_capacity(items.len());
    let mut failure = None;
    for item in &items {
        match unpack(item) {
            Ok((k, v)) => pairs.push((query_value(&k)?, query_value(&v)?)),
            Err(a) => {
                failure = Some(a);
                break;
            }
        }
    }
    if non_text_safe {
        let via = match &a[5] {
            Some(Py::Str(v)) => v.as_str(),
            _ => "quote_plus",
        };
        let (enc, errs) = codec_args(&a[3], &a[4], true);
        if let Some(why) = non_text_safe_failure(&items, doseq, via, bad_safe, enc, errs, profile) {
            return Err(why);
        }
    }
    let r = e.urlencode(pairs).map_err(lib_err)?;
    match failure {
        Some(a) => Err(a),
        None => Ok(Py::Str(r)),
    }
}

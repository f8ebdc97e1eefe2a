//! Input generators shared by the fuzz targets.
//!
//! Strings are built from pieces: URL delimiters, escapes, the hostile
//! strings of `tests/hostile/` (NFKC look-alikes, C0 controls, odd ports,
//! the three-host URL...) and arbitrary characters, so that a few bytes of
//! fuzzer input reach deep into the parsers. Calls of the conformance-calls
//! protocol (`../shared/docs/conformance-calls.md`) are built as JSON values.

use arbitrary::{Result, Unstructured};
use serde_json::{json, Value as Json};
use urlsyntax::fuzzing::pieces::NETURL_SYNTAXES;

pub mod codecs;

/// Pieces a generated string is made of (besides single characters).
pub const PIECES: &[&str] = &[
    "http:",
    "https:",
    "ftp:",
    "file:",
    "mailto:",
    "news:",
    "data:",
    "s3:",
    "HTTP:",
    "git+ssh:",
    "a1+.-:",
    "//",
    "/",
    "\\",
    "?",
    "#",
    "@",
    ":",
    ";",
    "=",
    "&",
    "[",
    "]",
    "%",
    "%2",
    "%41",
    "%zz",
    "%25",
    "%2F",
    "%00",
    "%80",
    "%ff",
    "%e2%82%ac",
    "..",
    ".",
    "../",
    "./",
    "/..",
    "/.",
    "+",
    " ",
    "\t",
    "\n",
    "\r",
    "\x00",
    "\x1f",
    "\x7f",
    "\u{85}",
    "\u{a0}",
    "\u{ff03}",
    "\u{2100}",
    "\u{ff0f}",
    "\u{ff20}",
    "\u{fe6b}",
    "\u{ff1a}",
    "\u{3002}",
    "\u{2047}",
    "\u{966}",
    "\u{967}",
    "\u{663}",
    "\u{ff11}",
    "\u{d55c}",
    // UTF-16 bytes holding ` `, `+`, `&`, `=` and `%`: none of them in the text.
    "\u{120}",
    "\u{2b20}",
    "\u{2526}",
    "\u{3d3d}",
    "é",
    "\u{10ffff}",
    "\u{200b}",
    "\u{feff}",
    "localhost",
    "example.com",
    "1.1.1.1",
    "127.0.0.1",
    "0x10",
    "-1",
    "0",
    "65535",
    "65536",
    "99999999999999999999",
    "[::1]",
    "[::1%25eth0]",
    "[fe80::1%eth0]",
    "[v1.example]",
    "prefix.[v1.example]",
    "[::ffff:1.2.3.4]",
    "[1:2:3:4:5:6:7:8]",
    "[::1",
    "::1]",
    "user",
    "user:pass@",
    "a=1",
    "a=1&b=2",
    "a;b",
    "=&=",
    "x",
    "A",
    "0",
    "9",
    "~",
    "*",
    "'",
    "!",
    "$",
    "(",
    ")",
    ",",
    "_",
    "-",
    "^",
    "`",
    "{",
    "}",
    "|",
    "<",
    ">",
    "\"",
    "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
    "http://a/b/c/d;p?q",
    "//host/path",
    "scheme:/..///bar",
    "javascript:alert(1)",
    "mailto:a@b?subject=x",
];

/// A string of pieces, ASCII characters and arbitrary characters.
pub fn text(u: &mut Unstructured<'_>) -> Result<String> {
    let n = u.int_in_range(0..=40)?;
    let mut s = String::new();
    for _ in 0..n {
        if u.is_empty() {
            break;
        }
        let b: u8 = u.arbitrary()?;
        if (b as usize) < PIECES.len() {
            s.push_str(PIECES[b as usize]);
        } else if b < 0xf0 {
            // printable ASCII and some C0 controls
            s.push(char::from(0x20 + (b % 0x5f)));
        } else {
            s.push(u.arbitrary::<char>()?);
        }
    }
    Ok(s)
}

/// Bytes built like [`text`], with raw bytes (possibly not UTF-8) too.
pub fn bytes(u: &mut Unstructured<'_>) -> Result<Vec<u8>> {
    let n = u.int_in_range(0..=40)?;
    let mut v = Vec::new();
    for _ in 0..n {
        if u.is_empty() {
            break;
        }
        let b: u8 = u.arbitrary()?;
        if (b as usize) < PIECES.len() {
            v.extend_from_slice(PIECES[b as usize].as_bytes());
        } else if b < 0xe0 {
            v.push(0x20 + (b % 0x5f));
        } else {
            v.push(u.arbitrary()?);
        }
    }
    Ok(v)
}

/// Lowercase hex, as the protocol writes bytes.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// str or bytes in the protocol's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `str` arguments.
    Str,
    /// `bytes` arguments.
    Bytes,
}

/// One argument of `mode`.
pub fn s_or_b(u: &mut Unstructured<'_>, mode: Mode) -> Result<Json> {
    Ok(match mode {
        Mode::Str => Json::String(text(u)?),
        Mode::Bytes => json!({ "bytes": hex(&bytes(u)?) }),
    })
}

/// An argument: usually of `mode`, sometimes of the other mode or an odd
/// value (falsy values, integers), to reach the `TypeError` paths.
pub fn arg(u: &mut Unstructured<'_>, mode: Mode) -> Result<Json> {
    Ok(match u.int_in_range(0u8..=31)? {
        0 => Json::Null,
        1 => json!(""),
        2 => json!({ "bytes": "" }),
        3 => json!(0),
        4 => json!(u.int_in_range(-3i64..=3)?),
        // An int past 64 bits (the protocol's ints are of any size).
        6 => {
            let digits: String = (0..u.int_in_range(19..=60)?)
                .map(|i| char::from(b'1' + (i % 9) as u8))
                .collect();
            let sign = if u.arbitrary()? { "-" } else { "" };
            Json::Number(
                format!("{sign}{digits}")
                    .parse()
                    .unwrap_or_else(|_| 0.into()),
            )
        }
        5 => s_or_b(
            u,
            if mode == Mode::Str {
                Mode::Bytes
            } else {
                Mode::Str
            },
        )?,
        _ => s_or_b(u, mode)?,
    })
}

fn mode(u: &mut Unstructured<'_>) -> Result<Mode> {
    Ok(if u.ratio(1u8, 3)? {
        Mode::Bytes
    } else {
        Mode::Str
    })
}

fn pick<'a>(u: &mut Unstructured<'_>, xs: &[&'a str]) -> Result<&'a str> {
    Ok(xs[u.choose_index(xs.len())?])
}

fn maybe<F>(
    u: &mut Unstructured<'_>,
    kw: &mut serde_json::Map<String, Json>,
    k: &str,
    f: F,
) -> Result<()>
where
    F: FnOnce(&mut Unstructured<'_>) -> Result<Json>,
{
    if u.ratio(1u8, 4)? {
        let v = f(u)?;
        kw.insert(k.to_string(), v);
    }
    Ok(())
}

fn boolish(u: &mut Unstructured<'_>) -> Result<Json> {
    Ok(match u.int_in_range(0u8..=5)? {
        0 => json!(0),
        1 => json!(1),
        2 => Json::Null,
        n => json!(n % 2 == 0),
    })
}

/// The attribute calls of the result types.
pub const SPLIT_ATTRS: &[&str] = &[
    "scheme", "netloc", "path", "query", "fragment", "username", "password", "hostname", "port",
    "geturl",
];

/// One urllib call of the protocol, with every parameter of the function
/// possibly given.
pub fn urllib_call(u: &mut Unstructured<'_>) -> Result<Json> {
    let m = mode(u)?;
    let mut kw = serde_json::Map::new();
    let mut args = Vec::new();
    let f: String = match u.int_in_range(0u8..=18)? {
        0..=3 => {
            let base = *u.choose(&["urlsplit", "urlparse", "urldefrag"])?;
            args.push(arg(u, m)?);
            if base != "urldefrag" {
                maybe(u, &mut kw, "scheme", |u| arg(u, m))?;
                maybe(u, &mut kw, "allow_fragments", boolish)?;
            }
            if u.ratio(1u8, 2)? {
                let attr = match base {
                    "urldefrag" => *u.choose(&["url", "fragment", "geturl", "port"])?,
                    "urlparse" if u.ratio(1u8, 8)? => "params",
                    _ => *u.choose(SPLIT_ATTRS)?,
                };
                format!("{base}.{attr}")
            } else {
                base.to_string()
            }
        }
        4 => {
            let n = if u.ratio(1u8, 10)? { 4 } else { 5 };
            let parts = (0..n).map(|_| arg(u, m)).collect::<Result<_>>()?;
            args.push(list_or_tuple(u, parts)?);
            "urlunsplit".into()
        }
        5 => {
            let n = if u.ratio(1u8, 10)? { 5 } else { 6 };
            let parts = (0..n).map(|_| arg(u, m)).collect::<Result<_>>()?;
            args.push(list_or_tuple(u, parts)?);
            "urlunparse".into()
        }
        6 | 7 => {
            args.push(arg(u, m)?);
            args.push(arg(u, m)?);
            maybe(u, &mut kw, "allow_fragments", boolish)?;
            "urljoin".into()
        }
        8 => {
            args.push(Json::String(text(u)?));
            "unwrap".into()
        }
        9 | 10 => {
            args.push(arg(u, m)?);
            maybe(u, &mut kw, "keep_blank_values", boolish)?;
            maybe(u, &mut kw, "strict_parsing", boolish)?;
            maybe(u, &mut kw, "encoding", |u| Ok(json!(codecs::encoding(u)?)))?;
            maybe(u, &mut kw, "errors", |u| Ok(json!(codecs::errors(u)?)))?;
            maybe(u, &mut kw, "max_num_fields", |u| {
                Ok(if u.ratio(1u8, 5)? {
                    Json::Null
                } else {
                    json!(u.int_in_range(-1i64..=6)?)
                })
            })?;
            maybe(u, &mut kw, "separator", |u| {
                Ok(match u.int_in_range(0u8..=6)? {
                    0 => json!(";"),
                    1 => json!(""),
                    2 => json!({ "bytes": "26" }),
                    3 => Json::Null,
                    _ => arg(u, m)?,
                })
            })?;
            (if u.ratio(1u8, 2)? {
                "parse_qs"
            } else {
                "parse_qsl"
            })
            .into()
        }
        11 | 12 => {
            args.push(arg(u, m)?);
            maybe(u, &mut kw, "safe", |u| arg(u, m))?;
            maybe(u, &mut kw, "encoding", |u| Ok(json!(codecs::encoding(u)?)))?;
            maybe(u, &mut kw, "errors", |u| Ok(json!(codecs::errors(u)?)))?;
            (if u.ratio(1u8, 2)? {
                "quote"
            } else {
                "quote_plus"
            })
            .into()
        }
        13 => {
            args.push(arg(u, Mode::Bytes)?);
            maybe(u, &mut kw, "safe", |u| arg(u, m))?;
            "quote_from_bytes".into()
        }
        14 | 15 => {
            args.push(arg(u, m)?);
            maybe(u, &mut kw, "encoding", |u| Ok(json!(codecs::encoding(u)?)))?;
            maybe(u, &mut kw, "errors", |u| Ok(json!(codecs::errors(u)?)))?;
            (if u.ratio(1u8, 2)? {
                "unquote"
            } else {
                "unquote_plus"
            })
            .into()
        }
        16 => {
            args.push(arg(u, m)?);
            "unquote_to_bytes".into()
        }
        _ => {
            let n = u.int_in_range(0..=4)?;
            let mut pairs = Vec::new();
            for _ in 0..n {
                let k = arg(u, m)?;
                let v = match u.int_in_range(0u8..=5)? {
                    0 => {
                        let items = (0..u.int_in_range(0..=3)?)
                            .map(|_| arg(u, m))
                            .collect::<Result<_>>()?;
                        list_or_tuple(u, items)?
                    }
                    1 => json!(u.int_in_range(-100i64..=100)?),
                    _ => arg(u, m)?,
                };
                pairs.push(json!([k, v]));
            }
            args.push(if u.ratio(1u8, 3)? {
                json!({ "dict": pairs })
            } else if u.ratio(7u8, 8)? {
                // urlencode's pairs are tuples (a list as the first is refused).
                let tuples = pairs.into_iter().map(|p| json!({ "tuple": p }));
                Json::Array(tuples.collect())
            } else {
                Json::Array(pairs)
            });
            maybe(u, &mut kw, "doseq", boolish)?;
            maybe(u, &mut kw, "safe", |u| arg(u, m))?;
            maybe(u, &mut kw, "encoding", |u| Ok(json!(codecs::encoding(u)?)))?;
            maybe(u, &mut kw, "errors", |u| Ok(json!(codecs::errors(u)?)))?;
            maybe(u, &mut kw, "quote_via", |u| {
                Ok(json!(pick(
                    u,
                    &["quote", "quote_plus", "quote_from_bytes"]
                )?))
            })?;
            "urlencode".into()
        }
    };
    Ok(json!({ "fn": f, "args": args, "kwargs": kw }))
}

/// A syntax name of the protocol's neturl calls, or now and then one no
/// syntax has.
fn syntax_name(u: &mut Unstructured<'_>) -> Result<&'static str> {
    if u.ratio(1u8, 16)? {
        Ok("nosuch")
    } else {
        pick(u, NETURL_SYNTAXES)
    }
}

fn parse_kwargs(u: &mut Unstructured<'_>, kw: &mut serde_json::Map<String, Json>) -> Result<()> {
    maybe(u, kw, "accept_8bits", |u| Ok(json!(u.arbitrary::<bool>()?)))?;
    maybe(u, kw, "enable_fragment", |u| {
        Ok(json!(u.arbitrary::<bool>()?))
    })?;
    maybe(u, kw, "base_syntax", |u| Ok(json!(syntax_name(u)?)))
}

/// The items as a list (a JSON array) or, more often, a tuple
/// (`{"tuple": [...]}`): Python tells them apart.
fn list_or_tuple(u: &mut Unstructured<'_>, items: Vec<Json>) -> Result<Json> {
    Ok(if u.ratio(1u8, 4)? {
        Json::Array(items)
    } else {
        json!({ "tuple": items })
    })
}

/// One neturl call of the protocol.
pub fn neturl_call(u: &mut Unstructured<'_>) -> Result<Json> {
    let mut kw = serde_json::Map::new();
    let strings = |u: &mut Unstructured<'_>| -> Result<Json> {
        let n = u.int_in_range(0..=5)?;
        Ok(Json::Array(
            (0..n)
                .map(|_| text(u).map(Json::String))
                .collect::<Result<_>>()?,
        ))
    };
    let (f, args) = match u.int_in_range(0u8..=12)? {
        0 => {
            parse_kwargs(u, &mut kw)?;
            ("parse_url", vec![json!(text(u)?)])
        }
        1 => {
            parse_kwargs(u, &mut kw)?;
            ("decoded", vec![json!(text(u)?)])
        }
        2 => (
            "url_of_string",
            vec![json!(syntax_name(u)?), json!(text(u)?)],
        ),
        3 => ("extract_url_scheme", vec![json!(text(u)?)]),
        4 => ("split_path", vec![json!(text(u)?)]),
        5 => ("join_path", vec![strings(u)?]),
        6 => ("norm_path", vec![strings(u)?]),
        7 => {
            maybe(u, &mut kw, "escape_hash", |u| {
                Ok(json!(u.arbitrary::<bool>()?))
            })?;
            ("fixup_url_string", vec![json!(text(u)?)])
        }
        8 => {
            maybe(u, &mut kw, "enable_fragment", |u| {
                Ok(json!(u.arbitrary::<bool>()?))
            })?;
            ("apply_relative_url", vec![json!(text(u)?), json!(text(u)?)])
        }
        9 => {
            for part in [
                "scheme", "user", "password", "host", "query", "fragment", "other",
            ] {
                maybe(u, &mut kw, part, |u| Ok(json!(text(u)?)))?;
            }
            for part in ["user_param", "path", "param"] {
                maybe(u, &mut kw, part, strings)?;
            }
            maybe(u, &mut kw, "port", |u| {
                Ok(json!(u.int_in_range(-2i64..=70000)?))
            })?;
            maybe(u, &mut kw, "encoded", |u| Ok(json!(u.arbitrary::<bool>()?)))?;
            ("make_url", vec![json!(syntax_name(u)?)])
        }
        10 => {
            parse_kwargs(u, &mut kw)?;
            ("local_path_of_file_url", vec![json!(text(u)?)])
        }
        11 => {
            maybe(u, &mut kw, "getcwd", |u| Ok(json!(text(u)?)))?;
            ("file_url_of_local_path", vec![json!(text(u)?)])
        }
        _ => {
            parse_kwargs(u, &mut kw)?;
            ("url_addr", vec![json!(text(u)?)])
        }
    };
    Ok(json!({ "fn": format!("neturl.{f}"), "args": args, "kwargs": kw }))
}

/// A syntax descriptor: one of the common table (possibly partial or with
/// fragments), or eleven arbitrary part settings.
pub fn syntax(u: &mut Unstructured<'_>) -> Result<urlsyntax::syntax::Syntax> {
    use urlsyntax::syntax::{Part, SchemeTable, Syntax};
    let table: Vec<&Syntax> = SchemeTable::common().iter().map(|(_, s)| s).collect();
    let part = |u: &mut Unstructured<'_>| -> Result<Part> {
        Ok(*u.choose(&[Part::NotRecognized, Part::Allowed, Part::Required])?)
    };
    let mut s = match u.int_in_range(0u8..=4)? {
        0 => Syntax::NULL,
        1 => Syntax::IP,
        2 => Syntax {
            scheme: part(u)?,
            user: part(u)?,
            user_param: part(u)?,
            password: part(u)?,
            host: part(u)?,
            port: part(u)?,
            path: part(u)?,
            param: part(u)?,
            query: part(u)?,
            fragment: part(u)?,
            other: part(u)?,
            accepts_8bits: u.arbitrary()?,
            enable_relative: u.arbitrary()?,
            constraint: if u.ratio(1u8, 8)? {
                Some(urlsyntax::syntax::Constraint::PathLength(
                    u.int_in_range(0..=4)?,
                ))
            } else {
                None
            },
        },
        _ => **u.choose(&table)?,
    };
    if u.ratio(1u8, 4)? {
        if let Some(p) = s.partial() {
            s = p;
        }
    }
    if u.ratio(1u8, 4)? {
        s = s.with_fragment();
    }
    if u.ratio(1u8, 8)? {
        s.accepts_8bits = true;
    }
    Ok(s)
}

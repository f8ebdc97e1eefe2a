//! Calls of the query-string and quoting functions of `urllib.parse`
//! (`parse_qs`, `parse_qsl`, the `quote` and `unquote` families,
//! `urlencode`), as `tests/gen/qs_calls.py` makes them: hostile text
//! (broken escapes, escapes of invalid UTF-8, astral characters, NUL,
//! `+`, `&`/`;` mixtures), bytes, odd separators, `max_num_fields` edges,
//! unknown encodings and error handlers, arguments of the wrong type,
//! lists beside tuples and integers beyond 64 bits.

use arbitrary::{Result, Unstructured};

use super::kinds::Function;
use super::url::{chance, pick};
use super::values::{Call, Value};

/// The pieces query text is made of.
const ATOMS: &[&str] = &[
    "a",
    "b",
    "key",
    "x",
    "1",
    "=",
    "==",
    "&",
    ";",
    "&&",
    ";;",
    "+",
    "++",
    " ",
    "%",
    "%4",
    "%zz",
    "%%",
    "%41",
    "%4a",
    "%4A",
    "%20",
    "%2B",
    "%26",
    "%3D",
    "%3b",
    "%C3%A9",
    "%c3",
    "%A9",
    "%E2%82%AC",
    "%E2%82",
    "%F0%9F%98%80",
    "%F0%9F%98",
    "%ED%A0%80",
    "%ED%BF%BF",
    "%C0%80",
    "%C1%BF",
    "%E0%80%80",
    "%F4%90%80%80",
    "%F5",
    "%FF",
    "%ff%fe",
    "%80",
    "%00",
    "%7F",
    "%0A",
    "%e9",
    "é",
    "ñ",
    "€",
    "😀",
    "\u{10FFFF}",
    "\0",
    "\x7f",
    "\u{80}",
    "\u{a0}",
    "\t",
    "\n",
    "\r",
    "/",
    "?",
    "#",
    ":",
    "@",
    "~",
    "-",
    "_",
    ".",
    "!",
    "*",
    "'",
    "(",
    ")",
    ",",
    "$",
    "\\",
    "\"",
    "<",
    ">",
    "[",
    "]",
    "{",
    "}",
    "|",
    "^",
    "`",
    "El Niño",
    "Ni%C3%B1o",
    "a=1",
    "b=2",
    "c=",
    "=d",
    "a=1&b=2",
    "a=1;b=2",
    "x=%",
    "%=%",
    "+=+",
    "k=v+w",
    "\u{130}",
    "\u{feff}",
    "\u{d7fb}",
];
const SEPARATORS: &[&str] = &[
    "&", ";", "&;", "=", "+", "%", "a", "é", "&&", "😀", " ", "\0",
];
const ENCODINGS: &[&str] = &[
    "utf-8",
    "UTF-8",
    "utf8",
    "UTF8",
    "utf_8",
    "U8",
    " utf-8 ",
    "utf--8",
    "latin-1",
    "latin1",
    "L1",
    "iso-8859-1",
    "ISO8859-1",
    "8859",
    "cp819",
    "ascii",
    "ASCII",
    "us-ascii",
    "646",
    "us",
    "bogus",
    "",
    "utf-9",
    "utf.8",
    "latin_2_x",
];
const ERRORS: &[&str] = &[
    "strict",
    "replace",
    "ignore",
    "backslashreplace",
    "xmlcharrefreplace",
    "bogus",
    "",
    "Strict",
    "REPLACE",
    // Handlers that only re-raise when encoding text without surrogates;
    // decoding, they would give lone surrogates, which answers cannot
    // carry: given to the quoting functions alone (`ERRORS_DECODING`).
    "surrogateescape",
    "surrogatepass",
];
/// The handlers given where text is decoded.
const ERRORS_DECODING: usize = ERRORS.len() - 2;
const SAFES: &[&str] = &[
    "",
    "/",
    "/:",
    "&=",
    " ",
    "+",
    "%",
    "é/",
    "~",
    "abc",
    "!$&'()*+,;=",
];
/// Integers past what a C long holds (and `i128`'s ends).
const BIG_INTS: [i128; 6] = [
    1 << 64,
    -(1 << 64),
    1 << 63,
    -(1 << 63) - 1,
    i128::MAX,
    i128::MIN,
];

/// A call of `function`, one of the query-string and quoting functions
/// (`parse_qs` ... `urlencode`; `calls.rs` sends no other).
pub(crate) fn query_call(u: &mut Unstructured<'_>, function: Function) -> Result<Call> {
    let mut kwargs = Vec::new();
    let args = match function {
        Function::ParseQs | Function::ParseQsl => parse_args(u, &mut kwargs)?,
        Function::Quote | Function::QuotePlus | Function::QuoteFromBytes => {
            quote_args(u, function, &mut kwargs)?
        }
        Function::Unquote | Function::UnquotePlus | Function::UnquoteToBytes => {
            unquote_args(u, function, &mut kwargs)?
        }
        _ => urlencode_args(u, &mut kwargs)?,
    };
    Ok(Call {
        function: function.name().to_string(),
        args,
        kwargs,
    })
}

/// `n` atoms (0 to 8 when `None`).
fn text(u: &mut Unstructured<'_>, n: Option<u8>) -> Result<String> {
    let n = match n {
        Some(n) => n,
        None => u.int_in_range(0..=8)?,
    };
    let mut s = String::new();
    for _ in 0..n {
        s.push_str(pick(u, ATOMS)?);
    }
    Ok(s)
}

/// `s` as UTF-8, three times in ten with up to three bytes after it that
/// UTF-8 does not end so.
fn utf8_bytes(u: &mut Unstructured<'_>, s: &str) -> Result<Value> {
    let mut b = s.as_bytes().to_vec();
    if chance(u, 30)? {
        for _ in 0..u.int_in_range(1u8..=3)? {
            const ENDS: [u8; 6] = [0x80, 0xff, 0xc3, 0xe9, 0x00, 0x7f];
            b.push(ENDS[u.choose_index(ENDS.len())?]);
        }
    }
    Ok(Value::Bytes(b))
}

fn str_value(s: &str) -> Value {
    Value::Str(s.to_string())
}

/// A tuple or, less often, a list of the same items.
fn sequence(u: &mut Unstructured<'_>, items: Vec<Value>) -> Result<Value> {
    Ok(if chance(u, 60)? {
        Value::Tuple(items)
    } else {
        Value::List(items)
    })
}

/// An argument of the wrong type.
fn wrong(u: &mut Unstructured<'_>) -> Result<Value> {
    let a = || str_value("a");
    Ok(match u.int_in_range(0u8..=12)? {
        0 => Value::None,
        1 => Value::Int(0),
        2 => Value::Int(1),
        3 => Value::Int(7),
        4 => Value::Bool(true),
        5 => Value::Bool(false),
        6 => Value::List(Vec::new()),
        7 => Value::List(vec![a()]),
        8 => Value::Dict(Vec::new()),
        9 => Value::Int(-1),
        10 => Value::Tuple(Vec::new()),
        11 => Value::Tuple(vec![a()]),
        _ => Value::Int(1 << 64),
    })
}

/// `encoding` and `errors`, each `percent` times in a hundred, mostly
/// names (known or not), sometimes of the wrong type; the handlers of
/// encoding alone where `encoding` is true.
fn codec_kwargs(
    u: &mut Unstructured<'_>,
    kwargs: &mut Vec<(&'static str, Value)>,
    percent: u8,
    encoding: bool,
) -> Result<()> {
    if chance(u, percent)? {
        let value = match chance(u, 93)? {
            true => str_value(pick(u, ENCODINGS)?),
            false => wrong(u)?,
        };
        kwargs.push(("encoding", value));
    }
    if chance(u, percent)? {
        let handlers = if encoding {
            ERRORS
        } else {
            &ERRORS[..ERRORS_DECODING]
        };
        let value = match chance(u, 93)? {
            true => str_value(pick(u, handlers)?),
            false => wrong(u)?,
        };
        kwargs.push(("errors", value));
    }
    Ok(())
}

fn parse_args(
    u: &mut Unstructured<'_>,
    kwargs: &mut Vec<(&'static str, Value)>,
) -> Result<Vec<Value>> {
    let n = u.int_in_range(0..=12)?;
    let query = text(u, Some(n))?;
    if chance(u, 30)? {
        let blank = [
            Value::Bool(true),
            Value::Bool(false),
            Value::Int(1),
            Value::Int(0),
            str_value(""),
            str_value("x"),
            Value::None,
        ];
        kwargs.push(("keep_blank_values", choose(u, blank)?));
    }
    if chance(u, 20)? {
        let strict = [
            Value::Bool(true),
            Value::Bool(false),
            Value::Int(1),
            Value::Int(0),
            Value::None,
        ];
        kwargs.push(("strict_parsing", choose(u, strict)?));
    }
    codec_kwargs(u, kwargs, 25, false)?;
    if chance(u, 25)? {
        kwargs.push(("max_num_fields", max_num_fields(u)?));
    }
    if chance(u, 30)? {
        kwargs.push(("separator", separator(u)?));
    }
    let arg = match u.int_in_range(0u8..=99)? {
        0..=66 => Value::Str(query),
        67..=69 => wrong(u)?,
        _ => utf8_bytes(u, &query)?,
    };
    let mut args = vec![arg];
    if chance(u, 5)? {
        args.push(Value::Bool(u.arbitrary()?));
    }
    Ok(args)
}

fn max_num_fields(u: &mut Unstructured<'_>) -> Result<Value> {
    if chance(u, 5)? {
        let one = Value::Int(1);
        let odd = [
            str_value("1"),
            Value::List(vec![one.clone()]),
            Value::Tuple(vec![one]),
        ];
        return choose(u, odd);
    }
    Ok(match u.int_in_range(0u8..=15)? {
        0 => Value::None,
        k @ 1..=3 => Value::Int(i128::from(k) - 1),
        4 => Value::Int(3),
        5 => Value::Int(5),
        6 => Value::Int(-1),
        7 => Value::Int(10i128.pow(18)),
        8 => Value::Bool(true),
        9 => Value::Bool(false),
        k => Value::Int(BIG_INTS[usize::from(k - 10)]),
    })
}

fn separator(u: &mut Unstructured<'_>) -> Result<Value> {
    if chance(u, 85)? {
        return Ok(str_value(pick(u, SEPARATORS)?));
    }
    let amp = || str_value("&");
    let odd = [
        Value::Bytes(b"&".to_vec()),
        Value::Bytes(b";".to_vec()),
        Value::Bytes(Vec::new()),
        str_value(""),
        Value::Bytes(vec![0xff]),
        Value::None,
        Value::Int(5),
        Value::List(vec![amp()]),
        Value::Tuple(vec![amp()]),
        Value::Tuple(Vec::new()),
        Value::List(Vec::new()),
    ];
    choose(u, odd)
}

fn quote_args(
    u: &mut Unstructured<'_>,
    function: Function,
    kwargs: &mut Vec<(&'static str, Value)>,
) -> Result<Vec<Value>> {
    let r = u.int_in_range(0u8..=99)?;
    let arg = if function == Function::QuoteFromBytes {
        match r {
            0..=89 => {
                let t = text(u, None)?;
                utf8_bytes(u, &t)?
            }
            _ if chance(u, 50)? => Value::Str(text(u, None)?),
            _ => wrong(u)?,
        }
    } else {
        match r {
            0..=59 => Value::Str(text(u, None)?),
            60..=94 => {
                let t = text(u, None)?;
                utf8_bytes(u, &t)?
            }
            _ => wrong(u)?,
        }
    };
    if chance(u, 40)? {
        kwargs.push(("safe", safe(u)?));
    }
    if function != Function::QuoteFromBytes {
        codec_kwargs(u, kwargs, 30, true)?;
    }
    Ok(vec![arg])
}

fn safe(u: &mut Unstructured<'_>) -> Result<Value> {
    if chance(u, 70)? {
        return Ok(str_value(pick(u, SAFES)?));
    }
    let items: Vec<Value> = match u.int_in_range(0u8..=11)? {
        0 => return Ok(Value::Bytes(b"/".to_vec())),
        1 => return Ok(Value::Bytes(vec![b'/', 0xff])),
        2 => return Ok(Value::Bytes(Vec::new())),
        3 => return Ok(Value::None),
        4 => return Ok(Value::Int(5)),
        5 => vec![Value::Int(47), Value::Int(200)],
        6 => vec![Value::Int(-1)],
        7 => vec![str_value("a")],
        8 => vec![Value::Bool(true)],
        9 => vec![Value::Int(1 << 64), Value::Int(47)],
        10 => vec![Value::Int(-(1 << 64))],
        _ => Vec::new(),
    };
    sequence(u, items)
}

fn unquote_args(
    u: &mut Unstructured<'_>,
    function: Function,
    kwargs: &mut Vec<(&'static str, Value)>,
) -> Result<Vec<Value>> {
    let arg = match u.int_in_range(0u8..=99)? {
        0..=69 => {
            let n = u.int_in_range(0..=10)?;
            Value::Str(text(u, Some(n))?)
        }
        70..=94 => {
            let t = text(u, None)?;
            utf8_bytes(u, &t)?
        }
        _ => {
            let s = str_value;
            let odd = [
                Value::None,
                Value::Int(0),
                Value::Int(3),
                Value::List(Vec::new()),
                Value::List(vec![s("%")]),
                Value::List(vec![s("a")]),
                Value::Dict(vec![(s("%"), Value::Int(1))]),
                Value::Bool(true),
                Value::Tuple(Vec::new()),
                Value::Tuple(vec![s("%")]),
                Value::Tuple(vec![s("a")]),
                Value::Int(1 << 64),
            ];
            choose(u, odd)?
        }
    };
    if function != Function::UnquoteToBytes {
        codec_kwargs(u, kwargs, 40, false)?;
    }
    Ok(vec![arg])
}

/// A value of a query: mostly text, bytes or a number; at the top and
/// one level down, sometimes a sequence or a dict of them.
fn query_value(u: &mut Unstructured<'_>, depth: u8) -> Result<Value> {
    let r = u.int_in_range(0u8..=99)?;
    if r < 70 || depth > 1 {
        return scalar(u);
    }
    if r < 90 {
        let n = u.int_in_range(0u8..=3)?;
        let items = (0..n)
            .map(|_| query_value(u, depth + 1))
            .collect::<Result<_>>()?;
        return sequence(u, items);
    }
    let mut keys = Vec::new();
    for _ in 0..u.int_in_range(0u8..=2)? {
        keys.push(text(u, Some(2))?);
    }
    keys.sort();
    keys.dedup();
    let items = keys
        .into_iter()
        .map(|k| Ok((Value::Str(k), query_value(u, depth + 1)?)))
        .collect::<Result<_>>()?;
    Ok(Value::Dict(items))
}

fn scalar(u: &mut Unstructured<'_>) -> Result<Value> {
    match u.int_in_range(0u8..=99)? {
        0..=54 => {
            let n = u.int_in_range(0..=4)?;
            Ok(Value::Str(text(u, Some(n))?))
        }
        55..=74 => {
            let n = u.int_in_range(0..=3)?;
            let t = text(u, Some(n))?;
            utf8_bytes(u, &t)
        }
        _ => Ok(match u.int_in_range(0u8..=12)? {
            0 => Value::Int(0),
            1 => Value::Int(1),
            2 => Value::Int(-5),
            3 => Value::Int(10i128.pow(18)),
            4 => Value::Bool(true),
            5 => Value::Bool(false),
            6 => Value::None,
            k => Value::Int(BIG_INTS[usize::from(k - 7)]),
        }),
    }
}

fn urlencode_args(
    u: &mut Unstructured<'_>,
    kwargs: &mut Vec<(&'static str, Value)>,
) -> Result<Vec<Value>> {
    let n = u.int_in_range(0u8..=4)?;
    let query = match u.int_in_range(0u8..=99)? {
        0..=29 => {
            let mut keys: Vec<String> = Vec::new();
            for _ in 0..n {
                let m = u.int_in_range(0..=3)?;
                let k = text(u, Some(m))?;
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
            let items = keys
                .into_iter()
                .map(|k| Ok((Value::Str(k), query_value(u, 0)?)))
                .collect::<Result<_>>()?;
            Value::Dict(items)
        }
        30..=92 => {
            // Pairs are tuples; a list pair is refused first, taken later.
            let mut pairs = Vec::new();
            for _ in 0..n {
                let pair = vec![scalar(u)?, query_value(u, 0)?];
                pairs.push(match chance(u, 90)? {
                    true => Value::Tuple(pair),
                    false => Value::List(pair),
                });
            }
            if !pairs.is_empty() && chance(u, 10)? {
                pairs.push(odd_pair(u)?);
            }
            match chance(u, 30)? {
                true => Value::Tuple(pairs),
                false => Value::List(pairs),
            }
        }
        _ => {
            let s = str_value;
            let odd = [
                s(""),
                s("ab"),
                Value::Bytes(Vec::new()),
                Value::Int(5),
                Value::None,
                Value::List(vec![s("ab")]),
                Value::List(Vec::new()),
                Value::Dict(Vec::new()),
                Value::Tuple(Vec::new()),
                Value::Tuple(vec![s("ab")]),
                Value::Int(1 << 64),
            ];
            choose(u, odd)?
        }
    };
    if chance(u, 50)? {
        let doseq = [
            Value::Bool(true),
            Value::Bool(false),
            Value::Int(1),
            Value::Int(0),
        ];
        kwargs.push(("doseq", choose(u, doseq)?));
    }
    if chance(u, 30)? {
        let value = match u.int_in_range(0..=SAFES.len() + 1)? {
            k if k < SAFES.len() => str_value(SAFES[k]),
            k if k == SAFES.len() => Value::Bytes(b"/".to_vec()),
            _ => Value::Bytes(b" ".to_vec()),
        };
        kwargs.push(("safe", value));
    }
    codec_kwargs(u, kwargs, 25, false)?;
    if chance(u, 30)? {
        let via = pick(u, &["quote", "quote_plus", "quote_from_bytes"])?;
        kwargs.push(("quote_via", str_value(via)));
    }
    Ok(vec![query])
}

/// An item of a query's sequence that is no pair.
fn odd_pair(u: &mut Unstructured<'_>) -> Result<Value> {
    let s = str_value;
    let odd = [
        Value::Tuple(vec![s("a")]),
        Value::Tuple(vec![s("a"), s("b"), s("c")]),
        Value::List(vec![s("a"), s("b")]),
        s("ab"),
        s("abc"),
        Value::Bytes(b"ab".to_vec()),
        Value::Int(5),
        Value::None,
    ];
    choose(u, odd)
}

/// One of `items` (the first when the bytes are zero or run out).
fn choose<const N: usize>(u: &mut Unstructured<'_>, items: [Value; N]) -> Result<Value> {
    let k = u.choose_index(N)?;
    Ok(items.into_iter().nth(k).unwrap_or(Value::None))
}

#[cfg(test)]
mod tests;

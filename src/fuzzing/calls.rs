//! Calls of the conformance-calls protocol on generated URLs: the
//! structure functions of `urllib.parse` (as `tests/gen/split_calls.py`
//! makes them: str and bytes, keywords, odd argument types, attribute
//! calls), its query-string and quoting functions ([`query`](super::query))
//! and Neturl's `parse_url`.

use arbitrary::{Arbitrary, Result, Unstructured};

use super::kinds::{Attribute, CallKind, Function};
use super::pieces::{BASES, FRAGMENTS, HOSTS, PATHS, PORTS, QUERIES, RELATIVE, SCHEMES, USERINFO};
use super::query::query_call;
use super::url::{chance, pick, to_bytes, url_text, UrlBytes};
use super::values::{Call, Value};

/// Makes calls of the chosen kinds; `missing_as_none` adds CPython 3.15's
/// keywords (`missing_as_none`, `keep_empty`), for a release that has them.
/// The same bytes make the same calls with them or without, but for the
/// keywords (and the absent components of `urlunsplit`): a seed compares
/// releases on the same calls.
#[derive(Clone, Debug)]
pub struct CallGenerator {
    kinds: Vec<CallKind>,
    missing_as_none: bool,
}

impl Default for CallGenerator {
    fn default() -> Self {
        CallGenerator::new(CallKind::urllib())
    }
}

impl CallGenerator {
    /// Calls of `kinds` (every urllib function when empty).
    pub fn new(kinds: Vec<CallKind>) -> Self {
        let kinds = if kinds.is_empty() {
            CallKind::urllib()
        } else {
            kinds
        };
        CallGenerator {
            kinds,
            missing_as_none: false,
        }
    }

    /// With CPython 3.15's keywords or without.
    pub fn with_missing_as_none(mut self, on: bool) -> Self {
        self.missing_as_none = on;
        self
    }

    /// The kinds of calls made.
    pub fn kinds(&self) -> &[CallKind] {
        &self.kinds
    }

    /// One call, of a kind chosen from the bytes.
    pub fn call(&self, u: &mut Unstructured<'_>) -> Result<Call> {
        let kind = self.kinds[u.choose_index(self.kinds.len())?];
        self.call_of(u, kind)
    }

    /// One call of `kind`.
    pub fn call_of(&self, u: &mut Unstructured<'_>, kind: CallKind) -> Result<Call> {
        let mut call = match kind.function {
            Function::Urlsplit | Function::Urlparse => self.split_call(u, kind.function)?,
            Function::Urlunsplit => self.unsplit_call(u, 5)?,
            Function::Urlunparse => self.unsplit_call(u, 6)?,
            Function::Urljoin => join_call(u)?,
            Function::Urldefrag => self.defrag_call(u)?,
            Function::Unwrap => unwrap_call(u)?,
            Function::NeturlParseUrl => neturl_call(u)?,
            Function::ParseQs
            | Function::ParseQsl
            | Function::Quote
            | Function::QuotePlus
            | Function::QuoteFromBytes
            | Function::Unquote
            | Function::UnquotePlus
            | Function::UnquoteToBytes
            | Function::Urlencode => query_call(u, kind.function)?,
        };
        call.function = match kind.attribute {
            Attribute::Plain => kind.function.name().to_string(),
            Attribute::Named(a) => format!("{}.{a}", kind.function.name()),
            Attribute::Mixed if !kind.function.attributes().is_empty() && chance(u, 55)? => {
                let a = pick(u, kind.function.attributes())?;
                format!("{}.{a}", kind.function.name())
            }
            Attribute::Mixed => kind.function.name().to_string(),
        };
        Ok(call)
    }

    /// `url` through `kind` with default arguments (`urljoin` against a
    /// fixed base); `None` for the functions that take no URL (`urlunsplit`,
    /// `urlunparse`, `urlencode`). The query-string and quoting functions
    /// take it as their text (`quote_from_bytes` as UTF-8).
    pub fn call_with_url(&self, kind: CallKind, url: &str) -> Option<Call> {
        let mut args = vec![Value::Str(url.to_string())];
        match kind.function {
            Function::Urlunsplit | Function::Urlunparse | Function::Urlencode => return None,
            Function::Urljoin => args.insert(0, Value::Str(BASES[0].to_string())),
            Function::QuoteFromBytes => args = vec![Value::Bytes(url.as_bytes().to_vec())],
            _ => {}
        }
        let function = match kind.attribute {
            Attribute::Named(a) => format!("{}.{a}", kind.function.name()),
            Attribute::Plain | Attribute::Mixed => kind.function.name().to_string(),
        };
        Some(Call {
            function,
            args,
            kwargs: Vec::new(),
        })
    }

    fn split_call(&self, u: &mut Unstructured<'_>, function: Function) -> Result<Call> {
        let url = url_text(u)?;
        let mut args = vec![Value::Str(url.clone())];
        let mut scheme = None;
        let mut kwargs = Vec::new();
        if chance(u, 20)? {
            let s = pick(u, &["http", "ftp", " x\t", "", "HTTPS", "s3"])?;
            scheme = Some(if chance(u, 15)? {
                Value::None
            } else {
                Value::Str(s.to_string())
            });
        }
        if chance(u, 20)? {
            kwargs.push(("allow_fragments", boolish(u)?));
        }
        if chance(u, 18)? {
            args = vec![Value::Bytes(to_bytes(u, &url)?)];
            if let Some(Value::Str(s)) = &scheme {
                if chance(u, 70)? {
                    scheme = Some(Value::Bytes(to_bytes(u, s)?));
                }
            }
        }
        if chance(u, 3)? {
            args = vec![odd_value(u)?];
        }
        if chance(u, 3)? {
            scheme = Some(odd_value(u)?);
        }
        if (scheme.is_some() || !kwargs.is_empty()) && chance(u, 10)? {
            args.push(scheme.take().unwrap_or_else(|| Value::Str(String::new())));
        }
        if let Some(s) = scheme {
            kwargs.insert(0, ("scheme", s));
        }
        self.new_keyword(u, &mut kwargs, "missing_as_none")?;
        Ok(Call {
            function: function.name().to_string(),
            args,
            kwargs,
        })
    }

    fn unsplit_call(&self, u: &mut Unstructured<'_>, n: usize) -> Result<Call> {
        let mut parts: Vec<Value> = Vec::with_capacity(n);
        let scheme = pick(u, SCHEMES)?.to_lowercase();
        let netloc = [pick(u, USERINFO)?, pick(u, HOSTS)?, pick(u, PORTS)?].concat();
        let path = pick(u, PATHS)?;
        let query = drop_first(pick(u, QUERIES)?);
        let fragment = drop_first(pick(u, FRAGMENTS)?);
        let blank_netloc = chance(u, 30)?;
        let blank_scheme = chance(u, 30)?;
        for (i, p) in [&*scheme, &netloc, path, query, fragment]
            .iter()
            .enumerate()
        {
            let blank = (i == 0 && blank_scheme) || (i == 1 && blank_netloc);
            parts.push(Value::Str(if blank { "" } else { p }.to_string()));
        }
        if n == 6 {
            let params = pick(u, &["", "p", "a=1;b", ";"])?;
            parts.insert(3, Value::Str(params.to_string()));
        }
        if chance(u, 15)? {
            for p in &mut parts {
                if let Value::Str(s) = p {
                    *p = Value::Bytes(to_bytes(u, s)?);
                }
            }
        } else if chance(u, 8)? {
            let i = u.choose_index(n)?;
            parts[i] = match &parts[i] {
                Value::Str(s) if chance(u, 30)? => Value::Bytes(to_bytes(u, s)?),
                _ => odd_value(u)?,
            };
        }
        // Absent components, as missing_as_none gives them.
        if chance(u, 20)? {
            for p in &mut parts {
                if *p == Value::Str(String::new()) && chance(u, 60)? && self.missing_as_none {
                    *p = Value::None;
                }
            }
        }
        if chance(u, 2)? {
            if chance(u, 50)? {
                parts.pop();
            } else {
                parts.push(Value::Str(String::new()));
            }
        }
        let arg = if chance(u, 2)? {
            Value::Str(url_text(u)?)
        } else if chance(u, 20)? {
            Value::List(parts)
        } else {
            Value::Tuple(parts)
        };
        let mut kwargs = Vec::new();
        self.new_keyword(u, &mut kwargs, "keep_empty")?;
        let function = if n == 5 { "urlunsplit" } else { "urlunparse" };
        Ok(Call {
            function: function.to_string(),
            args: vec![arg],
            kwargs,
        })
    }

    /// 3.15's `keyword`, a fifth of the time when the release has it (the
    /// bytes are read either way).
    fn new_keyword(
        &self,
        u: &mut Unstructured<'_>,
        kwargs: &mut Vec<(&'static str, Value)>,
        keyword: &'static str,
    ) -> Result<()> {
        let (given, value) = (chance(u, 20)?, missing_flag(u)?);
        if given && self.missing_as_none {
            kwargs.push((keyword, value));
        }
        Ok(())
    }

    fn defrag_call(&self, u: &mut Unstructured<'_>) -> Result<Call> {
        let mut arg = str_or_bytes(u, 15)?;
        let mut kwargs = Vec::new();
        self.new_keyword(u, &mut kwargs, "missing_as_none")?;
        if chance(u, 1)? {
            arg = odd_value(u)?;
        }
        Ok(Call {
            function: "urldefrag".into(),
            args: vec![arg],
            kwargs,
        })
    }
}

impl<'a> Arbitrary<'a> for Call {
    /// A call of any urllib function, without 3.15's keywords.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        CallGenerator::default().call(u)
    }
}

fn join_call(u: &mut Unstructured<'_>) -> Result<Call> {
    let base = if chance(u, 50)? {
        url_text(u)?
    } else {
        pick(u, BASES)?.to_string()
    };
    let mut rel = if chance(u, 40)? {
        url_text(u)?
    } else {
        pick(u, RELATIVE)?.to_string()
    };
    if chance(u, 10)? {
        let segments = (0..u.int_in_range(1u8..=8)?)
            .map(|_| pick(u, &["..", ".", "a", "", "b"]))
            .collect::<Result<Vec<_>>>()?;
        rel = segments.join("/");
    }
    let mut args = vec![Value::Str(base.clone()), Value::Str(rel.clone())];
    if chance(u, 12)? {
        args = vec![
            Value::Bytes(to_bytes(u, &base)?),
            Value::Bytes(to_bytes(u, &rel)?),
        ];
    } else if chance(u, 3)? {
        let i = u.choose_index(2)?;
        args[i] = if chance(u, 50)? {
            Value::Bytes(to_bytes(u, [&base, &rel][i])?)
        } else {
            odd_value(u)?
        };
    }
    let mut kwargs = Vec::new();
    if chance(u, 10)? {
        kwargs.push(("allow_fragments", boolish(u)?));
    }
    Ok(Call {
        function: "urljoin".into(),
        args,
        kwargs,
    })
}

fn unwrap_call(u: &mut Unstructured<'_>) -> Result<Call> {
    let url = url_text(u)?;
    let wrapped = pick(u, super::pieces::WRAPPERS)?.replace("%s", &url);
    let arg = if chance(u, 2)? {
        odd_value(u)?
    } else if chance(u, 10)? {
        Value::Bytes(to_bytes(u, &wrapped)?)
    } else {
        Value::Str(wrapped)
    };
    Ok(Call {
        function: "unwrap".into(),
        args: vec![arg],
        kwargs: Vec::new(),
    })
}

fn neturl_call(u: &mut Unstructured<'_>) -> Result<Call> {
    let url = url_text(u)?;
    let mut kwargs = Vec::new();
    if chance(u, 25)? {
        kwargs.push(("enable_fragment", Value::Bool(u.arbitrary()?)));
    }
    if chance(u, 20)? {
        kwargs.push(("accept_8bits", Value::Bool(u.arbitrary()?)));
    }
    if chance(u, 10)? {
        let syntax = pick(u, &["http", "ftp", "file", "mailto", "null", "ip"])?;
        kwargs.push(("base_syntax", Value::Str(syntax.to_string())));
    }
    Ok(Call {
        function: "neturl.parse_url".into(),
        args: vec![Value::Str(url)],
        kwargs,
    })
}

/// A URL as `str`, or as `bytes` `percent` times in a hundred.
fn str_or_bytes(u: &mut Unstructured<'_>, percent: u8) -> Result<Value> {
    if chance(u, percent)? {
        let UrlBytes(b) = UrlBytes::arbitrary(u)?;
        return Ok(Value::Bytes(b));
    }
    Ok(Value::Str(url_text(u)?))
}

/// A flag as Python code passes one: a bool, 0, 1 or None.
fn boolish(u: &mut Unstructured<'_>) -> Result<Value> {
    Ok(match u.int_in_range(0u8..=4)? {
        0 => Value::Bool(false),
        1 => Value::Bool(true),
        2 => Value::Int(0),
        3 => Value::None,
        _ => Value::Int(1),
    })
}

/// `missing_as_none` and `keep_empty`: mostly true.
fn missing_flag(u: &mut Unstructured<'_>) -> Result<Value> {
    Ok(match u.int_in_range(0u8..=6)? {
        0..=2 => Value::Bool(true),
        3 => Value::Bool(false),
        4 => Value::Int(1),
        5 => Value::Int(0),
        _ => Value::None,
    })
}

/// Arguments of the wrong type or falsy: the `TypeError` paths.
fn odd_value(u: &mut Unstructured<'_>) -> Result<Value> {
    let s = |t: &str| Value::Str(t.to_string());
    Ok(match u.int_in_range(0u8..=14)? {
        0 => Value::None,
        1 => Value::Int(0),
        2 => Value::Bool(false),
        3 => Value::Bool(true),
        4 => Value::Int(1),
        5 => Value::List(Vec::new()),
        6 => Value::Bytes(Vec::new()),
        7 => s(""),
        8 => Value::List(vec![s("")]),
        9 => Value::Dict(Vec::new()),
        10 => Value::Bytes(vec![0xff]),
        11 => Value::Tuple(Vec::new()),
        12 => Value::Tuple(vec![s("")]),
        13 => Value::Tuple(vec![Value::List(Vec::new())]),
        _ => Value::Int(1 << 64),
    })
}

/// `s` without its first character (`"?q"` is the query `"q"`).
fn drop_first(s: &str) -> &str {
    s.char_indices().nth(1).map_or("", |(i, _)| &s[i..])
}

#[cfg(test)]
mod tests;

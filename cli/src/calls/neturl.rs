//! `neturl.*` calls: the section "Neturl calls" of
//! `../shared/docs/conformance-calls.md`, answered with
//! [`urlsyntax::neturl`].

use serde_json::{Map, Value as Json};
use urlsyntax::neturl::{
    self, Encoding, Error, ParseOptions, Parts, PathStyle, SchemeTable, Syntax, Url,
};

use super::value::{hex, Answer, Args};

impl From<Error> for Outcome {
    fn from(e: Error) -> Self {
        Outcome::Err(e)
    }
}

/// Why a call has no `ok` answer.
enum Outcome {
    /// Neturl raised this.
    Err(Error),
    /// The call cannot be expressed.
    Unsupported(String),
}

fn unsupported(why: impl Into<String>) -> Outcome {
    Outcome::Unsupported(why.into())
}

/// A syntax name: `null`, `ip` or a scheme of the common table, with an
/// optional `partial:` prefix and `+fragment` suffix.
fn syntax_of_name(name: &str) -> Result<Syntax, Outcome> {
    let (name, partial) = match name.strip_prefix("partial:") {
        Some(n) => (n, true),
        None => (name, false),
    };
    let (name, frag) = match name.strip_suffix("+fragment") {
        Some(n) => (n, true),
        None => (name, false),
    };
    let mut syn = match name {
        "null" => Syntax::NULL,
        "ip" => Syntax::IP,
        n => SchemeTable::common()
            .get(n)
            .filter(|_| n.bytes().all(|b| !b.is_ascii_uppercase()))
            .cloned()
            .ok_or_else(|| unsupported(format!("unknown syntax name {n:?}")))?,
    };
    if partial {
        syn = syn.partial().ok_or(Outcome::Err(Error::Failure {
            function: "partial_url_syntax",
            reason: "no relative URLs",
        }))?;
    }
    if frag {
        syn.fragment = neturl::Part::Allowed;
    }
    Ok(syn)
}

fn jbytes(b: Vec<u8>) -> Json {
    match String::from_utf8(b) {
        Ok(s) => Json::String(s),
        Err(e) => serde_json::json!({ "bytes": hex(e.as_bytes()) }),
    }
}

fn jlist(l: &[String]) -> Json {
    Json::Array(l.iter().map(|s| Json::String(s.clone())).collect())
}

/// The URL object of the protocol.
fn url_json(u: &Url) -> Json {
    let mut m = Map::new();
    let mut put = |k: &str, v: Option<Json>| {
        if let Some(v) = v {
            m.insert(k.to_string(), v);
        }
    };
    let s = |r: Option<&str>| r.map(|x| Json::String(x.to_string()));
    let l = |x: neturl::StrList<'_>| (!x.is_empty()).then(|| jlist(&x.to_vec()));
    put("scheme", s(u.scheme()));
    put("user", s(u.user()));
    put("user_param", l(u.user_param()));
    put("password", s(u.password()));
    put("host", s(u.host()));
    put("port", u.port().map(Json::from));
    put("path", l(u.path()));
    put("param", l(u.param()));
    put("query", s(u.query()));
    put("fragment", s(u.fragment()));
    put("other", s(u.other()));
    put("string", Some(Json::String(u.to_string())));
    Json::Object(m)
}

fn decoded_json(u: &Url) -> Json {
    let mut m = Map::new();
    let mut put = |k: &str, v: Option<Json>| {
        if let Some(v) = v {
            m.insert(k.to_string(), v);
        }
    };
    let one = |r: Option<Vec<u8>>| r.map(jbytes);
    let many =
        |l: Vec<Vec<u8>>| (!l.is_empty()).then(|| Json::Array(l.into_iter().map(jbytes).collect()));
    put("user", one(u.user_decoded()));
    put("user_param", many(u.user_param_decoded()));
    put("password", one(u.password_decoded()));
    put("path", many(u.path_decoded()));
    put("param", many(u.param_decoded()));
    put("query", one(u.query_decoded()));
    put("fragment", one(u.fragment_decoded()));
    put("other", one(u.other_decoded()));
    Json::Object(m)
}

struct Call<'a> {
    args: &'a [Json],
    kwargs: &'a Map<String, Json>,
}

static EMPTY_ARGS: Vec<Json> = Vec::new();

impl<'a> Call<'a> {
    fn check_kwargs(&self, allowed: &[&str]) -> Result<(), Outcome> {
        match self.kwargs.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(k) => Err(unsupported(format!("unknown kwarg {k:?}"))),
            None => Ok(()),
        }
    }
    fn kw(&self, name: &str) -> Option<&'a Json> {
        self.kwargs.get(name).filter(|v| !v.is_null())
    }
    fn kw_bool(&self, name: &str) -> Result<Option<bool>, Outcome> {
        self.kw(name)
            .map(|v| v.as_bool().ok_or_else(|| unsupported("expected a bool")))
            .transpose()
    }
    fn kw_str(&self, name: &str) -> Result<Option<String>, Outcome> {
        self.kw(name).map(to_string).transpose()
    }
    fn kw_list(&self, name: &str) -> Result<Option<Vec<String>>, Outcome> {
        self.kw(name).map(to_list).transpose()
    }
    fn one(&self) -> Result<&'a Json, Outcome> {
        match self.args {
            [a] => Ok(a),
            _ => Err(unsupported("expected one argument")),
        }
    }
    fn two(&self) -> Result<(&'a Json, &'a Json), Outcome> {
        match self.args {
            [a, b] => Ok((a, b)),
            _ => Err(unsupported("expected two arguments")),
        }
    }
}

fn to_string(v: &Json) -> Result<String, Outcome> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| unsupported("expected a string"))
}

fn to_list(v: &Json) -> Result<Vec<String>, Outcome> {
    v.as_array()
        .ok_or_else(|| unsupported("expected an array of strings"))?
        .iter()
        .map(to_string)
        .collect()
}

const PARSE_KW: &[&str] = &["accept_8bits", "enable_fragment", "base_syntax"];

fn parse_with(c: &Call<'_>, s: &str) -> Result<Url, Outcome> {
    let base = c
        .kw_str("base_syntax")?
        .map(|n| syntax_of_name(&n))
        .transpose()?;
    let opts = ParseOptions {
        schemes: None,
        base_syntax: base.as_ref(),
        accept_8bits: c.kw_bool("accept_8bits")?.unwrap_or(false),
        enable_fragment: c.kw_bool("enable_fragment")?.unwrap_or(false),
    };
    Ok(neturl::parse_url(s, &opts)?)
}

fn dispatch(name: &str, c: &Call<'_>) -> Result<Json, Outcome> {
    Ok(match name {
        "parse_url" => {
            c.check_kwargs(PARSE_KW)?;
            url_json(&parse_with(c, &to_string(c.one()?)?)?)
        }
        "decoded" => {
            c.check_kwargs(PARSE_KW)?;
            decoded_json(&parse_with(c, &to_string(c.one()?)?)?)
        }
        "url_of_string" => {
            c.check_kwargs(&[])?;
            let (syn, s) = c.two()?;
            let syn = syntax_of_name(&to_string(syn)?)?;
            url_json(&Url::parse_with(&syn, &to_string(s)?)?)
        }
        "extract_url_scheme" => {
            c.check_kwargs(&[])?;
            Json::String(neturl::extract_url_scheme(&to_string(c.one()?)?)?)
        }
        "split_path" => {
            c.check_kwargs(&[])?;
            jlist(&neturl::split_path(&to_string(c.one()?)?))
        }
        "join_path" => {
            c.check_kwargs(&[])?;
            Json::String(neturl::join_path(&to_list(c.one()?)?))
        }
        "norm_path" => {
            c.check_kwargs(&[])?;
            jlist(&neturl::norm_path(&to_list(c.one()?)?))
        }
        "fixup_url_string" => {
            c.check_kwargs(&["escape_hash"])?;
            let h = c.kw_bool("escape_hash")?.unwrap_or(false);
            Json::String(neturl::fixup_url_string(&to_string(c.one()?)?, h))
        }
        "apply_relative_url" => {
            c.check_kwargs(&["enable_fragment"])?;
            let frag = c.kw_bool("enable_fragment")?.unwrap_or(false);
            let (b, r) = c.two()?;
            let opts = ParseOptions {
                enable_fragment: frag,
                ..ParseOptions::default()
            };
            let base = neturl::parse_url(&to_string(b)?, &opts)?;
            let mut syn = base.syntax().partial().ok_or(Error::Failure {
                function: "partial_url_syntax",
                reason: "no relative URLs",
            })?;
            if frag {
                syn.fragment = neturl::Part::Allowed;
            }
            let rel = Url::parse_with(&syn, &to_string(r)?)?;
            url_json(&neturl::apply_relative_url(&base, &rel)?)
        }
        "make_url" => {
            c.check_kwargs(&[
                "encoded",
                "scheme",
                "user",
                "user_param",
                "password",
                "host",
                "port",
                "path",
                "param",
                "query",
                "fragment",
                "other",
            ])?;
            let syn = syntax_of_name(&to_string(c.one()?)?)?;
            let port = match c.kw("port") {
                None => None,
                // OCaml ints have 63 bits: larger numbers are not ints there.
                Some(v) => Some(
                    v.as_i64()
                        .filter(|i| (-(1i64 << 62)..(1i64 << 62)).contains(i))
                        .ok_or_else(|| unsupported("expected an integer"))?,
                ),
            };
            // `Parts` holds a `u16`: an OCaml int outside 0..65535 is
            // malformed, once the syntax itself is valid.
            let port = match port.map(u16::try_from) {
                Some(Err(_)) if syn.is_valid() => {
                    return Err(Error::Malformed {
                        part: neturl::Component::Port,
                        reason: "not in 0..65535",
                    }
                    .into())
                }
                p => p.and_then(Result::ok),
            };
            let parts = Parts {
                scheme: c.kw_str("scheme")?,
                user: c.kw_str("user")?,
                user_param: c.kw_list("user_param")?,
                password: c.kw_str("password")?,
                host: c.kw_str("host")?,
                port,
                path: c.kw_list("path")?,
                param: c.kw_list("param")?,
                query: c.kw_str("query")?,
                fragment: c.kw_str("fragment")?,
                other: c.kw_str("other")?,
                ..Parts::default()
            };
            let enc = if c.kw_bool("encoded")?.unwrap_or(false) {
                Encoding::Encoded
            } else {
                Encoding::Decoded
            };
            url_json(&Url::build(&syn, &parts, enc)?)
        }
        "local_path_of_file_url" => {
            c.check_kwargs(PARSE_KW)?;
            let u = parse_with(c, &to_string(c.one()?)?)?;
            jbytes(neturl::local_path_of_file_url(&u, PathStyle::Unix)?)
        }
        "file_url_of_local_path" => {
            c.check_kwargs(&["getcwd"])?;
            let cwd = c.kw_str("getcwd")?.unwrap_or_else(|| "/".to_string());
            url_json(&neturl::file_url_of_local_path(
                &to_string(c.one()?)?,
                &cwd,
                PathStyle::Unix,
            )?)
        }
        "url_addr" => {
            c.check_kwargs(PARSE_KW)?;
            let u = parse_with(c, &to_string(c.one()?)?)?;
            Json::String(neturl::format_inet_addr(&u.addr()?))
        }
        _ => return Err(unsupported(format!("unknown function neturl.{name}"))),
    })
}

/// Answers one `neturl.<name>` call.
pub fn call(name: &str, _args: &Args, call: &Map<String, Json>) -> Answer {
    let args = match call.get("args") {
        None | Some(Json::Null) => EMPTY_ARGS.as_slice(),
        Some(Json::Array(a)) => a.as_slice(),
        Some(_) => return Answer::unsupported("args must be an array"),
    };
    let empty = Map::new();
    let kwargs = match call.get("kwargs") {
        None | Some(Json::Null) => &empty,
        Some(Json::Object(m)) => m,
        Some(_) => return Answer::unsupported("kwargs must be an object"),
    };
    match dispatch(name, &Call { args, kwargs }) {
        Ok(v) => Answer::OkJson(v),
        Err(Outcome::Err(e)) => Answer::error(e.exception()),
        Err(Outcome::Unsupported(why)) => Answer::unsupported(why),
    }
}

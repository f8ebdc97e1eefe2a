//! Calls of the splitting functions (`urlsplit`, `urlparse`, `urldefrag`)
//! and their attribute calls; `urllib_unsplit` has the others.
//!
//! The library's typed API cannot mix `str` and `bytes`; Python can, so
//! this adapter reproduces what CPython's `_coerce_args` and the function
//! bodies do with mixed or odd argument types (the `TypeError`s and
//! `AttributeError`s), then calls the library.

use std::borrow::Cow;

use urlsyntax::urllib::{
    Behaviour, DefragResult, DefragResultBytes, DefragResultOpt, Error, ParseResult,
    ParseResultBytes, ParseResultOpt, SplitResult, SplitResultBytes, SplitResultOpt, Urllib,
};

use super::coerce::{coerce_args, Coerced};
use super::value::{Answer, Args, Py};

pub(super) fn type_error() -> Answer {
    Answer::error("TypeError")
}

pub(super) fn attribute_error() -> Answer {
    Answer::error("AttributeError")
}

/// A result, as the call made it.
enum Res<'a> {
    Split(SplitResult<'a>),
    Parse(ParseResult<'a>),
    Defrag(DefragResult<'a>),
    SplitB(SplitResultBytes<'static>),
    ParseB(ParseResultBytes<'static>),
    DefragB(DefragResultBytes<'static>),
    /// A `missing_as_none` result (3.15); `true`: of bytes (its text is
    /// the ASCII the bytes were decoded from).
    SplitOpt(SplitResultOpt<'a>, bool),
    ParseOpt(ParseResultOpt<'a>, bool),
    DefragOpt(DefragResultOpt<'a>, bool),
}

fn strs(items: &[&str]) -> Vec<Py> {
    items.iter().map(|s| Py::Str(s.to_string())).collect()
}

fn bytes_items(items: &[&[u8]]) -> Vec<Py> {
    items.iter().map(|s| Py::Bytes(s.to_vec())).collect()
}

/// A component of a `missing_as_none` result: text, bytes or `None`.
fn opt_item(v: Option<&str>, bytes: bool) -> Py {
    match v {
        None => Py::None,
        Some(s) if bytes => Py::Bytes(s.as_bytes().to_vec()),
        Some(s) => Py::Str(s.to_string()),
    }
}

fn opt_str(v: Option<&str>) -> Py {
    v.map_or(Py::None, |s| Py::Str(s.to_string()))
}

fn opt_bytes(v: Option<Vec<u8>>) -> Py {
    v.map_or(Py::None, Py::Bytes)
}

fn port_answer(p: Result<Option<u16>, Error>) -> Answer {
    match p {
        Ok(Some(p)) => Answer::Ok(Py::int(p)),
        Ok(None) => Answer::Ok(Py::None),
        Err(e) => e.into(),
    }
}

fn result_name(base: &'static str, bytes: bool) -> &'static str {
    match (base, bytes) {
        ("SplitResult", true) => "SplitResultBytes",
        ("ParseResult", true) => "ParseResultBytes",
        ("DefragResult", true) => "DefragResultBytes",
        (base, _) => base,
    }
}

impl Res<'_> {
    fn value(&self) -> Py {
        let opt = |items: &[Option<&str>], bytes: bool| -> Vec<Py> {
            items.iter().map(|v| opt_item(*v, bytes)).collect()
        };
        match self {
            Res::Split(r) => Py::Result("SplitResult", strs(&r.parts())),
            Res::Parse(r) => Py::Result("ParseResult", strs(&r.parts())),
            Res::Defrag(r) => Py::Result("DefragResult", strs(&[&r.url, &r.fragment])),
            Res::SplitB(r) => Py::Result("SplitResultBytes", bytes_items(&r.parts())),
            Res::ParseB(r) => Py::Result("ParseResultBytes", bytes_items(&r.parts())),
            Res::DefragB(r) => Py::Result("DefragResultBytes", bytes_items(&[&r.url, &r.fragment])),
            Res::SplitOpt(r, b) => Py::Result(result_name("SplitResult", *b), opt(&r.parts(), *b)),
            Res::ParseOpt(r, b) => Py::Result(result_name("ParseResult", *b), opt(&r.parts(), *b)),
            Res::DefragOpt(r, b) => Py::Result(
                result_name("DefragResult", *b),
                opt(&[Some(&r.url), r.fragment.as_deref()], *b),
            ),
        }
    }

    fn field_names(&self) -> &'static [&'static str] {
        match self {
            Res::Split(_) | Res::SplitB(_) | Res::SplitOpt(..) => {
                &["scheme", "netloc", "path", "query", "fragment"]
            }
            Res::Parse(_) | Res::ParseB(_) | Res::ParseOpt(..) => {
                &["scheme", "netloc", "path", "params", "query", "fragment"]
            }
            Res::Defrag(_) | Res::DefragB(_) | Res::DefragOpt(..) => &["url", "fragment"],
        }
    }

    fn attribute(&self, attr: &str) -> Answer {
        if let Some(i) = self.field_names().iter().position(|f| *f == attr) {
            let Py::Result(_, items) = self.value() else {
                return Answer::unsupported("internal: result is not a result");
            };
            return Answer::Ok(items[i].clone());
        }
        if let Some(a) = self.attribute_of_opt(attr) {
            return a;
        }
        let ok = |v: Py| Answer::Ok(v);
        match (self, attr) {
            (Res::Split(r), "geturl") => ok(Py::Str(r.geturl())),
            (Res::Parse(r), "geturl") => ok(Py::Str(r.geturl())),
            (Res::Defrag(r), "geturl") => ok(Py::Str(r.geturl().into_owned())),
            (Res::SplitB(r), "geturl") => {
                r.geturl().map_or_else(Answer::from, |v| ok(Py::Bytes(v)))
            }
            (Res::ParseB(r), "geturl") => {
                r.geturl().map_or_else(Answer::from, |v| ok(Py::Bytes(v)))
            }
            (Res::DefragB(r), "geturl") => ok(Py::Bytes(r.geturl())),
            (Res::Split(r), "username") => ok(opt_str(r.username())),
            (Res::Parse(r), "username") => ok(opt_str(r.username())),
            (Res::Split(r), "password") => ok(opt_str(r.password())),
            (Res::Parse(r), "password") => ok(opt_str(r.password())),
            (Res::Split(r), "hostname") => ok(opt_str(r.hostname().as_deref())),
            (Res::Parse(r), "hostname") => ok(opt_str(r.hostname().as_deref())),
            (Res::Split(r), "port") => port_answer(r.port()),
            (Res::Parse(r), "port") => port_answer(r.port()),
            (Res::SplitB(r), "username") => ok(opt_bytes(r.username())),
            (Res::ParseB(r), "username") => ok(opt_bytes(r.username())),
            (Res::SplitB(r), "password") => ok(opt_bytes(r.password())),
            (Res::ParseB(r), "password") => ok(opt_bytes(r.password())),
            (Res::SplitB(r), "hostname") => ok(opt_bytes(r.hostname())),
            (Res::ParseB(r), "hostname") => ok(opt_bytes(r.hostname())),
            (Res::SplitB(r), "port") => port_answer(r.port()),
            (Res::ParseB(r), "port") => port_answer(r.port()),
            (
                Res::Defrag(_) | Res::DefragB(_) | Res::DefragOpt(..),
                "username" | "password" | "hostname" | "port",
            ) => attribute_error(),
            // Tuple and result methods are objects the protocol cannot carry.
            (_, "count" | "index" | "encode" | "decode" | "_replace" | "_asdict" | "_make")
            | (_, "_fields" | "_field_defaults") => {
                Answer::unsupported(format!("attribute {attr:?} is not a value"))
            }
            _ => attribute_error(),
        }
    }

    /// `geturl` and the netloc attributes of a `missing_as_none` result.
    fn attribute_of_opt(&self, attr: &str) -> Option<Answer> {
        let (text, bytes): (Option<Cow<'_, str>>, bool) = match (self, attr) {
            (Res::SplitOpt(r, b), "geturl") => (Some(Cow::Owned(r.geturl())), *b),
            (Res::ParseOpt(r, b), "geturl") => (Some(Cow::Owned(r.geturl())), *b),
            (Res::DefragOpt(r, b), "geturl") => (Some(r.geturl()), *b),
            (Res::SplitOpt(r, b), "username") => (r.username().map(Cow::Borrowed), *b),
            (Res::ParseOpt(r, b), "username") => (r.username().map(Cow::Borrowed), *b),
            (Res::SplitOpt(r, b), "password") => (r.password().map(Cow::Borrowed), *b),
            (Res::ParseOpt(r, b), "password") => (r.password().map(Cow::Borrowed), *b),
            // Bytes are ASCII here: their `lower()` is the text's.
            (Res::SplitOpt(r, b), "hostname") => (r.hostname(), *b),
            (Res::ParseOpt(r, b), "hostname") => (r.hostname(), *b),
            (Res::SplitOpt(r, _), "port") => return Some(port_answer(r.port())),
            (Res::ParseOpt(r, _), "port") => return Some(port_answer(r.port())),
            _ => return None,
        };
        Some(Answer::Ok(opt_item(text.as_deref(), bytes)))
    }

    fn value_or_attr(&self, attr: Option<&str>) -> Answer {
        match attr {
            None => Answer::Ok(self.value()),
            Some(a) => self.attribute(a),
        }
    }
}

fn answer(r: Result<Res<'_>, Error>, attr: Option<&str>) -> Answer {
    match r {
        Ok(r) => r.value_or_attr(attr),
        Err(e) => e.into(),
    }
}

/// `urlsplit` / `urlparse`.
fn split_like(ctx: &Urllib, args: &Args, parse: bool, attr: Option<&str>) -> Answer {
    let q = ctx.quirks();
    let keyword_only: &[&str] = if q.missing_as_none {
        &["missing_as_none"]
    } else {
        &[]
    };
    let names = ["url", "scheme", "allow_fragments"];
    let Ok(slots) = args.bind_keyword_only(&names, 1, keyword_only) else {
        return type_error();
    };
    let url = slots[0].clone().unwrap_or(Py::None);
    // 3.15's default scheme is `None`.
    let default_scheme = match q.missing_as_none {
        true => Py::None,
        false => Py::Str(String::new()),
    };
    let scheme = slots[1].clone().unwrap_or(default_scheme);
    let allow_fragments = slots[2].as_ref().is_none_or(Py::truthy);
    let missing_as_none = slots
        .get(3)
        .and_then(Option::as_ref)
        .is_some_and(Py::truthy);
    // urlsplit is an lru_cache: unhashable arguments fail first.
    if !parse && q.urlsplit_args_must_be_hashable && !slots.iter().flatten().all(Py::hashable) {
        return type_error();
    }
    let (text_mode, coerced) = match coerce_args(&[&url, &scheme], q.coerce_first_non_empty) {
        Ok(c) => c,
        Err(a) => return a,
    };
    // Up to 3.13, urlparse hands the coerced url and scheme (in text mode
    // a falsy non-text scheme as it is) and the raw allow_fragments to
    // the cached urlsplit.
    let scheme_hashable = match &coerced[1] {
        Coerced::Other(v) => v.hashable(),
        Coerced::Text(_) => true,
    };
    if parse
        && q.parse_and_join_split_through_the_cache
        && !(slots[2].as_ref().is_none_or(Py::hashable) && scheme_hashable)
    {
        return type_error();
    }
    // 3.15: `if url is None: url = ''`.
    let url = match &coerced[0] {
        Coerced::Other(Py::None) if q.missing_as_none => "",
        u => match u.text_for_str_method() {
            Ok(u) => u,
            Err(a) => return a,
        },
    };
    let scheme = match &coerced[1] {
        Coerced::Other(Py::None) if q.scheme_may_be_none => None,
        s => match s.text_for_str_method() {
            Ok(s) => Some(s),
            Err(a) => return a,
        },
    };
    if missing_as_none {
        let bytes = !text_mode;
        let r = if parse {
            ctx.urlparse_missing_as_none(url, scheme, allow_fragments)
                .map(|r| Res::ParseOpt(r, bytes))
        } else {
            ctx.urlsplit_missing_as_none(url, scheme, allow_fragments)
                .map(|r| Res::SplitOpt(r, bytes))
        };
        return answer(r, attr);
    }
    let scheme = scheme.unwrap_or("");
    let r = match (parse, text_mode) {
        (true, true) => ctx.urlparse(url, scheme, allow_fragments).map(Res::Parse),
        (false, true) => ctx.urlsplit(url, scheme, allow_fragments).map(Res::Split),
        (true, false) => ctx
            .urlparse_bytes(url.as_bytes(), scheme.as_bytes(), allow_fragments)
            .map(|r| Res::ParseB(r.into_owned())),
        (false, false) => ctx
            .urlsplit_bytes(url.as_bytes(), scheme.as_bytes(), allow_fragments)
            .map(|r| Res::SplitB(r.into_owned())),
    };
    answer(r, attr)
}

fn defrag(ctx: &Urllib, args: &Args, attr: Option<&str>) -> Answer {
    let q = ctx.quirks();
    let keyword_only: &[&str] = if q.missing_as_none {
        &["missing_as_none"]
    } else {
        &[]
    };
    let Ok(slots) = args.bind_keyword_only(&["url"], 1, keyword_only) else {
        return type_error();
    };
    let url = slots[0].clone().unwrap_or(Py::None);
    let missing_as_none = slots
        .get(1)
        .and_then(Option::as_ref)
        .is_some_and(Py::truthy);
    let (text_mode, coerced) = match coerce_args(&[&url], q.coerce_first_non_empty) {
        Ok(c) => c,
        Err(a) => return a,
    };
    // `'#' in url`: only text (or bytes meeting a `str`, `TypeError`) is
    // left here; a text-mode `None` (3.15) is not iterable.
    let Coerced::Text(url) = &coerced[0] else {
        return type_error();
    };
    let r = if missing_as_none {
        ctx.urldefrag_missing_as_none(url)
            .map(|r| Res::DefragOpt(r, !text_mode))
    } else if text_mode {
        ctx.urldefrag(url).map(Res::Defrag)
    } else {
        ctx.urldefrag_bytes(url.as_bytes())
            .map(|r| Res::DefragB(r.into_owned()))
    };
    answer(r, attr)
}

/// Answers a structure-function call, or `None` when `name` is not one.
pub fn call(name: &str, args: &Args, profile: Behaviour) -> Option<Answer> {
    let (fname, attr) = match name.split_once('.') {
        Some((f, a)) => (f, Some(a)),
        None => (name, None),
    };
    let ctx = Urllib::of(profile);
    Some(match (fname, attr) {
        ("urlsplit", _) => split_like(&ctx, args, false, attr),
        ("urlparse", _) => split_like(&ctx, args, true, attr),
        ("urldefrag", _) => defrag(&ctx, args, attr),
        ("urlunsplit", None) => super::urllib_unsplit::unsplit(&ctx, args, 5),
        ("urlunparse", None) => super::urllib_unsplit::unsplit(&ctx, args, 6),
        ("urljoin", None) => super::urllib_unsplit::join(&ctx, args),
        ("unwrap", None) => super::urllib_unsplit::unwrap(&ctx, args),
        _ => return None,
    })
}

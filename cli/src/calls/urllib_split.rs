//! Calls of the structure functions (`urlsplit`, `urlparse`, `urlunsplit`,
//! `urlunparse`, `urljoin`, `urldefrag`, `unwrap`) and their attribute
//! calls.
//!
//! The library's typed API cannot mix `str` and `bytes`; Python can, so
//! this adapter reproduces what CPython's `_coerce_args` and the function
//! bodies do with mixed or odd argument types (the `TypeError`s and
//! `AttributeError`s), then calls the library.

use urlsyntax::urllib::{
    DefragResult, DefragResultBytes, Error, ParseResult, ParseResultBytes, Profile, SchemeClass,
    SplitResult, SplitResultBytes, UnsplitRule, Urllib,
};

use super::value::{decode_arg, py_str, Answer, Args, Py};

fn type_error() -> Answer {
    Answer::error("TypeError")
}

fn attribute_error() -> Answer {
    Answer::error("AttributeError")
}

/// `_coerce_args(*args)`: `Ok(true)` for text mode; the mixing `TypeError`.
fn coerce_mode(args: &[&Py]) -> Result<bool, Answer> {
    let str_input = matches!(args[0], Py::Str(_));
    for a in &args[1..] {
        if a.truthy() && matches!(a, Py::Str(_)) != str_input {
            return Err(Answer::raised(
                "TypeError",
                "Cannot mix str and non-str arguments",
            ));
        }
    }
    Ok(str_input)
}

enum Res<'a> {
    Split(SplitResult<'a>),
    Parse(ParseResult<'a>),
    Defrag(DefragResult<'a>),
    SplitB(SplitResultBytes<'static>),
    ParseB(ParseResultBytes<'static>),
    DefragB(DefragResultBytes<'static>),
}

fn strs(items: &[&str]) -> Vec<Py> {
    items.iter().map(|s| Py::Str(s.to_string())).collect()
}

fn bytes_items(items: &[&[u8]]) -> Vec<Py> {
    items.iter().map(|s| Py::Bytes(s.to_vec())).collect()
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

impl Res<'_> {
    fn value(&self) -> Py {
        match self {
            Res::Split(r) => Py::Result("SplitResult", strs(&r.parts())),
            Res::Parse(r) => Py::Result("ParseResult", strs(&r.parts())),
            Res::Defrag(r) => Py::Result("DefragResult", strs(&[&r.url, &r.fragment])),
            Res::SplitB(r) => Py::Result(
                "SplitResultBytes",
                bytes_items(&[&r.scheme, &r.netloc, &r.path, &r.query, &r.fragment]),
            ),
            Res::ParseB(r) => Py::Result(
                "ParseResultBytes",
                bytes_items(&[
                    &r.scheme,
                    &r.netloc,
                    &r.path,
                    &r.params,
                    &r.query,
                    &r.fragment,
                ]),
            ),
            Res::DefragB(r) => Py::Result("DefragResultBytes", bytes_items(&[&r.url, &r.fragment])),
        }
    }

    fn field_names(&self) -> &'static [&'static str] {
        match self {
            Res::Split(_) | Res::SplitB(_) => &["scheme", "netloc", "path", "query", "fragment"],
            Res::Parse(_) | Res::ParseB(_) => {
                &["scheme", "netloc", "path", "params", "query", "fragment"]
            }
            Res::Defrag(_) | Res::DefragB(_) => &["url", "fragment"],
        }
    }

    fn attribute(&self, attr: &str) -> Answer {
        if let Some(i) = self.field_names().iter().position(|f| *f == attr) {
            let Py::Result(_, items) = self.value() else {
                return Answer::unsupported("internal: result is not a result");
            };
            return Answer::Ok(items[i].clone());
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
            (Res::Defrag(_) | Res::DefragB(_), "username" | "password" | "hostname" | "port") => {
                attribute_error()
            }
            // Tuple and result methods are objects the protocol cannot carry.
            (_, "count" | "index" | "encode" | "decode" | "_replace" | "_asdict" | "_make")
            | (_, "_fields" | "_field_defaults") => {
                Answer::unsupported(format!("attribute {attr:?} is not a value"))
            }
            _ => attribute_error(),
        }
    }
}

/// `urlsplit` / `urlparse`.
fn split_like(ctx: &Urllib, args: &Args, parse: bool, attr: Option<&str>) -> Answer {
    let Ok(slots) = args.bind(&["url", "scheme", "allow_fragments"], 1) else {
        return type_error();
    };
    let url = slots[0].clone().unwrap_or(Py::None);
    let scheme = slots[1].clone().unwrap_or(Py::Str(String::new()));
    let allow_fragments = slots[2].as_ref().is_none_or(Py::truthy);
    // urlsplit is an lru_cache: unhashable arguments fail first.
    let hashable_args = ctx.profile().quirks().urlsplit_args_must_be_hashable;
    if !parse && hashable_args && !slots.iter().flatten().all(Py::hashable) {
        return type_error();
    }
    let str_input = match coerce_mode(&[&url, &scheme]) {
        Ok(m) => m,
        Err(a) => return a,
    };
    // urlparse hands the coerced url and scheme (in text mode a falsy
    // non-text scheme as it is) and the raw allow_fragments to urlsplit.
    if parse
        && hashable_args
        && !(slots[2].as_ref().is_none_or(Py::hashable) && (!str_input || scheme.hashable()))
    {
        if !str_input {
            if let Err(a) = decode_arg(&url).and(decode_arg(&scheme)) {
                return a;
            }
        }
        return type_error();
    }
    let res = if str_input {
        let Py::Str(u) = &url else {
            unreachable!("text mode")
        };
        let s = match &scheme {
            Py::Str(s) => s.as_str(),
            Py::Bytes(_) => return type_error(),
            _ => return attribute_error(),
        };
        let r = if parse {
            ctx.urlparse(u, s, allow_fragments).map(Res::Parse)
        } else {
            ctx.urlsplit(u, s, allow_fragments).map(Res::Split)
        };
        match r {
            Ok(r) => r.value_or_attr(attr),
            Err(e) => e.into(),
        }
    } else {
        let (u, s) = match (decode_arg(&url), decode_arg(&scheme)) {
            (Ok(u), Ok(s)) => (u, s),
            (Err(a), _) | (_, Err(a)) => return a,
        };
        let r = if parse {
            ctx.urlparse_bytes(u.as_bytes(), s.as_bytes(), allow_fragments)
                .map(|r| Res::ParseB(r.into_owned()))
        } else {
            ctx.urlsplit_bytes(u.as_bytes(), s.as_bytes(), allow_fragments)
                .map(|r| Res::SplitB(r.into_owned()))
        };
        match r {
            Ok(r) => r.value_or_attr(attr),
            Err(e) => e.into(),
        }
    };
    res
}

impl Res<'_> {
    fn value_or_attr(&self, attr: Option<&str>) -> Answer {
        match attr {
            None => Answer::Ok(self.value()),
            Some(a) => self.attribute(a),
        }
    }
}

fn defrag(ctx: &Urllib, args: &Args, attr: Option<&str>) -> Answer {
    let Ok(slots) = args.bind(&["url"], 1) else {
        return type_error();
    };
    let url = slots[0].clone().unwrap_or(Py::None);
    if let Py::Str(u) = &url {
        return match ctx.urldefrag(u) {
            Ok(r) => Res::Defrag(r).value_or_attr(attr),
            Err(e) => e.into(),
        };
    }
    let u = match decode_arg(&url) {
        Ok(u) => u,
        Err(a) => return a,
    };
    match ctx.urldefrag_bytes(u.as_bytes()) {
        Ok(r) => Res::DefragB(r.into_owned()).value_or_attr(attr),
        Err(e) => e.into(),
    }
}

/// The items of an iterable argument, as Python's unpacking sees them.
fn iterate(v: &Py) -> Option<Vec<Py>> {
    match v {
        Py::List(items) | Py::Tuple(items) | Py::Result(_, items) => Some(items.clone()),
        Py::Str(s) => Some(s.chars().map(|c| Py::Str(c.to_string())).collect()),
        Py::Bytes(b) => Some(b.iter().map(|&c| Py::int(c)).collect()),
        Py::Dict(items) => Some(items.iter().map(|(k, _)| k.clone()).collect()),
        _ => None,
    }
}

/// A text-mode component: text, or a falsy non-text value CPython lets
/// through `_coerce_args` (`b''`, `None`, `0`, `()`...).
#[derive(Clone)]
enum Part {
    Text(String),
    Other(Py),
}

impl Part {
    fn truthy(&self) -> bool {
        match self {
            Part::Text(s) => !s.is_empty(),
            Part::Other(v) => v.truthy(),
        }
    }
    /// `x[:n] == prefix`; slicing a non-sequence is a `TypeError`.
    fn prefix_is(&self, prefix: &str, dict_slice_is_key_error: bool) -> Result<bool, Answer> {
        match self {
            Part::Text(s) => Ok(s.starts_with(prefix)),
            Part::Other(Py::Bytes(_) | Py::List(_) | Py::Tuple(_) | Py::Result(..)) => Ok(false),
            // `{}[:2]` looks the slice up as a key (see the quirk).
            Part::Other(Py::Dict(_)) if dict_slice_is_key_error => Err(Answer::error("KeyError")),
            Part::Other(_) => Err(type_error()),
        }
    }
    fn text(&self) -> Result<&str, Answer> {
        match self {
            Part::Text(s) => Ok(s),
            Part::Other(_) => Err(type_error()),
        }
    }
}

/// CPython's `urlunsplit` body over text-mode components (`scheme` is
/// text: it decides the mode).
fn unsplit_text(ctx: &Urllib, scheme: &str, parts: [Part; 4]) -> Result<Py, Answer> {
    let [netloc, mut url, query, fragment] = parts;
    if [&netloc, &url, &query, &fragment]
        .iter()
        .all(|p| matches!(p, Part::Text(_)))
    {
        let t = |p: &Part| match p {
            Part::Text(s) => s.clone(),
            Part::Other(_) => String::new(),
        };
        let (n, u, q, f) = (t(&netloc), t(&url), t(&query), t(&fragment));
        return Ok(Py::Str(ctx.urlunsplit([scheme, &n, &u, &q, &f])));
    }
    let k = ctx.profile().quirks().slice_of_dict_is_key_error;
    let netloc_scheme =
        !scheme.is_empty() && ctx.classes().contains(SchemeClass::UsesNetloc, scheme);
    let slash_url = move |url: &Part| -> Result<Part, Answer> {
        if url.truthy() && !url.prefix_is("/", k)? {
            Ok(Part::Text(format!("/{}", url.text()?)))
        } else {
            Ok(url.clone())
        }
    };
    match ctx.profile().quirks().unsplit {
        UnsplitRule::PreserveEmptyAuthority => {
            if netloc.truthy() {
                url = slash_url(&url)?;
                url = Part::Text(format!("//{}{}", netloc.text()?, url.text()?));
            } else if url.prefix_is("//", k)?
                || (netloc_scheme && (!url.truthy() || url.prefix_is("/", k)?))
            {
                url = Part::Text(format!("//{}", url.text()?));
            }
        }
        _ => {
            if netloc.truthy() || (netloc_scheme && !url.prefix_is("//", k)?) {
                url = slash_url(&url)?;
                let n = if netloc.truthy() { netloc.text()? } else { "" };
                url = Part::Text(format!("//{n}{}", url.text()?));
            }
        }
    }
    if !scheme.is_empty() {
        url = Part::Text(format!("{scheme}:{}", url.text()?));
    }
    if query.truthy() {
        url = Part::Text(format!("{}?{}", url.text()?, query.text()?));
    }
    if fragment.truthy() {
        url = Part::Text(format!("{}#{}", url.text()?, fragment.text()?));
    }
    Ok(match url {
        Part::Text(s) => Py::Str(s),
        Part::Other(v) => v,
    })
}

fn unsplit(ctx: &Urllib, args: &Args, n: usize) -> Answer {
    let Ok(slots) = args.bind(&["components"], 1) else {
        return type_error();
    };
    let Some(items) = slots[0].as_ref().and_then(iterate) else {
        return type_error();
    };
    // `_coerce_args(*components)` runs before the tuple is unpacked.
    if items.is_empty() {
        return Answer::error("IndexError");
    }
    let refs: Vec<&Py> = items.iter().collect();
    let str_input = match coerce_mode(&refs) {
        Ok(m) => m,
        Err(a) => return a,
    };
    if !str_input {
        let mut decoded = Vec::with_capacity(n);
        for it in &items {
            match decode_arg(it) {
                Ok(s) => decoded.push(s),
                Err(a) => return a,
            }
        }
        if items.len() != n {
            return Answer::error("ValueError");
        }
        let d: Vec<&str> = decoded.iter().map(String::as_str).collect();
        let s = if n == 5 {
            ctx.urlunsplit([d[0], d[1], d[2], d[3], d[4]])
        } else {
            ctx.urlunparse([d[0], d[1], d[2], d[3], d[4], d[5]])
        };
        return Answer::Ok(Py::Bytes(s.into_bytes()));
    }
    if items.len() != n {
        return Answer::error("ValueError");
    }
    let part = |v: &Py| match v {
        Py::Str(s) => Part::Text(s.clone()),
        other => Part::Other(other.clone()),
    };
    let Py::Str(scheme) = &items[0] else {
        unreachable!("text mode")
    };
    let (netloc, mut url, query, fragment) = if n == 5 {
        (
            part(&items[1]),
            part(&items[2]),
            part(&items[3]),
            part(&items[4]),
        )
    } else {
        (
            part(&items[1]),
            part(&items[2]),
            part(&items[4]),
            part(&items[5]),
        )
    };
    if n == 6 && items[3].truthy() {
        // `"%s;%s" % (url, params)`
        let (url_text, params) = match (
            py_str(&items[2], ctx.profile()),
            py_str(&items[3], ctx.profile()),
        ) {
            (Ok(u), Ok(p)) => (u, p),
            (Err(a), _) | (_, Err(a)) => return a,
        };
        url = Part::Text(format!("{url_text};{params}"));
    }
    match unsplit_text(ctx, scheme, [netloc, url, query, fragment]) {
        Ok(v) => Answer::Ok(v),
        Err(a) => a,
    }
}

fn join(ctx: &Urllib, args: &Args) -> Answer {
    let Ok(slots) = args.bind(&["base", "url", "allow_fragments"], 2) else {
        return type_error();
    };
    let base = slots[0].clone().unwrap_or(Py::None);
    let url = slots[1].clone().unwrap_or(Py::None);
    let allow_fragments = slots[2].as_ref().is_none_or(Py::truthy);
    if !base.truthy() {
        return Answer::Ok(url);
    }
    if !url.truthy() {
        return Answer::Ok(base);
    }
    let str_input = match coerce_mode(&[&base, &url]) {
        Ok(m) => m,
        Err(a) => return a,
    };
    // `urlparse(base, '', allow_fragments)` reaches urlsplit's lru_cache
    // with the raw allow_fragments (after the bytes are decoded).
    let hashable_args = ctx.profile().quirks().urlsplit_args_must_be_hashable;
    if hashable_args && !slots[2].as_ref().is_none_or(Py::hashable) {
        if !str_input {
            if let Err(a) = decode_arg(&base).and(decode_arg(&url)) {
                return a;
            }
        }
        return type_error();
    }
    if let (true, Py::Str(b), Py::Str(u)) = (str_input, &base, &url) {
        return match ctx.urljoin(b, u, allow_fragments) {
            Ok(s) => Answer::Ok(Py::Str(s.into_owned())),
            Err(e) => e.into(),
        };
    }
    let (b, u) = match (decode_arg(&base), decode_arg(&url)) {
        (Ok(b), Ok(u)) => (b, u),
        (Err(a), _) | (_, Err(a)) => return a,
    };
    match ctx.urljoin_bytes(b.as_bytes(), u.as_bytes(), allow_fragments) {
        Ok(s) => Answer::Ok(Py::Bytes(s.into_owned())),
        Err(e) => e.into(),
    }
}

fn unwrap(ctx: &Urllib, args: &Args) -> Answer {
    let Ok(slots) = args.bind(&["url"], 1) else {
        return type_error();
    };
    match py_str(slots[0].as_ref().unwrap_or(&Py::None), ctx.profile()) {
        Ok(text) => Answer::Ok(Py::Str(ctx.unwrap(&text).to_string())),
        Err(a) => a,
    }
}

/// Answers a structure-function call, or `None` when `name` is not one.
pub fn call(name: &str, args: &Args, profile: Profile) -> Option<Answer> {
    let (fname, attr) = match name.split_once('.') {
        Some((f, a)) => (f, Some(a)),
        None => (name, None),
    };
    let ctx = Urllib::new(profile);
    Some(match (fname, attr) {
        ("urlsplit", _) => split_like(&ctx, args, false, attr),
        ("urlparse", _) => split_like(&ctx, args, true, attr),
        ("urldefrag", _) => defrag(&ctx, args, attr),
        ("urlunsplit", None) => unsplit(&ctx, args, 5),
        ("urlunparse", None) => unsplit(&ctx, args, 6),
        ("urljoin", None) => join(&ctx, args),
        ("unwrap", None) => unwrap(&ctx, args),
        _ => return None,
    })
}

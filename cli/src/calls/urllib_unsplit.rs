//! Calls of the joining functions (`urlunsplit`, `urlunparse`, `urljoin`,
//! `unwrap`), with CPython's handling of mixed and odd argument types.

use urlsyntax::urllib::{SchemeClass, UnsplitRule, Urllib};

use super::coerce::{coerce_args, Coerced};
use super::urllib_split::type_error;
use super::value::{decode_arg, py_str, Answer, Args, Py};

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

/// CPython's `urlunsplit` body over text-mode components (`scheme` is
/// text: it decides the mode).
fn unsplit_text_legacy(ctx: &Urllib, scheme: &str, parts: [Coerced; 4]) -> Result<Py, Answer> {
    let [netloc, mut url, query, fragment] = parts;
    if [&netloc, &url, &query, &fragment]
        .iter()
        .all(|p| matches!(p, Coerced::Text(_)))
    {
        let t = |p: &Coerced| match p {
            Coerced::Text(s) => s.clone(),
            Coerced::Other(_) => String::new(),
        };
        let (n, u, q, f) = (t(&netloc), t(&url), t(&query), t(&fragment));
        return Ok(Py::Str(ctx.urlunsplit([scheme, &n, &u, &q, &f])));
    }
    let k = ctx.quirks().slice_of_dict_is_key_error;
    let netloc_scheme =
        !scheme.is_empty() && ctx.classes().contains(SchemeClass::UsesNetloc, scheme);
    let slash_url = move |url: &Coerced| -> Result<Coerced, Answer> {
        if url.truthy() && !url.prefix_is("/", k)? {
            Ok(Coerced::Text(format!("/{}", url.text()?)))
        } else {
            Ok(url.clone())
        }
    };
    match ctx.quirks().unsplit {
        UnsplitRule::PreserveEmptyAuthority => {
            if netloc.truthy() {
                url = slash_url(&url)?;
                url = Coerced::Text(format!("//{}{}", netloc.text()?, url.text()?));
            } else if url.prefix_is("//", k)?
                || (netloc_scheme && (!url.truthy() || url.prefix_is("/", k)?))
            {
                url = Coerced::Text(format!("//{}", url.text()?));
            }
        }
        UnsplitRule::EmptyAuthorityBeforeDoubleSlash => {
            if netloc.truthy() || netloc_scheme || url.prefix_is("//", k)? {
                url = slash_url(&url)?;
                let n = if netloc.truthy() { netloc.text()? } else { "" };
                url = Coerced::Text(format!("//{n}{}", url.text()?));
            }
        }
        _ => {
            if netloc.truthy() || (netloc_scheme && !url.prefix_is("//", k)?) {
                url = slash_url(&url)?;
                let n = if netloc.truthy() { netloc.text()? } else { "" };
                url = Coerced::Text(format!("//{n}{}", url.text()?));
            }
        }
    }
    if !scheme.is_empty() {
        url = Coerced::Text(format!("{scheme}:{}", url.text()?));
    }
    if query.truthy() {
        url = Coerced::Text(format!("{}?{}", url.text()?, query.text()?));
    }
    if fragment.truthy() {
        url = Coerced::Text(format!("{}#{}", url.text()?, fragment.text()?));
    }
    Ok(match url {
        Coerced::Text(s) => Py::Str(s),
        Coerced::Other(v) => v,
    })
}

fn unsplit_legacy(ctx: &Urllib, args: &Args, n: usize) -> Answer {
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
    let str_input = match coerce_args(&refs, false) {
        Ok((m, _)) => m,
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
        Py::Str(s) => Coerced::Text(s.clone()),
        other => Coerced::Other(other.clone()),
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
            py_str(&items[2], ctx.behaviour()),
            py_str(&items[3], ctx.behaviour()),
        ) {
            (Ok(u), Ok(p)) => (u, p),
            (Err(a), _) | (_, Err(a)) => return a,
        };
        url = Coerced::Text(format!("{url_text};{params}"));
    }
    match unsplit_text_legacy(ctx, scheme, [netloc, url, query, fragment]) {
        Ok(v) => Answer::Ok(v),
        Err(a) => a,
    }
}

pub(super) fn join(ctx: &Urllib, args: &Args) -> Answer {
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
    let str_input = match coerce_args(&[&base, &url], ctx.quirks().coerce_first_non_empty) {
        Ok((m, _)) => m,
        Err(a) => return a,
    };
    // Up to 3.13 `urlparse(base, '', allow_fragments)` reaches urlsplit's
    // lru_cache with the raw allow_fragments (after the bytes are decoded).
    let cached = ctx.quirks().parse_and_join_split_through_the_cache;
    if cached && !slots[2].as_ref().is_none_or(Py::hashable) {
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

pub(super) fn unwrap(ctx: &Urllib, args: &Args) -> Answer {
    let Ok(slots) = args.bind(&["url"], 1) else {
        return type_error();
    };
    match py_str(slots[0].as_ref().unwrap_or(&Py::None), ctx.behaviour()) {
        Ok(text) => Answer::Ok(Py::Str(ctx.unwrap(&text).to_string())),
        Err(a) => a,
    }
}

/// `urlunsplit` / `urlunparse` (`n` components).
pub(super) fn unsplit(ctx: &Urllib, args: &Args, n: usize) -> Answer {
    // 3.14 rewrote both on `_urlunsplit` (gh-76960).
    if !ctx.quirks().unparse_checks_path_before_params {
        return unsplit_legacy(ctx, args, n);
    }
    let q = ctx.quirks();
    let keyword_only: &[&str] = if q.missing_as_none {
        &["keep_empty"]
    } else {
        &[]
    };
    let Ok(slots) = args.bind_keyword_only(&["components"], 1, keyword_only) else {
        return type_error();
    };
    let Some(items) = slots[0].as_ref().and_then(iterate) else {
        return type_error();
    };
    // `_coerce_args(*components)` runs before the tuple is unpacked; up to
    // 3.14 it reads `args[0]`.
    if items.is_empty() && !q.coerce_first_non_empty {
        return Answer::error("IndexError");
    }
    let refs: Vec<&Py> = items.iter().collect();
    let (text_mode, coerced) = match coerce_args(&refs, q.coerce_first_non_empty) {
        Ok(c) => c,
        Err(a) => return a,
    };
    if coerced.len() != n {
        return Answer::error("ValueError");
    }
    // Components given as a tuple, list or fresh result carry no
    // `_keep_empty` of their own: only the keyword decides.
    let keep_empty = slots
        .get(1)
        .and_then(Option::as_ref)
        .is_some_and(Py::truthy);
    let url = match unsplit_components(ctx, coerced, keep_empty) {
        Ok(url) => url,
        Err(a) => return a,
    };
    Answer::Ok(match (url, text_mode) {
        (Coerced::Text(s), true) => Py::Str(s),
        // Bytes came in as ASCII: so goes the URL out.
        (Coerced::Text(s), false) => Py::Bytes(s.into_bytes()),
        (Coerced::Other(v), true) => v,
        (Coerced::Other(_), false) => return Answer::error("AttributeError"),
    })
}

/// CPython 3.14+'s `urlunsplit` and `urlunparse` bodies over coerced
/// components (five, or six with params), then `_urlunsplit`.
fn unsplit_components(
    ctx: &Urllib,
    mut parts: Vec<Coerced>,
    keep_empty: bool,
) -> Result<Coerced, Answer> {
    let none = || Coerced::Other(Py::None);
    let k = ctx.quirks().slice_of_dict_is_key_error;
    // Text and `None` only, as the library takes them.
    if let Some(url) = unsplit_plain(ctx, &parts, keep_empty) {
        return Ok(Coerced::Text(url));
    }
    let params = (parts.len() == 6).then(|| parts.remove(3));
    let [scheme, mut netloc, mut url, query, fragment]: [Coerced; 5] =
        parts.try_into().map_err(|_| Answer::error("ValueError"))?;
    let (mut scheme, mut params, mut query, mut fragment) = (scheme, params, query, fragment);
    if !keep_empty {
        if !netloc.truthy() {
            let netloc_scheme = match &scheme {
                Coerced::Text(s) => {
                    !s.is_empty() && ctx.classes().contains(SchemeClass::UsesNetloc, s)
                }
                Coerced::Other(_) => false,
            };
            netloc = if netloc_scheme && (!url.truthy() || url.prefix_is("/", k)?) {
                Coerced::Text(String::new())
            } else {
                none()
            };
        }
        for part in [&mut scheme, &mut query, &mut fragment] {
            if !part.truthy() {
                *part = none();
            }
        }
        if params.as_ref().is_some_and(|p| !p.truthy()) {
            params = Some(none());
        }
    }
    if let Some(params) = params.filter(|p| !p.is_none()) {
        // `"%s;%s" % (url, params)`
        let text = |c: &Coerced| match c {
            Coerced::Text(s) => Ok(s.clone()),
            Coerced::Other(v) => py_str(v, ctx.behaviour()),
        };
        url = Coerced::Text(format!("{};{}", text(&url)?, text(&params)?));
    }
    // `_urlunsplit(scheme, netloc, url, query, fragment)`
    let concat = |a: &str, b: &Coerced| -> Result<Coerced, Answer> {
        Ok(Coerced::Text(format!("{a}{}", b.text()?)))
    };
    if !netloc.is_none() {
        if url.truthy() && !url.prefix_is("/", k)? {
            url = concat("/", &url)?;
        }
        url = concat(&format!("//{}", netloc.text()?), &url)?;
    } else if url.prefix_is("//", k)? {
        url = concat("//", &url)?;
    }
    if scheme.truthy() {
        url = concat(&format!("{}:", scheme.text()?), &url)?;
    }
    for (mark, part) in [('?', &query), ('#', &fragment)] {
        if !part.is_none() {
            url = Coerced::Text(format!("{}{mark}{}", url.text()?, part.text()?));
        }
    }
    Ok(url)
}

/// The library's answer when every component is text (or, with
/// `keep_empty`, text or `None` with a text path).
fn unsplit_plain(ctx: &Urllib, parts: &[Coerced], keep_empty: bool) -> Option<String> {
    let texts: Vec<Option<&str>> = parts
        .iter()
        .map(|p| match p {
            Coerced::Text(s) => Some(Some(s.as_str())),
            Coerced::Other(Py::None) if keep_empty => Some(None),
            Coerced::Other(_) => None,
        })
        .collect::<Option<_>>()?;
    if keep_empty {
        let r = match *texts.as_slice() {
            [a, b, c, d, e] => ctx.urlunsplit_keep_empty([a, b, c, d, e]),
            [a, b, c, d, e, f] => ctx.urlunparse_keep_empty([a, b, c, d, e, f]),
            _ => return None,
        };
        return r.ok();
    }
    let t: Vec<&str> = texts.into_iter().map(|t| t.unwrap_or("")).collect();
    Some(match *t.as_slice() {
        [a, b, c, d, e] => ctx.urlunsplit([a, b, c, d, e]),
        [a, b, c, d, e, f] => ctx.urlunparse([a, b, c, d, e, f]),
        _ => return None,
    })
}

//! `urlsplit`, `urlparse`, `urlunsplit`, `urlunparse`, `urldefrag`: the
//! structure functions, as methods of [`Urllib`].

use std::borrow::Cow;

use super::ipaddress::check_bracketed_host;
use super::text::{is_c0_control_or_space, partition, remove_unsafe_bytes, rpartition};
use super::{
    Behaviour, DefragResult, Error, ParseResult, Quirks, SchemeClass, SchemeClasses, SplitResult,
    Urllib,
};
use crate::grammar::cpython as lenient;
use crate::scan::{contains_any, find_any};
use urlsyntax_pyruntime::unicode::UnicodeTables;

/// The behaviour a split answers with (its results hold it) and the
/// quirks it reads: the profile's own, or a context's
/// ([`Urllib::with_quirks`]).
#[derive(Clone, Copy)]
pub(crate) struct SplitRules {
    pub(crate) behaviour: Behaviour,
    pub(crate) quirks: &'static Quirks,
}

impl SplitRules {
    /// The rules of `behaviour`.
    #[inline]
    pub(crate) fn of(behaviour: Behaviour) -> Self {
        SplitRules {
            behaviour,
            quirks: behaviour.quirks(),
        }
    }
}

fn lowercase(s: &str) -> Cow<'_, str> {
    if !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return Cow::Borrowed(s);
    }
    match LOWERCASE_SCHEMES.iter().find(|l| l.eq_ignore_ascii_case(s)) {
        Some(l) => Cow::Borrowed(l),
        None => Cow::Owned(s.to_ascii_lowercase()),
    }
}

/// Schemes often written in capitals (`HTTP://`), lowercased without an
/// allocation.
const LOWERCASE_SCHEMES: [&str; 8] = [
    "http", "https", "ftp", "file", "ws", "wss", "mailto", "data",
];

/// The characters whose NFKC may hold one of `/?#@:` all lie in these
/// ranges (U+2047 DOUBLE QUESTION MARK to U+2A74 DOUBLE COLON EQUAL,
/// U+FE13 to U+FF20 FULLWIDTH COMMERCIAL AT) in every release; a test
/// holds each release's table to them.
fn may_decompose_to_a_delimiter(c: char) -> bool {
    matches!(c, '\u{2047}'..='\u{2a74}' | '\u{fe13}'..='\u{ff20}')
}

/// CPython's `_checknetloc`: a non-ASCII netloc must not gain one of
/// `/?#@:` under NFKC (the characters already there are ignored).
///
/// CPython normalizes `n` (the netloc without `@:#?`, and a netloc has no
/// `/`) and fails when the result differs and holds one of `/?#@:`. As
/// `n` holds none of them, that is when NFKC brings one in, which is when
/// one of its characters alone normalizes to text holding one (composition
/// never takes one away): the release's table of those characters, which
/// its generator checks against the release's own `_checknetloc`, on every
/// character alone and among others.
fn check_netloc(netloc: &str, unicode: &UnicodeTables) -> Result<(), Error> {
    debug_assert!(!netloc.contains('/'), "a netloc ends at '/'");
    // The characters of those ranges are three bytes long, led by 0xE2 or
    // 0xEF: without such a byte, no character needs a lookup.
    if !contains_any(netloc.as_bytes(), [0xe2, 0xef]) {
        return Ok(());
    }
    if netloc
        .chars()
        .any(|c| may_decompose_to_a_delimiter(c) && unicode.nfkc_has_delimiter(c))
    {
        return Err(Error::NetlocNfkc {
            netloc: netloc.to_string(),
        });
    }
    Ok(())
}

/// CPython's bracket checks on a netloc.
fn check_brackets(netloc: &str, quirks: &Quirks) -> Result<(), Error> {
    // Most netlocs have no bracket at all: one scan says so.
    if find_any(netloc.as_bytes(), [b'[', b']']).is_none() {
        return Ok(());
    }
    let open = netloc.contains('[');
    let close = netloc.contains(']');
    if open != close {
        return Err(Error::UnmatchedBracket);
    }
    let capital_v = quirks.ipvfuture_capital_v;
    if quirks.check_bracketed_netloc {
        check_bracketed_netloc(netloc, capital_v)
    } else if quirks.validate_bracketed_host {
        let bracketed = partition(partition(netloc, '[').2, ']').0;
        check_bracketed_host(bracketed, capital_v)
    } else {
        Ok(())
    }
}

/// CPython's `_check_bracketed_netloc` (gh-105704): the host part (after
/// the last `@`) has nothing before `[` and only a `:` port after `]`,
/// and its host (bracketed or not) passes `_check_bracketed_host`.
fn check_bracketed_netloc(netloc: &str, capital_v: bool) -> Result<(), Error> {
    let host_and_port = rpartition(netloc, '@').2;
    let (before, open, bracketed) = partition(host_and_port, '[');
    let host = if open {
        let (host, _, port) = partition(bracketed, ']');
        if !before.is_empty() || !(port.is_empty() || port.starts_with(':')) {
            return Err(Error::UnmatchedBracket);
        }
        host
    } else {
        partition(host_and_port, ':').0
    };
    check_bracketed_host(host, capital_v)
}

/// CPython's checks on a netloc, in its order: brackets, then NFKC.
/// Brackets, or the lead byte of a character NFKC may turn into a
/// delimiter: without either (as in most netlocs, non-ASCII host names
/// too), one scan passes both.
#[inline(always)]
fn check_netloc_and_brackets(netloc: &str, rules: SplitRules) -> Result<(), Error> {
    if !contains_any(netloc.as_bytes(), [b'[', b']', 0xe2, 0xef]) {
        return Ok(());
    }
    let quirks = rules.quirks;
    check_brackets(netloc, quirks)?;
    check_netloc(netloc, quirks.codecs.unicode)
}

/// `urlsplit` on text already stripped and cleaned of tab/CR/LF.
fn split_clean<'b>(
    url: &'b str,
    default_scheme: &'b str,
    allow_fragments: bool,
    rules: SplitRules,
) -> Result<SplitResult<'b>, Error> {
    let quirks = rules.quirks;
    let Ok((_, [scheme, netloc, path, query, fragment])) = lenient::url_parts_with(
        allow_fragments,
        quirks.scheme_must_start_with_ascii_letter,
        |scheme, rest| !looks_like_a_port(scheme, rest, rules),
    )(url) else {
        unreachable!("every part is optional or may be empty")
    };
    let scheme = if scheme.is_empty() {
        Cow::Borrowed(default_scheme)
    } else {
        lowercase(scheme)
    };
    check_netloc_and_brackets(netloc, rules)?;
    Ok(borrowed_split(
        scheme,
        [netloc, path, query, fragment],
        rules,
    ))
}

/// A [`SplitResult`] of the scheme and the other four parts, borrowed.
#[inline(always)]
fn borrowed_split<'a>(
    scheme: Cow<'a, str>,
    [netloc, path, query, fragment]: [&'a str; 4],
    rules: SplitRules,
) -> SplitResult<'a> {
    SplitResult {
        scheme,
        netloc: Cow::Borrowed(netloc),
        path: Cow::Borrowed(path),
        query: Cow::Borrowed(query),
        fragment: Cow::Borrowed(fragment),
        behaviour: rules.behaviour,
    }
}

/// The five parts of `url` at the cuts [`lenient::fused::split_fused`] found,
/// checked as CPython checks a netloc.
#[inline(always)]
fn parts_at_cuts<'b>(
    url: &'b str,
    default_scheme: &'b str,
    cuts: lenient::fused::Cuts,
    rules: SplitRules,
) -> Result<(Cow<'b, str>, [&'b str; 4]), Error> {
    let [scheme, netloc, path, query, fragment] = cuts.parts(url);
    let scheme = if cuts.scheme == 0 {
        Cow::Borrowed(default_scheme)
    } else if cuts.scheme_has_upper {
        lowercase(scheme)
    } else {
        Cow::Borrowed(scheme)
    };
    if cuts.netloc_needs_checks {
        check_netloc_and_brackets(netloc, rules)?;
    }
    Ok((scheme, [netloc, path, query, fragment]))
}

/// The cuts of `url` (stripped of leading C0 controls and spaces) when one
/// pass finds them: no tab, CR or LF in it, and a default scheme that
/// needs no cleaning.
#[inline(always)]
fn fused_cuts<const SEMICOLON: bool>(
    url: &str,
    default_scheme: &str,
    allow_fragments: bool,
    rules: SplitRules,
) -> Option<lenient::fused::Cuts> {
    // Cleaning strips U+0000 to U+0020 and removes tab, CR and LF: a
    // scheme without a byte up to 0x20 is already clean.
    if default_scheme.bytes().any(|b| b <= b' ') {
        return None;
    }
    let quirks = rules.quirks;
    let must_start_with_letter = quirks.scheme_must_start_with_ascii_letter;
    let cuts =
        lenient::fused::split_fused::<SEMICOLON>(url, allow_fragments, must_start_with_letter)?;
    // Up to 3.8 a scheme before nothing but digits is no scheme: the rules
    // one at a time say so.
    if quirks.scheme_before_digits_is_path
        && cuts.scheme != 0
        && looks_like_a_port(&url[..cuts.scheme], &url[cuts.scheme + 1..], rules)
    {
        return None;
    }
    Some(cuts)
}

/// The one-pass cuts of `url` with no default scheme, and the text they
/// cut: CPython's cleaned URL, which is then `url` less its leading C0
/// controls and spaces. `None` where that pass cannot answer alone (a tab,
/// CR or LF to remove, a scheme to lowercase, a netloc to check):
/// [`urlsplit`] takes those.
#[inline(always)]
pub(crate) fn plain_cuts(
    url: &str,
    allow_fragments: bool,
    rules: SplitRules,
) -> Option<(&str, lenient::fused::Cuts)> {
    let url = strip_leading_in(url, rules);
    let cuts = fused_cuts::<false>(url, "", allow_fragments, rules)?;
    (!(cuts.scheme_has_upper | cuts.netloc_needs_checks)).then_some((url, cuts))
}

/// CPython up to 3.8: the text after the scheme's `:` is a port number
/// (only ASCII digits, at least one), so `scheme:` is really part of the
/// path; not for a scheme spelled exactly `http`, whose fast path skips
/// the check.
fn looks_like_a_port(scheme: &str, rest: &str, rules: SplitRules) -> bool {
    rules.quirks.scheme_before_digits_is_path
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
        && scheme != "http"
}

/// `lstrip(_WHATWG_C0_CONTROL_OR_SPACE)` where the profile strips (3.8+).
#[inline(always)]
fn strip_leading_in(url: &str, rules: SplitRules) -> &str {
    match url.as_bytes().first() {
        // Most URLs start with a letter: the profile is not even read.
        Some(&b) if b > b' ' => url,
        _ if rules.quirks.strip_c0_control_or_space => strip_leading_c0_or_space(url),
        _ => url,
    }
}

/// CPython's `lstrip(_WHATWG_C0_CONTROL_OR_SPACE)`: U+0000 to U+0020 are
/// the bytes up to 0x20. Only the start is stripped: some applications
/// rely on trailing space.
#[inline(always)]
fn strip_leading_c0_or_space(url: &str) -> &str {
    match url.as_bytes().first() {
        // Most URLs start with a letter: nothing to strip, no slicing.
        Some(&b) if b > b' ' => url,
        _ => url.trim_start_matches(|c: char| c <= ' '),
    }
}

/// The URL as CPython has it before it splits: leading C0 controls and
/// spaces stripped (where the profile strips) and tab, CR and LF removed.
pub(crate) fn clean_url<'a>(url: &'a str, rules: SplitRules) -> Cow<'a, str> {
    remove_unsafe_bytes(strip_leading_in(url, rules))
}

/// A default scheme as CPython has it before it splits: C0 controls and
/// spaces stripped from both ends (where the profile strips) and tab, CR
/// and LF removed.
pub(crate) fn clean_default_scheme<'a>(scheme: &'a str, rules: SplitRules) -> Cow<'a, str> {
    let stripped = match rules.quirks.strip_c0_control_or_space {
        true => scheme.trim_matches(is_c0_control_or_space),
        false => scheme,
    };
    remove_unsafe_bytes(stripped)
}

/// `urlsplit(url, scheme, allow_fragments)` under `profile`.
#[inline(always)]
pub(crate) fn urlsplit<'a>(
    url: &'a str,
    scheme: &'a str,
    allow_fragments: bool,
    rules: SplitRules,
) -> Result<SplitResult<'a>, Error> {
    let url = strip_leading_in(url, rules);
    // One pass finds every cut of a URL without tab, CR or LF; the rules
    // one at a time handle the rest, after removing them.
    if let Some(cuts) = fused_cuts::<false>(url, scheme, allow_fragments, rules) {
        // One test for the two rarer cases, kept out of the way.
        if cuts.scheme_has_upper | cuts.netloc_needs_checks {
            return split_lowercasing_or_checking(url, scheme, cuts, rules);
        }
        let [scheme_part, netloc, path, query, fragment] = cuts.parts(url);
        let scheme = if cuts.scheme == 0 {
            scheme
        } else {
            scheme_part
        };
        return Ok(borrowed_split(
            Cow::Borrowed(scheme),
            [netloc, path, query, fragment],
            rules,
        ));
    }
    split_removing_unsafe_bytes(url, (scheme, allow_fragments), rules)
}

/// `urlsplit` at the cuts [`lenient::fused::split_fused`] found of a URL whose
/// scheme has an uppercase letter or whose netloc needs the bracket and
/// NFKC checks: out of the way of the common case (where each would cost
/// a branch and registers).
#[cold]
#[inline(never)]
fn split_lowercasing_or_checking<'a>(
    url: &'a str,
    default_scheme: &'a str,
    cuts: lenient::fused::Cuts,
    rules: SplitRules,
) -> Result<SplitResult<'a>, Error> {
    let (scheme, parts) = parts_at_cuts(url, default_scheme, cuts, rules)?;
    Ok(borrowed_split(scheme, parts, rules))
}

/// `urlsplit` of a URL (already stripped at the start) or default scheme
/// with tab, CR or LF, which CPython removes first; `scheme` and
/// `allow_fragments` as the call gave them.
#[cold]
#[inline(never)]
fn split_removing_unsafe_bytes<'a>(
    url: &'a str,
    (scheme, allow_fragments): (&'a str, bool),
    rules: SplitRules,
) -> Result<SplitResult<'a>, Error> {
    let scheme = clean_default_scheme(scheme, rules);
    // The clean text, cut in one pass when it can be (as `urlsplit` does).
    let split =
        |url: &str, scheme: &str| match fused_cuts::<false>(url, scheme, allow_fragments, rules) {
            Some(cuts) => {
                let (scheme, parts) = parts_at_cuts(url, scheme, cuts, rules)?;
                Ok(borrowed_split(scheme, parts, rules).into_owned())
            }
            None => split_clean(url, scheme, allow_fragments, rules).map(SplitResult::into_owned),
        };
    match (remove_unsafe_bytes(url), scheme) {
        (Cow::Borrowed(url), Cow::Borrowed(scheme)) => {
            split_clean(url, scheme, allow_fragments, rules)
        }
        (url, scheme) => split(&url, &scheme),
    }
}

/// `urlparse(url, scheme, allow_fragments)` under `profile`, whose scheme
/// classes are `classes`.
#[inline(always)]
pub(crate) fn urlparse<'a>(
    url: &'a str,
    scheme: &'a str,
    allow_fragments: bool,
    rules: SplitRules,
    classes: &SchemeClasses,
) -> Result<ParseResult<'a>, Error> {
    let url = strip_leading_in(url, rules);
    // The scheme class only matters when the path has a `;`: look at the
    // path first, it is cheaper.
    let params_at = |path: &str, scheme: &str| match params_start(path) {
        Some(i) if classes.contains(SchemeClass::UsesParams, scheme) => Some(i),
        _ => None,
    };
    // The pass that cuts the URL also says whether it holds a `;` at all.
    if let Some(cuts) = fused_cuts::<true>(url, scheme, allow_fragments, rules) {
        let (scheme, [netloc, path, query, fragment]) = parts_at_cuts(url, scheme, cuts, rules)?;
        let params_at = match cuts.may_have_semicolon {
            true => params_at(path, &scheme),
            false => None,
        };
        let (path, params) = match params_at {
            Some(i) => (&path[..i], &path[i + 1..]),
            None => (path, ""),
        };
        return Ok(ParseResult {
            scheme,
            netloc: Cow::Borrowed(netloc),
            path: Cow::Borrowed(path),
            params: Cow::Borrowed(params),
            query: Cow::Borrowed(query),
            fragment: Cow::Borrowed(fragment),
            behaviour: rules.behaviour,
        });
    }
    let mut s = split_removing_unsafe_bytes(url, (scheme, allow_fragments), rules)?;
    let (path, params) = split_params(std::mem::take(&mut s.path), &s.scheme, classes);
    Ok(s.with_params(path, params.unwrap_or(Cow::Borrowed(""))))
}

/// CPython's `_splitparams`: the index of the `;` that starts the params
/// of the last path segment.
#[inline(always)]
pub(crate) fn params_start(path: &str) -> Option<usize> {
    // Most paths have no ';' at all: one scan says so.
    find_any(path.as_bytes(), [b';'])?;
    match path.rfind('/') {
        Some(slash) => path[slash..].find(';').map(|j| slash + j),
        None => path.find(';'),
    }
}

/// CPython's `_splitparams` where `scheme` uses params: the path before
/// the `;` that starts its last segment's params, and the params after it
/// (`None`: no such `;`, or a scheme without params). Borrows where `path`
/// does.
pub(crate) fn split_params<'a>(
    path: Cow<'a, str>,
    scheme: &str,
    classes: &SchemeClasses,
) -> (Cow<'a, str>, Option<Cow<'a, str>>) {
    match params_start(&path) {
        Some(i) if classes.contains(SchemeClass::UsesParams, scheme) => match path {
            Cow::Borrowed(p) => (Cow::Borrowed(&p[..i]), Some(Cow::Borrowed(&p[i + 1..]))),
            Cow::Owned(p) => (
                Cow::Owned(p[..i].to_string()),
                Some(Cow::Owned(p[i + 1..].to_string())),
            ),
        },
        _ => (path, None),
    }
}

impl Urllib {
    /// This context's rules of `urlsplit`.
    pub(crate) fn split_rules(&self) -> SplitRules {
        SplitRules::of(self.behaviour())
    }
}

impl Urllib {
    /// `urlsplit(url, scheme='', allow_fragments=True)`: five components.
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().urlsplit("http://www.cwi.nl:80/%7Eguido/Python.html", "", true).unwrap();
    /// assert_eq!(r.netloc, "www.cwi.nl:80");
    /// assert_eq!(r.port(), Ok(Some(80)));
    /// ```
    // Inlined where called: a loop over a column then keeps the cuts in
    // registers instead of a result written out and read back a row
    // (`urlsyntax.arrow.urlsplit`: about 5% faster), at the cost of each
    // caller holding the split's code. Not in WebAssembly, where the
    // page's weight counts for more.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn urlsplit<'a>(
        &self,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
    ) -> Result<SplitResult<'a>, Error> {
        urlsplit(url, scheme, allow_fragments, self.split_rules())
    }

    /// `urlparse(url, scheme='', allow_fragments=True)`: six components
    /// (`;params` split off the last path segment for `uses_params`
    /// schemes).
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().urlparse("HTTP://a/b;x", "", true)?;
    /// assert_eq!((&*r.scheme, &*r.path, &*r.params), ("http", "/b", "x"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urlparse<'a>(
        &self,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
    ) -> Result<ParseResult<'a>, Error> {
        urlparse(
            url,
            scheme,
            allow_fragments,
            self.split_rules(),
            self.classes(),
        )
    }

    /// `urldefrag(url)`: the URL without its fragment, and the fragment.
    ///
    /// ```
    /// # use urlsyntax::urllib::Urllib;
    /// let r = Urllib::default().urldefrag("http://a/b#c")?;
    /// assert_eq!((&*r.url, &*r.fragment), ("http://a/b", "c"));
    /// # Ok::<(), urlsyntax::urllib::Error>(())
    /// ```
    pub fn urldefrag<'a>(&self, url: &'a str) -> Result<DefragResult<'a>, Error> {
        if self.quirks().join_keeps_empty_components {
            return self.defrag_components(url).map(DefragResult::from);
        }
        if !url.contains('#') {
            return Ok(DefragResult {
                url: Cow::Borrowed(url),
                fragment: Cow::Borrowed(""),
            });
        }
        let p = self.urlparse(url, "", true)?;
        let defragged = self.urlunparse([&p.scheme, &p.netloc, &p.path, &p.params, &p.query, ""]);
        Ok(DefragResult {
            url: Cow::Owned(defragged),
            fragment: p.fragment,
        })
    }
}

#[cfg(test)]
mod tests;

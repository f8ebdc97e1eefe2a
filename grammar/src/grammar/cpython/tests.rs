//! Tests of the lenient combinators and of the fused fast path against them.

use super::fused::{split_fused, Cuts};
use super::*;

#[test]
fn scheme_rules() {
    assert_eq!(scheme(true)("http://x"), Ok(("//x", "http")));
    assert!(scheme(true)("1http:x").is_err());
    assert_eq!(scheme(false)("1http:x"), Ok(("x", "1http")));
    assert!(scheme(false)(":x").is_err());
    assert!(scheme(false)("a b:x").is_err());
    assert!(scheme(false)("ab/c:x").is_err());
}

#[test]
fn netloc_fragment_query() {
    assert_eq!(netloc("//a:1/b?c"), Ok(("/b?c", "a:1")));
    assert_eq!(netloc("//"), Ok(("", "")));
    assert!(netloc("/a").is_err());
    assert_eq!(fragment("#b#c"), Ok(("", "b#c")));
    assert!(fragment("a#b").is_err());
    assert_eq!(query("?b?c"), Ok(("", "b?c")));
    assert!(query("a").is_err());
}

/// The cuts `scheme`, `netloc` and `path_query_fragment` make in turn,
/// as offsets: what `split_fused` must find.
fn cuts_in_turn(
    url: &str,
    allow_fragments: bool,
    must_start_with_letter: bool,
    semicolon: bool,
) -> Cuts {
    let offset = |part: &str| part.as_ptr() as usize - url.as_ptr() as usize;
    let (rest, scheme_part) = match scheme(must_start_with_letter)(url) {
        Ok((rest, s)) => (rest, Some(s)),
        Err(_) => (url, None),
    };
    let (rest, netloc_part) = match netloc(rest) {
        Ok((rest, n)) => (rest, Some((offset(n), offset(n) + n.len()))),
        Err(_) => (rest, None),
    };
    let Ok(("", (path, query, _))) = path_query_fragment(allow_fragments)(rest) else {
        panic!("{url:?}: path-query-fragment takes all");
    };
    let path_end = offset(path) + path.len();
    let query_end = query.map_or(path_end, |q| offset(q) + q.len());
    let netloc_text = netloc_part.map_or("", |(s, e)| &url[s..e]);
    Cuts {
        scheme: scheme_part.map_or(0, str::len),
        scheme_has_upper: scheme_part.is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase())),
        netloc: netloc_part.unwrap_or((0, 0)),
        netloc_needs_checks: netloc_text.contains(['[', ']']) || !netloc_text.is_ascii(),
        path: offset(path),
        path_end,
        query_end,
        may_have_semicolon: !semicolon || url.contains(';'),
    }
}

#[test]
fn fused_split_cuts_where_the_rules_cut_in_turn() {
    let pieces = [
        "http",
        "HTTP",
        "1a",
        "a+b.c-d",
        ":",
        "//",
        "/",
        "?",
        "#",
        "[",
        "]",
        "::1",
        "@",
        ";",
        "x",
        "é",
        "\u{ff03}",
        "%",
        " ",
        "\0",
        "a".repeat(30).leak(),
        "/".repeat(40).leak(),
        "?".repeat(3).leak(),
    ];
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for _ in 0..20_000 {
        let url: String = (0..next(16)).map(|_| pieces[next(pieces.len())]).collect();
        for allow_fragments in [true, false] {
            for letter in [true, false] {
                let cuts = split_fused::<false>(&url, allow_fragments, letter);
                assert_eq!(
                    cuts,
                    Some(cuts_in_turn(&url, allow_fragments, letter, false)),
                    "{url:?} {allow_fragments} {letter}"
                );
                assert_eq!(
                    split_fused::<true>(&url, allow_fragments, letter),
                    Some(cuts_in_turn(&url, allow_fragments, letter, true)),
                    "{url:?} {allow_fragments} {letter}"
                );
                assert_eq!(
                    cuts.map(|c| ("", c.parts(&url))),
                    url_parts(allow_fragments, letter)(&url).ok(),
                    "{url:?} {allow_fragments} {letter}"
                );
                assert!(fast_path_agrees(&url, allow_fragments, letter), "{url:?}");
            }
        }
    }
}

#[test]
fn fused_split_declines_tab_cr_lf_anywhere() {
    for i in 0..200 {
        for c in ['\t', '\r', '\n'] {
            let mut url = "http://h/p?q#f".repeat(15);
            url.insert(i, c);
            assert_eq!(split_fused::<false>(&url, true, true), None, "{i}");
            assert_eq!(split_fused::<true>(&url, true, true), None, "{i}");
            assert!(fast_path_agrees(&url, true, true), "{i}");
        }
    }
}

/// `path_query_fragment` answers as CPython's steps do: the fragment cut
/// at the first `#`, then the query at the first `?` before it.
#[test]
fn one_pass_agrees_with_fragment_then_query() {
    let split = |s: &'static str, at: char| s.split_once(at).unwrap_or((s, ""));
    for s in [
        "",
        "a",
        "?",
        "#",
        "?#",
        "#?",
        "a?b#c",
        "a#b?c",
        "a?b?c#d#e",
        "/p;x?q=1#f?g",
    ] {
        let (rest, fragment) = split(s, '#');
        let (path, query) = split(rest, '?');
        let (Ok(("", with)), Ok(("", without))) =
            (path_query_fragment(true)(s), path_query_fragment(false)(s))
        else {
            panic!("{s:?}: path-query-fragment takes all");
        };
        let blank = |(p, q, f): PathQueryFragment<'static>| (p, q.unwrap_or(""), f.unwrap_or(""));
        assert_eq!(blank(with), (path, query, fragment), "{s}");
        assert_eq!(
            blank(without),
            (split(s, '?').0, split(s, '?').1, ""),
            "{s}"
        );
        assert_eq!(with.1.is_some(), rest.contains('?'), "{s}");
        assert_eq!(with.2.is_some(), s.contains('#'), "{s}");
    }
}

//! Tests of the lenient combinators and of the fused fast path against them.

use super::*;

#[test]
fn scheme_rules() {
    assert_eq!(scheme("http://x", true), Some(("http", "//x")));
    assert_eq!(scheme("1http:x", true), None);
    assert_eq!(scheme("1http:x", false), Some(("1http", "x")));
    assert_eq!(scheme(":x", false), None);
    assert_eq!(scheme("a b:x", false), None);
    assert_eq!(scheme("ab/c:x", false), None);
}

#[test]
fn netloc_fragment_query() {
    assert_eq!(netloc("//a:1/b?c"), ("a:1", "/b?c"));
    assert_eq!(netloc("//"), ("", ""));
    assert_eq!(netloc("/a"), ("", "/a"));
    assert_eq!(fragment("a#b#c"), ("a", "b#c"));
    assert_eq!(query("a?b?c"), ("a", "b?c"));
    assert_eq!(query("a"), ("a", ""));
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
    let (scheme_part, rest) = match scheme(url, must_start_with_letter) {
        Some((s, rest)) => (Some(s), rest),
        None => (None, url),
    };
    let (netloc_part, rest) = if rest.starts_with("//") {
        let (n, rest) = netloc(rest);
        (Some((offset(n), offset(n) + n.len())), rest)
    } else {
        (None, rest)
    };
    let (path, query, _) = path_query_fragment(rest, allow_fragments);
    let path_end = offset(path) + path.len();
    let question = url[path_end..].starts_with('?').then_some(path_end);
    let query_end = question.map_or(path_end, |q| q + 1 + query.len());
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
                    cuts.map(|c| c.parts(&url)),
                    Some(url_parts(&url, allow_fragments, letter)),
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

#[test]
fn one_pass_agrees_with_fragment_then_query() {
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
        let (rest, fragment) = fragment(s);
        let (path, query) = query(rest);
        assert_eq!(path_query_fragment(s, true), (path, query, fragment), "{s}");
        let (path, query) = super::query(s);
        assert_eq!(path_query_fragment(s, false), (path, query, ""), "{s}");
    }
}

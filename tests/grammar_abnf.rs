//! Every rule of `grammar/rfc3986.abnf`, `grammar/cpython.abnf` and
//! `grammar/neturl.abnf` against what implements it: on seeded strings
//! drawn from the rule itself, from those strings edited, and from the
//! characters around it, the ABNF rule matches the whole string exactly
//! when the combinator reads all of it. And every rule names a combinator,
//! and every combinator a rule, as the modules' docs say.

#[path = "support/abnf.rs"]
mod abnf_match;

use abnf_match::{Grammar, Rng, MAX_LEN};
use urlsyntax::grammar::chars::{self, ByteSet};
use urlsyntax::grammar::neturl::{self as n, Cats, Classes};
use urlsyntax::grammar::{cpython as c, rfc3986 as r};
use urlsyntax::nom::IResult;

/// How much of a string a combinator reads (`None`: it fails).
type Reader = Box<dyn Fn(&str) -> Option<usize>>;

/// One check: the ABNF rule, the combinator's call, and how it reads.
type Check = (&'static str, &'static str, Reader);

fn taken<T, E>(s: &str, read: IResult<&str, T, E>) -> Option<usize> {
    read.ok().map(|(rest, _)| s.len() - rest.len())
}

macro_rules! check {
    ($rule:literal, $f:expr) => {
        (
            $rule,
            stringify!($f),
            Box::new(|s: &str| taken(s, $f(s))) as Reader,
        )
    };
}

/// A character class of `chars` as a one-character rule (for `pchar`,
/// or a `pct-encoded` triplet).
fn class(set: ByteSet, pct: bool) -> Reader {
    Box::new(move |s: &str| match s.bytes().next() {
        Some(b) if set.contains(b) => Some(1),
        _ if pct => taken(s, r::pct_encoded(s)),
        _ => None,
    })
}

/// Strings near the rule `rule`: the empty string, each character of its
/// alphabet and of `pieces` alone, samples of the rule, samples edited,
/// and runs of pieces and samples.
fn strings(g: &Grammar, rule: &str, pieces: &[&str], seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut alphabet = g.alphabet(rule);
    alphabet.extend(pieces.iter().map(|p| p.to_string()));
    let samples: Vec<String> = (0..400).map(|_| g.sample(rule, &mut rng)).collect();
    let mut out = vec![String::new()];
    out.extend(alphabet.iter().cloned());
    out.extend(samples.iter().cloned());
    for s in &samples {
        let mut s: Vec<char> = s.chars().collect();
        for _ in 0..1 + rng.below(2) {
            let at = rng.below(s.len() + 1);
            let piece: Vec<char> = alphabet[rng.below(alphabet.len())].chars().collect();
            match rng.below(3) {
                0 => drop(s.splice(at..at, piece)),
                1 if at < s.len() => drop(s.remove(at)),
                _ if at < s.len() => drop(s.splice(at..=at, piece)),
                _ => s.extend(piece),
            }
        }
        out.push(s.into_iter().collect());
    }
    for _ in 0..400 {
        let runs: String = (0..rng.below(8))
            .map(|_| match rng.below(4) {
                0 => samples[rng.below(samples.len())].as_str(),
                _ => alphabet[rng.below(alphabet.len())].as_str(),
            })
            .collect();
        out.push(runs);
    }
    out.retain(|s| s.chars().count() <= MAX_LEN);
    out
}

/// Holds each check's combinator to its rule on the strings near the rule;
/// `want` narrows the rule (a parameter of the combinator). Every check
/// must see a string the rule matches, and, unless `matches_all`, one it
/// does not.
fn hold(g: &Grammar, checks: &[Check], pieces: &[&str], matches_all: &[&str]) {
    hold_narrowed(g, checks, pieces, matches_all, |_, _, m| m);
}

fn hold_narrowed(
    g: &Grammar,
    checks: &[Check],
    pieces: &[&str],
    matches_all: &[&str],
    want: impl Fn(&str, &str, bool) -> bool,
) {
    for (k, (rule, call, read)) in checks.iter().enumerate() {
        let (mut matched, mut unmatched) = (0, 0);
        for s in strings(g, rule, pieces, 0x9e37_79b9_7f4a_7c15 ^ k as u64) {
            let matches = want(call, &s, g.matches(rule, &s));
            assert_eq!(
                read(&s) == Some(s.len()),
                matches,
                "{rule} / {call} on {s:?}: the ABNF {} it",
                if matches { "matches" } else { "does not match" }
            );
            if matches {
                matched += 1;
            } else {
                unmatched += 1;
            }
        }
        assert!(matched > 0, "{rule} / {call}: no string matched");
        assert!(
            unmatched > 0 || matches_all.contains(rule),
            "{rule} / {call}: every string matched"
        );
    }
}

/// The file `grammar/<name>`.
fn grammar_file(name: &str) -> String {
    let path = format!("{}/grammar/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The file `grammar/src/grammar/<name>` (the grammar crate).
fn source_file(name: &str) -> String {
    let path = format!("{}/grammar/src/grammar/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A rule name as Rust spells it: `IP-literal` is `ip_literal`.
fn snake(rule: &str) -> String {
    rule.to_ascii_lowercase().replace('-', "_")
}

/// The identifiers after each `prefix` in `source` (`pub fn `, ...).
fn names_after(source: &str, prefix: &str) -> Vec<String> {
    source
        .split(prefix)
        .skip(1)
        .map(|s| {
            s.chars()
                .take_while(|&c| c.is_alphanumeric() || c == '_')
                .collect()
        })
        .collect()
}

/// The names a module's `pub use` lists give.
fn reexported(source: &str) -> Vec<String> {
    source
        .split("pub use ")
        .skip(1)
        .flat_map(|s| {
            let list = &s[s.find('{').unwrap() + 1..s.find('}').unwrap()];
            list.split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
        })
        .collect()
}

/// Both ways: the rules the checks name are the file's rules.
fn checks_cover_rules(g: &Grammar, checks: &[Check]) {
    let mut checked: Vec<&str> = checks.iter().map(|c| c.0).collect();
    checked.dedup();
    let mut names: Vec<&str> = g.names.iter().map(String::as_str).collect();
    names.dedup();
    let (mut a, mut b) = (checked.clone(), names.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "the rules checked are the rules of the file");
}

fn rfc3986_checks() -> Vec<Check> {
    let authority_text = |s: &str| {
        r::authority(s).ok().map(|(rest, a)| {
            // The value's text is the text the rule read.
            assert_eq!(a.as_str(), &s[..s.len() - rest.len()], "{s:?}");
            a.as_str().len()
        })
    };
    vec![
        check!("URI-reference", r::uri_reference),
        check!("URI", r::uri),
        check!("hier-part", r::hier_part),
        check!("absolute-URI", r::absolute_uri),
        check!("relative-ref", r::relative_ref),
        check!("relative-part", r::relative_part),
        check!("scheme", r::scheme),
        ("authority", "r::authority", Box::new(authority_text)),
        check!("userinfo", r::userinfo),
        check!("host", r::host),
        check!("port", r::port),
        check!("IP-literal", r::ip_literal),
        check!("IPvFuture", r::ipvfuture),
        check!("IPv6address", r::ipv6address),
        check!("IPv6address", r::ipv6address_pieces),
        check!("h16", r::h16),
        check!("ls32", r::ls32),
        check!("IPv4address", r::ipv4address),
        check!("IPv4address", r::ipv4address_octets),
        check!("dec-octet", r::dec_octet),
        check!("reg-name", r::reg_name),
        check!("path-abempty", r::path_abempty),
        check!("path-absolute", r::path_absolute),
        check!("path-noscheme", r::path_noscheme),
        check!("path-rootless", r::path_rootless),
        check!("path-empty", r::path_empty),
        check!("segment", r::segment),
        check!("segment-nz", r::segment_nz),
        check!("segment-nz-nc", r::segment_nz_nc),
        ("pchar", "chars::PCHAR", class(chars::PCHAR, true)),
        check!("query", r::query),
        check!("fragment", r::fragment),
        check!("pct-encoded", r::pct_encoded),
        (
            "unreserved",
            "chars::UNRESERVED",
            class(chars::UNRESERVED, false),
        ),
        ("reserved", "chars::RESERVED", class(chars::RESERVED, false)),
        (
            "gen-delims",
            "chars::GEN_DELIMS",
            class(chars::GEN_DELIMS, false),
        ),
        (
            "sub-delims",
            "chars::SUB_DELIMS",
            class(chars::SUB_DELIMS, false),
        ),
        check!("param", r::param),
    ]
}

const RFC3986_PIECES: &[&str] = &[
    " ", "%", "%41", "%7e", "%zz", "%4", "é", "\"", "<", "\\", "^", "`", "{", "|", "}", "#", "/",
    "?", ":", "@", "[", "]", ";", "::", "1.2.3.4", "v1.x", "//",
];

#[test]
fn rfc3986_rules_read_as_their_abnf() {
    let g = Grammar::new(&grammar_file("rfc3986.abnf"), "");
    let checks = rfc3986_checks();
    checks_cover_rules(&g, &checks);
    hold(&g, &checks, RFC3986_PIECES, &[]);
}

/// Every combinator `grammar::rfc3986` exports is a rule's (or a rule's
/// value form: the address of `IPv4address` and `IPv6address`), and every
/// rule a combinator's, or for a character class a set of `chars`.
#[test]
fn rfc3986_rule_names_are_combinator_names() {
    let g = Grammar::new(&grammar_file("rfc3986.abnf"), "");
    let exported = reexported(&source_file("rfc3986/mod.rs"));
    let functions: Vec<&String> = exported
        .iter()
        .filter(|n| n.starts_with(char::is_lowercase))
        .collect();
    let classes = names_after(&source_file("chars.rs"), "pub const ");
    let rules: Vec<String> = g.names.iter().map(|n| snake(n)).collect();
    for f in &functions {
        let rule = f.trim_end_matches("_octets").trim_end_matches("_pieces");
        assert!(
            rules.iter().any(|r| r == rule),
            "{f} names no rule of rfc3986.abnf"
        );
    }
    for (rule, call, _) in rfc3986_checks() {
        let name = snake(rule);
        match call.strip_prefix("chars::") {
            Some(set) => {
                assert_eq!(set, name.to_ascii_uppercase(), "{rule}");
                assert!(
                    classes.iter().any(|c| c == set),
                    "chars::{set} is no set of chars.rs"
                );
            }
            None => assert!(
                functions.iter().any(|f| **f == name),
                "{rule}: no combinator {name}"
            ),
        }
    }
}

fn cpython_checks() -> Vec<Check> {
    vec![
        check!("url-parts", c::url_parts(true, false)),
        check!("url-parts", c::url_parts(true, true)),
        check!("url-parts", c::url_parts(false, false)),
        check!("url-parts", c::url_parts(false, true)),
        check!("scheme", c::scheme(false)),
        check!("scheme", c::scheme(true)),
        check!("netloc", c::netloc),
        check!("path-query-fragment", c::path_query_fragment(true)),
        check!("query", c::query),
        check!("fragment", c::fragment),
    ]
}

/// The strings near CPython's rules: its delimiters, controls, and
/// characters whose NFKC holds one.
const CPYTHON_PIECES: &[&str] = &[
    "\0",
    " ",
    "\t",
    ":",
    "//",
    "/",
    "?",
    "#",
    "@",
    "[",
    "]",
    "%",
    "é",
    "\u{ff03}",
    "\u{10ffff}",
    "1",
    "a",
    "A",
    "+",
];

#[test]
fn cpython_rules_read_as_their_abnf() {
    let g = Grammar::new(&grammar_file("cpython.abnf"), "");
    let checks = cpython_checks();
    checks_cover_rules(&g, &checks);
    let letter_first = |call: &str, s: &str, m: bool| {
        m && (call.replace(' ', "") != "c::scheme(true)"
            || s.starts_with(|c: char| c.is_ascii_alphabetic()))
    };
    let matches_all = ["url-parts", "path-query-fragment"];
    hold_narrowed(&g, &checks, CPYTHON_PIECES, &matches_all, letter_first);
    // Without fragments, the comment's rule.
    let g = Grammar::new(
        &grammar_file("cpython.abnf"),
        "no-fragment = *( %x00-3E / %x40-10FFFF ) [ query ]\n",
    );
    let without = [check!("no-fragment", c::path_query_fragment(false))];
    hold(&g, &without, CPYTHON_PIECES, &["no-fragment"]);
}

#[test]
fn cpython_rule_names_are_combinator_names() {
    let g = Grammar::new(&grammar_file("cpython.abnf"), "");
    let mut functions = names_after(&source_file("cpython/mod.rs"), "\npub fn ");
    let mut rules: Vec<String> = g.names.iter().map(|n| snake(n)).collect();
    // and `url-parts` with a test of the scheme it takes (what releases up
    // to 3.8 refuse), its one parameterized form; and the check of the
    // named fast path (`fused`) against the composition.
    rules.extend(["url_parts_with".into(), "fast_path_agrees".into()]);
    functions.sort();
    rules.sort();
    assert_eq!(
        functions, rules,
        "the public functions of grammar::cpython are its rules"
    );
}

/// `neturl-<part>-char` over one character and `neturl-<part>-word`, as
/// `word` reads them over the classes of `cats`.
fn part_checks(part: &'static str, cats: &Cats) -> [Check; 2] {
    fn read_word(classes: &Classes, s: &str) -> Option<usize> {
        taken(s, n::word(classes, false)(s))
    }
    let classes = Classes::of(cats);
    let leak = |s: String| &*Box::leak(s.into_boxed_str());
    let one_char = move |s: &str| {
        let one = &s[..s.chars().next()?.len_utf8()];
        (read_word(&classes, one) == Some(one.len())).then_some(one.len())
    };
    [
        (
            leak(format!("neturl-{part}-char")),
            "n::word over one character",
            Box::new(one_char),
        ),
        (
            leak(format!("neturl-{part}-word")),
            "n::word",
            Box::new(move |s: &str| read_word(&classes, s)),
        ),
    ]
}

/// The parts of `grammar::neturl`, by the name of their const.
fn neturl_parts() -> [(&'static str, Cats); 6] {
    [
        ("SCHEME", n::SCHEME),
        ("LOGIN", n::LOGIN),
        ("HOST", n::HOST),
        ("IPV6", n::IPV6),
        ("PATH", n::PATH),
        ("OTHER", n::OTHER),
    ]
}

fn neturl_checks() -> Vec<Check> {
    let mut checks = vec![
        check!("escape", r::pct_encoded),
        ("safe", "n::SAFE", class(n::SAFE, false)),
        ("extra", "n::EXTRA", class(n::EXTRA, false)),
    ];
    for (name, cats) in neturl_parts() {
        let part = &*Box::leak(name.to_ascii_lowercase().into_boxed_str());
        checks.extend(part_checks(part, &cats));
    }
    checks
}

const NETURL_PIECES: &[&str] = &[
    " ", "%", "%41", "%4", "%zz", "%%", "é", "\"", "#", "?", ":", "@", "/", ";", "~", "[", "]",
    "\\", "{", "^", "\u{7f}",
];

#[test]
fn neturl_rules_read_as_their_abnf() {
    let g = Grammar::new(&grammar_file("neturl.abnf"), "");
    let checks = neturl_checks();
    checks_cover_rules(&g, &checks);
    hold(&g, &checks, NETURL_PIECES, &[]);
}

/// The parts' consts and the byte sets of `grammar::neturl` are the
/// file's rules, as the module doc says.
#[test]
fn neturl_rule_names_are_its_parts() {
    let g = Grammar::new(&grammar_file("neturl.abnf"), "");
    let source = source_file("neturl.rs");
    let mut consts = names_after(&source, "\npub const ");
    consts.sort();
    let mut named: Vec<String> = neturl_parts().iter().map(|(n, _)| n.to_string()).collect();
    named.extend(["SAFE", "EXTRA"].map(String::from));
    named.sort();
    assert_eq!(
        consts, named,
        "the consts of grammar::neturl are its parts and byte sets"
    );
    let rules: Vec<&str> = g.names.iter().map(String::as_str).collect();
    for (rule, _, _) in neturl_checks() {
        assert!(rules.contains(&rule), "{rule} is no rule of neturl.abnf");
    }
}

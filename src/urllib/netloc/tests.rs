//! The netloc attributes: worked examples, and property tests holding
//! every fast path to the reference (CPython's steps) on arbitrary
//! netlocs under every profile.

use proptest::prelude::*;

use super::super::Profile;
use super::*;
use urlsyntax_pyruntime::unicode::{UNICODE_13_0_0, UNICODE_15_1_0};

#[test]
fn hostinfo_like_python() {
    assert_eq!(hostinfo("u:p@[::1]:80"), ("::1", Some("80")));
    assert_eq!(hostinfo("a@b@h:"), ("h", None));
    assert_eq!(hostinfo("[x"), ("x", None));
    assert_eq!(userinfo("u:p:q@h"), (Some("u"), Some("p:q")));
    assert_eq!(userinfo("u@h"), (Some("u"), None));
}

#[test]
fn ports_per_rule() {
    let p = |s, r| port(s, r, false, false, &UNICODE_13_0_0);
    assert_eq!(p("h:080", PortRule::AsciiDigits), Ok(Some(80)));
    assert!(p("h: 80", PortRule::AsciiDigits).is_err());
    assert_eq!(p("h: 80 ", PortRule::PythonInt), Ok(Some(80)));
    assert_eq!(p("h:+8_0", PortRule::PythonInt), Ok(Some(80)));
    assert_eq!(p("h:-0", PortRule::PythonInt), Ok(Some(0)));
    assert_eq!(p("h:٨٠", PortRule::PythonInt), Ok(Some(80)));
    assert_eq!(p("h:-1", PortRule::PythonInt), Err(Error::PortOutOfRange));
    assert_eq!(
        p("h:99999999999999999999", PortRule::AsciiDigits),
        Err(Error::PortOutOfRange)
    );
    assert!(matches!(
        p("h:8__0", PortRule::PythonInt),
        Err(Error::PortNotInteger { .. })
    ));
    let long = format!("h:{}", "1".repeat(4301));
    assert!(matches!(
        p(&long, PortRule::PythonInt),
        Err(Error::PortNotInteger { .. })
    ));
    assert_eq!(
        p(&long, PortRule::AsciiDigits).map_err(|e| e.to_string()),
        Err(
            "Exceeds the limit (4300) for integer string conversion: value has 4301 digits; \
             use sys.set_int_max_str_digits() to increase the limit"
                .into()
        )
    );
}

#[test]
fn hostname_keeps_zone_case() {
    assert_eq!(
        hostname("[FE80::1%Eth0]", false, &UNICODE_15_1_0).as_deref(),
        Some("fe80::1%Eth0")
    );
    assert_eq!(hostname("u@:80", false, &UNICODE_15_1_0), None);
}

/// The attributes read together, and each alone (for text and for
/// bytes), are the reference's under every profile.
fn attributes_are_the_steps(netloc: &str) -> Result<(), TestCaseError> {
    let (host, port_text) = hostinfo(netloc);
    for profile in Profile::ALL {
        let q = profile.quirks();
        let (rule, int_error) = (q.port, q.port_error_from_int);
        let together = attributes(netloc, q);
        prop_assert_eq!(&together, &attributes_by_steps(netloc, q), "{:?}", profile);
        for bytes in [false, true] {
            let alone = hostname(netloc, bytes, q.codecs.unicode);
            prop_assert_eq!(
                alone,
                hostname_of(host, bytes, q.codecs.unicode),
                "{:?}",
                profile
            );
            prop_assert_eq!(
                port(netloc, rule, int_error, bytes, q.codecs.unicode),
                port_of(port_text, rule, int_error, bytes, q.codecs.unicode),
                "{:?} bytes: {}",
                profile,
                bytes
            );
        }
    }
    Ok(())
}

/// Both ways of finding the cuts read every ASCII netloc without `%`,
/// and cut it where the reference does.
fn cuts_are_the_steps(netloc: &str) -> Result<(), TestCaseError> {
    let readable = !netloc.bytes().any(|b| b == b'%' || !b.is_ascii());
    let by_masks = netloc_masks(netloc.as_bytes()).map(HostCuts::from_masks);
    prop_assert_eq!(by_masks.is_some(), netloc.len() <= 64);
    for cuts in [by_masks, Some(HostCuts::by_bytes(netloc))] {
        let Some(cuts) = cuts else { continue };
        prop_assert_eq!(cuts.is_some(), readable);
        let Some(cuts) = cuts else { continue };
        prop_assert_eq!(cuts.userinfo(netloc), userinfo(netloc));
        let (host, port_text) = cuts.host_and_port(netloc);
        let port_text = (!port_text.is_empty()).then_some(port_text);
        prop_assert_eq!((host, port_text), hostinfo(netloc));
        let lower = hostname_of(host, false, &UNICODE_15_1_0);
        prop_assert_eq!(cuts.hostname(netloc), lower);
    }
    Ok(())
}

/// A netloc read inside a text around it (`before` and `after`, as a URL
/// holds it) is a host alone exactly where no byte is `@ : [ ] %`, a
/// capital or non-ASCII, and then its attributes, under every profile,
/// are the host's alone. The same netloc held elsewhere (a copy) is never
/// read as part of the text.
fn the_netloc_within_is_the_netloc(
    before: &str,
    netloc: &str,
    after: &str,
) -> Result<(), TestCaseError> {
    let url = format!("{before}{netloc}{after}");
    let within = &url[before.len()..before.len() + netloc.len()];
    let alone = !netloc.is_empty()
        && !netloc
            .bytes()
            .any(|b| b"@:[]%".contains(&b) || b.is_ascii_uppercase() || !b.is_ascii());
    prop_assert_eq!(is_host_alone_within(&url, within), alone);
    prop_assert!(!is_host_alone_within(&url, netloc));
    for profile in Profile::ALL {
        let q = profile.quirks();
        let expected = attributes(netloc, q);
        if alone {
            let host = NetlocAttributes {
                username: None,
                password: None,
                hostname: Some(Cow::Borrowed(netloc)),
                port: Ok(None),
            };
            prop_assert_eq!(&expected, &host, "{:?}", profile);
        }
    }
    Ok(())
}

/// Where [`short_port`] reads a port text it reads it as every release
/// does, and it reads every text of up to five ASCII digits.
fn short_port_is_every_release(text: &str) -> Result<(), TestCaseError> {
    let short = short_port(text);
    let digits = text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit());
    let in_range = text.is_empty() || text.parse().is_ok_and(|v: u32| v <= 65535);
    prop_assert_eq!(short.is_some(), digits && in_range);
    let Some(short) = short else {
        return Ok(());
    };
    let text = (!text.is_empty()).then_some(text);
    for profile in Profile::ALL {
        let q = profile.quirks();
        for bytes in [false, true] {
            let general = port_of(text, q.port, q.port_error_from_int, bytes, q.codecs.unicode);
            prop_assert_eq!(Ok(short), general, "{:?} bytes: {}", profile, bytes);
        }
    }
    Ok(())
}

#[test]
fn the_fast_paths_equal_the_steps_on_known_netlocs() {
    for netloc in [
        "",
        "h",
        "H:80",
        "u@h",
        "u:p@h:1",
        "a@b@H:",
        "[::1]:80",
        "[FE80::1%Eth0]",
        "u:p:q@[x",
        "h: 80",
        "h:99999",
        "h:x",
        "@",
        ":",
        "\u{130}x.com",
        "u@h:+8_0",
        "[a]b:1]:2",
        "a]b[c:d",
    ] {
        attributes_are_the_steps(netloc).unwrap();
        cuts_are_the_steps(netloc).unwrap();
    }
    for text in [
        "", "0", "080", "65535", "65536", "99999", "100000", " 80", "+80", "٨٠",
    ] {
        short_port_is_every_release(text).unwrap();
    }
}

/// A string of up to `max` characters drawn from `chars`.
fn text_of(chars: impl Strategy<Value = char>, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(chars, 0..=max).prop_map(String::from_iter)
}

/// A character the cuts look at, often: `@ : [ ]`, digits, letters of
/// both cases, or any other ASCII but `%`.
fn cut_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec!['@', ':', '[', ']']),
        3 => prop::char::range('0', '9'),
        2 => prop::sample::select(vec!['A', 'Z', 'F', 'a', 'z', 'e', '.', '-']),
        1 => prop::char::range('\0', '\x7f').prop_filter("no %", |&c| c != '%'),
    ]
}

/// Any character, often one some step or release reads apart: `%`,
/// whitespace, signs, non-ASCII digits, letters whose lowercase differs in
/// length or by Unicode version.
fn any_netloc_char() -> impl Strategy<Value = char> {
    prop_oneof![
        6 => cut_char(),
        2 => Just('%'),
        2 => prop::sample::select(vec![
            ' ', '\t', '+', '_', '\u{660}', '\u{968}', '\u{ff11}', '\u{e9}', '\u{c9}', '\u{130}',
            '\u{df}', '\u{3a3}', '\u{212a}', '\u{1e9e}', '\u{10400}',
        ]),
        1 => any::<char>(),
    ]
}

/// A character of a host name alone: a lowercase letter, a digit, `.`
/// or `-`.
fn host_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec!['a', 'z', 'q', '0', '9', '.', '-'])
}

/// Netlocs to 80 bytes and past (the masks read up to 64): mostly ones
/// the fast paths read (ASCII without `%`), the others of any character.
fn netloc() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => text_of(cut_char(), 80),
        2 => text_of(any_netloc_char(), 40),
    ]
}

/// Port texts: mostly ASCII digits, with what some release's `int()`
/// takes around or between them.
fn port_text() -> impl Strategy<Value = String> {
    let chars = prop_oneof![
        8 => prop::char::range('0', '9'),
        1 => prop::sample::select(vec![' ', '\t', '+', '-', '_', '\u{660}', '\u{ff10}', 'a']),
    ];
    text_of(chars, 7)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn the_attributes_equal_the_steps(netloc in netloc()) {
        attributes_are_the_steps(&netloc)?;
    }

    #[test]
    fn the_cuts_equal_the_steps(netloc in netloc()) {
        cuts_are_the_steps(&netloc)?;
    }

    #[test]
    fn a_netloc_within_its_url_is_the_netloc(
        before in text_of(cut_char(), 40),
        netloc in prop_oneof![netloc(), text_of(host_char(), 40)],
        after in text_of(any_netloc_char(), 40),
    ) {
        the_netloc_within_is_the_netloc(&before, &netloc, &after)?;
    }

    #[test]
    fn the_short_port_equals_every_release(text in port_text()) {
        short_port_is_every_release(&text)?;
    }
}

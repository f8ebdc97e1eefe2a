//! Unit tests of `nameprep`.

use super::*;

fn prep(s: &str, release: u8) -> Result<String, Refusal> {
    let cps: Vec<u32> = s.chars().map(u32::from).collect();
    nameprep(&cps, release, release).map(|t| t.into_iter().filter_map(char::from_u32).collect())
}

/// RFC 3491's examples and others, each checked against
/// `encodings.idna.nameprep` of CPython 3.6.15 and 3.13.0.
#[test]
fn nameprep_as_cpython() {
    for release in [0, 7] {
        let p = |s| prep(s, release);
        assert_eq!(p("B\u{fc}cher"), Ok("b\u{fc}cher".into()));
        assert_eq!(p("Stra\u{df}e"), Ok("strasse".into()));
        assert_eq!(p("a\u{ad}b\u{200b}c"), Ok("abc".into()));
        assert_eq!(p("\u{ad}"), Ok(String::new()));
        assert_eq!(p("\u{130}"), Ok("i\u{307}".into()));
        assert_eq!(p("\u{2163}"), Ok("iv".into()));
        assert_eq!(p("\u{3300}"), Ok("\u{30a2}\u{30d1}\u{30fc}\u{30c8}".into()));
        assert_eq!(p("\u{1d400}"), Ok("a".into()));
        assert_eq!(p("\u{3000}"), Ok(" ".into()));
        assert_eq!(
            p("a\u{1680}"),
            Err(Refusal::Prohibited {
                at: 1,
                character: 0x1680
            })
        );
        assert_eq!(
            p("\u{e000}"),
            Err(Refusal::Prohibited {
                at: 0,
                character: 0xe000
            })
        );
        assert_eq!(p("\u{5d0}\u{5d1}"), Ok("\u{5d0}\u{5d1}".into()));
        assert_eq!(p("\u{627}1\u{628}"), Ok("\u{627}1\u{628}".into()));
        assert_eq!(p("\u{627}a\u{628}"), Err(Refusal::Bidi2 { at: 1 }));
        assert_eq!(p("1\u{627}"), Err(Refusal::Bidi3 { at: 0 }));
        assert_eq!(p("\u{627}1"), Err(Refusal::Bidi3 { at: 1 }));
    }
}

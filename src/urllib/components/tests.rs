//! Unit tests of `components`.

use proptest::prelude::*;

use super::super::Profile;
use super::*;

/// A URL-like text: delimiters often, letters of both cases, the
/// bytes cleaning strips or removes, and some beyond ASCII; long
/// enough, now and then, to cross the one pass's 64-byte blocks.
fn url_text() -> impl Strategy<Value = String> {
    let chars = prop_oneof![
        6 => prop::sample::select(vec![':', '/', '?', '#', '@', '[', ']', ';']),
        4 => prop::sample::select(vec!['h', 't', 'p', 'H', 'a', '1', '.', '-', '+']),
        1 => prop::sample::select(vec![' ', '\t', '\n', '\r', '\0', '\u{ff03}', 'é']),
    ];
    prop::collection::vec(chars, 0..=150).prop_map(String::from_iter)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// The one pass's components are those read off `urlsplit`'s
    /// parts, under every profile, with and without a default scheme
    /// and fragments.
    #[test]
    fn components_match_their_reference(url in url_text(), fragments: bool, default: bool) {
        let scheme = default.then_some(" x\t");
        for profile in Profile::ALL {
            let ctx = Urllib::new(profile);
            let fast = ctx.split_components(&url, scheme, fragments);
            let reference = ctx.split_components_by_parts(&url, scheme, fragments);
            prop_assert_eq!(fast, reference, "{:?}", profile);
        }
    }
}

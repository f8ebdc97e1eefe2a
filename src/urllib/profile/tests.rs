//! Unit tests of `profile`.

use super::*;

#[test]
fn every_release_by_exact_version_and_its_line_s_newest_by_minor() {
    for p in Profile::ALL {
        assert_eq!(Profile::from_version(p.release()), Some(p));
        let newest = Profile::from_version(p.minor()).unwrap();
        assert_eq!(newest.minor(), p.minor());
        assert!(newest >= p);
    }
    assert_eq!(Profile::from_version("3.6"), Some(Profile::Py3_6_15));
    assert_eq!(Profile::from_version("3.9"), Some(Profile::Py3_9_25));
    assert_eq!(Profile::from_version("3.8"), Some(Profile::Py3_8_20));
    assert_eq!(Profile::from_version("3.8.18"), Some(Profile::Py3_8_18));
    assert_eq!(Profile::from_version("3.8.17"), None);
    assert_eq!(Profile::from_version("3.5"), None);
    assert_eq!(Profile::from_version("3.16"), None);
    assert!(Profile::ALL.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(Profile::default(), Profile::Py3_15_2);
    // The same quirks: `with_quirks` answers the default's own handle.
    let named_default = Behaviour::with_quirks(Profile::default(), *Profile::DEFAULT_QUIRKS);
    assert_eq!(named_default, Behaviour::default());
    assert_eq!(Profile::ALL.last(), Some(&Profile::default()));
}

#[test]
fn each_profile_s_named_entry_is_its_own() {
    for p in Profile::ALL {
        assert_eq!(p.named().profile, p);
        assert_eq!(Behaviour::new(p).profile(), p);
    }
}

#[test]
fn verified_profiles_are_the_ones_not_composed() {
    let verified: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|p| p.is_verified())
        .collect();
    assert_eq!(verified, Profile::VERIFIED);
    for p in Profile::ALL.into_iter().filter(|p| !p.is_verified()) {
        let (base, fixes) = p.composed_from().unwrap();
        assert!(base.is_verified() && base.minor() == p.minor() && base < p);
        for f in fixes {
            let on = Profile::from_version(f.verified_on).unwrap();
            assert!(
                on.is_verified(),
                "{}: {} is not verified",
                f.issue,
                f.verified_on
            );
            assert!(f.since.starts_with(p.minor()) && f.since.len() > p.minor().len());
        }
    }
}

/// `docs/profiles.md` lists every profile, and every fix of each
/// composed one with its issue, CVE and first release.
#[test]
fn the_profiles_page_lists_every_profile_and_fix() {
    let page = include_str!("../../../docs/profiles.md");
    for p in Profile::ALL {
        let kind = match p.composed_from() {
            None => "verified".to_string(),
            Some((base, _)) => format!("composed from {}", base.release()),
        };
        let row = format!("| `Profile::{p:?}` | CPython {} | {kind}", p.release());
        assert!(page.contains(&row), "docs/profiles.md has no row {row:?}");
        let Some((_, fixes)) = p.composed_from() else {
            continue;
        };
        for f in fixes {
            let row = format!("| {} | {} | {} |", f.issue, f.cve.unwrap_or(""), f.since);
            assert!(page.contains(&row), "{p}: no row {row:?}");
        }
    }
}

/// A runtime with equal tables at other addresses: `==` (by identity) tells
/// it apart, `same_content` and so `Behaviour`'s equality do not; a field
/// that differs tells both.
#[test]
fn codec_rules_compare_by_identity_and_by_content() {
    let rules = Profile::Py3_13_0.quirks().codecs;
    let aliases: &'static [(&str, &str)] =
        Box::leak(rules.codec_aliases.to_vec().into_boxed_slice());
    let copied = urlsyntax_pyruntime::codec::CodecRules {
        codec_aliases: aliases,
        ..rules
    };
    assert!(copied != rules);
    assert!(copied.same_content(&rules));
    let mut quirks = *Profile::Py3_13_0.quirks();
    quirks.codecs = copied;
    assert_eq!(
        Behaviour::with_quirks(Profile::Py3_13_0, quirks),
        Behaviour::new(Profile::Py3_13_0)
    );
    let flipped = urlsyntax_pyruntime::codec::CodecRules {
        utf7_ill_formed_plus: !rules.utf7_ill_formed_plus,
        ..copied
    };
    assert!(flipped != rules && !flipped.same_content(&rules));
    quirks.codecs = flipped;
    assert_ne!(
        Behaviour::with_quirks(Profile::Py3_13_0, quirks),
        Behaviour::new(Profile::Py3_13_0)
    );
}

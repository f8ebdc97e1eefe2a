//! Unit tests of the probe's derivation.

use super::*;

fn answers_of(profile: Profile) -> BTreeMap<String, String> {
    let text = DerivedProfile::recorded_answers(profile).unwrap();
    text.lines()
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect()
}

/// Each verified release's own answers derive exactly its own quirks.
#[test]
fn each_verified_release_derives_itself() {
    for p in Profile::VERIFIED {
        let d = DerivedProfile::from_answers(answers_of(p)).unwrap();
        assert_eq!(d.base(), p);
        assert!(d.switches().is_empty(), "{p}: {:?}", d.switches());
        assert!(same(d.behaviour().quirks(), p.quirks()), "{p}");
        assert_eq!(d.behaviour(), Behaviour::new(p), "{p}");
    }
}

/// A patch release between two verified ones takes the nearest as its
/// base, and each switch from what it answers: 3.13.5 with 3.13.18's
/// bracket check is 3.13.0 plus that switch.
#[test]
fn a_patch_release_takes_its_nearest_base_and_its_own_switches() {
    let mut a = answers_of(Profile::Py3_13_0);
    a.insert("version".into(), encode_str("3.13.5"));
    a.insert("check_bracketed_netloc".into(), "!ValueError".into());
    let d = DerivedProfile::from_answers(a).unwrap();
    assert_eq!(d.base(), Profile::Py3_13_0);
    assert_eq!(d.switches(), ["check_bracketed_netloc"]);
    assert!(d.behaviour().quirks().check_bracketed_netloc);
    assert_eq!(d.label(), "CPython 3.13.5: 3.13.0 + check_bracketed_netloc");
}

/// The composed rule of `urlunsplit` no verified release has is still
/// read: 3.9.25's.
#[test]
fn the_composed_unsplit_rule_is_read() {
    let mut a = answers_of(Profile::Py3_9_18);
    a.insert("unsplit".into(), UNSPLIT_EMPTY_AUTHORITY.into());
    let d = DerivedProfile::from_answers(a).unwrap();
    assert_eq!(
        d.behaviour().quirks().unsplit,
        UnsplitRule::EmptyAuthorityBeforeDoubleSlash
    );
    assert_eq!(d.switches(), ["unsplit"]);
}

/// An answer no release gives is refused with the field named.
#[test]
fn an_unknown_switch_is_named_never_guessed() {
    let mut a = answers_of(Profile::Py3_11_7);
    a.insert("tilde_is_unreserved".into(), "s2a".into());
    let e = DerivedProfile::from_answers(a).unwrap_err();
    assert!(
        matches!(
            e,
            DeriveError::UnknownSwitch {
                field: "tilde_is_unreserved",
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("tilde_is_unreserved"));
}

/// `int()`'s limit worded without its advice (Debian 11's backport) is
/// carried as the interpreter words it.
#[test]
fn the_int_limit_is_carried_as_worded() {
    let mut a = answers_of(Profile::Py3_9_18);
    let msg = "Exceeds the limit (4300) for integer string conversion: value has 5000 digits";
    let hex: String = msg.bytes().map(|b| format!("{b:02x}")).collect();
    a.insert("unicode.int_limit".into(), format!("!ValueError:{hex}"));
    a.insert(
        "unicode.int_limit_before_rest".into(),
        format!("!ValueError:{hex}"),
    );
    let d = DerivedProfile::from_answers(a).unwrap();
    assert_eq!(d.switches(), ["unicode"]);
    let u = d.behaviour().quirks().codecs.unicode;
    assert_eq!(
        u.int_limit_message(4301),
        "Exceeds the limit (4300) for integer string conversion: value has 4301 digits"
    );
    // The same answers again: the same tables, the same behaviour.
    let again = DerivedProfile::from_answers(d.answers().clone()).unwrap();
    assert_eq!(again.behaviour(), d.behaviour());
}

#[test]
fn what_is_not_cpython_3_is_refused() {
    let mut a = answers_of(Profile::Py3_11_7);
    a.insert("implementation".into(), encode_str("pypy"));
    assert_eq!(
        DerivedProfile::from_answers(a).unwrap_err(),
        DeriveError::NotCPython("pypy".into())
    );
    let mut a = answers_of(Profile::Py3_11_7);
    a.insert("version".into(), encode_str("2.7.18"));
    assert!(matches!(
        DerivedProfile::from_answers(a),
        Err(DeriveError::UnsupportedVersion(_))
    ));
    let mut a = answers_of(Profile::Py3_11_7);
    a.remove("qsl");
    assert_eq!(
        DerivedProfile::from_answers(a).unwrap_err(),
        DeriveError::MissingAnswer("qsl")
    );
    assert!(matches!(
        DerivedProfile::derive("no equals sign"),
        Err(DeriveError::Malformed(_))
    ));
}

/// `FIELDS` names every field of `Quirks`: copying them all from one
/// profile's quirks onto another's gives the first's exactly.
#[test]
fn the_fields_cover_every_quirk() {
    for from in Profile::ALL {
        for onto in Profile::ALL {
            let mut q = *onto.quirks();
            for (field, _) in FIELDS {
                copy_field(&mut q, from.quirks(), field);
            }
            assert!(same(&q, from.quirks()), "{from} onto {onto}");
        }
    }
}

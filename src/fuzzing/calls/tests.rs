//! Unit tests of `calls`.

use super::*;

#[test]
fn every_kind_makes_calls() {
    let generator = CallGenerator::default().with_missing_as_none(true);
    for seed in 0..300 {
        let bytes = crate::fuzzing::url::random_bytes(seed, 384);
        for kind in generator.kinds() {
            let call = generator.call_of(&mut Unstructured::new(&bytes), *kind);
            assert!(call.is_ok(), "{kind}: {call:?}");
        }
    }
}

#[test]
fn the_new_keywords_leave_the_other_calls_alone() {
    // The structure functions (those 3.15's keywords are of), then all.
    let structure: Vec<CallKind> = CallKind::urllib().into_iter().take(7).collect();
    for (kinds, least) in [(structure, 20), (CallKind::urllib(), 5)] {
        let (old, new) = (
            CallGenerator::new(kinds.clone()),
            CallGenerator::new(kinds).with_missing_as_none(true),
        );
        let mut with_keywords = 0;
        for seed in 0..300 {
            let bytes = crate::fuzzing::url::random_bytes(seed, 384);
            let a = old.call(&mut Unstructured::new(&bytes)).unwrap();
            let b = new.call(&mut Unstructured::new(&bytes)).unwrap();
            assert_eq!(a.function, b.function);
            if a != b {
                with_keywords += 1;
                assert!(!a.function.contains("qs") && !a.function.contains("quote"));
            }
        }
        assert!((least..150).contains(&with_keywords), "{with_keywords}");
    }
}

#[test]
fn calls_are_of_the_chosen_kinds() {
    let kinds = vec![
        "urlsplit.hostname".parse().unwrap(),
        "urljoin".parse().unwrap(),
    ];
    let generator = CallGenerator::new(kinds);
    for seed in 0..500 {
        let bytes = crate::fuzzing::url::random_bytes(seed, 256);
        let call = generator.call(&mut Unstructured::new(&bytes)).unwrap();
        assert!(
            ["urlsplit.hostname", "urljoin"].contains(&call.function.as_str()),
            "{call:?}"
        );
        assert!(call.kwargs.iter().all(|(k, _)| *k != "missing_as_none"));
    }
}

//! Unit tests of `schemes`.

use super::*;

#[test]
fn precomputed_common_schemes_agree_with_the_lists() {
    for lists in [&CLASSES_3_9, &CLASSES_3_11, &CLASSES_3_12] {
        for class in SchemeClass::ALL {
            for scheme in COMMON_SCHEMES
                .into_iter()
                .chain(["ftp", "HTTP", "httpx", "svn+ssh"])
            {
                assert_eq!(
                    lists.has(class, scheme),
                    lists.list(class).contains(&scheme),
                    "{class:?} {scheme:?}"
                );
            }
        }
    }
    // The table is not all one answer.
    assert!(CLASSES_3_9.has(SchemeClass::UsesNetloc, "file"));
    assert!(!CLASSES_3_9.has(SchemeClass::UsesParams, "file"));
}

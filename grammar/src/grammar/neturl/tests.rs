//! Unit tests of `neturl`.

use super::*;

/// Every string of up to four bytes from an alphabet that covers each
/// class: `Classes::scan` answers as `scan_word`.
#[test]
fn classes_scan_as_scan_word() {
    let alphabet = b"a1%:/;?#@[]~ \xc3\x80Ff";
    let cats = [
        SCHEME,
        LOGIN,
        HOST,
        IPV6,
        PATH,
        OTHER,
        PATH.with_separators(b";?#"),
        Cats {
            accepted: PATH.accepted.without(b'%'),
            separators: ByteSet::of(b"%"),
        },
    ];
    let n = alphabet.len();
    for cats in &cats {
        let classes = Classes::of(cats);
        let marking = classes.marking(&HOST.accepted);
        for len in 0..=4u32 {
            for mut code in 0..n.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(alphabet[code % n]);
                    code /= n;
                }
                for from in 0..=s.len() {
                    for eight in [false, true] {
                        let want = scan_word(&s, from, cats, eight);
                        assert_eq!(classes.scan(&s, from, eight), want, "{s:?} from {from}");
                        let marked = want
                            .map(|k| (k, s[from..k].iter().any(|&b| !HOST.accepted.contains(b))));
                        assert_eq!(
                            marking.scan_marking(&s, from, eight),
                            marked,
                            "{s:?} from {from}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn scanner() {
    assert_eq!(scan_word(b"abc:d", 0, &SCHEME, false), Ok(3));
    assert_eq!(scan_word(b"a%41b", 0, &LOGIN, false), Ok(5));
    assert_eq!(
        scan_word(b"a%4", 0, &LOGIN, false),
        Err(ScanError::BadEscape(1))
    );
    assert_eq!(scan_word(b"a%41", 0, &LOGIN, false), Ok(4));
    assert_eq!(
        scan_word(b"a%zz", 0, &LOGIN, false),
        Err(ScanError::BadEscape(1))
    );
    assert_eq!(
        scan_word("aé".as_bytes(), 0, &LOGIN, false),
        Err(ScanError::Rejected(1))
    );
    assert_eq!(scan_word("aé".as_bytes(), 0, &LOGIN, true), Ok(3));
    assert_eq!(
        scan_word(b"a b", 0, &LOGIN, true),
        Err(ScanError::Rejected(1))
    );
    assert_eq!(scan_word(b"u@h", 2, &LOGIN, false), Ok(3));
}

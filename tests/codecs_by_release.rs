//! The codecs as each release runs them, through the CPython face: the
//! `cjk-codecs` feature's edges, `idna`, `punycode`, `utf-7` and lookup.

#[allow(unused_imports)]
use urlsyntax::urllib::{Codec, Error, Profile, UNREPRESENTABLE};

/// Without the `cjk-codecs` feature an East Asian codec is an error
/// that names the feature, by every name; other codecs are unaffected.
#[cfg(not(feature = "cjk-codecs"))]
#[test]
fn east_asian_codecs_need_their_feature() {
    for name in ["shift_jis", "SJIS", "gbk", "big5", "euc-kr", "iso2022_jp"] {
        match Codec::lookup_in(name, Profile::default()) {
            Err(Error::Value { message }) => {
                assert!(message.starts_with(UNREPRESENTABLE), "{message}");
                assert!(message.contains("`cjk-codecs` feature"), "{message}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let cp1252 = Codec::lookup_in("cp1252", Profile::default()).unwrap();
    assert_eq!(
        &*cp1252.encode_in("€", "strict", Profile::default()).unwrap(),
        b"\x80"
    );
}

/// The ASCII head of a stateless multibyte codec is copied, and an
/// error after it is placed in the whole text, as CPython places it.
#[cfg(feature = "cjk-codecs")]
#[test]
fn errors_after_an_ascii_head_keep_their_positions() {
    let sjis = Codec::lookup_in("shift_jis", Profile::default()).unwrap();
    assert_eq!(
        &*sjis
            .encode_in("ab日", "strict", Profile::default())
            .unwrap(),
        b"ab\x93\xfa"
    );
    match sjis.encode_in("ab日€c", "strict", Profile::default()) {
        Err(Error::Encode { position, end, .. }) => assert_eq!((position, end), (3, 4)),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        &*sjis
            .encode_in("ab€", "replace", Profile::default())
            .unwrap(),
        b"ab?"
    );
    assert_eq!(
        &*sjis
            .encode_in("€", "xmlcharrefreplace", Profile::default())
            .unwrap(),
        b"&#8364;"
    );
}

/// The `idna` codec of each release: names both ways, errors, wrapped messages.
mod idna {
    use urlsyntax::urllib::{Codec, Error, Profile, PyException, Quoter};

    fn idna(p: Profile) -> Codec {
        Codec::lookup_in("idna", p).expect("idna")
    }

    fn encoded(p: Profile, s: &str) -> Result<String, (PyException, String)> {
        match idna(p).encode_in(s, "strict", p) {
            Ok(b) => Ok(String::from_utf8_lossy(&b).into_owned()),
            Err(e) => Err((e.exception(), e.to_string())),
        }
    }

    fn decoded(p: Profile, b: &[u8]) -> Result<String, (PyException, String)> {
        match idna(p).decode(b, "strict") {
            Ok(s) => Ok(s.into_owned()),
            Err(e) => Err((e.exception(), e.to_string())),
        }
    }

    /// RFC 3490-style names, each checked against `str.encode_in("idna", Profile::default())`
    /// and `bytes.decode("idna")` of CPython 3.6.15, 3.12.1 and 3.13.0.
    #[test]
    fn names_encode_and_decode_in_every_release() {
        for p in [Profile::Py3_6_15, Profile::Py3_12_1, Profile::Py3_13_0] {
            assert_eq!(
                encoded(p, "b\u{fc}cher.example").unwrap(),
                "xn--bcher-kva.example"
            );
            assert_eq!(
                encoded(p, "\u{65e5}\u{672c}\u{8a9e}\u{3002}\u{ff2a}\u{ff30}").unwrap(),
                "xn--wgv71a119e.jp"
            );
            assert_eq!(encoded(p, "Stra\u{df}e.de.").unwrap(), "strasse.de.");
            assert_eq!(
                encoded(p, "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64a}\u{629}").unwrap(),
                "xn--mgbcd4a2b0d2b"
            );
            assert_eq!(
                decoded(p, b"xn--bcher-kva.example").unwrap(),
                "b\u{fc}cher.example"
            );
            assert_eq!(
                decoded(p, b"xn--wgv71a119e.jp").unwrap(),
                "\u{65e5}\u{672c}\u{8a9e}.jp"
            );
            assert_eq!(decoded(p, b"a..b").unwrap(), "a..b");
            assert_eq!(decoded(p, b"").unwrap(), "");
        }
        // 3.13 reads the prefix in any case.
        assert_eq!(
            decoded(Profile::Py3_12_1, b"XN--bcher-kva").unwrap(),
            "XN--bcher-kva"
        );
        assert_eq!(
            decoded(Profile::Py3_13_0, b"XN--bcher-kva").unwrap(),
            "b\u{fc}cher"
        );
    }

    #[test]
    fn errors_by_release() {
        use PyException::{UnicodeDecodeError, UnicodeEncodeError, UnicodeError};
        let err = |class, message: &str| Err((class, message.to_string()));
        let (old, new) = (Profile::Py3_12_1, Profile::Py3_13_0);
        assert_eq!(
            encoded(old, "\u{ff38}\u{ff2e}--\u{fc}"),
            err(UnicodeError, "Label starts with ACE prefix")
        );
        assert_eq!(
            encoded(new, "\u{ff38}\u{ff2e}--\u{fc}"),
            err(
                UnicodeEncodeError,
                "'idna' codec can't encode characters in position 0-3: Label starts with ACE prefix"
            )
        );
        assert_eq!(
            encoded(old, "a\u{627}"),
            err(UnicodeError, "Violation of BIDI requirement 2")
        );
        assert_eq!(
            encoded(new, "\u{e000}.com"),
            err(
                UnicodeEncodeError,
                "'idna' codec can't encode character '\\ue000' in position 0: \
                 Invalid character '\\ue000'"
            )
        );
        assert_eq!(
            encoded(new, &"\u{fc}".repeat(60)),
            err(
                UnicodeEncodeError,
                "'idna' codec can't encode characters in position 0-59: label too long"
            )
        );
        assert_eq!(
            decoded(old, b"xn--abc-"),
            err(
                UnicodeError,
                "('IDNA does not round-trip', b'xn--abc-', b'abc')"
            )
        );
        assert_eq!(
            decoded(new, b"xn--abc-"),
            err(
                UnicodeDecodeError,
                "'idna' codec can't decode bytes in position 0-7: \
                 IDNA does not round-trip, 'b'xn--abc-'' != 'b'abc''"
            )
        );
        let long = [&b"xn--bcher-kva."[..], &[b'b'; 1100]].concat();
        assert!(decoded(Profile::Py3_11_7, &long).is_ok());
        assert_eq!(decoded(old, &long), err(UnicodeError, "label way too long"));
        match idna(new).encode_in("x", "replace", Profile::default()) {
            Err(Error::Unicode { message }) => {
                assert_eq!(message, "Unsupported error handling: replace")
            }
            other => panic!("{other:?}"),
        }
    }

    /// Up to 3.11 `str.encode` wraps the codec's message, naming the
    /// encoding as given (CPython 3.6.15 and 3.11.7).
    #[test]
    fn older_releases_wrap_the_message() {
        let quote = |p: Profile, s: &str| {
            Quoter::new()
                .encoding("IDNA")
                .profile(p)
                .quote(s)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            quote(Profile::Py3_11_7, "a..b"),
            "encoding with 'IDNA' codec failed (UnicodeError: label empty or too long)"
        );
        assert_eq!(quote(Profile::Py3_12_1, "a..b"), "label empty or too long");
    }
}

/// The `punycode` codec: round trips, and its errors by release.
mod punycode {
    use urlsyntax::urllib::{Codec, Profile, PyException};

    fn punycode(profile: Profile) -> Codec {
        Codec::lookup_in("punycode", profile).expect("punycode")
    }

    #[test]
    fn rfc_3492_style_examples_round_trip() {
        let c = punycode(Profile::Py3_13_0);
        for (text, bytes) in [
            ("b\u{fc}cher", &b"bcher-kva"[..]),
            ("M\u{fc}nchen", b"Mnchen-3ya"),
            (
                "\u{4ed6}\u{4eec}\u{4e3a}\u{4ec0}\u{4e48}\u{4e0d}\u{8bf4}\u{4e2d}\u{6587}",
                b"ihqwcrb4cv8a8dqg056pqjye",
            ),
            ("abc", b"abc-"),
        ] {
            assert_eq!(
                c.encode_in(text, "strict", Profile::default())
                    .unwrap()
                    .as_ref(),
                bytes,
                "{text}"
            );
            assert_eq!(c.decode(bytes, "strict").unwrap(), text);
        }
    }

    #[test]
    fn decoding_errors_by_release() {
        fn class(p: Profile, b: &[u8], errors: &str) -> Result<String, PyException> {
            punycode(p)
                .decode(b, errors)
                .map(|s| s.into_owned())
                .map_err(|e| e.exception())
        }
        assert_eq!(
            class(Profile::Py3_6_15, b"a-b!", "strict"),
            Err(PyException::IndexError)
        );
        assert_eq!(
            class(Profile::Py3_7_16, b"a-b!", "strict"),
            Err(PyException::UnicodeError)
        );
        assert_eq!(
            class(Profile::Py3_13_0, b"a-b!", "strict"),
            Err(PyException::UnicodeDecodeError)
        );
        assert_eq!(
            punycode(Profile::Py3_13_0)
                .decode(b"a-b!", "replace")
                .unwrap(),
            "a"
        );
        assert_eq!(
            class(Profile::Py3_12_1, b"-\xff", "replace"),
            Err(PyException::UnicodeDecodeError)
        );
        assert_eq!(
            punycode(Profile::Py3_13_0)
                .decode(b"-\xff", "replace")
                .unwrap(),
            ""
        );
        assert_eq!(
            class(Profile::Py3_13_0, b"a-b", "backslashreplace"),
            Err(PyException::UnicodeError)
        );
    }
}

/// The `utf-7` codec: round trips, and its errors by release.
mod utf7 {
    use urlsyntax::urllib::{Codec, Profile};

    fn utf7(profile: Profile) -> Codec {
        Codec::lookup_in("utf-7", profile).expect("utf-7")
    }

    #[test]
    fn rfc_2152_examples_round_trip() {
        let c = utf7(Profile::Py3_13_0);
        for (text, bytes) in [
            ("Hi Mom -\u{263a}-!", &b"Hi Mom -+Jjo--!"[..]),
            ("\u{65e5}\u{672c}\u{8a9e}", b"+ZeVnLIqe-"),
            ("A\u{2262}\u{391}.", b"A+ImIDkQ."),
            ("~+\\", b"+AH4AKwBc-"),
            ("\u{1f600}x", b"+2D3eAA-x"),
        ] {
            assert_eq!(
                c.encode_in(text, "strict", Profile::default())
                    .unwrap()
                    .as_ref(),
                bytes,
                "{text}"
            );
            assert_eq!(c.decode(bytes, "strict").unwrap(), text);
        }
    }

    #[test]
    fn decoding_errors_span_the_shift_sequence() {
        let c = utf7(Profile::Py3_13_0);
        let e = c.decode(b"+AGEA-", "strict").unwrap_err().to_string();
        assert!(
            e.contains("position 0-5: partial character in shift sequence"),
            "{e}"
        );
        let e = c.decode(b"a+\xa4", "strict").unwrap_err().to_string();
        assert!(e.contains("position 1-2: ill-formed sequence"), "{e}");
        // 3.6 and 3.7 open an empty shift sequence instead.
        let old = utf7(Profile::Py3_7_16)
            .decode(b"a+\xa4", "strict")
            .unwrap_err();
        assert!(
            old.to_string().contains("unexpected special character"),
            "{old}"
        );
        assert_eq!(
            utf7(Profile::Py3_6_15).decode(b"+!", "strict").unwrap(),
            "!"
        );
    }
}

/// The text codecs of each release, by name.
mod lookup {
    use urlsyntax::urllib::{Codec, Error, Profile};

    #[test]
    fn text_codecs_per_release() {
        let found = |n: &str, p: Profile| Codec::lookup_in(n, p);
        // mac_centeuro: a charmap codec until 3.8, an alias of mac_latin2 after.
        let old = found("mac-centeuro", Profile::Py3_8_18).unwrap();
        let new = found("mac-centeuro", Profile::Py3_9_18).unwrap();
        assert_ne!(old, new);
        assert_eq!(new, found("mac_latin2", Profile::Py3_9_18).unwrap());
        // cp65001: no codec off Windows until 3.7, UTF-8 from 3.8.
        assert!(matches!(
            found("cp65001", Profile::Py3_7_16),
            Err(Error::UnknownEncoding { .. })
        ));
        assert_eq!(found("cp65001", Profile::Py3_8_18).unwrap(), Codec::Utf8);
        // unicode_internal: a text codec until 3.7 only.
        assert_eq!(
            found("unicode_internal", Profile::Py3_6_15).unwrap(),
            Codec::UnicodeInternal
        );
        assert!(matches!(
            found("unicode_internal", Profile::Py3_8_18),
            Err(Error::UnknownEncoding { .. })
        ));
    }
}

/// An unknown error handler's `LookupError`: 3.6 to 3.11 wrap it when the
/// codec is reached through the registry (`Quirks::codec_errors_wrapped`);
/// latin-1 is on the C fast path, and 3.12 wraps nothing.
#[test]
fn unknown_error_handlers_are_wrapped_up_to_3_11() {
    use urlsyntax::urllib::Quoter;
    let quote = |profile, encoding: &str| {
        let q = Quoter::new()
            .profile(profile)
            .encoding(encoding)
            .errors("bogus");
        q.quote("\u{100}").unwrap_err()
    };
    let e = quote(Profile::Py3_11_7, "cp1252");
    assert!(matches!(e, Error::Lookup { .. }));
    assert_eq!(
        e.to_string(),
        "encoding with 'cp1252' codec failed (LookupError: unknown error handler name 'bogus')"
    );
    assert_eq!(
        quote(Profile::Py3_11_7, "latin-1").to_string(),
        "unknown error handler name 'bogus'"
    );
    assert_eq!(
        quote(Profile::Py3_12_1, "cp1252").to_string(),
        "unknown error handler name 'bogus'"
    );
}

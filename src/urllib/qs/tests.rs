//! Tests of `parse_qs`, `parse_qsl` and `urlencode`.

use super::*;

#[test]
fn one_scan_agrees_with_the_general_loop() {
    let queries = [
        "",
        "&",
        "a",
        "a=",
        "=b",
        "a=b",
        "a=b=c&&d",
        "a+b=c%20d&e=%zz+",
        "%=+&+=%",
        "é=ü&ñ+%C3%A9",
        "k=v;k2=v2;;x",
        "a=1&b=2&c=3&d=4&e=5&f=6",
        "%%%===+++&&&",
        "x\u{7f}y=z",
        "\0=\0&\0",
    ];
    // Every length around the lanes and 64-byte blocks of the scan.
    let long = "ab=c%41+d&é=&&x;y=z+\0=1&".repeat(8);
    let prefixes: Vec<&str> = (0..=long.len()).filter_map(|n| long.get(..n)).collect();
    for sep in ["&", ";", "=", "%", "+", "a", "\u{7f}", "\0"] {
        for kbv in [false, true] {
            let fast = QsParser::new().separator(sep).keep_blank_values(kbv);
            // `max_num_fields` takes the general loop.
            let general = fast.clone().max_num_fields(i64::MAX);
            for &q in queries.iter().chain(&prefixes) {
                assert_eq!(
                    fast.parse_qsl(q),
                    general.parse_qsl(q),
                    "{sep:?} {kbv} {q:?}"
                );
                assert_eq!(Ok(parse_qsl(q)), QsParser::new().parse_qsl(q));
            }
        }
    }
}

#[test]
fn halves_without_escapes_are_borrowed() {
    let borrowed = |c: &Cow<'_, str>| matches!(c, Cow::Borrowed(_));
    // CPython returns such text unchanged whatever the codec.
    let parsers = [
        QsParser::new(),
        QsParser::new().encoding("latin-1").errors("strict"),
        QsParser::new().separator(";;").keep_blank_values(true),
        QsParser::new().strict_parsing(true).max_num_fields(9),
    ];
    for p in parsers {
        let sep = if p.separator.is_some() { ";;" } else { "&" };
        let q = format!("a=b{sep}é=x~y{sep}c=d+e{sep}f%41=g");
        let pairs = p.parse_qsl(&q).unwrap();
        assert_eq!(pairs.len(), 4, "{p:?}");
        assert!(pairs[..2].iter().all(|(k, v)| borrowed(k) && borrowed(v)));
        assert!(borrowed(&pairs[2].0) && !borrowed(&pairs[2].1));
        assert!(!borrowed(&pairs[3].0) && borrowed(&pairs[3].1));
        assert_eq!(pairs[2].1, "d e");
        let dict = p.parse_qs(&q).unwrap();
        assert!(borrowed(&dict[0].0) && borrowed(&dict[0].1[0]));
    }
    // Even one it does not know: it is never looked up.
    let p = QsParser::new().encoding("no-such-codec");
    let pairs = p.parse_qsl("a=b&c=d+e").unwrap();
    assert!(borrowed(&pairs[0].0) && borrowed(&pairs[0].1));
    assert!(p.parse_qsl("a=%41").is_err());
    let pairs = parse_qsl("a=1&b=%41");
    assert!(matches!(pairs[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
    assert!(matches!(&pairs[1].1, Cow::Owned(v) if v == "A"));
}

#[test]
fn borrowed_and_owned_arguments_agree() {
    let pairs = [
        ("a b", "c+d/é"),
        ("", ""),
        ("k", "x~y z&=%"),
        ("\u{20ac}", " "),
    ];
    for via in [
        QuoteVia::Quote,
        QuoteVia::QuotePlus,
        QuoteVia::QuoteFromBytes,
    ] {
        for safe in ["", "/ ", "+&"] {
            let e = Urlencoder::new().quote_via(via).safe(safe);
            let owned: Vec<(QueryValue, QueryValue)> =
                pairs.iter().map(|&(k, v)| (k.into(), v.into())).collect();
            let borrowed = e.urlencode(pairs);
            assert_eq!(borrowed, e.urlencode(owned.iter().map(|(k, v)| (k, v))));
            assert_eq!(borrowed, e.urlencode(owned), "{via:?} {safe:?}");
            // The general path (an encoding set) gives the same text.
            assert_eq!(borrowed, e.clone().encoding("utf-8").urlencode(pairs));
        }
    }
    assert_eq!(
        urlencode([("q", "El Niño"), ("n", "1")]),
        "q=El+Ni%C3%B1o&n=1"
    );
    assert_eq!(urlencode([("a", Some(1)), ("b", None)]), "a=1&b=None");
}

#[test]
fn lists_tuples_named_tuples_and_big_ints() {
    let one = QueryValue::Int(1);
    let e = Urlencoder::new();
    let list = QueryValue::List(vec![one.clone()]);
    assert_eq!(e.urlencode([("k", list.clone())]).unwrap(), "k=%5B1%5D");
    let tuple = QueryValue::Seq(vec![one]);
    assert_eq!(e.urlencode([("k", tuple)]).unwrap(), "k=%281%2C%29");
    assert_eq!(
        e.clone().doseq(true).urlencode([("k", list)]).unwrap(),
        "k=1"
    );
    let named = QueryValue::NamedTuple {
        name: "DefragResult".into(),
        fields: vec![("url".into(), "u".into()), ("fragment".into(), "f".into())],
    };
    assert_eq!(
        named.py_str().unwrap(),
        "DefragResult(url='u', fragment='f')"
    );
    assert_eq!(
        e.clone().doseq(true).urlencode([("k", named)]).unwrap(),
        "k=u&k=f"
    );
    let big = QueryValue::BigInt(format!("-{}", "9".repeat(4301)));
    assert!(matches!(
        e.urlencode([("k", big)]),
        Err(Error::Value { .. })
    ));
    let at_limit = QueryValue::BigInt("9".repeat(4300));
    assert_eq!(e.urlencode([("k", at_limit)]).unwrap().len(), 4302);
}

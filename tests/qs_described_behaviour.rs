//! The query behaviour the urllib.parse documentation seeds describe in
//! words (blank values, strict parsing, `max_num_fields`, `separator`,
//! `doseq`, an encoding that cannot encode), as one snapshot under
//! `snapshots/qs/`, and hostile input sizes staying linear. The seeds'
//! documented examples themselves are run by `tests/seed_examples/`.

use urlsyntax::urllib::{parse_qs, parse_qsl, quote, unquote, unquote_to_bytes, urlencode};
use urlsyntax::urllib::{PyException, QsParser, QueryValue, Quoter, Urlencoder};

/// The behaviour the seeds describe in words for `parse_qs`, `parse_qsl`
/// and `urlencode` (blank values, strict parsing, `max_num_fields`,
/// `separator`, `doseq`), as one snapshot.
#[test]
fn described_query_behaviour() {
    let mut out = String::new();
    let mut line = |call: &str, answer: String| out.push_str(&format!("{call}\n    -> {answer}\n"));
    line(
        "parse_qs('a=1&a=2&b=')",
        format!("{:?}", parse_qs("a=1&a=2&b=")),
    );
    line(
        "parse_qs('a=1&a=2&b=', keep_blank_values=True)",
        format!(
            "{:?}",
            QsParser::new()
                .keep_blank_values(true)
                .parse_qs("a=1&a=2&b=")
                .unwrap()
        ),
    );
    line(
        "parse_qsl('q=El+Ni%C3%B1o&x')",
        format!("{:?}", parse_qsl("q=El+Ni%C3%B1o&x")),
    );
    let e = QsParser::new()
        .strict_parsing(true)
        .parse_qsl("a=1&x")
        .unwrap_err();
    line(
        "parse_qsl('a=1&x', strict_parsing=True)",
        format!("{}: {e}", e.exception()),
    );
    let e = QsParser::new()
        .max_num_fields(1)
        .parse_qsl("a=1&b=2")
        .unwrap_err();
    assert_eq!(e.exception(), PyException::ValueError);
    line(
        "parse_qsl('a=1&b=2', max_num_fields=1)",
        format!("{}: {e}", e.exception()),
    );
    line(
        "parse_qsl('a=1;b=2', separator=';')",
        format!(
            "{:?}",
            QsParser::new().separator(";").parse_qsl("a=1;b=2").unwrap()
        ),
    );
    line(
        "urlencode({'q': 'El Niño', 'n': (1, 2)})",
        urlencode([
            ("q", QueryValue::from("El Niño")),
            ("n", QueryValue::seq([1, 2])),
        ]),
    );
    line(
        "urlencode({'q': 'El Niño', 'n': (1, 2)}, doseq=True)",
        Urlencoder::new()
            .doseq(true)
            .urlencode([
                ("q", QueryValue::from("El Niño")),
                ("n", QueryValue::seq([1, 2])),
            ])
            .unwrap(),
    );
    let e = Quoter::new()
        .encoding("ascii")
        .quote("El Niño")
        .unwrap_err();
    line(
        "quote('El Niño', encoding='ascii')",
        format!("{}: {e}", e.exception()),
    );
    insta::with_settings!({snapshot_path => "../snapshots/qs", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("described_query_behaviour", out);
    });
}

/// Hostile sizes: 10^6 `%` and 10^5 `&` stay linear, and `max_num_fields`
/// is checked before any per-field work.
#[test]
fn large_inputs_are_linear() {
    let start = std::time::Instant::now();
    let percents = "%".repeat(1_000_000);
    assert_eq!(unquote(&percents), percents);
    assert_eq!(unquote_to_bytes(&percents).len(), 1_000_000);
    assert_eq!(quote(&percents).len(), 3_000_000);
    let amps = "a=%zz&".repeat(100_000);
    assert_eq!(parse_qsl(&amps).len(), 100_000);
    assert_eq!(parse_qs(&amps).len(), 1);
    let many = "&".repeat(1_000_000);
    let e = QsParser::new().max_num_fields(10).parse_qsl(&many);
    assert!(e.is_err());
    let bytes = vec![b'&'; 1_000_000];
    assert_eq!(QsParser::new().parse_qsl_bytes(&bytes).unwrap().len(), 0);
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

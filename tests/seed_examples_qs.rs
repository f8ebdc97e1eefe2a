//! Every example the urllib.parse documentation seeds
//! (`../shared/seeds/000_*.txt` to `003_*.txt`: English, Russian, Spanish
//! and Chinese editions) gives for the quoting functions, answered by the
//! crate, checked against the documented answer and snapshotted in a
//! stable text form under `snapshots/qs/`.

use urlsyntax::urllib::{
    parse_qs, parse_qsl, quote, quote_from_bytes, quote_plus, unquote, unquote_plus,
    unquote_to_bytes, urlencode, QsParser, QueryValue, Urlencoder,
};
use urlsyntax::urllib::{PyException, Quoter};

fn s(x: &str) -> String {
    format!("{x:?}")
}

fn b(x: &[u8]) -> String {
    x.iter()
        .map(|&c| match c {
            0x20..=0x7e if c != b'\\' => (c as char).to_string(),
            _ => format!("\\x{c:02x}"),
        })
        .collect()
}

/// The examples as each seed states them: (call, documented answer, ours).
fn examples() -> Vec<(&'static str, String, String)> {
    vec![
        (
            "quote('/El Niño/')",
            s("/El%20Ni%C3%B1o/"),
            s(&quote("/El Niño/")),
        ),
        (
            "quote_plus('/El Niño/')",
            s("%2FEl+Ni%C3%B1o%2F"),
            s(&quote_plus("/El Niño/")),
        ),
        (
            "quote_from_bytes(b'a&\\xef')",
            s("a%26%EF"),
            s(&quote_from_bytes(b"a&\xef")),
        ),
        (
            "unquote('/El%20Ni%C3%B1o/')",
            s("/El Niño/"),
            s(&unquote("/El%20Ni%C3%B1o/")),
        ),
        (
            "unquote_plus('/El+Ni%C3%B1o/')",
            s("/El Niño/"),
            s(&unquote_plus("/El+Ni%C3%B1o/")),
        ),
        (
            "unquote_to_bytes('a%26%EF')",
            format!("b'{}'", b(b"a&\xef")),
            format!("b'{}'", b(&unquote_to_bytes("a%26%EF"))),
        ),
    ]
}

fn render(seed: &str) -> String {
    let mut out = format!("seed {seed}: urllib.parse quoting examples\n");
    for (call, doc, ours) in examples() {
        assert_eq!(ours, doc, "seed {seed}: {call}");
        out.push_str(&format!("{call}\n    -> {ours}\n"));
    }
    out
}

macro_rules! seed_snapshot {
    ($name:ident, $seed:literal) => {
        #[test]
        fn $name() {
            insta::with_settings!({snapshot_path => "../snapshots/qs", prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!(concat!("seed_", $seed), render($seed));
            });
        }
    };
}

seed_snapshot!(seed_000_english, "000");
seed_snapshot!(seed_001_russian, "001");
seed_snapshot!(seed_002_spanish, "002");
seed_snapshot!(seed_003_chinese, "003");

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
    let e = QsParser::new()
        .max_num_fields(10)
        .parse_qsl(&"&".repeat(1_000_000));
    assert!(e.is_err());
    let bytes = vec![b'&'; 1_000_000];
    assert_eq!(QsParser::new().parse_qsl_bytes(&bytes).unwrap().len(), 0);
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

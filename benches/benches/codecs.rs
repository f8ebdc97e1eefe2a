//! `quote` and `unquote` with a codec other than UTF-8 (`encoding=`), over
//! the kasztp URL list (without its byte-order mark) with text of that
//! codec's script added to each URL,
//! as `benches/cpython_codec_bench.py` derives it; `benches/codec_report.sh`
//! runs both and prints the ratios.
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use urlsyntax::urllib::{Quoter, Unquoter};

mod common;

/// The codecs timed, and the text added to each URL (characters each can
/// encode).
pub const CODECS: [(&str, &str); 2] = [
    ("cp1252", " café €5 Größe"),
    ("shift_jis", " 日本語のテキスト"),
];

fn codecs(c: &mut Criterion) {
    let urls = common::urls("kasztp");
    for (codec, extra) in CODECS {
        let texts: Vec<String> = urls
            .iter()
            .map(|u| format!("{}{extra}", u.trim_start_matches('\u{feff}')))
            .collect();
        let quoter = Quoter::new().encoding(codec);
        let unquoter = Unquoter::new().encoding(codec);
        let quoted: Vec<String> = texts.iter().map(|t| quoter.quote(t).unwrap()).collect();
        let mut g = common::group(c, &format!("codec_quote/{codec}"), texts.len());
        g.bench_function("urlsyntax quote", |b| {
            b.iter(|| {
                for t in &texts {
                    black_box(quoter.quote(black_box(t)).unwrap());
                }
            })
        });
        g.finish();
        let mut g = common::group(c, &format!("codec_unquote/{codec}"), quoted.len());
        g.bench_function("urlsyntax unquote", |b| {
            b.iter(|| {
                for q in &quoted {
                    black_box(unquoter.unquote(black_box(q)).unwrap());
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, codecs);
criterion_main!(benches);

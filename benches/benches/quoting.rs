//! `quote`, `unquote`, `parse_qsl` and `urlencode` against
//! `percent-encoding` and `form_urlencoded`, over the kasztp URL list
//! (throughput = strings).
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC};

mod common;

/// CPython's `quote` safe set: `A-Za-z0-9_.-~` and `/`.
const QUOTE_SAFE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

fn quoting(c: &mut Criterion) {
    let urls = common::urls("kasztp");
    let quoted: Vec<String> = urls.iter().map(|u| urlsyntax::urllib::quote(u)).collect();
    let queries = common::queries(&urls);
    let pairs: Vec<Vec<(String, String)>> = queries
        .iter()
        .map(|q| {
            urlsyntax::urllib::QsParser::new()
                .keep_blank_values(true)
                .parse_qsl(q)
                .unwrap()
                .into_iter()
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect()
        })
        .collect();

    let mut g = common::group(c, "quote/kasztp", urls.len());
    g.bench_function("urlsyntax quote", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(urlsyntax::urllib::quote(black_box(u)));
            }
        })
    });
    g.bench_function("percent-encoding utf8_percent_encode", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(
                    percent_encoding::utf8_percent_encode(black_box(u), QUOTE_SAFE).to_string(),
                );
            }
        })
    });
    g.finish();

    let mut g = common::group(c, "unquote/kasztp", quoted.len());
    g.bench_function("urlsyntax unquote", |b| {
        b.iter(|| {
            for u in &quoted {
                black_box(urlsyntax::urllib::unquote(black_box(u)));
            }
        })
    });
    g.bench_function("percent-encoding percent_decode_str", |b| {
        b.iter(|| {
            for u in &quoted {
                black_box(
                    percent_encoding::percent_decode_str(black_box(u))
                        .decode_utf8_lossy()
                        .into_owned(),
                );
            }
        })
    });
    g.finish();

    let mut g = common::group(c, "parse_qsl/kasztp", queries.len());
    g.bench_function("urlsyntax parse_qsl", |b| {
        b.iter(|| {
            for q in &queries {
                black_box(urlsyntax::urllib::parse_qsl(black_box(q)));
            }
        })
    });
    g.bench_function("form_urlencoded parse", |b| {
        b.iter(|| {
            for q in &queries {
                // Borrowed where nothing is decoded, as `parse_qsl`'s pairs.
                black_box(form_urlencoded::parse(black_box(q).as_bytes()).collect::<Vec<_>>());
            }
        })
    });
    g.finish();

    let mut g = common::group(c, "urlencode/kasztp", pairs.len());
    g.bench_function("urlsyntax urlencode", |b| {
        b.iter(|| {
            for p in &pairs {
                black_box(urlsyntax::urllib::urlencode(
                    black_box(p).iter().map(|(k, v)| (k.as_str(), v.as_str())),
                ));
            }
        })
    });
    g.bench_function("form_urlencoded Serializer", |b| {
        b.iter(|| {
            for p in &pairs {
                black_box(
                    form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(black_box(p).iter())
                        .finish(),
                );
            }
        })
    });
    g.finish();
}

criterion_group!(benches, quoting);
criterion_main!(benches);

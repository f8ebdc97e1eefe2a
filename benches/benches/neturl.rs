//! Neturl's `parse_url` and `string_of_url` over the real URL lists
//! (throughput = URLs), to compare with Ocamlnet's native code
//! (`benches/neturl_bench.ml`).
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use urlsyntax::neturl::{self, ParseOptions};

mod common;

fn neturl(c: &mut Criterion) {
    for corpus in common::CORPORA {
        let urls = common::urls(corpus);
        let opts = ParseOptions::default();
        let parsed: Vec<neturl::Url> = urls
            .iter()
            .filter_map(|u| neturl::parse_url(u, &opts).ok())
            .collect();
        let mut g = common::group(c, &format!("neturl_parse/{corpus}"), urls.len());
        g.bench_function("urlsyntax parse_url", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(neturl::parse_url(black_box(u), &opts));
                }
            })
        });
        g.finish();
        let mut g = common::group(c, &format!("neturl_print/{corpus}"), parsed.len());
        // `string_of_url`: the printed form the `Url` keeps, as an owned
        // string that outlives it (`Arc<str>`, shared as an OCaml string
        // is; printing it is part of `parse_url`).
        g.bench_function("urlsyntax string_of_url", |b| {
            b.iter(|| {
                for u in &parsed {
                    black_box(black_box(u).to_arc_str());
                }
            })
        });
        // The same text as a `String` of its own: an allocation and a copy.
        g.bench_function("urlsyntax string_of_url String copy", |b| {
            b.iter(|| {
                for u in &parsed {
                    black_box(black_box(u).as_str().to_owned());
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, neturl);
criterion_main!(benches);

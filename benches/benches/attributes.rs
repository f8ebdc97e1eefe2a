//! `hostname()` and `port()` against `urlsplit` itself, on the real URL
//! lists: the attributes of a result already split must cost no more than
//! the split (each group reports ns a URL; the ids line up in one table).
//! `attributes` reads all four at once.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use urlsyntax::urllib;

fn attributes(c: &mut Criterion) {
    for (name, urls) in common::corpora() {
        let split: Vec<_> = urls
            .iter()
            .filter_map(|u| urllib::urlsplit(u).ok())
            .collect();
        let mut g = common::group(c, &format!("attributes/{name}"), split.len());
        let inputs: Vec<&str> = urls.iter().map(String::as_str).collect();
        let inputs = &inputs[..split.len().min(inputs.len())];
        g.bench_function("urlsplit", |b| {
            b.iter(|| {
                for u in inputs {
                    let _ = black_box(urllib::urlsplit(black_box(u)));
                }
            })
        });
        g.bench_function("hostname", |b| {
            b.iter(|| {
                for r in &split {
                    black_box(black_box(r).hostname());
                }
            })
        });
        g.bench_function("port", |b| {
            b.iter(|| {
                for r in &split {
                    let _ = black_box(black_box(r).port());
                }
            })
        });
        g.bench_function("attributes", |b| {
            b.iter(|| {
                for r in &split {
                    black_box(black_box(r).attributes());
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, attributes);
criterion_main!(benches);

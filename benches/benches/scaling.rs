//! Scaling of the urllib functions with input size (being written).
use criterion::{criterion_group, criterion_main, Criterion};

fn scaling(c: &mut Criterion) {
    c.bench_function("urlsplit/short", |b| {
        b.iter(|| urlsyntax::urllib::urlsplit(std::hint::black_box("http://a/b?c#d")))
    });
}

criterion_group!(benches, scaling);
criterion_main!(benches);

//! Scaling of the hostile large inputs with their size: 10 kB, 100 kB and
//! 1 MB of each. Time per byte should stay flat (linear work); see
//! `tests/large_inputs.rs` for the answers and `SECURITY.md` for the
//! guarantee.
//!
//! `cargo bench -p urlsyntax-bench --bench scaling`
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urlsyntax::neturl::{self, norm_path, split_path, ParseOptions};
use urlsyntax::urllib;

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

/// `unit` repeated until about `size` bytes.
fn fill(unit: &str, size: usize) -> String {
    unit.repeat(size.div_ceil(unit.len()))
}

fn group(c: &mut Criterion, name: &str, make: impl Fn(usize) -> String, run: impl Fn(&str)) {
    let mut g = c.benchmark_group(format!("scaling/{name}"));
    g.sample_size(10);
    for size in SIZES {
        let input = make(size);
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(size), &input, |b, s| {
            b.iter(|| run(black_box(s)))
        });
    }
    g.finish();
}

fn scaling(c: &mut Criterion) {
    group(
        c,
        "urljoin_parents",
        |n| fill("../", n),
        |s| {
            black_box(urllib::urljoin("http://a/b/c/d;p?q", s).ok());
        },
    );
    group(
        c,
        "unquote_percent",
        |n| fill("%", n),
        |s| {
            black_box(urllib::unquote(s));
        },
    );
    group(
        c,
        "parse_qsl_ampersands",
        |n| fill("&", n),
        |s| {
            black_box(urllib::parse_qsl(s));
        },
    );
    group(
        c,
        "parse_qsl_pairs",
        |n| fill("a=1&", n),
        |s| {
            black_box(urllib::parse_qsl(s));
        },
    );
    group(
        c,
        "urlsplit_host",
        |n| format!("http://{}:80/", fill("a", n)),
        |s| {
            let r = urllib::urlsplit(s).unwrap();
            black_box((r.hostname(), r.port().ok()));
        },
    );
    group(
        c,
        "urlsplit_at_signs",
        |n| format!("http://{}h:80/", fill("@", n)),
        |s| {
            let r = urllib::urlsplit(s).unwrap();
            black_box((r.username(), r.password(), r.hostname(), r.port().ok()));
        },
    );
    group(
        c,
        "quote",
        |n| fill("é/ ", n),
        |s| {
            black_box(urllib::quote(s));
        },
    );
    group(
        c,
        "neturl_parse_path",
        |n| format!("http://h/{}", fill("x/", n)),
        |s| {
            black_box(neturl::parse_url(s, &ParseOptions::default()).ok());
        },
    );
    group(
        c,
        "neturl_norm_path",
        |n| fill("a/../", n),
        |s| {
            black_box(norm_path(split_path(s)));
        },
    );
}

criterion_group!(benches, scaling);
criterion_main!(benches);

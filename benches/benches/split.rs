//! `urlsplit` and `urlparse` against the Rust URL parsers, over the real
//! URL lists: one pass over a list per iteration (throughput = URLs).
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

mod common;

fn split(c: &mut Criterion) {
    for (corpus, urls) in common::corpora() {
        let mut g = common::group(c, &format!("split/{corpus}"), urls.len());
        g.bench_function("urlsyntax urlsplit", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(urlsyntax::urllib::urlsplit(black_box(u)));
                }
            })
        });
        // The floor, timed next to urlsplit: one pass over every byte, as
        // a split must make (tab, CR and LF, which CPython removes first,
        // are in no URL here, so the scan reads each URL to its end).
        g.bench_function("memchr3 one pass", |b| {
            b.iter(|| {
                for u in &urls {
                    black_box(memchr::memchr3(
                        b'\t',
                        b'\r',
                        b'\n',
                        black_box(u).as_bytes(),
                    ));
                }
            })
        });
        g.bench_function("urlsyntax urlparse", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(urlsyntax::urllib::urlparse(black_box(u)));
                }
            })
        });
        g.bench_function("urlsyntax rfc3986::UriRef::parse", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(urlsyntax::rfc3986::UriRef::parse(black_box(u)));
                }
            })
        });
        g.bench_function("fluent-uri UriRef::parse", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(fluent_uri::UriRef::parse(black_box(u.as_str())));
                }
            })
        });
        g.bench_function("url Url::parse", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(url::Url::parse(black_box(u)));
                }
            })
        });
        g.bench_function("ada-url Url::parse", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(ada_url::Url::parse(black_box(u.as_str()), None));
                }
            })
        });
        g.bench_function("http Uri::try_from", |b| {
            b.iter(|| {
                for u in &urls {
                    let _ = black_box(http::Uri::try_from(black_box(u.as_str())));
                }
            })
        });
        g.bench_function("memchr3 scan", |b| {
            b.iter(|| {
                for u in &urls {
                    black_box(
                        memchr::memchr3_iter(b'/', b'?', b'#', black_box(u).as_bytes()).count(),
                    );
                }
            })
        });
        g.finish();
    }
}

fn join(c: &mut Criterion) {
    for (corpus, urls) in common::corpora() {
        let pairs = common::join_pairs(&urls);
        let mut g = common::group(c, &format!("join/{corpus}"), pairs.len());
        g.bench_function("urlsyntax urljoin", |b| {
            b.iter(|| {
                for (base, r) in &pairs {
                    let _ = black_box(urlsyntax::urllib::urljoin(black_box(base), black_box(r)));
                }
            })
        });
        let bases: Vec<Option<url::Url>> =
            pairs.iter().map(|(b, _)| url::Url::parse(b).ok()).collect();
        g.bench_function("url Url::join", |b| {
            b.iter(|| {
                for (base, (_, r)) in bases.iter().zip(&pairs) {
                    if let Some(base) = base {
                        let _ = black_box(base.join(black_box(r)));
                    }
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, split, join);
criterion_main!(benches);

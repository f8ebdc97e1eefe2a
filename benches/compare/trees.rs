//! The library of two trees, timed in pairs: each round times a pass of a
//! workload under the old tree (`old`) and under this one (`new`) back to
//! back, in an order that turns each round, and the ratio new ÷ old is the
//! median of the rounds' ratios. A change that must hold the benchmarks
//! (within 5%, say) is checked here: rows timed seconds apart move with a
//! shared machine's spells; two passes a millisecond apart share one.
//!
//! Built and run by `benches/compare.sh OLD_REV` (a crate of its own,
//! outside the workspace, as it depends on two versions of `urlsyntax`).
//! Prints one line a workload: `<workload> <new ÷ old> <old ns> <new ns>`
//! (nanoseconds per item, medians).

use std::hint::black_box;

#[path = "../benches/common/mod.rs"]
mod common;

/// Times `old` and `new` over `items` in pairs and prints the line.
fn compare<T>(name: &str, items: &[T], old: impl Fn(&T), new: impl Fn(&T), rounds: usize) {
    let (ratio, old_ns, new_ns) = common::paired(items, old, new, rounds);
    println!("{name} {ratio:.3} {old_ns:.1} {new_ns:.1}");
}

fn main() {
    let rounds = common::rounds(101);
    for (corpus, urls) in common::corpora() {
        let c = |f: &str| format!("{f}/{corpus}");
        compare(
            &c("urlsplit"),
            &urls,
            |u| drop(black_box(old::urllib::urlsplit(u))),
            |u| drop(black_box(new::urllib::urlsplit(u))),
            rounds,
        );
        compare(
            &c("urlparse"),
            &urls,
            |u| drop(black_box(old::urllib::urlparse(u))),
            |u| drop(black_box(new::urllib::urlparse(u))),
            rounds,
        );
        compare(
            &c("hostname+port"),
            &urls,
            |u| {
                if let Ok(r) = old::urllib::urlsplit(u) {
                    black_box((r.hostname(), r.port().ok()));
                }
            },
            |u| {
                if let Ok(r) = new::urllib::urlsplit(u) {
                    black_box((r.hostname(), r.port().ok()));
                }
            },
            rounds,
        );
        let pairs = common::join_pairs(&urls);
        compare(
            &c("urljoin"),
            &pairs,
            |(b, r)| drop(black_box(old::urllib::urljoin(b, r))),
            |(b, r)| drop(black_box(new::urllib::urljoin(b, r))),
            rounds,
        );
        let opts_old = old::neturl::ParseOptions::default();
        let opts_new = new::neturl::ParseOptions::default();
        compare(
            &c("neturl_parse"),
            &urls,
            |u| drop(black_box(old::neturl::parse_url(u, &opts_old))),
            |u| drop(black_box(new::neturl::parse_url(u, &opts_new))),
            rounds,
        );
        if corpus != "kasztp" {
            continue;
        }
        compare(
            &c("quote"),
            &urls,
            |u| drop(black_box(old::urllib::quote(u))),
            |u| drop(black_box(new::urllib::quote(u))),
            rounds,
        );
        let quoted: Vec<String> = urls.iter().map(|u| new::urllib::quote(u)).collect();
        compare(
            &c("unquote"),
            &quoted,
            |u| drop(black_box(old::urllib::unquote(u))),
            |u| drop(black_box(new::urllib::unquote(u))),
            rounds,
        );
        let queries = common::queries(&urls);
        compare(
            &c("parse_qsl"),
            &queries,
            |q| drop(black_box(old::urllib::parse_qsl(q))),
            |q| drop(black_box(new::urllib::parse_qsl(q))),
            rounds,
        );
        let pairs: Vec<Vec<(String, String)>> = queries
            .iter()
            .filter_map(|q| {
                new::urllib::QsParser::new()
                    .keep_blank_values(true)
                    .parse_qsl(q)
                    .ok()
            })
            .map(|p| {
                p.into_iter()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect()
            })
            .collect();
        compare(
            &c("urlencode"),
            &pairs,
            |p| {
                black_box(old::urllib::urlencode(
                    p.iter().map(|(k, v)| (k.as_str(), v.as_str())),
                ));
            },
            |p| {
                black_box(new::urllib::urlencode(
                    p.iter().map(|(k, v)| (k.as_str(), v.as_str())),
                ));
            },
            rounds,
        );
    }
}

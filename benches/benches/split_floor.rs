//! `urlsplit` against its floor, in pairs: each round times one pass of
//! `urllib::urlsplit` over a list and one pass of `memchr3` over the same
//! URLs back to back (in an order that turns each round), and the ratio
//! is the median of the rounds' ratios.
//!
//! Criterion times its rows one after the other, seconds apart; on a
//! shared machine whose speed moves in spells of seconds, a ratio of two
//! rows then moves by up to 40%. Two passes of a millisecond each share a
//! spell, so their ratio holds still.
//!
//! Prints one line a list: `split_floor/<list> <ratio> <urlsplit ns>
//! <floor ns> <rounds>` (nanoseconds per URL, medians), which
//! `benches/report.py` reads. `URLSYNTAX_BENCH_ROUNDS` sets the rounds
//! (default 301).

mod common;

use std::hint::black_box;
use std::time::Instant;

/// One pass of `urlsplit` over `urls`, in nanoseconds.
fn split_pass(urls: &[String]) -> f64 {
    let start = Instant::now();
    for u in urls {
        let _ = black_box(urlsyntax::urllib::urlsplit(black_box(u)));
    }
    start.elapsed().as_nanos() as f64
}

/// One pass of the floor over `urls`, in nanoseconds: `memchr3` of tab,
/// CR and LF, which no URL of the lists holds, so it reads every byte
/// once (as `split.rs`'s row "memchr3 one pass").
fn floor_pass(urls: &[String]) -> f64 {
    let start = Instant::now();
    for u in urls {
        black_box(memchr::memchr3(
            b'\t',
            b'\r',
            b'\n',
            black_box(u).as_bytes(),
        ));
    }
    start.elapsed().as_nanos() as f64
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    match n % 2 {
        1 => xs[n / 2],
        _ => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter, if any, picks lists.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let rounds: usize = std::env::var("URLSYNTAX_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(301);
    for (corpus, urls) in common::corpora() {
        if !filter.is_empty() && !filter.iter().any(|f| corpus.contains(f.as_str())) {
            continue;
        }
        // Warm up: the lists in cache, the branch predictors trained.
        for _ in 0..20 {
            split_pass(&urls);
            floor_pass(&urls);
        }
        let (mut ratios, mut split_ns, mut floor_ns) = (vec![], vec![], vec![]);
        for round in 0..rounds {
            let (split, floor) = if round % 2 == 0 {
                let s = split_pass(&urls);
                (s, floor_pass(&urls))
            } else {
                let f = floor_pass(&urls);
                (split_pass(&urls), f)
            };
            ratios.push(split / floor);
            split_ns.push(split / urls.len() as f64);
            floor_ns.push(floor / urls.len() as f64);
        }
        println!(
            "split_floor/{corpus} {:.3} {:.2} {:.2} {rounds}",
            median(ratios),
            median(split_ns),
            median(floor_ns)
        );
    }
}

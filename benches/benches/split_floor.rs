//! `urlsplit` against its floor, in pairs: each round times one pass of
//! `memchr3` over a list and one pass of `urllib::urlsplit` over the same
//! URLs back to back (in an order that turns each round), and the ratio
//! is the median of the rounds' ratios (`common::paired`).
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

fn main() {
    // `cargo bench` passes `--bench`; a filter, if any, picks lists.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let rounds = common::rounds(301);
    for (corpus, urls) in common::corpora() {
        if !filter.is_empty() && !filter.iter().any(|f| corpus.contains(f.as_str())) {
            continue;
        }
        // The floor: `memchr3` of tab, CR and LF, which no URL of the
        // lists holds, so it reads every byte once (as `split.rs`'s row
        // "memchr3 one pass").
        let floor = |u: &String| {
            black_box(memchr::memchr3(b'\t', b'\r', b'\n', u.as_bytes()));
        };
        let split = |u: &String| drop(black_box(urlsyntax::urllib::urlsplit(u)));
        let (ratio, floor_ns, split_ns) = common::paired(&urls, floor, split, rounds);
        println!("split_floor/{corpus} {ratio:.3} {split_ns:.2} {floor_ns:.2} {rounds}");
    }
}

//! The reference side of `urlsyntax diff`: its answers to seeded calls
//! (`answer_line`, JSON in and out, on one core) must come at 200,000 calls
//! a second or more, so that the program under test is always the slower
//! side. Beside it, the peer it replaces: CPython 3.13.0 answering the same
//! calls through `tests/oracles/cpython_answer.py` (a process per
//! iteration, start-up included), and the making of the calls.
//!
//! Prints the calls a second of each and checks the target. CPython is
//! skipped when `$(pyenv root)/versions/3.13.0` is missing.

mod common;

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput};
use urlsyntax::fuzzing::CallGenerator;
use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls::{answer_line, generate};

/// Calls a second the reference must answer.
const TARGET: f64 = 200_000.0;
const CALLS: u64 = 20_000;

fn main() {
    let profile = Profile::Py3_13_0;
    let generator = CallGenerator::default();
    let lines: Vec<String> = generate::seeded_calls(&generator, 1, CALLS)
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut text = lines.join("\n");
    text.push('\n');

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("diff_reference");
    g.throughput(Throughput::Elements(CALLS));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("urlsyntax", |b| {
        b.iter(|| {
            for l in &lines {
                black_box(answer_line(black_box(l), profile).to_json());
            }
        })
    });
    g.bench_function("generate", |b| {
        b.iter(|| black_box(generate::seeded_calls(&generator, 1, CALLS)))
    });
    let py = Some(common::cpython_3_13_0()).filter(|p| p.exists());
    if let Some(py) = &py {
        let answerer = common::repo_root().join("tests/oracles/cpython_answer.py");
        g.bench_function("cpython-3.13", |b| {
            b.iter(|| {
                let mut child = Command::new(py)
                    .arg(&answerer)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .spawn()
                    .expect("run CPython");
                let mut stdin = child.stdin.take().expect("stdin");
                stdin.write_all(text.as_bytes()).expect("write calls");
                drop(stdin);
                assert!(child.wait().expect("wait").success());
            })
        });
    } else {
        eprintln!("diff_reference: CPython 3.13.0 is missing; its figure is skipped");
    }
    g.finish();
    c.final_summary();

    let rate = |id: &str| common::criterion_mean("diff_reference", id).map(|s| CALLS as f64 / s);
    if let Some(ours) = rate("urlsyntax") {
        let theirs = rate("cpython-3.13").map_or(String::new(), |t| {
            format!(
                ", CPython 3.13.0's answerer {t:.0} calls/s ({:.0}x)",
                ours / t
            )
        });
        let made = rate("generate").map_or(String::new(), |m| {
            format!(", calls made {m:.0}/s on every core")
        });
        println!("diff_reference: urlsyntax {ours:.0} calls/s on one core{theirs}{made}");
        assert!(
            ours >= TARGET,
            "the reference answers {ours:.0} calls a second, under the target of {TARGET:.0}"
        );
    }
}

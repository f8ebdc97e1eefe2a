//! `urlsyntax split` (JSON lines) against `benches/split_lines.py` under
//! CPython 3.13.0, on the real URL lists repeated into one file: both
//! programs run as processes in the same run, after a check that their
//! outputs are the same bytes. Prints URLs a second and the ratio.
//!
//! Needs `target/release/urlsyntax` (`cargo build --release`) and CPython
//! under `$(pyenv root)/versions/3.13.0`. `URLSYNTAX_SPLIT_REPEAT` (default
//! 4) sets how many times the lists are repeated.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput};

fn output(cmd: &mut Command) -> Vec<u8> {
    let out = cmd.stderr(Stdio::inherit()).output().expect("run");
    assert!(out.status.success(), "{cmd:?} failed");
    out.stdout
}

fn main() {
    let bin = common::repo_root().join("target/release/urlsyntax");
    let py = common::cpython_3_13_0();
    assert!(
        bin.exists(),
        "build the binary first: cargo build --release"
    );
    assert!(py.exists(), "CPython 3.13.0 is missing at {}", py.display());
    let repeat: usize = std::env::var("URLSYNTAX_SPLIT_REPEAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let mut text = Vec::new();
    for name in common::CORPORA {
        let path = common::repo_root().join(format!("tests/data/corpora/{name}.txt"));
        text.extend(std::fs::read(&path).expect("corpus"));
        if !text.ends_with(b"\n") {
            text.push(b'\n');
        }
    }
    let text = text.repeat(repeat);
    let lines = text.iter().filter(|&&b| b == b'\n').count();
    let input = common::repo_root().join("target/split_cli_input.txt");
    std::fs::write(&input, &text).expect("write the input");
    let script = common::repo_root().join("benches/split_lines.py");

    let ours = output(Command::new(&bin).arg("split").arg("-q").arg(&input));
    let theirs = output(Command::new(&py).arg(&script).arg(&input));
    assert!(ours == theirs, "urlsyntax split and split_lines.py differ");
    eprintln!(
        "split_cli: {lines} URLs, outputs byte-identical ({} bytes)",
        ours.len()
    );

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("split_cli");
    g.throughput(Throughput::Elements(lines as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    let run = |cmd: &mut Command| {
        let status = cmd.stdout(Stdio::null()).status().expect("run");
        assert!(status.success());
    };
    g.bench_function("urlsyntax", |b| {
        b.iter(|| run(Command::new(&bin).arg("split").arg("-q").arg(&input)))
    });
    g.bench_function("cpython-3.13", |b| {
        b.iter(|| run(Command::new(&py).arg(&script).arg(&input)))
    });
    g.finish();
    c.final_summary();

    // The ratio, from the estimates criterion just wrote.
    let mean = |id: &str| common::criterion_mean("split_cli", id);
    if let (Some(ours), Some(theirs)) = (mean("urlsyntax"), mean("cpython-3.13")) {
        println!(
            "split_cli: urlsyntax {:.2} M URLs/s, CPython 3.13.0 {:.3} M URLs/s, ratio {:.1}",
            lines as f64 / ours / 1e6,
            lines as f64 / theirs / 1e6,
            theirs / ours
        );
    }
}

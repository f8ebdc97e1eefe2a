//! The workloads shared by the bench targets, derived from the real URL
//! lists in `tests/data/corpora/` exactly as `benches/cpython_bench.py` and
//! `benches/neturl_bench.ml` derive them (plain string operations only, so
//! every implementation sees the same inputs).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput};

/// The two corpora, by the name used in bench ids.
pub const CORPORA: [&str; 2] = ["kasztp", "node_files"];

/// The lines of `tests/data/corpora/<name>.txt` (split at `\n` only, the
/// first line of kasztp keeps its byte-order mark).
pub fn urls(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../tests/data/corpora/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    urls_at(&path)
}

/// The non-empty lines of the file at `path`, split at `\n` only.
pub fn urls_at(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split('\n')
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// The URL lists to split and join: the files named in
/// `URLSYNTAX_BENCH_URLS` (separated by `:`; each named by its file stem),
/// for a run on lists of one's own (`benches/check_split.sh`), else
/// [`CORPORA`].
pub fn corpora() -> Vec<(String, Vec<String>)> {
    match std::env::var("URLSYNTAX_BENCH_URLS") {
        Ok(paths) if !paths.is_empty() => paths
            .split(':')
            .map(|path| {
                let stem = std::path::Path::new(path)
                    .file_stem()
                    .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
                (stem, urls_at(path))
            })
            .collect(),
        _ => CORPORA
            .iter()
            .map(|name| (name.to_string(), urls(name)))
            .collect(),
    }
}

/// The queries of the URLs that have one: after the first `?`, before the
/// first `#` after it.
pub fn queries(urls: &[String]) -> Vec<String> {
    urls.iter()
        .filter_map(|u| u.split_once('?'))
        .map(|(_, q)| q.split('#').next().unwrap_or("").to_string())
        .collect()
}

/// `(base, reference)` pairs for `urljoin`: each URL is a base, and the
/// reference comes from the next URL of the list, in turn its
/// path-absolute part (from the first `/` after `://`), `../` and its last
/// segment, and `./` and its last segment.
pub fn join_pairs(urls: &[String]) -> Vec<(String, String)> {
    let n = urls.len();
    (0..n)
        .map(|i| {
            let next = &urls[(i + 1) % n];
            let after = next.find("://").map_or(0, |j| j + 3);
            let path = next[after..].find('/').map_or("/", |j| &next[after + j..]);
            let last = path.rsplit('/').next().unwrap_or("");
            let reference = match i % 3 {
                0 => path.to_string(),
                1 => format!("../{last}"),
                _ => format!("./{last}"),
            };
            (urls[i].clone(), reference)
        })
        .collect()
}

/// A group measuring one pass over `n` items per iteration, reported per
/// item, kept short: the report runs many groups on a shared machine
/// (`URLSYNTAX_BENCH_SECS` sets the measurement time, default 3 s).
pub fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
    n: usize,
) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(20);
    g.warm_up_time(Duration::from_millis(500));
    // `benches/report.sh --quick` shortens the measurements.
    let secs = std::env::var("URLSYNTAX_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    g.measurement_time(Duration::from_secs(secs));
    g
}

/// The rounds of a paired bench: `URLSYNTAX_BENCH_ROUNDS`, else `default`.
pub fn rounds(default: usize) -> usize {
    std::env::var("URLSYNTAX_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// One pass of `f` over `items`, in nanoseconds.
pub fn pass<T>(items: &[T], f: &impl Fn(&T)) -> f64 {
    let start = std::time::Instant::now();
    for item in items {
        f(std::hint::black_box(item));
    }
    start.elapsed().as_nanos() as f64
}

/// `a` and `b` over `items` in pairs: each round times a pass of each
/// back to back, in an order that turns each round (after a warm-up), so
/// that both share the machine's spell of the moment. The medians of
/// `b ÷ a` and of each one's nanoseconds per item.
pub fn paired<T>(items: &[T], a: impl Fn(&T), b: impl Fn(&T), rounds: usize) -> (f64, f64, f64) {
    for _ in 0..5 {
        pass(items, &a);
        pass(items, &b);
    }
    let (mut ratios, mut a_ns, mut b_ns) = (vec![], vec![], vec![]);
    for round in 0..rounds {
        let (ta, tb) = if round % 2 == 0 {
            let ta = pass(items, &a);
            (ta, pass(items, &b))
        } else {
            let tb = pass(items, &b);
            (pass(items, &a), tb)
        };
        ratios.push(tb / ta);
        a_ns.push(ta / items.len() as f64);
        b_ns.push(tb / items.len() as f64);
    }
    (median(ratios), median(a_ns), median(b_ns))
}

/// The median of `xs` (the upper one of an even count).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// CPython 3.13.0's interpreter under `$(pyenv root)/versions` (else
/// `~/.pyenv/versions`), whether or not it is there.
pub fn cpython_3_13_0() -> PathBuf {
    let out = Command::new("pyenv").arg("root").output();
    let pyenv = match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().to_owned(),
        _ => format!("{}/.pyenv", std::env::var("HOME").unwrap_or_default()),
    };
    Path::new(&pyenv).join("versions/3.13.0/bin/python3")
}

/// The seconds an iteration of `group/id` took, as criterion's estimate
/// of the mean in the run just made (`None` when it wrote none).
pub fn criterion_mean(group: &str, id: &str) -> Option<f64> {
    let p = repo_root().join(format!("target/criterion/{group}/{id}/new/estimates.json"));
    let text = std::fs::read_to_string(p).ok()?;
    let v: f64 = text
        .split("\"mean\":")
        .nth(1)?
        .split("\"point_estimate\":")
        .nth(1)?
        .split([',', '}'])
        .next()?
        .trim()
        .parse()
        .ok()?;
    Some(v / 1e9)
}

//! `urlsyntax diff`: a differential tester for any program that speaks
//! the conformance-calls protocol. Seeded calls built from the project's
//! hostile pieces (and the user's corpus) go to the program and to the
//! reference (a CPython profile or Neturl, answered in process); each
//! disagreement is grouped by what differs and minimized. See
//! `docs/differential.md`.

mod compare;
mod program;
mod report;
mod shrink;
mod source;
mod tally;

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use rayon::prelude::*;
use serde_json::Value as Json;
use urlsyntax::fuzzing::{CallGenerator, CallKind, Function};
use urlsyntax::urllib::{Behaviour, Profile};
use urlsyntax_cli::calls::answer_line;
use urlsyntax_cli::interpreter::Python;

use compare::{compare, Verdict};
use program::{Breakage, Fault, Program};
use report::{Example, Group};
use source::CallSource;
use tally::Tally;

pub const AFTER_HELP: &str = "\
COMMAND reads calls of the conformance-calls protocol on stdin, one JSON
line each, and writes one answer line each ({\"ok\": ...}, {\"error\":
\"ValueError\"}, or {\"unsupported\": ...} for what it does not do).
Disagreements go to stdout as JSON lines, one a group, each with its
minimized call; a summary goes to stderr.

Exit codes: 0 nothing disagrees, 1 something does, 2 usage error or a
program that breaks the protocol (crashes, hangs, writes garbage).

Examples:
  urlsyntax diff --python 3.13.0 -- python3.13 tests/oracles/cpython_answer.py
  urlsyntax diff --python 3.13 --fn urlsplit --fn urlsplit.hostname -- python3 my_adapter.py
  urlsyntax diff --count 100000 --seed 7 --corpus urls.txt -- ./my-parser-adapter
  urlsyntax diff --neturl -- ./my-neturl-adapter";

#[derive(Args)]
pub struct DiffArgs {
    /// The CPython release to compare with (an exact release, a minor
    /// version: that line's newest, or an interpreter's path: its derived
    /// profile). Default: the newest stable release.
    #[arg(long, value_name = "V", value_parser = urlsyntax_cli::interpreter::parse_python, conflicts_with = "neturl")]
    python: Option<Python>,
    /// Compare with the profile in FILE (`urlsyntax profile derive`).
    #[arg(long, value_name = "FILE", value_parser = urlsyntax_cli::interpreter::load_profile_file,
          conflicts_with_all = ["neturl", "python"])]
    profile_file: Option<Python>,
    /// Compare with Neturl (Ocamlnet) instead: calls of neturl.parse_url.
    #[arg(long)]
    neturl: bool,
    /// Only calls of NAME (repeatable): urlsplit, urlparse, urlunsplit,
    /// urlunparse, urljoin, urldefrag, unwrap, an attribute call such as
    /// urlsplit.hostname, urlsplit.* (the call and every attribute), or
    /// neturl.parse_url. Default: every urllib function.
    #[arg(long = "fn", value_name = "NAME")]
    functions: Vec<String>,
    /// The seed of the generated calls (the same seed, the same calls).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many calls to generate.
    #[arg(long, default_value_t = 10_000)]
    count: u64,
    /// A file of URLs, one a line, each sent through every chosen function
    /// that takes a URL (repeatable).
    #[arg(long, value_name = "FILE")]
    corpus: Vec<PathBuf>,
    /// How many copies of the program to run at once (default: the cores).
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// The longest the program may go without reading a call or answering
    /// one, in seconds; then it is stopped and reported.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,
    /// How many calls to hold in memory at once (tests make it small, to
    /// cross windows; default: `source::WINDOW`).
    #[arg(long, hide = true, value_name = "N")]
    window: Option<usize>,
    /// Report disagreements as found, without minimizing them.
    #[arg(long)]
    no_minimize: bool,
    /// No progress bar and no summary.
    #[arg(long, short)]
    quiet: bool,
    /// The program under test and its arguments (after `--`).
    #[arg(required = true, last = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

/// A program that broke the protocol, and the call it broke on (its index
/// in the calls of the run, and whether it breaks on that call alone).
struct Broken {
    breakage: Breakage,
    call: Option<(usize, bool)>,
}

/// What is compared with what.
struct Session {
    program: Program,
    profile: Behaviour,
    /// The reader as group keys name it (`CPython`, `Neturl`).
    reader: &'static str,
    /// The reader and release, for the summary.
    reference: String,
    jobs: usize,
}

pub fn run(args: DiffArgs) -> ExitCode {
    let usage = |msg: String| {
        eprintln!("urlsyntax diff: {msg}");
        ExitCode::from(2)
    };
    let mut kinds = Vec::new();
    for name in &args.functions {
        match name.parse::<CallKind>() {
            Ok(k) => kinds.push(k),
            Err(e) => return usage(e.to_string()),
        }
    }
    let neturl_kind = |k: &CallKind| k.function == Function::NeturlParseUrl;
    if args.neturl {
        if kinds.iter().any(|k| !neturl_kind(k)) {
            return usage("--neturl compares neturl.parse_url calls only".into());
        }
        if kinds.is_empty() {
            kinds.push(CallKind {
                function: Function::NeturlParseUrl,
                attribute: urlsyntax::fuzzing::Attribute::Plain,
            });
        }
    } else if kinds.iter().any(neturl_kind) {
        return usage("neturl.parse_url is compared with Neturl: add --neturl".into());
    }
    let time_limit = match Duration::try_from_secs_f64(args.timeout) {
        Ok(t) if !t.is_zero() => t,
        _ => {
            return usage(format!(
                "--timeout must be a positive number of seconds, not {}",
                args.timeout
            ))
        }
    };
    let python = args
        .profile_file
        .or(args.python)
        .unwrap_or_else(|| Python::named(Profile::default()));
    let profile = python.behaviour;
    // The reader in group keys (no release: keys line up across runs), and
    // the release in the summary.
    let (reader, reference) = if args.neturl {
        ("Neturl", "Neturl".to_string())
    } else {
        ("CPython", python.label())
    };
    let generator = CallGenerator::new(kinds)
        .with_missing_as_none(!args.neturl && profile.quirks().missing_as_none);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let session = Session {
        program: Program {
            command: args.command.clone(),
            time_limit,
        },
        profile,
        reader,
        reference,
        jobs,
    };

    let start = Instant::now();
    let source = match CallSource::new(&generator, args.seed, args.count, &args.corpus) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let total = source.len();
    let bar = progress(!args.quiet, total);
    let mut tally = Tally::default();
    for calls in source.windows(args.window.unwrap_or(source::WINDOW)) {
        let lines: Vec<String> = calls.iter().map(Json::to_string).collect();
        let expected = session.reference_answers(&lines);
        let got = match session.answers(&lines, bar.as_ref()) {
            Ok(g) => g,
            Err((broken, at)) => {
                let first = tally.counts.calls;
                return session.broke(&broken, (&lines[at..], first + at), total, bar);
            }
        };
        tally.add(&calls, &lines, (&expected, &got), session.reader);
        // Where no bar shows (stderr is no terminal: a log), a line a
        // window of a long run says how far it is.
        let done = tally.counts.calls;
        if !args.quiet && bar.is_none() && done < total {
            let (secs, disagree) = (start.elapsed().as_secs_f64(), tally.counts.disagree);
            eprintln!(
                "urlsyntax diff: {done} of {total} calls, {disagree} disagree so far; {secs:.1} s"
            );
        }
    }
    let (counts, mut groups) = tally.finish();
    if !args.no_minimize && !groups.is_empty() {
        if let Some(bar) = &bar {
            bar.reset();
            bar.set_message("groups minimized");
            bar.set_length(groups.len() as u64);
        }
        if let Err(((broken, at), lines)) = session.minimize_all(&mut groups, bar.as_ref()) {
            return session.broke(&broken, (&lines[at..], at), lines.len(), bar);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    groups.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.key.cmp(&b.key)));
    let stdout = std::io::stdout();
    if report::write_groups(&mut stdout.lock(), &groups).is_err() {
        return ExitCode::FAILURE;
    }
    if !args.quiet {
        let took = start.elapsed();
        eprint!(
            "{}",
            report::summary(&counts, &groups, &session.reference, args.seed, took)
        );
    }
    if groups.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A progress bar on stderr when it is a terminal.
fn progress(wanted: bool, total: usize) -> Option<indicatif::ProgressBar> {
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} ({eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_message("calls");
    Some(bar)
}

impl Session {
    /// The reference's answers, on every core.
    fn reference_answers(&self, lines: &[String]) -> Vec<Json> {
        lines
            .par_iter()
            .map(|l| answer_line(l, self.profile).to_json())
            .collect()
    }

    /// The program's answers to `lines`, in runs of up to 1000 calls,
    /// `jobs` runs at once; the first run that breaks stops the others.
    fn answers(
        &self,
        lines: &[String],
        bar: Option<&indicatif::ProgressBar>,
    ) -> Result<Vec<Json>, (Broken, usize)> {
        let size = (lines.len() / (self.jobs * 8)).clamp(64, 1000);
        let runs: Vec<(usize, usize)> = (0..lines.len())
            .step_by(size)
            .map(|s| (s, (s + size).min(lines.len())))
            .collect();
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let answers: Mutex<Vec<Option<Vec<Json>>>> = Mutex::new(vec![None; runs.len()]);
        let first_break: Mutex<Option<(usize, Breakage)>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.min(runs.len()) {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        let r = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(from, to)) = runs.get(r) else {
                            break;
                        };
                        match self.program.answer(&lines[from..to]) {
                            Ok(a) => {
                                lock(&answers)[r] = Some(a);
                                if let Some(bar) = bar {
                                    bar.inc((to - from) as u64);
                                }
                            }
                            Err(b) => {
                                stop.store(true, Ordering::Relaxed);
                                let mut first = lock(&first_break);
                                if first.as_ref().is_none_or(|(r0, _)| r < *r0) {
                                    *first = Some((r, b));
                                }
                            }
                        }
                    }
                });
            }
        });
        if let Some((r, b)) = lock(&first_break).take() {
            let (from, to) = runs[r];
            let broken = self.isolate(&lines[from..to], b);
            return Err((broken, from));
        }
        let answers = answers.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(answers.into_iter().flatten().flatten().collect())
    }

    /// The call of `lines` a broken run broke on: the end of the shortest
    /// run from the first call that breaks the program. A program that
    /// crashed or hung has answered the calls before it (a program that
    /// buffers its output may not show them), so the first unanswered
    /// call is tried alone first.
    fn isolate(&self, lines: &[String], b: Breakage) -> Broken {
        let stopped = matches!(b.fault, Fault::Exited { .. } | Fault::Hung);
        let hint = if stopped { b.answered } else { 0 }.min(lines.len().saturating_sub(1));
        match b.fault {
            Fault::Spawn(_) => {
                return Broken {
                    breakage: b,
                    call: None,
                }
            }
            // The line that is no answer is the answer to this call.
            Fault::Garbage { .. } => {
                return Broken {
                    call: Some((b.answered, false)),
                    breakage: b,
                }
            }
            _ => {}
        }
        if stopped {
            if let Err(alone) = self.program.answer(&lines[hint..=hint]) {
                return Broken {
                    breakage: alone,
                    call: Some((hint, true)),
                };
            }
        }
        let Err(mut last) = self.program.answer(lines) else {
            // It does not break again: name the first unanswered call.
            return Broken {
                breakage: b,
                call: Some((hint, false)),
            };
        };
        // The shortest run lines[..=end] that breaks.
        let (mut lo, mut hi) = (hint, lines.len() - 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.program.answer(&lines[..=mid]) {
                Err(e) => {
                    hi = mid;
                    last = e;
                }
                Ok(_) => lo = mid + 1,
            }
        }
        match self.program.answer(&lines[lo..=lo]) {
            Err(alone) => Broken {
                breakage: alone,
                call: Some((lo, true)),
            },
            Ok(_) => Broken {
                breakage: last,
                call: Some((lo, false)),
            },
        }
    }

    /// Minimizes each group's example, `jobs` groups at once.
    fn minimize_all(
        &self,
        groups: &mut [Group],
        bar: Option<&indicatif::ProgressBar>,
    ) -> Result<(), ((Broken, usize), Vec<String>)> {
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let done: Mutex<Vec<Option<Example>>> = Mutex::new(vec![None; groups.len()]);
        let failure = Mutex::new(None);
        let groups_ref = &*groups;
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.min(groups_ref.len()) {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        let Some(group) = groups_ref.get(g) else {
                            break;
                        };
                        match self.minimize(group) {
                            Ok(e) => lock(&done)[g] = Some(e),
                            Err(f) => {
                                stop.store(true, Ordering::Relaxed);
                                *lock(&failure) = Some(f);
                            }
                        }
                        if let Some(bar) = bar {
                            bar.inc(1);
                        }
                    }
                });
            }
        });
        if let Some(f) = lock(&failure).take() {
            return Err(f);
        }
        let done = done.into_inner().unwrap_or_else(|e| e.into_inner());
        for (group, example) in groups.iter_mut().zip(done) {
            if let Some(e) = example {
                group.example = e;
            }
        }
        Ok(())
    }

    /// The smallest call that disagrees as `group`'s example does, with
    /// its answers.
    fn minimize(&self, group: &Group) -> Result<Example, ((Broken, usize), Vec<String>)> {
        let mut seen: HashMap<String, (Json, Json)> = HashMap::new();
        let best = shrink::minimize(&group.example.call, |candidates| {
            let lines: Vec<String> = candidates.iter().map(Json::to_string).collect();
            let expected: Vec<Json> = lines
                .iter()
                .map(|l| answer_line(l, self.profile).to_json())
                .collect();
            let got = match self.program.answer(&lines) {
                Ok(g) => g,
                Err(b) => return Err(((self.isolate(&lines, b), 0), lines)),
            };
            let mut keep = Vec::with_capacity(lines.len());
            for (i, line) in lines.into_iter().enumerate() {
                let v = compare(&candidates[i], &expected[i], &got[i], self.reader);
                let same = matches!(&v, Verdict::Differ(k) if *k == group.key);
                if same {
                    seen.insert(line, (expected[i].clone(), got[i].clone()));
                }
                keep.push(same);
            }
            Ok(keep)
        })?;
        let (expected, got) = seen
            .remove(&best.to_string())
            .unwrap_or_else(|| (group.example.expected.clone(), group.example.got.clone()));
        Ok(Example {
            call: best,
            expected,
            got,
        })
    }

    /// Reports a program that broke the protocol: exit status 2.
    /// `lines` are the calls from the run it broke on, the first of them
    /// call `first` (from 0) of the `total` calls sent.
    fn broke(
        &self,
        broken: &Broken,
        (lines, first): (&[String], usize),
        total: usize,
        bar: Option<indicatif::ProgressBar>,
    ) -> ExitCode {
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let call = broken
            .call
            .and_then(|(i, _)| Some((first + i + 1, lines.get(i)?.as_str())));
        let alone = broken.call.is_some_and(|(_, a)| a);
        eprint!(
            "{}",
            report::breakage(
                &broken.breakage,
                call,
                total,
                alone,
                self.program.time_limit
            )
        );
        ExitCode::from(2)
    }
}

/// A mutex's data, whether or not a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

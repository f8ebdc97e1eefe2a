//! The calls of a run, made a window at a time: the seeded calls, then
//! each line of the user's corpus (a URL) through each chosen function
//! that takes a URL. A run holds one window of calls and answers in
//! memory, whatever `--count`: a call is made from its seed and index
//! alone, and a corpus is kept as its lines.

use std::io::BufRead;
use std::path::PathBuf;

use rayon::prelude::*;
use serde_json::Value as Json;
use urlsyntax::fuzzing::{Call, CallGenerator};
use urlsyntax_cli::calls::generate::{call_json, seeded_call};

use crate::cmd::{chomp, decode_line};

/// How many calls a window holds: enough runs of the program (up to 1000
/// calls each) that the jobs are seldom left waiting at a window's end,
/// in about 150 MB of calls and answers (a run of 2,000,000 calls held
/// them all in 4 GB before).
pub const WINDOW: usize = 50_000;

/// Every call of a run, in order.
pub struct CallSource<'g> {
    generator: &'g CallGenerator,
    seed: u64,
    count: u64,
    /// The corpus's lines, decoded, in order (all files).
    urls: Vec<String>,
    /// The calls the corpus makes (the URLs times the functions that take
    /// one, as the generator writes them).
    corpus_calls: usize,
}

impl<'g> CallSource<'g> {
    /// `count` calls of `seed`, then the corpus files' calls. A line that
    /// is not UTF-8, or a file that cannot be read, is an error naming it.
    pub fn new(
        generator: &'g CallGenerator,
        seed: u64,
        count: u64,
        corpus: &[PathBuf],
    ) -> Result<Self, String> {
        let mut urls = Vec::new();
        for path in corpus {
            read_lines(path, &mut urls)?;
        }
        let corpus_calls = urls
            .par_iter()
            .map(|url| url_calls(generator, url).count())
            .sum();
        Ok(CallSource {
            generator,
            seed,
            count,
            urls,
            corpus_calls,
        })
    }

    /// How many calls the run makes.
    pub fn len(&self) -> usize {
        self.count as usize + self.corpus_calls
    }

    /// The calls in windows of about `window` calls (at least one), in
    /// order, each made when it is reached (on every core).
    pub fn windows(&self, window: usize) -> impl Iterator<Item = Vec<Json>> + '_ {
        let window = window.max(1);
        let seeded = (0..self.count).step_by(window).map(move |start| {
            let end = start.saturating_add(window as u64).min(self.count);
            (start..end)
                .into_par_iter()
                .map(|i| seeded_call(self.generator, self.seed, i))
                .collect()
        });
        let per_url = self.generator.kinds().len().max(1);
        let corpus = self
            .urls
            .chunks((window / per_url).max(1))
            .map(|urls| calls_of(self.generator, urls));
        seeded.chain(corpus)
    }
}

/// Each of `urls` through each chosen function that takes a URL.
fn calls_of(generator: &CallGenerator, urls: &[String]) -> Vec<Json> {
    urls.iter()
        .flat_map(|url| url_calls(generator, url))
        .map(|call| call_json(&call))
        .collect()
}

/// `url` through each chosen function that takes a URL: what the corpus
/// is counted by and made of.
fn url_calls<'a>(generator: &'a CallGenerator, url: &'a str) -> impl Iterator<Item = Call> + 'a {
    let kinds = generator.kinds().iter();
    kinds.filter_map(move |kind| generator.call_with_url(*kind, url))
}

/// Appends each line of `path` (a URL) to `urls`.
fn read_lines(path: &PathBuf, urls: &mut Vec<String>) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = std::io::BufReader::new(file);
    let mut line = Vec::new();
    let mut n = 0u64;
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => return Ok(()),
            Ok(_) => n += 1,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
        let url =
            decode_line(chomp(&line)).map_err(|e| format!("{}: line {n}: {e}", path.display()))?;
        urls.push(url.into_owned());
    }
}

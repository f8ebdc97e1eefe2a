//! What a run has found so far, window by window: the counts, and for
//! each group of disagreements how many calls and its smallest call with
//! both answers. Only these outlive a window.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde_json::Value as Json;

use super::compare::{compare, Verdict};
use super::report::{Counts, Example, Group};
use super::shrink;

/// The counts and groups of the windows added so far.
#[derive(Default)]
pub struct Tally {
    pub counts: Counts,
    /// By group key (in key order, as the groups are first listed).
    found: BTreeMap<String, Found>,
}

/// One group so far: how many calls, and its smallest call (by
/// [`shrink::size`], then its line's length; the first of equals).
struct Found {
    count: usize,
    smallest: (usize, usize),
    example: Example,
}

impl Tally {
    /// The verdicts on one window: `calls`, as `lines`, answered
    /// `expected` by the reference (named `reader` in group keys) and
    /// `got` by the program.
    pub fn add(
        &mut self,
        calls: &[Json],
        lines: &[String],
        (expected, got): (&[Json], &[Json]),
        reader: &str,
    ) {
        let verdicts: Vec<Verdict> = (0..calls.len())
            .into_par_iter()
            .map(|i| compare(&calls[i], &expected[i], &got[i], reader))
            .collect();
        self.counts.calls += calls.len();
        for (i, verdict) in verdicts.into_iter().enumerate() {
            let key = match verdict {
                Verdict::Agree => {
                    self.counts.agree += 1;
                    continue;
                }
                Verdict::ProgramUnsupported => {
                    self.counts.program_unsupported += 1;
                    continue;
                }
                Verdict::ReferenceUnsupported => {
                    self.counts.reference_unsupported += 1;
                    continue;
                }
                Verdict::Differ(key) => key,
            };
            self.counts.disagree += 1;
            let size = (shrink::size(&calls[i]), lines[i].len());
            let example = || Example {
                call: calls[i].clone(),
                expected: expected[i].clone(),
                got: got[i].clone(),
            };
            match self.found.get_mut(&key) {
                Some(found) => {
                    found.count += 1;
                    if size < found.smallest {
                        found.smallest = size;
                        found.example = example();
                    }
                }
                None => {
                    let found = Found {
                        count: 1,
                        smallest: size,
                        example: example(),
                    };
                    self.found.insert(key, found);
                }
            }
        }
    }

    /// The counts, and the groups in key order, each with its smallest
    /// call as its example (not yet minimized) and as the call found.
    pub fn finish(self) -> (Counts, Vec<Group>) {
        let groups = self
            .found
            .into_iter()
            .map(|(key, f)| Group {
                key,
                count: f.count,
                found: f.example.call.clone(),
                example: f.example,
            })
            .collect();
        (self.counts, groups)
    }
}

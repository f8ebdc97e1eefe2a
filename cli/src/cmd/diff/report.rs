//! What `diff` prints: one JSON line a group of disagreements on stdout,
//! a one-screen summary on stderr, and the message for a program that
//! broke the protocol.

use std::io::Write;
use std::time::Duration;

use serde_json::{json, Value as Json};

use super::program::{Breakage, Fault};

/// A group of disagreements: its key, how many calls, the minimized
/// example and the call it was minimized from.
#[derive(Clone, Debug)]
pub struct Group {
    /// What differs (`urlsplit: netloc differs in case`).
    pub key: String,
    /// Calls that disagree so.
    pub count: usize,
    /// The minimized call, with both answers.
    pub example: Example,
    /// The call it was minimized from (the group's shortest).
    pub found: Json,
}

/// A call and its two answers.
#[derive(Clone, Debug)]
pub struct Example {
    /// The call.
    pub call: Json,
    /// The reference's answer.
    pub expected: Json,
    /// The program's answer.
    pub got: Json,
}

/// The counts of a run.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    /// Calls sent.
    pub calls: usize,
    /// Calls answered alike.
    pub agree: usize,
    /// Calls answered differently.
    pub disagree: usize,
    /// Calls the program answered `unsupported`.
    pub program_unsupported: usize,
    /// Calls the reference cannot express.
    pub reference_unsupported: usize,
}

/// The call as Python code (`calls::python_line`).
pub use urlsyntax_cli::calls::python_line as python;

/// The groups as JSON lines, the largest first.
pub fn write_groups(out: &mut impl Write, groups: &[Group]) -> std::io::Result<()> {
    for g in groups {
        let line = json!({
            "group": g.key,
            "count": g.count,
            "python": python(&g.example.call),
            "call": g.example.call,
            "expected": g.example.expected,
            "got": g.example.got,
            "found": g.found,
        });
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// The groups shown on stderr; the rest are counted.
const SHOWN: usize = 10;

/// The summary: counts, then each group with its shortest call.
pub fn summary(
    counts: &Counts,
    groups: &[Group],
    reference: &str,
    seed: u64,
    took: Duration,
) -> String {
    let mut s = format!(
        "urlsyntax diff: {} calls (seed {seed}) against {reference}: {} agree, {} disagree",
        counts.calls, counts.agree, counts.disagree
    );
    if !groups.is_empty() {
        let n = groups.len();
        s.push_str(&format!(" in {n} group{}", if n == 1 { "" } else { "s" }));
    }
    s.push_str(&format!(
        "; {} unsupported by the program, {} the reference cannot express; {:.1} s\n",
        counts.program_unsupported,
        counts.reference_unsupported,
        took.as_secs_f64()
    ));
    if groups.is_empty() {
        return s;
    }
    s.push_str("   calls  what differs, and the shortest call that shows it\n");
    for g in groups.iter().take(SHOWN) {
        s.push_str(&format!("{:>8}  {}\n", g.count, g.key));
        s.push_str(&format!(
            "          {}\n",
            cut(&python(&g.example.call), 110)
        ));
    }
    if groups.len() > SHOWN {
        s.push_str(&format!(
            "     ...  and {} more groups (stdout has every group)\n",
            groups.len() - SHOWN
        ));
    }
    s
}

/// The message for a program that broke the protocol; `call` is the call
/// it broke on (its number among `total`, from 1), `alone` whether that
/// call alone breaks it.
pub fn breakage(
    b: &Breakage,
    call: Option<(usize, &str)>,
    total: usize,
    alone: bool,
    time_limit: Duration,
) -> String {
    let answered = if alone {
        "without answering it".to_string()
    } else {
        format!(
            "after answering {} of the {} calls up to this one",
            b.answered, b.sent
        )
    };
    let mut what = match &b.fault {
        Fault::Spawn(why) => return format!("urlsyntax diff: {why}\n"),
        Fault::Exited { status } => format!("it ended ({status}) {answered}"),
        Fault::Hung => format!(
            "it hung: it read no call and wrote no answer for {} s (--timeout)",
            time_limit.as_secs_f64()
        ),
        Fault::Garbage { line } => {
            format!("it wrote a line that is no answer of the protocol: {line}")
        }
        Fault::TooFew => format!("it exited with success {answered}"),
        Fault::TooMany { line } => format!("it wrote more answer lines than calls: {line}"),
    };
    if alone {
        what = format!("sent this call alone, {what}");
    }
    let mut s = String::from("urlsyntax diff: the program under test broke the protocol");
    match call {
        Some((n, text)) => {
            s.push_str(&format!(" on call {n} of {total}:\n  {text}\n  {what}"));
        }
        None => s.push_str(&format!(":\n  {what}")),
    }
    s.push('\n');
    if !b.stderr.is_empty() {
        s.push_str("  the end of its stderr:\n");
        for line in b.stderr.lines() {
            s.push_str(&format!("  | {line}\n"));
        }
    }
    s
}

fn cut(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_read_as_python() {
        let c = json!({"fn": "urlsplit.hostname", "args": ["//A@\t"], "kwargs": {"scheme": {"bytes": "68"}}});
        assert_eq!(python(&c), "urlsplit('//A@\\t', scheme=b'h').hostname");
        let c = json!({"fn": "urlsplit.geturl", "args": [{"tuple": ["a"]}]});
        assert_eq!(python(&c), "urlsplit(('a',)).geturl()");
        let c =
            json!({"fn": "neturl.parse_url", "args": ["x"], "kwargs": {"enable_fragment": true}});
        assert_eq!(python(&c), "neturl.parse_url('x', enable_fragment=True)");
        let c = json!({"fn": "urlencode", "args": [[{"tuple": ["a", "b"]}]], "kwargs": {"quote_via": "quote"}});
        assert_eq!(python(&c), "urlencode([('a', 'b')], quote_via=quote)");
    }
}

//! The program under test: one process a batch of calls. Its stdin gets
//! the calls and is then closed (so a program that buffers its output
//! still answers), its stdout is read line by line, its stderr kept for
//! messages. Nothing it does can hang `diff`: the run ends when the
//! program has neither read a call nor written an answer for the time
//! limit, and it is killed.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use serde_json::Value as Json;

/// How to run the program.
#[derive(Clone, Debug)]
pub struct Program {
    /// The command and its arguments.
    pub command: Vec<OsString>,
    /// The longest the program may go without reading a call or answering
    /// one.
    pub time_limit: Duration,
}

/// How a run broke the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Spawn(String),
    /// It exited (or was killed by a signal) before answering every call.
    Exited { status: String },
    /// It went quiet for longer than the time limit.
    Hung,
    /// An answer line that is not an answer: `{"ok": ...}`, `{"error":
    /// "..."}` or `{"unsupported": ...}`.
    Garbage { line: String },
    /// It closed its output, exiting with success, short of answers.
    TooFew,
    /// More answer lines than calls.
    TooMany { line: String },
}

/// A broken run: the fault, the answers before it, and the end of the
/// program's stderr.
#[derive(Clone, Debug)]
pub struct Breakage {
    /// What went wrong.
    pub fault: Fault,
    /// The calls sent in the run.
    pub sent: usize,
    /// The answers the program gave before it.
    pub answered: usize,
    /// The last lines of its stderr.
    pub stderr: String,
}

enum Event {
    Wrote,
    Line(Vec<u8>),
    Eof,
}

/// The longest answer line read (a program writing without line ends
/// cannot fill the memory).
const LINE_LIMIT: u64 = 1 << 24;

/// The longest stderr kept, from its end.
const STDERR_KEPT: usize = 2000;

impl Program {
    /// The answers to `calls` (one JSON text each), or how the program
    /// broke the protocol.
    pub fn answer(&self, calls: &[String]) -> Result<Vec<Json>, Breakage> {
        let broke = |fault, answered, stderr: String| Breakage {
            fault,
            sent: calls.len(),
            answered,
            stderr,
        };
        let Some((exe, args)) = self.command.split_first() else {
            return Err(broke(Fault::Spawn("no command".into()), 0, String::new()));
        };
        let mut command = Command::new(exe);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own, so that a stuck program is stopped with the
        // processes it started (a shell's children).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = match command.spawn() {
            Ok(c) => c,
            Err(e) => {
                let why = format!("cannot run {}: {e}", exe.to_string_lossy());
                return Err(broke(Fault::Spawn(why), 0, String::new()));
            }
        };
        let (tx, rx) = mpsc::channel();
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let writer = {
            let tx = tx.clone();
            let text = batches(calls);
            thread::spawn(move || {
                let Some(mut stdin) = stdin else { return };
                for batch in text {
                    // A program that stops reading (it exited) ends the
                    // writing; the reader tells what happened.
                    if stdin.write_all(batch.as_bytes()).is_err() || stdin.flush().is_err() {
                        return;
                    }
                    let _ = tx.send(Event::Wrote);
                }
            })
        };
        let reader = thread::spawn(move || {
            if let Some(out) = stdout {
                let mut out = BufReader::new(out);
                loop {
                    // A line past the limit is cut there, and is no answer.
                    let mut line = Vec::new();
                    match (&mut out).take(LINE_LIMIT).read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if tx.send(Event::Line(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
        let (err_tx, err_rx) = mpsc::channel();
        thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(mut err) = stderr {
                let mut buf = [0u8; 8192];
                while let Ok(n) = err.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    kept.extend_from_slice(&buf[..n]);
                    if kept.len() > 2 * STDERR_KEPT {
                        kept.drain(..kept.len() - STDERR_KEPT);
                    }
                }
            }
            let _ = err_tx.send(kept);
        });

        let mut answers = Vec::with_capacity(calls.len());
        let outcome = loop {
            match rx.recv_timeout(self.time_limit) {
                Ok(Event::Wrote) => {}
                Ok(Event::Line(line)) => {
                    let text = String::from_utf8_lossy(&line);
                    if answers.len() == calls.len() {
                        break Some(Fault::TooMany {
                            line: shorten(text.trim_end()),
                        });
                    }
                    match parse_answer(&text) {
                        Some(a) => answers.push(a),
                        None => {
                            break Some(Fault::Garbage {
                                line: shorten(text.trim_end_matches(['\n', '\r'])),
                            })
                        }
                    }
                }
                Ok(Event::Eof) => break None,
                Err(RecvTimeoutError::Timeout) => break Some(Fault::Hung),
                Err(RecvTimeoutError::Disconnected) => break None,
            }
        };
        let status = match outcome {
            Some(_) => {
                stop(&mut child);
                None
            }
            None => wait_limited(&mut child, self.time_limit),
        };
        // The threads end with the pipes; one a process the program left
        // behind still holds is left to end by itself, never waited for.
        drop((rx, writer, reader));
        let stderr = tail(
            &err_rx
                .recv_timeout(Duration::from_millis(200))
                .unwrap_or_default(),
        );
        let answered = answers.len();
        let fault = match (outcome, status) {
            (Some(f), _) => f,
            (None, _) if answered == calls.len() => return Ok(answers),
            (None, None) => Fault::Hung,
            (None, Some(s)) if s.success() => Fault::TooFew,
            (None, Some(s)) => Fault::Exited {
                status: describe(s),
            },
        };
        Err(broke(fault, answered, stderr))
    }
}

/// The calls as newline-ended text, in pieces of about 16 KiB (each
/// written piece is progress the time limit counts).
fn batches(calls: &[String]) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in calls {
        let last = out.last_mut().expect("one batch");
        last.push_str(c);
        last.push('\n');
        if last.len() > 1 << 14 {
            out.push(String::new());
        }
    }
    out
}

/// One answer line: a JSON object with `ok`, `error` (a string) or
/// `unsupported`.
fn parse_answer(line: &str) -> Option<Json> {
    let v: Json = serde_json::from_str(line.trim_end_matches(['\n', '\r'])).ok()?;
    let o = v.as_object()?;
    let known = o.contains_key("ok")
        || o.get("error").is_some_and(Json::is_string)
        || o.contains_key("unsupported");
    known.then_some(v)
}

/// Waits for the exit of a program that closed its stdout, for the time
/// limit at most (then kills it: `None`).
fn wait_limited(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = std::time::Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Some(s),
            Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(5)),
            _ => {
                stop(child);
                return None;
            }
        }
    }
}

/// Kills the program and its process group.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    {
        // The group's id is the program's (`process_group(0)`); `kill`
        // reaches the processes it started, with no unsafe call here.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// An exit status in words: `exit status 3`, `killed by signal 11 (SIGSEGV)`.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                6 => " (SIGABRT)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {sig}{name}");
        }
    }
    match status.code() {
        Some(c) => format!("exit status {c}"),
        None => status.to_string(),
    }
}

/// A line cut to 200 characters for messages.
fn shorten(s: &str) -> String {
    match s.char_indices().nth(200) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// The last lines of stderr, at most [`STDERR_KEPT`] bytes.
fn tail(bytes: &[u8]) -> String {
    let from = bytes.len().saturating_sub(STDERR_KEPT);
    let text = String::from_utf8_lossy(&bytes[from..]);
    let text = if from > 0 {
        text.split_once('\n').map_or(&*text, |(_, rest)| rest)
    } else {
        &text
    };
    text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_objects_of_the_protocol() {
        assert!(parse_answer("{\"ok\": 1}\n").is_some());
        assert!(parse_answer("{\"error\": \"ValueError\", \"message\": \"x\"}").is_some());
        assert!(parse_answer("{\"unsupported\": \"no\"}").is_some());
        for bad in [
            "",
            "ok",
            "[1]",
            "{\"error\": 3}",
            "{\"value\": 1}",
            "{\"ok\": 1",
        ] {
            assert!(parse_answer(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn stderr_keeps_its_end() {
        assert_eq!(tail(b"a\nb\n"), "a\nb");
        let long = format!("{}\nlast line\n", "x\n".repeat(5000));
        assert!(tail(long.as_bytes()).ends_with("last line"));
        assert!(tail(long.as_bytes()).len() <= STDERR_KEPT);
    }
}

//! `--python PATH`: answer as a given interpreter does, through the
//! profile derived from what it answers to the library's probe
//! ([`urlsyntax::urllib::DerivedProfile`]), checked on a sample of
//! generated calls before it is trusted, and cached.
//!
//! The cache lives in `$XDG_CACHE_HOME/urlsyntax/profiles` (else
//! `~/.cache/…`), one file an interpreter path. An entry holds the
//! interpreter's version string and a hash of its `urllib/parse.py`; it
//! serves only while the executable and that file are unchanged, so a
//! second run starts no interpreter.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, UNIX_EPOCH};

use serde_json::{json, Value as Json};
use urlsyntax::fuzzing::CallGenerator;
use urlsyntax::urllib::{Behaviour, DerivedProfile, Profile, PROBE_SCRIPT};

use crate::calls::{answer_line, generate};

/// The reference answerer of the protocol, run by the interpreter for
/// the check.
const ANSWERER: &str = include_str!("../../tests/oracles/cpython_answer.py");

/// How many generated calls the check sends through the interpreter: every
/// urllib function of the protocol, of which the structure calls (where
/// distribution backports live) are about 44%, some 2,600.
pub const CHECK_CALLS: u64 = 6000;

/// The seed of the check's calls.
const CHECK_SEED: u64 = 38;

/// How long the interpreter may take to answer the probe or the check.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// A CPython to answer as: a named release, or an interpreter's derived
/// profile. `Copy`: a derived one is kept for the life of the program.
#[derive(Clone, Copy, Debug)]
pub struct Python {
    /// What every call reads.
    pub behaviour: Behaviour,
    /// The derived profile, when there is one.
    pub derived: Option<&'static DerivedProfile>,
}

impl Python {
    /// A named release's profile.
    pub fn named(profile: Profile) -> Python {
        Python {
            behaviour: profile.into(),
            derived: None,
        }
    }

    /// What it answers as, in a line: `CPython 3.13.0`, or a derived
    /// profile's label (`CPython 3.11.2: 3.11.7 + check_bracketed_netloc`).
    pub fn label(&self) -> String {
        match self.derived {
            Some(d) => d.label(),
            None => format!("CPython {}", self.behaviour.profile().release()),
        }
    }

    /// The release it answers as (`3.13.0`, or the interpreter's `3.11.2`).
    pub fn release(&self) -> String {
        match self.derived {
            Some(d) => d.version().to_string(),
            None => self.behaviour.profile().release().to_string(),
        }
    }

    fn derived(d: DerivedProfile) -> Python {
        let d: &'static DerivedProfile = Box::leak(Box::new(d));
        Python {
            behaviour: d.behaviour(),
            derived: Some(d),
        }
    }
}

/// `--python V`: a release (`3.13.0`, or `3.13`: that line's newest), or
/// a path to an interpreter (any value holding a `/`).
pub fn parse_python(s: &str) -> Result<Python, String> {
    if s.contains('/') {
        return interpreter(Path::new(s)).map(Python::derived);
    }
    Profile::from_version(s).map(Python::named).ok_or_else(|| {
        let known: Vec<&str> = Profile::ALL.iter().map(|p| p.release()).collect();
        format!(
            "unknown Python version {s:?}; one of {} (or a minor version such as 3.13, that line's newest, or an interpreter's path)",
            known.join(", ")
        )
    })
}

/// `--profile-file FILE`: a profile written by `urlsyntax profile derive`.
pub fn load_profile_file(s: &str) -> Result<Python, String> {
    let text = std::fs::read_to_string(s).map_err(|e| format!("cannot read {s}: {e}"))?;
    serde_json::from_str::<DerivedProfile>(&text)
        .map(Python::derived)
        .map_err(|e| format!("{s} is not a derived profile: {e}"))
}

/// The interpreter's derived profile: from the cache, or probed and
/// checked (and then cached).
pub fn interpreter(path: &Path) -> Result<DerivedProfile, String> {
    let identity = Identity::of(path)?;
    if let Some(d) = identity.cached() {
        return Ok(d);
    }
    let (derived, parse_file) = probe(path)?;
    let disagreements = check(path, &derived)?;
    if !disagreements.is_empty() {
        let mut msg = format!(
            "{} answers as no profile can: the profile derived from it ({}) disagrees with it on {} of {CHECK_CALLS} generated calls, e.g.",
            path.display(),
            derived.label(),
            disagreements.len()
        );
        for d in disagreements.iter().take(5) {
            msg.push_str("\n  ");
            msg.push_str(d);
        }
        return Err(msg);
    }
    identity.store(&derived, &parse_file);
    Ok(derived)
}

/// Runs the probe in the interpreter: its derived profile, and the path of
/// its `urllib/parse.py`.
pub fn probe(path: &Path) -> Result<(DerivedProfile, PathBuf), String> {
    let out = run(path, &["-I", "-c", PROBE_SCRIPT], b"")?;
    let derived = DerivedProfile::derive(&out).map_err(|e| format!("{}: {e}", path.display()))?;
    let parse_file = derived.parse_file().unwrap_or_default();
    Ok((derived, PathBuf::from(parse_file)))
}

/// The generated calls on which the derived profile and the interpreter
/// answer differently, each as `call: interpreter's answer / ours`.
pub fn check(path: &Path, derived: &DerivedProfile) -> Result<Vec<String>, String> {
    let missing_as_none = derived.behaviour().quirks().missing_as_none;
    let generator = CallGenerator::new(Vec::new()).with_missing_as_none(missing_as_none);
    let calls = generate::seeded_calls(&generator, CHECK_SEED, CHECK_CALLS);
    let lines: Vec<String> = calls.iter().map(Json::to_string).collect();
    let input = lines.join("\n") + "\n";
    // UTF-8 both ways whatever the locale (3.6 in the C locale would use
    // ASCII), as `-I` ignores PYTHONIOENCODING.
    let script = format!(
        "import io, sys\n\
         sys.stdin = io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8')\n\
         sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8', newline='\\n')\n\
         {ANSWERER}"
    );
    let theirs = run(path, &["-I", "-c", &script], input.as_bytes())?;
    let theirs: Vec<&str> = theirs.lines().collect();
    if theirs.len() != lines.len() {
        return Err(format!(
            "{} answered {} of {} check calls",
            path.display(),
            theirs.len(),
            lines.len()
        ));
    }
    let mut differ = Vec::new();
    for (line, their) in lines.iter().zip(theirs) {
        let their: Json = serde_json::from_str(their).unwrap_or(Json::Null);
        let ours = answer_line(line, derived.behaviour()).to_json();
        let unsupported = |a: &Json| a.get("unsupported").is_some();
        if !unsupported(&their) && !unsupported(&ours) && their != ours {
            differ.push(format!("{line}: {their} / {ours}"));
        }
    }
    Ok(differ)
}

/// Runs `path args` with `input`; its stdout, or why it is no usable
/// CPython 3.
fn run(path: &Path, args: &[&str], input: &[u8]) -> Result<String, String> {
    let shown = path.display();
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{shown}: no such interpreter"),
            std::io::ErrorKind::PermissionDenied => format!("{shown}: not executable"),
            _ => format!("{shown}: cannot run it: {e}"),
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    // Both pipes are drained as the interpreter writes, so it never waits
    // on a full pipe while the time limit runs.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| format!("{shown}: {e}"))? {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{shown}: no answer within {} s",
                TIME_LIMIT.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let out_bytes = stdout.join().unwrap_or_default();
    let err_bytes = stderr.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&err_bytes);
    if !status.success() {
        let last = stderr.lines().last().unwrap_or("").trim();
        let why = if stderr.contains("Unknown option: -I")
            || stderr.contains("print \"")
            || last.starts_with("SyntaxError")
        {
            "is not Python 3 (the probe needs CPython 3.6 or later)".to_string()
        } else if let Some(signal) = signal_of(&status) {
            format!("crashed (signal {signal})")
        } else if last.is_empty() {
            format!("exited with {status}")
        } else {
            format!("failed: {last}")
        };
        return Err(format!("{shown} {why}"));
    }
    String::from_utf8(out_bytes)
        .map_err(|_| format!("{shown} wrote output that is not UTF-8: is it a CPython?"))
}

#[cfg(unix)]
fn signal_of(status: &std::process::ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(status)
}

#[cfg(not(unix))]
fn signal_of(_: &std::process::ExitStatus) -> Option<i32> {
    None
}

/// What an interpreter is, as far as the cache can tell without running
/// it: its executable's path, size and time, and the cache file for it.
struct Identity {
    executable: String,
    stamp: String,
    file: Option<PathBuf>,
}

impl Identity {
    fn of(path: &Path) -> Result<Identity, String> {
        let real = std::fs::canonicalize(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{}: no such interpreter", path.display()),
            _ => format!("{}: {e}", path.display()),
        })?;
        let meta = std::fs::metadata(&real).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            return Err(format!(
                "{}: a directory, not an interpreter",
                path.display()
            ));
        }
        let executable = real.to_string_lossy().into_owned();
        let stamp = stamp(&meta);
        let file = cache_dir().map(|d| d.join(format!("{:016x}.json", fnv(executable.as_bytes()))));
        Ok(Identity {
            executable,
            stamp,
            file,
        })
    }

    fn cached(&self) -> Option<DerivedProfile> {
        let text = std::fs::read_to_string(self.file.as_ref()?).ok()?;
        let entry: Json = serde_json::from_str(&text).ok()?;
        let fresh = entry["executable"] == *self.executable
            && entry["stamp"] == *self.stamp
            && entry["parse_hash"].as_str()
                == file_hash(Path::new(entry["parse_file"].as_str()?)).as_deref();
        if !fresh {
            return None;
        }
        serde_json::from_value(entry["profile"].clone()).ok()
    }

    /// Writes the entry; a cache that cannot be written only costs the
    /// next run its probe.
    fn store(&self, derived: &DerivedProfile, parse_file: &Path) {
        let Some(file) = &self.file else { return };
        let entry = json!({
            "executable": self.executable,
            "stamp": self.stamp,
            "version": derived.answers().get("version"),
            "parse_file": parse_file.to_string_lossy(),
            "parse_hash": file_hash(parse_file),
            "profile": derived,
        });
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let tmp = file.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, entry.to_string()).is_ok() {
            let _ = std::fs::rename(&tmp, file);
        }
    }
}

fn stamp(meta: &std::fs::Metadata) -> String {
    let time = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{}:{time}", meta.len())
}

fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
    Some(base.join("urlsyntax").join("profiles"))
}

fn file_hash(path: &Path) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| format!("{:016x}", fnv(&b)))
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

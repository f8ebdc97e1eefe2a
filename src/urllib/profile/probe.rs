//! The probe: the calls that tell every [`Quirks`] field apart
//! ([`PROBE_SCRIPT`], run by the interpreter), and the function from its
//! answers to a profile ([`DerivedProfile::derive`]).
//!
//! A distribution's `python3` is an old upstream release plus the fixes
//! its maintainers backported, so it answers as no named release does.
//! Its profile is the nearest verified release of its line with each
//! field set as the interpreter answers: a field takes the value of the
//! nearest verified release whose own interpreter answered the field's
//! calls alike (`probe_answers.rs`, recorded from each of them). A field
//! no release answers alike is named in the error, never guessed.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use super::behaviour::same;
use super::probe_answers::RECORDED;
use super::quirks::{Quirks, UnsplitRule};
use super::{Behaviour, Profile};
use urlsyntax_pyruntime::unicode::UnicodeTables;

/// The probe, a Python script for any CPython from 3.6: run as
/// `python3 -I -c PROBE_SCRIPT`, it prints one `key=answer` line a call,
/// which [`DerivedProfile::derive`] reads. Its `answers(parse)` function
/// answers for a given `urllib.parse` module (in process).
pub const PROBE_SCRIPT: &str = include_str!("probe.py");

/// Answers longer than this are recorded as their hash.
const LONG: usize = 96;

/// Each field (`name in codecs` for one of the runtime's) and the probe
/// keys whose answers decide it (its own name where none are given), and
/// `copy_field`, which sets it from another.
macro_rules! fields {
    ($($f:ident $(in $group:ident)? $(= $keys:expr)?;)*) => {
        const FIELDS: &[(&str, &[&str])] = &[$((stringify!($f), fields!(@keys $f $($keys)?)),)*];

        /// Sets `dst`'s field `name` to `src`'s.
        fn copy_field(dst: &mut Quirks, src: &Quirks, name: &str) {
            match name {
                $(stringify!($f) => dst$(.$group)?.$f = src$(.$group)?.$f,)*
                _ => unreachable!("a field of FIELDS: {name}"),
            }
        }
    };
    (@keys $f:ident) => { &[stringify!($f)] };
    (@keys $f:ident $keys:expr) => { $keys };
}

fields! {
    scheme_must_start_with_ascii_letter;
    validate_bracketed_host;
    unsplit;
    port;
    port_error_from_int;
    qsl;
    classes = &CLASS_KEYS;
    urlsplit_args_must_be_hashable;
    slice_of_dict_is_key_error;
    strip_c0_control_or_space;
    scheme_before_digits_is_path;
    tilde_is_unreserved;
    qsl_coerces_separator;
    unquote_takes_bytes;
    unicode in codecs = &UNICODE_KEYS;
    codec_aliases in codecs;
    namereplace_names in codecs = &["namereplace_names", "unicode.version"];
    text_codecs in codecs;
    iso2022_jp_combining_pairs in codecs;
    utf7_ill_formed_plus in codecs;
    utf16_end_checked_first in codecs;
    punycode_errors in codecs;
    idna_errors in codecs;
    idna_label_limit in codecs;
    codec_errors_wrapped in codecs;
    // Its NFKC and lowering are the Unicode version's; B.2 is apart.
    nameprep_tables in codecs = &["unicode.version"];
    nameprep_case_folding in codecs;
    check_bracketed_netloc;
    ipvfuture_capital_v;
    join_keeps_empty_components;
    unparse_checks_path_before_params;
    parse_and_join_split_through_the_cache;
    qsl_empty_bytes_convert_the_separator;
    scheme_may_be_none;
    missing_as_none;
    coerce_first_non_empty;
    algorithmic_names_any_case in codecs;
    charmaps in codecs;
}

const CLASS_KEYS: [&str; 6] = [
    "classes.uses_relative",
    "classes.uses_netloc",
    "classes.uses_params",
    "classes.non_hierarchical",
    "classes.uses_query",
    "classes.uses_fragment",
];

const UNICODE_KEYS: [&str; 4] = [
    "unicode.version",
    "unicode.int_max_str_digits",
    "unicode.int_limit",
    "unicode.int_limit_before_rest",
];

/// `urlunsplit` under gh-67693 alone (3.8.20 to 3.11.x's last patches):
/// no verified release answers so, so the composed rule is named here.
const UNSPLIT_EMPTY_AUTHORITY: &str = "[s2f2f2f2f61,s687474703a2f2f2f67]";

/// Why an interpreter's answers give no profile.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeriveError {
    /// A line of the probe's output is not `key=answer`.
    Malformed(String),
    /// The probe's output lacks this key (a probe of another version).
    MissingAnswer(&'static str),
    /// The interpreter is not CPython (`sys.implementation.name`).
    NotCPython(String),
    /// A CPython this crate has no release of its major version for.
    UnsupportedVersion(String),
    /// No verified release answers the calls of this [`Quirks`] field as
    /// the interpreter does: a behaviour no field can express.
    UnknownSwitch {
        /// The field, e.g. `"check_bracketed_netloc"`.
        field: &'static str,
        /// The probe key whose answer no release gives.
        key: &'static str,
        /// The interpreter's answer, in the probe's notation.
        answer: String,
    },
}

impl std::fmt::Display for DeriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeriveError::Malformed(line) => write!(
                f,
                "the probe printed a line that is not key=answer: {line:?}"
            ),
            DeriveError::MissingAnswer(key) => write!(
                f,
                "the probe's output has no answer for {key:?} (run this version's probe)"
            ),
            DeriveError::NotCPython(name) => write!(f, "the interpreter is {name}, not CPython"),
            DeriveError::UnsupportedVersion(v) => write!(
                f,
                "CPython {v} is not a Python 3 this library can derive a profile for"
            ),
            DeriveError::UnknownSwitch { field, key, answer } => write!(
                f,
                "the interpreter answers the probe {key:?} as no verified release does ({answer}): \
                 its behaviour switch {field:?} matches no known value"
            ),
        }
    }
}

impl std::error::Error for DeriveError {}

/// A profile derived from what an interpreter answers to the probe: the
/// nearest verified release of its line, with each behaviour switch set as
/// the interpreter answered.
///
/// ```
/// use urlsyntax::urllib::{DerivedProfile, Profile};
/// // What CPython 3.13.18 itself answers derives its own profile.
/// let answers = DerivedProfile::recorded_answers(Profile::Py3_13_18).unwrap();
/// let derived = DerivedProfile::derive(&answers).unwrap();
/// assert_eq!(derived.base(), Profile::Py3_13_18);
/// assert!(derived.switches().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct DerivedProfile {
    version: String,
    base: Profile,
    switches: Vec<&'static str>,
    answers: BTreeMap<String, String>,
    behaviour: Behaviour,
}

impl DerivedProfile {
    /// The profile the probe's output (`key=answer` lines) describes.
    pub fn derive(probe_output: &str) -> Result<DerivedProfile, DeriveError> {
        let mut answers = BTreeMap::new();
        for line in probe_output.lines().filter(|l| !l.is_empty()) {
            let (k, v) = line
                .split_once('=')
                .ok_or_else(|| DeriveError::Malformed(line.chars().take(80).collect()))?;
            answers.insert(k.to_string(), v.to_string());
        }
        DerivedProfile::from_answers(answers)
    }

    /// The profile of answers already read, by key.
    pub fn from_answers(answers: BTreeMap<String, String>) -> Result<DerivedProfile, DeriveError> {
        let get = |key: &'static str| {
            answers
                .get(key)
                .map(String::as_str)
                .ok_or(DeriveError::MissingAnswer(key))
        };
        let implementation = decode_str(get("implementation")?).unwrap_or_default();
        if implementation != "cpython" {
            return Err(DeriveError::NotCPython(implementation));
        }
        let version = decode_str(get("version")?).unwrap_or_default();
        let candidates = nearest_first(&version)?;
        let base = candidates[0];
        let mut quirks = *base.quirks();
        for &(field, keys) in FIELDS {
            let wanted: Vec<String> = keys
                .iter()
                .map(|k| get(k).map(kept))
                .collect::<Result<_, _>>()?;
            let alike = candidates.iter().find(|c| {
                keys.iter()
                    .zip(&wanted)
                    .all(|(k, w)| recorded(k, c.release()) == Some(w.as_str()))
            });
            match alike {
                Some(c) => copy_field(&mut quirks, c.quirks(), field),
                None => set_from_answer(&mut quirks, field, keys, &answers, &candidates)?,
            }
        }
        let switches = FIELDS
            .iter()
            .map(|&(field, _)| field)
            .filter(|field| {
                let mut undone = quirks;
                copy_field(&mut undone, base.quirks(), field);
                !same(&undone, &quirks)
            })
            .collect();
        Ok(DerivedProfile {
            version,
            base,
            switches,
            answers,
            behaviour: Behaviour::with_quirks(base, quirks),
        })
    }

    /// What a verified release's own interpreter answered to the probe,
    /// as recorded (`key=answer` lines; a long answer as its hash, which
    /// derives alike); `None` for a composed profile.
    pub fn recorded_answers(profile: Profile) -> Option<String> {
        if !profile.is_verified() {
            return None;
        }
        let mut out = format!(
            "implementation={}\nversion={}\n",
            encode_str("cpython"),
            encode_str(profile.release())
        );
        let bit = verified_bit(profile)?;
        for (key, answer, releases) in RECORDED {
            if releases & bit != 0 {
                out.push_str(&format!("{key}={answer}\n"));
            }
        }
        Some(out)
    }

    /// The interpreter's version, e.g. `"3.11.2"`.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The verified release it is derived from.
    pub fn base(&self) -> Profile {
        self.base
    }

    /// The [`Quirks`] fields set otherwise than the base's, by name.
    pub fn switches(&self) -> &[&'static str] {
        &self.switches
    }

    /// The behaviour to answer with: the base, with the derived quirks.
    pub fn behaviour(&self) -> Behaviour {
        self.behaviour
    }

    /// The path of the interpreter's `urllib/parse.py`, as it answered.
    pub fn parse_file(&self) -> Option<String> {
        decode_str(self.answers.get("parse_file")?)
    }

    /// The probe's answers it was derived from, by key.
    pub fn answers(&self) -> &BTreeMap<String, String> {
        &self.answers
    }

    /// What it is, in a line: `CPython 3.11.2: 3.11.7 + check_bracketed_netloc + …`.
    pub fn label(&self) -> String {
        let mut s = format!("CPython {}: {}", self.version, self.base.release());
        for sw in &self.switches {
            s.push_str(" + ");
            s.push_str(sw);
        }
        s
    }
}

/// The verified releases, nearest `version` first: its own line by
/// distance of patch, then the other lines by distance of minor.
fn nearest_first(version: &str) -> Result<Vec<Profile>, DeriveError> {
    let numbers = |v: &str| -> Option<(u32, u32, u32)> {
        let mut it = v.split('.').map(|p| {
            p.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        });
        Some((it.next()??, it.next()??, it.next().flatten().unwrap_or(0)))
    };
    let Some((3, minor, patch)) = numbers(version) else {
        return Err(DeriveError::UnsupportedVersion(version.to_string()));
    };
    let mut all: Vec<(u32, u32, Profile)> = Profile::VERIFIED
        .iter()
        .filter_map(|&p| {
            let (_, m, pa) = numbers(p.release())?;
            Some((m.abs_diff(minor), pa.abs_diff(patch), p))
        })
        .collect();
    all.sort_by_key(|&(m, pa, p)| (m, pa, std::cmp::Reverse(p)));
    Ok(all.into_iter().map(|(_, _, p)| p).collect())
}

/// What the release's own interpreter answered to `key`.
fn recorded(key: &str, release: &str) -> Option<&'static str> {
    let bit = verified_bit(Profile::from_version(release)?)?;
    RECORDED
        .iter()
        .find(|(k, _, rs)| *k == key && rs & bit != 0)
        .map(|(_, a, _)| *a)
}

/// A verified profile's bit in [`RECORDED`].
fn verified_bit(profile: Profile) -> Option<u16> {
    let i = Profile::VERIFIED.iter().position(|&p| p == profile)?;
    Some(1 << i)
}

/// An answer as recorded: a long one as `#` and its hash (FNV-1a).
fn kept(answer: &str) -> String {
    if answer.len() <= LONG || answer.starts_with('#') {
        return answer.to_string();
    }
    let h = answer.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("#{h:016x}")
}

/// A field no verified release answers alike: the composed rules known
/// by name, and `int()`'s digit limit as the interpreter words it.
fn set_from_answer(
    quirks: &mut Quirks,
    field: &'static str,
    keys: &'static [&'static str],
    answers: &BTreeMap<String, String>,
    candidates: &[Profile],
) -> Result<(), DeriveError> {
    let answer = |k: &str| answers.get(k).map(String::as_str).unwrap_or("");
    match field {
        "unsplit" if answer("unsplit") == UNSPLIT_EMPTY_AUTHORITY => {
            quirks.unsplit = UnsplitRule::EmptyAuthorityBeforeDoubleSlash;
            return Ok(());
        }
        "unicode" => {
            let version = kept(answer("unicode.version"));
            if let Some(c) = candidates
                .iter()
                .find(|c| recorded("unicode.version", c.release()) == Some(&version))
            {
                if let Some(tables) = with_int_rules(c.quirks().codecs.unicode, answers) {
                    quirks.codecs.unicode = tables;
                    return Ok(());
                }
            }
        }
        _ => {}
    }
    let key = keys
        .iter()
        .find(|k| {
            !candidates
                .iter()
                .any(|c| recorded(k, c.release()) == Some(kept(answer(k)).as_str()))
        })
        .unwrap_or(&keys[0]);
    Err(DeriveError::UnknownSwitch {
        field,
        key,
        answer: answer(key).chars().take(200).collect(),
    })
}

/// `tables` with `int()`'s digit limit, its message and when it is checked
/// as the interpreter answers them; kept for the life of the program, one
/// copy of each.
fn with_int_rules(
    tables: &'static UnicodeTables,
    answers: &BTreeMap<String, String>,
) -> Option<&'static UnicodeTables> {
    static KEPT: Mutex<Vec<&'static UnicodeTables>> = Mutex::new(Vec::new());
    let digits: usize = answers
        .get("unicode.int_max_str_digits")?
        .strip_prefix('i')?
        .parse()
        .ok()?;
    let limit = answers.get("unicode.int_limit")?;
    let rest = answers.get("unicode.int_limit_before_rest")?;
    let (head, tail) = if digits == 0 {
        ("", "")
    } else {
        let message = decode_str(limit.strip_prefix("!ValueError:")?)?;
        let (head, tail) = message.split_once("has 5000 digits")?;
        (leak(head), leak(tail))
    };
    let before_rest =
        digits > 0 && decode_str(rest.strip_prefix("!ValueError:")?)?.starts_with(head);
    let candidate = tables.with_int_limit(digits, (head, tail), before_rest);
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(k) = kept.iter().find(|k| k.same_as(&candidate)) {
        return Some(k);
    }
    let k: &'static UnicodeTables = Box::leak(Box::new(candidate));
    kept.push(k);
    Some(k)
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The text of an `s<hex>` (or bare hex) answer.
fn decode_str(answer: &str) -> Option<String> {
    let hex = answer.strip_prefix('s').unwrap_or(answer);
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect();
    String::from_utf8(bytes?).ok()
}

fn encode_str(s: &str) -> String {
    let mut out = String::from("s");
    for b in s.bytes() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

#[cfg(test)]
mod tests;

/// With the `serde` feature, a derived profile is written as the probe's
/// answers it was derived from (and, for a reader, its version, base and
/// switches), and read back by deriving again from those answers: a file
/// written by `urlsyntax profile derive PATH` answers as that interpreter.
#[cfg(feature = "serde")]
mod serde_form {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// The name of the form, so a reader can tell it from other JSON.
    const FORMAT: &str = "urlsyntax-derived-profile/1";

    #[derive(Serialize, Deserialize)]
    struct Form {
        format: String,
        #[serde(default)]
        label: String,
        #[serde(default)]
        version: String,
        #[serde(default)]
        base: String,
        #[serde(default)]
        switches: Vec<String>,
        answers: BTreeMap<String, String>,
    }

    impl Serialize for DerivedProfile {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Form {
                format: FORMAT.into(),
                label: self.label(),
                version: self.version.clone(),
                base: self.base.release().into(),
                switches: self.switches.iter().map(|s| s.to_string()).collect(),
                answers: self.answers.clone(),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for DerivedProfile {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DerivedProfile, D::Error> {
            let form = Form::deserialize(d)?;
            if form.format != FORMAT {
                return Err(serde::de::Error::custom(format!(
                    "not a derived profile of this form: format {:?}, expected {FORMAT:?}",
                    form.format
                )));
            }
            DerivedProfile::from_answers(form.answers).map_err(serde::de::Error::custom)
        }
    }
}

//! One field of `urllib.parse.urlsplit` (or `urlparse`) of one URL, as
//! `urlsyntax.arrow.urlsplit`'s struct holds it: the pure half of the
//! JVM face, tested without a JVM.

use std::borrow::Cow;
use std::sync::{Mutex, OnceLock};

use urlsyntax::urllib::{DerivedProfile, Profile, Urllib};
use urlsyntax_fields::{self as fields, Field, SplitFunction};

/// What a split answers under: the profile, `urlsplit` or `urlparse`,
/// and its two arguments.
#[derive(Debug)]
pub struct Options {
    text: String,
    urllib: Urllib,
    function: SplitFunction,
    allow_fragments: bool,
    scheme: String,
}

impl Options {
    /// Reads `"<split|parse>\t<release>\t<1|0>\t<scheme>"` (the release
    /// as `"3.13"` or `"3.13.0"`, or `derived;` and the driver's probe
    /// answers joined by `;`: the profile derived from the driver's
    /// interpreter; `1`: fragments allowed; the scheme last, so that it
    /// may hold any character).
    pub fn parse(text: &str) -> Result<Options, String> {
        let bad = || {
            format!("urlsyntax: options {text:?} are not \"<split|parse>\\t<release>\\t<1|0>\\t<scheme>\"")
        };
        let mut parts = text.splitn(4, '\t');
        let function = match parts.next() {
            Some("split") => SplitFunction::Urlsplit,
            Some("parse") => SplitFunction::Urlparse,
            _ => return Err(bad()),
        };
        let release = parts.next().ok_or_else(bad)?;
        let urllib = match release.strip_prefix("derived;") {
            Some(answers) => DerivedProfile::derive(&answers.replace(';', "\n"))
                .map(|d| Urllib::of(d.behaviour()))
                .map_err(|e| format!("urlsyntax: the driver's derived profile: {e}"))?,
            None => Urllib::new(
                Profile::from_version(release)
                    .ok_or_else(|| format!("urlsyntax: no profile for CPython {release:?}"))?,
            ),
        };
        let allow_fragments = match parts.next() {
            Some("1") => true,
            Some("0") => false,
            _ => return Err(bad()),
        };
        let scheme = parts.next().ok_or_else(bad)?.to_owned();
        Ok(Options {
            text: text.to_owned(),
            urllib,
            function,
            allow_fragments,
            scheme,
        })
    }
}

/// How many option sets one JVM may open: a job opens one a distinct
/// `with_urlsplit` call, so this is far beyond any real job.
pub const MAX_CONTEXTS: usize = 256;

/// The option sets opened so far, each at its handle: read on every row
/// without a lock, written once a slot.
static CONTEXTS: [OnceLock<Options>; MAX_CONTEXTS] = [const { OnceLock::new() }; MAX_CONTEXTS];
static OPENING: Mutex<()> = Mutex::new(());

/// The handle of the option set `text`: the one opened before for the
/// same text, or a new one.
pub fn open(text: &str) -> Result<i32, String> {
    // A poisoned lock only means another opener panicked; the slots are
    // still whole (each is set once, or not at all).
    let _opening = OPENING.lock().unwrap_or_else(|p| p.into_inner());
    for (handle, slot) in CONTEXTS.iter().enumerate() {
        match slot.get() {
            Some(o) if o.text == text => return Ok(handle as i32),
            Some(_) => continue,
            None => {
                let options = Options::parse(text)?;
                let options = slot.get_or_init(|| options);
                debug_assert_eq!(options.text, text);
                return Ok(handle as i32);
            }
        }
    }
    Err(format!(
        "urlsyntax: more than {MAX_CONTEXTS} option sets opened in one JVM"
    ))
}

/// The option set of `handle`.
pub fn context(handle: i32) -> Result<&'static Options, String> {
    usize::try_from(handle)
        .ok()
        .and_then(|h| CONTEXTS.get(h))
        .and_then(OnceLock::get)
        .ok_or_else(|| format!("urlsyntax: no option set {handle} is open"))
}

/// Field number `field` of `url` split under `options`, numbered as the
/// library's [`Field::ALL`] (as `urlsyntax.spark` and the Java class
/// `org.urlsyntax.spark.UrlField` number them; `params` only in
/// `urlparse`'s struct):
/// `None` where the struct holds null. Only that field is read: a query
/// that reads the hostname alone pays for no other.
pub fn field(options: &Options, url: &str, field: i32) -> Result<Option<String>, String> {
    let field = usize::try_from(field)
        .ok()
        .and_then(Field::numbered)
        .filter(|f| options.function.has(*f))
        .ok_or_else(|| format!("urlsyntax: no field {field} in the struct"))?;
    let (scheme, fragments) = (options.scheme.as_str(), options.allow_fragments);
    let row = options
        .function
        .call(&options.urllib, url, scheme, fragments);
    Ok(fields::value_in(&row, url, field)
        .into_text()
        .map(Cow::into_owned))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(options: &str, url: &str) -> Vec<Option<String>> {
        let options = Options::parse(options).expect("options");
        let params = options.function == SplitFunction::Urlparse;
        (0..11)
            .filter(|n| params || *n != 3)
            .map(|n| field(&options, url, n).expect("a field"))
            .collect()
    }

    /// The driver's derived profile travels in the options: 3.13.0 with
    /// the bracket check of 3.13.2+ refuses what 3.13.0 splits.
    #[test]
    fn a_derived_profile_travels_in_the_options() {
        let recorded = DerivedProfile::recorded_answers(Profile::Py3_13_0)
            .unwrap()
            .replace(
                "check_bracketed_netloc=[s68747470,s7072656669782e5b3a3a315d,s2f,s,s]",
                "check_bracketed_netloc=!ValueError",
            );
        let derived = format!(
            "split\tderived;{}\t1\t",
            recorded.trim_end().replace('\n', ";")
        );
        let url = "http://prefix.[::1]/";
        let error = |o: &str| answers(o, url)[9].clone();
        assert_eq!(
            error(&derived).as_deref(),
            Some("ValueError: Invalid IPv6 URL")
        );
        assert_eq!(error("split\t3.13.0\t1\t"), None);
        assert!(Options::parse("split\tderived;junk\t1\t")
            .unwrap_err()
            .contains("derived profile"));
    }

    fn some(texts: &[&str]) -> Vec<Option<String>> {
        texts.iter().map(|t| Some(t.to_string())).collect()
    }

    #[test]
    fn each_field_of_a_split() {
        // The five components, username, password, hostname, port; no error.
        let fields = "http|U:P@Example.COM:8080|/p;q|x|f|U|P|example.com|8080";
        let mut want = some(&fields.split('|').collect::<Vec<_>>());
        want.push(None);
        assert_eq!(
            answers("split\t3.13\t1\t", "http://U:P@Example.COM:8080/p;q?x#f"),
            want
        );
    }

    #[test]
    fn each_field_of_a_parse_and_the_options() {
        let got = answers("parse\t3.9.18\t0\tftp", "//h/p;q?x#f");
        // Fragments not allowed: "#f" stays in the query.
        let mut want = some(&["ftp", "h", "/p", "q", "x#f", "", "", "", "h"]);
        want[6] = None;
        want[7] = None;
        want.extend([None, None]);
        assert_eq!(got, want);
    }

    #[test]
    fn a_split_that_raised_has_only_its_error() {
        let mut want = vec![None; 9];
        want.push(Some("ValueError: Invalid IPv6 URL".into()));
        assert_eq!(answers("split\t3.13\t1\t", "http://[::1"), want);
    }

    #[test]
    fn a_port_that_raised_keeps_the_split() {
        let got = answers("split\t3.13\t1\t", "http://h:99999/");
        assert_eq!(got[0].as_deref(), Some("http"));
        assert_eq!(got[7].as_deref(), Some("h"));
        assert_eq!(got[8], None);
        assert_eq!(
            got[9].as_deref(),
            Some("ValueError: Port out of range 0-65535")
        );
    }

    #[test]
    fn bad_options_fields_and_handles_are_errors() {
        assert!(Options::parse("split\t2.7\t1\t")
            .unwrap_err()
            .contains("no profile for CPython \"2.7\""));
        assert!(Options::parse("cut\t3.13\t1\t").is_err());
        assert!(Options::parse("split\t3.13\tyes\t").is_err());
        assert!(Options::parse("split\t3.13\t1").is_err());
        let split = Options::parse("split\t3.13\t1\t").expect("options");
        assert!(field(&split, "http://h/", 3)
            .unwrap_err()
            .contains("no field 3"));
        assert!(field(&split, "http://h/", 11).is_err());
        assert!(field(&split, "http://h/", -1).is_err());
        assert!(context(-1).is_err());
        assert!(context(MAX_CONTEXTS as i32).is_err());
    }

    #[test]
    fn the_numbers_are_the_positions_of_urlparse_s_struct() {
        // `urlsyntax.spark` numbers the fields by `_native._split_fields`,
        // which is `SplitFunction::Urlparse.fields()`.
        let struct_fields = SplitFunction::Urlparse.fields();
        for (n, f) in struct_fields.iter().enumerate() {
            assert_eq!(Field::numbered(n), Some(*f));
        }
        assert_eq!(Field::numbered(struct_fields.len()), None);
    }

    #[test]
    fn an_option_set_is_opened_once() {
        let first = open("split\t3.12\t1\t\tany\tcharacter").expect("open");
        assert_eq!(open("split\t3.12\t1\t\tany\tcharacter"), Ok(first));
        let other = open("parse\t3.12\t1\t").expect("open");
        assert_ne!(first, other);
        assert_eq!(
            context(first).map(|o| o.scheme.as_str()),
            Ok("\tany\tcharacter")
        );
        assert!(open("split\t1.0\t1\t").is_err());
    }
}

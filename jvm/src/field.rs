//! One field of `urllib.parse.urlsplit` (or `urlparse`) of one URL, as
//! `urlsyntax.arrow.urlsplit`'s struct holds it: the pure half of the
//! JVM face, tested without a JVM.

use std::sync::{Mutex, OnceLock};

use urlsyntax::urllib::{Error, ParseResult, Profile, SplitResult, Urllib};

/// The fields of the struct, numbered as `urlsyntax.spark` and the Java
/// class `org.urlsyntax.spark.UrlField` number them.
pub const FIELDS: [&str; 11] = [
    "scheme", "netloc", "path", "params", "query", "fragment", "username", "password", "hostname",
    "port", "error",
];

/// What a split answers under: the profile, `urlsplit` or `urlparse`,
/// and its two arguments.
#[derive(Debug)]
pub struct Options {
    text: String,
    urllib: Urllib,
    params: bool,
    allow_fragments: bool,
    scheme: String,
}

impl Options {
    /// Reads `"<split|parse>\t<release>\t<1|0>\t<scheme>"` (the release
    /// as `"3.13"` or `"3.13.0"`; `1`: fragments allowed; the scheme last,
    /// so that it may hold any character).
    pub fn parse(text: &str) -> Result<Options, String> {
        let bad = || {
            format!("urlsyntax: options {text:?} are not \"<split|parse>\\t<release>\\t<1|0>\\t<scheme>\"")
        };
        let mut parts = text.splitn(4, '\t');
        let params = match parts.next() {
            Some("split") => false,
            Some("parse") => true,
            _ => return Err(bad()),
        };
        let release = parts.next().ok_or_else(bad)?;
        let profile = Profile::from_version(release)
            .ok_or_else(|| format!("urlsyntax: no profile for CPython {release:?}"))?;
        let allow_fragments = match parts.next() {
            Some("1") => true,
            Some("0") => false,
            _ => return Err(bad()),
        };
        let scheme = parts.next().ok_or_else(bad)?.to_owned();
        Ok(Options {
            text: text.to_owned(),
            urllib: Urllib::new(profile),
            params,
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

/// A field of the struct, numbered as [`FIELDS`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Scheme,
    Netloc,
    Path,
    Params,
    Query,
    Fragment,
    Username,
    Password,
    Hostname,
    Port,
    Error,
}

impl Field {
    const ALL: [Field; 11] = [
        Field::Scheme,
        Field::Netloc,
        Field::Path,
        Field::Params,
        Field::Query,
        Field::Fragment,
        Field::Username,
        Field::Password,
        Field::Hostname,
        Field::Port,
        Field::Error,
    ];

    /// Field number `n`; `params` only in `urlparse`'s struct.
    fn numbered(n: i32, params: bool) -> Result<Field, String> {
        usize::try_from(n)
            .ok()
            .and_then(|n| Field::ALL.get(n).copied())
            .filter(|f| params || *f != Field::Params)
            .ok_or_else(|| format!("urlsyntax: no field {n} in the struct"))
    }
}

/// One URL's `urlsplit` or `urlparse`.
enum Row<'a> {
    Split(SplitResult<'a>),
    Parse(ParseResult<'a>),
}

impl Options {
    fn split<'a>(&'a self, url: &'a str) -> Result<Row<'a>, Error> {
        let (scheme, fragments) = (self.scheme.as_str(), self.allow_fragments);
        if self.params {
            self.urllib.urlparse(url, scheme, fragments).map(Row::Parse)
        } else {
            self.urllib.urlsplit(url, scheme, fragments).map(Row::Split)
        }
    }
}

/// `ValueError: <CPython's message>`, as the `error` field words it.
fn error_text(e: &Error) -> String {
    format!("{}: {e}", e.exception().name())
}

/// Field number `field` (of [`FIELDS`]) of `url` split under `options`:
/// `None` where the struct holds null. Only that field is read: a query
/// that reads the hostname alone pays for no other.
pub fn field(options: &Options, url: &str, field: i32) -> Result<Option<String>, String> {
    let field = Field::numbered(field, options.params)?;
    let row = match options.split(url) {
        Ok(row) => row,
        // `urlsplit` itself raised: every field but `error` is null.
        Err(e) => return Ok((field == Field::Error).then(|| error_text(&e))),
    };
    macro_rules! read {
        ($r:ident) => {
            match field {
                Field::Scheme => Some($r.scheme.to_string()),
                Field::Netloc => Some($r.netloc.to_string()),
                Field::Path => Some($r.path.to_string()),
                Field::Query => Some($r.query.to_string()),
                Field::Fragment => Some($r.fragment.to_string()),
                Field::Username => $r.username().map(str::to_owned),
                Field::Password => $r.password().map(str::to_owned),
                Field::Hostname => $r.hostname().map(|h| h.into_owned()),
                Field::Port => $r.port().ok().flatten().map(|p| p.to_string()),
                // `port` is the one attribute that raises.
                Field::Error => $r.port().err().map(|e| error_text(&e)),
                Field::Params => None,
            }
        };
    }
    Ok(match &row {
        Row::Parse(r) if field == Field::Params => Some(r.params.to_string()),
        Row::Parse(r) => read!(r),
        Row::Split(r) => read!(r),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(options: &str, url: &str) -> Vec<Option<String>> {
        let options = Options::parse(options).expect("options");
        let count = if options.params { 11 } else { 10 };
        let numbers = (0..11).filter(|n| options.params || *n != 3).take(count);
        numbers
            .map(|n| field(&options, url, n).expect("a field"))
            .collect()
    }

    fn some(texts: &[&str]) -> Vec<Option<String>> {
        texts.iter().map(|t| Some(t.to_string())).collect()
    }

    #[test]
    fn each_field_of_a_split() {
        let mut want = some(&[
            "http",
            "U:P@Example.COM:8080",
            "/p;q",
            "x",
            "f",
            "U",
            "P",
            "example.com",
            "8080",
        ]);
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

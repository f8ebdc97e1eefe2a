//! A new user's small programs against the crate: the standard traits,
//! the custom-scheme route of both faces, query pairs and (with the
//! `serde` feature) serialization, each as it would be written.

use std::collections::{HashMap, HashSet};
use std::error::Error as StdError;

use urlsyntax::neturl::{self, Component, Encoding, ParseOptions, Parts, SchemeTable, Url};
use urlsyntax::urllib::{self, Profile, SchemeClass, SplitResult, Urllib};

#[test]
fn profiles_and_urls_parse_with_from_str_and_try_from() -> Result<(), Box<dyn StdError>> {
    // A minor version is its line's newest profile; an exact one, itself.
    let profile: Profile = "3.9".parse()?;
    assert_eq!(profile, Profile::Py3_9_25); // 3.9's line has ended
    let newest_3_12 = Profile::ALL
        .into_iter()
        .filter(|p| p.minor() == "3.12")
        .max();
    assert_eq!(Some("3.12".parse::<Profile>()?), newest_3_12);
    assert_eq!("3.12.1".parse::<Profile>()?, Profile::Py3_12_1);
    assert_eq!(Profile::try_from("3.9.18")?, Profile::Py3_9_18);
    for p in Profile::ALL {
        assert_eq!(p.to_string().parse::<Profile>()?, p);
        assert_eq!(p.release().parse::<Profile>()?, p);
        assert_eq!(p.minor().parse::<Profile>()?.minor(), p.minor());
    }
    let err = "3.5".parse::<Profile>().unwrap_err();
    assert!(err.to_string().contains("\"3.5\""), "{err}");
    assert!(err.to_string().contains("3.13.0"), "{err}");
    assert!(err.to_string().contains("3.15.2"), "{err}");

    let url: Url = "http://user@host:8080/a/b?q".parse()?;
    assert_eq!(url, Url::try_from("http://user@host:8080/a/b?q")?);
    assert_eq!(url.host(), Some("host"));
    assert_eq!(url.port(), Some(8080));
    assert_eq!(url.fragment(), None);
    assert!("http://host:99999/".parse::<Url>().is_err());
    Ok(())
}

#[test]
fn urls_are_keys_and_text() -> Result<(), neturl::Error> {
    let a: Url = "http://h/a".parse()?;
    let b: Url = "http://h/b".parse()?;
    let mut seen = HashSet::new();
    assert!(seen.insert(a.clone()));
    assert!(!seen.insert("http://h/a".parse()?));
    assert!(seen.insert(b.clone()));
    let mut hits: HashMap<Url, u32> = HashMap::new();
    *hits.entry(a.clone()).or_default() += 1;
    *hits.entry(a.clone()).or_default() += 1;
    assert_eq!(hits[&a], 2);

    fn len_of(s: impl AsRef<str>) -> usize {
        s.as_ref().len()
    }
    assert_eq!(len_of(&a), "http://h/a".len());
    assert_eq!(format!("<{b}>"), "<http://h/b>");
    let owned: String = b.into();
    assert_eq!(owned, "http://h/b");
    Ok(())
}

#[test]
fn urllib_results_compare_hash_and_print() -> Result<(), urllib::Error> {
    let r = urllib::urlsplit("HTTP://Example.com:81/p?q#f")?;
    assert_eq!(r, urllib::urlsplit("http://Example.com:81/p?q#f")?);
    let set: HashSet<SplitResult<'_>> = [r.clone(), r.clone()].into();
    assert_eq!(set.len(), 1);
    assert_eq!(r.to_string(), "http://Example.com:81/p?q#f");
    assert_eq!(
        urllib::urlparse("http://a/b;p")?.to_string(),
        "http://a/b;p"
    );
    assert_eq!(
        urllib::urldefrag("http://a/b#x")?.to_string(),
        "http://a/b#x"
    );
    Ok(())
}

/// Absent parts are `None`, so `?` works in a function returning `Option`.
#[test]
fn absent_neturl_parts_are_none() {
    fn host_and_port(s: &str) -> Option<(String, u16)> {
        let url: Url = s.parse().ok()?;
        Some((url.host()?.to_owned(), url.port()?))
    }
    assert_eq!(host_and_port("http://h:81/"), Some(("h".into(), 81)));
    assert_eq!(host_and_port("http://h/"), None);
    let url: Url = "http://h/".parse().unwrap();
    assert_eq!(
        url.url_port(),
        Err(neturl::Error::NotFound {
            part: Component::Port
        })
    );
}

#[test]
fn custom_schemes_on_both_faces() -> Result<(), Box<dyn StdError>> {
    // Neturl: a line of the scheme-table notation.
    let mut table = SchemeTable::common().clone();
    table.extend("git+ssh  scheme user host port? path relative")?;
    let opts = ParseOptions {
        schemes: Some(&table),
        ..ParseOptions::default()
    };
    let url = neturl::parse_url("git+ssh://git@example.com:2222/repo.git", &opts)?;
    assert_eq!((url.user(), url.port()), (Some("git"), Some(2222)));
    // Neturl's scheme names hold no digits: `s3` is refused up front,
    // with the reason, rather than failing every later parse.
    let err = table.extend("s3  scheme host path?").unwrap_err();
    assert!(err.to_string().contains("\"s3\" can never match"), "{err}");
    assert!(err.to_string().contains("no digits"), "{err}");
    assert!(table.get("s3").is_none());

    // urllib: scheme classes extended for one context.
    let s3 = Urllib::default()
        .with_scheme(SchemeClass::UsesRelative, "s3")
        .with_scheme(SchemeClass::UsesNetloc, "s3");
    assert_eq!(s3.urljoin("s3://bucket/a/b", "c", true)?, "s3://bucket/a/c");
    // The plain functions keep CPython's own classes.
    assert_eq!(urllib::urljoin("s3://bucket/a/b", "c")?, "c");
    Ok(())
}

#[test]
fn a_url_with_a_decoded_query_in_one_module() -> Result<(), neturl::Error> {
    let http = SchemeTable::common().get("http").unwrap();
    let parts = Parts {
        scheme: Some("http".into()),
        host: Some("example.com".into()),
        path: Some(vec!["".into(), "search".into()]),
        ..Parts::default()
    };
    let url = Url::build(http, &parts, Encoding::Decoded)?
        .with_query_pairs([("q", "rust & c=1"), ("page", "2")])?;
    assert_eq!(
        url.as_str(),
        "http://example.com/search?q=rust+%26+c%3D1&page=2"
    );
    let pairs = url.query_pairs();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0], (b"q".to_vec(), b"rust & c=1".to_vec()));
    assert_eq!(pairs[1], (b"page".to_vec(), b"2".to_vec()));
    let cleared = url.with_query_pairs(Vec::<(&str, &str)>::new())?;
    assert_eq!(cleared.query(), None);
    // A syntax without queries refuses them.
    let ftp: Url = "ftp://h/f".parse()?;
    assert!(ftp.with_query_pairs([("a", "b")]).is_err());
    Ok(())
}

/// Errors of both faces mix under `?` and print as sentences.
#[test]
fn errors_read_well_through_question_mark() {
    fn run(url: &str) -> Result<u16, Box<dyn StdError>> {
        let port = urllib::urlsplit(url)?.port()?.unwrap_or(80);
        let checked: Url = url.parse()?;
        Ok(checked.port().unwrap_or(port))
    }
    assert_eq!(run("http://h:81/").unwrap(), 81);
    assert_eq!(
        run("http://h:99999/").unwrap_err().to_string(),
        "Port out of range 0-65535"
    );
    assert_eq!(
        run("http://[::1/").unwrap_err().to_string(),
        "Invalid IPv6 URL"
    );
    let neturl_err = run("http://h/a b").unwrap_err().to_string();
    assert!(neturl_err.starts_with("malformed URL: "), "{neturl_err}");
    // `?` in `main` prints `Debug`: the exception's class and message, as
    // the last line of a traceback reads.
    let e = urllib::urlsplit("http://h:x/").unwrap().port().unwrap_err();
    assert_eq!(
        format!("{e:?}"),
        "ValueError: Port could not be cast to integer value as 'x'"
    );
    let e = "http://h/a b".parse::<Url>().unwrap_err();
    assert_eq!(format!("{e:?}"), format!("Malformed_URL: {e}"));
}

#[cfg(feature = "serde")]
mod serde_feature {
    use super::*;

    #[test]
    fn results_profiles_urls_and_errors_serialize() -> Result<(), Box<dyn StdError>> {
        let r = urllib::urlsplit("http://a:1/b?c#d")?;
        let json = serde_json::to_string(&r)?;
        // The default profile, by its release name.
        assert_eq!(
            json,
            format!(
                r#"{{"scheme":"http","netloc":"a:1","path":"/b","query":"c","fragment":"d","profile":"{}"}}"#,
                Profile::default().release()
            )
        );
        let back: SplitResult<'static> = serde_json::from_str(&json)?;
        assert_eq!(back, r);

        let old = Urllib::new(Profile::Py3_9_18).urlparse("http://a/b;p", "", true)?;
        let back: urllib::ParseResult<'static> =
            serde_json::from_str(&serde_json::to_string(&old)?)?;
        assert_eq!(back, old);

        assert_eq!(serde_json::to_string(&Profile::Py3_11_7)?, r#""3.11.7""#);
        // A minor version names its line's newest.
        assert_eq!(
            serde_json::from_str::<Profile>(r#""3.10""#)?,
            Profile::Py3_10_22
        );
        assert_eq!(
            serde_json::from_str::<Profile>(r#""3.10.13""#)?,
            Profile::Py3_10_13
        );
        assert!(serde_json::from_str::<Profile>(r#""2.7""#).is_err());

        let url: Url = "http://h/a?b".parse()?;
        assert_eq!(serde_json::to_string(&url)?, r#""http://h/a?b""#);
        assert_eq!(serde_json::from_str::<Url>(r#""http://h/a?b""#)?, url);
        assert!(serde_json::from_str::<Url>(r#""http://h:99999/""#).is_err());

        let e = urllib::urlsplit("http://h:x/")?.port().unwrap_err();
        let back: urllib::Error = serde_json::from_str(&serde_json::to_string(&e)?)?;
        assert_eq!(back, e);
        let ne = "http://h:99999/".parse::<Url>().unwrap_err();
        let v: serde_json::Value = serde_json::to_value(&ne)?;
        assert_eq!(v["Malformed"]["part"], "Port");
        Ok(())
    }
}

//! The standard traits of [`Url`]: parsing (`FromStr`, `TryFrom<&str>`),
//! comparison and hashing by the printed form, and conversions to text.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use super::{parse_url, Error, ParseOptions, Url};

/// `parse_url` with the default options (the common scheme table, no base
/// syntax, no fragments unless the scheme has them).
///
/// ```
/// use urlsyntax_neturl::Url;
/// let url: Url = "http://user@host:8080/a/b?q".parse()?;
/// assert_eq!(url.port(), Some(8080));
/// assert!("http://host:99999/".parse::<Url>().is_err());
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
impl FromStr for Url {
    type Err = Error;
    fn from_str(s: &str) -> Result<Url, Error> {
        parse_url(s, &ParseOptions::default())
    }
}

/// As [`Url::from_str`](FromStr::from_str).
///
/// ```
/// use urlsyntax_neturl::Url;
/// let url = Url::try_from("mailto:a@example.org")?;
/// assert_eq!(url.other(), Some("a@example.org"));
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
impl TryFrom<&str> for Url {
    type Error = Error;
    fn try_from(s: &str) -> Result<Url, Error> {
        s.parse()
    }
}

/// Two URLs are equal when they print the same (`string_of_url`): the
/// parts of a printed URL are fixed by its text, as in rust-url. The
/// syntax descriptors are not compared (they may hold a closure).
///
/// ```
/// use std::collections::HashSet;
/// use urlsyntax_neturl::Url;
/// let a: Url = "http://h/a".parse()?;
/// let b = Url::try_from("http://h/a")?;
/// assert_eq!(a, b);
/// assert_ne!(a, "http://h/b".parse()?);
/// assert_eq!(HashSet::from([a, b]).len(), 1);
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Url {}

/// Hashes the printed form, as [`PartialEq`] compares it.
impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// The printed form (`string_of_url`).
///
/// ```
/// use urlsyntax_neturl::Url;
/// let url: Url = "http://h/a".parse()?;
/// fn takes_text(s: impl AsRef<str>) -> usize { s.as_ref().len() }
/// assert_eq!(takes_text(&url), 10);
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// `string_of_url`, owned.
///
/// ```
/// use urlsyntax_neturl::Url;
/// let url: Url = "http://h/a".parse()?;
/// assert_eq!(String::from(url), "http://h/a");
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
impl From<Url> for String {
    fn from(url: Url) -> String {
        url.as_str().to_owned()
    }
}

/// `string_of_url`.
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// With the `serde` feature, a URL is its printed form, and is read back
/// as [`Url::from_str`](FromStr::from_str) reads it (the common scheme
/// table): a URL of a custom syntax does not deserialize.
#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Url, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

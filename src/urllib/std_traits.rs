//! The standard traits of the CPython face's types: [`Profile`] parsed
//! from a version (`FromStr`, `TryFrom<&str>`), and the result types
//! printed as their `geturl()` (`Display`).

use std::fmt;
use std::str::FromStr;

use super::{DefragResult, ParseResult, Profile, SplitResult};

/// A version that names no [`Profile`] of this crate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownProfile {
    /// The text given.
    pub version: String,
}

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no CPython profile for {:?} (known releases: ",
            self.version
        )?;
        for (i, p) in Profile::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{}", p.release())?;
        }
        f.write_str("; a minor version such as 3.13 names its line's newest)")
    }
}

impl std::error::Error for UnknownProfile {}

/// A minor version (`"3.12"`: its line's newest profile), an exact
/// release (`"3.12.1"`), or the `Display` form (`"CPython 3.12.1"`),
/// through [`Profile::from_version`].
///
/// ```
/// use urlsyntax::urllib::Profile;
/// assert_eq!("3.9".parse::<Profile>()?, Profile::Py3_9_25); // the line's last
/// assert_eq!("3.12.1".parse::<Profile>()?, Profile::Py3_12_1);
/// assert_eq!(Profile::try_from("3.9.18")?, Profile::Py3_9_18);
/// assert_eq!(Profile::Py3_10_13.to_string().parse::<Profile>()?, Profile::Py3_10_13);
/// let err = "2.7".parse::<Profile>().unwrap_err();
/// assert!(err.to_string().starts_with("no CPython profile for \"2.7\""));
/// # Ok::<(), urlsyntax::urllib::UnknownProfile>(())
/// ```
impl FromStr for Profile {
    type Err = UnknownProfile;
    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        let version = s.trim();
        let version = version.strip_prefix("CPython ").unwrap_or(version);
        Profile::from_version(version).ok_or_else(|| UnknownProfile {
            version: s.to_owned(),
        })
    }
}

/// As [`Profile::from_str`](FromStr::from_str).
impl TryFrom<&str> for Profile {
    type Error = UnknownProfile;
    fn try_from(s: &str) -> Result<Profile, UnknownProfile> {
        s.parse()
    }
}

/// `geturl()`.
///
/// ```
/// let r = urlsyntax::urllib::urlsplit("HTTP://a/b?q#f")?;
/// assert_eq!(r.to_string(), "http://a/b?q#f");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
impl fmt::Display for SplitResult<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.geturl())
    }
}

/// `geturl()`.
///
/// ```
/// let r = urlsyntax::urllib::urlparse("http://a/b;p?q")?;
/// assert_eq!(r.to_string(), "http://a/b;p?q");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
impl fmt::Display for ParseResult<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.geturl())
    }
}

/// `geturl()`.
///
/// ```
/// let r = urlsyntax::urllib::urldefrag("http://a/b#f")?;
/// assert_eq!(r.to_string(), "http://a/b#f");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
impl fmt::Display for DefragResult<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.geturl())
    }
}

/// With the `serde` feature, a profile is its release, `"3.13.0"`, and is
/// read back from any form [`Profile::from_str`](FromStr::from_str) takes.
#[cfg(feature = "serde")]
impl serde::Serialize for Profile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.release())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Profile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

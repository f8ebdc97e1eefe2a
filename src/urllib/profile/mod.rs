//! Behaviour profiles: one per CPython release this crate reproduces.
//!
//! Every behavioural difference between the releases' `urllib/parse.py`
//! lives in exactly one field of [`Quirks`]; the functions read the field,
//! never the version. `docs/profiles.md` lists each difference, the
//! releases it separates and the test that pins it.

mod behaviour;
mod fix;
mod quirks;
mod releases;

pub use behaviour::Behaviour;

/// A profile and the quirks a [`Behaviour`] of it answers with, at one
/// address (a profile's own in [`Profile::named`], others kept by
/// [`Behaviour::with_quirks`]).
pub(crate) struct Named {
    pub(crate) profile: Profile,
    pub(crate) quirks: Quirks,
}
pub use fix::Fix;
pub use quirks::{PortRule, QslRule, Quirks, UnsplitRule};
use releases::*;

/// A CPython release whose `urllib.parse` answers are reproduced.
///
/// Most profiles are *verified*: every differential suite holds them to
/// that release's own interpreter. The last patch release of each line
/// that cannot be run here (3.7.17, 3.8.20, 3.9.25, 3.10.22, 3.11.18,
/// 3.12.16, and 3.11.17 and 3.12.15 before them) is *composed*: its line's verified release plus the fixes its
/// changelog lists ([`Profile::composed_from`]), each of them verified on
/// an interpreter that has it. A minor version names the newest profile of
/// its line (`"3.12"` is 3.12.15); the default is the newest stable
/// release, 3.15.2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Profile {
    /// CPython 3.6.15 (verified; the last of its line)
    Py3_6_15,
    /// CPython 3.7.16 (verified)
    Py3_7_16,
    /// CPython 3.7.17 (composed: 3.7.16 and its fixes)
    Py3_7_17,
    /// CPython 3.8.18 (verified)
    Py3_8_18,
    /// CPython 3.8.20 (composed: 3.8.18 and its fixes)
    Py3_8_20,
    /// CPython 3.9.18 (verified)
    Py3_9_18,
    /// CPython 3.9.25 (composed: 3.9.18 and its fixes)
    Py3_9_25,
    /// CPython 3.10.13 (verified)
    Py3_10_13,
    /// CPython 3.10.22 (composed: 3.10.13 and its fixes)
    Py3_10_22,
    /// CPython 3.11.7 (verified)
    Py3_11_7,
    /// CPython 3.11.17 (composed: 3.11.7 and its fixes)
    Py3_11_17,
    /// CPython 3.11.18 (composed: as 3.11.17, whose changelog adds no
    /// `urllib.parse` or codec change)
    Py3_11_18,
    /// CPython 3.12.1 (verified)
    Py3_12_1,
    /// CPython 3.12.15 (composed: 3.12.1 and its fixes)
    Py3_12_15,
    /// CPython 3.12.16 (composed: as 3.12.15, whose changelog adds no
    /// `urllib.parse` or codec change)
    Py3_12_16,
    /// CPython 3.13.0 (verified)
    Py3_13_0,
    /// CPython 3.13.18 (verified)
    Py3_13_18,
    /// CPython 3.14.10 (verified)
    Py3_14_10,
    /// CPython 3.15.2 (verified; the default)
    #[default]
    Py3_15_2,
}

impl Profile {
    /// Every profile, oldest first.
    pub const ALL: [Profile; 19] = [
        Profile::Py3_6_15,
        Profile::Py3_7_16,
        Profile::Py3_7_17,
        Profile::Py3_8_18,
        Profile::Py3_8_20,
        Profile::Py3_9_18,
        Profile::Py3_9_25,
        Profile::Py3_10_13,
        Profile::Py3_10_22,
        Profile::Py3_11_7,
        Profile::Py3_11_17,
        Profile::Py3_11_18,
        Profile::Py3_12_1,
        Profile::Py3_12_15,
        Profile::Py3_12_16,
        Profile::Py3_13_0,
        Profile::Py3_13_18,
        Profile::Py3_14_10,
        Profile::Py3_15_2,
    ];

    /// The profiles verified against their own interpreter, oldest first.
    pub const VERIFIED: [Profile; 11] = [
        Profile::Py3_6_15,
        Profile::Py3_7_16,
        Profile::Py3_8_18,
        Profile::Py3_9_18,
        Profile::Py3_10_13,
        Profile::Py3_11_7,
        Profile::Py3_12_1,
        Profile::Py3_13_0,
        Profile::Py3_13_18,
        Profile::Py3_14_10,
        Profile::Py3_15_2,
    ];

    /// The exact release, e.g. `"3.13.0"`.
    pub fn release(self) -> &'static str {
        match self {
            Profile::Py3_6_15 => "3.6.15",
            Profile::Py3_7_16 => "3.7.16",
            Profile::Py3_7_17 => "3.7.17",
            Profile::Py3_8_18 => "3.8.18",
            Profile::Py3_8_20 => "3.8.20",
            Profile::Py3_9_18 => "3.9.18",
            Profile::Py3_9_25 => "3.9.25",
            Profile::Py3_10_13 => "3.10.13",
            Profile::Py3_10_22 => "3.10.22",
            Profile::Py3_11_7 => "3.11.7",
            Profile::Py3_11_17 => "3.11.17",
            Profile::Py3_11_18 => "3.11.18",
            Profile::Py3_12_1 => "3.12.1",
            Profile::Py3_12_15 => "3.12.15",
            Profile::Py3_12_16 => "3.12.16",
            Profile::Py3_13_0 => "3.13.0",
            Profile::Py3_13_18 => "3.13.18",
            Profile::Py3_14_10 => "3.14.10",
            Profile::Py3_15_2 => "3.15.2",
        }
    }

    /// The minor version, e.g. `"3.13"`.
    pub fn minor(self) -> &'static str {
        let r = self.release();
        &r[..r.rfind('.').unwrap_or(r.len())]
    }

    /// The profile for an exact release (`"3.13.0"`), or for a minor
    /// version (`"3.13"`): the newest profile of that line; `None` for a
    /// release this crate does not reproduce.
    ///
    /// ```
    /// use urlsyntax::urllib::Profile;
    /// assert_eq!(Profile::from_version("3.12"), Some(Profile::Py3_12_16));
    /// assert_eq!(Profile::from_version("3.12.1"), Some(Profile::Py3_12_1));
    /// assert_eq!(Profile::from_version("3.12.8"), None);
    /// ```
    pub fn from_version(version: &str) -> Option<Profile> {
        let exact = Profile::ALL.into_iter().find(|p| p.release() == version);
        exact.or_else(|| {
            Profile::ALL
                .into_iter()
                .rev()
                .find(|p| p.minor() == version)
        })
    }

    /// Whether every differential suite holds this profile to its own
    /// interpreter; `false` for a composed profile ([`Profile::composed_from`]).
    pub fn is_verified(self) -> bool {
        self.composed_from().is_none()
    }

    /// A composed profile's verified release and the fixes added to it;
    /// `None` for a verified profile.
    ///
    /// ```
    /// use urlsyntax::urllib::Profile;
    /// let (base, fixes) = Profile::Py3_12_15.composed_from().unwrap();
    /// assert_eq!(base, Profile::Py3_12_1);
    /// assert!(fixes.iter().any(|f| f.cve == Some("CVE-2025-0938")));
    /// assert!(Profile::Py3_13_18.composed_from().is_none());
    /// ```
    pub fn composed_from(self) -> Option<(Profile, &'static [Fix])> {
        match self {
            Profile::Py3_7_17 => Some((Profile::Py3_7_16, FIXES_3_7_17)),
            Profile::Py3_8_20 => Some((Profile::Py3_8_18, FIXES_3_8_20)),
            Profile::Py3_9_25 => Some((Profile::Py3_9_18, FIXES_3_9_25)),
            Profile::Py3_10_22 => Some((Profile::Py3_10_13, FIXES_3_10_22)),
            Profile::Py3_11_17 | Profile::Py3_11_18 => Some((Profile::Py3_11_7, FIXES_3_11_17)),
            Profile::Py3_12_15 | Profile::Py3_12_16 => Some((Profile::Py3_12_1, FIXES_3_12_15)),
            _ => None,
        }
    }

    /// The default profile's quirks as a constant: what the free
    /// functions decide from them is decided when compiling (their fast
    /// paths), where a read through [`Profile::named`]'s static is not.
    pub(crate) const DEFAULT_QUIRKS: &'static Quirks = &PY3_15_2;

    /// The behaviour differences this profile selects.
    #[inline]
    pub fn quirks(self) -> &'static Quirks {
        &self.named().quirks
    }

    /// This profile with its quirks, one static each, so that a
    /// [`Behaviour`] is one pointer and the same profile's is at the same
    /// address everywhere.
    #[inline]
    pub(crate) fn named(self) -> &'static Named {
        static NAMED: [Named; 19] = [
            Named {
                profile: Profile::Py3_6_15,
                quirks: PY3_6_15,
            },
            Named {
                profile: Profile::Py3_7_16,
                quirks: PY3_7_16,
            },
            Named {
                profile: Profile::Py3_7_17,
                quirks: PY3_7_17,
            },
            Named {
                profile: Profile::Py3_8_18,
                quirks: PY3_8_18,
            },
            Named {
                profile: Profile::Py3_8_20,
                quirks: PY3_8_20,
            },
            Named {
                profile: Profile::Py3_9_18,
                quirks: PY3_9_18,
            },
            Named {
                profile: Profile::Py3_9_25,
                quirks: PY3_9_25,
            },
            Named {
                profile: Profile::Py3_10_13,
                quirks: PY3_10_13,
            },
            Named {
                profile: Profile::Py3_10_22,
                quirks: PY3_10_22,
            },
            Named {
                profile: Profile::Py3_11_7,
                quirks: PY3_11_7,
            },
            Named {
                profile: Profile::Py3_11_17,
                quirks: PY3_11_17,
            },
            Named {
                profile: Profile::Py3_11_18,
                quirks: PY3_11_17,
            },
            Named {
                profile: Profile::Py3_12_1,
                quirks: PY3_12_1,
            },
            Named {
                profile: Profile::Py3_12_15,
                quirks: PY3_12_15,
            },
            Named {
                profile: Profile::Py3_12_16,
                quirks: PY3_12_15,
            },
            Named {
                profile: Profile::Py3_13_0,
                quirks: PY3_13_0,
            },
            Named {
                profile: Profile::Py3_13_18,
                quirks: PY3_13_18,
            },
            Named {
                profile: Profile::Py3_14_10,
                quirks: PY3_14_10,
            },
            Named {
                profile: Profile::Py3_15_2,
                quirks: PY3_15_2,
            },
        ];
        &NAMED[match self {
            Profile::Py3_6_15 => 0,
            Profile::Py3_7_16 => 1,
            Profile::Py3_7_17 => 2,
            Profile::Py3_8_18 => 3,
            Profile::Py3_8_20 => 4,
            Profile::Py3_9_18 => 5,
            Profile::Py3_9_25 => 6,
            Profile::Py3_10_13 => 7,
            Profile::Py3_10_22 => 8,
            Profile::Py3_11_7 => 9,
            Profile::Py3_11_17 => 10,
            Profile::Py3_11_18 => 11,
            Profile::Py3_12_1 => 12,
            Profile::Py3_12_15 => 13,
            Profile::Py3_12_16 => 14,
            Profile::Py3_13_0 => 15,
            Profile::Py3_13_18 => 16,
            Profile::Py3_14_10 => 17,
            Profile::Py3_15_2 => 18,
        }]
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CPython {}", self.release())
    }
}

#[cfg(test)]
mod tests;

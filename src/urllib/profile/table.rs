//! The named releases: the `Profile` enum, one line of the `releases!`
//! table each, and what a profile answers (its release, quirks, and for a
//! composed one the fixes it adds). A patch release whose behaviour is a
//! known composition is one line here (`docs/new-release.md`).

use super::releases::*;
use super::{Fix, Quirks};

/// A profile and the quirks a [`Behaviour`] of it answers with, at one
/// address (a profile's own in [`Profile::named`], others kept by
/// [`Behaviour::with_quirks`]).
pub(crate) struct Named {
    pub(crate) profile: Profile,
    pub(crate) quirks: Quirks,
}
/// The named releases, one line each, oldest first: the variant, the
/// release, `verified` (held to its own interpreter by every differential
/// suite) or `composed` from its line's verified release and the fixes its
/// changelog lists, and its quirks. The default is marked. A new patch
/// release whose behaviour is a known composition is one line here (and
/// its row in `docs/profiles.md`, which a test holds to this table);
/// `docs/new-release.md` is the checklist for one that brings more.
macro_rules! releases {
    (default $default:ident; $($v:ident = $rel:literal, $how:ident $(($base:ident, $fixes:ident))?, $quirks:ident;)*) => {
        /// A CPython release whose `urllib.parse` answers are reproduced.
        ///
        /// Most profiles are *verified*: every differential suite holds them to
        /// that release's own interpreter. The last patch release of each line
        /// that cannot be run here is *composed*: its line's verified release
        /// plus the fixes its changelog lists ([`Profile::composed_from`]),
        /// each of them verified on an interpreter that has it. A minor
        /// version names the newest profile of its line; the default is the
        /// newest stable release. An interpreter that is none of these (a
        /// distribution's build with its own backports) is answered through
        /// a profile derived by probing it ([`DerivedProfile`](super::DerivedProfile)).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Profile {
            $(
                #[doc = concat!("CPython ", $rel, " (", stringify!($how), ")")]
                $v,
            )*
        }

        impl Profile {
            /// The default, as a constant.
            pub(crate) const DEFAULT: Profile = Profile::$default;
        }

        impl Default for Profile {
            /// The newest stable release.
            fn default() -> Profile {
                Profile::$default
            }
        }

        /// Each profile's quirks, in the table's order.
        const QUIRKS: [Quirks; Profile::ALL.len()] = [$($quirks),*];

        /// Whether each profile is verified, in the table's order.
        const VERIFIED_FLAGS: [bool; Profile::ALL.len()] = [$(releases!(@verified $how)),*];

        impl Profile {
            /// Every profile, oldest first.
            pub const ALL: [Profile; [$(stringify!($v)),*].len()] = [$(Profile::$v),*];

            /// The exact release, e.g. `"3.13.0"`.
            pub fn release(self) -> &'static str {
                match self {
                    $(Profile::$v => $rel,)*
                }
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
                    $(Profile::$v => releases!(@composed $how $(($base, $fixes))?),)*
                }
            }

            /// This profile with its quirks, one static each, so that a
            /// [`Behaviour`] is one pointer and the same profile's is at the same
            /// address everywhere.
            #[inline]
            pub(crate) fn named(self) -> &'static Named {
                static NAMED: [Named; Profile::ALL.len()] = [
                    $(Named { profile: Profile::$v, quirks: QUIRKS[Profile::$v as usize] },)*
                ];
                // The variants are numbered in the table's order.
                &NAMED[self as usize]
            }
        }
    };
    (@verified verified) => { true };
    (@verified composed) => { false };
    (@composed verified) => { None };
    (@composed composed ($base:ident, $fixes:ident)) => { Some((Profile::$base, $fixes)) };
}

releases! {
    default Py3_15_2;
    Py3_6_15 = "3.6.15", verified, PY3_6_15;
    Py3_7_16 = "3.7.16", verified, PY3_7_16;
    Py3_7_17 = "3.7.17", composed(Py3_7_16, FIXES_3_7_17), PY3_7_17;
    Py3_8_18 = "3.8.18", verified, PY3_8_18;
    Py3_8_20 = "3.8.20", composed(Py3_8_18, FIXES_3_8_20), PY3_8_20;
    Py3_9_18 = "3.9.18", verified, PY3_9_18;
    Py3_9_25 = "3.9.25", composed(Py3_9_18, FIXES_3_9_25), PY3_9_25;
    Py3_10_13 = "3.10.13", verified, PY3_10_13;
    Py3_10_22 = "3.10.22", composed(Py3_10_13, FIXES_3_10_22), PY3_10_22;
    Py3_11_7 = "3.11.7", verified, PY3_11_7;
    Py3_11_17 = "3.11.17", composed(Py3_11_7, FIXES_3_11_17), PY3_11_17;
    // 3.11.18's changelog adds no `urllib.parse` or codec change.
    Py3_11_18 = "3.11.18", composed(Py3_11_7, FIXES_3_11_17), PY3_11_17;
    Py3_12_1 = "3.12.1", verified, PY3_12_1;
    Py3_12_15 = "3.12.15", composed(Py3_12_1, FIXES_3_12_15), PY3_12_15;
    // 3.12.16's changelog adds no `urllib.parse` or codec change.
    Py3_12_16 = "3.12.16", composed(Py3_12_1, FIXES_3_12_15), PY3_12_15;
    Py3_13_0 = "3.13.0", verified, PY3_13_0;
    Py3_13_18 = "3.13.18", verified, PY3_13_18;
    Py3_14_10 = "3.14.10", verified, PY3_14_10;
    Py3_15_2 = "3.15.2", verified, PY3_15_2;
}

/// How many profiles are verified.
const VERIFIED_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < Profile::ALL.len() {
        if VERIFIED_FLAGS[i] {
            n += 1;
        }
        i += 1;
    }
    n
};

impl Profile {
    /// The profiles verified against their own interpreter, oldest first.
    pub const VERIFIED: [Profile; VERIFIED_COUNT] = {
        let mut out = [Profile::ALL[0]; VERIFIED_COUNT];
        let (mut i, mut n) = (0, 0);
        while i < Profile::ALL.len() {
            if VERIFIED_FLAGS[i] {
                out[n] = Profile::ALL[i];
                n += 1;
            }
            i += 1;
        }
        out
    };

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

    /// The default profile's quirks as a constant: what the free
    /// functions decide from them is decided when compiling (their fast
    /// paths), where a read through [`Profile::named`]'s static is not.
    pub(crate) const DEFAULT_QUIRKS: &'static Quirks = &QUIRKS[Profile::DEFAULT as usize];

    /// The behaviour differences this profile selects.
    #[inline]
    pub fn quirks(self) -> &'static Quirks {
        &self.named().quirks
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CPython {}", self.release())
    }
}

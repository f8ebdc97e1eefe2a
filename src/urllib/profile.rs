//! Behaviour profiles: one per CPython release this crate reproduces.
//!
//! Every behavioural difference between the releases' `urllib/parse.py`
//! lives in exactly one field of [`Quirks`]; the functions read the field,
//! never the version. `docs/profiles.md` lists each difference, the
//! releases it separates and the test that pins it.

use super::codec::{self, IdnaErrors, PunycodeErrors};
use super::schemes::{self, ClassLists};
use super::unicode::{self, UnicodeTables};

/// A CPython release whose `urllib.parse` answers are reproduced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Profile {
    /// CPython 3.6.15
    Py3_6_15,
    /// CPython 3.7.16
    Py3_7_16,
    /// CPython 3.8.18
    Py3_8_18,
    /// CPython 3.9.18
    Py3_9_18,
    /// CPython 3.10.13
    Py3_10_13,
    /// CPython 3.11.7
    Py3_11_7,
    /// CPython 3.12.1
    Py3_12_1,
    /// CPython 3.13.0 (the default)
    #[default]
    Py3_13_0,
}

/// How `urlunsplit` decides to put `//` before the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnsplitRule {
    /// Up to 3.12: `//` whenever there is a netloc, or the scheme uses a
    /// netloc and the path does not already start with `//`.
    Legacy,
    /// 3.13 (gh-67693): `//` for a netloc; a path starting with `//` gets
    /// an empty authority; a netloc scheme gets `//` only before an empty
    /// or absolute path.
    PreserveEmptyAuthority,
}

/// How the `port` attribute turns text into a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PortRule {
    /// 3.9: `int(port, 10)`: surrounding whitespace, a sign, `_` between
    /// digits and any Unicode decimal digit are accepted.
    PythonInt,
    /// 3.10+ (gh-87520): only ASCII digits.
    AsciiDigits,
}

/// How `parse_qsl` treats its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QslRule {
    /// 3.9 and 3.10: arguments go through `_coerce_args` (bytes are
    /// decoded as ASCII, unquoted as text and re-encoded), and an empty
    /// query still counts one field (for `max_num_fields` and
    /// `strict_parsing`).
    EmptyQueryIsOneField,
    /// 3.11 and 3.12 (gh-95865 era): as before, but an empty query has no
    /// fields.
    CoerceAscii,
    /// 3.13 (gh-115118): bytes are split and unquoted as bytes, with no
    /// ASCII restriction.
    NativeBytes,
}

/// The named behaviour differences between profiles.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Quirks {
    /// 3.11+ (gh-99418): a scheme is only recognised when the URL starts
    /// with an ASCII letter; earlier, any run of scheme characters counts.
    pub scheme_must_start_with_ascii_letter: bool,
    /// 3.11.4+ (gh-103848): the host inside `[...]` must be IPv6 or
    /// IPvFuture.
    pub validate_bracketed_host: bool,
    /// `urlunsplit`'s `//` rules.
    pub unsplit: UnsplitRule,
    /// `port`'s integer parsing.
    pub port: PortRule,
    /// Up to 3.7, `port` lets `int()`'s `ValueError` through (`invalid
    /// literal for int() with base 10: 'x'`); 3.8+ raises its own (`Port
    /// could not be cast to integer value as 'x'`). Only the message
    /// differs.
    pub port_error_from_int: bool,
    /// `parse_qsl`'s empty-query and bytes rules.
    pub qsl: QslRule,
    /// The scheme classes (`uses_relative`, `uses_netloc`, ...).
    pub classes: &'static ClassLists,
    /// 3.11+ (gh-74028): `urlsplit` is wrapped in `functools.lru_cache`, so
    /// the arguments that reach it must be hashable (a `list` or `dict`,
    /// also inside a tuple, is a `TypeError`): all of `urlsplit`'s, and the
    /// `allow_fragments` (and a falsy non-text `scheme`) that `urlparse`
    /// and `urljoin` pass on. Typed Rust callers cannot hit this; the
    /// dynamic `calls` adapter reads it.
    pub urlsplit_args_must_be_hashable: bool,
    /// 3.12+ (a language change, gh-101264): slices are hashable, so
    /// `urlunsplit`'s `url[:2]` on a `dict` component looks the slice up
    /// as a key (`KeyError`) instead of failing to hash it (`TypeError`).
    /// Only the dynamic `calls` adapter can pass a `dict`.
    pub slice_of_dict_is_key_error: bool,
    /// 3.8.18 (gh-102153, CVE-2023-24329, backported to 3.8.17): `urlsplit`
    /// strips leading C0 controls and spaces from the URL, and both ends of
    /// the default scheme; 3.7.16 and 3.6.15 keep them (`' http://a/'` has
    /// no scheme).
    pub strip_c0_control_or_space: bool,
    /// Up to 3.8 (the 3.9 change, bpo-27657, was reverted in 3.8): `urlsplit` takes no scheme
    /// when all that follows the first `:` is ASCII digits (`path:80` is a
    /// path: the digits look like a port), except for a scheme spelled
    /// exactly `http` (the fast path that skips the check).
    pub scheme_before_digits_is_path: bool,
    /// 3.7+ (bpo-16285): `~` is always safe for `quote`, as RFC 3986 has it
    /// unreserved; 3.6 quotes it (`%7E`) unless `safe` holds it.
    pub tilde_is_unreserved: bool,
    /// 3.8+: `parse_qsl` passes `separator` through
    /// `_coerce_args` (bytes decoded as ASCII); up to 3.7 a bytes separator
    /// meets a text query (`TypeError`) and any other non-text one is a
    /// `ValueError`.
    pub qsl_coerces_separator: bool,
    /// 3.9+: `unquote` takes bytes and decodes them; up to 3.8
    /// bytes are a `TypeError`.
    pub unquote_takes_bytes: bool,
    /// The release's Unicode database and `int()` rules: `hostname`'s
    /// lowercasing, the NFKC netloc check, `repr`'s printable characters,
    /// `unwrap`'s whitespace, and the digits, whitespace and digit limit
    /// of the port's `int()`.
    pub unicode: &'static UnicodeTables,
    /// `encodings.aliases.aliases` (3.8 and 3.9 change some, 3.13 adds
    /// `windows_31j` for `cp932`),
    /// generated from each interpreter.
    pub codec_aliases: &'static [(&'static str, &'static str)],
    /// The Unicode names the `namereplace` error handler writes: those of
    /// the release at this index of the generated table (0 = 3.6 ...
    /// 7 = 3.13; each release's Unicode version adds names).
    pub namereplace_names: u8,
    /// The `encodings` modules that are text codecs (3.6 and 3.7 have
    /// `unicode_internal`, 3.6-3.8 `mac_centeuro`), generated from each
    /// interpreter.
    pub text_codecs: &'static [&'static str],
    /// 3.11+: `iso2022_jp_2004` and `iso2022_jp_3` encode a JIS X 0213
    /// combining pair as its one code; earlier releases encode each code
    /// point alone.
    pub iso2022_jp_combining_pairs: bool,
    /// 3.8+: in `utf-7`, a `+` followed by a byte outside base64 is an
    /// error of both bytes ("ill-formed sequence"); 3.6 and 3.7 read it as
    /// an empty shift sequence.
    pub utf7_ill_formed_plus: bool,
    /// 3.6: the `utf-16` decoder reports a lone low surrogate with fewer
    /// than four bytes left as "unexpected end of data" to the end; 3.7+
    /// report "illegal encoding" of its two bytes first.
    pub utf16_end_checked_first: bool,
    /// How `punycode` decoding fails: `UnicodeDecodeError` with positions
    /// from 3.13, `UnicodeError` before, and 3.6's `IndexError` at the end.
    pub punycode_errors: PunycodeErrors,
    /// How `idna` fails: 3.13 raises `UnicodeEncodeError` and
    /// `UnicodeDecodeError` placed in the whole text, with new messages
    /// (`label empty`, `label too long`, ...), reads the ACE prefix `xn--`
    /// in any case, and checks an ASCII name's empty labels before its long
    /// ones; earlier releases raise a plain `UnicodeError`.
    pub idna_errors: IdnaErrors,
    /// 3.12+ (gh-98433): `idna` refuses to decode a label longer than 1024
    /// bytes ("label way too long") before reading it.
    pub idna_label_limit: bool,
    /// Up to 3.11, `str.encode` and `bytes.decode` wrap a plain
    /// `UnicodeError` or `IndexError` that a codec written in Python
    /// (`idna`, `punycode`, `undefined`) raises with one message: `encoding
    /// with 'IDNA' codec failed (UnicodeError: label empty or too long)`,
    /// the codec named as the caller spelled it. Only the message differs.
    pub codec_errors_wrapped: bool,
    /// The tables `idna`'s nameprep reads: those of the release at this
    /// index of the generated table (0 = 3.6 ... 7 = 3.13): B.2 lowercases
    /// with the release's `str.lower`, and NFKC sorts and composes with its
    /// own database.
    pub nameprep_tables: u8,
}

impl Profile {
    /// Every profile, oldest first.
    pub const ALL: [Profile; 8] = [
        Profile::Py3_6_15,
        Profile::Py3_7_16,
        Profile::Py3_8_18,
        Profile::Py3_9_18,
        Profile::Py3_10_13,
        Profile::Py3_11_7,
        Profile::Py3_12_1,
        Profile::Py3_13_0,
    ];

    /// The exact release, e.g. `"3.13.0"`.
    pub fn release(self) -> &'static str {
        match self {
            Profile::Py3_6_15 => "3.6.15",
            Profile::Py3_7_16 => "3.7.16",
            Profile::Py3_8_18 => "3.8.18",
            Profile::Py3_9_18 => "3.9.18",
            Profile::Py3_10_13 => "3.10.13",
            Profile::Py3_11_7 => "3.11.7",
            Profile::Py3_12_1 => "3.12.1",
            Profile::Py3_13_0 => "3.13.0",
        }
    }

    /// The minor version, e.g. `"3.13"`.
    pub fn minor(self) -> &'static str {
        let r = self.release();
        &r[..r.rfind('.').unwrap_or(r.len())]
    }

    /// The profile for `"3.13"` or `"3.13.0"` (minor version or exact
    /// release); `None` for a release this crate does not reproduce.
    pub fn from_version(version: &str) -> Option<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.minor() == version || p.release() == version)
    }

    /// The behaviour differences this profile selects.
    pub fn quirks(self) -> &'static Quirks {
        match self {
            Profile::Py3_6_15 => &PY3_6,
            Profile::Py3_7_16 => &PY3_7,
            Profile::Py3_8_18 => &PY3_8,
            Profile::Py3_9_18 => &PY3_9,
            Profile::Py3_10_13 => &PY3_10,
            Profile::Py3_11_7 => &PY3_11,
            Profile::Py3_12_1 => &PY3_12,
            Profile::Py3_13_0 => &PY3_13,
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CPython {}", self.release())
    }
}

const PY3_6: Quirks = Quirks {
    scheme_must_start_with_ascii_letter: false,
    validate_bracketed_host: false,
    unsplit: UnsplitRule::Legacy,
    port: PortRule::PythonInt,
    port_error_from_int: true,
    qsl: QslRule::EmptyQueryIsOneField,
    classes: &schemes::CLASSES_3_9,
    urlsplit_args_must_be_hashable: false,
    slice_of_dict_is_key_error: false,
    strip_c0_control_or_space: false,
    scheme_before_digits_is_path: true,
    tilde_is_unreserved: false,
    qsl_coerces_separator: false,
    unquote_takes_bytes: false,
    unicode: &unicode::UNICODE_9_0_0,
    codec_aliases: codec::ALIASES_3_6,
    namereplace_names: 0,
    text_codecs: codec::TEXT_CODECS_3_6,
    iso2022_jp_combining_pairs: false,
    utf7_ill_formed_plus: false,
    utf16_end_checked_first: true,
    punycode_errors: PunycodeErrors::IndexBug,
    idna_errors: IdnaErrors::UnicodeError,
    idna_label_limit: false,
    codec_errors_wrapped: true,
    nameprep_tables: 0,
};
const PY3_7: Quirks = Quirks {
    tilde_is_unreserved: true,
    punycode_errors: PunycodeErrors::UnicodeError,
    utf16_end_checked_first: false,
    unicode: &unicode::UNICODE_11_0_0,
    namereplace_names: 1,
    nameprep_tables: 1,
    ..PY3_6
};
const PY3_8: Quirks = Quirks {
    strip_c0_control_or_space: true,
    utf7_ill_formed_plus: true,
    port_error_from_int: false,
    qsl_coerces_separator: true,
    unicode: &unicode::UNICODE_12_1_0,
    codec_aliases: codec::ALIASES_3_8,
    namereplace_names: 2,
    nameprep_tables: 2,
    text_codecs: codec::TEXT_CODECS_3_8,
    ..PY3_7
};
const PY3_9: Quirks = Quirks {
    scheme_before_digits_is_path: false,
    unquote_takes_bytes: true,
    unicode: &unicode::UNICODE_13_0_0,
    codec_aliases: codec::ALIASES_3_9,
    namereplace_names: 3,
    nameprep_tables: 3,
    text_codecs: codec::TEXT_CODECS_3_9,
    ..PY3_8
};
const PY3_10: Quirks = Quirks {
    port: PortRule::AsciiDigits,
    namereplace_names: 4,
    nameprep_tables: 4,
    ..PY3_9
};
const PY3_11: Quirks = Quirks {
    qsl: QslRule::CoerceAscii,
    scheme_must_start_with_ascii_letter: true,
    validate_bracketed_host: true,
    classes: &schemes::CLASSES_3_11,
    urlsplit_args_must_be_hashable: true,
    unicode: &unicode::UNICODE_14_0_0,
    namereplace_names: 5,
    nameprep_tables: 5,
    iso2022_jp_combining_pairs: true,
    ..PY3_10
};
const PY3_12: Quirks = Quirks {
    classes: &schemes::CLASSES_3_12,
    slice_of_dict_is_key_error: true,
    unicode: &unicode::UNICODE_15_0_0,
    namereplace_names: 6,
    nameprep_tables: 6,
    idna_label_limit: true,
    codec_errors_wrapped: false,
    ..PY3_11
};
const PY3_13: Quirks = Quirks {
    unsplit: UnsplitRule::PreserveEmptyAuthority,
    punycode_errors: PunycodeErrors::UnicodeDecodeError,
    qsl: QslRule::NativeBytes,
    unicode: &unicode::UNICODE_15_1_0,
    codec_aliases: codec::ALIASES_3_13,
    namereplace_names: 7,
    nameprep_tables: 7,
    idna_errors: IdnaErrors::WithPositions,
    ..PY3_12
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_release_by_minor_and_exact_version() {
        for p in Profile::ALL {
            assert_eq!(Profile::from_version(p.minor()), Some(p));
            assert_eq!(Profile::from_version(p.release()), Some(p));
        }
        assert_eq!(Profile::from_version("3.6"), Some(Profile::Py3_6_15));
        assert_eq!(Profile::from_version("3.8.18"), Some(Profile::Py3_8_18));
        assert_eq!(Profile::from_version("3.8.17"), None);
        assert_eq!(Profile::from_version("3.5"), None);
        assert!(Profile::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Profile::default(), Profile::Py3_13_0);
    }
}

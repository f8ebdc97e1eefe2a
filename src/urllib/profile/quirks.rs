//! [`Quirks`]: every behaviour difference between CPython releases, one
//! named field each, and the rules some fields choose between.

use super::super::schemes::ClassLists;
use urlsyntax_pyruntime::codec::CodecRules;

/// How `urlunsplit` decides to put `//` before the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnsplitRule {
    /// Up to 3.12.3: `//` whenever there is a netloc, or the scheme uses a
    /// netloc and the path does not already start with `//`.
    Legacy,
    /// 3.13, 3.12.6+ (gh-67693 and gh-85110): `//` for a netloc; a path
    /// starting with `//` gets an empty authority; a netloc scheme gets
    /// `//` only before an empty or absolute path.
    PreserveEmptyAuthority,
    /// gh-67693 alone (3.8.20, 3.9.20, 3.10.15, 3.11.10, 3.12.4): `//`
    /// whenever there is a netloc, the scheme uses a netloc, or the path
    /// starts with `//` (which so keeps an empty authority); a path that
    /// does not start with `/` then gets one (`http:///g`).
    EmptyAuthorityBeforeDoubleSlash,
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
    /// gh-105704 (CVE-2025-0938; 3.9.22, 3.10.17, 3.11.12, 3.12.9,
    /// 3.13.2): `urlsplit` reads a netloc with brackets as `hostname`
    /// does (`_check_bracketed_netloc`): after the last `@`, nothing may
    /// come before `[`, and only a `:` port after `]` ("Invalid IPv6
    /// URL"); then the host checks of `validate_bracketed_host` apply to
    /// the host so found, even without brackets.
    pub check_bracketed_netloc: bool,
    /// gh-105708 (3.13.x): an IPvFuture host may start with `V` as well
    /// as `v` (`[V1.a]`); before, `V1.a` is read as an IP address and
    /// refused.
    pub ipvfuture_capital_v: bool,
    /// 3.14+ (gh-76960): `urljoin` and `urldefrag` tell an absent
    /// component from an empty one (`urljoin('http://a/b?x', '?')` is
    /// `'http://a/b?'`, `urldefrag('http://a/b?#f')` keeps the `?`), and
    /// put `//` only where the URL had a netloc.
    pub join_keeps_empty_components: bool,
    /// 3.14+ (with gh-76960): `urlunparse` decides on `//` from the path
    /// before it adds `;params` (`('http', '', '', 'x', '', '')` gives
    /// `http:///;x`; before, `http:;x`).
    pub unparse_checks_path_before_params: bool,
    /// 3.11 to 3.13: `urlparse` and `urljoin` split through the
    /// `lru_cache` of `urlsplit`, so their arguments that reach it must be
    /// hashable (see `urlsplit_args_must_be_hashable`); from 3.14 they
    /// split through the uncached `_urlsplit`.
    pub parse_and_join_split_through_the_cache: bool,
    /// 3.14+: `parse_qsl` of empty bytes converts a text separator to
    /// ASCII bytes before it answers `[]` (`parse_qsl(b'', separator='é')`
    /// is a `UnicodeEncodeError`); 3.13 answers `[]` first.
    pub qsl_empty_bytes_convert_the_separator: bool,
    /// 3.14+: `urlsplit` and `urlparse` take `scheme=None` (as no default
    /// scheme); before, `None` has no `strip` (`AttributeError`).
    pub scheme_may_be_none: bool,
    /// 3.15+ (gh-67041): `urlsplit`, `urlparse` and `urldefrag` take
    /// `missing_as_none`, `urlunsplit` and `urlunparse` take
    /// `keep_empty`; `scheme` defaults to `None`; a result remembers how
    /// it was parsed, and `geturl` and the `un*` functions keep its empty
    /// components when it was parsed with `missing_as_none=True`.
    pub missing_as_none: bool,
    /// 3.15+: `_coerce_args` lets the first non-empty argument decide
    /// between text and bytes, and keeps `None` as `None`; before, the
    /// first argument decides, and a `None` there means bytes
    /// (`urlsplit(None)` is a `SplitResultBytes` up to 3.14, a
    /// `SplitResult` from 3.15).
    pub coerce_first_non_empty: bool,
    /// What the release's runtime differs in: its Unicode database (which
    /// `hostname`'s lowercasing, the NFKC netloc check, `repr`, `unwrap`
    /// and the port's `int()` read too), its codec registry and how each
    /// codec that changed behaves; each field documents its releases.
    pub codecs: CodecRules,
}

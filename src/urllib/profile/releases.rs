//! Each profile's [`Quirks`], as the release before it plus what changed,
//! and the fixes each composed profile adds to its line's verified release.

use super::super::schemes;
use super::fix::Fix;
use super::quirks::{PortRule, QslRule, Quirks, UnsplitRule};
use urlsyntax_pyruntime::codec::names as codec;
use urlsyntax_pyruntime::codec::{CodecRules, IdnaErrors, PunycodeErrors};
use urlsyntax_pyruntime::unicode;

pub(super) const PY3_6_15: Quirks = Quirks {
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
    check_bracketed_netloc: false,
    ipvfuture_capital_v: false,
    join_keeps_empty_components: false,
    unparse_checks_path_before_params: false,
    parse_and_join_split_through_the_cache: false,
    qsl_empty_bytes_convert_the_separator: false,
    scheme_may_be_none: false,
    missing_as_none: false,
    coerce_first_non_empty: false,
    codecs: CodecRules {
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
        nameprep_case_folding: 0,
        algorithmic_names_any_case: false,
        charmaps: codec::CHARMAPS_3_6,
    },
};
pub(super) const PY3_7_16: Quirks = Quirks {
    tilde_is_unreserved: true,
    codecs: CodecRules {
        punycode_errors: PunycodeErrors::UnicodeError,
        utf16_end_checked_first: false,
        unicode: &unicode::UNICODE_11_0_0,
        namereplace_names: 1,
        nameprep_tables: 1,
        nameprep_case_folding: 1,
        ..PY3_6_15.codecs
    },
    ..PY3_6_15
};
pub(super) const PY3_8_18: Quirks = Quirks {
    strip_c0_control_or_space: true,
    port_error_from_int: false,
    qsl_coerces_separator: true,
    codecs: CodecRules {
        utf7_ill_formed_plus: true,
        unicode: &unicode::UNICODE_12_1_0,
        codec_aliases: codec::ALIASES_3_8,
        namereplace_names: 2,
        nameprep_tables: 2,
        nameprep_case_folding: 2,
        text_codecs: codec::TEXT_CODECS_3_8,
        ..PY3_7_16.codecs
    },
    ..PY3_7_16
};
pub(super) const PY3_9_18: Quirks = Quirks {
    scheme_before_digits_is_path: false,
    unquote_takes_bytes: true,
    codecs: CodecRules {
        unicode: &unicode::UNICODE_13_0_0,
        codec_aliases: codec::ALIASES_3_9,
        namereplace_names: 3,
        nameprep_tables: 3,
        nameprep_case_folding: 3,
        text_codecs: codec::TEXT_CODECS_3_9,
        charmaps: codec::CHARMAPS_3_9,
        ..PY3_8_18.codecs
    },
    ..PY3_8_18
};
pub(super) const PY3_10_13: Quirks = Quirks {
    port: PortRule::AsciiDigits,
    codecs: CodecRules {
        namereplace_names: 4,
        nameprep_tables: 4,
        nameprep_case_folding: 4,
        ..PY3_9_18.codecs
    },
    ..PY3_9_18
};
pub(super) const PY3_11_7: Quirks = Quirks {
    qsl: QslRule::CoerceAscii,
    scheme_must_start_with_ascii_letter: true,
    validate_bracketed_host: true,
    classes: &schemes::CLASSES_3_11,
    urlsplit_args_must_be_hashable: true,
    parse_and_join_split_through_the_cache: true,
    codecs: CodecRules {
        unicode: &unicode::UNICODE_14_0_0,
        namereplace_names: 5,
        nameprep_tables: 5,
        nameprep_case_folding: 5,
        iso2022_jp_combining_pairs: true,
        ..PY3_10_13.codecs
    },
    ..PY3_10_13
};
pub(super) const PY3_12_1: Quirks = Quirks {
    classes: &schemes::CLASSES_3_12,
    slice_of_dict_is_key_error: true,
    codecs: CodecRules {
        unicode: &unicode::UNICODE_15_0_0,
        namereplace_names: 6,
        nameprep_tables: 6,
        nameprep_case_folding: 6,
        idna_label_limit: true,
        codec_errors_wrapped: false,
        ..PY3_11_7.codecs
    },
    ..PY3_11_7
};
pub(super) const PY3_13_0: Quirks = Quirks {
    unsplit: UnsplitRule::PreserveEmptyAuthority,
    qsl: QslRule::NativeBytes,
    codecs: CodecRules {
        punycode_errors: PunycodeErrors::UnicodeDecodeError,
        unicode: &unicode::UNICODE_15_1_0,
        codec_aliases: codec::ALIASES_3_13,
        namereplace_names: 7,
        nameprep_tables: 7,
        nameprep_case_folding: 7,
        idna_errors: IdnaErrors::WithPositions,
        ..PY3_12_1.codecs
    },
    ..PY3_12_1
};
pub(super) const PY3_13_18: Quirks = Quirks {
    check_bracketed_netloc: true,
    ipvfuture_capital_v: true,
    codecs: CodecRules {
        codec_aliases: codec::ALIASES_3_13_18,
        namereplace_names: 8,
        nameprep_tables: 8,
        nameprep_case_folding: 8,
        algorithmic_names_any_case: true,
        charmaps: codec::CHARMAPS_3_13_18,
        ..PY3_13_0.codecs
    },
    ..PY3_13_0
};
pub(super) const PY3_14_10: Quirks = Quirks {
    join_keeps_empty_components: true,
    unparse_checks_path_before_params: true,
    parse_and_join_split_through_the_cache: false,
    qsl_empty_bytes_convert_the_separator: true,
    scheme_may_be_none: true,
    codecs: CodecRules {
        unicode: &unicode::UNICODE_16_0_0,
        codec_aliases: codec::ALIASES_3_14,
        namereplace_names: 9,
        nameprep_tables: 9,
        nameprep_case_folding: 9,
        ..PY3_13_18.codecs
    },
    ..PY3_13_18
};
pub(super) const PY3_15_2: Quirks = Quirks {
    missing_as_none: true,
    coerce_first_non_empty: true,
    codecs: CodecRules {
        unicode: &unicode::UNICODE_17_0_0,
        codec_aliases: codec::ALIASES_3_15,
        namereplace_names: 10,
        nameprep_tables: 10,
        nameprep_case_folding: 10,
        ..PY3_14_10.codecs
    },
    ..PY3_14_10
};

// The composed profiles: the line's verified release plus the fixes its
// changelog lists, each verified on the interpreter its `Fix` names.

pub(super) const PY3_7_17: Quirks = Quirks {
    strip_c0_control_or_space: true,
    ..PY3_7_16
};
pub(super) const PY3_8_20: Quirks = Quirks {
    unsplit: UnsplitRule::EmptyAuthorityBeforeDoubleSlash,
    codecs: CodecRules {
        iso2022_jp_combining_pairs: true,
        ..PY3_8_18.codecs
    },
    ..PY3_8_18
};
pub(super) const PY3_9_25: Quirks = Quirks {
    unsplit: UnsplitRule::EmptyAuthorityBeforeDoubleSlash,
    validate_bracketed_host: true,
    check_bracketed_netloc: true,
    codecs: CodecRules {
        iso2022_jp_combining_pairs: true,
        ..PY3_9_18.codecs
    },
    ..PY3_9_18
};
pub(super) const PY3_10_22: Quirks = Quirks {
    unsplit: UnsplitRule::EmptyAuthorityBeforeDoubleSlash,
    validate_bracketed_host: true,
    check_bracketed_netloc: true,
    codecs: CodecRules {
        iso2022_jp_combining_pairs: true,
        nameprep_case_folding: 8,
        ..PY3_10_13.codecs
    },
    ..PY3_10_13
};
pub(super) const PY3_11_17: Quirks = Quirks {
    qsl: QslRule::NativeBytes,
    unsplit: UnsplitRule::EmptyAuthorityBeforeDoubleSlash,
    check_bracketed_netloc: true,
    codecs: CodecRules {
        nameprep_case_folding: 8,
        ..PY3_11_7.codecs
    },
    ..PY3_11_7
};
pub(super) const PY3_12_15: Quirks = Quirks {
    qsl: QslRule::NativeBytes,
    unsplit: UnsplitRule::PreserveEmptyAuthority,
    check_bracketed_netloc: true,
    codecs: CodecRules {
        nameprep_case_folding: 8,
        ..PY3_12_1.codecs
    },
    ..PY3_12_1
};

const fn fix(
    issue: &'static str,
    cve: Option<&'static str>,
    since: &'static str,
    what: &'static str,
    verified_on: &'static str,
) -> Fix {
    Fix {
        issue,
        cve,
        since,
        what,
        verified_on,
    }
}

const GH_102153: &str = "`urlsplit` strips leading C0 controls and spaces";
const GH_67693: &str = "`urlunsplit` keeps an empty authority before a `//` path";
const GH_85110: &str = "`urlunsplit` keeps a relative path relative (`http:g`)";
const GH_103848: &str = "a bracketed host must be IPv6 or IPvFuture";
const GH_105704: &str = "text before `[` or between `]` and the port is refused";
const GH_74668: &str = "`parse_qs(l)` splits and unquotes bytes as bytes (non-ASCII too)";
const GH_116764: &str =
    "`parse_qs(l)` answers `[]` for false values, `TypeError` for other non-text";
const GH_155292: &str = "`idna`'s nameprep folds case by RFC 3454's B.2, not by `str.lower`";
const GH_101180: &str = "`iso2022_jp_2004`/`iso2022_jp_3` encode a JIS X 0213 combining pair";

pub(super) const FIXES_3_7_17: &[Fix] = &[fix(
    "gh-102153",
    Some("CVE-2023-24329"),
    "3.7.17",
    GH_102153,
    "3.8.18",
)];
pub(super) const FIXES_3_8_20: &[Fix] = &[
    fix("gh-101180", None, "3.8.19", GH_101180, "3.11.7"),
    fix("gh-67693", None, "3.8.20", GH_67693, "3.13.0"),
];
pub(super) const FIXES_3_9_25: &[Fix] = &[
    fix("gh-101180", None, "3.9.19", GH_101180, "3.11.7"),
    fix("gh-67693", None, "3.9.20", GH_67693, "3.13.0"),
    fix(
        "gh-103848",
        Some("CVE-2024-11168"),
        "3.9.21",
        GH_103848,
        "3.11.7",
    ),
    fix(
        "gh-105704",
        Some("CVE-2025-0938"),
        "3.9.22",
        GH_105704,
        "3.13.18",
    ),
];
pub(super) const FIXES_3_10_22: &[Fix] = &[
    fix("gh-101180", None, "3.10.14", GH_101180, "3.11.7"),
    fix("gh-67693", None, "3.10.15", GH_67693, "3.13.0"),
    fix(
        "gh-103848",
        Some("CVE-2024-11168"),
        "3.10.16",
        GH_103848,
        "3.11.7",
    ),
    fix(
        "gh-105704",
        Some("CVE-2025-0938"),
        "3.10.17",
        GH_105704,
        "3.13.18",
    ),
    fix("gh-155292", None, "3.10.22", GH_155292, "3.13.18"),
];
pub(super) const FIXES_3_11_17: &[Fix] = &[
    fix("gh-74668", None, "3.11.9", GH_74668, "3.13.0"),
    fix("gh-116764", None, "3.11.9", GH_116764, "3.13.0"),
    fix("gh-67693", None, "3.11.10", GH_67693, "3.13.0"),
    fix(
        "gh-105704",
        Some("CVE-2025-0938"),
        "3.11.12",
        GH_105704,
        "3.13.18",
    ),
    fix("gh-155292", None, "3.11.17", GH_155292, "3.13.18"),
];
pub(super) const FIXES_3_12_15: &[Fix] = &[
    fix("gh-74668", None, "3.12.3", GH_74668, "3.13.0"),
    fix("gh-116764", None, "3.12.3", GH_116764, "3.13.0"),
    fix("gh-67693", None, "3.12.4", GH_67693, "3.13.0"),
    fix("gh-85110", None, "3.12.6", GH_85110, "3.13.0"),
    fix(
        "gh-105704",
        Some("CVE-2025-0938"),
        "3.12.9",
        GH_105704,
        "3.13.18",
    ),
    fix("gh-155292", None, "3.12.15", GH_155292, "3.13.18"),
];

//! The `encoding` and `errors` arguments of the urllib calls: every text
//! codec and error handler of CPython's registry that urlsyntax
//! reproduces, by module name and alias (the library's own tables in
//! `pyruntime/data/codecs/`), weighted toward the codecs whose bytes are not ASCII's,
//! where deciding on the text and deciding on its bytes part ways.

use arbitrary::{Result, Unstructured};

/// The `encodings` modules that are text codecs (CPython 3.9 and later).
pub const TEXT_CODECS: &[&str] = include!("../../pyruntime/data/codecs/text_codecs_3_9.in");

/// `encodings.aliases.aliases` of CPython 3.13.0: (alias, module).
pub const ALIASES: &[(&str, &str)] = include!("../../pyruntime/data/codecs/aliases_3_13.in");

/// Codecs whose bytes for a non-ASCII character may hold ` `, `+`, `&`,
/// `=`, `%` or `/`, or whose ASCII is not ASCII's bytes: UTF-16/32 and
/// UTF-7, the EBCDIC code pages, the ISO-2022 and HZ codecs, the CJK
/// double-byte codecs (trail bytes in `@`..`~`), and the escape codecs.
pub const NOT_ASCII_COMPATIBLE: &[&str] = &[
    "utf-16",
    "utf_16_le",
    "UTF-16BE",
    "utf-32",
    "utf_32_le",
    "utf-32-be",
    "utf-7",
    "U7",
    "cp037",
    "cp500",
    "cp1140",
    "cp273",
    "cp1026",
    "cp875",
    "cp424",
    "iso2022_jp",
    "iso2022_jp_2",
    "iso2022_jp_ext",
    "iso2022_kr",
    "hz",
    "shift_jis",
    "cp932",
    "gbk",
    "gb18030",
    "big5",
    "big5hkscs",
    "euc_kr",
    "johab",
    "unicode_escape",
    "raw_unicode_escape",
    "punycode",
    "idna",
];

/// Names the registry refuses or holds as non-text codecs.
const NOT_TEXT: &[&str] = &[
    "",
    "no-such-codec",
    "rot13",
    "hex",
    "base64",
    "utf 8",
    "unicode_internal",
];

/// CPython's error handlers, and a name it does not know.
pub const ERRORS: &[&str] = &[
    "strict",
    "replace",
    "ignore",
    "backslashreplace",
    "xmlcharrefreplace",
    "surrogateescape",
    "surrogatepass",
    "namereplace",
    "no-such-handler",
];

fn pick<'a>(u: &mut Unstructured<'_>, xs: &[&'a str]) -> Result<&'a str> {
    Ok(xs[u.choose_index(xs.len())?])
}

/// An `encoding`: half the time one whose bytes are not ASCII's.
pub fn encoding(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0u8..=15)? {
        0..=7 => pick(u, NOT_ASCII_COMPATIBLE)?.to_string(),
        8..=10 => pick(u, TEXT_CODECS)?.to_string(),
        11 | 12 => ALIASES[u.choose_index(ALIASES.len())?].0.to_string(),
        // The spellings the registry's normalization accepts.
        13 => pick(u, TEXT_CODECS)?.to_uppercase().replace('_', "-"),
        14 => "utf-8".to_string(),
        _ => pick(u, NOT_TEXT)?.to_string(),
    })
}

/// An `errors`.
pub fn errors(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(pick(u, ERRORS)?.to_string())
}

//! Codec lookup: a name resolved as each release's `str.encode` resolves
//! it (normalized as CPython's C `_Py_normalize_encoding` does, the
//! fast-path codecs first, then the release's alias table).

use super::{
    ByteOrder, Charmap, Cjk, Codec, CodecRules, PunycodeErrors, SurrogateCheck, UNREPRESENTABLE,
};
use crate::error::Error;

/// CPython's `encodings.normalize_encoding` applied to the lowercased name
/// (the lowercasing is done by CPython's codec registry first).
pub fn normalize_encoding(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut punct = false;
    for c in name.chars() {
        if c.is_alphanumeric() || c == '.' {
            if punct && !out.is_empty() {
                out.push('_');
            }
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            }
            punct = false;
        } else {
            punct = true;
        }
    }
    out
}

/// CPython's C `_Py_normalize_encoding`, which `str.encode` and
/// `bytes.decode` apply to a codec name first: ASCII letters (lowercased),
/// digits and `.` are kept, and every run of other characters (any
/// non-ASCII one included) between two kept ones becomes one `_`.
fn c_normalize_encoding(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut punct = false;
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b == b'.' {
            if punct && !out.is_empty() {
                out.push('_');
            }
            out.push(char::from(b.to_ascii_lowercase()));
            punct = false;
        } else {
            punct = true;
        }
    }
    out
}

/// The module of the codecs `str.encode` and `bytes.decode` take without
/// asking the registry, for a name as [`c_normalize_encoding`] leaves it.
fn fast_path_module(normalized: &str) -> Option<&'static str> {
    Some(match normalized {
        "utf_8" | "utf8" => "utf_8",
        "utf_16" | "utf16" => "utf_16",
        "utf_32" | "utf32" => "utf_32",
        "ascii" | "us_ascii" => "ascii",
        "latin1" | "latin_1" | "iso_8859_1" | "iso8859_1" => "latin_1",
        _ => return None,
    })
}

/// Whether `str.encode`/`bytes.decode` take codec `name` on their C fast
/// path, without the codec registry (whose errors 3.6 to 3.11 wrap).
#[inline]
pub fn is_fast_path(name: &str) -> bool {
    fast_path_module(&c_normalize_encoding(name)).is_some()
}

/// The codec modules CPython's `encodings.search_function` would try for
/// a normalized name, in order (without checking that they exist).
fn module_candidates(norm: &str, aliases: &[(&str, &'static str)]) -> [Option<String>; 2] {
    let find = |k: &str| {
        aliases
            .binary_search_by(|(a, _)| (*a).cmp(k))
            .ok()
            .map(|i| aliases[i].1)
    };
    let alias = find(norm).or_else(|| find(&norm.replace('.', "_")));
    let ok = |m: &str| (!m.is_empty() && !m.contains('.')).then(|| m.to_string());
    [alias.and_then(ok), ok(norm)]
}

/// The first text codec module `name` resolves to when the release of `rules`
/// encodes or decodes with it: the C fast path first, then the registry.
/// Up to 3.8 the registry keeps the non-ASCII letters and digits of a
/// name, so that it matches no codec; from 3.9 it normalizes as C does.
fn text_module(name: &str, rules: CodecRules) -> Option<String> {
    let normalized = c_normalize_encoding(name);
    if let Some(m) = fast_path_module(&normalized) {
        return Some(m.to_string());
    }
    if name.chars().any(|c| rules.unicode.codec_name_keeps(c)) {
        return None;
    }
    module_candidates(&normalized, rules.codec_aliases)
        .into_iter()
        .flatten()
        .find(|m| rules.text_codecs.binary_search(&m.as_str()).is_ok())
}

/// Whether the release of `rules` (a profile's, a context's) resolves
/// `name` to a text encoding (implemented here or not).
pub fn is_cpython_text_codec_in(name: &str, rules: impl Into<CodecRules>) -> bool {
    let rules = rules.into();
    !name.contains('\0') && text_module(name, rules).is_some()
}

/// `ValueError: embedded null character`: what CPython's `str.encode` and
/// `bytes.decode` raise for an `encoding` or `errors` holding NUL, before
/// anything else.
#[inline]
pub fn check_name(name: &str) -> Result<(), Error> {
    if name.contains('\0') {
        return Err(Error::Value {
            message: "embedded null character".into(),
        });
    }
    Ok(())
}

/// CPython's argument checks of `str.encode`/`bytes.decode` (NUL in a
/// name is a `ValueError`).
pub fn check_names(encoding: Option<&str>, errors: &str) -> Result<(), Error> {
    encoding.map_or(Ok(()), check_name)?;
    check_name(errors)
}

/// The codec `str.encode(encoding, errors)`/`bytes.decode(encoding,
/// errors)` use in the release of `rules` (`None` is UTF-8, with no lookup),
/// after CPython's checks of both names.
#[inline]
pub fn codec_for(
    encoding: Option<&str>,
    errors: &str,
    rules: impl Into<CodecRules>,
) -> Result<Codec, Error> {
    // CPython checks `encoding`, then `errors`, then looks the codec up.
    check_names(encoding, errors)?;
    match encoding {
        // The rules are not even read (UTF-8 is the same in every release).
        None => Ok(Codec::Utf8),
        Some(name) => Codec::lookup_in(name, rules),
    }
}

impl Codec {
    /// The codec the release of `rules` (a profile's, a context's) would
    /// use for `name`;
    /// [`Error::UnknownEncoding`] for a name it does not know (or a
    /// non-text codec such as `rot13`); [`Error::Value`] for a name holding
    /// NUL, and for a text codec this crate does not implement (its message
    /// starts with [`UNREPRESENTABLE`]).
    pub fn lookup_in(name: &str, rules: impl Into<CodecRules>) -> Result<Codec, Error> {
        let rules = rules.into();
        // The last name found, per thread (CPython caches lookups too).
        thread_local! {
            static LAST: std::cell::RefCell<Option<(String, CodecRules, Codec)>> =
                const { std::cell::RefCell::new(None) };
        }
        let hit = LAST.with(|l| match &*l.borrow() {
            Some((n, p, c)) if n == name && *p == rules => Some(*c),
            _ => None,
        });
        if let Some(c) = hit {
            return Ok(c);
        }
        let found = Codec::lookup_uncached(name, rules)?;
        LAST.with(|l| *l.borrow_mut() = Some((name.to_string(), rules, found)));
        Ok(found)
    }

    fn lookup_uncached(name: &str, rules: CodecRules) -> Result<Codec, Error> {
        check_name(name)?;
        match text_module(name, rules) {
            Some(m) => Codec::from_module_in(&m, rules).ok_or_else(|| Error::Value {
                message: if Cjk::is_cjk_module(&m) {
                    format!(
                        "{UNREPRESENTABLE}the codec {m} needs urlsyntax's `cjk-codecs` \
                             feature (on by default), which this build leaves out"
                    )
                } else {
                    format!("{UNREPRESENTABLE}the codec {m} is not implemented")
                },
            }),
            None => Err(Error::UnknownEncoding {
                name: name.to_string(),
            }),
        }
    }

    /// This codec with the rules of a release, where they differ.
    fn as_in(self, rules: CodecRules) -> Codec {
        match self {
            Codec::Utf7 { .. } => Codec::Utf7 {
                ill_formed_plus: rules.utf7_ill_formed_plus,
            },
            Codec::Punycode(_) => Codec::Punycode(rules.punycode_errors),
            Codec::Idna(_) => Codec::Idna(rules),
            Codec::UnicodeEscape { .. } => Codec::UnicodeEscape {
                names: rules.namereplace_names,
                any_case: rules.algorithmic_names_any_case,
            },
            Codec::Utf16(order, _) if rules.utf16_end_checked_first => {
                Codec::Utf16(order, SurrogateCheck::EndFirst)
            }
            Codec::Charmap(m) => {
                Codec::Charmap(Charmap::from_module_in(m.module(), rules.charmaps).unwrap_or(m))
            }
            c => c,
        }
    }

    /// The codec of an `encodings` module name as the release of `rules`
    /// has it, if implemented here.
    pub fn from_module_in(module: &str, rules: impl Into<CodecRules>) -> Option<Codec> {
        let rules = rules.into();
        Codec::base_of_module(module, rules).map(|c| c.as_in(rules))
    }

    /// The codec of an `encodings` module name, before the release's rules
    /// (but `idna`'s and the escapes').
    fn base_of_module(module: &str, rules: CodecRules) -> Option<Codec> {
        Some(match module {
            "utf_8" => Codec::Utf8,
            "ascii" => Codec::Ascii,
            "latin_1" | "charmap" => Codec::Latin1,
            "utf_16" => Codec::Utf16(ByteOrder::Bom, SurrogateCheck::LowSurrogateFirst),
            "utf_16_le" => Codec::Utf16(ByteOrder::Little, SurrogateCheck::LowSurrogateFirst),
            "utf_16_be" => Codec::Utf16(ByteOrder::Big, SurrogateCheck::LowSurrogateFirst),
            "utf_32" => Codec::Utf32(ByteOrder::Bom),
            "utf_32_le" => Codec::Utf32(ByteOrder::Little),
            "utf_32_be" => Codec::Utf32(ByteOrder::Big),
            "utf_8_sig" => Codec::Utf8Sig,
            "undefined" => Codec::Undefined,
            "utf_7" => Codec::Utf7 {
                ill_formed_plus: true,
            },
            "punycode" => Codec::Punycode(PunycodeErrors::UnicodeDecodeError),
            "idna" => Codec::Idna(rules),
            "unicode_escape" => Codec::UnicodeEscape {
                names: rules.namereplace_names,
                any_case: rules.algorithmic_names_any_case,
            },
            "raw_unicode_escape" => Codec::RawUnicodeEscape,
            "unicode_internal" => Codec::UnicodeInternal,
            m => match Cjk::from_module(m) {
                Some(c) => Codec::Cjk(c),
                None => Codec::Charmap(Charmap::from_module_or_last(m, rules.charmaps)?),
            },
        })
    }
}

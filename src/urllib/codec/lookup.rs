//! Codec lookup: a name resolved as each release's `str.encode` resolves
//! it (normalized as CPython's C `_Py_normalize_encoding` does, the
//! fast-path codecs first, then the release's alias table).

use super::{ByteOrder, Charmap, Cjk, Codec, PunycodeErrors, SurrogateCheck, UNREPRESENTABLE};
use crate::urllib::error::Error;
use crate::urllib::profile::Behaviour;

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
pub(crate) fn is_fast_path(name: &str) -> bool {
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

/// The first text codec module `name` resolves to when `profile`'s CPython
/// encodes or decodes with it: the C fast path first, then the registry.
/// Up to 3.8 the registry keeps the non-ASCII letters and digits of a
/// name, so that it matches no codec; from 3.9 it normalizes as C does.
fn text_module(name: &str, behaviour: Behaviour) -> Option<String> {
    let q = behaviour.quirks();
    let normalized = c_normalize_encoding(name);
    if let Some(m) = fast_path_module(&normalized) {
        return Some(m.to_string());
    }
    if name.chars().any(|c| q.unicode.codec_name_keeps(c)) {
        return None;
    }
    module_candidates(&normalized, q.codec_aliases)
        .into_iter()
        .flatten()
        .find(|m| q.text_codecs.binary_search(&m.as_str()).is_ok())
}

/// Whether CPython 3.13 resolves `name` to a text encoding (implemented
/// here or not).
pub fn is_cpython_text_codec(name: &str) -> bool {
    is_cpython_text_codec_in(name, Behaviour::default())
}

/// Whether `profile`'s CPython resolves `name` to a text encoding.
pub fn is_cpython_text_codec_in(name: &str, behaviour: impl Into<Behaviour>) -> bool {
    let behaviour = behaviour.into();
    !name.contains('\0') && text_module(name, behaviour).is_some()
}

/// `ValueError: embedded null character`: what CPython's `str.encode` and
/// `bytes.decode` raise for an `encoding` or `errors` holding NUL, before
/// anything else.
pub(crate) fn check_name(name: &str) -> Result<(), Error> {
    if name.contains('\0') {
        return Err(Error::Value {
            message: "embedded null character".into(),
        });
    }
    Ok(())
}

/// CPython's argument checks of `str.encode`/`bytes.decode` (NUL in a
/// name is a `ValueError`).
pub(crate) fn check_names(encoding: Option<&str>, errors: &str) -> Result<(), Error> {
    encoding.map_or(Ok(()), check_name)?;
    check_name(errors)
}

/// The codec `str.encode(encoding, errors)`/`bytes.decode(encoding,
/// errors)` use in `profile`'s CPython (`None` is UTF-8, with no lookup),
/// after CPython's checks of both names.
pub(crate) fn codec_for(
    encoding: Option<&str>,
    errors: &str,
    behaviour: Behaviour,
) -> Result<Codec, Error> {
    // CPython checks `encoding`, then `errors`, then looks the codec up.
    check_names(encoding, errors)?;
    match encoding {
        None => Ok(Codec::Utf8),
        Some(name) => Codec::lookup_in(name, behaviour),
    }
}

impl Codec {
    /// The codec CPython 3.13 would use for `name`; see [`Codec::lookup_in`].
    pub fn lookup(name: &str) -> Result<Codec, Error> {
        Codec::lookup_in(name, Behaviour::default())
    }

    /// The codec `profile`'s CPython would use for `name`;
    /// [`Error::UnknownEncoding`] for a name it does not know (or a
    /// non-text codec such as `rot13`); [`Error::Value`] for a name holding
    /// NUL, and for a text codec this crate does not implement (its message
    /// starts with [`UNREPRESENTABLE`]).
    pub fn lookup_in(name: &str, behaviour: impl Into<Behaviour>) -> Result<Codec, Error> {
        let behaviour = behaviour.into();
        // The last name found, per thread (CPython caches lookups too).
        thread_local! {
            static LAST: std::cell::RefCell<Option<(String, Behaviour, Codec)>> =
                const { std::cell::RefCell::new(None) };
        }
        let hit = LAST.with(|l| match &*l.borrow() {
            Some((n, p, c)) if n == name && *p == behaviour => Some(*c),
            _ => None,
        });
        if let Some(c) = hit {
            return Ok(c);
        }
        let found = Codec::lookup_uncached(name, behaviour)?;
        LAST.with(|l| *l.borrow_mut() = Some((name.to_string(), behaviour, found)));
        Ok(found)
    }

    fn lookup_uncached(name: &str, behaviour: Behaviour) -> Result<Codec, Error> {
        check_name(name)?;
        match text_module(name, behaviour) {
            Some(m) => Codec::from_module(&m)
                .map(|c| c.as_in(behaviour))
                .ok_or_else(|| Error::Value {
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

    /// This codec with the rules of `profile`'s release, where they differ.
    fn as_in(self, behaviour: Behaviour) -> Codec {
        let q = behaviour.quirks();
        match self {
            Codec::Utf7 { .. } => Codec::Utf7 {
                ill_formed_plus: q.utf7_ill_formed_plus,
            },
            Codec::Punycode(_) => Codec::Punycode(q.punycode_errors),
            Codec::Idna(_) => Codec::Idna(behaviour),
            Codec::UnicodeEscape { .. } => Codec::UnicodeEscape {
                names: q.namereplace_names,
                any_case: q.algorithmic_names_any_case,
            },
            Codec::Utf16(order, _) if q.utf16_end_checked_first => {
                Codec::Utf16(order, SurrogateCheck::EndFirst)
            }
            Codec::Charmap(m) => {
                Codec::Charmap(Charmap::from_module_in(m.module(), q.charmaps).unwrap_or(m))
            }
            c => c,
        }
    }

    /// The codec of an `encodings` module name, if implemented here.
    pub fn from_module(module: &str) -> Option<Codec> {
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
            "idna" => Codec::Idna(Behaviour::default()),
            "unicode_escape" => Codec::UnicodeEscape {
                names: Behaviour::default().quirks().namereplace_names,
                any_case: Behaviour::default().quirks().algorithmic_names_any_case,
            },
            "raw_unicode_escape" => Codec::RawUnicodeEscape,
            "unicode_internal" => Codec::UnicodeInternal,
            m => match Cjk::from_module(m) {
                Some(c) => Codec::Cjk(c),
                None => Codec::Charmap(Charmap::from_module(m)?),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urllib::Profile;

    #[test]
    fn text_codecs_per_release() {
        let found = |n: &str, p: Profile| Codec::lookup_in(n, p);
        // mac_centeuro: a charmap codec until 3.8, an alias of mac_latin2 after.
        let old = found("mac-centeuro", Profile::Py3_8_18).unwrap();
        let new = found("mac-centeuro", Profile::Py3_9_18).unwrap();
        assert_ne!(old, new);
        assert_eq!(new, found("mac_latin2", Profile::Py3_9_18).unwrap());
        // cp65001: no codec off Windows until 3.7, UTF-8 from 3.8.
        assert!(matches!(
            found("cp65001", Profile::Py3_7_16),
            Err(Error::UnknownEncoding { .. })
        ));
        assert_eq!(found("cp65001", Profile::Py3_8_18).unwrap(), Codec::Utf8);
        // unicode_internal: a text codec until 3.7 only.
        assert_eq!(
            found("unicode_internal", Profile::Py3_6_15).unwrap(),
            Codec::UnicodeInternal
        );
        assert!(matches!(
            found("unicode_internal", Profile::Py3_8_18),
            Err(Error::UnknownEncoding { .. })
        ));
    }
}

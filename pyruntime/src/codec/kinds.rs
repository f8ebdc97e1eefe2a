//! Which codec: [`Codec`] and the forms of its UTF variants; encoding
//! and decoding are `convert.rs`.

use super::{Charmap, Cjk, CodecRules, PunycodeErrors};

/// The byte order of `utf-16` and `utf-32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// `utf-16`/`utf-32`: a BOM is written, and read if present
    /// (little-endian otherwise).
    Bom,
    /// `-le`: little-endian, no BOM.
    Little,
    /// `-be`: big-endian, no BOM.
    Big,
}

/// Which error the `utf-16` decoder reports for a lone low surrogate with
/// fewer than four bytes from it to the end: as
/// `CodecRules::utf16_end_checked_first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SurrogateCheck {
    /// 3.6: "unexpected end of data", to the end.
    EndFirst,
    /// 3.7+: "illegal encoding", of its two bytes.
    LowSurrogateFirst,
}

/// A text codec CPython provides, implemented exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Codec {
    /// `utf-8`
    Utf8,
    /// `ascii`
    Ascii,
    /// `latin-1` (`iso8859-1`, and the `charmap` codec)
    Latin1,
    /// A single-byte charmap codec (`cp1252`, `koi8_r`, ...).
    Charmap(Charmap),
    /// `utf-16`, `utf-16-le`, `utf-16-be`
    Utf16(ByteOrder, SurrogateCheck),
    /// `utf-32`, `utf-32-le`, `utf-32-be`
    Utf32(ByteOrder),
    /// `utf-8-sig`: UTF-8 after a BOM.
    Utf8Sig,
    /// `undefined`: every call raises `UnicodeError`.
    Undefined,
    /// `utf-7` (RFC 2152); `ill_formed_plus` as
    /// `CodecRules::utf7_ill_formed_plus`.
    Utf7 {
        /// Whether a `+` before a byte outside base64 is an error.
        ill_formed_plus: bool,
    },
    /// `punycode` (RFC 3492), its decoding errors as
    /// `CodecRules::punycode_errors`.
    Punycode(PunycodeErrors),
    /// `idna` (RFC 3490 over nameprep) as the release of a rules runs
    /// it (`CodecRules::idna_errors` and the
    /// fields after it).
    Idna(CodecRules),
    /// `unicode_escape`: Python's string-literal escapes over latin-1.
    UnicodeEscape {
        /// The release whose names `\N{...}` escapes read, an index as
        /// `CodecRules::namereplace_names`.
        names: u8,
        /// Whether the algorithmic names read in any case, as
        /// `CodecRules::algorithmic_names_any_case`.
        any_case: bool,
    },
    /// `raw_unicode_escape`: `\uXXXX` and `\UXXXXXXXX` over latin-1.
    RawUnicodeEscape,
    /// One of the East Asian multibyte codecs (`shift_jis`, `gbk`, ...).
    Cjk(Cjk),
    /// `unicode_internal` (CPython 3.6 and 3.7 only): the interpreter's
    /// own code units, four little-endian bytes a code point on Linux,
    /// surrogates and all.
    UnicodeInternal,
}

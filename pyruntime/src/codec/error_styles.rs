//! How the codecs written in Python fail, by release: the error styles a
//! profile's `Quirks` choose between (a leaf both the profiles and the
//! codecs read).

/// How the `idna` codec fails, by release
/// (`CodecRules::idna_errors`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdnaErrors {
    /// 3.6 to 3.12: a plain `UnicodeError` ("label empty or too long",
    /// "Invalid character 'x'", ...), the ACE prefix read as `xn--` only.
    UnicodeError,
    /// 3.13: `UnicodeEncodeError` or `UnicodeDecodeError` placed in the
    /// whole text ("label empty", "label too long", ...), the ACE prefix
    /// read in any case.
    WithPositions,
}

/// How `punycode` decoding fails, by release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PunycodeErrors {
    /// 3.6: `UnicodeError`, except an `IndexError` when the bad digit is
    /// the last byte (its message reads one past it).
    IndexBug,
    /// 3.7 to 3.12: `UnicodeError`, the part after the last `-` decoded as
    /// strict ASCII first.
    UnicodeError,
    /// 3.13: `UnicodeDecodeError` with positions; that part read as bytes.
    UnicodeDecodeError,
}

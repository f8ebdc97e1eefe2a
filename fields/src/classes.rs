//! The result classes of `urllib.parse` by name, and the names of their
//! items, as the calls protocol and the Python package name them.

use super::Field;

/// The result classes of `urllib.parse` by name, in the order it defines
/// them: `urlsplit`'s, `urlparse`'s and `urldefrag`'s, then their bytes
/// forms.
///
/// ```
/// use urlsyntax_fields::RESULT_NAMES;
/// assert_eq!(RESULT_NAMES[0], "SplitResult");
/// assert_eq!(RESULT_NAMES[5], "DefragResultBytes");
/// ```
pub const RESULT_NAMES: [&str; 6] = [
    "SplitResult",
    "ParseResult",
    "DefragResult",
    "SplitResultBytes",
    "ParseResultBytes",
    "DefragResultBytes",
];

/// The item names of the result class `name` (its `_fields`), `None` for
/// a name not in [`RESULT_NAMES`].
///
/// ```
/// use urlsyntax_fields::result_items;
/// assert_eq!(result_items("SplitResultBytes").map(<[_]>::len), Some(5));
/// assert_eq!(result_items("ParseResult").unwrap()[3], "params");
/// assert_eq!(result_items("DefragResult"), Some(&["url", "fragment"][..]));
/// assert_eq!(result_items("Result"), None);
/// ```
pub fn result_items(name: &str) -> Option<&'static [&'static str]> {
    use Field::{Fragment, Netloc, Params, Path, Query, Scheme};
    const SPLIT: [&str; 5] = names([Scheme, Netloc, Path, Query, Fragment]);
    const PARSE: [&str; 6] = names([Scheme, Netloc, Path, Params, Query, Fragment]);
    const DEFRAG: [&str; 2] = ["url", Fragment.name()];
    match name.strip_suffix("Bytes").unwrap_or(name) {
        "SplitResult" => Some(&SPLIT),
        "ParseResult" => Some(&PARSE),
        "DefragResult" => Some(&DEFRAG),
        _ => None,
    }
}

/// The names of `fields`.
const fn names<const N: usize>(fields: [Field; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = fields[i].name();
        i += 1;
    }
    out
}

//! The character classes of Neturl's parts under a syntax: what the
//! reader (`parse.rs`) scans each part with and the checks
//! (`validate.rs`) hold each part to, built at compile time from the
//! grammar's categories (`grammar::neturl`).

use super::Syntax;
use crate::grammar::neturl::{self as g, Cats, Classes};

/// The scheme's class.
pub(crate) static SCHEME: Classes = Classes::of(&g::SCHEME);
pub(crate) static LOGIN: Classes = Classes::of(&g::LOGIN);
pub(crate) static HOST: Classes = Classes::of(&g::HOST);
pub(crate) static IPV6: Classes = Classes::of(&g::IPV6);

/// Which of Neturl's separators of the path-like parts are on under
/// `syn`: bit 0 `;` (params recognized), bit 1 `?` (queries), bit 2 `#`
/// (fragments).
fn separator_mask(syn: &Syntax) -> usize {
    usize::from(syn.param.recognized())
        | usize::from(syn.query.recognized()) << 1
        | usize::from(syn.fragment.recognized()) << 2
}

const fn separator_bytes(mask: usize) -> ([u8; 3], usize) {
    let mut out = [0; 3];
    let mut n = 0;
    let all = *b";?#";
    let mut i = 0;
    while i < 3 {
        if mask & (1 << i) != 0 {
            out[n] = all[i];
            n += 1;
        }
        i += 1;
    }
    (out, n)
}

const fn path_cats_of(mask: usize) -> Cats {
    let (bytes, n) = separator_bytes(mask);
    g::PATH.with_separators(bytes.split_at(n).0)
}

const fn other_cats_of(mask: usize) -> Cats {
    let (bytes, n) = separator_bytes(mask);
    Cats {
        accepted: g::OTHER.accepted.with_all(bytes.split_at(n).0),
        separators: g::OTHER.separators,
    }
}

/// [`path_cats`] for each separator mask, built at compile time.
static PATH_CLASSES: [Classes; 8] = [
    Classes::of(&path_cats_of(0)),
    Classes::of(&path_cats_of(1)),
    Classes::of(&path_cats_of(2)),
    Classes::of(&path_cats_of(3)),
    Classes::of(&path_cats_of(4)),
    Classes::of(&path_cats_of(5)),
    Classes::of(&path_cats_of(6)),
    Classes::of(&path_cats_of(7)),
];

/// [`other_cats`] for each separator mask.
static OTHER_CLASSES: [Classes; 8] = [
    Classes::of(&other_cats_of(0)),
    Classes::of(&other_cats_of(1)),
    Classes::of(&other_cats_of(2)),
    Classes::of(&other_cats_of(3)),
    Classes::of(&other_cats_of(4)),
    Classes::of(&other_cats_of(5)),
    Classes::of(&other_cats_of(6)),
    Classes::of(&other_cats_of(7)),
];

/// The class tables of the path-like parts under `syn`, for the parser,
/// which scans each part whole: [`path_cats`] (path and fragment; `/` is
/// a path character, the path is split at it afterwards), the same
/// without `;` as a separator (the params, split at `;` afterwards),
/// [`query_cats`] and [`other_cats`].
pub(crate) struct PartClasses {
    pub(crate) path: &'static Classes,
    pub(crate) param: &'static Classes,
    pub(crate) query: &'static Classes,
    pub(crate) other: &'static Classes,
}

pub(crate) fn part_classes(syn: &Syntax) -> PartClasses {
    let m = separator_mask(syn);
    PartClasses {
        path: &PATH_CLASSES[m],
        param: &PATH_CLASSES[m & !1],
        query: &PATH_CLASSES[m & 4],
        other: &OTHER_CLASSES[m],
    }
}

/// The categories of path components, params and fragments under `syn`:
/// the path characters, ended by the separators of the recognized parts.
/// (`/` is a path character: the path is scanned whole and split at `/`.)
pub(crate) fn path_cats(syn: &Syntax) -> &'static Classes {
    &PATH_CLASSES[separator_mask(syn)]
}

/// The categories of the query: only `#` (when fragments are recognized)
/// ends it.
pub(crate) fn query_cats(syn: &Syntax) -> &'static Classes {
    &PATH_CLASSES[separator_mask(syn) & 4]
}

/// The categories of `other`: the path characters without `~`, plus the
/// separators of the recognized parts as ordinary characters.
pub(crate) fn other_cats(syn: &Syntax) -> &'static Classes {
    &OTHER_CLASSES[separator_mask(syn)]
}

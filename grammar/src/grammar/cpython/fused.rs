//! The named fast path of [`super::url_parts`]: the cuts of `scheme`,
//! `netloc` and `path-query-fragment` found in one left-to-right pass over
//! bitmaps of 64 bytes at a time. A property test and a fuzz target hold it
//! equal to the composition.

use crate::scan::{
    bits_from, find_any, head_16, scheme_run_at_head, split_masks, split_masks_short, tail_is_plain,
};

/// Where [`split_fused`] cuts a URL: byte offsets into it, a missing part
/// standing as an empty range (no `Option` to test on the way to the
/// slices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cuts {
    /// The scheme is `url[..scheme]` (0: none), and a `:` follows it.
    pub scheme: usize,
    /// The scheme has an uppercase letter (it needs lowercasing).
    pub scheme_has_upper: bool,
    /// The netloc is `url[start..end]`, after `//` (`(0, 0)` without).
    pub netloc: (usize, usize),
    /// The netloc holds `[`, `]` or a non-ASCII character, which CPython
    /// checks (brackets, NFKC).
    pub netloc_needs_checks: bool,
    /// The path is `url[path..path_end]`; `path_end` is the `?` that
    /// starts the query, or else `query_end`.
    pub path: usize,
    /// See `path`.
    pub path_end: usize,
    /// The query is `url[path_end + 1..query_end]` (empty when `path_end
    /// == query_end`); `query_end` is the `#` that starts the fragment,
    /// or else the end. The fragment is what follows that `#`.
    pub query_end: usize,
    /// The URL may hold a `;` (which may start `urlparse`'s params): false
    /// only when [`split_fused`] was asked to look (`SEMICOLON`) and found
    /// none.
    pub may_have_semicolon: bool,
}

impl Cuts {
    /// The URL has a netloc (`//`, even before nothing).
    #[inline(always)]
    pub fn has_netloc(&self) -> bool {
        self.netloc.1 != 0
    }

    /// The URL has a query (a `?`, even before nothing).
    #[inline(always)]
    pub fn has_query(&self) -> bool {
        self.path_end < self.query_end
    }

    /// The URL, `len` bytes long, has a fragment (a `#`, even before
    /// nothing).
    #[inline(always)]
    pub fn has_fragment(&self, len: usize) -> bool {
        self.query_end < len
    }

    /// The scheme, netloc, path, query and fragment of `url`, these cuts
    /// of it.
    #[inline(always)]
    pub fn parts(self, url: &str) -> [&str; 5] {
        // Cut from the end, one split a cut: every cut is at 0, the end or
        // an ASCII delimiter, and the delimiters are stripped as characters
        // (fewer char-boundary checks than slicing each part from `url`).
        let (rest, query, fragment) = if self.path_end == url.len() {
            // Neither query nor fragment, as in most URLs.
            (url, "", "")
        } else {
            let (rest, fragment) = url.split_at(self.query_end);
            let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
            let (rest, query) = rest.split_at(self.path_end);
            (rest, query.strip_prefix('?').unwrap_or(query), fragment)
        };
        let (rest, path) = rest.split_at(self.path);
        let netloc = if self.netloc.1 == 0 {
            ""
        } else {
            &rest[self.netloc.0..]
        };
        [&rest[..self.scheme], netloc, path, query, fragment]
    }
}

/// The named fast path of [`url_parts`](super::url_parts): the same cuts in one left-to-right
/// pass: the cuts [`scheme`](super::scheme), [`netloc`](super::netloc) and
/// [`path_query_fragment`](super::path_query_fragment) make in turn, found in bitmaps of 64 bytes at
/// a time ([`split_masks`]) instead of one scan per rule. `None` when the
/// URL holds a tab, CR or LF: CPython removes those first, and the cuts
/// of what remains are not the cuts of `url`. With `SEMICOLON`, the same
/// pass says whether the URL holds a `;` ([`Cuts::may_have_semicolon`]).
#[inline(always)]
pub fn split_fused<const SEMICOLON: bool>(
    url: &str,
    allow_fragments: bool,
    must_start_with_letter: bool,
) -> Option<Cuts> {
    let b = url.as_bytes();
    let len = b.len();
    // The scheme, as `scheme` takes it: the run of scheme characters from
    // the start, when a `:` ends it.
    // A URL shorter than 16 bytes is padded once, for the scheme and the
    // bitmaps.
    let head = head_16(b);
    let (n, upper) = scheme_run_at_head(b, &head);
    let has_scheme =
        n > 0 && n < len && b[n] == b':' && (!must_start_with_letter || b[0].is_ascii_alphabetic());
    // Two copies of what follows, one a branch: most URLs have a scheme,
    // and a predicted branch does not wait for the scheme's end as a
    // conditional move would.
    if has_scheme {
        after_scheme::<SEMICOLON>(b, &head, n, upper, allow_fragments)
    } else {
        after_scheme::<SEMICOLON>(b, &head, 0, false, allow_fragments)
    }
}

/// [`split_fused`] after the scheme, `b[..scheme]` (0: none).
#[inline(always)]
fn after_scheme<const SEMICOLON: bool>(
    b: &[u8],
    head: &[u8; 16],
    scheme: usize,
    upper: bool,
    allow_fragments: bool,
) -> Option<Cuts> {
    let len = b.len();
    let mut cuts = Cuts {
        scheme,
        scheme_has_upper: upper,
        netloc: (0, 0),
        netloc_needs_checks: false,
        path: if scheme > 0 { scheme + 1 } else { 0 },
        path_end: len,
        query_end: len,
        may_have_semicolon: !SEMICOLON,
    };
    let netloc_start = b[cuts.path..].starts_with(b"//").then_some(cuts.path + 2);
    if len <= 64 {
        // One block: every cut is a bit operation on its bitmaps.
        let m = match len < 16 {
            true => split_masks_short::<SEMICOLON>(b, head),
            false => split_masks::<SEMICOLON>(b, 0),
        };
        if m.tab_cr_lf != 0 {
            return None;
        }
        cuts.may_have_semicolon |= m.semicolon != 0;
        let m = [m.netloc_end, m.question, m.hash, m.netloc_check];
        cut_one_block(m, len, netloc_start, allow_fragments, &mut cuts);
        return Some(cuts);
    }
    // Longer: the first block by its bitmaps; when the netloc (if any)
    // ends in it, the rest by a test or by scans for the few bytes that
    // still matter.
    let first = split_masks::<SEMICOLON>(b, 0);
    if first.tab_cr_lf != 0 {
        return None;
    }
    let netloc_ends_in_first =
        netloc_start.is_none_or(|start| first.netloc_end & bits_from(start) != 0);
    if netloc_ends_in_first {
        let m = [
            first.netloc_end,
            first.question,
            first.hash,
            first.netloc_check,
        ];
        if len <= 128 && tail_is_plain::<SEMICOLON>(b, 64) {
            // No `?`, `#` or control byte (nor `;`) in the rest: the first
            // block's bitmaps cut the whole URL.
            cuts.may_have_semicolon |= first.semicolon != 0;
            cut_one_block(m, len, netloc_start, allow_fragments, &mut cuts);
            return Some(cuts);
        }
        if SEMICOLON {
            cuts.may_have_semicolon = first.semicolon != 0 || find_any(&b[64..], [b';']).is_some();
        }
        cut_one_block(m, 64, netloc_start, allow_fragments, &mut cuts);
        return cut_after_first_block(b, allow_fragments, cuts);
    }
    if len <= 128 {
        // A netloc past the first block: two blocks, as one of 128 bits.
        let (lo, hi) = (first, split_masks::<SEMICOLON>(b, 64));
        if hi.tab_cr_lf != 0 {
            return None;
        }
        cuts.may_have_semicolon |= lo.semicolon | hi.semicolon != 0;
        let wide = |lo: u64, hi: u64| u128::from(lo) | u128::from(hi) << 64;
        let m = [
            wide(lo.netloc_end, hi.netloc_end),
            wide(lo.question, hi.question),
            wide(lo.hash, hi.hash),
            wide(lo.netloc_check, hi.netloc_check),
        ];
        cut_one_block(m, len, netloc_start, allow_fragments, &mut cuts);
        return Some(cuts);
    }
    // While the netloc's end is not found, where it started; then where
    // `?` and `#` are looked for, until the fragment (or, without
    // fragments, the query) is found.
    let mut netloc_from = netloc_start;
    let mut rest_from = match netloc_from {
        Some(_) => None,
        None => Some(cuts.path),
    };
    let mut question_at = None;
    let mut hash_at = None;
    let mut base = 0;
    while base < len {
        let m = split_masks::<SEMICOLON>(b, base);
        if m.tab_cr_lf != 0 {
            return None;
        }
        cuts.may_have_semicolon |= m.semicolon != 0;
        if let Some(start) = netloc_from {
            let from = bits_from(start.saturating_sub(base));
            let ends = m.netloc_end & from;
            let inside = if ends == 0 {
                from
            } else {
                from & !bits_from(ends.trailing_zeros() as usize)
            };
            cuts.netloc_needs_checks |= m.netloc_check & inside != 0;
            if ends != 0 {
                let end = base + ends.trailing_zeros() as usize;
                cuts.netloc = (start, end);
                cuts.path = end;
                netloc_from = None;
                rest_from = Some(end);
            }
        }
        if let Some(from) = rest_from {
            let from = bits_from(from.saturating_sub(base));
            let hash = if allow_fragments { m.hash & from } else { 0 };
            if question_at.is_none() {
                let question = m.question & from & hash.below_first();
                if question != 0 {
                    question_at = Some(base + question.trailing_zeros() as usize);
                }
            }
            if hash != 0 {
                hash_at = Some(base + hash.trailing_zeros() as usize);
                rest_from = None;
            } else if !allow_fragments && question_at.is_some() {
                rest_from = None;
            }
        }
        base += 64;
    }
    if let Some(start) = netloc_from {
        cuts.netloc = (start, len);
        cuts.path = len;
    }
    cuts.query_end = hash_at.unwrap_or(len);
    cuts.path_end = question_at.unwrap_or(cuts.query_end);
    Some(cuts)
}

/// The cuts of a URL of more than 64 bytes, given `cuts` of its first 64
/// (as [`cut_one_block`] makes them, the netloc ending there): where `?`
/// and `#` are after them, if still to find, and `None` when the rest
/// holds a tab, CR or LF. Scans for the few bytes that still matter,
/// stopping at each, instead of bitmaps of every delimiter.
#[inline(always)]
fn cut_after_first_block(b: &[u8], allow_fragments: bool, mut cuts: Cuts) -> Option<Cuts> {
    const WS: [u8; 3] = [b'\t', b'\r', b'\n'];
    let len = b.len();
    // A function, not a closure: a closure here was left out of line.
    #[inline(always)]
    fn no_ws(b: &[u8], from: usize) -> bool {
        find_any(&b[from..], WS).is_none()
    }
    // Past the first block: ends of `?` and `#` searches not yet found.
    let mut at = 64.max(cuts.path);
    let hash_found = allow_fragments && cuts.query_end < 64;
    if hash_found {
        // The query (if any) ended before it too.
        return no_ws(b, at).then_some(cuts);
    }
    cuts.query_end = len;
    let question_found = cuts.path_end < 64;
    if !question_found {
        let hit = match allow_fragments {
            true => find_any(&b[at..], [b'?', b'#', b'\t', b'\r', b'\n']),
            false => find_any(&b[at..], [b'?', b'\t', b'\r', b'\n']),
        };
        match hit.map(|i| (at + i, b[at + i])) {
            None => {
                cuts.path_end = len;
                return Some(cuts);
            }
            Some((i, b'?')) => {
                cuts.path_end = i;
                at = i + 1;
            }
            Some((i, b'#')) => {
                (cuts.path_end, cuts.query_end) = (i, i);
                return no_ws(b, i + 1).then_some(cuts);
            }
            Some(_) => return None,
        }
    }
    if !allow_fragments {
        return no_ws(b, at).then_some(cuts);
    }
    match find_any(&b[at..], [b'#', b'\t', b'\r', b'\n']).map(|i| (at + i, b[at + i])) {
        None => Some(cuts),
        Some((i, b'#')) => {
            cuts.query_end = i;
            no_ws(b, i + 1).then_some(cuts)
        }
        Some(_) => None,
    }
}

/// A bitmap of a whole URL, one bit a byte: 64 or 128 bits.
trait Bitmap:
    Copy + PartialEq + std::ops::BitAnd<Output = Self> + std::ops::Not<Output = Self>
{
    const NONE: Self;
    /// The bits at positions `from` and up.
    fn starting_at(from: usize) -> Self;
    /// The position of the lowest bit.
    fn first(self) -> usize;
    /// The bits below the lowest bit (all of them without one).
    fn below_first(self) -> Self;
}

impl Bitmap for u64 {
    const NONE: u64 = 0;
    #[inline(always)]
    fn starting_at(from: usize) -> u64 {
        bits_from(from)
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn below_first(self) -> u64 {
        self.wrapping_sub(1) & !self
    }
}

impl Bitmap for u128 {
    const NONE: u128 = 0;
    #[inline(always)]
    fn starting_at(from: usize) -> u128 {
        u32::try_from(from)
            .ok()
            .and_then(|from| u128::MAX.checked_shl(from))
            .unwrap_or(0)
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn below_first(self) -> u128 {
        self.wrapping_sub(1) & !self
    }
}

/// The cuts of a URL of `len` bytes from the bitmaps of all of it
/// (`[netloc_end, question, hash, netloc_check]` of [`split_masks`]),
/// after the scheme: every cut a bit operation.
#[inline(always)]
fn cut_one_block<B: Bitmap>(
    [netloc_end, question, hash, netloc_check]: [B; 4],
    len: usize,
    netloc_start: Option<usize>,
    allow_fragments: bool,
    cuts: &mut Cuts,
) {
    if let Some(start) = netloc_start {
        let from = B::starting_at(start);
        let ends = netloc_end & from;
        let end = if ends == B::NONE { len } else { ends.first() };
        cuts.netloc = (start, end);
        // Most URLs hold no byte to check, nor a `?` or `#`: a branch
        // taken the same way nearly every time skips the bit work.
        if netloc_check != B::NONE {
            cuts.netloc_needs_checks = netloc_check & from & !B::starting_at(end) != B::NONE;
        }
        cuts.path = end;
    }
    if question == B::NONE && hash == B::NONE {
        // `path_end` and `query_end` stay at the end.
        return;
    }
    let from = B::starting_at(cuts.path);
    let hash = if allow_fragments {
        hash & from
    } else {
        B::NONE
    };
    let question = question & from & hash.below_first();
    cuts.query_end = if hash == B::NONE { len } else { hash.first() };
    cuts.path_end = if question == B::NONE {
        cuts.query_end
    } else {
        question.first()
    };
}

//! The bitmaps of a URL block that CPython's `urlsplit` cuts at (the scan
//! under the fused split), and the run of scheme characters at its start.

use super::pad::padded_16;

/// Bitmaps of one block of at most 64 bytes of a URL (bit `i` stands for
/// byte `i` of the block): the bytes CPython's `urlsplit` cuts at, or that
/// send it down a slower road.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitMasks {
    /// `/`, `?` or `#`: what ends a netloc (`_splitnetloc`'s delimiters).
    pub netloc_end: u64,
    /// `?`: what starts a query.
    pub question: u64,
    /// `#`: what starts a fragment.
    pub hash: u64,
    /// `[`, `]` or a byte of a non-ASCII character: a netloc holding one
    /// needs the bracket and NFKC checks.
    pub netloc_check: u64,
    /// Tab, CR or LF: `urlsplit` removes them before anything else.
    pub tab_cr_lf: u64,
    /// `;`, which may start `urlparse`'s params (only looked for when
    /// asked; else clear).
    pub semicolon: u64,
}

/// The bitmaps one pass of compares yields for 16 (or 64) bytes; the
/// rare bytes are sorted out afterwards, one by one.
#[derive(Clone, Copy, Default)]
pub(super) struct Marks {
    /// `/`, `?` or `#`.
    pub(super) delim: u64,
    /// `?`, `#`, bytes below 0x20 (controls, tab, CR, LF), from 0x80 up
    /// (non-ASCII), `[` and `]` (and `;` when asked for): rare in URLs
    /// (most have no query), each needs a look.
    pub(super) rare: u64,
    /// The bytes from 0x80 up, among `rare`: they need no look (all go to
    /// `netloc_check`), and a non-ASCII path has many. Set only when
    /// `rare` is.
    pub(super) high: u64,
}

impl Marks {
    #[cfg_attr(
        all(target_arch = "x86_64", not(feature = "portable-scan")),
        allow(dead_code)
    )]
    #[inline(always)]
    fn or_shifted(mut self, other: Marks, shift: u32) -> Marks {
        self.delim |= other.delim << shift;
        self.rare |= other.rare << shift;
        self.high |= other.high << shift;
        self
    }

    /// Keeps the bits of the first `len` bytes (`len` < 64): the padding
    /// of a short string is no rare byte.
    #[inline(always)]
    fn keep(mut self, len: usize) -> Marks {
        let keep = (1 << len) - 1;
        self.delim &= keep;
        self.rare &= keep;
        self.high &= keep;
        self
    }

    #[inline(always)]
    fn shr(mut self, n: u32) -> Marks {
        self.delim >>= n;
        self.rare >>= n;
        self.high >>= n;
        self
    }
}

/// [`Marks`] of 16 bytes, one SSE2 compare per needle (SSE2 is part of
/// every x86-64 processor).
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
pub(super) fn chunk_marks<const SEMICOLON: bool>(chunk: &[u8; 16]) -> Marks {
    use safe_arch::{load_unaligned_m128i, move_mask_i8_m128i as bits};
    let v = load_unaligned_m128i(chunk);
    let mask = |m| u64::from(bits(m) as u16);
    let (delim, rare) = delim_and_rare_bytes::<SEMICOLON>(v);
    Marks {
        delim: mask(delim),
        rare: mask(rare),
        // The top bit of each byte.
        high: mask(v),
    }
}

/// The delimiters and the rare bytes of `v` (see [`Marks`]), as compare
/// results.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn delim_and_rare_bytes<const SEMICOLON: bool>(
    v: safe_arch::m128i,
) -> (safe_arch::m128i, safe_arch::m128i) {
    use safe_arch::{
        bitor_m128i as or, cmp_eq_mask_i8_m128i as eq, cmp_lt_mask_i8_m128i as lt,
        set_splat_i8_m128i as splat,
    };
    let is = |b: u8| eq(v, splat(b as i8));
    let query_or_fragment = or(is(b'?'), is(b'#'));
    // As signed bytes, 0x80..=0xff are negative: one compare below 0x20
    // takes the controls and the non-ASCII bytes.
    let rare = or(
        or(lt(v, splat(0x20)), query_or_fragment),
        or(is(b'['), is(b']')),
    );
    let rare = if SEMICOLON { or(rare, is(b';')) } else { rare };
    (or(is(b'/'), query_or_fragment), rare)
}

/// [`Marks`] of 16 bytes, a byte at a time (targets other than x86-64,
/// and the reference the SSE2 version is tested against).
#[cfg_attr(
    all(target_arch = "x86_64", not(feature = "portable-scan")),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn chunk_marks_portable<const SEMICOLON: bool>(chunk: &[u8; 16]) -> Marks {
    let mut m = Marks::default();
    for (i, &b) in chunk.iter().enumerate() {
        let bit = 1u64 << i;
        let set = |on: bool| if on { bit } else { 0 };
        m.delim |= set(matches!(b, b'/' | b'?' | b'#'));
        m.rare |= set(!(0x20..0x80).contains(&b)
            || matches!(b, b'[' | b']' | b'?' | b'#')
            || (SEMICOLON && b == b';'));
        m.high |= set(b >= 0x80);
    }
    m
}

#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
use chunk_marks_portable as chunk_marks;

/// The [`Marks`] of `s[start..]`'s first 64 bytes when there are at least
/// 16: four chunks whatever the length, the last ones pulled back to end
/// at the end of `s` (a byte seen twice lands on the same bit, and no
/// branch depends on the length).
#[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
#[inline(always)]
fn four_chunks<const SEMICOLON: bool>(s: &[u8], start: usize) -> Marks {
    let last = s.len() - 16;
    let mut m = Marks::default();
    for k in 0..4 {
        let at = (start + 16 * k).min(last);
        let chunk = chunk_marks::<SEMICOLON>(s[at..at + 16].try_into().expect("16 bytes"));
        m = m.or_shifted(chunk, (at - start) as u32);
    }
    m
}

/// [`four_chunks`] with SSE2; the rare bytes, usually none, are first
/// looked for in all four chunks at once.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn four_chunks<const SEMICOLON: bool>(s: &[u8], start: usize) -> Marks {
    use safe_arch::{
        bitor_m128i as or, load_unaligned_m128i, move_mask_i8_m128i as bits, zeroed_m128i,
    };
    let last = s.len() - 16;
    let mask = |m| u64::from(bits(m) as u16);
    let mut m = Marks::default();
    let mut rare = [zeroed_m128i(); 4];
    let mut shifts = [0u32; 4];
    let mut any_rare = zeroed_m128i();
    for k in 0..4 {
        let at = (start + 16 * k).min(last);
        let v = load_unaligned_m128i(s[at..at + 16].try_into().expect("16 bytes"));
        let shift = (at - start) as u32;
        let (delim, rare_k) = delim_and_rare_bytes::<SEMICOLON>(v);
        m.delim |= mask(delim) << shift;
        rare[k] = rare_k;
        any_rare = or(any_rare, rare[k]);
        shifts[k] = shift;
    }
    if bits(any_rare) != 0 {
        for k in 0..4 {
            m.rare |= mask(rare[k]) << shifts[k];
            // The top bit of each byte, loaded again (fewer registers held
            // on the way of URLs without rare bytes).
            let at = start + shifts[k] as usize;
            let v = load_unaligned_m128i(s[at..at + 16].try_into().expect("16 bytes"));
            m.high |= mask(v) << shifts[k];
        }
    }
    m
}

/// The [`Marks`] of `s[start..]`'s first 64 bytes (fewer at the end of `s`;
/// bits past the end are clear).
#[inline(always)]
fn block_marks<const SEMICOLON: bool>(s: &[u8], start: usize) -> Marks {
    let avail = s.len() - start;
    if avail >= 16 {
        four_chunks::<SEMICOLON>(s, start)
    } else if s.len() >= 16 {
        // The end of a long string: its last 16 bytes, those before
        // `start` shifted out.
        let from = s.len() - 16;
        chunk_marks::<SEMICOLON>(s[from..].try_into().expect("16 bytes")).shr((start - from) as u32)
    } else {
        // A string shorter than 16 bytes, padded with NUL (not a needle;
        // its `rare` bits are dropped).
        chunk_marks::<SEMICOLON>(&padded_16(&s[start..])).keep(avail)
    }
}

/// The [`SplitMasks`] of `s[start..]`'s first 64 bytes (fewer at the end
/// of `s`; bits past the end are clear).
#[inline(always)]
pub fn split_masks<const SEMICOLON: bool>(s: &[u8], start: usize) -> SplitMasks {
    sort_out_rare_bytes(s, start, block_marks::<SEMICOLON>(s, start))
}

/// [`split_masks`] of a string shorter than 16 bytes, from its bytes
/// padded to 16 ([`head_16`], taken once for the scheme too).
#[inline(always)]
pub fn split_masks_short<const SEMICOLON: bool>(s: &[u8], head: &[u8; 16]) -> SplitMasks {
    debug_assert!(s.len() < 16);
    sort_out_rare_bytes(s, 0, chunk_marks::<SEMICOLON>(head).keep(s.len()))
}

/// The [`SplitMasks`] of the block of `s` at `start` whose [`Marks`] are
/// `m`: the rare bytes sorted out one by one.
#[inline(always)]
fn sort_out_rare_bytes(s: &[u8], start: usize, m: Marks) -> SplitMasks {
    let mut masks = SplitMasks {
        netloc_end: m.delim,
        netloc_check: m.high,
        ..SplitMasks::default()
    };
    let mut rare = m.rare & !m.high;
    while rare != 0 {
        let i = rare.trailing_zeros();
        let bit = 1 << i;
        match s[start + i as usize] {
            b'?' => masks.question |= bit,
            b'#' => masks.hash |= bit,
            b'\t' | b'\r' | b'\n' => masks.tab_cr_lf |= bit,
            b';' => masks.semicolon |= bit,
            b'[' | b']' => masks.netloc_check |= bit,
            _ => {}
        }
        rare &= rare - 1;
    }
    masks
}

/// Whether `s[start..]` (1 to 64 bytes) holds none of `?`, `#`, a
/// control byte below 0x20 (tab, CR, LF among them) and, with
/// `SEMICOLON`, `;`: then the cuts of a URL whose netloc ended before
/// `start` are all before it. Four chunks' compares joined, one test
/// (no bitmap to build).
#[inline(always)]
pub fn tail_is_plain<const SEMICOLON: bool>(s: &[u8], start: usize) -> bool {
    debug_assert!(start < s.len() && s.len() - start <= 64);
    #[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
    {
        use safe_arch::{
            bitor_m128i as or, cmp_eq_mask_i8_m128i as eq, load_unaligned_m128i, min_u8_m128i,
            move_mask_i8_m128i as bits, set_splat_i8_m128i as splat, zeroed_m128i,
        };
        // Functions, not closures, here and below: closures in these scans
        // were left out of line.
        #[inline(always)]
        fn stops<const SEMICOLON: bool>(s: &[u8], at: usize) -> safe_arch::m128i {
            let v = load_unaligned_m128i(s[at..at + 16].try_into().expect("16 bytes"));
            // Below 0x20 as unsigned bytes: `min(v, 0x1f) == v`.
            let control = eq(min_u8_m128i(v, splat(0x1f)), v);
            let m = or(
                control,
                or(eq(v, splat(b'?' as i8)), eq(v, splat(b'#' as i8))),
            );
            if SEMICOLON {
                or(m, eq(v, splat(b';' as i8)))
            } else {
                m
            }
        }
        let last = s.len() - 16;
        if s.len() - start >= 16 {
            // Chunks from `start`, the last ones pulled back to end at the
            // end (all within `s[start..]`).
            let mut any = zeroed_m128i();
            for k in 0..4 {
                any = or(any, stops::<SEMICOLON>(s, (start + 16 * k).min(last)));
            }
            bits(any) == 0
        } else {
            // The last 16 bytes, those before `start` left out.
            (bits(stops::<SEMICOLON>(s, last)) as u32) >> (start - last) == 0
        }
    }
    #[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
    {
        !s[start..]
            .iter()
            .any(|&c| c < 0x20 || c == b'?' || c == b'#' || (SEMICOLON && c == b';'))
    }
}

/// The length of the run of scheme characters
/// (`ALPHA / DIGIT / "+" / "-" / "."`) at the start of `s`, and whether
/// one of them is an uppercase letter.
#[inline(always)]
pub fn scheme_run(s: &[u8]) -> (usize, bool) {
    scheme_run_at_head(s, &head_16(s))
}

/// The first 16 bytes of `s`, padded with NUL when it is shorter: the
/// chunk both [`scheme_run_at_head`] and [`split_masks_short`] start from
/// (a short string is padded once).
#[inline(always)]
pub fn head_16(s: &[u8]) -> [u8; 16] {
    match s.get(..16) {
        Some(head) => head.try_into().expect("16 bytes"),
        None => padded_16(s),
    }
}

/// [`scheme_run`] of `s`, whose first 16 bytes (padded) are `head`.
#[inline(always)]
pub fn scheme_run_at_head(s: &[u8], head: &[u8; 16]) -> (usize, bool) {
    #[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
    {
        let (mut n, mut upper) = chunk_scheme_run(head);
        if n < 16 {
            return (n, upper);
        }
        // 16 bytes a step: a host name without a scheme is a long run.
        loop {
            // NUL, the padding of a short rest, ends a run.
            let (run, up) = chunk_scheme_run(&head_16(&s[n..]));
            n += run;
            upper |= up;
            if run < 16 {
                break;
            }
        }
        (n, upper)
    }
    #[cfg(any(not(target_arch = "x86_64"), feature = "portable-scan"))]
    {
        let _ = head;
        let n = s
            .iter()
            .take_while(|&&b| crate::grammar::chars::SCHEME_REST.contains(b))
            .count();
        (n, s[..n].iter().any(u8::is_ascii_uppercase))
    }
}

/// [`scheme_run`] of 16 bytes, with range compares: the run, and whether
/// an uppercase letter is in it.
#[cfg(all(target_arch = "x86_64", not(feature = "portable-scan")))]
#[inline(always)]
fn chunk_scheme_run(chunk: &[u8; 16]) -> (usize, bool) {
    use safe_arch::{
        bitor_m128i as or, cmp_eq_mask_i8_m128i as eq, load_unaligned_m128i, min_u8_m128i,
        move_mask_i8_m128i as bits, set_splat_i8_m128i as splat, sub_i8_m128i as sub,
    };
    let v = load_unaligned_m128i(chunk);
    // `lo <= b <= hi` as `min(b - lo, hi - lo) == b - lo` on unsigned bytes.
    let within = |x, lo: u8, hi: u8| {
        let d = sub(x, splat(lo as i8));
        eq(min_u8_m128i(d, splat((hi - lo) as i8)), d)
    };
    let is = |b: u8| eq(v, splat(b as i8));
    // ASCII letters are the bytes that land in `a..=z` with bit 5 set.
    let alpha = within(or(v, splat(0x20)), b'a', b'z');
    let scheme_char = or(
        or(alpha, within(v, b'0', b'9')),
        or(or(is(b'+'), is(b'-')), is(b'.')),
    );
    let run = (!(bits(scheme_char) as u32)).trailing_zeros().min(16) as usize;
    let upper = bits(within(v, b'A', b'Z')) as u32 & ((1u32 << run) - 1) != 0;
    (run, upper)
}

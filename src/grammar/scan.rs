//! Scanning for ASCII delimiters: a machine word at a time (the loop
//! inside the `take_till`-style combinators of [`super::cpython`]), and
//! 16 bytes at a time into per-byte bitmaps ([`split_masks`], the scan
//! under [`super::cpython::split_fused`], and [`needle_mask`], the one
//! under `parse_qsl`).

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` equal to `b`, as the high bit of each such byte;
/// exact for the lowest such byte (a borrow only marks bytes above a
/// match).
#[inline(always)]
fn eq_mask(word: u64, b: u8) -> u64 {
    let x = word ^ (LO * b as u64);
    x.wrapping_sub(LO) & !x & HI
}

/// The bytes of `word` that are one of `needles`, as [`eq_mask`] marks them.
#[inline(always)]
fn any_mask<const N: usize>(word: u64, needles: [u8; N]) -> u64 {
    let mut m = 0;
    for b in needles {
        m |= eq_mask(word, b);
    }
    m
}

/// The index of the first byte of `s` that is one of `needles` (ASCII
/// bytes): 16 bytes per step on x86-64 (SSE2), else a word at a time;
/// no call or dispatch, faster than `memchr` on the short strings URLs
/// are made of.
#[inline(always)]
pub fn find_any<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    debug_assert!(needles.iter().all(u8::is_ascii));
    #[cfg(target_arch = "x86_64")]
    if s.len() >= 16 {
        return find_any_sse2(s, needles);
    }
    find_any_swar(s, needles)
}

/// Whether `s` holds one of the bytes `needles` (ASCII or not): the scan
/// of [`find_any`], which is exact for any byte; only the index it gives
/// would not be a character boundary.
#[inline(always)]
pub fn contains_any<const N: usize>(s: &[u8], needles: [u8; N]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if s.len() >= 16 {
        return find_any_sse2(s, needles).is_some();
    }
    s.iter().fold(false, |hit, &c| {
        needles.iter().fold(hit, |hit, &n| hit | (n == c))
    })
}

/// [`find_any`] of a string of at least 16 bytes, 16 bytes per step.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn find_any_sse2<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    // A function, not a closure: a closure here was left out of line.
    #[inline(always)]
    fn hits<const N: usize>(s: &[u8], at: usize, needles: [u8; N]) -> u64 {
        lane_mask(s[at..at + LANE].try_into().expect("a lane"), needles)
    }
    let mut at = 0;
    // 64 bytes a step while there are: one test of four lanes' compares.
    while at + 64 <= s.len() {
        let m = lanes_4_mask(s[at..at + 64].try_into().expect("64 bytes"), needles);
        if m != 0 {
            return Some(at + m.trailing_zeros() as usize);
        }
        at += 64;
    }
    while at + 16 <= s.len() {
        let m = hits(s, at, needles);
        if m != 0 {
            return Some(at + m.trailing_zeros() as usize);
        }
        at += 16;
    }
    if at < s.len() {
        // The last 16 bytes, overlapping bytes already found to hold no needle.
        let m = hits(s, s.len() - 16, needles);
        if m != 0 {
            return Some(s.len() - 16 + m.trailing_zeros() as usize);
        }
    }
    None
}

/// The bytes [`needle_mask`] tests at once.
#[cfg(target_arch = "x86_64")]
const LANE: usize = 16;
#[cfg(not(target_arch = "x86_64"))]
const LANE: usize = 8;

/// Bit `i` set when `block[i]` is one of `needles`; `block` holds at most
/// 64 bytes.
#[inline(always)]
pub fn needle_mask<const N: usize>(block: &[u8], needles: [u8; N]) -> u64 {
    let lane = |at: usize| lane_mask(block[at..at + LANE].try_into().expect("a lane"), needles);
    let len = block.len();
    let mut mask = 0;
    let mut at = 0;
    while at + LANE <= len {
        mask |= lane(at) << at;
        at += LANE;
    }
    if at < len {
        if len >= LANE {
            // The last lane, overlapping bytes already tested.
            mask |= lane(len - LANE) >> (at + LANE - len) << at;
        } else {
            // Bits of the padding are dropped below.
            mask = lane_mask(&padded_lane(block), needles);
        }
    }
    if len < 64 {
        mask &= (1 << len) - 1;
    }
    mask
}

/// [`needle_mask`] of one lane: 16 compares at once (SSE2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lane_mask<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> u64 {
    safe_arch::move_mask_i8_m128i(lane_hits(lane, needles)) as u16 as u64
}

/// The bytes of one lane equal to one of `needles`, as a compare result.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lane_hits<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> safe_arch::m128i {
    use safe_arch::{
        bitor_m128i as or, cmp_eq_mask_i8_m128i as eq, load_unaligned_m128i,
        set_splat_i8_m128i as splat, zeroed_m128i,
    };
    let v = load_unaligned_m128i(lane);
    let mut m = zeroed_m128i();
    for b in needles {
        m = or(m, eq(v, splat(b as i8)));
    }
    m
}

/// Bit `i` set when `block[i]` is one of `needles`, for 64 bytes: the
/// four lanes' compares joined before a test, as most blocks hold none.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes_4_mask<const N: usize>(block: &[u8; 64], needles: [u8; N]) -> u64 {
    use safe_arch::{bitor_m128i as or, move_mask_i8_m128i as bits};
    // A function, not a closure: a closure here was left out of line.
    #[inline(always)]
    fn lane<const N: usize>(block: &[u8; 64], k: usize, needles: [u8; N]) -> safe_arch::m128i {
        lane_hits(
            block[16 * k..16 * k + 16].try_into().expect("a lane"),
            needles,
        )
    }
    let lanes = [
        lane(block, 0, needles),
        lane(block, 1, needles),
        lane(block, 2, needles),
        lane(block, 3, needles),
    ];
    if bits(or(or(lanes[0], lanes[1]), or(lanes[2], lanes[3]))) == 0 {
        return 0;
    }
    let mask = |m| u64::from(bits(m) as u16);
    mask(lanes[0]) | mask(lanes[1]) << 16 | mask(lanes[2]) << 32 | mask(lanes[3]) << 48
}

/// [`needle_mask`] of one lane: a word at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn lane_mask<const N: usize>(lane: &[u8; LANE], needles: [u8; N]) -> u64 {
    word_mask(lane, needles)
}

/// Bit `i` set when `word[i]` is one of `needles`, exact for every byte.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn word_mask<const N: usize>(word: &[u8; 8], needles: [u8; N]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let word = u64::from_le_bytes(*word);
    let mut high = 0;
    for b in needles {
        // The high bit of each zero byte of `x`, with no borrow between bytes.
        let x = word ^ (u64::from(b) * 0x0101_0101_0101_0101);
        high |= !(((x & LOW7) + LOW7) | x | LOW7);
    }
    low_bit_of_each_byte(high >> 7)
}

/// Bit 0 of byte k of `x` to bit k of the answer, for `x` whose bytes are
/// 0 or 1: one multiply sums the shifted copies into the top byte.
#[inline(always)]
pub fn low_bit_of_each_byte(x: u64) -> u64 {
    x.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// [`find_any`] a machine word (8 bytes) at a time.
#[inline(always)]
fn find_any_swar<const N: usize>(s: &[u8], needles: [u8; N]) -> Option<usize> {
    let word = |i: usize| u64::from_le_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let first = |base: usize, m: u64| base + (m.trailing_zeros() / 8) as usize;
    if s.len() < 8 {
        // Compares in line, without a branch a needle (`contains` on bytes
        // calls `memchr` for each byte).
        return s
            .iter()
            .position(|&c| needles.iter().fold(false, |hit, &n| hit | (n == c)));
    }
    let mut base = 0;
    while base + 8 <= s.len() {
        let m = any_mask(word(base), needles);
        if m != 0 {
            return Some(first(base, m));
        }
        base += 8;
    }
    if base < s.len() {
        // The last 8 bytes, overlapping bytes already found to hold no needle.
        let m = any_mask(word(s.len() - 8), needles);
        if m != 0 {
            return Some(first(s.len() - 8, m));
        }
    }
    None
}

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
struct Marks {
    /// `/`, `?` or `#`.
    delim: u64,
    /// `?`, `#`, bytes below 0x20 (controls, tab, CR, LF), from 0x80 up
    /// (non-ASCII), `[` and `]` (and `;` when asked for): rare in URLs
    /// (most have no query), each needs a look.
    rare: u64,
    /// The bytes from 0x80 up, among `rare`: they need no look (all go to
    /// `netloc_check`), and a non-ASCII path has many. Set only when
    /// `rare` is.
    high: u64,
}

impl Marks {
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
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
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn chunk_marks<const SEMICOLON: bool>(chunk: &[u8; 16]) -> Marks {
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
#[cfg(target_arch = "x86_64")]
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
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn chunk_marks_portable<const SEMICOLON: bool>(chunk: &[u8; 16]) -> Marks {
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

#[cfg(not(target_arch = "x86_64"))]
use chunk_marks_portable as chunk_marks;

/// The [`Marks`] of `s[start..]`'s first 64 bytes when there are at least
/// 16: four chunks whatever the length, the last ones pulled back to end
/// at the end of `s` (a byte seen twice lands on the same bit, and no
/// branch depends on the length).
#[cfg(not(target_arch = "x86_64"))]
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
#[cfg(target_arch = "x86_64")]
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
    #[cfg(target_arch = "x86_64")]
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
    #[cfg(not(target_arch = "x86_64"))]
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
    #[cfg(target_arch = "x86_64")]
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
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = head;
        let n = s
            .iter()
            .take_while(|&&b| super::chars::SCHEME_REST.contains(b))
            .count();
        (n, s[..n].iter().any(u8::is_ascii_uppercase))
    }
}

/// [`scheme_run`] of 16 bytes, with range compares: the run, and whether
/// an uppercase letter is in it.
#[cfg(target_arch = "x86_64")]
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

/// `s` (shorter than 16 bytes) padded with NUL to 16, from at most four
/// overlapping loads: a `copy_from_slice` of a length not known at compile
/// time is a call to `memcpy`, which costs more than the whole scan of a
/// short URL.
#[inline(always)]
pub fn padded_16(s: &[u8]) -> [u8; 16] {
    let len = s.len();
    debug_assert!(len < 16);
    let bytes: u128 = if len >= 8 {
        // The first 8 bytes, and the last 8 with those already taken shifted
        // out.
        let first = u64::from_le_bytes(s[..8].try_into().expect("8 bytes"));
        let last = u64::from_le_bytes(s[len - 8..].try_into().expect("8 bytes"));
        u128::from(first) | (u128::from(last) >> (8 * (16 - len))) << 64
    } else if len >= 4 {
        let first = u32::from_le_bytes(s[..4].try_into().expect("4 bytes"));
        let last = u32::from_le_bytes(s[len - 4..].try_into().expect("4 bytes"));
        u128::from(first) | (u128::from(last) >> (8 * (8 - len))) << 32
    } else if len > 0 {
        // Bytes 0, len / 2 and len - 1 are all the bytes of 1 to 3.
        u128::from(s[0])
            | u128::from(s[len / 2]) << (8 * (len / 2))
            | u128::from(s[len - 1]) << (8 * (len - 1))
    } else {
        0
    };
    bytes.to_le_bytes()
}

/// `s` (shorter than a lane) padded with NUL to a lane.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn padded_lane(s: &[u8]) -> [u8; LANE] {
    padded_16(s)
}
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn padded_lane(s: &[u8]) -> [u8; LANE] {
    padded_8(s)
}

/// `s` (shorter than 8 bytes) padded with NUL to 8, as [`padded_16`] pads.
#[inline(always)]
pub fn padded_8(s: &[u8]) -> [u8; 8] {
    debug_assert!(s.len() < 8);
    let p = padded_16(s);
    [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]]
}

/// The bits of a 64-bit block mask at positions `from` and up (`from` may
/// be past the block: no bits).
#[inline(always)]
pub fn bits_from(from: usize) -> u64 {
    u32::try_from(from)
        .ok()
        .and_then(|from| u64::MAX.checked_shl(from))
        .unwrap_or(0)
}
#[cfg(test)]
mod tests {
    use super::*;

    fn split_masks_by_hand(s: &[u8], start: usize, semicolon: bool) -> SplitMasks {
        let mut m = SplitMasks::default();
        for (i, &b) in s[start..].iter().take(64).enumerate() {
            let bit = 1u64 << i;
            let set = |on: bool| if on { bit } else { 0 };
            m.netloc_end |= set(matches!(b, b'/' | b'?' | b'#'));
            m.question |= set(b == b'?');
            m.hash |= set(b == b'#');
            m.netloc_check |= set(matches!(b, b'[' | b']') || b >= 0x80);
            m.tab_cr_lf |= set(matches!(b, b'\t' | b'\r' | b'\n'));
            m.semicolon |= set(semicolon && b == b';');
        }
        m
    }

    #[test]
    fn needle_masks_are_exact() {
        let needles = [b'&', b'=', b'%', b'\0'];
        let naive = |s: &[u8]| {
            s.iter()
                .enumerate()
                .filter(|(_, b)| needles.contains(b))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let bytes: Vec<u8> = (0..=255u8)
            .chain(*b"&&=%\0\0=&")
            .cycle()
            .take(600)
            .collect();
        for at in 0..bytes.len() - 64 {
            for len in 0..=64 {
                let s = &bytes[at..at + len];
                assert_eq!(needle_mask(s, needles), naive(s), "{at} {len}");
            }
            let w = bytes[at..at + 8].try_into().unwrap();
            assert_eq!(word_mask(w, needles), naive(w), "{at}");
        }
    }

    #[test]
    fn split_masks_mark_every_needle_at_every_offset() {
        // Every needle, its neighbours and high bytes, at every position
        // of strings of every length up to 150, from every start.
        let alphabet =
            b"/?#[];\t\r\n.\x2e\x30\x3e\x40\x5a\x5c\x5e\x08\x0b\x0c\x0e\x80\xc3\xff\x00a";
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for len in 0..150 {
            let s: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    alphabet[(x % alphabet.len() as u64) as usize]
                })
                .collect();
            for start in 0..=len {
                assert_eq!(
                    split_masks::<false>(&s, start),
                    split_masks_by_hand(&s, start, false),
                    "{s:?} from {start}"
                );
                assert_eq!(
                    split_masks::<true>(&s, start),
                    split_masks_by_hand(&s, start, true),
                    "{s:?} from {start}"
                );
            }
        }
    }

    #[test]
    fn portable_chunk_marks_agree_with_the_target_ones() {
        let mut chunk = [0u8; 16];
        for b in 0..=255u8 {
            for i in 0..16 {
                chunk.fill(b'a');
                chunk[i] = b;
                let (m, p) = (
                    chunk_marks::<false>(&chunk),
                    chunk_marks_portable::<false>(&chunk),
                );
                assert_eq!((m.delim, m.rare), (p.delim, p.rare), "{b} at {i}");
                let (m, p) = (
                    chunk_marks::<true>(&chunk),
                    chunk_marks_portable::<true>(&chunk),
                );
                assert_eq!((m.delim, m.rare), (p.delim, p.rare), "{b} at {i}");
            }
        }
    }

    #[test]
    fn scheme_run_stops_at_the_first_other_byte() {
        let by_hand = |s: &[u8]| {
            let n = s
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
                .count();
            (n, s[..n].iter().any(u8::is_ascii_uppercase))
        };
        for b in 0..=255u8 {
            for len in [0, 1, 5, 15, 16, 17, 40] {
                for at in 0..len {
                    let mut s = b"aZ9+-.".repeat(8)[..len].to_vec();
                    s[at] = b;
                    assert_eq!(scheme_run(&s), by_hand(&s), "{b} at {at} of {len}");
                    s.make_ascii_lowercase();
                    assert_eq!(scheme_run(&s), by_hand(&s), "{b} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn padded_16_is_the_bytes_then_nul() {
        let src: Vec<u8> = (1..=16).collect();
        for len in 0..16 {
            let mut want = [0u8; 16];
            want[..len].copy_from_slice(&src[..len]);
            assert_eq!(padded_16(&src[..len]), want, "{len}");
            if len < 8 {
                assert_eq!(padded_8(&src[..len])[..], want[..8], "{len}");
            }
        }
    }

    #[test]
    fn contains_any_sees_high_bytes() {
        for len in 0..40 {
            for at in 0..len {
                let mut s = vec![b'a'; len];
                assert!(!contains_any(&s, [0xe2, 0xef]));
                for b in [0xe2, 0xef] {
                    s[at] = b;
                    assert!(contains_any(&s, [0xe2, 0xef]), "{b} at {at} of {len}");
                    s[at] = b + 1;
                    assert!(!contains_any(&s, [0xe2, 0xef]), "{b} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn tail_is_plain_sees_every_stop_past_start_only() {
        for len in 65..=128usize {
            for start in [64, len - 1, len - 16, len.saturating_sub(40).max(64)] {
                if start >= len || len - start > 64 {
                    continue;
                }
                let plain = vec![b'a'; len];
                assert!(tail_is_plain::<false>(&plain, start), "{len} {start}");
                for at in 0..len {
                    for b in [
                        b'?', b'#', b'\t', b'\n', b'\r', 0, 0x1f, b';', 0x80, 0xff, b' ',
                    ] {
                        let mut s = plain.clone();
                        s[at] = b;
                        let stop = at >= start && (b < 0x20 || b == b'?' || b == b'#');
                        assert_eq!(
                            tail_is_plain::<false>(&s, start),
                            !stop,
                            "{b} at {at} {len} {start}"
                        );
                        let stop = stop || (at >= start && b == b';');
                        assert_eq!(
                            tail_is_plain::<true>(&s, start),
                            !stop,
                            "{b} at {at} {len} {start}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bits_from_edges() {
        assert_eq!(bits_from(0), !0);
        assert_eq!(bits_from(63), 1 << 63);
        assert_eq!(bits_from(64), 0);
        assert_eq!(bits_from(1000), 0);
    }

    #[test]
    fn find_any_finds_the_first() {
        let hay = b"0123456789abcdef/ghijkl?mnop#qrstuvwxyz\t0123456789abcdef0123456789?";
        for len in 0..=hay.len() {
            for needles in [
                [b'/', b'?', b'#'],
                [b'#', b'#', b'#'],
                [b'\t', b'\r', b'\n'],
            ] {
                for start in 0..=len {
                    let hay = &hay[start..len];
                    let want = hay.iter().position(|c| needles.contains(c));
                    assert_eq!(find_any(hay, needles), want, "{start}..{len} {needles:?}");
                    assert_eq!(
                        find_any_swar(hay, needles),
                        want,
                        "{start}..{len} {needles:?}"
                    );
                }
            }
        }
        // Bytes just above and below a needle, and high bytes, are no match.
        assert_eq!(
            find_any(&[0x22, 0x24, 0xa3, 0x23, 0, 0, 0, 0, 0x23], [b'#']),
            Some(3)
        );
        assert_eq!(find_any(&[1, 0, 0, 0, 0, 0, 0, 0, 0], [0]), Some(1));
        assert_eq!(find_any(&[0x80; 17], [0]), None);
    }
}

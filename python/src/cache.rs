//! The cache of `urlsplit(url)` results, keyed by the URL object itself:
//! a list that repeats URL objects is answered as CPython's own
//! `lru_cache` answers it, with the same result object.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::prelude::*;

use crate::State;

/// The last results by the address of `url` (held, so the address cannot
/// be reused). [`WAYS`] ways per set, the newest first. A URL is kept on
/// its second sighting: `seen` holds the last two addresses seen at each
/// of its entries (no reference), so distinct URLs cost one store, not an
/// eviction.
struct SplitCache {
    generation: u64,
    cleared: u64,
    slots: Vec<Option<(Py<PyAny>, Py<PyAny>)>>,
    seen: Vec<[usize; 2]>,
}

/// 128 sets of four ways: 512 results, as `cache_info()` says. A list
/// cycling through 100 URLs seldom puts five in one set (two ways lost a
/// few of them for good, the third of a set pushing out the first).
const SET_BITS: u32 = 7;
const CACHE_SETS: usize = 1 << SET_BITS;
const WAYS: usize = 4;
/// Entries of `seen`, two addresses each (16 KiB a thread): a URL is
/// forgotten before its second sighting only when two others of its entry
/// come between.
const SEEN_ENTRIES: usize = 1024;

thread_local! {
    static SPLIT_CACHE: RefCell<SplitCache> = const {
        RefCell::new(SplitCache { generation: 0, cleared: 0, slots: Vec::new(), seen: Vec::new() })
    };
}

/// `cache_clear()` calls: a thread's cache made before the last is stale.
static CLEARED: AtomicU64 = AtomicU64::new(0);
/// Lookups answered and not, for `cache_info()` (counted as `crate::count`
/// counts: a count may be lost when threads race, never invented).
static HITS: AtomicU64 = AtomicU64::new(0);
static MISSES: AtomicU64 = AtomicU64::new(0);

impl SplitCache {
    fn valid(&self, st: &State) -> bool {
        self.generation == st.generation
            && self.cleared == CLEARED.load(Ordering::Relaxed)
            && !self.slots.is_empty()
    }
}

/// The address of `url`, hashed (Fibonacci hashing: allocation addresses
/// share their low bits).
fn address_hash(url: &Bound<'_, PyAny>) -> u64 {
    (url.as_ptr() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The first of the slots of `url`'s set (the hash's top bits).
fn cache_set(url: &Bound<'_, PyAny>) -> usize {
    WAYS * (address_hash(url) >> (64 - SET_BITS)) as usize
}

/// `url`'s entry in `seen`: other bits of the hash than the set's, so
/// that URLs that share a set seldom share an entry (with one address an
/// entry, two URLs of one entry overwrote each other's sighting and
/// neither was ever kept: a list cycling through 100 URLs missed a fifth
/// of its calls).
fn seen_entry(url: &Bound<'_, PyAny>) -> usize {
    (address_hash(url) >> 40) as usize % SEEN_ENTRIES
}

/// What the cache knows of a URL object.
pub(crate) enum Lookup {
    /// Its result.
    Hit(Py<PyAny>),
    /// Nothing; `store` when it was seen before, so its result is kept.
    Miss { store: bool },
}

/// Looks `url` up; on a miss, notes the sighting (one access to the
/// thread's cache for a URL seen once, the common case).
pub(crate) fn lookup(st: &State, url: &Bound<'_, PyAny>) -> Lookup {
    let found = SPLIT_CACHE.with_borrow_mut(|c| {
        if !c.valid(st) {
            return Lookup::Miss { store: true };
        }
        let set = cache_set(url);
        let hit = c.slots[set..set + WAYS]
            .iter()
            .flatten()
            .find_map(|(key, result)| {
                (key.as_ptr() == url.as_ptr()).then(|| result.clone_ref(url.py()))
            });
        if let Some(r) = hit {
            return Lookup::Hit(r);
        }
        let address = url.as_ptr() as usize;
        let seen = &mut c.seen[seen_entry(url)];
        if !seen.contains(&address) {
            *seen = [address, seen[0]];
            return Lookup::Miss { store: false };
        }
        Lookup::Miss { store: true }
    });
    crate::count(match found {
        Lookup::Hit(_) => &HITS,
        Lookup::Miss { .. } => &MISSES,
    });
    found
}

/// Drops `Py`s here, with the thread attached (a `Py` dropped where pyo3
/// cannot see the attachment would wait in pyo3's pool).
fn release(py: Python<'_>, entry: Option<(Py<PyAny>, Py<PyAny>)>) {
    if let Some((k, r)) = entry {
        drop((k.into_bound(py), r.into_bound(py)));
    }
}

fn empty(c: &mut SplitCache, py: Python<'_>) {
    for entry in std::mem::take(&mut c.slots) {
        release(py, entry);
    }
}

/// Keeps `result` for `url`, after a [`Lookup::Miss`] that said to store.
pub(crate) fn store(st: &State, url: &Bound<'_, PyAny>, result: &Bound<'_, PyAny>) {
    let py = url.py();
    SPLIT_CACHE.with_borrow_mut(|c| {
        if !c.valid(st) {
            empty(c, py);
            c.generation = st.generation;
            c.cleared = CLEARED.load(Ordering::Relaxed);
            c.slots = (0..WAYS * CACHE_SETS).map(|_| None).collect();
            // The first sighting is this one.
            c.seen = vec![[0; 2]; SEEN_ENTRIES];
            c.seen[seen_entry(url)][0] = url.as_ptr() as usize;
            return;
        }
        let ways = &mut c.slots[cache_set(url)..][..WAYS];
        let oldest = ways[WAYS - 1].take();
        ways.rotate_right(1);
        ways[0] = Some((url.clone().unbind(), result.clone().unbind()));
        release(py, oldest);
    });
}

/// `(hits, misses, maxsize, currsize)` of the cache, as `lru_cache`'s
/// `cache_info()` counts them; `currsize` is this thread's (each thread
/// keeps its own).
#[pyfunction]
fn _split_cache_info() -> (u64, u64, usize, usize) {
    let st = crate::current();
    let currsize = SPLIT_CACHE.with_borrow(|c| match st {
        Some(st) if c.valid(st) => c.slots.iter().flatten().count(),
        _ => 0,
    });
    (
        HITS.load(Ordering::Relaxed),
        MISSES.load(Ordering::Relaxed),
        WAYS * CACHE_SETS,
        currsize,
    )
}

/// `cache_clear()`: every thread's cache becomes stale, this one's is
/// emptied now, and the counts start again.
#[pyfunction]
fn _split_cache_clear(py: Python<'_>) {
    CLEARED.fetch_add(1, Ordering::Relaxed);
    HITS.store(0, Ordering::Relaxed);
    MISSES.store(0, Ordering::Relaxed);
    SPLIT_CACHE.with_borrow_mut(|c| empty(c, py));
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_split_cache_info, m)?)?;
    m.add_function(wrap_pyfunction!(_split_cache_clear, m)?)?;
    Ok(())
}

//! A column's rows split on threads: pieces of the rows handed out in turn
//! to whichever thread is free, each filling the output of its own piece.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Rows a thread takes at the least: a thread costs about as much to start
/// as a few hundred rows take to split.
pub(crate) const ROWS_PER_THREAD: usize = 32_768;

/// Pieces a thread takes, on average: they are handed out in turn to
/// whichever thread is free, so that a thread whose core is busy with
/// something else takes fewer.
const PIECES_PER_THREAD: usize = 4;

/// Rows a piece holds at the least.
const ROWS_PER_PIECE: usize = 16_384;

/// The threads (at most `threads`, 0: one a core) and pieces `rows` rows
/// are split on: contiguous ranges, in order.
pub(crate) fn plan(rows: usize, threads: usize) -> (usize, Vec<Range<usize>>) {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let threads = threads.min(rows / ROWS_PER_THREAD).max(1);
    if threads == 1 {
        return (1, std::iter::once(0..rows).collect());
    }
    let pieces = (threads * PIECES_PER_THREAD).min(rows / ROWS_PER_PIECE);
    let ranges = (0..pieces)
        .map(|k| rows * k / pieces..rows * (k + 1) / pieces)
        .collect();
    (threads, ranges)
}

/// Each of `outs` filled by `fill` with its piece's rows `ranges[k]`, on up
/// to `threads` threads; the filled outputs in order. The outputs are made
/// by the caller (on its thread: a thread's fresh allocator arena is slow
/// to hand out, and to advise, large buffers).
pub(crate) fn fill_in_pieces<P: Send>(
    threads: usize,
    ranges: &[Range<usize>],
    outs: Vec<P>,
    fill: impl Fn(Range<usize>, P) -> P + Sync,
) -> Vec<P> {
    if threads <= 1 {
        return ranges
            .iter()
            .zip(outs)
            .map(|(range, out)| fill(range.clone(), out))
            .collect();
    }
    let todo: Vec<_> = outs.into_iter().map(|o| Mutex::new(Some(o))).collect();
    let done: Vec<Mutex<Option<P>>> = ranges.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let (Some(range), Some(slot)) = (ranges.get(k), todo.get(k)) else {
            break;
        };
        if let Some(out) = slot.lock().ok().and_then(|mut s| s.take()) {
            let filled = fill(range.clone(), out);
            if let Some(Ok(mut d)) = done.get(k).map(Mutex::lock) {
                *d = Some(filled);
            }
        }
    };
    std::thread::scope(|scope| {
        // A thread the system refuses is not there: the others take its
        // pieces. (A thread that panicked, as the same code would have
        // here, makes `scope` panic in turn.)
        for _ in 1..threads {
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    // Every piece was taken above; one that was not is filled here.
    done.into_iter()
        .zip(todo)
        .zip(ranges)
        .filter_map(|((d, t), range)| match d.into_inner().ok().flatten() {
            Some(filled) => Some(filled),
            None => t
                .into_inner()
                .ok()
                .flatten()
                .map(|out| fill(range.clone(), out)),
        })
        .collect()
}

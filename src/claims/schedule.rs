//! Running a claims pass under a time budget (issue 14, F5): work items are *started in input
//! order* by every rayon thread pulling the next index, and an item is started only while
//! `may_start(index)` holds (the engine passes "before the deadline and not interrupted"). Items
//! never started come back as `None`, so the caller can report their rows as `not_checked`.
//!
//! Because items are started in order and the engine's condition, once false, stays false, the
//! items not started are a suffix of the list; the overshoot past the deadline is at most the
//! duration of the items already running when it passes (one per thread).

use rayon::prelude::*;
use std::sync::Mutex;

/// `f(k)` for `k = 0..n`, started in increasing `k` over the threads of the current rayon pool;
/// `None` for every item not started because `may_start(k)` was false (after the first refusal
/// no further item is started).
pub fn run_in_order<R, F, S>(n: usize, may_start: S, f: F) -> Vec<Option<R>>
where
    R: Send,
    F: Fn(usize) -> R + Sync,
    S: Fn(usize) -> bool + Sync,
{
    // The next index, or `None` once an item was refused: taking an index and checking
    // `may_start` happen under one lock, so the items not started are exactly a suffix.
    let next: Mutex<Option<usize>> = Mutex::new(Some(0));
    let slots: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let take = || -> Option<usize> {
        let mut guard = next.lock().ok()?;
        let k = (*guard)?;
        if k >= n {
            return None;
        }
        if !may_start(k) {
            *guard = None;
            return None;
        }
        *guard = Some(k + 1);
        Some(k)
    };
    let workers = rayon::current_num_threads().clamp(1, n.max(1));
    (0..workers).into_par_iter().with_max_len(1).for_each(|_| {
        while let Some(k) = take() {
            let r = f(k);
            if let Ok(mut slot) = slots[k].lock() {
                *slot = Some(r);
            }
        }
    });
    slots.into_iter().map(|m| m.into_inner().unwrap_or(None)).collect()
}

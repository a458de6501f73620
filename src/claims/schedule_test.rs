//! The in-order scheduler of a budgeted pass (issue 14, F5): what is started, and in which order.
//! No timing: the start condition is a function of the index.

use super::schedule::run_in_order;
use std::sync::Mutex;

#[test]
fn f5_every_item_runs_once_when_nothing_is_refused() {
    let got = run_in_order(100, |_| true, |k| k * k);
    assert_eq!(got, (0..100).map(|k| Some(k * k)).collect::<Vec<_>>());
    assert!(run_in_order(0, |_| true, |k| k).is_empty());
}

#[test]
fn f5_items_after_the_first_refusal_are_not_started() {
    // Refusing item 7 stops the pass: items 0..7 ran, 7.. did not, even though the condition
    // would allow item 9 again (a deadline never does, but the scheduler must not rely on it).
    let got = run_in_order(20, |k| k != 7 && k < 12, |k| k);
    for (k, v) in got.iter().enumerate() {
        assert_eq!(*v, if k < 7 { Some(k) } else { None }, "item {k}");
    }
    // A budget that is spent before the start: nothing runs.
    assert!(run_in_order(5, |_| false, |k| k).iter().all(Option::is_none));
}

#[test]
fn f5_items_are_started_in_input_order() {
    // In a one-thread pool the start order is exactly 0, 1, 2, …; with several threads each
    // start takes the next index under a lock, so the starts are still increasing.
    for threads in [1, 3] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let order = Mutex::new(Vec::new());
        pool.install(|| {
            run_in_order(
                50,
                |k| {
                    order.lock().unwrap().push(k);
                    true
                },
                |k| k,
            )
        });
        assert_eq!(order.into_inner().unwrap(), (0..50).collect::<Vec<_>>(), "{threads} threads");
    }
}

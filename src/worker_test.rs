//! [`super::run_interruptible`]: the result comes back; a set flag or a passed deadline stops
//! the caller within the poll interval while the worker is still busy.

use super::*;

#[test]
fn returns_the_result_or_stops_on_interrupt_or_deadline() {
    let never = AtomicBool::new(false);
    assert_eq!(run_interruptible(&never, None, || Ok(7)).unwrap(), 7);
    let set = AtomicBool::new(true);
    assert!(matches!(run_interruptible(&set, None, || Ok(7)), Err(Error::Interrupted)));
    let t = Instant::now();
    let r = run_interruptible(&never, Some(Duration::from_millis(100)), || {
        std::thread::sleep(Duration::from_secs(3));
        Ok(1)
    });
    assert!(matches!(r, Err(Error::Unsupported(ref m)) if m.contains("limit")), "{r:?}");
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_cancellable_job_is_told_to_stop_when_the_caller_stops_waiting() {
    use std::sync::Arc;
    for deadline in [None, Some(Duration::from_millis(100))] {
        let interrupt = Arc::new(AtomicBool::new(false));
        let stopped = Arc::new(AtomicBool::new(false));
        let (seen, flag) = (stopped.clone(), interrupt.clone());
        if deadline.is_none() {
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::SeqCst);
            });
        }
        let r = run_cancellable(&interrupt, deadline, move |poll, token| {
            // Poll both views of the token; give up after 10 s (the test then fails below).
            let t = Instant::now();
            while !poll.load(Ordering::Relaxed) && token.check().is_ok() && t.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(5));
            }
            seen.store(token.is_set(), Ordering::SeqCst);
            Ok(0)
        });
        match deadline {
            None => assert!(matches!(r, Err(Error::Interrupted)), "{r:?}"),
            Some(_) => assert!(matches!(r, Err(Error::Unsupported(_))), "{r:?}"),
        }
        let t = Instant::now();
        while !stopped.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(3) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(stopped.load(Ordering::SeqCst), "the detached job did not see its token set (deadline {deadline:?})");
    }
    // A never-set token, and the result of a job that finishes.
    assert!(!Cancel::default().is_set());
    assert_eq!(run_cancellable(&AtomicBool::new(false), None, |_, t| t.check().map(|_| 5)).unwrap(), 5);
}

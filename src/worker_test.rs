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

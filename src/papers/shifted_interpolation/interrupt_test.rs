//! [`super::interruptible`]: the result comes back; a set flag stops the caller within the poll
//! interval, even while the worker is still busy.

use super::*;

#[test]
fn returns_the_result_or_stops_on_the_flag() {
    let never = AtomicBool::new(false);
    assert_eq!(interruptible(&never, || Ok(41 + 1)), Ok(42));
    let set = AtomicBool::new(true);
    assert_eq!(interruptible(&set, || Ok(1)), Err(Error::Interrupted));
    // A long job is abandoned within the poll interval once the flag is set.
    static LATE: AtomicBool = AtomicBool::new(false);
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(100));
        LATE.store(true, Ordering::SeqCst);
    });
    let t0 = std::time::Instant::now();
    let r: Result<()> = interruptible(&LATE, || {
        std::thread::sleep(Duration::from_secs(5));
        Ok(())
    });
    assert_eq!(r, Err(Error::Interrupted));
    assert!(t0.elapsed() < Duration::from_secs(1), "{:?}", t0.elapsed());
}

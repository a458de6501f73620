//! Running a long evaluation (a certified FFT composition of Section 4.3, which has no
//! cancellation point inside) so that Ctrl-C stops the caller within a second: the work runs on
//! a worker thread while the caller polls the interrupt flag every 50 ms.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Poll interval of [`interruptible`].
const POLL: Duration = Duration::from_millis(50);

/// Run `f` on a worker thread and wait for it, polling `interrupt` every 50 ms. On an interrupt,
/// return [`Error::Interrupted`] at once (the worker is detached and its result discarded: the
/// CLI exits right after, writing nothing). Runs `f` inline when called from a rayon worker (a
/// parallel batch: blocking it on work that itself needs the pool could deadlock; the batch
/// checks the flag between its items) or when no thread can be spawned.
pub fn interruptible<T: Send + 'static>(interrupt: &AtomicBool, f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    if rayon::current_thread_index().is_some() {
        return f();
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let job = std::sync::Arc::new(std::sync::Mutex::new(Some(f)));
    let worker = job.clone();
    let spawned = std::thread::Builder::new().name("dpaudit-noisy-gd".into()).spawn(move || {
        let f = worker.lock().ok().and_then(|mut g| g.take());
        if let Some(f) = f {
            let _ = tx.send(f());
        }
    });
    if spawned.is_err() {
        let f = job.lock().ok().and_then(|mut g| g.take());
        return match f {
            Some(f) => f(),
            None => Err(Error::Numerical("the evaluation thread could not be started".into())),
        };
    }
    loop {
        match rx.recv_timeout(POLL) {
            Ok(r) => return r,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Error::Interrupted);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::Numerical("the evaluation thread stopped without a result (a panic: a bug in dpaudit)".into()));
            }
        }
    }
}

#[cfg(test)]
#[path = "interrupt_test.rs"]
mod interrupt_test;

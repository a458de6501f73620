//! Running a computation that has no cancellation points of its own (an FFT composition, an MPFR
//! quadrature) so that Ctrl-C still stops the caller within a second: the computation runs on a
//! worker thread and the caller polls the interrupt flag while it waits. The one copy of this
//! tool (`profile`, the paper commands and the result cards use it); usable from every layer. On an interrupt the caller returns [`Error::Interrupted`] at once and the
//! worker is detached (its result is discarded; the CLI exits right after). An optional deadline
//! turns a computation that runs on past it into a per-row refusal naming the limit.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often the waiting caller looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// Run `f` on a worker thread and wait for it, polling `interrupt` every 50 ms: its result, or
/// [`Error::Interrupted`] once the flag is set, or — when `deadline` is given and passes first —
/// [`Error::Unsupported`] saying the computation did not finish within it. Runs `f` inline (no
/// thread) inside a rayon worker (a parallel batch checks the flag between its items; blocking a
/// worker on a thread whose FFT needs the pool could deadlock it) or when no thread can be made.
pub fn run_interruptible<T: Send + 'static>(interrupt: &AtomicBool, deadline: Option<Duration>, f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    if rayon::current_thread_index().is_some() {
        return f();
    }
    let (tx, rx) = channel();
    let job = std::sync::Arc::new(std::sync::Mutex::new(Some(f)));
    let worker_job = job.clone();
    let spawned = std::thread::Builder::new().name("dpaudit-worker".into()).spawn(move || {
        let f = worker_job.lock().ok().and_then(|mut g| g.take());
        if let Some(f) = f {
            let _ = tx.send(f());
        }
    });
    if spawned.is_err() {
        // No thread available: run here, uninterruptibly (the job was not taken).
        let f = job.lock().ok().and_then(|mut g| g.take());
        return match f {
            Some(f) => f(),
            None => Err(Error::Numerical("the worker thread took the job but did not start (a bug in dpaudit)".into())),
        };
    }
    let start = Instant::now();
    loop {
        match rx.recv_timeout(POLL) {
            Ok(r) => return r,
            Err(RecvTimeoutError::Timeout) => {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Error::Interrupted);
                }
                if let Some(limit) = deadline {
                    if start.elapsed() > limit {
                        return Err(Error::Unsupported(format!("not finished within the {} s limit of one row", limit.as_secs())));
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Err(Error::Numerical("the evaluation thread stopped without a result (a panic; a bug in dpaudit)".into())),
        }
    }
}

#[cfg(test)]
#[path = "worker_test.rs"]
mod worker_test;

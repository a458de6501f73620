//! Running a computation so that Ctrl-C still stops the caller within a second: the computation
//! runs on a worker thread and the caller polls the interrupt flag while it waits. The one copy
//! of this tool (`profile`, the paper commands and every result card use it); usable from every
//! layer. On an interrupt the caller returns [`Error::Interrupted`] at once and the worker is
//! detached (its result is discarded); an optional deadline turns a computation that runs on past
//! it into a per-row refusal naming the limit. A job with cancellation points of its own
//! ([`run_cancellable`]) is told to stop through a [`Cancel`] token, so a detached job does not
//! keep the machine busy (in a long-lived process: the Python module, an audit of many rows).

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Stack of a worker thread: the main thread's 8 MiB (the job ran there before it had a worker).
const STACK: usize = 8 << 20;

/// How often the waiting caller looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// A cancellation token: the flag a job started by [`run_cancellable`] (and an engine handed it in
/// its options, e.g. `PldOptions::cancel`) checks at its cancellation points. The caller sets it
/// when it stops waiting (Ctrl-C or a deadline), so a detached job stops at its next check instead
/// of holding the machine (and the rayon pool) until it finishes. The default token is never set.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

/// The flag of a token that is never set.
static NEVER: AtomicBool = AtomicBool::new(false);

impl Cancel {
    /// A fresh token, not set.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::new(AtomicBool::new(false))))
    }
    /// Ask the job holding this token to stop.
    pub fn set(&self) {
        if let Some(f) = &self.0 {
            f.store(true, Ordering::SeqCst);
        }
    }
    /// Whether the token was set.
    pub fn is_set(&self) -> bool {
        self.flag().load(Ordering::Relaxed)
    }
    /// `Err(Interrupted)` once the token was set.
    pub fn check(&self) -> Result<()> {
        if self.is_set() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }
    /// The flag itself (for code that polls an `&AtomicBool`).
    pub fn flag(&self) -> &AtomicBool {
        self.0.as_deref().unwrap_or(&NEVER)
    }
}

/// Tokens never change what is computed: options holding one compare by their other fields.
impl PartialEq for Cancel {
    fn eq(&self, _: &Cancel) -> bool {
        true
    }
}

/// Run `f` on a worker thread and wait for it, polling `interrupt` every 50 ms: its result, or
/// [`Error::Interrupted`] once the flag is set, or — when `deadline` is given and passes first —
/// [`Error::Unsupported`] saying the computation did not finish within it. Runs `f` inline (no
/// thread) inside a rayon worker (a parallel batch checks the flag between its items; blocking a
/// worker on a thread whose FFT needs the pool could deadlock it) or when no thread can be made.
/// For a job that can stop early, see [`run_cancellable`].
pub fn run_interruptible<T: Send + 'static>(interrupt: &AtomicBool, deadline: Option<Duration>, f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    run_cancellable(interrupt, deadline, move |_, _| f())
}

/// [`run_interruptible`] for a job with cancellation points: `f` gets the flag to poll and the
/// same flag as a [`Cancel`] token (for engines that take one), both set when the caller stops
/// waiting (interrupt or deadline), so the detached job stops at its next check. Run inline (in a
/// rayon worker, or without a thread), `f` polls `interrupt` itself and gets a never-set token.
pub fn run_cancellable<T: Send + 'static>(interrupt: &AtomicBool, deadline: Option<Duration>, f: impl FnOnce(&AtomicBool, Cancel) -> Result<T> + Send + 'static) -> Result<T> {
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    if rayon::current_thread_index().is_some() {
        return f(interrupt, Cancel::default());
    }
    let token = Cancel::new();
    let (tx, rx) = channel();
    let job = Arc::new(Mutex::new(Some(f)));
    let worker_job = job.clone();
    let worker_token = token.clone();
    let spawned = std::thread::Builder::new().name("dpaudit-worker".into()).stack_size(STACK).spawn(move || {
        let f = worker_job.lock().ok().and_then(|mut g| g.take());
        if let Some(f) = f {
            let _ = tx.send(f(worker_token.flag(), worker_token.clone()));
        }
    });
    if spawned.is_err() {
        // No thread available: run here (the job was not taken), polling the caller's flag.
        let f = job.lock().ok().and_then(|mut g| g.take());
        return match f {
            Some(f) => f(interrupt, Cancel::default()),
            None => Err(Error::Numerical("the worker thread took the job but did not start (a bug in dpaudit)".into())),
        };
    }
    let start = Instant::now();
    loop {
        match rx.recv_timeout(POLL) {
            Ok(r) => return r,
            Err(RecvTimeoutError::Timeout) => {
                if interrupt.load(Ordering::Relaxed) {
                    token.set();
                    return Err(Error::Interrupted);
                }
                if let Some(limit) = deadline {
                    if start.elapsed() > limit {
                        token.set();
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

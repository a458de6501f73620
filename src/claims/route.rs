//! Which certified engine decides a claim, and the exact (MPFR) route.
//!
//! | mechanism (privacy-equivalent form, [`Claim::privacy_mechanism`]) | steps | route |
//! |---|---|---|
//! | subsampled Gaussian with q = 0 | any | trivial: output independent of the data, δ(ε) = 0 for ε ≥ 0 |
//! | Gaussian (incl. subsampled with q = 1), randomized response | any | exact: μ√T closed form / binomial sum in MPFR |
//! | Laplace, subsampled Gaussian | 1 | exact: closed forms in MPFR (foundations §2.2, §2.4) |
//! | Laplace, subsampled Gaussian | > 1 | FFT: certified PLD composition ([`crate::pld`]) |

use super::claim::Claim;
use super::result::RouteKind;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use std::cell::{Cell, RefCell};
use std::sync::Once;

/// The route of a claim.
pub fn route_of(claim: &Claim) -> RouteKind {
    match claim.privacy_mechanism() {
        Mechanism::PoissonSubsampledGaussian { sampling_rate: 0.0, .. } => RouteKind::Trivial,
        Mechanism::Gaussian { .. } | Mechanism::RandomizedResponse { .. } => RouteKind::Exact,
        Mechanism::Laplace { .. } | Mechanism::PoissonSubsampledGaussian { .. } if claim.steps == 1 => RouteKind::Exact,
        _ => RouteKind::Fft,
    }
}

/// Certified `(ε(δ_c), δ(ε_c))` intervals of the trivial route: with q = 0 no record is ever
/// used, so `P = Q` and `δ(ε) = (1 − e^ε)_+ = 0` for every `ε ≥ 0`, hence `ε(δ) = 0`.
pub fn trivial_intervals() -> (Interval, Interval) {
    (Interval::point(0.0), Interval::point(0.0))
}

/// Certified `(ε(δ_c), δ(ε_c))` intervals by the exact route at `prec` bits
/// ([`crate::exact::epsilon`], [`crate::exact::delta`]: closed forms evaluated at `prec` and
/// `2·prec` bits, ends rounded outward). Errors: [`Error::Unsupported`] off the exact domain;
/// numerical failures of the bisection; a panic inside an engine becomes [`Error::Numerical`].
pub fn exact_intervals(claim: &Claim, prec: u32) -> Result<(Interval, Interval)> {
    let mech = claim.privacy_mechanism();
    let (steps, eps, delta) = (claim.steps, claim.epsilon, claim.delta);
    guarded(|| {
        let d = crate::exact::delta(&mech, steps, eps, prec)?;
        let e = crate::exact::epsilon(&mech, steps, delta, prec)?;
        Ok((e, d))
    })
}

thread_local! {
    /// Set while [`guarded`] runs a call on this thread: the panic hook then stays quiet and
    /// records the location for the row's note instead of printing to stderr.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_quiet_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(|g| g.get()) {
                let loc = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|l| *l.borrow_mut() = loc);
            } else {
                previous(info);
            }
        }));
    });
}

/// Run an engine call, turning a panic (an engine bug) into [`Error::Numerical`] that names the
/// panic message and location, so that one bad row cannot abort the audit of the others. The
/// panic is not printed (the binary's stderr stays one line per error); it is reported in the
/// row's notes.
pub fn guarded<T, F: FnOnce() -> Result<T>>(f: F) -> Result<T> {
    install_quiet_hook();
    let was = GUARDED.with(|g| g.replace(true));
    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(was));
    match out {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            let loc = LOCATION.with(|l| l.borrow_mut().take()).unwrap_or_else(|| "unknown location".into());
            Err(Error::Numerical(format!("internal error in an engine (panic at {loc}: {msg})")))
        }
    }
}

//! Which certified engine decides a claim, and the exact (MPFR) route.
//!
//! | mechanism (privacy-equivalent form, [`Claim::privacy_mechanism`]) | steps | route |
//! |---|---|---|
//! | subsampled Gaussian with q = 0 | any | trivial: output independent of the data, δ(ε) = 0 for ε ≥ 0 |
//! | Gaussian (incl. subsampled with q = 1), randomized response | any | exact: μ√T closed form / binomial sum in MPFR |
//! | Laplace, subsampled Gaussian | 1 | exact: closed forms in MPFR (foundations §2.2, §2.4) |
//! | Laplace, subsampled Gaussian | > 1 | FFT: certified PLD composition ([`crate::pld`]) |
//! | any (q > 0), claimed δ = 0 | any | pure DP: ε(0) is the largest privacy loss ([`pure_dp_intervals`]) |
//!
//! Claims of the kinds `rdp`, `gdp`, `zcdp` take the routes of the same names
//! ([`super::kinds_eval`]); `calibration` claims are (ε, δ) claims and routed as above.

use super::claim::Claim;
use super::kind::ClaimKind;
use super::result::RouteKind;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::round::{div_down, div_up};
use crate::num::Interval;
use rug::float::Round;
use rug::Float;
use std::cell::{Cell, RefCell};
use std::sync::Once;

/// The route of a claim.
pub fn route_of(claim: &Claim) -> RouteKind {
    match claim.kind {
        ClaimKind::Rdp { .. } => return RouteKind::Rdp,
        ClaimKind::Gdp { .. } => return RouteKind::Gdp,
        ClaimKind::Zcdp { .. } => return RouteKind::Zcdp,
        ClaimKind::EpsDelta | ClaimKind::Calibration => {}
    }
    if let Some(ev) = claim.event.as_ref().filter(|e| !e.legacy) {
        return if ev.event.has_shuffle() {
            RouteKind::LowerBound
        } else if claim.delta == 0.0 {
            RouteKind::PureDp
        } else {
            RouteKind::Fft
        };
    }
    match claim.privacy_mechanism() {
        Mechanism::PoissonSubsampledGaussian { sampling_rate: 0.0, .. } => RouteKind::Trivial,
        _ if claim.delta == 0.0 => RouteKind::PureDp,
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

/// Certified `(ε(0), δ(ε_c))` intervals of a pure-DP claim (claimed δ = 0; `docs/claims.md`,
/// "Pure-DP claims").
///
/// `δ(ε) = E_P[(1 − e^{ε − L})_+]` (foundations §1.2) is 0 exactly when the privacy loss `L` of
/// the composed mechanism is `≤ ε` almost surely, so `ε(0)` is the essential supremum of `L`,
/// the same in both add/remove directions for these symmetric mechanisms. The losses of the `T`
/// steps are independent, so the supremum is `T` times the one-step supremum:
///
/// * Laplace with noise multiplier `S` (`ε0 = 1/S`): `L = ε0` on the half-line beyond the
///   neighbour, probability 1/2 (foundations §2.2), so `ε(0) = T/S`;
/// * randomized response (`ε0 = 1/S`): `L = ε0` with probability `π = e^{ε0}/(1 + e^{ε0})`
///   (foundations §2.3), so `ε(0) = T/S`;
/// * Gaussian, and Poisson-subsampled Gaussian with `q > 0`: `L` is unbounded, so `ε(0) = ∞`
///   and no finite ε is pure DP.
///
/// `T/S` is enclosed by rounding outward. `δ(ε_c)` is taken from the exact route where it
/// applies (Gaussian and randomized response for any `T`, Laplace and the subsampled Gaussian
/// at `T = 1`, at `prec` bits); otherwise it is `[0, 0]` when `ε_c ≥ ε(0)` (proved above), and
/// for Laplace below `ε(0)` at least `2^{−T}·(1 − e^{ε_c − T/S})` (the event that every step
/// has the largest loss). A claim within the relative tolerance κ of `ε(0)` keeps a δ lower end
/// of 0, so that κ is honoured in the δ direction too (a δ = 0 claim has no room of its own).
/// Errors: those of [`crate::exact::delta`] (as for [`exact_intervals`]).
pub fn pure_dp_intervals(claim: &Claim, prec: u32, tolerance: f64) -> Result<(Interval, Interval)> {
    if let Some(ev) = claim.event.as_ref().filter(|e| !e.legacy) {
        return Ok(event_pure_dp(&ev.event, ev.adjacency, claim.epsilon, tolerance));
    }
    let mech = claim.privacy_mechanism();
    let (steps, eps_c) = (claim.steps, claim.epsilon);
    // T as an enclosure (exact up to 2^53).
    let t = steps as f64;
    let (t_lo, t_hi) = if t as u64 == steps { (t, t) } else { (t.next_down(), t.next_up()) };
    let sup = match mech {
        Mechanism::Laplace { noise_multiplier: s, .. } | Mechanism::RandomizedResponse { noise_multiplier: s } => {
            Interval { lower: div_down(t_lo, s), upper: div_up(t_hi, s) }
        }
        _ => Interval::point(f64::INFINITY),
    };
    let within_tolerance = sup.lower <= eps_c * (1.0 + tolerance);
    let exact_domain = matches!(mech, Mechanism::Gaussian { .. } | Mechanism::RandomizedResponse { .. }) || steps == 1;
    let mut delta = if exact_domain {
        guarded(|| crate::exact::delta(&mech, steps, eps_c, prec))?
    } else if eps_c >= sup.upper {
        Interval::point(0.0)
    } else if let Mechanism::Laplace { .. } = mech {
        Interval { lower: laplace_all_extreme_lower(steps, eps_c, sup.lower), upper: 1.0 }
    } else {
        Interval { lower: 0.0, upper: 1.0 }
    };
    if within_tolerance {
        delta.lower = 0.0;
    }
    Ok((sup, delta))
}

/// Pure-DP intervals of a composed event (claimed δ = 0): the largest loss of a composition is,
/// per direction, the sum of the phases' largest losses (independent steps), `count·ε0` for
/// Laplace (`ε0 = 1/b`, `2/b` under replace-one) and randomized response (`ε0`), `ln(1 − q +
/// q e^{ε0})` (remove) and `−ln(1 − q + q e^{−ε0})` (add) when Poisson-sampled, `∞` for any
/// Gaussian phase (an unsampled one, or Poisson/without replacement with a positive rate: the
/// mixture's loss is unbounded); the larger direction is taken. The sum is rounded outward; `δ(ε_c)` is `[0, 0]` when `ε_c ≥ ε(0)` and `[0, 1]`
/// otherwise (no lower bound on δ is attempted for composed events).
pub fn event_pure_dp(ev: &super::event::Event, adj: super::event::Adjacency, eps_c: f64, tolerance: f64) -> (Interval, Interval) {
    use super::event::{Adjacency, Base};
    let k = if adj == Adjacency::ReplaceOne { 2.0 } else { 1.0 };
    // Per direction (remove, add): Σ count · (largest one-step loss), summed in f64 and widened
    // by 1e−13 relative (far more than the rounding of these few operations).
    let (mut rem, mut add) = (0.0f64, 0.0f64);
    for p in &ev.phases {
        let q = match p.sampling {
            super::event::Sampling::Poisson { q } if q == 0.0 => continue,
            super::event::Sampling::Poisson { q } => q,
            _ => 1.0,
        };
        let e0 = match p.base {
            Base::Gaussian { .. } => f64::INFINITY,
            Base::Laplace { b } => k / b,
            Base::Rr { eps0 } => eps0,
        };
        // Poisson sampling at rate q (Zhu, Dong & Wang 2022; PoissonSymmetricLoss):
        // remove sup g(ε0) = ln(1 − q + q e^{ε0}), add sup −g(−ε0) = −ln(1 − q + q e^{−ε0}).
        let (r, a) = if q >= 1.0 || e0.is_infinite() {
            (e0, e0)
        } else {
            ((q * e0.exp_m1()).ln_1p(), -(q * (-e0).exp_m1()).ln_1p())
        };
        rem += p.count as f64 * r;
        add += p.count as f64 * a;
    }
    let v = rem.max(add);
    let (lo, hi) = if v.is_infinite() { (v, v) } else { ((v * (1.0 - 1e-13)).max(0.0), v * (1.0 + 1e-13)) };
    let sup = Interval { lower: lo, upper: hi };
    let _ = tolerance;
    let delta = if eps_c >= sup.upper {
        Interval::point(0.0)
    } else {
        Interval { lower: 0.0, upper: 1.0 }
    };
    (sup, delta)
}

/// A lower bound on `δ(ε_c)` of `T` composed Laplace steps from the event that every step has
/// its largest loss `ε0` (probability `2^{−T}`): `δ(ε_c) ≥ 2^{−T}(1 − e^{ε_c − sup})`, valid
/// for any `sup ≤ T·ε0`. Evaluated in MPFR at 256 bits (a handful of correctly rounded
/// operations, relative error below 2^{−250}), then lowered by 2^{−200} relative and rounded
/// down to f64; 0 when `ε_c ≥ sup`.
fn laplace_all_extreme_lower(steps: u64, eps_c: f64, sup: f64) -> f64 {
    if eps_c >= sup {
        return 0.0;
    }
    let prec = 256;
    let gap = Float::with_val(prec, eps_c) - Float::with_val(prec, sup);
    let one_minus = -gap.exp_m1();
    let ln2 = Float::with_val(prec, rug::float::Constant::Log2);
    let log_p = -(ln2 * Float::with_val(prec, steps)); // ln 2^{−T}
    let v = log_p.exp() * one_minus * (Float::with_val(prec, 1) - Float::with_val(prec, 2f64.powi(-200)));
    v.to_f64_round(Round::Down).max(0.0)
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

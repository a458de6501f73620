//! The exact route: MPFR evaluation of closed forms, returned as intervals.
//!
//! Each quantity is evaluated at `prec` bits and at `2·prec` bits (foundations §6.3, precision
//! protocol). The returned interval is centred on the `2·prec` value with half-width
//! `|v_prec − v_2prec| + 2^{4−prec}·|v_2prec|` (+ the quadrature error estimate where a
//! quadrature is involved), and its ends are rounded outward to f64 (`to_f64_down` /
//! `to_f64_up`). Guarantee: *exact formula, MPFR rounding error bounded by two-precision
//! agreement* — the formulas are exact and MPFR rounds every operation correctly, but the
//! propagation bound is the empirical two-precision difference, not an interval-arithmetic proof.
//!
//! An upper end is never flushed to 0: a positive δ below the f64 range is reported with upper
//! end `5e−324` (the smallest positive f64), and [`ln_delta`] gives its logarithm.
//!
//! Which (mechanism, steps) have an exact route: Gaussian (any T, via μ√T), randomized response
//! (any T, binomial sum), Laplace (T = 1), Poisson-subsampled Gaussian (T = 1, both directions).
//! The others return [`Error::Unsupported`] here; for them (subsampled Gaussian, Laplace and
//! randomized response composed `T` times, and heterogeneous compositions), [`conv`] is the
//! exact route's second engine: MPFR discretisation composed by interval convolution, certified
//! and independent of the FFT accountant. [`crate::profile`] falls back to it.

pub mod conv;
mod conv_compose;
mod conv_step;

use crate::error::{check, Error, Result};
use crate::mechanisms::exact as cf;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::root::{root_of_bracket, Bracket, Monotone, Stop};
use crate::num::mp::two_prec_err;
use crate::num::{Interval, Mp, Real};

/// ln δ(ε) of `mech` composed `steps` times, at the precision of `eps` (max over directions).
pub fn ln_delta_r<R: Real>(mech: &Mechanism, steps: u64, eps: &R) -> Result<R> {
    let t = eps.cst(steps as f64);
    match *mech {
        Mechanism::Gaussian { noise_multiplier, .. } => {
            let mu = eps.one() / eps.cst(noise_multiplier) * t.sqrt();
            Ok(cf::gaussian_ln_delta(&mu, eps))
        }
        Mechanism::RandomizedResponse { noise_multiplier } => {
            let e0 = eps.one() / eps.cst(noise_multiplier);
            Ok(cf::rr_delta(&e0, eps, steps).ln())
        }
        Mechanism::Laplace { noise_multiplier, .. } if steps == 1 => {
            let e0 = eps.one() / eps.cst(noise_multiplier);
            Ok(cf::laplace_delta(&e0, eps).ln())
        }
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } if steps == 1 => {
            if sampling_rate == 0.0 {
                return Ok((-eps.exp_m1()).max(eps.zero()).ln());
            }
            let q = eps.cst(sampling_rate);
            let s = eps.cst(noise_multiplier);
            let r = cf::sgm_delta(&q, &s, Direction::Remove, eps);
            let a = cf::sgm_delta(&q, &s, Direction::Add, eps);
            Ok(r.max(a).ln())
        }
        _ => Err(Error::Unsupported(format!(
            "no exact closed form for {} composed {} times (exact route covers: Gaussian any T, randomized response any T, Laplace and subsampled Gaussian T = 1)",
            mech.name(),
            steps
        ))),
    }
}

fn validate(steps: u64, prec: u32) -> Result<()> {
    check::at_least_one("steps", steps)?;
    if !(32..=1_000_000).contains(&prec) {
        return Err(Error::invalid("precision", prec, "must be between 32 and 1000000 bits"));
    }
    Ok(())
}

/// Interval for ln δ(ε) (see the module doc for the error model).
pub fn ln_delta(mech: &Mechanism, steps: u64, eps: f64, prec: u32) -> Result<Interval> {
    validate(steps, prec)?;
    check::finite("epsilon", eps)?;
    let v1 = ln_delta_r(mech, steps, &Mp::new(prec, eps))?;
    let v2 = ln_delta_r(mech, steps, &Mp::new(2 * prec, eps))?;
    if v1.is_nan() || v2.is_nan() {
        return Err(Error::Numerical(format!("ln δ({eps}) of {} × {steps} evaluated to NaN in MPFR", mech.name())));
    }
    if !v2.is_finite() {
        // δ = 0 exactly (bounded privacy loss below ε): ln δ = −∞ at both precisions.
        return Ok(Interval::point(f64::NEG_INFINITY));
    }
    let err = two_prec_err(&v1, &v2, prec);
    Ok(Interval { lower: (v2.clone() - err.clone()).to_f64_down(), upper: (v2 + err).to_f64_up() })
}

/// Interval for δ(ε) of `mech` composed `steps` times (max over add/remove directions).
pub fn delta(mech: &Mechanism, steps: u64, eps: f64, prec: u32) -> Result<Interval> {
    validate(steps, prec)?;
    check::finite("epsilon", eps)?;
    let v1 = ln_delta_r(mech, steps, &Mp::new(prec, eps))?.exp();
    let v2 = ln_delta_r(mech, steps, &Mp::new(2 * prec, eps))?.exp();
    if v1.is_nan() || v2.is_nan() || v2.0.is_zero() {
        // δ below MPFR's exponent range (e.g. Gaussian at ε = 1e6, ln δ ≈ −5e11; issue 14, F6):
        // enclose δ from the log-space interval instead, never [0, 1] and never an upper end 0
        // while ln δ > −∞.
        return delta_from_ln(ln_delta(mech, steps, eps, prec)?, prec);
    }
    let err = two_prec_err(&v1, &v2, prec);
    let lo = (v2.clone() - err.clone()).to_f64_down().max(0.0);
    // Upper end rounded up: a positive δ below the f64 range becomes 5e−324, never 0.
    let hi = (v2 + err).to_f64_up().min(1.0);
    Ok(Interval { lower: lo, upper: hi })
}

/// `[exp(lower), exp(upper)]` of an interval for ln δ, rounded outward to f64; a positive upper
/// end below the f64 range becomes `5e−324` (never 0), and `ln δ = −∞` gives exactly 0.
fn delta_from_ln(ln: Interval, prec: u32) -> Result<Interval> {
    if ln.lower.is_nan() || ln.upper.is_nan() {
        return Err(Error::Numerical("ln δ interval is NaN".into()));
    }
    let lo = Mp::new(prec, ln.lower).exp().to_f64_down().max(0.0);
    let hi = if ln.upper == f64::NEG_INFINITY {
        0.0
    } else {
        // Direction: up; a δ > 0 below the f64 range is reported as the smallest subnormal.
        Mp::new(prec, ln.upper).exp().to_f64_up().max(f64::from_bits(1)).min(1.0)
    };
    Ok(Interval { lower: lo, upper: hi })
}

/// Interval for ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}. The upper end is the smallest f64 ε found with
/// `δ_upper(ε) ≤ δ` (rounded towards more loss), the lower end the largest f64 ε found with
/// `δ_lower(ε) > δ`; bisection to relative width 1e−13.
pub fn epsilon(mech: &Mechanism, steps: u64, delta_target: f64, prec: u32) -> Result<Interval> {
    epsilon_until(mech, steps, delta_target, prec, &|| false)
}

/// [`epsilon`], cooperatively stoppable: `stop` is asked before every evaluation of δ (each
/// one MPFR sum, e.g. a binomial sum over `T + 1` terms for randomized response), and once it
/// says so the bisection returns [`Error::Interrupted`] — so a caller's deadline or Ctrl-C is
/// honoured within one evaluation (issue 25: a randomized-response claim at T = 10⁶ ran 55 s
/// past `--time-budget 5`).
pub fn epsilon_until(mech: &Mechanism, steps: u64, delta_target: f64, prec: u32, stop: &dyn Fn() -> bool) -> Result<Interval> {
    validate(steps, prec)?;
    check::unit_open("delta", delta_target)?;
    let ln_target = delta_target.ln();
    let halt = || if stop() { Err(Error::Interrupted) } else { Ok(()) };
    let ln_delta_at = |e: f64| -> Result<Interval> {
        halt()?;
        ln_delta(mech, steps, e, prec)
    };
    // Cheap pass at 64 bits to find the root approximately.
    let coarse = |e: f64| -> Result<f64> {
        halt()?;
        Ok(ln_delta_r(mech, steps, &Mp::new(64, e))?.to_f64())
    };
    if coarse(0.0)? <= ln_target - 1e-9 {
        let d0 = ln_delta_at(0.0)?;
        if d0.upper <= ln_target {
            return Ok(Interval::point(0.0));
        }
    }
    let mut hi = 1.0_f64;
    while coarse(hi)? > ln_target {
        if hi == f64::MAX {
            // ε(δ) beyond the f64 range (e.g. σ tiny): the certified answer is [f64::MAX, +∞]
            // when δ_lower(f64::MAX) > δ (issue 14, F7).
            if ln_delta_at(f64::MAX)?.lower > ln_target {
                return Ok(Interval { lower: f64::MAX, upper: f64::INFINITY });
            }
            break;
        }
        hi = (hi * 2.0).min(f64::MAX);
    }
    // Bracket: coarse(hi) ≤ ln δ from the doubling above; 0 is the lower end of the domain.
    let Bracket { lo, hi, .. } = root_of_bracket(|e: &f64| coarse(*e), &ln_target, Monotone::Decreasing, Bracket::established(0.0, hi), &Stop::width(0.0, 1e-11, 200))?;
    // Certified refinement at full precision, on a slightly widened bracket.
    let pad = 1e-9 * hi.max(1e-300) + 1e-300;
    let upper = refine(|e| Ok(ln_delta_at(e)?.upper), (lo - pad).max(0.0), hi + pad, ln_target)?;
    let lower = refine(|e| Ok(ln_delta_at(e)?.lower), (lo - pad).max(0.0), hi + pad, ln_target)?;
    Interval::new(lower.0, upper.1).ok_or_else(|| Error::Numerical("exact ε bracket inverted".into()))
}

/// Bisection for a non-increasing `g`: returns `(a, b)` with `g(a) > target ≥ g(b)`, where
/// `a = 0` is returned when `g(0) ≤ target`.
fn refine<G: Fn(f64) -> Result<f64>>(g: G, mut a: f64, mut b: f64, target: f64) -> Result<(f64, f64)> {
    let mut expand = 0;
    while g(b)? > target {
        b += (b - a).max(1e-12) * 2.0;
        expand += 1;
        if expand > 100 {
            return Err(Error::Numerical("exact ε refinement failed to bracket".into()));
        }
    }
    while a > 0.0 && g(a)? <= target {
        a = (a - (b - a).max(1e-12) * 2.0).max(0.0);
    }
    if g(a)? <= target {
        return Ok((0.0, 0.0));
    }
    // Bracket: g(a) > target ≥ g(b) was just established by the two loops above.
    let r = root_of_bracket(|e: &f64| g(*e), &target, Monotone::Decreasing, Bracket::established(a, b), &Stop::width(0.0, 1e-13, 100))?;
    Ok((r.lo, r.hi))
}

/// Interval for the one-step Rényi divergence `D_α(P‖Q)` of `mech` in direction `dir` (α > 1).
/// Gaussian, Laplace, randomized response: closed forms (Mironov 2017, Props 5–7). Subsampled
/// Gaussian: exact binomial sum (integer α, remove) or tanh–sinh quadrature (otherwise), with the
/// quadrature error estimate added to the interval.
pub fn rdp(mech: &Mechanism, dir: Direction, alpha: f64, prec: u32) -> Result<Interval> {
    validate(1, prec)?;
    if !(alpha.is_finite() && alpha > 1.0) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    let (v1, e1) = rdp_r(mech, dir, &Mp::new(prec, alpha))?;
    let (v2, e2) = rdp_r(mech, dir, &Mp::new(2 * prec, alpha))?;
    let err = two_prec_err(&v1, &v2, prec) + e1.abs().max(e2.abs());
    Ok(Interval { lower: (v2.clone() - err.clone()).to_f64_down(), upper: (v2 + err).to_f64_up() })
}

/// Generic RDP value and its quadrature error estimate (0 for closed forms).
pub fn rdp_r<R: Real>(mech: &Mechanism, dir: Direction, alpha: &R) -> Result<(R, R)> {
    let z = alpha.zero();
    Ok(match *mech {
        Mechanism::Gaussian { noise_multiplier, .. } => (cf::gaussian_rdp(&(alpha.one() / alpha.cst(noise_multiplier)), alpha), z),
        Mechanism::Laplace { noise_multiplier, .. } => (cf::laplace_rdp(&(alpha.one() / alpha.cst(noise_multiplier)), alpha), z),
        Mechanism::RandomizedResponse { noise_multiplier } => (cf::rr_rdp(&(alpha.one() / alpha.cst(noise_multiplier)), alpha), z),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => {
            if sampling_rate == 0.0 {
                return Ok((z.clone(), z));
            }
            let q = alpha.cst(sampling_rate);
            let s = alpha.cst(noise_multiplier);
            let a = alpha.to_f64();
            if dir == Direction::Remove && a.fract() == 0.0 && a <= 1e6 {
                (cf::sgm_rdp_remove_int(&q, &s, a as u64), z)
            } else {
                cf::sgm_rdp_quad(&q, &s, dir, alpha)
            }
        }
    })
}

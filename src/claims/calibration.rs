//! Calibration claims (issue 12, kind `calibration`): "noise multiplier σ achieves (ε, δ)". The
//! verdict is that of the (ε, δ) claim at the claimed σ; this module adds the certified interval
//! of the smallest σ that achieves (ε, δ), `σ_min = inf{σ > 0 : δ_σ(ε) ≤ δ}`, found by bisection
//! on σ where every probe is a certified δ interval, and the tightness `σ_claim/σ_min`.
//!
//! Monotonicity: for every mechanism here `δ_σ(ε)` is non-increasing in σ (a larger noise is the
//! smaller one followed by independent noise, a post-processing; for the subsampled Gaussian the
//! post-processing acts on the Gaussian before the sum over records is released, which is the
//! same output law), so one probe that *achieves* (`δ_U ≤ δ`) proves `σ_min ≤ σ` and one that
//! *fails* (`δ_L > δ`) proves `σ_min ≥ σ`.

use super::claim::Claim;
use super::route::guarded;
use crate::error::Result;
use crate::mechanisms::Mechanism;
use crate::num::round::div_up;
use crate::num::Interval;
use crate::pld::{compose_mechanisms, PldOptions};
use std::time::Instant;

/// The result of a calibration search.
#[derive(Clone, Debug, PartialEq)]
pub struct SigmaMin {
    /// Certified interval of σ_min.
    pub sigma_min: Interval,
    /// Number of certified probes.
    pub probes: usize,
    /// Why the bisection stopped.
    pub note: String,
}

/// Outcome of one probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probe {
    Achieves,
    Fails,
    Unknown,
}

/// The mechanism of `claim` with noise multiplier `sigma` (privacy form, sensitivity 1).
fn with_sigma(m: &Mechanism, sigma: f64) -> Mechanism {
    match *m {
        Mechanism::Gaussian { .. } => Mechanism::Gaussian { noise_multiplier: sigma, sensitivity: 1.0 },
        Mechanism::Laplace { .. } => Mechanism::Laplace { noise_multiplier: sigma, sensitivity: 1.0 },
        Mechanism::RandomizedResponse { .. } => Mechanism::RandomizedResponse { noise_multiplier: sigma },
        Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } => Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity: 1.0, sampling_rate },
    }
}

/// Certified σ_min of a calibration claim at `prec` bits; probes are started only before
/// `deadline`. Exact-route mechanisms (Gaussian, randomized response, one step) use
/// [`crate::exact::delta`], at most 60 bisection steps (relative width ~1e−12 or the precision
/// floor); composed Laplace and subsampled Gaussian one certified PLD per probe (relative ε
/// accuracy 1e−4), at most 14 steps. Pure-DP claims (δ = 0): `σ_min = T/ε` for Laplace and
/// randomized response (ε(0) = T/σ), `∞` with Gaussian noise.
pub fn sigma_min(claim: &Claim, prec: u32, deadline: Instant) -> Result<SigmaMin> {
    let mech = claim.privacy_mechanism();
    let (steps, eps, delta) = (claim.steps, claim.epsilon, claim.delta);
    if let Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } = mech {
        if sampling_rate == 0.0 {
            return Ok(SigmaMin { sigma_min: Interval::point(0.0), probes: 0, note: "q = 0: every σ achieves the claim".into() });
        }
    }
    if delta == 0.0 {
        return Ok(match mech {
            Mechanism::Laplace { .. } | Mechanism::RandomizedResponse { .. } => {
                let t = steps as f64;
                let lo = if eps > 0.0 { crate::num::round::div_down(t, eps) } else { f64::INFINITY };
                let hi = if eps > 0.0 { div_up(if t as u64 == steps { t } else { t.next_up() }, eps) } else { f64::INFINITY };
                SigmaMin { sigma_min: Interval { lower: lo, upper: hi }, probes: 0, note: "pure DP: ε(0) = T/σ, so σ_min = T/ε".into() }
            }
            _ => SigmaMin { sigma_min: Interval::point(f64::INFINITY), probes: 0, note: "pure DP with Gaussian noise: no σ achieves δ = 0".into() },
        });
    }
    let exact = matches!(mech, Mechanism::Gaussian { .. } | Mechanism::RandomizedResponse { .. }) || steps == 1;
    let max_steps = if exact { 60 } else { 14 };
    let probe = |sigma: f64| -> Result<Probe> {
        let m = with_sigma(&mech, sigma);
        let d = guarded(|| {
            if exact {
                crate::exact::delta(&m, steps, eps, prec)
            } else {
                let opts = PldOptions { eps_rel_accuracy: 1e-4, reference_delta: delta, max_fft_len: 1 << 20, ..PldOptions::default() };
                Ok(compose_mechanisms(&[(m.clone(), steps)], &opts)?.delta(eps))
            }
        })?;
        Ok(if d.upper <= delta {
            Probe::Achieves
        } else if d.lower > delta {
            Probe::Fails
        } else {
            Probe::Unknown
        })
    };
    let sigma_c = claim.noise_multiplier();
    let mut probes = 0usize;
    let mut lo = 0.0f64; // proven: σ_min ≥ lo
    let mut hi = f64::INFINITY; // proven: σ_min ≤ hi
    // Bracket around the claimed σ by factors of 2.
    let mut s = sigma_c;
    let mut first = None;
    for _ in 0..64 {
        if Instant::now() >= deadline {
            break;
        }
        probes += 1;
        match probe(s)? {
            Probe::Achieves => {
                hi = hi.min(s);
                if first == Some(Probe::Fails) {
                    break;
                }
                first.get_or_insert(Probe::Achieves);
                s /= 2.0;
            }
            Probe::Fails => {
                lo = lo.max(s);
                if first == Some(Probe::Achieves) {
                    break;
                }
                first.get_or_insert(Probe::Fails);
                s *= 2.0;
            }
            Probe::Unknown => break,
        }
        if lo > 0.0 && hi.is_finite() {
            break;
        }
    }
    let mut note = String::from("bisection on σ with certified probes");
    if lo > 0.0 && hi.is_finite() {
        for _ in 0..max_steps {
            if Instant::now() >= deadline {
                note = "bisection stopped: time budget".into();
                break;
            }
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi || (hi - lo) <= 1e-12 * hi {
                break;
            }
            probes += 1;
            match probe(mid)? {
                Probe::Achieves => hi = mid,
                Probe::Fails => lo = mid,
                Probe::Unknown => {
                    note = format!("bisection stopped: the certified δ at σ = {mid} does not separate from δ (precision or FFT floor)");
                    break;
                }
            }
        }
    } else {
        note = "no bracket of σ_min found (a probe was undecided or the budget ran out)".into();
    }
    Ok(SigmaMin { sigma_min: Interval { lower: lo, upper: hi }, probes, note })
}

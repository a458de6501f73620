//! Monte Carlo evidence for rows the certified engines left inconclusive (foundations §5.5).
//!
//! Policy (documented for users in `docs/claims.md`): each inconclusive row gets one estimate of
//! `δ(ε_claim)` by [`crate::mc::delta_interval`] (seed `ClaimOptions::seed + row index`, so the
//! rows use independent streams and the run is reproducible) and the p-value of
//! `H0: δ(ε_claim) ≤ δ_claim (1 + κ)`. Holm's step-down procedure over **all** rows tested in the
//! run, at family-wise level `1 − confidence`, marks the rows whose `H0` is rejected. The
//! evidence is reported next to the verdict and **never changes it**: a verdict is certified or
//! it is `inconclusive`.

use super::claim::Claim;
use super::options::ClaimOptions;
use super::result::McEvidence;
use super::route::guarded;
use crate::error::{Error, Result};
use crate::mc::options::MIN_REPLICATES;
use crate::mc::{delta_interval, holm, McOptions};
use crate::mechanisms::Mechanism;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// `(row, evidence, seconds, note)` for each row of `todo`.
pub type McOutcome = (usize, Option<McEvidence>, f64, Option<String>);

/// Expected elementary draws per replicate: the Gaussian and randomized response have exact
/// composed samplers (one draw per replicate, `crate::mc` module doc); the others sample every step.
fn draws_per_replicate(c: &Claim) -> f64 {
    match c.privacy_mechanism() {
        Mechanism::Gaussian { .. } | Mechanism::RandomizedResponse { .. } => 1.0,
        _ => c.steps as f64,
    }
}

/// Run the checks (each started only before `deadline`) and apply Holm over the tested rows.
/// Rows whose cheapest affordable check (`MIN_REPLICATES` replicates) would exceed twice
/// `mc_max_draws` elementary draws are skipped with a note. Errors: [`Error::Interrupted`] when
/// `interrupt` is set (it is relayed to the samplers, which stop between chunks).
pub fn mc_evidence(claims: &[Claim], todo: &[usize], opts: &ClaimOptions, deadline: Instant, interrupt: &AtomicBool) -> Result<Vec<McOutcome>> {
    let relay = Arc::new(AtomicBool::new(false));
    let finished = AtomicBool::new(false);
    let mut out: Vec<McOutcome> = std::thread::scope(|scope| {
        // Relay the caller's flag (a plain reference) to the Arc the samplers poll.
        scope.spawn(|| {
            while !finished.load(Ordering::SeqCst) {
                if interrupt.load(Ordering::SeqCst) {
                    relay.store(true, Ordering::SeqCst);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        let res = todo
            .par_iter()
            .map(|&i| {
                if interrupt.load(Ordering::Relaxed) {
                    return (i, None, 0.0, None);
                }
                if Instant::now() >= deadline {
                    return (i, None, 0.0, Some("Monte Carlo check skipped: time budget exhausted".into()));
                }
                let c = &claims[i];
                let cost = MIN_REPLICATES as f64 * draws_per_replicate(c);
                if opts.mc_max_draws > 0 && cost > 2.0 * opts.mc_max_draws as f64 {
                    return (i, None, 0.0, Some(format!("Monte Carlo check skipped: {} steps need at least {cost:.1e} per-step draws", c.steps)));
                }
                let seed = opts.seed.wrapping_add(i as u64);
                let mc = McOptions {
                    samples: opts.mc_samples,
                    max_draws: opts.mc_max_draws,
                    confidence: opts.confidence,
                    seed,
                    interrupt: Some(relay.clone()),
                    ..McOptions::default()
                };
                let t0 = Instant::now();
                let res = guarded(|| delta_interval(&c.privacy_mechanism(), c.steps, c.epsilon, &mc));
                let secs = t0.elapsed().as_secs_f64();
                match res {
                    Ok(est) => {
                        let threshold = c.delta * (1.0 + opts.tolerance);
                        let p = est.p_value_delta_exceeds(threshold).unwrap_or(1.0);
                        let ev = McEvidence {
                            delta: est.interval,
                            confidence: est.confidence,
                            p_value: p,
                            holm_rejected: false,
                            family_size: 0,
                            samples: est.samples,
                            seed,
                            method: est.method,
                        };
                        (i, Some(ev), secs, None)
                    }
                    Err(Error::Interrupted) => (i, None, secs, None),
                    Err(e) => (i, None, secs, Some(format!("Monte Carlo check failed: {e}"))),
                }
            })
            .collect();
        finished.store(true, Ordering::SeqCst);
        res
    });
    if interrupt.load(Ordering::SeqCst) {
        return Err(Error::Interrupted);
    }
    let tested: Vec<usize> = (0..out.len()).filter(|&k| out[k].1.is_some()).collect();
    let p: Vec<f64> = tested.iter().map(|&k| out[k].1.as_ref().map(|e| e.p_value).unwrap_or(1.0)).collect();
    let reject = holm(&p, 1.0 - opts.confidence);
    for (j, &k) in tested.iter().enumerate() {
        if let Some(ev) = out[k].1.as_mut() {
            ev.holm_rejected = reject[j];
            ev.family_size = tested.len();
        }
    }
    Ok(out)
}

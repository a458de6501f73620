//! How a claim's event is decided (issue 12, `docs/claims.md` "Events"): the dominating pair of
//! each phase `(mechanism, sampling, adjacency)` and the route of the whole event.
//!
//! | phase | add_remove | replace_one |
//! |---|---|---|
//! | `gaussian(σ)` | `N(0,1)` vs `N(1/σ,1)` (μ = 1/σ) | μ = 2/σ: the ℓ2 sensitivity of a sum of records of norm ≤ C under substitution is 2C (Dwork & Roth 2014, Def. 3.8 with `‖x − x'‖ ≤ 2C`; dp_accounting: "REPLACE … corresponds to the same privacy loss distribution with twice the sensitivity") |
//! | `laplace(b)` | ε0 = 1/b (foundations §2.2) | ε0 = 2/b (ℓ1 sensitivity 2C, same argument) |
//! | `rr(ε0)` | ε0 (the mechanism's own pair, foundations §2.3) | ε0: the pair `R(x)`, `R(x')` of Warner's randomized response *is* a substitution of the input bit (dp_accounting `from_randomized_response`, "Case REPLACE_ONE"); it does not double |
//! | `poisson(q, gaussian(σ))` | foundations §2.4, both directions | [`ReplaceSgmLoss`] (symmetric, see its module doc) |
//! | `wor(b, n, gaussian(σ))` | input error: the neighbours' sizes differ | [`ReplaceSgmLoss`] with `q = b/n` (Lebeda et al. 2024; the replaced record is in the batch with probability b/n) |
//! | `shuffle(b, n, gaussian(σ))` | certified lower bound only ([`super::event_shuffle`]) | same |
//! | `poisson(q, laplace(b))`, `poisson(q, rr(ε0))` | [`PoissonSymmetricLoss`]: `(1−q)Q0 + qP0` vs `Q0` and reversed, both directions | input error (not supported) |
//! | `wor`/`shuffle` of `laplace`, `rr` | input error (not supported) | input error |
//!
//! Routes: an event whose every phase is an unsampled Gaussian (Poisson with q = 1 included) is
//! one Gaussian with `μ = √(Σ count_i μ_i²)` (Dong, Roth & Su 2022, Cor. 3.3) and takes the
//! exact route; a one-phase add/remove event that is a legacy row takes that row's route;
//! anything else is composed by the certified FFT ([`crate::pld::compose_losses`]), each
//! direction separately, the worse direction taken at the end.

use super::event::{Adjacency, Base, Event, Phase, Sampling};
use crate::mechanisms::poisson_symmetric::PoissonSymmetricLoss;
use crate::mechanisms::replace_poisson_gaussian::ReplaceSgmLoss;
use crate::mechanisms::{Direction, Mechanism};
use crate::pld::LossStep;
use std::sync::Arc;

/// How an event is decided.
#[derive(Clone, Debug)]
pub enum Plan {
    /// Equivalent to a legacy row `(mechanism, steps)` (exact, FFT or trivial route as today).
    Legacy(Mechanism, u64),
    /// Certified FFT composition of these steps.
    Fft(Vec<LossStep>),
    /// Some phase is shuffled: a certified lower bound on ε only.
    ShuffleLower,
}

/// Check that every phase is supported under `adj` (the message names the phase).
pub fn check_supported(ev: &Event, adj: Adjacency) -> Result<(), String> {
    for p in &ev.phases {
        let bad = |why: &str| Err(format!("{} under {}: {why}", phase_text(p), adj.name()));
        match (p.base, p.sampling, adj) {
            (_, Sampling::None, _) => {}
            (Base::Gaussian { .. }, Sampling::Poisson { .. } | Sampling::Shuffle { .. }, _) => {}
            (Base::Gaussian { .. }, Sampling::Wor { .. }, Adjacency::ReplaceOne) => {}
            (Base::Gaussian { .. }, Sampling::Wor { .. }, Adjacency::AddRemove) => {
                return bad("sampling exactly B of N records is not defined for both neighbours when adding or removing a record changes N; use adjacency replace_one (the relation fixed-size batches are analysed under) or account the steps as poisson(B/N, …) if the batches really are Poisson-sampled")
            }
            (_, Sampling::Poisson { q: 0.0 }, _) => {}
            (_, Sampling::Poisson { .. }, Adjacency::AddRemove) => {}
            (_, Sampling::Poisson { .. }, Adjacency::ReplaceOne) => {
                return bad("Poisson-subsampled Laplace and randomized response are supported under add_remove only (dp_accounting does not account them under REPLACE_ONE either)")
            }
            (_, _, _) => return bad("Laplace and randomized response with fixed-size (wor) or shuffled batches are not supported (only gaussian is sampled that way)"),
        }
    }
    Ok(())
}

fn phase_text(p: &Phase) -> String {
    super::event::Node::Sampled(p.sampling, p.base).to_string()
}

/// The plan of an event under `adj`. Assumes [`check_supported`] passed.
pub fn plan(ev: &Event, adj: Adjacency) -> Plan {
    if ev.has_shuffle() {
        return Plan::ShuffleLower;
    }
    let k = match adj {
        Adjacency::AddRemove => 1.0,
        Adjacency::ReplaceOne => 2.0,
    };
    // Phases with q = 0 reveal nothing (P = Q) and are dropped.
    let live: Vec<&Phase> = ev.phases.iter().filter(|p| !matches!(p.sampling, Sampling::Poisson { q } if q == 0.0)).collect();
    if live.is_empty() {
        return Plan::Legacy(Mechanism::PoissonSubsampledGaussian { noise_multiplier: 1.0, sensitivity: 1.0, sampling_rate: 0.0 }, 1);
    }
    let unsampled_gaussian = |p: &Phase| matches!((p.base, p.sampling), (Base::Gaussian { .. }, Sampling::None | Sampling::Poisson { q: 1.0 }));
    if live.iter().all(|p| unsampled_gaussian(p)) {
        // Dong, Roth & Su 2022, Cor. 3.3: μ-GDP steps compose to √(Σ μ_i²)-GDP (exactly).
        let mu2: f64 = live
            .iter()
            .map(|p| match p.base {
                Base::Gaussian { sigma, .. } => p.count as f64 * (k / sigma) * (k / sigma),
                _ => 0.0,
            })
            .sum();
        return Plan::Legacy(Mechanism::Gaussian { noise_multiplier: 1.0 / mu2.sqrt(), sensitivity: 1.0 }, 1);
    }
    if live.len() == 1 {
        let p = live[0];
        match (p.base, p.sampling, adj) {
            (Base::Laplace { b }, Sampling::None, _) => return Plan::Legacy(Mechanism::Laplace { noise_multiplier: b / k, sensitivity: 1.0 }, p.count),
            (Base::Rr { eps0 }, Sampling::None, _) => return Plan::Legacy(Mechanism::RandomizedResponse { noise_multiplier: 1.0 / eps0 }, p.count),
            (Base::Gaussian { sigma, .. }, Sampling::Poisson { q }, Adjacency::AddRemove) => {
                return Plan::Legacy(Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity: 1.0, sampling_rate: q }, p.count)
            }
            _ => {}
        }
    }
    Plan::Fft(live.iter().map(|p| step(p, k, adj)).collect())
}

/// The loss step of one (non-shuffled, supported) phase; `k` = 1 (add/remove) or 2 (replace-one).
fn step(p: &Phase, k: f64, adj: Adjacency) -> LossStep {
    let mech = |m: Mechanism| LossStep::from_mechanism(&m, p.count);
    match (p.base, p.sampling) {
        (Base::Gaussian { sigma, .. }, Sampling::None | Sampling::Poisson { q: 1.0 }) => mech(Mechanism::Gaussian { noise_multiplier: sigma / k, sensitivity: 1.0 }),
        (Base::Laplace { b }, Sampling::Poisson { q }) if q < 1.0 => poisson_symmetric(q, &Mechanism::Laplace { noise_multiplier: b, sensitivity: 1.0 }, p.count),
        (Base::Rr { eps0 }, Sampling::Poisson { q }) if q < 1.0 => poisson_symmetric(q, &Mechanism::RandomizedResponse { noise_multiplier: 1.0 / eps0 }, p.count),
        (Base::Laplace { b }, _) => mech(Mechanism::Laplace { noise_multiplier: b / k, sensitivity: 1.0 }),
        (Base::Rr { eps0 }, _) => mech(Mechanism::RandomizedResponse { noise_multiplier: 1.0 / eps0 }),
        (Base::Gaussian { sigma, .. }, Sampling::Poisson { q }) if adj == Adjacency::AddRemove => {
            mech(Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity: 1.0, sampling_rate: q })
        }
        (Base::Gaussian { sigma, .. }, Sampling::Poisson { q }) => replace_sgm(q, sigma, p.count),
        (Base::Gaussian { sigma, .. }, Sampling::Wor { b, n }) => replace_sgm(b as f64 / n as f64, sigma, p.count),
        (Base::Gaussian { sigma, .. }, Sampling::Shuffle { .. }) => mech(Mechanism::Gaussian { noise_multiplier: sigma / k, sensitivity: 1.0 }),
    }
}

/// The add/remove Poisson-subsampled step of a symmetric mechanism (Laplace, randomized
/// response), both directions ([`PoissonSymmetricLoss`]).
fn poisson_symmetric(q: f64, m: &Mechanism, count: u64) -> LossStep {
    let dir = |d: Direction| -> Arc<dyn crate::mechanisms::PrivacyLoss> { Arc::new(PoissonSymmetricLoss::new(q, m.loss(Direction::Remove), d)) };
    LossStep { label: format!("poisson(q={q:?}, {m:?})"), remove: dir(Direction::Remove), add: dir(Direction::Add), symmetric: false, count }
}

/// The replace-one subsampled Gaussian step (`q = 1`: the Gaussian with μ = 2/σ).
fn replace_sgm(q: f64, sigma: f64, count: u64) -> LossStep {
    if q >= 1.0 {
        return LossStep::from_mechanism(&Mechanism::Gaussian { noise_multiplier: sigma / 2.0, sensitivity: 1.0 }, count);
    }
    let loss: Arc<dyn crate::mechanisms::PrivacyLoss> = Arc::new(ReplaceSgmLoss::new(q, sigma));
    LossStep { label: format!("replace_one_poisson_gaussian(q={q:?}, sigma={sigma:?})"), remove: loss.clone(), add: loss, symmetric: true, count }
}

/// A representative legacy mechanism for the report columns of an event row (its first phase).
pub fn display_mechanism(ev: &Event) -> Mechanism {
    let p = ev.phases[0];
    match (p.base, p.sampling) {
        (Base::Gaussian { sigma, sensitivity }, Sampling::Poisson { q }) => Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity, sampling_rate: q },
        (Base::Gaussian { sigma, sensitivity }, Sampling::Wor { b, n }) => {
            Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity, sampling_rate: b as f64 / n as f64 }
        }
        (Base::Gaussian { sigma, sensitivity }, _) => Mechanism::Gaussian { noise_multiplier: sigma, sensitivity },
        (Base::Laplace { b }, _) => Mechanism::Laplace { noise_multiplier: b, sensitivity: 1.0 },
        (Base::Rr { eps0 }, _) => Mechanism::RandomizedResponse { noise_multiplier: 1.0 / eps0 },
    }
}

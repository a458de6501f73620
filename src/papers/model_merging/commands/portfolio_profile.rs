//! Directional δ(ε) profiles of portfolio models — the per-model inputs `ε ↦ H_ε(P_i, Q_i)` and
//! `ε ↦ H_ε(Q_i, P_i)` of Theorem 5.2 / Algorithm 2 (spec §7).

use super::{DeltaTable, Model, ModelKind, RdpTable};
use crate::error::{Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::pld::{CertifiedPld, PldOptions};
use crate::repr::rdp_to_dp::Formula;

/// MPFR precision of the Gaussian closed form.
const GAUSS_PREC: u32 = 128;

/// Upper bounds on a model's two directional privacy profiles.
///
/// * `Gaussian`: closed form of spec §1.5 (both directions equal), certified by MPFR at two
///   precisions (`crate::exact::delta`, upper end).
/// * `Pld`: DP-SGD models — the certified FFT PLD of the Poisson-subsampled Gaussian composed
///   `T` times, **per direction** (spec §7 "Per-model directional H"), upper curve.
/// * `Table`: a given δ(ε) table; between points the value at the next smaller tabulated ε
///   (profiles are nonincreasing in ε), `1` below the first point.
/// * `Rdp`: a model given only by RDP: `δ(ε) ≤ min_α δ_α(ε)` by the conversion of Balle et al.
///   2020, Thm 21 (`Formula::BalleG`), for both directions (the RDP profile covers both).
/// * `Constant`: `q = 0` (δ ≡ 0) or `σ = 0` with `q > 0` (δ ≡ 1, no privacy).
#[derive(Clone, Debug)]
pub enum DirectionalProfile {
    Gaussian { mechanism: Mechanism, compositions: u64 },
    Pld(Box<CertifiedPld>),
    Table(DeltaTable),
    Rdp(RdpTable),
    Constant(f64),
}

/// Build the profile of `m` (the FFT accountant runs once here for DP-SGD models).
pub fn build(m: &Model, opts: &PldOptions) -> Result<DirectionalProfile> {
    Ok(match &m.kind {
        ModelKind::Gaussian { noise_multiplier, compositions } => {
            DirectionalProfile::Gaussian { mechanism: Mechanism::Gaussian { noise_multiplier: *noise_multiplier, sensitivity: 1.0 }, compositions: *compositions }
        }
        ModelKind::DpSgd { hyper, steps } => {
            let (q, s) = (hyper.sampling_rate, hyper.noise_multiplier);
            if q == 0.0 {
                DirectionalProfile::Constant(0.0)
            } else if s == 0.0 {
                DirectionalProfile::Constant(1.0)
            } else {
                let mech = Mechanism::PoissonSubsampledGaussian { noise_multiplier: s, sensitivity: 1.0, sampling_rate: q };
                DirectionalProfile::Pld(Box::new(crate::pld::compose_mechanisms(&[(mech, *steps)], opts)?))
            }
        }
        ModelKind::Curves { delta: Some(t), .. } => DirectionalProfile::Table(t.clone()),
        ModelKind::Curves { rdp: Some(r), delta: None } => DirectionalProfile::Rdp(r.clone()),
        ModelKind::Curves { rdp: None, delta: None } => return Err(Error::Unsupported(format!("model '{}' has no privacy curve", m.name))),
    })
}

impl DirectionalProfile {
    /// Upper bounds `(δ_remove(ε), δ_add(ε))` = bounds on `(H_ε(P,Q), H_ε(Q,P))`, each in `[0, 1]`.
    /// Errors: ε not finite.
    pub fn delta(&self, eps: f64) -> Result<(f64, f64)> {
        if !eps.is_finite() {
            return Err(Error::invalid("epsilon", eps, "must be finite"));
        }
        Ok(match self {
            DirectionalProfile::Constant(c) => (*c, *c),
            DirectionalProfile::Gaussian { mechanism, compositions } => {
                let d = crate::exact::delta(mechanism, *compositions, eps, GAUSS_PREC)?.upper.min(1.0);
                (d, d)
            }
            DirectionalProfile::Pld(p) => {
                let dirs = p.delta_by_direction(eps);
                let get = |want: Direction| dirs.iter().find(|(d, _)| *d == want).map(|(_, i)| i.upper.min(1.0));
                let r = get(Direction::Remove).unwrap_or(1.0);
                // A symmetric PLD carries one direction only; it then bounds both.
                (r, get(Direction::Add).unwrap_or(r))
            }
            DirectionalProfile::Table(t) => match t.epsilons.iter().rposition(|&e| e <= eps) {
                Some(k) => (t.remove[k], t.add[k]),
                None => (1.0, 1.0),
            },
            DirectionalProfile::Rdp(r) => {
                let mut best: f64 = 1.0;
                for (&a, &v) in r.orders.iter().zip(&r.epsilons) {
                    if v.is_finite() {
                        best = best.min(Formula::BalleG.delta_up(a, v, eps)?);
                    }
                }
                (best, best)
            }
        })
    }

    /// `max` of the two directions (the model's δ(ε)).
    pub fn delta_max(&self, eps: f64) -> Result<f64> {
        let (r, a) = self.delta(eps)?;
        Ok(r.max(a))
    }
}

/// A portfolio profile is a Theorem 5.2 input: only upper bounds are known, so each interval is
/// `[0, upper]` (sound for Algorithm 2, which uses the upper ends).
impl crate::papers::model_merging::section_5::random_selection_pld::DirectionalCurve for DirectionalProfile {
    fn describe(&self) -> String {
        match self {
            DirectionalProfile::Gaussian { mechanism, compositions } => format!("{}×{compositions}", mechanism.name()),
            DirectionalProfile::Pld(_) => "dp-sgd (certified PLD)".into(),
            DirectionalProfile::Table(_) => "delta table".into(),
            DirectionalProfile::Rdp(_) => "rdp curve".into(),
            DirectionalProfile::Constant(c) => format!("constant {c}"),
        }
    }
    fn h_forward(&self, eps: f64) -> Result<crate::num::Interval> {
        Ok(crate::num::Interval { lower: 0.0, upper: self.delta(eps)?.0 })
    }
    fn h_reverse(&self, eps: f64) -> Result<crate::num::Interval> {
        Ok(crate::num::Interval { lower: 0.0, upper: self.delta(eps)?.1 })
    }
}

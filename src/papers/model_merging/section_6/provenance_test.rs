//! Tests of the Section 6.3 provenance rules (spec §15) with the MNIST σ = 2 run (Appendix H:
//! checkpoints after epochs 1, 2, 3 = 235, 470, 705 steps). Ground truth for the checkpoint
//! profiles: the SGM binomial sum in MPFR (`crate::mechanisms::exact`), converted here.

use super::*;
use crate::mechanisms::exact::sgm_rdp_remove_int;
use crate::num::{Mp, Real};
use crate::papers::model_merging::common::conventions::{default_orders, epsilon_from_rdp};
use proptest::prelude::*;

fn run() -> StepHyper {
    StepHyper::new(256.0 / 60000.0, 2.0, 1.0, 0.1).unwrap()
}

/// SGM RDP over `t` steps by the MPFR binomial sum, converted (classic, orders 2..64, δ = 1e-5).
fn own_profile(t: u64) -> f64 {
    let orders = default_orders();
    let rdp: Vec<f64> = orders.iter().map(|&a| t as f64 * sgm_rdp_remove_int(&Mp::new(200, 256.0 / 60000.0), &Mp::new(200, 2.0), a as u64).to_f64()).collect();
    epsilon_from_rdp(&orders, &rdp, 1e-5, Conversion::Classic).unwrap().epsilon
}

#[test]
fn lc_on_checkpoints_is_refused_rs_allowed() {
    let sched = vec![(vec![run(), run(), run()], 235u64)];
    let r = lc_dp_eps_for(Provenance::SameRunCheckpoints, &[0.2, 0.3, 0.5], &sched, &default_orders(), 1e-5, Conversion::Classic);
    assert!(matches!(r, Err(Error::Unsupported(_))));
    assert!(lc_dp_eps_for(Provenance::IndependentRuns, &[0.2, 0.3, 0.5], &sched, &default_orders(), 1e-5, Conversion::Classic).is_ok());
    assert!(Provenance::SameRunCheckpoints.allows_random_selection());
}

/// Spec §15 invariant and audit A17: the fallback equals the latest positive-weight checkpoint's
/// own profile; at λ = e_1 it is checkpoint 1's profile, below the last checkpoint's.
#[test]
fn fallback_is_latest_positive_checkpoint_profile() {
    let steps = [235u64, 470, 705];
    let orders = default_orders();
    let (k, e) = checkpoint_fallback_eps(&[0.5, 0.5, 0.0], &steps, run(), &orders, 1e-5, Conversion::Classic).unwrap();
    assert_eq!(k, 1);
    assert!(((e.epsilon - own_profile(470)) / e.epsilon).abs() < 1e-10);
    let (k1, e1) = checkpoint_fallback_eps(&[1.0, 0.0, 0.0], &steps, run(), &orders, 1e-5, Conversion::Classic).unwrap();
    let (_, last) = checkpoint_fallback_eps(&[0.0, 0.0, 1.0], &steps, run(), &orders, 1e-5, Conversion::Classic).unwrap();
    assert_eq!(k1, 0);
    assert!(((last.epsilon - 0.3601353894) / 0.3601353894).abs() < 1e-9, "spec §17 single model: {}", last.epsilon);
    assert!(e1.epsilon < last.epsilon);
    assert!(checkpoint_fallback_eps(&[0.5, 0.5], &[470, 235], run(), &orders, 1e-5, Conversion::Classic).is_err());
    assert!(checkpoint_fallback_eps(&[0.5, 0.5, 0.0], &[235, 470], run(), &orders, 1e-5, Conversion::Classic).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Spec §15 invariant: with λ_last > 0 the reported ε is never below the last checkpoint's own.
    #[test]
    fn prop_never_better_than_last_positive(a in 0.0f64..1.0, b in 0.0f64..1.0, c in 0.01f64..1.0) {
        let s = a + b + c;
        let lam = [a / s, b / s, 1.0 - a / s - b / s];
        let steps = [235u64, 470, 705];
        let (k, e) = checkpoint_fallback_eps(&lam, &steps, run(), &default_orders(), 1e-5, Conversion::Classic).unwrap();
        prop_assert_eq!(k, 2);
        prop_assert!(e.epsilon >= own_profile(705) * (1.0 - 1e-12));
    }
}

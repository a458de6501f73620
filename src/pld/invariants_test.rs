//! Conformance properties of certified PLD results (style guide principle 9), driven by
//! proptest over mechanisms, parameters and counts:
//! * `δ_L ≤ δ_U`, both non-increasing in ε, `δ_U ≥ (1 − e^ε)_+` (a property of every profile);
//! * `ε_L ≤ ε_U`, both non-increasing in δ;
//! * composed mass ≈ 1 (upper object ≥ 1 − τ, lower object ≤ 1);
//! * for one step, the interval contains the closed-form profile of the mechanism (§2);
//! * the two discretisation schemes give overlapping certified intervals.

use super::*;
use crate::mechanisms::Mechanism;
use proptest::prelude::*;

fn mechanism() -> impl Strategy<Value = Mechanism> {
    prop_oneof![
        (0.4f64..5.0).prop_map(|s| Mechanism::from_name("gaussian", s, None, None).unwrap()),
        (0.3f64..4.0).prop_map(|s| Mechanism::from_name("laplace", s, None, None).unwrap()),
        (0.3f64..4.0).prop_map(|s| Mechanism::from_name("randomized-response", s, None, None).unwrap()),
        ((0.5f64..3.0), (0.001f64..0.5)).prop_map(|(s, q)| Mechanism::from_name("sgm", s, None, Some(q)).unwrap()),
    ]
}

fn opts() -> PldOptions {
    PldOptions { eps_rel_accuracy: 1e-2, max_passes: 2, ..PldOptions::default() }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn profile_invariants(m in mechanism(), t in 1u64..300) {
        let pld = compose_mechanisms(&[(m.clone(), t)], &opts()).unwrap();
        let diag = pld.diagnostics();
        for d in &diag.directions {
            prop_assert!(d.total_mass_upper >= 1.0 - 1e-9 && d.total_mass_upper <= 1.0 + 1e-4, "{:?}", d);
            prop_assert!(d.total_mass_lower <= 1.0 + 1e-9 && d.total_mass_lower >= 1.0 - 1e-6, "{:?}", d);
        }
        let (mut prev_u, mut prev_l) = (f64::INFINITY, f64::INFINITY);
        for i in 0..60 {
            let eps = -1.0 + 0.25 * i as f64;
            let iv = pld.delta(eps);
            prop_assert!(iv.lower <= iv.upper, "ε={eps}: {iv}");
            prop_assert!(iv.upper <= prev_u && iv.lower <= prev_l, "not monotone at ε={eps}");
            prop_assert!(iv.upper >= (-eps.exp_m1()).max(0.0) - 1e-15, "ε={eps}: {iv} below (1−e^ε)+");
            prev_u = iv.upper;
            prev_l = iv.lower;
        }
        let (mut pu, mut pl) = (f64::INFINITY, f64::INFINITY);
        for k in 1..12 {
            let delta = 10f64.powi(-k);
            let iv = pld.epsilon(delta);
            prop_assert!(iv.lower <= iv.upper, "δ={delta}: {iv}");
            // ε(δ) is non-increasing in δ, and δ decreases along this loop.
            prop_assert!(iv.upper >= pu.min(iv.upper) && iv.lower >= 0.0);
            if pu.is_finite() { prop_assert!(iv.upper >= pu, "ε_U not monotone at δ={delta}"); }
            if pl.is_finite() { prop_assert!(iv.lower >= pl, "ε_L not monotone at δ={delta}"); }
            pu = iv.upper;
            pl = iv.lower;
        }
    }

    /// Privacy buckets (built from `sf`/`sf_left` only) and Connect-the-Dots + merging (built
    /// from `δ` and `sf`) are independent discretisations; two certified intervals must overlap.
    #[test]
    fn schemes_overlap(m in mechanism(), t in 1u64..100, e in 0.0f64..3.0) {
        let a = compose_mechanisms(&[(m.clone(), t)], &opts()).unwrap();
        let h = a.diagnostics().grid_step;
        let pb = PldOptions { grid_step: Some(h), discretisation: Discretisation::PrivacyBuckets, ..opts() };
        let b = compose_mechanisms(&[(m.clone(), t)], &pb).unwrap();
        let (da, db) = (a.delta(e), b.delta(e));
        prop_assert!(da.overlaps(&db), "{} T={t} ε={e}: {da} vs buckets {db}", m.name());
        let (ea, eb) = (a.epsilon(1e-4), b.epsilon(1e-4));
        prop_assert!(ea.overlaps(&eb), "{} T={t}: ε {ea} vs buckets {eb}", m.name());
    }

    #[test]
    fn one_step_contains_closed_form(m in mechanism(), e in -0.5f64..4.0) {
        let pld = compose_mechanisms(&[(m.clone(), 1)], &opts()).unwrap();
        let exact = m.directions().iter().map(|&d| m.loss(d).delta(e)).fold(0.0, f64::max);
        let iv = pld.delta(e);
        // Slack: the closed forms are f64 evaluations (relative ~1e−13).
        prop_assert!(iv.lower <= exact * (1.0 + 1e-12) + 1e-300 && exact <= iv.upper * (1.0 + 1e-12) + 1e-300,
            "{}: ε={e}: exact {exact:e} not in {iv}", m.name());
    }
}


//! One-step discretisations against the exact one-step profiles of the mechanisms (closed
//! forms, foundations §2): upper objects must lie above, lower objects below, at every ε.

use super::discretise::*;
use super::merge::merge_lower;
use crate::mechanisms::{Direction, Mechanism, PrivacyLoss};

fn losses() -> Vec<Box<dyn PrivacyLoss>> {
    let mut v: Vec<Box<dyn PrivacyLoss>> = Vec::new();
    for m in [
        Mechanism::from_name("gaussian", 1.0, None, None).unwrap(),
        Mechanism::from_name("gaussian", 4.0, None, None).unwrap(),
        Mechanism::from_name("laplace", 1.0, None, None).unwrap(),
        Mechanism::from_name("randomized-response", 0.7, None, None).unwrap(),
        Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap(),
        Mechanism::from_name("sgm", 0.8, None, Some(0.2)).unwrap(),
    ] {
        for &d in m.directions() {
            v.push(m.loss(d));
        }
    }
    v
}

#[test]
fn one_step_sandwich_all_schemes() {
    let model = EvalModel { rho: 1e-13 };
    for loss in losses() {
        let r = step_range(loss.as_ref(), 1e-14).unwrap();
        for &h in &[1e-2, 1.7e-3] {
            let h = super::pmf::snap_grid_step(h);
            let up = connect_dots_upper(loss.as_ref(), h, &r, &model).unwrap();
            let lo = merge_lower(loss.as_ref(), h, &r, &model).unwrap();
            let bu = buckets_upper(loss.as_ref(), h, &r, &model).unwrap();
            let bl = buckets_lower(loss.as_ref(), h, &r, &model).unwrap();
            let m_up = up.finite_mass() + up.inf_mass;
            let m_lo = lo.finite_mass() + lo.inf_mass;
            assert!((1.0 - 1e-15..1.0 + 1e-9).contains(&m_up), "{}: upper mass {m_up}", loss.describe());
            assert!(m_lo <= 1.0 + 1e-15 && m_lo > 1.0 - 1e-9, "{}: lower mass {m_lo}", loss.describe());
            let mut worst_gap = 0.0f64;
            for i in 0..400 {
                let eps = r.t_lo + (r.t_hi - r.t_lo) * (i as f64 + 0.37) / 400.0;
                let d = loss.delta(eps);
                let (du, dl, dbu, dbl) = (up.delta_estimate(eps), lo.delta_estimate(eps), bu.delta_estimate(eps), bl.delta_estimate(eps));
                let slack = 1e-13 * d + 1e-16;
                assert!(du >= d - slack, "{} h={h} ε={eps}: CTD {du:e} < exact {d:e}", loss.describe());
                assert!(dl <= d + slack, "{} h={h} ε={eps}: merge {dl:e} > exact {d:e}", loss.describe());
                assert!(dbu >= du - slack, "{} h={h} ε={eps}: buckets-up {dbu:e} < CTD {du:e}", loss.describe());
                assert!(dbl <= d + slack, "{} h={h} ε={eps}: buckets-down {dbl:e} > exact {d:e}", loss.describe());
                worst_gap = worst_gap.max(du - dl);
            }
            eprintln!("{} h={h:.3e}: n={} max(δ_U−δ_L)={worst_gap:.3e}", loss.describe(), up.masses.len());
        }
    }
}

#[test]
fn step_range_tails_are_below_tau() {
    for loss in losses() {
        let tau = 1e-15;
        let r = step_range(loss.as_ref(), tau).unwrap();
        assert!(loss.cdf(r.t_lo) <= tau || r.t_lo == r.support.0);
        assert!(loss.sf(r.t_hi) - loss.inf_mass() <= tau || r.t_hi == r.support.1);
        assert!(r.t_lo < r.t_hi, "{}", loss.describe());
    }
    let _ = Direction::Remove;
}

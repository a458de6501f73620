//! Tests of Theorem 6.1 against the spec §8 numbers (Gaussian closed forms computed for the
//! spec), the GDP closed form (`crate::repr::gdp`, an independent code path from the FFT
//! accountant), and the block-embedding construction (A16).

use super::*;
use crate::repr::gdp;
use proptest::prelude::*;

fn gaussian(sigma: f64) -> Mechanism {
    Mechanism::from_name("gaussian", sigma, None, None).unwrap()
}

#[test]
fn joint_rdp_sums_rows_and_validates() {
    // Δ = 1, σ = (1, 2): ε_{α,1} = α/2, ε_{α,2} = α/8, joint 0.625α (spec §8)
    let orders = [2.0, 3.0, 8.0, 32.0];
    let t = vec![orders.iter().map(|a| a / 2.0).collect(), orders.iter().map(|a| a / 8.0).collect::<Vec<f64>>()];
    let j = joint_rdp(&t).unwrap();
    for (a, v) in orders.iter().zip(&j) {
        assert!((v - 0.625 * a).abs() <= 1e-15 * v && *v >= 0.625 * a);
    }
    assert_eq!(joint_rdp(&[vec![1.0, f64::INFINITY]]).unwrap()[1], f64::INFINITY);
    assert!(joint_rdp(&[]).is_err());
    assert!(joint_rdp(&[vec![1.0], vec![1.0, 2.0]]).is_err());
    assert!(joint_rdp(&[vec![f64::NAN]]).is_err());
    assert!(joint_rdp(&[vec![-1.0]]).is_err());
}

#[test]
fn shared_query_lc_spec_numbers_and_cauchy_schwarz_equality() {
    for alpha in [2.0, 5.0, 17.5] {
        // λ = (0.5, 0.5): 0.4α; inverse-variance λ = (0.8, 0.2): 0.625α = joint
        let half = lc_gauss_shared(alpha, 1.0, &[1.0, 2.0], &[0.5, 0.5]).unwrap();
        assert!((half - 0.4 * alpha).abs() < 1e-14 * alpha);
        let iv = lc_gauss_shared(alpha, 1.0, &[1.0, 2.0], &[0.8, 0.2]).unwrap();
        assert!((iv - 0.625 * alpha).abs() < 1e-14 * alpha);
    }
    assert!(lc_gauss_shared(1.0, 1.0, &[1.0], &[1.0]).is_err());
    assert!(lc_gauss_shared(2.0, 1.0, &[1.0, 2.0], &[0.6, 0.6]).is_err());
    assert!(lc_gauss_shared(2.0, 1.0, &[1.0, 0.0], &[0.5, 0.5]).is_err());
}

#[test]
fn joint_pld_spec_numbers_certified() {
    // σ = (1, 2): joint μ² = 1.25 (spec §8), shared-query LC at λ = (½, ½): μ² = 0.8
    let models = [(gaussian(1.0), 1), (gaussian(2.0), 1)];
    let joint = [(0.5, 0.2854099641), (1.0, 0.1700867177), (2.0, 0.03962246981)];
    let shared = [(0.5, 0.1963892567), (1.0, 0.09143462051), (2.0, 0.0098847026)];
    let opts = PldOptions::default();
    for ((eps, dj), (_, ds)) in joint.iter().zip(shared) {
        // the spec digits agree with the GDP closed form (independent oracle)
        let closed = gdp::delta(&1.25f64.sqrt(), eps);
        assert!((closed - dj).abs() < 1e-9 * dj);
        assert!((gdp::delta(&0.8f64.sqrt(), eps) - ds).abs() < 1e-9 * ds);
        let iv = delta_joint(&models, *eps, &opts).unwrap();
        assert!(iv.lower <= closed && closed <= iv.upper, "ε={eps}: {iv:?} vs {closed}");
        assert!(iv.upper - iv.lower <= 2e-3 * iv.upper, "{iv:?}");
        // δ_joint ≥ max_i δ_i and ≥ the shared-query LC
        assert!(iv.upper >= gdp::delta(&1.0, eps) && iv.upper >= ds);
    }
    // ε(δ) of the joint release vs the GDP inversion
    let e = epsilon_joint(&models, 1e-5, &opts).unwrap();
    let want = gdp::Gdp::new(1.25f64.sqrt()).unwrap().epsilon_for_delta(1e-5).unwrap();
    assert!(e.overlaps(&want), "{e:?} vs {want:?}");
    // the CertifiedPld object gives the same per-direction reading
    let pld = joint_pld_mechanisms(&models, &opts).unwrap();
    assert!(pld.delta(1.0).contains(0.1700867177));
}

#[test]
fn block_embedding_tightness_and_failure_at_zero_weight() {
    // A16: value independent of λ on the open simplex (= joint sum), drops at λ_i = 0
    let (sens, sig) = ([1.0, 0.5, 2.0], [1.0, 2.0, 3.0]);
    let joint_per_alpha: f64 = sens.iter().zip(&sig).map(|(d, s)| d * d / (2.0 * s * s)).sum();
    for lambda in [[1.0 / 3.0; 3], [0.9, 0.05, 0.05], [1e-6, 0.5, 0.5 - 1e-6]] {
        let (m, v) = block_embedding(&sens, &sig, &lambda).unwrap();
        let d = gauss_rdp_diag(4.0, &m, &v).unwrap();
        assert!((d - 4.0 * joint_per_alpha).abs() < 1e-12 * d, "{lambda:?}: {d}");
        assert!((lc_gauss_blocks(4.0, &sens, &sig, &lambda).unwrap() - d).abs() < 1e-12 * d);
    }
    let lambda = [0.5, 0.5, 0.0];
    let (m, v) = block_embedding(&sens, &sig, &lambda).unwrap();
    let d = gauss_rdp_diag(4.0, &m, &v).unwrap();
    let sub = 4.0 * (0.5 + 0.25 * 0.125);
    assert!((d - sub).abs() < 1e-14 && d < 4.0 * joint_per_alpha);
    assert!((lc_gauss_blocks(4.0, &sens, &sig, &lambda).unwrap() - sub).abs() < 1e-14);
    assert_eq!(gauss_rdp_diag(2.0, &[1.0], &[0.0]).unwrap(), f64::INFINITY);
}

proptest! {
    /// spec §8 invariant: shared-query LC ≤ joint, equality at inverse-variance weights.
    #[test]
    fn cauchy_schwarz(s in prop::collection::vec(0.1f64..5.0, 2..5), w in prop::collection::vec(0.0f64..1.0, 5), alpha in 1.1f64..64.0) {
        let n = s.len();
        let tot: f64 = w[..n].iter().sum::<f64>() + 1e-9;
        let mut lambda: Vec<f64> = w[..n].iter().map(|x| (x + 1e-9 / n as f64) / tot).collect();
        let fix = 1.0 - lambda.iter().sum::<f64>();
        lambda[0] += fix;
        prop_assume!(lambda[0] >= 0.0);
        let joint = joint_rdp(&s.iter().map(|si| vec![alpha / (2.0 * si * si)]).collect::<Vec<_>>()).unwrap()[0];
        prop_assert!(lc_gauss_shared(alpha, 1.0, &s, &lambda).unwrap() <= joint * (1.0 + 1e-12));
        let inv: f64 = s.iter().map(|si| 1.0 / (si * si)).sum();
        let mut star: Vec<f64> = s.iter().map(|si| 1.0 / (si * si * inv)).collect();
        let fix = 1.0 - star.iter().sum::<f64>();
        star[0] += fix;
        prop_assert!((lc_gauss_shared(alpha, 1.0, &s, &star).unwrap() - joint).abs() <= 1e-12 * joint);
    }
}

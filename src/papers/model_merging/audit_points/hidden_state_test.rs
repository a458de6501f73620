//! Audit A1 tests: the exact linear-Gaussian truth versus the spec's independently computed values.

use super::*;

fn close(x: f64, spec: f64, rel: f64) -> bool {
    (x - spec).abs() <= rel * spec.abs()
}

const LAM: [f64; 2] = [0.5, 0.5];
const ETA: [f64; 2] = [0.01, 0.04];
const SIG: [f64; 2] = [0.5, 2.0];

/// Harness validation: K = 0 reproduces the LC accounting exactly (0.7782101167 = 2Δ̃²).
#[test]
fn k0_reproduces_accounting() {
    let m = LinearMergeModel::spec_a1(LAM, ETA, SIG, 0.0);
    let acc = m.lc_accounting_mu_squared().unwrap();
    assert!(close(acc, 0.7782101167, 1e-9), "{acc}");
    let t = m.mu_squared_certified().unwrap();
    assert!(close(t, acc, 1e-12), "{t} vs {acc}");
    let e = gdp_epsilon(acc, 1e-5).unwrap();
    assert!(e.contains(3.788046813) || close(e.upper, 3.788046813, 1e-9), "{e:?}");
}

/// The counterexample: truth exceeds the accounting (spec A1 values, 10 digits).
#[test]
fn hidden_state_leak_values() {
    for (k, spec) in [(100.0, 0.9083507389), (1e3, 3.778895545), (1e4, 4.62806863)] {
        let t = LinearMergeModel::spec_a1(LAM, ETA, SIG, k).mu_squared_certified().unwrap();
        assert!(close(t, spec, 1e-8), "K={k}: {t} vs {spec}");
    }
    let t = LinearMergeModel::spec_a1(LAM, ETA, SIG, 1e4).mu_squared_certified().unwrap();
    let e = gdp_epsilon(t, 1e-5).unwrap();
    assert!(close(e.upper, 10.94083082, 1e-8), "{e:?}");
    // Limit K → ∞: Δ̃² + σ1⁻² + σ2⁻² ≈ 4.639.
    assert!(t < 0.38910505 + 4.0 + 0.25);
}

/// Genuine loss a·θ[0]θ[1] (gradient map [[0,K],[K,0]]): 4.240075835 at K = 1e4.
#[test]
fn bilinear_loss_value() {
    let mut m = LinearMergeModel::spec_a1(LAM, ETA, SIG, 0.0);
    m.others = vec![vec![0.0, 1e4], vec![1e4, 0.0]];
    let t = m.mu_squared_certified().unwrap();
    assert!(close(t, 4.240075835, 1e-8), "{t}");
}

/// Non-private input σ = (0, 2): accounting 0.78125 (ε = 3.796535723) vs truth 14.84375 (K = 1e3),
/// 1407.03125 (K = 1e4).
#[test]
fn non_private_input() {
    let m = LinearMergeModel::spec_a1(LAM, ETA, [0.0, 2.0], 1e3);
    assert!(close(m.lc_accounting_mu_squared().unwrap(), 0.78125, 1e-12));
    assert!(close(gdp_epsilon(0.78125, 1e-5).unwrap().upper, 3.796535723, 1e-8));
    assert!(close(m.mu_squared_certified().unwrap(), 14.84375, 1e-9));
    let m4 = LinearMergeModel::spec_a1(LAM, ETA, [0.0, 2.0], 1e4);
    assert!(close(m4.mu_squared_certified().unwrap(), 1407.03125, 1e-9));
}

/// Equal step sizes with linear maps: no leak (μ² stays 1.882352941 for η = (0.1, 0.1)).
#[test]
fn equal_eta_no_leak() {
    for k in [0.0, 100.0, 1e3] {
        let m = LinearMergeModel::spec_a1(LAM, [0.1, 0.1], SIG, k);
        let acc = m.lc_accounting_mu_squared().unwrap();
        assert!(close(acc, 1.882352941, 1e-9));
        assert!(close(m.mu_squared_certified().unwrap(), acc, 1e-10), "K={k}");
    }
}

/// T = 1 is sound (no hidden state yet) for any K; soundness classification and validation.
#[test]
fn single_step_and_validation() {
    let mut m = LinearMergeModel::spec_a1(LAM, ETA, SIG, 1e4);
    m.steps = 1;
    assert!(close(m.mu_squared_certified().unwrap(), m.lc_accounting_mu_squared().unwrap(), 1e-12));
    assert_eq!(LcSoundness::for_steps(1), LcSoundness::SingleStep);
    assert_eq!(LcSoundness::for_steps(2), LcSoundness::NotCertifiedMultiStep);
    assert!(LcSoundness::for_steps(5).reason().contains("Theorem 6.1"));
    m.sigma = vec![0.0, 0.0];
    assert!(m.mu_squared(&1.0).is_err());
    m.eta = vec![0.1];
    assert!(m.validate().is_err());
}

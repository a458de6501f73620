use super::*;

/// Spec §11 (T = 10, k = 4, σ = 2) and §12 (Remark 3.10: composed (10,4)×2 = 1.687841979).
#[test]
fn balanced_iteration_and_epochs() {
    let t = theorem_3_8(10, 4, 1.0, 2.0, 8, ReverseTerm::Paper).unwrap();
    assert!((t.epsilon - 1.708831912463).abs() < 1e-11 && !t.reverse_certified);
    let composed = remark_3_10(theorem_3_8(10, 4, 1.0, 2.0, 4, ReverseTerm::Paper).unwrap().forward, 2, 4).unwrap();
    assert!((composed - 1.687841979).abs() < 1e-9, "{composed}");
    assert!(remark_3_10(1.0, 0, 4).is_err() && remark_3_10(f64::NAN, 2, 4).is_err());
}

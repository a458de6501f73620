use super::*;
use crate::papers::balanced_iteration::section_3_3::poisson::theorem_3_11;

/// Spec §3 computed examples (forward, per iteration).
#[test]
fn spec_examples() {
    let v = two_part_forward_curve(0.1, 1.0, 1.0, 3, 2.717392, &[2, 8, 32]).unwrap();
    for (x, w) in v.iter().zip([0.002001727781513, 0.009078056607554, 0.9001581160718]) {
        assert!((x - w).abs() < 1e-11 * w, "{x} vs {w}");
    }
    let v = two_part_forward_curve(0.1, 0.0, 1.0, 3, 1.0, &[2, 8, 32]).unwrap();
    for (x, w) in v.iter().zip([0.005711265723525, 0.3266019548086, 12.52452567986]) {
        assert!((x - w).abs() < 1e-11 * w, "{x} vs {w}");
    }
}

/// d = 1 is Theorem 3.11 at sensitivity √(c₁² + c₂²) (spec §15: joint, γ = 0.1, σ = 1, α = 8:
/// 5.368482734, against 2.756722823 for the sum of the per-part curves).
#[test]
fn one_block_is_the_poisson_gaussian() {
    let joint = two_part_forward_curve(0.1, 1.0, 1.0, 1, 1.0, &[8]).unwrap()[0];
    assert!((joint - 5.368482734).abs() < 1e-8, "{joint}");
    let two = 2.0f64.sqrt();
    assert!((joint - theorem_3_11(0.1, two, 1.0, 8).unwrap()).abs() < 1e-11 * joint);
    assert!((2.0 * theorem_3_11(0.1, 1.0, 1.0, 8).unwrap() - 2.756722823).abs() < 1e-8);
    assert!(two_part_forward_curve(0.0, 1.0, 1.0, 3, 1.0, &[2]).is_err() && two_part_forward_curve(0.1, 1.0, 1.0, 0, 1.0, &[2]).is_err());
}

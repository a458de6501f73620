use super::*;
use crate::papers::model_merging::section_5::random_selection_pld::{rs_pld_feasible, DirectionalCurve, GaussianCurve};

/// Synthetic linear ε(w) = w1 + 2 w2 + 3 w3 with ε′ = 2: by hand, feasible ⇔ w3 ≤ w1.
#[test]
fn three_models_linear_by_hand() {
    let eps_of = |w: &[f64]| Ok(w[0] + 2.0 * w[1] + 3.0 * w[2]);
    let set = feasible(3, 2.0, 10, eps_of).unwrap();
    assert_eq!(set.lattice.len(), 66);
    for p in &set.lattice {
        assert_eq!(p.feasible, p.weights[2] <= p.weights[0] + 1e-12, "{p:?}");
    }
    assert!(!set.boundary.is_empty());
    for b in &set.boundary {
        assert!(b.epsilon <= 2.0 && (b.weights[2] - b.weights[0]).abs() < 1e-12, "{b:?}");
        assert!(set.lattice[b.from].feasible && !set.lattice[b.to].feasible);
    }
    // Utility on model 3 only: the best feasible point is w = (½, 0, ½), slack 0.
    let best = best_weights(&[0.0, 0.0, 1.0], &set).unwrap().unwrap();
    assert!((best.weights[2] - 0.5).abs() < 1e-12 && (best.weights[0] - 0.5).abs() < 1e-12, "{best:?}");
    assert!(best.slack >= 0.0 && best.slack < 1e-12);
    assert!(set.intervals_w1.is_empty());
    // Serializable for the CLI.
    assert!(serde_json::to_string(&set).unwrap().contains("boundary"));
}

/// Three Gaussian models under Theorem 5.2: feasibility is the linear condition
/// Σ π_i H_i(ε′) ≤ δ′ with closed-form H_i, checked point by point.
#[test]
fn three_gaussian_models_rs_pld() {
    let g: Vec<GaussianCurve> = [1.0, 2.0, 4.0].iter().map(|&s| GaussianCurve::new(1.0, s).unwrap()).collect();
    let m: Vec<&dyn DirectionalCurve> = g.iter().map(|c| c as &dyn DirectionalCurve).collect();
    let (eps_t, delta_t) = (1.0, 0.02);
    let h: Vec<f64> = g.iter().map(|c| c.h_forward(eps_t).unwrap().upper).collect();
    // Closure: 0 when feasible at the target, +∞ otherwise (a certified-ε proxy at fixed ε′).
    let eps_of = |w: &[f64]| Ok(if rs_pld_feasible(w, &m, eps_t, delta_t)? { 0.0 } else { f64::INFINITY });
    let set = feasible(3, 0.0, 8, eps_of).unwrap();
    for p in &set.lattice {
        let lin: f64 = p.weights.iter().zip(&h).map(|(a, b)| a * b).sum();
        if (lin - delta_t).abs() > 1e-12 {
            assert_eq!(p.feasible, lin <= delta_t, "{p:?} lin {lin}");
        }
    }
    for b in &set.boundary {
        let lin: f64 = b.weights.iter().zip(&h).map(|(a, b)| a * b).sum();
        assert!(lin <= delta_t && lin > delta_t * (1.0 - 1e-9), "{b:?} {lin}");
    }
    let best = best_weights(&[0.1, 0.5, 1.0], &set).unwrap().unwrap();
    assert!(best.weights.iter().zip(&h).map(|(a, b)| a * b).sum::<f64>() <= delta_t);
}

/// N = 2 interval reporting with one and two feasible intervals (hand-computed ends).
#[test]
fn two_models_intervals() {
    let one = feasible(2, 1.0, 10, |w: &[f64]| Ok(4.0 * (w[0] - 0.5).abs())).unwrap();
    assert_eq!(one.intervals_w1.len(), 1);
    let (lo, hi) = one.intervals_w1[0];
    assert!((lo - 0.25).abs() < 1e-15 && (hi - 0.75).abs() < 1e-15, "{lo} {hi}");
    let two = feasible(2, 0.4, 20, |w: &[f64]| Ok(4.0 * (w[0] - 0.2).abs().min((w[0] - 0.8).abs()))).unwrap();
    assert_eq!(two.intervals_w1.len(), 2, "{:?}", two.intervals_w1);
    for ((lo, hi), (a, b)) in two.intervals_w1.iter().zip([(0.1, 0.3), (0.7, 0.9)]) {
        assert!((lo - a).abs() < 1e-14 && (hi - b).abs() < 1e-14, "{lo} {hi}");
    }
    // Nothing feasible → no interval, no best weights.
    let none = feasible(2, 0.1, 5, |_: &[f64]| Ok(1.0)).unwrap();
    assert!(none.intervals_w1.is_empty() && best_weights(&[1.0, 1.0], &none).unwrap().is_none());
    // Everything feasible → [0, 1].
    let all = feasible(2, 2.0, 5, |_: &[f64]| Ok(1.0)).unwrap();
    assert_eq!(all.intervals_w1, vec![(0.0, 1.0)]);
}

#[test]
fn bad_inputs_are_errors() {
    let f = |_: &[f64]| Ok(1.0);
    assert!(feasible(0, 1.0, 5, f).is_err());
    assert!(feasible(2, 1.0, 0, f).is_err());
    assert!(feasible(2, f64::NAN, 5, f).is_err());
    assert!(feasible(8, 1.0, 100, f).is_err());
    assert!(feasible(2, 1.0, 5, |_: &[f64]| Ok(f64::NAN)).is_err());
    let set = feasible(2, 2.0, 5, f).unwrap();
    assert!(best_weights(&[1.0], &set).is_err());
    assert!(best_weights(&[1.0, f64::INFINITY], &set).is_err());
}

use super::*;
use crate::papers::shifted_interpolation::section_4::{noisy_cgd, noisy_gd};

#[test]
fn linear_instance_attains_theorem_4_1() {
    for (r, t) in [(0.1, 100u64), (0.05, 37), (2.0 / 3.0, 1)] {
        let inst = linear_gd(r, t).unwrap();
        let bound = noisy_gd::theorem_4_1(r, 1, 1.0, t).unwrap();
        assert!(bound >= inst && (bound / inst - 1.0).abs() < 1e-12);
    }
}

#[test]
fn quadratic_instance_attains_theorem_4_2_iff_c_is_1_minus_eta_m() {
    // spec §4.2 rows with c = 1 − ηm: equality to 1e-12.
    for (r, eta, m, t) in [(0.1, 0.1, 1.0, 50u64), (0.04, 0.05, 0.5, 1000), (1.0 / 3.0, 0.4, 1.0, 7), (0.1, 0.05, 1.0, 160)] {
        let c = 1.0 - eta * m;
        let inst = quadratic_gd(r, c, t).unwrap();
        let bound = noisy_gd::theorem_4_2(r, 1, 1.0, t, c).unwrap();
        assert!(bound >= inst && (bound / inst - 1.0).abs() < 1e-12, "{bound} vs {inst}");
    }
    // η ∈ (2/(m+M), 2/M): the bound is strictly above every quadratic instance (spec §9 item 7):
    // m = 1, M = 10, T = 30, r = 0.1, η = 0.19 → 0.417788 vs 0.308093; η = 0.195 → 0.502162 vs 0.303790.
    for (eta, b, i) in [(0.19, 0.417788, 0.308093), (0.195, 0.502162, 0.303790)] {
        let c = crate::papers::shifted_interpolation::setting::contraction_factor(eta, 1.0, 10.0).unwrap();
        let bound = noisy_gd::theorem_4_2(0.1, 1, 1.0, 30, c).unwrap();
        let (h, inst) = best_quadratic_gd(0.1, eta, 1.0, 10.0, 30, 900).unwrap();
        assert!((bound - b).abs() < 5e-7 && (inst - i).abs() < 5e-7, "{bound} {inst}");
        assert_eq!(h, 1.0);
    }
}

#[test]
fn cyclic_instances_stay_below_theorems_4_4_and_4_5() {
    // spec §5.2 μ_inst column: (r, c, l, E) → instance.
    for (r, c, l, e, want) in [(2.0 / 3.0, 0.9999, 40u64, 50u64, 0.745569550452), (2.0 / 3.0, 0.9999, 40, 100, 1.04919572993), (0.2, 0.98, 10, 5, 0.148537372929), (1.0, 0.5, 4, 3, 0.923534930778), (0.3, 0.95, 7, 1, 0.130873217422)] {
        let inst = quadratic_cgd(r, c, l, e).unwrap();
        assert!((inst / want - 1.0).abs() < 1e-10, "{inst} vs {want}");
        assert!(noisy_cgd::theorem_4_5(r, 1, 1.0, l, e, c).unwrap() >= inst);
        let lin = linear_cgd(r, l, e).unwrap();
        assert!((lin - r * (e as f64 / l as f64).sqrt()).abs() < 1e-12);
        assert!(noisy_cgd::theorem_4_4(r, 1, 1.0, e).unwrap() >= lin);
    }
}

#[test]
fn instances_reject_bad_input() {
    assert!(gaussian_instance(-1.0, 1.0, 3, |_| true).is_err());
    assert!(gaussian_instance(1.0, 1.0, 0, |_| true).is_err());
    assert!(gaussian_instance(1.0, 1.0, MAX_STEPS + 1, |_| true).is_err());
    assert!(best_quadratic_gd(0.1, 0.1, 2.0, 1.0, 3, 10).is_err());
}

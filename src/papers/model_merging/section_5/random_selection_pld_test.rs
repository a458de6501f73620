use super::*;
use crate::mc::bounds::hoeffding_margin;
use crate::papers::model_merging::common::feasible::feasible;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_distr::{Distribution, Normal};

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

fn gauss(sigmas: &[f64]) -> Vec<GaussianCurve> {
    sigmas.iter().map(|&s| GaussianCurve::new(1.0, s).unwrap()).collect()
}

fn refs(v: &[GaussianCurve]) -> Vec<&dyn DirectionalCurve> {
    v.iter().map(|c| c as &dyn DirectionalCurve).collect()
}

/// Spec §7 table: Δ = 1, σ = (1, 2), π = (0.3, 0.7): Theorem 5.2 bound and the exact mixture.
#[test]
fn spec_table() {
    let g = gauss(&[1.0, 2.0]);
    let m = refs(&g);
    let pi = [0.3, 0.7];
    for (e, bound, exact) in [(0.0, 0.2530663327, 0.2530663327), (0.5, 0.1082347387, 0.0789232458), (1.0, 0.04286173774, 0.004852256913), (2.0, 0.006283698164, 6.607418054e-06)] {
        let b = rs_pld_delta(&pi, &m, e).unwrap();
        assert!(rel(b.upper, bound) < 1e-9 && rel(b.lower, bound) < 1e-9, "eps {e}: {b} vs {bound}");
        for rev in [false, true] {
            let x = mixture_hockey_stick(&pi, &[1.0, 2.0], 1.0, e, rev).unwrap();
            assert!(rel(x, exact) < 1e-8, "eps {e} rev {rev}: {x} vs {exact}");
            assert!(b.upper >= x);
        }
    }
}

/// Spec §7 Algorithm 2: Δ = 1, σ = (1, 4), δ′ = 1e-5.
#[test]
fn spec_algorithm_2() {
    let g = gauss(&[1.0, 4.0]);
    let m = refs(&g);
    for (p1, want) in [(0.0, 0.926341504), (0.1, 3.804435909), (0.5, 4.212443632), (0.9, 4.352517046), (1.0, 4.377178096)] {
        let e = rs_pld_eps(&[p1, 1.0 - p1], &m, 1e-5).unwrap();
        assert!(rel(e.upper, want) < 1e-8 && rel(e.lower, want) < 1e-8 && e.lower <= e.upper, "pi1 {p1}: {e} vs {want}");
    }
    let eps_of = |w: &[f64]| Ok(rs_pld_eps(w, &m, 1e-5)?.upper);
    for (target, want) in [(2.0, 0.00047792841), (3.0, 0.006505396291)] {
        let set = feasible(2, target, 10, eps_of).unwrap();
        assert_eq!(set.intervals_w1.len(), 1);
        let (lo, hi) = set.intervals_w1[0];
        assert_eq!(lo, 0.0);
        assert!(rel(hi, want) < 1e-8, "target {target}: {hi} vs {want}");
        // Explicit N = 2 solution (one direction, both equal here): π1 = (δ′ − H2)/(H1 − H2).
        let (h1, h2) = (g[0].h_forward(target).unwrap().upper, g[1].h_forward(target).unwrap().upper);
        assert!(rel(hi, (1e-5 - h2) / (h1 - h2)) < 1e-7);
        assert!(rs_pld_feasible(&[hi, 1.0 - hi], &m, target, 1e-5).unwrap());
    }
}

/// Monte Carlo under P (spec §7 ground truth): X ~ P, average of `(1 − e^{ε−ℓ(X)})_+ ∈ [0, 1]`;
/// Hoeffding two-sided at total level 2e-6 (the false-alarm probability of this seeded test).
#[test]
fn monte_carlo_exact_mixture() {
    let (pi, sig, e) = ([0.3, 0.7], [1.0, 2.0], 0.5);
    let (p, q) = crate::papers::model_merging::section_4::mean_estimation::rs_mixture_pair(&pi, &sig, &1.0).unwrap();
    let mut rng = crate::mechanisms::SimRng::seed_from_u64(11);
    let (n1, n2) = (Normal::new(0.0, 1.0).unwrap(), Normal::new(0.0, 2.0).unwrap());
    let n = 300_000u64;
    let mut s = 0.0;
    for _ in 0..n {
        let x = if rand::Rng::gen::<f64>(&mut rng) < 0.3 { n1.sample(&mut rng) } else { n2.sample(&mut rng) };
        s += (1.0 - (e - (p.ln_pdf(&x) - q.ln_pdf(&x))).exp()).max(0.0);
    }
    let mean = s / n as f64;
    let margin = hoeffding_margin(n, 1e-6);
    let exact = mixture_hockey_stick(&pi, &sig, 1.0, e, false).unwrap();
    assert!((mean - exact).abs() < margin, "MC {mean} ± {margin} vs exact {exact}");
    // The bound is strictly above the MC upper confidence limit here (not tight at ε = 0.5).
    let g = gauss(&sig);
    assert!(rs_pld_delta(&pi, &refs(&g), e).unwrap().lower > mean + margin);
}

/// Audit A19: a non-private model with weight π_i gives δ ≥ π_i for every ε and ε = +∞ when
/// π_i > δ; never NaN.
#[test]
fn non_private_model() {
    let g = GaussianCurve::new(1.0, 2.0).unwrap();
    let np = NonPrivateCurve;
    let m: Vec<&dyn DirectionalCurve> = vec![&g, &np];
    for e in [0.0, 1.0, 50.0] {
        let d = rs_pld_delta(&[0.9, 0.1], &m, e).unwrap();
        assert!(d.lower >= 0.1 * (1.0 - 1e-15) && d.upper <= 1.0);
    }
    assert_eq!(rs_pld_eps(&[0.9, 0.1], &m, 1e-5).unwrap().upper, f64::INFINITY);
    let ok = rs_pld_eps(&[1.0, 0.0], &m, 1e-5).unwrap();
    assert!(ok.upper.is_finite());
    // Both non-private weights 1e-6 < δ: finite.
    assert!(rs_pld_eps(&[1.0 - 1e-6, 1e-6], &m, 1e-5).unwrap().upper.is_finite());
}

#[test]
fn table_curve_brackets_and_errors() {
    let t = TableCurve::new(vec![0.0, 1.0, 2.0], vec![0.3, 0.1, 0.01]).unwrap();
    assert_eq!(t.h_forward(1.0).unwrap(), Interval::point(0.1));
    assert_eq!(t.h_forward(1.5).unwrap(), Interval { lower: 0.01, upper: 0.1 });
    assert_eq!(t.h_forward(-1.0).unwrap(), Interval { lower: 0.3, upper: 1.0 });
    assert_eq!(t.h_forward(3.0).unwrap(), Interval { lower: 0.0, upper: 0.01 });
    assert!(TableCurve::new(vec![0.0, 0.0], vec![0.3, 0.1]).is_err());
    assert!(TableCurve::new(vec![0.0, 1.0], vec![0.1, 0.3]).is_err());
    let g = gauss(&[1.0]);
    assert!(rs_pld_delta(&[0.5, 0.5], &refs(&g), 1.0).is_err());
    assert!(rs_pld_eps(&[1.0], &refs(&g), 0.0).is_err());
    assert!(mixture_hockey_stick(&[1.0], &[1.0], 0.0, 1.0, false).is_err());
}

/// Theorem 5.2 with DP-SGD (subsampled Gaussian) models through the certified FFT accountant:
/// at a vertex it equals the single model's certified δ; the directional form is never above
/// the symmetrised fallback (A24); the mixture is not below a Gaussian special case (q = 1).
#[test]
fn dpsgd_models_via_pld() {
    let opts = PldOptions::default();
    let a = PldCurve::dpsgd(0.1, 1.0, 20, &opts).unwrap();
    let b = PldCurve::dpsgd(0.5, 2.0, 5, &opts).unwrap();
    let m: Vec<&dyn DirectionalCurve> = vec![&a, &b];
    for e in [0.0, 0.5, 1.0, 2.0] {
        let v = rs_pld_delta(&[1.0, 0.0], &m, e).unwrap();
        let single = a.pld.delta(e);
        assert!((v.upper - single.upper).abs() <= 1e-15 + 1e-12 * single.upper);
        let d = rs_pld_delta(&[0.4, 0.6], &m, e).unwrap();
        let s = rs_pld_delta_symmetrised(&[0.4, 0.6], &m, e).unwrap();
        assert!(d.upper <= s.upper && d.lower <= d.upper);
    }
    // q = 1: the SGM is the Gaussian mechanism; certified PLD interval contains the closed form.
    let full = PldCurve::dpsgd(1.0, 2.0, 1, &opts).unwrap();
    let g = GaussianCurve::new(1.0, 2.0).unwrap();
    for e in [0.0, 0.3, 1.0] {
        let (iv, cf) = (full.h_forward(e).unwrap(), g.h_forward(e).unwrap());
        assert!(iv.lower <= cf.upper && cf.lower <= iv.upper, "eps {e}: {iv} vs {cf}");
    }
}

/// Spec §7 MNIST RS numbers (≈3–4 digits from a discretised accountant): q = 256/60000,
/// T = 705, σ = (0.5, 0.5, 2) (≈0.5 s in the test profile).
#[test]
fn mnist_rs_numbers() {
    let opts = PldOptions::default();
    let q = 256.0 / 60000.0;
    let lo = PldCurve::dpsgd(q, 0.5, 705, &opts).unwrap();
    let hi = PldCurve::dpsgd(q, 2.0, 705, &opts).unwrap();
    let m: Vec<&dyn DirectionalCurve> = vec![&lo, &lo, &hi];
    let third = 1.0 / 3.0;
    let e1 = rs_pld_eps(&[third, third, 1.0 - 2.0 * third], &m, 1e-5).unwrap();
    assert!(rel(e1.upper, 6.214) < 2e-3, "{e1}");
    let e2 = rs_pld_eps(&[0.05, 0.05, 0.9], &m, 1e-5).unwrap();
    assert!(rel(e2.upper, 5.058) < 2e-3, "{e2}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Acceptance (issue 3): Theorem 5.2 never below the exact mixture hockey-stick, both
    /// directions, Gaussian components (2 or 3 models), ε ∈ [−1, 4]; affine in π per direction.
    #[test]
    fn bound_above_exact(s in prop::collection::vec(0.3f64..4.0, 3), w in prop::collection::vec(0.01f64..1.0, 3), d in 0.1f64..3.0, e in -1.0f64..4.0, three in any::<bool>()) {
        let n = if three { 3 } else { 2 };
        let tot: f64 = w[..n].iter().sum();
        let mut pi: Vec<f64> = w[..n].iter().map(|x| x / tot).collect();
        let rest: f64 = pi[..n - 1].iter().sum();
        pi[n - 1] = 1.0 - rest;
        let g: Vec<GaussianCurve> = s[..n].iter().map(|&si| GaussianCurve::new(d, si).unwrap()).collect();
        let m = refs(&g);
        let b = rs_pld_delta(&pi, &m, e).unwrap();
        for rev in [false, true] {
            let x = mixture_hockey_stick(&pi, &s[..n], d, e, rev).unwrap();
            prop_assert!(b.upper >= x - 1e-14, "bound {} < exact {} (rev {})", b.upper, x, rev);
        }
        // Affine in π along the edge between two vertices.
        let va = rs_pld_delta(&{ let mut v = vec![0.0; n]; v[0] = 1.0; v }, &m, e).unwrap().upper;
        let vb = rs_pld_delta(&{ let mut v = vec![0.0; n]; v[1] = 1.0; v }, &m, e).unwrap().upper;
        let mut mid = vec![0.0; n];
        mid[0] = 0.25;
        mid[1] = 0.75;
        let vm = rs_pld_delta(&mid, &m, e).unwrap().upper;
        prop_assert!((vm - (0.25 * va + 0.75 * vb)).abs() <= 1e-12 * vm.max(1e-300) + 1e-300);
        // Non-increasing in ε.
        prop_assert!(rs_pld_delta(&pi, &m, e + 0.5).unwrap().upper <= b.upper);
    }
}

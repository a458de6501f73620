use super::*;
use crate::papers::shifted_interpolation::commands::request::{Algorithm, NoisyGdRequest};
use crate::papers::shifted_interpolation::commands::row::Outcome;
use crate::papers::Guarantee;
use statrs::distribution::{ContinuousCDF, Normal};

fn full(c: Option<f64>, d: Option<f64>) -> NoisyGdRequest {
    NoisyGdRequest { algorithm: Algorithm::Full, n: 1000, b: None, p: None, eta: 0.1, sigma: 0.05, l: 2.0, c, m: None, big_m: None, d, steps: Some(100), epochs: None, delta: Some(1e-5), epsilon: None, width: None }
}

fn get<'a>(r: &'a NoisyGdReport, name: &str) -> &'a Row {
    r.rows.iter().find(|x| x.result == name).unwrap()
}

/// GDP δ(ε) of Dong–Roth–Su Corollary 2.13, independently with statrs.
fn gdp_delta(mu: f64, eps: f64) -> f64 {
    let n = Normal::new(0.0, 1.0).unwrap();
    n.cdf(-eps / mu + mu / 2.0) - eps.exp() * n.cdf(-eps / mu - mu / 2.0)
}

/// Full batch, c = 0.9, D = 1: Theorem 4.1 μ = √T L/(nσ) = 0.4; Theorem 4.2
/// μ = r √((1 + c)/(1 − c) · (1 − c^T)/(1 + c^T)); Theorem 4.3 best window over ν (closed form
/// `(D/(η√ν) + (L/n)√ν)/σ` minimised by scanning here); ε solves δ(ε) = 1e-5; ratio = ε/ε_4.1.
#[test]
fn full_batch_rows_against_closed_forms() {
    let rep = noisy_gd_report(&full(Some(0.9), Some(1.0)), &AtomicBool::new(false)).unwrap();
    assert_eq!(rep.rows.len(), 4);
    let (r, t, c) = (2.0 / (1000.0 * 0.05), 100.0f64, 0.9f64);
    let b = get(&rep, "Theorem 4.1");
    assert!(b.baseline && b.guarantee == Guarantee::Exact && b.ratio == Some(1.0));
    let mu1 = b.mu().unwrap();
    assert!(mu1 >= 0.4 && mu1 < 0.4 * (1.0 + 1e-14), "{mu1}");
    let mu2 = get(&rep, "Theorem 4.2").mu().unwrap();
    let want2 = r * ((1.0 + c) / (1.0 - c) * (1.0 - c.powf(t)) / (1.0 + c.powf(t))).sqrt();
    assert!(mu2 >= want2 && mu2 < want2 * (1.0 + 1e-13), "{mu2} vs {want2}");
    let th3 = get(&rep, "Theorem 4.3");
    let want3 = (1..=100).map(|nu| (1.0 / (0.1 * (nu as f64).sqrt()) + 0.002 * (nu as f64).sqrt()) / 0.05).fold(f64::INFINITY, f64::min);
    assert!((th3.mu().unwrap() - want3).abs() < 1e-12 * want3, "{:?} vs {want3}", th3.mu());
    assert_eq!(th3.chosen, Some(("nu", 100)));
    // ν* = ⌈Dn/(ηL)⌉ = 5000 > T = 100: the printed closed form does not apply, and says why.
    assert!(matches!(&get(&rep, "Theorem 4.3 (closed form)").outcome, Outcome::NotApplicable(w) if w.contains("5000")));
    for row in rep.rows.iter().filter(|r| r.mu().is_some()) {
        let (mu, eps) = (row.mu().unwrap(), row.epsilon().unwrap());
        // ε is the upper end: δ(ε) ≤ 1e-5, and a hair less ε gives more than 1e-5.
        assert!(gdp_delta(mu, eps) <= 1e-5 * (1.0 + 1e-9), "{row:?}");
        assert!(gdp_delta(mu, eps * (1.0 - 1e-6)) > 1e-5, "{row:?}");
        let ratio = eps / b.epsilon().unwrap();
        assert_eq!(row.ratio, Some(ratio));
    }
}

/// Missing or inapplicable hypotheses are rows saying why, never silently dropped.
#[test]
fn inapplicable_theorems_are_rows() {
    let stop = AtomicBool::new(false);
    let rep = noisy_gd_report(&full(None, None), &stop).unwrap();
    assert_eq!(rep.rows.len(), 4);
    for name in ["Theorem 4.2", "Theorem 4.3", "Theorem 4.3 (closed form)"] {
        let row = get(&rep, name);
        assert!(matches!(&row.outcome, Outcome::NotApplicable(w) if !w.is_empty()) && row.ratio.is_none() && row.epsilon().is_none(), "{row:?}");
    }
    let rep = noisy_gd_report(&full(Some(1.0), None), &stop).unwrap();
    assert!(matches!(&get(&rep, "Theorem 4.2").outcome, Outcome::NotApplicable(w) if w.contains("c = 1")));
    let cyc = NoisyGdRequest { algorithm: Algorithm::Cyclic, b: Some(100), c: Some(1.0), ..full(None, None) };
    let rep = noisy_gd_report(&cyc, &stop).unwrap();
    let names: Vec<_> = rep.rows.iter().map(|r| r.result).collect();
    assert_eq!(names, ["Theorem 4.4", "Theorem 4.5", "derived c = 1", "Theorem 4.6", "Theorem 4.6 (closed form)"]);
    assert!(matches!(&get(&rep, "Theorem 4.5").outcome, Outcome::NotApplicable(w) if w.contains("c = 1")));
    // Derived c = 1 bound r √(1 + (E − 1)/l): E = 100/10 = 10 epochs, l = 10, r = 2/(100·0.05) = 0.4.
    let mu = get(&rep, "derived c = 1").mu().unwrap();
    let want = 0.4 * (1.0f64 + 9.0 / 10.0).sqrt();
    assert!(mu >= want && mu < want * (1.0 + 1e-13), "{mu} vs {want}");
}

/// Sampled, p = 1, one step: C_1(G_r) = G_r, so Theorem 4.8's certified ε interval must enclose
/// the GDP ε(δ) of μ = r (checked with the independent δ(ε) above); 4.9 and 4.10 without c, D
/// are rows saying why.
#[test]
fn sampled_p_one_is_gaussian() {
    let r = NoisyGdRequest { algorithm: Algorithm::Sampled, n: 100, b: Some(100), steps: Some(1), sigma: 0.01, ..full(None, None) };
    let rep = noisy_gd_report(&r, &AtomicBool::new(false)).unwrap();
    let b = get(&rep, "Theorem 4.8");
    let Outcome::Composition { epsilon: Some(epsilon), .. } = b.outcome else { panic!("{b:?}") };
    let mu = 2.0 / (100.0 * 0.01);
    assert!(gdp_delta(mu, epsilon.upper) <= 1e-5 * (1.0 + 1e-6), "{epsilon:?}");
    assert!(gdp_delta(mu, epsilon.lower) >= 1e-5 * (1.0 - 1e-6), "{epsilon:?}");
    assert!(b.mu().is_none() && b.ratio == Some(1.0));
    assert!(matches!(get(&rep, "Theorem 4.9").outcome, Outcome::NotApplicable(_)));
    assert!(matches!(get(&rep, "Theorem 4.10").outcome, Outcome::NotApplicable(_)));
    // Not GDP: no trade-off column.
    assert_eq!(rep.tradeoff_csv(3).unwrap().lines().next(), Some("alpha"));
}

/// The CSV grid: header, α = 0, 0.5, 1 with G_μ(0) = 1, G_μ(1) = 0, G_μ(1/2) = Φ(−μ).
#[test]
fn tradeoff_csv_grid() {
    let rep = noisy_gd_report(&full(None, None), &AtomicBool::new(false)).unwrap();
    let csv = rep.tradeoff_csv(3).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "alpha,Theorem_4.1");
    assert_eq!(lines.len(), 4);
    let mid: Vec<f64> = lines[2].split(',').map(|x| x.parse().unwrap()).collect();
    let want = Normal::new(0.0, 1.0).unwrap().cdf(-rep.rows[0].mu().unwrap());
    assert!(mid[0] == 0.5 && (mid[1] - want).abs() < 1e-12, "{mid:?} vs {want}");
    assert!(lines[1].ends_with(",1e0") && lines[3].ends_with(",0e0"), "{csv}");
    assert!(rep.tradeoff_csv(1).is_err());
}

/// The printed closed forms beside the best windows (spec §4.3 row 1: D = 1, η = 0.1, L/n = 0.25,
/// σ = 8, T = 500: ν* = 40, closed form = best = 0.395284707521; spec §5.3 row 1: D = 1,
/// η = 0.04, L/b = 0.25, σ = 3, l = 10, E = 200: q* = 100, 0.533593686453; scipy, 12 digits).
#[test]
fn closed_form_rows_beside_the_best_windows() {
    let stop = AtomicBool::new(false);
    let r = NoisyGdRequest { n: 1, l: 0.25, sigma: 8.0, d: Some(1.0), steps: Some(500), ..full(None, None) };
    let rep = noisy_gd_report(&r, &stop).unwrap();
    let closed = get(&rep, "Theorem 4.3 (closed form)");
    assert_eq!(closed.chosen, Some(("nu_star", 40)));
    assert!((closed.mu().unwrap() / 0.395284707521 - 1.0).abs() < 1e-11, "{closed:?}");
    let cyc = NoisyGdRequest { algorithm: Algorithm::Cyclic, n: 10, b: Some(1), eta: 0.04, sigma: 3.0, l: 0.25, d: Some(1.0), steps: None, epochs: Some(200), ..full(None, None) };
    let rep = noisy_gd_report(&cyc, &stop).unwrap();
    let closed = get(&rep, "Theorem 4.6 (closed form)");
    assert_eq!(closed.chosen, Some(("q_star", 100)));
    assert!((closed.mu().unwrap() / 0.533593686453 - 1.0).abs() < 1e-11, "{closed:?}");
    assert!((get(&rep, "Theorem 4.6").mu().unwrap() / 0.533593686453 - 1.0).abs() < 1e-11);
}

/// δ(ε) mode (no δ given): every row reports δ at ε (GDP: Lemma A.3 against statrs; the
/// one-step composition: the amplification identity p·δ_G(ln(1 + (e^ε − 1)/p)) with statrs),
/// and the ratios compare δ.
#[test]
fn delta_mode_reports_delta_of_every_row() {
    let stop = AtomicBool::new(false);
    let rep = noisy_gd_report(&NoisyGdRequest { delta: None, epsilon: Some(1.0), ..full(Some(0.9), None) }, &stop).unwrap();
    assert_eq!(rep.ratio_of, "delta");
    let b = get(&rep, "Theorem 4.1");
    let want = gdp_delta(b.mu().unwrap(), 1.0);
    assert!(b.epsilon().is_none() && (b.delta().unwrap() / want - 1.0).abs() < 1e-9, "{b:?} vs {want}");
    let s = NoisyGdRequest { algorithm: Algorithm::Sampled, n: 4, b: Some(1), steps: Some(1), sigma: 1.0, l: 2.5, delta: None, epsilon: Some(1.0), ..full(None, None) };
    let rep = noisy_gd_report(&s, &stop).unwrap();
    let u = (1.0 + (1f64.exp() - 1.0) / 0.25).ln();
    let want = 0.25 * gdp_delta(2.5, u);
    let d = get(&rep, "Theorem 4.8").delta().unwrap();
    // statrs' Φ is good to ~1e−10 here (mpmath: 0.12876132923888830338, definition_4_7.csv).
    assert!((d / want - 1.0).abs() < 1e-9, "{d} vs {want}");
}

/// Extreme inputs never give NaN (issue 25): σ = 1e−300 makes μ ≈ 6e297 and ε = ∞; the ratio of
/// two infinite ε is absent, not NaN; L = 1e300 likewise.
#[test]
fn extreme_inputs_never_give_nan() {
    let stop = AtomicBool::new(false);
    for r in [NoisyGdRequest { sigma: 1e-300, ..full(Some(0.5), None) }, NoisyGdRequest { l: 1e300, ..full(Some(0.5), None) }, NoisyGdRequest { l: 1e300, sigma: 1e-300, ..full(Some(0.5), None) }] {
        let rep = noisy_gd_report(&r, &stop).unwrap();
        for row in &rep.rows {
            for x in [row.mu(), row.epsilon(), row.delta(), row.ratio].into_iter().flatten() {
                assert!(!x.is_nan(), "{row:?}");
            }
        }
        assert_eq!(get(&rep, "Theorem 4.1").epsilon(), Some(f64::INFINITY));
        assert!(rep.tradeoff_csv(3).is_ok());
    }
}

//! Tests of the Gaussian-mixture loss against the SGM closed forms (K = 2) and MPFR.

use super::*;
use crate::mechanisms::subsampled_gaussian::SgmLoss;
use crate::num::Mp;
use rand::SeedableRng;

fn rel(a: f64, b: f64) -> f64 {
    if a == b { 0.0 } else { (a - b).abs() / b.abs().max(1e-300) }
}

fn mp_atoms(atoms: &[(f64, f64)]) -> Vec<(Mp, Mp)> {
    atoms.iter().map(|&(a, r)| (Mp::new(256, a), Mp::new(256, r))).collect()
}

/// K = 2 is the Poisson-subsampled Gaussian: agreement with `SgmLoss` (closed-form inverse).
#[test]
fn k2_equals_subsampled_gaussian() {
    for &(q, s) in &[(0.01, 1.0), (0.3, 0.5), (0.004266, 2.0), (0.9, 0.8)] {
        for dir in [Direction::Remove, Direction::Add] {
            let m = MixtureGaussianLoss::new(&[(0.0, 1.0 - q), (1.0 / s, q)], dir).unwrap();
            let g = SgmLoss::new(q, s, dir);
            assert_eq!(m.support().0.is_finite(), g.support().0.is_finite());
            for i in -400..=400 {
                let t = i as f64 * 0.05;
                let (c1, c2) = (m.cdf(t), g.cdf(t));
                let (s1, s2) = (m.sf(t), g.sf(t));
                assert!(rel(c1, c2) < 2e-13 || (c1 - c2).abs() < 1e-300, "cdf q={q} s={s} {dir:?} t={t}: {c1} vs {c2}");
                assert!(rel(s1, s2) < 2e-13 || (s1 - s2).abs() < 1e-300, "sf q={q} s={s} {dir:?} t={t}: {s1} vs {s2}");
                let (d1, d2) = (m.delta(t), g.delta(t));
                // SgmLoss's ln_sub_exp form loses relative digits at tiny δ: compare relative to sf, or 1e−10 relative.
                assert!((d1 - d2).abs() <= 1e-13 * s2 + 1e-10 * d2 + 1e-300, "delta q={q} s={s} {dir:?} t={t}: {d1} vs {d2}");
            }
        }
    }
}

/// Random 3–5 atom mixtures: f64 cdf/sf/delta versus the MPFR (256-bit) two-CDF closed form.
#[test]
fn f64_matches_mpfr_oracle() {
    let mut rng = SimRng::seed_from_u64(7);
    for case in 0..12 {
        let k = 3 + case % 3;
        let mut atoms: Vec<(f64, f64)> = (0..k).map(|i| (if i == 0 && case % 2 == 0 { 0.0 } else { rng.gen_range(0.05..3.0) }, rng.gen_range(0.01..1.0))).collect();
        let tot: f64 = atoms.iter().map(|x| x.1).sum();
        for a in atoms.iter_mut() {
            a.1 /= tot;
        }
        // Exact probabilities as used by the f64 code (the MPFR oracle gets the same binary values).
        let last = 1.0 - atoms[..k - 1].iter().map(|x| x.1).sum::<f64>();
        atoms[k - 1].1 = last;
        let mpa = mp_atoms(&atoms);
        for dir in [Direction::Remove, Direction::Add] {
            let m = MixtureGaussianLoss::new(&atoms, dir).unwrap();
            for &t in &[-3.0, -0.7, -0.05, 0.0, 0.01, 0.3, 1.0, 2.5, 6.0, 15.0] {
                let tm = Mp::new(256, t);
                let c = mixture_cdf(&mpa, dir, &tm).to_f64();
                let d = mixture_delta(&mpa, dir, &tm).to_f64();
                let sf_ex = mixture_sf(&mpa, dir, &tm).to_f64();
                assert!(rel(m.cdf(t), c) < if c > 1e-50 { 1e-13 } else { 5e-13 } || c < 1e-300, "case {case} {dir:?} t={t}: cdf {} vs {c}", m.cdf(t));
                // Deep tails (< 1e−50, |z| > 15): the root's conditioning allows a few 1e−13 (as for SgmLoss).
                let tol = if sf_ex > 1e-50 { 1e-13 } else { 5e-13 };
                assert!(rel(m.sf(t), sf_ex) < tol || sf_ex < 1e-300, "case {case} {dir:?} t={t}: sf {} vs {sf_ex}", m.sf(t));
                // Positive form: relative accuracy well beyond the engine's model (ρ·sf).
                assert!((m.delta(t) - d).abs() <= 1e-12 * d + 1e-15 * sf_ex + 1e-300, "case {case} {dir:?} t={t}: delta {} vs {d}", m.delta(t));
            }
        }
    }
}

/// Tiny profiles keep relative accuracy (the two-CDF form in f64 would lose every digit).
#[test]
fn tiny_delta_relative_accuracy() {
    let atoms = [(0.0, 0.9702), (0.4472135955, 0.0296), (0.894427191, 0.0002)];
    let mpa = mp_atoms(&atoms);
    let m = MixtureGaussianLoss::new(&atoms, Direction::Remove).unwrap();
    for &e in &[0.5, 1.0, 2.0, 3.0] {
        let ex = mixture_delta(&mpa, Direction::Remove, &Mp::new(256, e)).to_f64();
        assert!(ex < 1e-6 && rel(m.delta(e), ex) < 1e-11, "eps={e}: {} vs {ex}", m.delta(e));
    }
    let r = MixtureGaussianLoss::new(&atoms, Direction::Add).unwrap();
    for &e in &[0.02, 0.03, 0.0302] {
        let ex = mixture_delta(&mpa, Direction::Add, &Mp::new(256, e)).to_f64();
        assert!(rel(r.delta(e), ex) < 1e-9, "rev eps={e}: {} vs {ex}", r.delta(e));
    }
}

/// Chernoff moments: SGM integer closed forms (Mironov, Talwar & Zhang 2019) for both directions.
#[test]
fn ln_mgf_matches_sgm_binomial_sums() {
    let (q, s) = (0.01, 1.0);
    let fwd = MixtureGaussianLoss::new(&[(0.0, 1.0 - q), (1.0 / s, q)], Direction::Remove).unwrap();
    let rev = MixtureGaussianLoss::new(&[(0.0, 1.0 - q), (1.0 / s, q)], Direction::Add).unwrap();
    let g = SgmLoss::new(q, s, Direction::Remove);
    for lam in [1u64, 3, 7, 31, 63] {
        let ex = g.ln_a_int(lam + 1);
        let v = fwd.ln_mgf(lam as f64);
        assert!(v >= ex && (v - ex).abs() < 1e-9 * ex + 1e-12, "fwd λ={lam}: {v} vs {ex}");
        let ex = g.ln_a_int(lam);
        let v = rev.ln_mgf(-(lam as f64));
        assert!(v >= ex - 1e-15 && (v - ex).abs() < 1e-9 * ex.abs() + 2e-13, "rev λ=−{lam}: {v} vs {ex}");
    }
    // E_P[e^{−L}] = 1 (forward, no mass at +∞) and E_Q[e^{L}] = 1 for the reverse pair.
    assert!(fwd.ln_mgf(-1.0).abs() < 1e-8);
    assert!(rev.ln_mgf(-1.0).abs() < 1e-8 + 1e-12);
}

/// Non-private atoms become mass at +∞ (forward) and leave the reverse pair finite.
#[test]
fn infinite_shift_atoms() {
    let atoms = [(0.0, 0.97), (f64::INFINITY, 0.03)];
    let f = MixtureGaussianLoss::new(&atoms, Direction::Remove).unwrap();
    assert_eq!(f.inf_mass(), 0.03);
    assert!(rel(f.delta(5.0), 0.03) < 1e-15);
    assert!(rel(f.sf(0.0), 0.03) < 1e-15);
    assert!(rel(f.sf(-1.0), 1.0) < 1e-15);
    let r = MixtureGaussianLoss::new(&atoms, Direction::Add).unwrap();
    assert_eq!(r.inf_mass(), 0.0);
    // L = −ln 0.97 surely: δ(ε) = (1 − e^{ε + ln 0.97})_+.
    assert!(rel(r.delta(0.0), 0.03) < 1e-13);
    assert_eq!(r.delta(0.1), 0.0);
    let mixed = MixtureGaussianLoss::new(&[(0.0, 0.5), (1.0, 0.3), (f64::INFINITY, 0.2)], Direction::Remove).unwrap();
    assert!(mixed.delta(50.0) >= 0.2 && mixed.delta(50.0) < 0.2 + 1e-12);
    assert!(MixtureGaussianLoss::new(&[(-1.0, 1.0)], Direction::Remove).is_err());
    assert!(MixtureGaussianLoss::new(&[(1.0, 0.5)], Direction::Remove).is_err());
}

/// Sampling: MC of E_P[(1 − e^{ε−L})_+] against `delta` (seeded; Hoeffding at β = 1e−6 per check).
#[test]
fn sampler_matches_profile() {
    let atoms = [(0.0, 0.35), (std::f64::consts::SQRT_2, 0.5), (2.0 * std::f64::consts::SQRT_2, 0.15)];
    let n = 200_000;
    let margin = ((1e6f64).ln() / (2.0 * n as f64)).sqrt();
    for dir in [Direction::Remove, Direction::Add] {
        let m = MixtureGaussianLoss::new(&atoms, dir).unwrap();
        let mut rng = SimRng::seed_from_u64(11);
        let xs: Vec<f64> = (0..n).map(|_| m.sample(&mut rng)).collect();
        for &e in &[0.0, 0.5, 1.0] {
            let est = xs.iter().map(|&l| if l > e { -(e - l).exp_m1() } else { 0.0 }).sum::<f64>() / n as f64;
            assert!((est - m.delta(e)).abs() < margin, "{dir:?} eps={e}: MC {est} vs {}", m.delta(e));
        }
    }
}

/// Shifts in the subnormal range (merged DP-SGD with one model's σ = 1.7e308: Corollary 6.5's
/// surrogate atoms a_k ≈ 6e−310; found by the card fuzz, issue 25): the root z_t of ℓ(z) = t
/// lies beyond f64 and used to come out NaN ("sf = NaN is not a probability"). Reference, by
/// hand: ℓ(z) = ln(r_0 + Σ_k r_k e^{a_k z − a_k²/2}) and |ℓ(z)| ≤ (1 − r_0)·a_max·|z|·(1 + o(1))
/// for |a_k z| ≪ 1, so with a_max ≈ 1.2e−309 the loss is 0 to within 1e−290 unless |Z| > 1e15
/// (probability 0 in f64): every tail at t < 0 is 1, at t > 0 is 0, and δ(ε ≥ 0) = 0.
#[test]
fn subnormal_shifts_give_the_point_mass_at_zero() {
    let a1 = 1.0 / 1.7e308; // 5.88e−309
    let atoms = [(0.0, 0.9702), (a1 / 10.0, 0.0296), (a1 / 5.0, 0.0002)];
    for dir in [Direction::Remove, Direction::Add] {
        let m = MixtureGaussianLoss::new(&atoms, dir).unwrap();
        for t in [-0.0302, -0.01, -1e-3, -1e-300, 1e-300, 1e-3, 0.01, 0.0302] {
            let (sf, cdf) = (m.sf(t), m.cdf(t));
            assert!(sf.is_finite() && cdf.is_finite(), "{dir:?} t = {t}: sf {sf}, cdf {cdf}");
            if t <= -1e-3 {
                assert!((sf - 1.0).abs() < 1e-15 && cdf < 1e-300, "{dir:?} t = {t}: sf {sf}, cdf {cdf}");
            }
            if t >= 1e-3 {
                assert!(sf < 1e-300 && (cdf - 1.0).abs() < 1e-15, "{dir:?} t = {t}: sf {sf}, cdf {cdf}");
            }
        }
        for eps in [0.0, 0.019_697_388_634_085_655, 0.5, 1.0] {
            let d = m.delta(eps);
            assert!((0.0..1e-290).contains(&d), "{dir:?} δ({eps}) = {d}");
        }
        // ε < 0: L = 0 surely gives δ(ε) = 1 − e^ε (0.39346934028736657 at ε = −½, closed form).
        let d = m.delta(-0.5);
        assert!((d - 0.393_469_340_287_366_57).abs() < 1e-15, "{dir:?} δ(−½) = {d}");
    }
}

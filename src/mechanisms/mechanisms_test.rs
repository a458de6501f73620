//! Mechanisms against independent values: the mpmath-50 reference values of foundations §8.2
//! and §8.3, MPFR quadrature of the defining integrals, and conformance checks that every
//! privacy-loss law must pass.

use super::exact as cf;
use super::*;
use crate::num::{Mp, Real};

fn rel(a: f64, b: f64) -> f64 {
    if a == b { 0.0 } else { ((a - b) / b).abs() }
}

fn all_losses() -> Vec<Box<dyn PrivacyLoss>> {
    let mut v: Vec<Box<dyn PrivacyLoss>> = Vec::new();
    for m in [
        Mechanism::from_name("gaussian", 1.0, None, None).unwrap(),
        Mechanism::from_name("gaussian", 0.3, None, None).unwrap(),
        Mechanism::from_name("laplace", 1.0, None, None).unwrap(),
        Mechanism::from_name("randomized-response", 0.5, None, None).unwrap(),
        Mechanism::from_name("poisson-subsampled-gaussian", 1.0, None, Some(0.01)).unwrap(),
        Mechanism::from_name("poisson-subsampled-gaussian", 0.7, None, Some(0.3)).unwrap(),
        Mechanism::from_name("poisson-subsampled-gaussian", 2.0, None, Some(1.0)).unwrap(),
    ] {
        for &d in m.directions() {
            v.push(m.loss(d));
        }
    }
    v
}

#[test]
fn spec_8_3_closed_form_values_f64_and_mpfr() {
    // (mechanism, ε, value) from foundations §8.3 (mpmath-50).
    let g1 = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    let cases: Vec<(Mechanism, Direction, f64, f64)> = vec![
        (g1.clone(), Direction::Remove, 0.0, 0.38292492254802621),
        (g1.clone(), Direction::Remove, 1.0, 0.12693673750664395),
        (g1.clone(), Direction::Remove, 2.0, 0.020923635821113731),
        (g1.clone(), Direction::Remove, 10.0, 9.8127058268469559e-23),
        (Mechanism::from_name("gaussian", 2.0, None, None).unwrap(), Direction::Remove, 3.0, 3.4009117356735288e-10),
        (Mechanism::from_name("laplace", 1.0, None, None).unwrap(), Direction::Remove, 0.5, 0.22119921692859513),
        (Mechanism::from_name("randomized-response", 1.0, None, None).unwrap(), Direction::Remove, 0.5, 0.28764913664496792),
        (Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap(), Direction::Remove, 0.5, 2.032536920340358e-3),
        (Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap(), Direction::Remove, 0.01, 1.9002737053015713e-3),
        (Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap(), Direction::Add, 0.01, 6.4414170053958666e-12),
        (Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap(), Direction::Remove, -0.05, 0.058827525975977758),
        (Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap(), Direction::Add, -0.05, 0.073639196970066031),
    ];
    for (m, d, eps, want) in cases {
        let f = m.loss(d).delta(eps);
        // f64 closed forms: 1e−9 relative (the add value 6.4e−12 is a difference of two numbers of
        // order 1e−3, so f64 keeps only ~7 digits there; tolerance chosen accordingly).
        let tol = if want < 1e-10 && matches!(m, Mechanism::PoissonSubsampledGaussian { .. }) { 1e-4 } else { 1e-9 };
        assert!(rel(f, want) < tol, "{} {:?} ε={eps}: f64 {f:e} vs {want:e}", m.name(), d);
        let ex = crate::exact::delta(&m, 1, eps, 256);
        if d == Direction::Remove || matches!(m, Mechanism::PoissonSubsampledGaussian { .. }) {
            // exact::delta is the max over directions; compare the direction value directly too.
            let prec = 256;
            let v = match m {
                Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => {
                    cf::sgm_delta(&Mp::new(prec, sampling_rate), &Mp::new(prec, noise_multiplier), d, &Mp::new(prec, eps)).to_f64()
                }
                _ => ex.as_ref().unwrap().midpoint(),
            };
            assert!(rel(v, want) < 1e-15, "{} {:?} ε={eps}: mpfr {v:e} vs {want:e}", m.name(), d);
        }
    }
}

#[test]
fn gaussian_tiny_delta_without_underflow() {
    // foundations §8.3: μ = 0.2, ε = 8: ln δ = −805.91300004621127 (δ = 9.918e−351).
    let m = Mechanism::from_name("gaussian", 5.0, None, None).unwrap();
    let ln = crate::exact::ln_delta(&m, 1, 8.0, 256).unwrap();
    assert!(ln.contains(-805.91300004621127) || (ln.midpoint() + 805.91300004621127).abs() < 1e-13, "{ln}");
    let d = crate::exact::delta(&m, 1, 8.0, 256).unwrap();
    assert_eq!(d.lower, 0.0);
    assert!(d.upper > 0.0, "an upper bound on a positive δ must not flush to 0");
    // f64 log-space formula (spec: −805.9130000461868)
    let f = super::gaussian::gaussian_ln_delta_f64(0.2, 8.0);
    assert!((f + 805.91300004621127).abs() < 1e-10, "{f}");
}

#[test]
fn spec_8_2_sgm_rdp_values() {
    // foundations §8.2, q = 0.01, σ = 1: (α, remove exact, add exact), mpmath-50.
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let rows = [
        (2.0, 1.7181342207454794e-4, 1.60222649819e-4),
        (8.0, 8.9364390760603189e-4, 5.72388894902e-4),
        (16.0, 3.0878507836962446, 1.01584693051e-3),
        (32.0, 11.246275937048069, 1.69233677997e-3),
        (2.5, 2.1757533228188046e-4, 1.98173289064e-4),
        (10.5, 0.18833969137955361, 7.2157699392e-4),
        (20.5, 5.4086675940546861, 1.22902642742e-3),
    ];
    for (a, rem, add) in rows {
        let r = crate::exact::rdp(&m, Direction::Remove, a, 128).unwrap();
        assert!(rel(r.midpoint(), rem) < 1e-14, "α={a} remove {r} vs {rem:e}");
        let d = crate::exact::rdp(&m, Direction::Add, a, 128).unwrap();
        // add values are given to 12 digits in the spec
        assert!(rel(d.midpoint(), add) < 1e-10, "α={a} add {d} vs {add:e}");
    }
    // integer α: the binomial sum and the quadrature are two independent routes
    for a in [2.0, 8.0, 16.0, 32.0] {
        let p = 128;
        let (q, s) = (Mp::new(p, 0.01), Mp::new(p, 1.0));
        let sum = cf::sgm_rdp_remove_int(&q, &s, a as u64).to_f64();
        let (quad, _) = cf::sgm_rdp_quad(&q, &s, Direction::Remove, &Mp::new(p, a));
        assert!(rel(sum, quad.to_f64()) < 1e-14, "α={a}");
    }
}

#[test]
fn sgm_closed_form_matches_quadrature_mpfr() {
    for &(q, s) in &[(0.01, 1.0), (0.3, 0.7), (0.9, 2.0)] {
        for &eps in &[-0.3, 0.0, 0.01, 0.5, 2.0] {
            for d in [Direction::Remove, Direction::Add] {
                let (qq, ss, ee) = (Mp::new(192, q), Mp::new(192, s), Mp::new(192, eps));
                let cfv = cf::sgm_delta(&qq, &ss, d, &ee).to_f64();
                let quad = cf::sgm_delta_quad(&qq, &ss, d, &ee);
                let qv = quad.value.to_f64();
                assert!((cfv - qv).abs() <= 1e-30 + 1e-20 * qv.abs(), "q={q} σ={s} ε={eps} {d:?}: {cfv:e} vs {qv:e}");
            }
        }
    }
}

#[test]
fn randomized_response_composition_matches_enumeration() {
    // Independent: brute-force enumeration of all 2^T outcome sequences for T = 10.
    let e0 = 0.8f64;
    let pi = e0.exp() / (1.0 + e0.exp());
    let t = 10u32;
    for &eps in &[0.0, 1.0, 3.3] {
        let mut want = 0.0;
        for mask in 0u32..(1 << t) {
            let k = mask.count_ones() as f64;
            let p = pi.powf(k) * (1.0 - pi).powf(t as f64 - k);
            let l = e0 * (2.0 * k - t as f64);
            if l > eps {
                want += p * (1.0 - (eps - l).exp());
            }
        }
        let got = cf::rr_delta(&Mp::new(128, e0), &Mp::new(128, eps), t as u64).to_f64();
        assert!(rel(got, want) < 1e-12, "ε={eps}: {got} vs {want}");
    }
}

#[test]
fn laplace_and_rr_rdp_match_pld_moment() {
    // e^{(α−1)D_α} = E_P[e^{(α−1)L}]: the RDP closed forms (Mironov Props 5, 6) against the
    // PLD moment `ln_mgf` (a different derivation, see laplace.rs).
    for a in [1.5, 2.0, 7.0] {
        let lap = Mechanism::from_name("laplace", 0.7, None, None).unwrap();
        let r = crate::exact::rdp(&lap, Direction::Remove, a, 128).unwrap().midpoint();
        let m = lap.loss(Direction::Remove).ln_mgf(a - 1.0) / (a - 1.0);
        assert!(rel(r, m) < 1e-12, "laplace α={a}: {r} vs {m}");
        let rr = Mechanism::from_name("rr", 0.7, None, None).unwrap();
        let r = crate::exact::rdp(&rr, Direction::Remove, a, 128).unwrap().midpoint();
        let m = rr.loss(Direction::Remove).ln_mgf(a - 1.0) / (a - 1.0);
        assert!(rel(r, m) < 1e-12, "rr α={a}: {r} vs {m}");
    }
}

#[test]
fn conformance_every_loss() {
    // Shared checks every PrivacyLoss passes: cdf + sf = 1 − ... (no mass lost), monotone cdf,
    // δ(ε) ≥ (1 − e^ε)_+ and non-increasing, E_P[e^{−L}] ≤ 1 (validity, §1.5 item 4),
    // δ(ε) = E[(1 − e^{ε−L})_+] by Stieltjes summation of the cdf.
    for l in all_losses() {
        let name = l.describe();
        let (lo, hi) = l.support();
        let grid: Vec<f64> = (-60..=60).map(|i| i as f64 * 0.1).collect();
        let mut prev_cdf = 0.0;
        let mut prev_delta = 1.0;
        for &t in &grid {
            let (c, s) = (l.cdf(t), l.sf(t));
            assert!((c + s + 0.0 - 1.0).abs() < 1e-12, "{name}: cdf+sf at {t}");
            assert!(c >= prev_cdf - 1e-15, "{name}: cdf not monotone at {t}");
            assert!(l.cdf_left(t) <= c + 1e-15 && l.sf_left(t) >= s - 1e-15);
            prev_cdf = c;
            let d = l.delta(t);
            assert!(d <= prev_delta + 1e-15, "{name}: δ increasing at {t}");
            assert!(d >= (-t.exp_m1()).max(0.0) - 1e-12, "{name}: δ below 1 − e^ε at {t}");
            prev_delta = d;
        }
        if lo.is_finite() {
            assert!(l.cdf_left(lo) < 1e-15, "{name}: mass below support");
        }
        if hi.is_finite() {
            assert!(l.sf(hi) < 1e-15, "{name}: mass above support");
        }
        assert!(l.ln_mgf(0.0).abs() < 1e-15);
        let m1 = l.ln_mgf(-1.0);
        assert!(m1 == f64::INFINITY || m1 < 1e-12, "{name}: E[e^-L] = {m1}");
        // Stieltjes: δ(ε) ≈ Σ (F(t_{j+1}) − F(t_j)) (1 − e^{ε − t_mid})_+ on a fine grid
        for &eps in &[0.0, 0.5] {
            let (a, b) = (lo.max(-30.0), hi.min(30.0));
            let n = 200_000;
            let h = (b - a) / n as f64;
            let mut sum = 0.0;
            let mut fprev = l.cdf_left(a);
            for j in 0..n {
                let t1 = a + (j + 1) as f64 * h;
                let f1 = l.cdf(t1);
                let tm = t1 - 0.5 * h;
                if tm > eps {
                    sum += (f1 - fprev) * -(eps - tm).exp_m1();
                }
                fprev = f1;
            }
            sum += l.sf(b).max(0.0) * if b > eps { -(eps - b).exp_m1() } else { 0.0 };
            let d = l.delta(eps);
            assert!((sum - d).abs() < 2e-4 * d.max(1e-3), "{name}: Stieltjes δ({eps}) {sum} vs closed form {d}");
        }
    }
}

#[test]
fn bad_parameters_are_typed_errors() {
    assert!(matches!(Mechanism::from_name("gaussian", -1.0, None, None), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(Mechanism::from_name("gaussian", f64::NAN, None, None), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(Mechanism::from_name("sgm", 1.0, None, Some(1.5)), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(Mechanism::from_name("sgm", 1.0, None, None), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(Mechanism::from_name("bogus", 1.0, None, None), Err(crate::Error::UnknownName { .. })));
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    assert!(crate::exact::epsilon(&g, 1, 0.0, 256).is_err());
    assert!(crate::exact::epsilon(&g, 0, 0.1, 256).is_err());
    assert!(matches!(crate::exact::delta(&Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap(), 10, 1.0, 128), Err(crate::Error::Unsupported(_))));
}

#[test]
fn exact_epsilon_gaussian_reference() {
    // foundations §8.3: μ = 1, ε(1e−5) = 4.3771780956812246 (mpmath-50)
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    let e = crate::exact::epsilon(&g, 1, 1e-5, 256).unwrap();
    assert!(e.contains(4.3771780956812246), "{e}");
    assert!(e.width() < 1e-11, "{e}");
    // T steps: μ√T (independent: T = 4 with σ = 2 is the same mechanism as T = 1 with σ = 1)
    let g2 = Mechanism::from_name("gaussian", 2.0, None, None).unwrap();
    let e4 = crate::exact::epsilon(&g2, 4, 1e-5, 256).unwrap();
    assert!(e4.contains(4.3771780956812246), "{e4}");
}

#[test]
fn randomized_response_long_composition_matches_convolution() {
    // T = 5000 takes the pre-screened path of `rr_delta` (only the significant terms, found by
    // `significant_range_concave`). Independent: the pmf of K ~ Bin(T, π) by T successive f64
    // convolutions with Bernoulli(π) (sums of positive terms, relative error ~T·u), then the
    // profile sum Σ_k p_k (1 − e^{ε − ε0(2k−T)})_+ over every k.
    let (e0, t) = (0.05f64, 5000usize);
    let pi = e0.exp() / (1.0 + e0.exp());
    let mut p = vec![1.0f64];
    for _ in 0..t {
        let mut q = vec![0.0; p.len() + 1];
        for (k, &w) in p.iter().enumerate() {
            q[k] += w * (1.0 - pi);
            q[k + 1] += w * pi;
        }
        p = q;
    }
    for &eps in &[0.0, 5.0, 14.0, 25.0] {
        let want: f64 = p
            .iter()
            .enumerate()
            .filter_map(|(k, &w)| {
                let l = e0 * (2.0 * k as f64 - t as f64);
                (l > eps).then(|| w * -(eps - l).exp_m1())
            })
            .sum();
        let got = cf::rr_delta(&Mp::new(128, e0), &Mp::new(128, eps), t as u64).to_f64();
        assert!(want > 1e-200 && rel(got, want) < 1e-10, "ε={eps}: {got} vs {want}");
    }
}

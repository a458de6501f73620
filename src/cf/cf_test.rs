//! Tests of the characteristic-function route, each against an oracle that shares no code with
//! it: closed forms (Gaussian hockey stick, Rényi moments of the subsampled Gaussian at integer
//! orders), mpmath quadrature at 40 digits (values recorded below with the script that made
//! them), the certified FFT route, and dp_accounting.

use super::law::Law;
use super::sgm_tilt::SgmTilt;
use super::*;
use crate::error::Error;
use crate::mechanisms::{Direction, Mechanism};
use crate::pld::{epsilon_interval as fft_epsilon, PldOptions};

fn sgm(q: f64, s: f64) -> Mechanism {
    Mechanism::from_name("sgm", s, None, Some(q)).unwrap()
}

fn opts() -> CfOptions {
    CfOptions::default()
}

/// δ(ε) of the composed Gaussian (μ = √T/σ) in closed form (Balle & Wang 2018, Theorem 8;
/// `mechanisms::exact::gaussian_ln_delta`, shares no code with this route).
fn gaussian_delta(sigma: f64, steps: u64, eps: f64) -> f64 {
    let mu = (steps as f64).sqrt() / sigma;
    crate::mechanisms::exact::gaussian_ln_delta(&mu, &eps).exp()
}

#[test]
fn gaussian_delta_matches_the_closed_form_down_to_1e_minus_12() {
    // q = 1 is the Gaussian: the closed-form per-step transform, so this checks the inversion
    // (Poisson summation, aliasing, truncation, prefactor) against Balle–Wang.
    for (sigma, steps, eps) in [(2.0, 1000u64, 150.0), (1.0, 10, 3.0), (1.0, 10, 12.0), (5.0, 100_000, 80.0), (0.5, 3, 40.0)] {
        let (d, _) = delta_interval(&[(sgm(1.0, sigma), steps)], eps, &opts()).unwrap();
        let truth = gaussian_delta(sigma, steps, eps);
        assert!(d.lower <= truth && truth <= d.upper, "σ={sigma} T={steps} ε={eps}: {d} vs closed form {truth:e}");
        assert!(d.width() <= 1e-6 * truth, "σ={sigma} T={steps} ε={eps}: {d} relative width {:e}", d.width() / truth);
    }
    // the plain Gaussian mechanism takes the same path
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    let (d, _) = delta_interval(&[(g, 10)], 27.0, &opts()).unwrap();
    let truth = gaussian_delta(1.0, 10, 27.0);
    assert!(truth < 1e-10 && truth > 1e-14, "{truth:e}");
    assert!(d.contains(truth) && d.width() <= 1e-6 * truth, "{d} vs {truth:e}");
}

#[test]
fn tilted_normaliser_brackets_the_integer_order_renyi_moment() {
    // ln M_remove(c) = ln E_Q[(P/Q)^{1+c}] = ln A_{1+c} (Mironov, Talwar & Zhang 2019, binomial
    // sum; `SgmLoss::ln_a_int`).
    for (q, s, c) in [(0.01, 1.0, 1u64), (0.01, 1.0, 7), (0.001, 0.8, 5), (0.3, 0.7, 3), (0.9, 2.0, 12)] {
        let t = SgmTilt::new(q, s, Direction::Remove, c as f64).unwrap();
        let exact = crate::mechanisms::subsampled_gaussian::SgmLoss::new(q, s, Direction::Remove).ln_a_int(c + 1);
        let slack = 1e-14 * exact.abs().max(1e-300);
        assert!(t.ln_m_lo <= exact + slack && exact - slack <= t.ln_m_hi, "q={q} σ={s} c={c}: [{}, {}] vs {exact}", t.ln_m_lo, t.ln_m_hi);
        // the bound is relative to M (≥ 1), i.e. absolute in ln M; composed T times it is T·width
        assert!(t.ln_m_hi - t.ln_m_lo <= 1e-10, "q={q} σ={s} c={c}: width {}", t.ln_m_hi - t.ln_m_lo);
    }
}

#[test]
fn tilted_characteristic_function_matches_mpmath() {
    // mpmath 1.4.1, 40 digits, `quad` of φ_σ(x)R(x)^{1+z} (remove) or R(x)^{−z} (add) over
    // [−∞, −20, −10, −5, −2, 0, 0.5, 1, 2, 4, 8, 12, 20, 40, ∞] (maxdegree 10); Φ = M(c+it)/M(c).
    // The t = 300 value was re-checked with 140 split points (agreement 1e−17).
    let cases = [
        (0.01, 1.0, Direction::Remove, 2.0, 5.0, 0.00052927514916932272, 0.99757146069558163, 0.0019218238402621003),
        (0.01, 1.0, Direction::Remove, 2.0, 60.0, 0.00052927514916932272, 0.84884059108504339, -0.089385669244325866),
        (0.001, 0.8, Direction::Remove, 5.5, 300.0, 7.0383940197853936e-5, 0.92884922060596146, -0.051814474008690405),
        (0.01, 1.0, Direction::Add, 1.5, 20.0, 0.00029725993359564121, 0.97547047628399558, 0.01409475806852516),
        (0.3, 0.7, Direction::Add, 0.8, 3.0, 0.10018109815485823, 0.69578397211127698, 0.46001984840981118),
        (0.3, 0.7, Direction::Remove, 0.8, 3.0, 0.2966992895243782, 0.3343893748361625, -0.094628824831671617),
    ];
    for (q, s, dir, c, t, ln_m, re, im) in cases {
        let mut tilt = SgmTilt::new(q, s, dir, c).unwrap();
        assert!(tilt.ln_m_lo <= ln_m * (1.0 + 1e-13) && ln_m * (1.0 - 1e-13) <= tilt.ln_m_hi, "{q} {s} {dir:?} c={c}: ln M {ln_m} not in [{}, {}]", tilt.ln_m_lo, tilt.ln_m_hi);
        let ev = tilt.eval(t, 1e-16, false).unwrap();
        let dist = ((ev.d.re - re).powi(2) + (ev.d.im - im).powi(2)).sqrt();
        assert!(dist <= ev.err + 1e-15, "{q} {s} {dir:?} c={c} t={t}: {} vs ({re}, {im}), distance {dist:e} > bound {:e}", ev.d, ev.err);
        // the bound is dominated by the assumed libm error of ℓ times |t| (1e−14·|t|·λ)
        assert!(ev.err < 1e-9, "{q} {s} {dir:?} c={c} t={t}: error bound {:e}", ev.err);
    }
}

#[test]
fn error_bound_of_a_coarse_level_covers_the_fine_value() {
    // A coarse evaluation (tolerance 1e−4) and a fine one (1e−16) must differ by no more than
    // the sum of their certified bounds; the coarse bound must not be vacuous.
    let mut tilt = SgmTilt::new(0.01, 1.0, Direction::Remove, 2.0).unwrap();
    for t in [0.5, 7.0, 40.0, 200.0] {
        let coarse = tilt.eval(t, 1e-4, true).unwrap();
        let fine = tilt.eval(t, 1e-16, true).unwrap();
        assert!((coarse.d - fine.d).norm() <= coarse.err + fine.err, "t={t}: {} vs {}", coarse.d, fine.d);
        assert!((coarse.d1 - fine.d1).norm() <= coarse.err1 + fine.err1, "t={t}: d1 {} vs {}", coarse.d1, fine.d1);
        assert!(coarse.err < 1e-3 && coarse.nodes <= fine.nodes, "t={t}: coarse err {:e}, nodes {} vs {}", coarse.err, coarse.nodes, fine.nodes);
        if t >= 40.0 {
            assert!(coarse.nodes < fine.nodes, "t={t}: the coarse tolerance should use a coarser level ({} nodes)", coarse.nodes);
        }
    }
}

#[test]
fn sup_bound_is_above_every_certified_value() {
    for (q, s, dir, c) in [(0.01, 1.0, Direction::Remove, 2.0), (0.01, 1.0, Direction::Add, 1.0), (0.3, 0.7, Direction::Remove, 0.8)] {
        let mut tilt = SgmTilt::new(q, s, dir, c).unwrap();
        let mut work = 0;
        let sb = fill::fill(&mut tilt, 3.0, 1000, 1e-14, &mut work, 1 << 40).unwrap();
        let v = sb.rl_constant().unwrap();
        let mut t = 3.0;
        while t < 1.2 * v {
            let ev = tilt.eval(t, 1e-9, false).unwrap();
            assert!(ev.d.norm() - ev.err <= sb.at(t), "{q} {s} {dir:?}: |Φ({t})| = {} > bound {}", ev.d.norm(), sb.at(t));
            t *= 1.07;
        }
        assert!(sb.segments() > 0 && sb.at(1.5 * v) < 0.7, "{q} {s} {dir:?}: segments {} bound at 1.5V {}", sb.segments(), sb.at(1.5 * v));
    }
}

#[test]
fn dpsgd_epsilon_agrees_with_the_certified_fft_and_is_narrower() {
    // Three of issue 13's workloads and the T = 10⁶ DP-SGD point; the FFT route shares no code
    // with this one (discretisation + FFT vs quadrature + inversion).
    for (q, s, steps, delta) in [(0.01, 1.0, 1000u64, 1e-5), (0.1, 2.0, 10_000, 1e-6), (0.004, 1.1, 100_000, 1e-5), (0.01, 1.0, 1_000_000, 1e-5)] {
        let parts = [(sgm(q, s), steps)];
        let (cf, diag) = epsilon_interval(&parts, delta, &opts()).unwrap();
        let (fft, _) = fft_epsilon(&parts, delta, &PldOptions::default()).unwrap();
        assert!(cf.overlaps(&fft), "q={q} σ={s} T={steps}: cf {cf} vs fft {fft}");
        assert!(cf.width() < fft.width() / 10.0 && cf.width() <= 1e-6 * cf.upper, "q={q} σ={s} T={steps}: cf {cf} fft {fft}; {}", diag.describe());
    }
}

#[test]
fn issue_13_dp_accounting_values_are_within_their_grid_error() {
    // dp_accounting 0.6.0 PLD at h = 1e−4 (issue 13's table): a pessimistic estimate, above the
    // truth by at most about T·h·(tilted loss step) — here within 1e−4 relative.
    for (q, s, steps, delta, dpa) in [(0.01, 1.0, 1000u64, 1e-5, 1.82824), (0.1, 2.0, 10_000, 1e-6, 38.681), (0.004, 1.1, 100_000, 1e-5, 6.73301)] {
        let (cf, _) = epsilon_interval(&[(sgm(q, s), steps)], delta, &opts()).unwrap();
        assert!((cf.midpoint() / dpa - 1.0).abs() < 1.5e-4, "q={q} σ={s} T={steps}: cf {cf} vs dp_accounting {dpa}");
    }
}

#[test]
fn work_does_not_grow_with_the_number_of_steps() {
    // The cost model of the module doc, as counted quadrature nodes (deterministic; the bench
    // `pld_hard_regime` measures the time): DP-SGD q = 0.01, σ = 1, δ = 1e−5.
    let work = |steps: u64| epsilon_interval(&[(sgm(0.01, 1.0), steps)], 1e-5, &opts()).unwrap().1.work();
    let (w3, w4, w5, w6) = (work(1000), work(10_000), work(100_000), work(1_000_000));
    assert!(w6 <= w3 && w5 <= w3 && w4 <= w3, "work: T=1e3 {w3}, 1e4 {w4}, 1e5 {w5}, 1e6 {w6}");
    assert!(w6 < 2_000_000, "T = 1e6 work {w6}");
}

#[test]
fn heterogeneous_composition_matches_the_fft() {
    let parts = [(sgm(0.01, 1.0), 3000u64), (sgm(0.02, 1.5), 2000), (Mechanism::from_name("gaussian", 20.0, None, None).unwrap(), 50)];
    let (cf, _) = epsilon_interval(&parts, 1e-6, &opts()).unwrap();
    let (fft, _) = fft_epsilon(&parts, 1e-6, &PldOptions::default()).unwrap();
    assert!(cf.overlaps(&fft) && cf.width() < fft.width(), "cf {cf} vs fft {fft}");
}

#[test]
fn legitimate_edge_inputs_get_answers_and_bad_ones_clear_errors() {
    // q = 0: L ≡ 0, δ(ε) = (1 − e^ε)₊, ε(δ) = 0
    let (d, _) = delta_interval(&[(sgm(0.0, 1.0), 100)], 0.5, &opts()).unwrap();
    assert_eq!((d.lower, d.upper), (0.0, 0.0));
    let (d, _) = delta_interval(&[(sgm(0.0, 1.0), 100)], -0.5, &opts()).unwrap();
    assert!(d.contains(1.0 - (-0.5f64).exp()) && d.width() < 1e-12, "{d}");
    let (e, _) = epsilon_interval(&[(sgm(0.0, 1.0), 100)], 1e-5, &opts()).unwrap();
    assert_eq!((e.lower, e.upper), (0.0, 0.0));
    // ε = 0: δ(0) is the total-variation distance, still certified
    let (d, _) = delta_interval(&[(sgm(1.0, 10.0), 100)], 0.0, &opts()).unwrap();
    let truth = gaussian_delta(10.0, 100, 0.0);
    assert!(d.contains(truth), "{d} vs {truth}");
    // Laplace: not this route's, with the reason
    let lap = Mechanism::from_name("laplace", 1.0, None, None).unwrap();
    match epsilon_interval(&[(lap, 10)], 1e-5, &opts()) {
        Err(Error::Unsupported(why)) => assert!(why.contains("lattice"), "{why}"),
        other => panic!("{other:?}"),
    }
    // small q and few steps: beyond the budget, and the message names the alternative
    let small = CfOptions { budget: 5_000_000 };
    match epsilon_interval(&[(sgm(0.001, 0.8), 100)], 1e-8, &small) {
        Err(Error::Unsupported(why)) => assert!(why.contains("fft"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(epsilon_interval(&[(sgm(0.01, 1.0), 10)], 0.0, &opts()), Err(Error::InvalidParameter { .. })));
    assert!(matches!(delta_interval(&[(sgm(0.01, 1.0), 10)], f64::NAN, &opts()), Err(Error::InvalidParameter { .. })));
    assert!(matches!(delta_interval(&[], 1.0, &opts()), Err(Error::InvalidParameter { .. })));
    assert!(Law::of(&sgm(0.5, 1.0), Direction::Add).unwrap().is_some());
}

#[test]
fn matches_independent_mpmath_bromwich_anchors() {
    // golden/anchors/cf/bromwich_mpmath.py (RESULTS.md beside it): written by a separate session
    // from the definitions alone — 40-digit mpmath, Gauss–Legendre panels in x, trapezoid in t,
    // checked against the Gaussian closed form to 1e−30 and at two tilts per value. Values are
    // the remove direction, which is the maximum in every case.
    let eps_cases = [
        (0.01, 1.0, 1000u64, 1e-5, 1.828236666516577),
        (0.01, 1.0, 100_000, 1e-5, 25.57310698652151),
        (0.01, 1.0, 1_000_000, 1e-5, 139.0302725705578),
        (0.001, 0.8, 10_000, 1e-8, 1.476728596759651),
        (0.001, 0.8, 100_000, 1e-8, 3.518015735973651),
        (0.001, 0.8, 1_000_000, 1e-8, 12.4219296247428),
        (0.1, 2.0, 10_000, 1e-6, 38.68120797429662),
        (0.004, 1.1, 100_000, 1e-5, 6.732694046298366),
    ];
    for (q, s, steps, delta, anchor) in eps_cases {
        let (e, d) = epsilon_interval(&[(sgm(q, s), steps)], delta, &opts()).unwrap();
        assert!(e.contains(anchor), "q={q} σ={s} T={steps} δ={delta}: {e} vs anchor {anchor}; {}", d.describe());
        // inside issue 13's target (1e−3·ε) by ≥ 3× (1.5e−4 at q = 0.001, T = 10⁴, where the tilt
        // is kept below the Rényi-moment explosion; 1e−9…1e−6 elsewhere)
        assert!(e.width() <= 3e-4 * anchor, "q={q} σ={s} T={steps}: width {:e}", e.width() / anchor);
    }
    // δ ≈ 1e−12 at T = 10⁴ (issue 13: relative width ≤ 1e−2 required; asserted ≤ 1e−4)
    let (d, _) = delta_interval(&[(sgm(0.01, 1.0), 10_000)], 10.32, &opts()).unwrap();
    let anchor = 1.13201495338445e-12;
    assert!(d.contains(anchor) && d.width() <= 1e-4 * anchor, "{d} vs {anchor:e}");
    // T = 100, δ(1.0): the add direction's loss is below 100·(−ln 0.99) ≈ 1.005, its δ(1.0) is
    // astronomically small and is settled by the certified Chernoff bound
    let (d, diag) = delta_interval(&[(sgm(0.01, 1.0), 100)], 1.0, &opts()).unwrap();
    let anchor = 6.67139891555e-7;
    assert!(d.contains(anchor) && d.width() <= 1e-4 * anchor, "{d} vs {anchor:e}; {}", diag.describe());
    assert!(diag.skipped.iter().any(|s| s.starts_with("add")), "{:?}", diag.skipped);
}

#[test]
fn large_noise_multipliers_get_a_certified_answer() {
    // σ ≳ 26 used to overflow the strip factor e^{σ²θ²/2} (review finding); θ is now capped.
    let parts = [(sgm(0.5, 30.0), 1000u64)];
    let (cf, _) = epsilon_interval(&parts, 1e-5, &opts()).unwrap();
    let (fft, _) = fft_epsilon(&parts, 1e-5, &PldOptions::default()).unwrap();
    assert!(cf.overlaps(&fft) && cf.width() < fft.width(), "cf {cf} vs fft {fft}");
}

//! Property tests (proptest) of the shared conformance checks (style guide principle 9):
//! trade-off functions convex, non-increasing and ≤ 1 − x after every operation; profiles
//! non-increasing in ε; conversions monotone; GDP composition = √T·μ; RDP → DP of the Gaussian
//! curve never below the exact Gaussian ε (MPFR 128-bit certified lower end as the oracle).
// Reference values are quoted with all the digits of their source.
#![allow(clippy::excessive_precision)]

use super::convert::{gdp_profile, tradeoff_to_profile};
use super::rdp::{dp_accounting_default_orders, RdpCurve};
use super::rdp_optimize::{epsilon_continuous, epsilon_for_delta, OrderRange};
use super::rdp_to_dp::Formula;
use super::tradeoff::TradeOff;
use super::tradeoff_test::{brute_tradeoff, hockey};
use super::{Gdp, TabulatedDelta};
use proptest::prelude::*;

/// A random finite pair on 2–6 atoms with some zero masses (normalised weights 0..8).
fn pair() -> impl Strategy<Value = (Vec<f64>, Vec<f64>)> {
    (2usize..=6).prop_flat_map(|n| (prop::collection::vec(0u32..8, n), prop::collection::vec(0u32..8, n))).prop_filter_map("non-zero masses", |(a, b)| {
        let (sa, sb): (u32, u32) = (a.iter().sum(), b.iter().sum());
        if sa == 0 || sb == 0 {
            return None;
        }
        Some((a.iter().map(|&x| x as f64 / sa as f64).collect(), b.iter().map(|&x| x as f64 / sb as f64).collect()))
    })
}

fn valid(f: &TradeOff) -> Result<(), TestCaseError> {
    TradeOff::from_chain(f.vertices().to_vec()).map_err(|e| TestCaseError::fail(format!("invalid chain: {e}")))?;
    for v in f.vertices() {
        prop_assert!(v.y <= 1.0 - v.x + 1e-12, "f > 1 - x at {:?}", v);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn tradeoff_operations_stay_valid((p, q) in pair(), a in 0.0..=1.0f64) {
        let f = TradeOff::from_pair(&p, &q).unwrap();
        valid(&f)?;
        let inv = f.inverse();
        valid(&inv)?;
        let c = f.symmetrize();
        valid(&c)?;
        prop_assert!(c.is_symmetric(1e-12));
        // C(f) ≤ min(f, f⁻¹) (mixtures_fdp §1.8)
        prop_assert!(c.is_below(&f, 1e-14) && c.is_below(&inv, 1e-14));
        // exact against brute force over all tests, and T(P,Q)⁻¹ = T(Q,P)
        prop_assert!((f.eval(a).unwrap() - brute_tradeoff(&p, &q, a)).abs() < 1e-12);
        prop_assert!((inv.eval(a).unwrap() - brute_tradeoff(&q, &p, a)).abs() < 1e-12);
        let mixed = f.mix_with_identity(0.3).unwrap();
        valid(&mixed)?;
        valid(&mixed.symmetrize())?;
    }

    #[test]
    fn tradeoff_deltas_match_hockey_stick((p, q) in pair(), eps in -3.0..5.0f64) {
        let f = TradeOff::from_pair(&p, &q).unwrap();
        let g = eps.exp();
        let (pq, qp) = (f.delta_pq(eps).unwrap(), f.delta_qp(eps).unwrap());
        // rounded up, and within rounding of the direct sum
        prop_assert!(pq >= hockey(&p, &q, g) - 1e-15 && pq - hockey(&p, &q, g) < 1e-14);
        prop_assert!(qp >= hockey(&q, &p, g) - 1e-15 && qp - hockey(&q, &p, g) < 1e-14);
        // two-sided δ of f equals δ of C(f) (mixtures_fdp §2.7)
        prop_assert!((f.delta_two_sided(eps).unwrap() - f.symmetrize().delta_qp(eps).unwrap()).abs() < 1e-14);
    }

    #[test]
    fn delta_grid_gives_valid_lower_bound((p, q) in pair(), mut grid in prop::collection::vec(-3.0..3.0f64, 1..12)) {
        grid.sort_by(f64::total_cmp);
        grid.dedup();
        let f = TradeOff::from_pair(&p, &q).unwrap();
        let dqp: Vec<f64> = grid.iter().map(|&e| hockey(&q, &p, e.exp())).collect();
        let dpq: Vec<f64> = grid.iter().map(|&e| hockey(&p, &q, e.exp())).collect();
        let lo = TradeOff::from_delta_grid(&grid, &dqp, &dpq).unwrap();
        valid(&lo)?;
        prop_assert!(lo.is_below(&f, 1e-12));
        let sym = TradeOff::from_symmetric_delta_grid(&grid, &dqp.iter().zip(&dpq).map(|(a, b)| a.max(*b)).collect::<Vec<_>>()).unwrap();
        valid(&sym)?;
        prop_assert!(sym.is_below(&f, 1e-12) && sym.is_below(&f.inverse(), 1e-12));
    }

    #[test]
    fn eps_delta_tradeoff_valid(eps in 0.0..10.0f64, d in 0.0..=1.0f64) {
        let f = TradeOff::eps_delta(eps, d).unwrap();
        valid(&f)?;
        valid(&f.symmetrize())?;
    }

    #[test]
    fn profiles_non_increasing(mu in 0.01..10.0f64, e1 in -5.0..30.0f64, de in 0.0..10.0f64, (p, q) in pair()) {
        let e2 = e1 + de;
        let g = gdp_profile(Gdp::new(mu).unwrap());
        prop_assert!(g.delta(e1).unwrap() >= g.delta(e2).unwrap());
        let t = tradeoff_to_profile(&TradeOff::from_pair(&p, &q).unwrap());
        prop_assert!(t.delta(e1).unwrap() >= t.delta(e2).unwrap());
        let grid: Vec<f64> = (0..10).map(|i| i as f64).collect();
        let tab = TabulatedDelta::new(grid.clone(), grid.iter().map(|&e| Gdp::new(mu).unwrap().delta(e).unwrap()).collect()).unwrap();
        prop_assert!(tab.delta_up(e1) >= tab.delta_up(e2));
    }

    #[test]
    fn rdp_conversions_monotone(alpha in 1.01..200.0f64, r in 0.0..20.0f64, dr in 0.0..5.0f64, ld in -30.0..-0.01f64, dld in 0.0..5.0f64, eps in 0.0..20.0f64, de in 0.0..5.0f64) {
        let (d1, d2) = (ld.exp(), (ld + dld).min(-1e-3).exp()); // d1 ≤ d2
        // F (αδ < 1) and H (αδ ≥ 1) are the two cases of one lemma: monotone as a pair
        let fh = |r: f64, d: f64| Formula::AsoodehF.epsilon_up(alpha, r, d).unwrap().min(Formula::AsoodehH.epsilon_up(alpha, r, d).unwrap());
        prop_assert!(fh(r, d1) >= fh(r, d2) && fh(r, d1) <= fh(r + dr, d1), "F/H");
        for f in Formula::CLOSED_FORM {
            let e11 = f.epsilon_up(alpha, r, d1).unwrap();
            // ε(δ) non-increasing in δ (within the formula's domain), non-decreasing in r
            let e12 = f.epsilon_up(alpha, r, d2).unwrap();
            let in_domain = !matches!(f, Formula::AsoodehF | Formula::AsoodehH) || (e11.is_finite() && e12.is_finite());
            prop_assert!(!in_domain || e11 >= e12, "{} in delta", f.id());
            prop_assert!(e11 <= f.epsilon_up(alpha, r + dr, d1).unwrap(), "{} in r", f.id());
            // δ(ε) non-increasing in ε, non-decreasing in r
            let l = f.ln_delta_up(alpha, r, eps).unwrap();
            prop_assert!(l >= f.ln_delta_up(alpha, r, eps + de).unwrap(), "{} delta in eps", f.id());
            prop_assert!(l <= f.ln_delta_up(alpha, r + dr, eps).unwrap(), "{} delta in r", f.id());
        }
    }

    #[test]
    fn gdp_composition_is_sqrt_t(mu in 0.0..5.0f64, t in 1u64..500) {
        let g = Gdp::new(mu).unwrap();
        let st = g.self_compose(t).unwrap().mu();
        let want = (t as f64).sqrt() * mu;
        prop_assert!(st >= want && st - want <= 1e-14 * want.max(1e-300));
        let c = Gdp::compose(&vec![g; t as usize]).unwrap().mu();
        prop_assert!((c - want).abs() <= 1e-13 * want.max(1e-300) + 1e-300);
    }

    #[test]
    fn rdp_curve_operations(vals in prop::collection::vec(0.0..10.0f64, 1..8), t in 1u64..100) {
        let orders: Vec<f64> = (0..vals.len()).map(|i| 1.5 + i as f64).collect();
        let c = RdpCurve::new(orders, vals.clone()).unwrap();
        let tc = c.self_compose(t).unwrap();
        for (a, b) in tc.values().iter().zip(&vals) {
            prop_assert!(*a >= b * t as f64);
        }
        let m = c.monotone_tightening();
        prop_assert!(m.is_non_decreasing());
        prop_assert!(m.values().iter().zip(&vals).all(|(a, b)| a <= b));
    }
}

proptest! {
    // MPFR oracle (~30 ms per case): fewer cases.
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn gaussian_rdp_to_dp_never_below_exact(mu in 0.05..5.0f64, ld in -27.0..-2.5f64) {
        let d = ld.exp();
        let g = Gdp::new(mu).unwrap();
        // oracle: certified lower end of the exact ε (MPFR 128 bits)
        let exact = g.epsilon_bounds(d, 128).unwrap().lower;
        let curve = g.to_rdp(&dp_accounting_default_orders()).unwrap();
        let grid = epsilon_for_delta(&curve, d, &Formula::CLOSED_FORM).unwrap();
        prop_assert!(grid.epsilon >= exact, "grid {} < exact {exact}", grid.epsilon);
        let rho = g.zcdp_rho();
        let cont = epsilon_continuous(|a| rho * a, d, &Formula::CLOSED_FORM, OrderRange::default()).unwrap();
        prop_assert!(cont.epsilon >= exact, "continuous {} < exact {exact}", cont.epsilon);
        prop_assert!(cont.epsilon <= grid.epsilon * (1.0 + 1e-12));
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn opt1_between_exact_gaussian_and_g(mu in 0.2..3.0f64, ld in -20.0..-3.0f64) {
        // OPT-1 at the G-optimal order of the Gaussian curve: exact ≤ OPT-1 ≤ G (foundations §3).
        let d = ld.exp();
        let g = Gdp::new(mu).unwrap();
        let rho = g.zcdp_rho();
        let best = epsilon_continuous(|a| rho * a, d, &[Formula::BalleG], OrderRange::default()).unwrap();
        let r = rho * best.order;
        let opt = Formula::Opt1.epsilon_up(best.order, r, d).unwrap();
        let exact = g.epsilon_bounds(d, 128).unwrap().lower;
        prop_assert!(opt >= exact && opt <= Formula::BalleG.epsilon_up(best.order, r, d).unwrap() + 1e-12, "opt {opt} exact {exact}");
    }
}



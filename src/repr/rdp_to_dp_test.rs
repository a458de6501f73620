//! Tests of the single-order conversions (`rdp_to_dp.rs`, `opt1.rs`) and of the minimisation
//! over orders (`rdp_optimize.rs`) for the Gaussian ρα curve, against foundations §3 / §8.4 and
//! shifted_interpolation §2.12 (values computed by the spec authors with mpmath / scipy).
// Reference values are quoted with all the digits of their source.
#![allow(clippy::excessive_precision)]

use super::rdp::{dp_accounting_default_orders, RdpCurve};
use super::rdp_optimize::{delta_continuous, delta_for_epsilon, epsilon_continuous, epsilon_for_delta, OrderRange};
use super::rdp_to_dp::{epsilon_zcdp_bs_up, Formula};
use super::Gdp;
use crate::error::Error;

/// Tolerance for 6-decimal spec values (half a unit in the 6th decimal, plus slack).
const SIX_DEC: f64 = 6e-7;

#[test]
fn foundations_3_table_m_g_f_opt1() {
    // foundations §3 table: (α, r, δ) → M, G, F, OPT-1 (6 decimals).
    let rows = [
        (5.5, 2.75, 1e-5, 5.308428, 4.728924, 4.929594, 4.728923),
        (10.0, 0.5, 1e-3, 1.267528, 0.906325, 1.010457, 0.905165),
        (3.0, 1.0, 0.05, 2.497866, 1.543095, 1.887456, 1.497943),
        (2.0, 0.1, 0.1, 2.402585, 1.016291, 0.422555, 0.150940),
        (2.0, 0.01, 0.01, 4.615170, 3.228876, 0.407136, 0.216122),
    ];
    for (a, r, d, m, g, f, o) in rows {
        for (formula, want) in [(Formula::Mironov, m), (Formula::BalleG, g), (Formula::AsoodehF, f), (Formula::Opt1, o)] {
            let got = formula.epsilon_up(a, r, d).unwrap();
            assert!((got - want).abs() < SIX_DEC, "{} at alpha={a} r={r} delta={d}: {got} vs {want}", formula.id());
        }
        // H does not apply (αδ < 1 in every row)
        assert_eq!(Formula::AsoodehH.epsilon_up(a, r, d).unwrap(), f64::INFINITY);
        // foundations §3: OPT-1 ≤ min(G, F) < M
        let opt = Formula::Opt1.epsilon_up(a, r, d).unwrap();
        assert!(opt <= Formula::BalleG.epsilon_up(a, r, d).unwrap().min(Formula::AsoodehF.epsilon_up(a, r, d).unwrap()) + 1e-12);
    }
}

#[test]
fn h_and_kl_closed_forms() {
    // Asoodeh et al. Lemma 1 (αδ ≥ 1): ε = max(0, r + ln(1 − δ)); α = 20, δ = 0.1:
    // r = 1 → 1 + ln 0.9 = 0.894639493…; r = 0.1 → 0.
    let h = Formula::AsoodehH.epsilon_up(20.0, 1.0, 0.1).unwrap();
    let want = 1.0 + 0.9f64.ln();
    assert!(h >= want && h - want < 1e-14, "{h}");
    assert_eq!(Formula::AsoodehH.epsilon_up(20.0, 0.1, 0.1).unwrap(), 0.0);
    assert_eq!(Formula::AsoodehF.epsilon_up(20.0, 0.1, 0.1).unwrap(), f64::INFINITY);
    // Bretagnolle–Huber: δ ≥ √(1 − e^{−r}) ⇒ ε = 0. r = 1e−6: √(1 − e^{−r}) ≈ 1e−3.
    assert_eq!(Formula::BretagnolleHuber.epsilon_up(2.0, 1e-6, 1.01e-3).unwrap(), 0.0);
    assert_eq!(Formula::BretagnolleHuber.epsilon_up(2.0, 1e-6, 0.99e-3).unwrap(), f64::INFINITY);
    let d = Formula::BretagnolleHuber.delta_up(2.0, 1e-6, 3.0).unwrap();
    let want = (-(-1e-6f64).exp_m1()).sqrt(); // √(1 − e^{−r}) without cancellation
    assert!(d >= want && (d - want) / want < 1e-12);
}

#[test]
fn delta_formulas_closed_forms() {
    // M: δ = exp((α − 1)(r − ε)); α = 3, r = 1, ε = 2: e^{−2}.
    let d = Formula::Mironov.delta_up(3.0, 1.0, 2.0).unwrap();
    assert!(d >= (-2.0f64).exp() && (d / (-2.0f64).exp() - 1.0) < 1e-13);
    // G: δ = e^{(α−1)(r−ε)} (1 − 1/α)^{α−1}/α; α = 3, r = 1, ε = 2: e^{−2}·(4/9)/3.
    let want = (-2.0f64).exp() * (4.0 / 9.0) / 3.0;
    let d = Formula::BalleG.delta_up(3.0, 1.0, 2.0).unwrap();
    assert!(d >= want && (d / want - 1.0) < 1e-13, "{d} vs {want}");
    // F inverse: δ = (e^{(α−1)r} − 1)/(α (e^{(α−1)ε} − 1)); α = 2, r = 0.1, ε = 1:
    let want = 0.1f64.exp_m1() / (2.0 * 1f64.exp_m1());
    let d = Formula::AsoodehF.delta_up(2.0, 0.1, 1.0).unwrap();
    assert!(d >= want && (d / want - 1.0) < 1e-13, "{d} vs {want}");
    // H inverse: δ = max(1/α, 1 − e^{ε−r}); α = 4, r = 2, ε = 0.5: 1 − e^{−1.5} = 0.7768698…
    let want = 1.0 - (-1.5f64).exp();
    let d = Formula::AsoodehH.delta_up(4.0, 2.0, 0.5).unwrap();
    assert!(d >= want && (d / want - 1.0) < 1e-13, "{d} vs {want}");
}

#[test]
fn gaussian_sigma1_on_dp_accounting_orders() {
    // foundations §8.4 (σ = 1, ρ = 0.5, δ = 1e−5): G on dp_accounting default orders =
    // 4.728507067217623 at α = 5.4 (RdpAccountant); mpmath-60 of the G formula at α = 5.4 gives
    // 4.7285070672176230794. M/BS = 5.298525912188081.
    let curve = Gdp::new(1.0).unwrap().to_rdp(&dp_accounting_default_orders()).unwrap();
    let res = epsilon_for_delta(&curve, 1e-5, &Formula::CLOSED_FORM).unwrap();
    assert_eq!(res.formula, Formula::BalleG);
    assert_eq!(res.order, 5.4);
    assert!(!res.at_grid_end);
    assert!(res.epsilon >= 4.728507067217623 && res.epsilon - 4.728507067217623 < 1e-13, "{res:?}");
    let m = epsilon_for_delta(&curve, 1e-5, &[Formula::Mironov]).unwrap();
    assert!(m.epsilon >= 5.298525912188081 && m.epsilon - 5.298525912188081 < 2e-3, "{m:?}");
    // exact Gaussian ε is 4.3771780956812246 (foundations §8.3): every RDP conversion is above it
    assert!(res.epsilon > 4.3771780956812246);
}

#[test]
fn gaussian_sigma1_continuous_order() {
    // foundations §8.4: G, continuous α: 4.72838698494331 at α* = 5.4318496702701;
    // M/BS: 5.298525912188081 at α* = 5.7985259 (Bun–Steinke Prop. 1.3 closed form).
    let r = |a: f64| 0.5 * a;
    let g = epsilon_continuous(r, 1e-5, &[Formula::BalleG], OrderRange::default()).unwrap();
    assert!((g.epsilon - 4.72838698494331).abs() < 1e-12 && g.epsilon >= 4.72838698494331 - 1e-14, "{g:?}");
    assert!((g.order - 5.4318496702701).abs() < 1e-5, "{g:?}");
    assert!(!g.at_grid_end);
    let m = epsilon_continuous(r, 1e-5, &[Formula::Mironov], OrderRange::default()).unwrap();
    assert!((m.epsilon - 5.298525912188081).abs() < 1e-12, "{m:?}");
    assert!((m.order - 5.7985259).abs() < 1e-5);
    let bs = epsilon_zcdp_bs_up(0.5, 1e-5).unwrap();
    assert!(bs >= 5.298525912188081 && bs - 5.298525912188081 < 1e-13);
    // the best over all closed forms is G here
    let all = epsilon_continuous(r, 1e-5, &Formula::CLOSED_FORM, OrderRange::default()).unwrap();
    assert_eq!(all.formula, Formula::BalleG);
}

#[test]
fn zcdp_table_of_shifted_interpolation_2_12() {
    // shifted_interpolation §2.12 (δ = 1e−5): ρ → BBG (= G, continuous), BS, ALC (= F, continuous)
    let rows = [
        (0.05, 1.30811834291, 1.56742712939, 1.37891088289),
        (0.716679125, 5.82234760826, 6.46161545134, 6.05607443488),
        (1.1306181848, 7.6103154129, 8.34635734055, 7.89422383123),
        (1.7469855335, 9.87808223125, 10.7164702981, 10.2184864943),
    ];
    for (rho, g, bs, f) in rows {
        let r = move |a: f64| rho * a;
        let gv = epsilon_continuous(r, 1e-5, &[Formula::BalleG], OrderRange::default()).unwrap().epsilon;
        let fv = epsilon_continuous(r, 1e-5, &[Formula::AsoodehF], OrderRange::default()).unwrap().epsilon;
        let bv = epsilon_zcdp_bs_up(rho, 1e-5).unwrap();
        assert!((gv - g).abs() < 1e-9, "rho={rho} G {gv} vs {g}");
        assert!((fv - f).abs() < 1e-9, "rho={rho} F {fv} vs {f}");
        assert!((bv - bs).abs() < 1e-9, "rho={rho} BS {bv} vs {bs}");
    }
}

#[test]
fn grid_end_is_flagged() {
    // With orders {2, 3} the G optimum for ρ = 0.5, δ = 1e−5 (α* ≈ 5.43) is at the upper end.
    let curve = RdpCurve::zcdp(0.5, &[2.0, 3.0]).unwrap();
    let e = epsilon_for_delta(&curve, 1e-5, &[Formula::BalleG]).unwrap();
    assert!(e.at_grid_end && e.order == 3.0);
    let d = delta_for_epsilon(&curve, 5.0, &[Formula::BalleG]).unwrap();
    assert!(d.at_grid_end);
    // continuous search confined to [1.01, 3] also flags the end
    let c = epsilon_continuous(|a| 0.5 * a, 1e-5, &[Formula::BalleG], OrderRange { min: 1.01, max: 3.0, coarse_points: 50 }).unwrap();
    assert!(c.at_grid_end, "{c:?}");
}

#[test]
fn delta_for_epsilon_gaussian() {
    // δ from the Gaussian RDP curve is above the exact δ_μ(ε) (it is an upper bound), and the
    // continuous search is at least as tight as the default grid.
    let g = Gdp::new(1.0).unwrap();
    let curve = g.to_rdp(&dp_accounting_default_orders()).unwrap();
    for eps in [0.5, 1.0, 2.0, 4.0, 8.0] {
        let exact = g.delta(eps).unwrap();
        let grid = delta_for_epsilon(&curve, eps, &Formula::CLOSED_FORM).unwrap();
        let cont = delta_continuous(|a| 0.5 * a, eps, &Formula::CLOSED_FORM, OrderRange::default()).unwrap();
        assert!(grid.delta >= exact && cont.delta >= exact, "eps={eps}");
        assert!(cont.delta <= grid.delta * (1.0 + 1e-12), "eps={eps}");
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    let f = Formula::BalleG;
    assert!(matches!(f.epsilon_up(1.0, 0.5, 1e-5), Err(Error::InvalidParameter { .. })));
    assert!(f.epsilon_up(f64::NAN, 0.5, 1e-5).is_err());
    assert!(f.epsilon_up(2.0, -0.1, 1e-5).is_err());
    assert!(f.epsilon_up(2.0, f64::NAN, 1e-5).is_err());
    assert!(f.epsilon_up(2.0, 0.5, 0.0).is_err());
    assert!(f.epsilon_up(2.0, 0.5, 1.0).is_err());
    assert!(f.delta_up(2.0, 0.5, -1.0).is_err());
    assert!(f.delta_up(2.0, 0.5, f64::INFINITY).is_err());
    assert!(epsilon_zcdp_bs_up(-1.0, 1e-5).is_err());
    let curve = RdpCurve::zcdp(0.5, &[2.0]).unwrap();
    assert!(epsilon_for_delta(&curve, 1e-5, &[]).is_err());
    assert!(epsilon_continuous(|_| f64::NAN, 1e-5, &[f], OrderRange::default()).is_err());
    assert!(epsilon_continuous(|a| a, 1e-5, &[f], OrderRange { min: 3.0, max: 2.0, coarse_points: 10 }).is_err());
    // infinite RDP value: no bound at that order
    assert_eq!(f.epsilon_up(2.0, f64::INFINITY, 1e-5).unwrap(), f64::INFINITY);
    assert_eq!(f.delta_up(2.0, f64::INFINITY, 1.0).unwrap(), 1.0);
}

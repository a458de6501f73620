//! The shared conformance suite (style guide principle 9): every privacy-loss law and every
//! profile / curve type passes the same checks, driven by proptest with bounded case counts and
//! a fixed seed (failures persist under `proptest-regressions/`).
//!
//! | check | property | source |
//! |---|---|---|
//! | [`check_loss_mass`] | `P(L ≤ t) + P(L > t) = 1`, CDF non-decreasing from 0, `P(L > ∞) = P(L = +∞)`, `E_P[e^{−L}; L < ∞] ≤ 1` | foundations §1.5 items 1, 4 |
//! | [`check_pmf_mass`] | a discretised PLD's masses (with `+∞`) sum to 1 | foundations §1.5 item 7 |
//! | [`check_profile`] | `δ(ε) ∈ [max(0, 1 − e^ε), 1]`, non-increasing in ε | foundations §1.1, §1.5 item 8 |
//! | [`check_rdp`] | `D_α ≥ 0`, non-decreasing in α | Rényi divergence monotone in its order (van Erven–Harremoës 2014, Thm 3) |
//! | [`check_directions`] | `δ_{P‖Q}(ε) = 1 − e^ε + e^ε δ_{Q‖P}(−ε)` | definition in foundations §1.1: `∫(p − γq)_+ = ∫(p − γq) + γ∫(q − p/γ)_+` |
//! | [`check_directional_curve`] | intervals in `[0, 1]`, `lower ≤ upper`, consistent with non-increasing truths (and the identity when exact) | as above |
//!
//! Each check returns `Err(reason)` naming the first violation; `conformance_check_test.rs`
//! plants a bug for each and shows that it is caught.

use crate::mechanisms::mixture_gaussian::MixtureGaussianLoss;
use crate::mechanisms::{Direction, Mechanism, PrivacyLoss};
use crate::num::Interval;
use crate::papers::model_merging::section_5::random_selection_pld::{GaussianCurve, NonPrivateCurve, PldCurve, TableCurve};
use crate::pld::discretise::{buckets_upper, step_range, EvalModel};
use crate::pld::{DiscretePld, PldOptions};
use crate::repr::convert::{gdp_profile, rdp_to_profile};
use crate::repr::{DirectionalCurve, Formula, Gdp, RdpCurve, TabulatedDelta};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Absolute tolerance of f64 closed forms (relative error ~1e−14 on values ≤ 1, §1.5).
pub const TOL: f64 = 1e-10;

/// The ε grid every profile is checked on: −3 … 8 in steps of 0.25.
pub fn eps_grid() -> Vec<f64> {
    (0..=44).map(|i| -3.0 + 0.25 * i as f64).collect()
}

/// Mass of a law (see the module table). `ts` are the probe points.
pub fn check_loss_mass(l: &dyn PrivacyLoss, ts: &[f64]) -> Result<(), String> {
    let inf = l.inf_mass();
    if !(0.0..=1.0).contains(&inf) {
        return Err(format!("{}: P(L = +∞) = {inf} outside [0, 1]", l.describe()));
    }
    let mut prev = 0.0;
    for &t in ts {
        let (c, s) = (l.cdf(t), l.sf(t));
        if !(0.0..=1.0).contains(&c) || !(0.0..=1.0).contains(&s) || (c + s - 1.0).abs() > TOL {
            return Err(format!("{}: cdf({t}) = {c}, sf({t}) = {s}: not a probability split summing to 1", l.describe()));
        }
        if c < prev - TOL {
            return Err(format!("{}: cdf decreases to {c} at t = {t} (was {prev})", l.describe()));
        }
        prev = c;
    }
    let (lo, hi) = (l.cdf(-1e6), l.sf(1e6));
    if lo > TOL || (hi - inf).abs() > TOL {
        return Err(format!("{}: cdf(−1e6) = {lo}, sf(1e6) = {hi} vs P(L = +∞) = {inf}: total mass is not 1", l.describe()));
    }
    let v = l.ln_mgf(-1.0);
    if v.is_finite() && v > TOL {
        return Err(format!("{}: ln E_P[e^(−L)] = {v} > 0 (Q would have mass > 1)", l.describe()));
    }
    Ok(())
}

/// A discretised PLD's finite masses plus its `+∞` mass sum to 1 within `tol`.
pub fn check_pmf_mass(p: &DiscretePld, tol: f64) -> Result<(), String> {
    let total = p.finite_mass() + p.inf_mass;
    if p.masses.iter().any(|&w| !(w >= 0.0)) || (total - 1.0).abs() > tol {
        return Err(format!("PMF mass {total} (negative or NaN atom, or not 1 within {tol})"));
    }
    Ok(())
}

/// A privacy profile on `eps` (increasing): values in `[max(0, 1 − e^ε), 1]`, non-increasing.
pub fn check_profile(name: &str, delta: impl Fn(f64) -> Result<f64, String>, eps: &[f64]) -> Result<(), String> {
    let mut prev = f64::INFINITY;
    for &e in eps {
        let d = delta(e)?;
        if !(d >= (1.0 - e.exp()).max(0.0) - TOL && d <= 1.0 + TOL) {
            return Err(format!("{name}: δ({e}) = {d} outside [max(0, 1 − e^ε), 1]"));
        }
        if d > prev + TOL {
            return Err(format!("{name}: δ increases in ε: δ({e}) = {d} > {prev}"));
        }
        prev = d;
    }
    Ok(())
}

/// RDP values at increasing `orders`: non-negative and non-decreasing in α.
pub fn check_rdp(name: &str, orders: &[f64], values: &[f64]) -> Result<(), String> {
    for (i, (&a, &v)) in orders.iter().zip(values).enumerate() {
        if v.is_nan() || v < -TOL {
            return Err(format!("{name}: D_{a} = {v} < 0"));
        }
        if i > 0 && v < values[i - 1] - TOL * values[i - 1].abs().max(1.0) {
            return Err(format!("{name}: D_α decreases: D_{a} = {v} < D_{} = {}", orders[i - 1], values[i - 1]));
        }
    }
    Ok(())
}

/// The direction identity on `eps`, within `TOL·max(1, e^ε)` (the identity multiplies by e^ε).
pub fn check_directions(name: &str, fwd: impl Fn(f64) -> f64, rev: impl Fn(f64) -> f64, eps: &[f64]) -> Result<(), String> {
    for &e in eps {
        let (f, r) = (fwd(e), rev(-e));
        let want = 1.0 - e.exp() + e.exp() * r;
        if (f - want).abs() > TOL * e.exp().max(1.0) {
            return Err(format!("{name}: δ_PQ({e}) = {f} but 1 − e^ε + e^ε δ_QP(−ε) = {want}"));
        }
    }
    Ok(())
}

fn interval_ok(name: &str, what: &str, e: f64, i: &Interval) -> Result<(), String> {
    if !(i.lower <= i.upper && i.lower >= -TOL && i.upper <= 1.0 + TOL) {
        return Err(format!("{name}: {what}({e}) = [{}, {}] is not an interval inside [0, 1]", i.lower, i.upper));
    }
    Ok(())
}

/// A [`DirectionalCurve`] on `eps` (increasing): intervals valid, each direction's lower end
/// never above an earlier upper end (a non-increasing truth fits), and, when `exact_pair`, the
/// direction identity holds for some values inside the intervals.
pub fn check_directional_curve(c: &dyn DirectionalCurve, eps: &[f64], exact_pair: bool) -> Result<(), String> {
    let name = c.describe();
    let get = |f: &dyn Fn(f64) -> crate::error::Result<Interval>, e: f64| f(e).map_err(|err| format!("{name}: {err}"));
    let mut prev_up = [f64::INFINITY; 2];
    for &e in eps {
        let (f, r) = (get(&|x| c.h_forward(x), e)?, get(&|x| c.h_reverse(x), e)?);
        interval_ok(&name, "h_forward", e, &f)?;
        interval_ok(&name, "h_reverse", e, &r)?;
        for (k, i) in [f, r].iter().enumerate() {
            if i.lower > prev_up[k] + TOL {
                return Err(format!("{name}: {} increases in ε: lower {} at ε = {e} above an earlier upper {}", ["h_forward", "h_reverse"][k], i.lower, prev_up[k]));
            }
            prev_up[k] = prev_up[k].min(i.upper);
        }
        if exact_pair {
            let r = get(&|x| c.h_reverse(x), -e)?;
            let g = e.exp();
            let (lo, hi) = (1.0 - g + g * r.lower, 1.0 - g + g * r.upper);
            let slack = TOL * g.max(1.0);
            if f.upper < lo - slack || f.lower > hi + slack {
                return Err(format!("{name}: h_forward({e}) = [{}, {}] misses 1 − e^ε + e^ε h_reverse(−ε) = [{lo}, {hi}]", f.lower, f.upper));
            }
        }
    }
    Ok(())
}

/// RDP of a law from its moment generating function: `D_α = ln E_P[e^{(α−1)L}]/(α − 1)`
/// (foundations §1.5 item 6); `+∞` where no closed form is implemented.
pub fn rdp_of_loss(l: &dyn PrivacyLoss, orders: &[f64]) -> Vec<f64> {
    orders.iter().map(|&a| l.ln_mgf(a - 1.0) / (a - 1.0)).collect()
}

/// Fixed seed, bounded cases, failures persisted beside the source (`proptest-regressions/`).
pub fn config(cases: u32) -> Config {
    Config { cases, rng_seed: RngSeed::Fixed(0x00d9_a0d1), ..Config::default() }
}

fn probes() -> Vec<f64> {
    (0..=80).map(|i| -10.0 + 0.25 * i as f64).collect()
}

fn all_laws(m: &Mechanism) -> Vec<(Direction, Box<dyn PrivacyLoss>)> {
    m.directions().iter().map(|&d| (d, m.loss(d))).collect()
}

/// A mechanism: name index, noise multiplier, sampling rate.
fn mechanism() -> impl Strategy<Value = Mechanism> {
    (0usize..4, 0.3f64..4.0, 0.001f64..0.5).prop_map(|(k, s, q)| {
        let name = ["gaussian", "laplace", "randomized-response", "poisson-subsampled-gaussian"][k];
        Mechanism::from_name(name, s, None, (k == 3).then_some(q)).expect("parameters drawn inside the valid domain")
    })
}

/// Atoms `(shift, probability)` of a Gaussian mixture: 1–4 finite shifts in [0, 3].
fn mixture_atoms() -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop::collection::vec((0.0f64..3.0, 1u32..8), 1..=4).prop_map(|v| {
        let total: u32 = v.iter().map(|a| a.1).sum();
        v.iter().map(|&(a, w)| (a, w as f64 / total as f64)).collect()
    })
}

fn orders() -> Vec<f64> {
    vec![1.25, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0]
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn every_mechanism_law_conforms(m in mechanism()) {
        let laws = all_laws(&m);
        for (_, l) in &laws {
            check_loss_mass(l.as_ref(), &probes()).map_err(TestCaseError::fail)?;
            check_profile(&l.describe(), |e| Ok(l.delta(e)), &eps_grid()).map_err(TestCaseError::fail)?;
            check_rdp(&l.describe(), &orders(), &rdp_of_loss(l.as_ref(), &orders())).map_err(TestCaseError::fail)?;
        }
        // Symmetric mechanisms have one law for both directions; the subsampled Gaussian two.
        let (fwd, rev) = (&laws[0].1, &laws[laws.len() - 1].1);
        check_directions(m.name(), |e| fwd.delta(e), |e| rev.delta(e), &eps_grid()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mixture_gaussian_laws_conform(atoms in mixture_atoms()) {
        let rem = MixtureGaussianLoss::new(&atoms, Direction::Remove).unwrap();
        let add = MixtureGaussianLoss::new(&atoms, Direction::Add).unwrap();
        for l in [&rem as &dyn PrivacyLoss, &add] {
            check_loss_mass(l, &probes()).map_err(TestCaseError::fail)?;
            check_profile(&l.describe(), |e| Ok(l.delta(e)), &eps_grid()).map_err(TestCaseError::fail)?;
            check_rdp(&l.describe(), &orders(), &rdp_of_loss(l, &orders())).map_err(TestCaseError::fail)?;
        }
        check_directions("mixture", |e| rem.delta(e), |e| add.delta(e), &eps_grid()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn discretised_plds_have_unit_mass(m in mechanism(), h in 1e-3f64..0.05) {
        for (_, l) in all_laws(&m) {
            let r = step_range(l.as_ref(), 1e-12).unwrap();
            let p = buckets_upper(l.as_ref(), h, &r, &EvalModel { rho: 1e-12 }).unwrap();
            // Upper object: masses rounded up, tails beyond the window (≤ τ = 1e−12) folded in.
            check_pmf_mass(&p, 1e-9).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn repr_profiles_and_rdp_curves_conform(mu in 0.05f64..5.0, rho in 0.001f64..3.0) {
        let g = Gdp::new(mu).unwrap();
        let p = gdp_profile(g);
        check_profile("gdp_profile", |e| p.delta(e).map_err(|x| x.to_string()), &eps_grid()).map_err(TestCaseError::fail)?;
        check_directions("gdp_profile", |e| p.remove().delta(e).unwrap(), |e| p.add().delta(e).unwrap(), &eps_grid()).map_err(TestCaseError::fail)?;
        let rdp = g.to_rdp(&orders()).unwrap();
        check_rdp("Gdp::to_rdp", rdp.orders(), rdp.values()).map_err(TestCaseError::fail)?;
        let z = RdpCurve::zcdp(rho, &orders()).unwrap();
        check_rdp("RdpCurve::zcdp", z.orders(), z.values()).map_err(TestCaseError::fail)?;
        let from_rdp = rdp_to_profile(&z, &[Formula::Mironov]).unwrap();
        // An RDP → DP profile is an upper bound, not exact: range and monotonicity only.
        check_profile("rdp_to_profile", |e| from_rdp.delta(e).map_err(|x| x.to_string()), &eps_grid()[12..]).map_err(TestCaseError::fail)?;
        let eps: Vec<f64> = eps_grid().into_iter().filter(|&e| e >= 0.0).collect();
        let tab = TabulatedDelta::new(eps.clone(), eps.iter().map(|&e| g.delta(e).unwrap()).collect()).unwrap();
        check_profile("TabulatedDelta", |e| Ok(tab.delta_up(e)), &eps).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn directional_curves_conform(mu in 0.1f64..4.0) {
        let gc = GaussianCurve::new(mu, 1.0).unwrap();
        check_directional_curve(&gc, &eps_grid(), true).map_err(TestCaseError::fail)?;
        check_directional_curve(&NonPrivateCurve, &eps_grid(), false).map_err(TestCaseError::fail)?;
        let g = Gdp::new(mu).unwrap();
        let eps: Vec<f64> = (0..=16).map(|i| 0.5 * i as f64).collect();
        let tc = TableCurve::new(eps.clone(), eps.iter().map(|&e| g.delta(e).unwrap()).collect()).unwrap();
        // A symmetrised table bounds both directions by one curve: not an exact pair.
        check_directional_curve(&tc, &eps, false).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn certified_pld_curve_conforms() {
    // One certified FFT curve (a few Poisson-subsampled Gaussian steps): intervals, monotone, and
    // the identity within the certified widths.
    let m = Mechanism::from_name("poisson-subsampled-gaussian", 1.0, None, Some(0.05)).unwrap();
    let c = PldCurve::new(&[(m, 4)], &PldOptions::default()).unwrap();
    let eps: Vec<f64> = (0..=12).map(|i| -1.5 + 0.25 * i as f64).collect();
    check_directional_curve(&c, &eps, true).unwrap();
}

#[cfg(test)]
#[path = "conformance_check_test.rs"]
mod conformance_check_test;

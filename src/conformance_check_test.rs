//! Each conformance check can fail: a bug is planted in an otherwise correct input (the exact
//! Gaussian law or profile, foundations §2.1) and the check must name it.

use super::*;
use crate::mechanisms::SimRng;

fn gauss() -> Box<dyn PrivacyLoss> {
    Mechanism::from_name("gaussian", 1.0, None, None).unwrap().loss(Direction::Remove)
}

/// The Gaussian law with one planted bug.
#[derive(Debug)]
struct Planted {
    inner: Box<dyn PrivacyLoss>,
    bug: Bug,
}

#[derive(Debug, Clone, Copy)]
enum Bug {
    /// `sf` 10 % too large: cdf + sf ≠ 1.
    ExtraMass,
    /// `cdf` decreasing near 0 (and `sf` matched so that the split still sums to 1).
    CdfDip,
    /// `ln E[e^{−L}] > 0`: Q would have mass > 1.
    InvalidPair,
}

impl PrivacyLoss for Planted {
    fn describe(&self) -> String {
        format!("planted {:?}", self.bug)
    }
    fn cdf(&self, t: f64) -> f64 {
        let c = self.inner.cdf(t);
        match self.bug {
            Bug::CdfDip if (0.0..1.0).contains(&t) => c * 0.5,
            _ => c,
        }
    }
    fn sf(&self, t: f64) -> f64 {
        match self.bug {
            Bug::ExtraMass => (self.inner.sf(t) * 1.1).min(1.0),
            Bug::CdfDip => 1.0 - self.cdf(t),
            _ => self.inner.sf(t),
        }
    }
    fn support(&self) -> (f64, f64) {
        self.inner.support()
    }
    fn delta(&self, eps: f64) -> f64 {
        self.inner.delta(eps)
    }
    fn ln_mgf(&self, lambda: f64) -> f64 {
        match self.bug {
            Bug::InvalidPair if lambda == -1.0 => 0.1,
            _ => self.inner.ln_mgf(lambda),
        }
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        self.inner.sample(rng)
    }
}

#[test]
fn correct_inputs_pass_every_check() {
    let g = gauss();
    check_loss_mass(g.as_ref(), &probes()).unwrap();
    check_profile("gauss", |e| Ok(g.delta(e)), &eps_grid()).unwrap();
    check_rdp("gauss", &orders(), &rdp_of_loss(g.as_ref(), &orders())).unwrap();
    check_directions("gauss", |e| g.delta(e), |e| g.delta(e), &eps_grid()).unwrap();
}

#[test]
fn mass_check_catches_extra_mass_a_dipping_cdf_and_an_invalid_pair() {
    for bug in [Bug::ExtraMass, Bug::CdfDip, Bug::InvalidPair] {
        let l = Planted { inner: gauss(), bug };
        let e = check_loss_mass(&l, &probes()).expect_err("planted bug not caught");
        assert!(e.contains("planted"), "{e}");
    }
}

#[test]
fn pmf_check_catches_missing_mass_and_negative_atoms() {
    let ok = DiscretePld { h: 0.5, k_lo: 0, masses: vec![0.25, 0.5, 0.25], inf_mass: 0.0 };
    check_pmf_mass(&ok, 1e-12).unwrap();
    assert!(check_pmf_mass(&DiscretePld { masses: vec![0.25, 0.5, 0.2], ..ok.clone() }, 1e-12).is_err());
    assert!(check_pmf_mass(&DiscretePld { masses: vec![0.5, 0.75, -0.25], ..ok }, 1e-12).is_err());
}

#[test]
fn profile_check_catches_an_increasing_profile_and_values_out_of_range() {
    let g = gauss();
    // Increasing on ε > 2: the planted bug of the brief.
    let bumped = |e: f64| Ok(if e > 2.0 { g.delta(e) + 0.01 * (e - 2.0) } else { g.delta(e) });
    assert!(check_profile("bumped", bumped, &eps_grid()).unwrap_err().contains("increases"));
    assert!(check_profile("above 1", |e| Ok(g.delta(e) + 0.5), &eps_grid()).unwrap_err().contains("outside"));
    // Below the floor 1 − e^ε for ε < 0 (a δ that is not a hockey-stick divergence).
    assert!(check_profile("zero", |_| Ok(0.0), &eps_grid()).unwrap_err().contains("outside"));
}

#[test]
fn rdp_check_catches_a_decreasing_curve_and_negative_values() {
    let o = orders();
    let mut v: Vec<f64> = o.iter().map(|a| 0.5 * a).collect();
    check_rdp("zcdp", &o, &v).unwrap();
    v[4] = v[3] - 0.1;
    assert!(check_rdp("dip", &o, &v).unwrap_err().contains("decreases"));
    assert!(check_rdp("negative", &o, &[-0.1]).is_err());
}

#[test]
fn direction_check_catches_mismatched_directions() {
    // Gaussian forward with a Laplace reverse: not one pair.
    let (g, l) = (gauss(), Mechanism::from_name("laplace", 1.0, None, None).unwrap().loss(Direction::Remove));
    assert!(check_directions("mixed", |e| g.delta(e), |e| l.delta(e), &eps_grid()).is_err());
    // The subsampled Gaussian's two directions swapped in the identity's roles still pass (the
    // identity is symmetric in the pair), but one direction paired with itself does not.
    let s = Mechanism::from_name("poisson-subsampled-gaussian", 1.0, None, Some(0.2)).unwrap();
    let (rem, add) = (s.loss(Direction::Remove), s.loss(Direction::Add));
    check_directions("sgm", |e| rem.delta(e), |e| add.delta(e), &eps_grid()).unwrap();
    assert!(check_directions("sgm self", |e| rem.delta(e), |e| rem.delta(e), &eps_grid()).is_err());
}

/// A curve with one planted bug.
#[derive(Debug)]
struct BadCurve(u8);

impl DirectionalCurve for BadCurve {
    fn describe(&self) -> String {
        format!("bad curve {}", self.0)
    }
    fn h_forward(&self, eps: f64) -> crate::error::Result<Interval> {
        let v = Gdp::new(1.0)?.delta(eps)?;
        Ok(match self.0 {
            0 => Interval { lower: v + 0.1, upper: v },                 // lower > upper
            1 => Interval { lower: v + 0.02 * eps.max(0.0), upper: v + 0.02 * eps.max(0.0) }, // increasing
            _ => Interval { lower: v, upper: v },
        })
    }
    fn h_reverse(&self, eps: f64) -> crate::error::Result<Interval> {
        // Curve 2: reverse direction of a different pair (μ = 2).
        let mu = if self.0 == 2 { 2.0 } else { 1.0 };
        let v = Gdp::new(mu)?.delta(eps)?;
        Ok(Interval { lower: v, upper: v })
    }
}

#[test]
fn directional_check_catches_bad_intervals_increase_and_identity() {
    check_directional_curve(&GaussianCurve::new(1.0, 1.0).unwrap(), &eps_grid(), true).unwrap();
    assert!(check_directional_curve(&BadCurve(0), &eps_grid(), false).unwrap_err().contains("not an interval"));
    assert!(check_directional_curve(&BadCurve(1), &eps_grid(), false).unwrap_err().contains("increases"));
    assert!(check_directional_curve(&BadCurve(2), &eps_grid(), true).unwrap_err().contains("misses"));
    check_directional_curve(&BadCurve(2), &eps_grid(), false).unwrap();
}

//! Privacy profiles `δ(ε)` with the two adjacency directions kept separately (foundations spec
//! §1.2, §1.3 item 2): under add/remove the "remove" and "add" pairs are composed separately and
//! only the final profiles are maximised, `δ(ε) = max(δ_remove(ε), δ_add(ε))`.
//!
//! Each direction is a [`DeltaCurve`]: a closure (exact closed form or an upper bound) or a table
//! of upper bounds. Everything here treats the curves as **upper bounds** on the true hockey-stick
//! divergence, and every derived quantity (interpolated δ, inverse ε) is rounded towards more
//! privacy loss.

use crate::error::{check, Error, Result};
use crate::num::root::{expand_upper, root_of_bracket, Bracket, Midpoint, Monotone, Stop};
use crate::num::Interval;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

type CurveFn = Arc<dyn Fn(f64) -> f64 + Send + Sync>;

/// One direction's `δ(ε)` (an upper bound on `H_{e^ε}(P‖Q)` for all finite ε).
#[derive(Clone)]
pub enum DeltaCurve {
    /// `ε ↦ δ(ε)`.
    Delta(CurveFn),
    /// `ε ↦ ln δ(ε)` (preferred when δ can be below 1e−300).
    LnDelta(CurveFn),
    /// Tabulated upper bounds, see [`TabulatedDelta`].
    Table(TabulatedDelta),
}

impl fmt::Debug for DeltaCurve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeltaCurve::Delta(_) => write!(f, "DeltaCurve::Delta(<fn>)"),
            DeltaCurve::LnDelta(_) => write!(f, "DeltaCurve::LnDelta(<fn>)"),
            DeltaCurve::Table(t) => write!(f, "DeltaCurve::Table({} points)", t.eps.len()),
        }
    }
}

impl DeltaCurve {
    /// A curve given by `δ(ε)`.
    pub fn from_fn<F: Fn(f64) -> f64 + Send + Sync + 'static>(f: F) -> DeltaCurve {
        DeltaCurve::Delta(Arc::new(f))
    }
    /// A curve given by `ln δ(ε)`.
    pub fn from_ln_fn<F: Fn(f64) -> f64 + Send + Sync + 'static>(f: F) -> DeltaCurve {
        DeltaCurve::LnDelta(Arc::new(f))
    }
    /// A tabulated curve; see [`TabulatedDelta::new`].
    pub fn table(eps: Vec<f64>, delta: Vec<f64>) -> Result<DeltaCurve> {
        Ok(DeltaCurve::Table(TabulatedDelta::new(eps, delta)?))
    }

    /// `ln δ(ε)`, ≤ 0. Errors: ε not finite; the curve returned NaN or a negative δ
    /// ([`Error::Numerical`]). A value above 1 is capped at 1 (δ ≤ 1 always holds).
    pub fn ln_delta(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        let l = match self {
            DeltaCurve::Delta(f) => {
                let d = f(eps);
                if d.is_nan() || d < 0.0 {
                    return Err(Error::Numerical(format!("privacy profile returned delta = {d} at eps = {eps}")));
                }
                d.ln()
            }
            DeltaCurve::LnDelta(f) => {
                let l = f(eps);
                if l.is_nan() {
                    return Err(Error::Numerical(format!("privacy profile returned ln delta = NaN at eps = {eps}")));
                }
                l
            }
            DeltaCurve::Table(t) => t.delta_up(eps).ln(),
        };
        Ok(l.min(0.0))
    }
    /// `δ(ε) ∈ [0, 1]`. Errors as [`DeltaCurve::ln_delta`].
    pub fn delta(&self, eps: f64) -> Result<f64> {
        Ok(match self {
            DeltaCurve::Delta(_) | DeltaCurve::LnDelta(_) => self.ln_delta(eps)?.exp(),
            DeltaCurve::Table(t) => {
                check::finite("epsilon", eps)?;
                t.delta_up(eps)
            }
        })
    }
}

/// Upper bounds `δ̂_i ≥ δ(ε_i)` on a grid `ε_1 < … < ε_m`, extended to all ε by rules that stay
/// upper bounds for any true profile (foundations §1.1, §1.5 item 8):
///
/// * between grid points: linear interpolation in `γ = e^ε` (the true `γ ↦ H_γ` is convex, so it
///   lies below the chord of its values, which lies below the chord of the δ̂; foundations §1.7,
///   "round trip");
/// * `ε > ε_m`: `δ̂_m` (δ is non-increasing);
/// * `ε < ε_1`: `min(1, δ̂_1 + e^{ε_1} − e^ε)` (since `H_γ ≤ H_{γ'} + (γ' − γ)` for `γ < γ'`).
///
/// On construction the values are tightened to their running minimum from the left (a bound at
/// a smaller ε bounds every larger ε).
#[derive(Clone, Debug, PartialEq)]
pub struct TabulatedDelta {
    eps: Vec<f64>,
    delta: Vec<f64>,
}

impl TabulatedDelta {
    /// Errors: lengths differ or empty; ε not finite, > 700 (so that `e^ε` is finite) or not
    /// strictly increasing; δ NaN or outside [0, 1].
    pub fn new(eps: Vec<f64>, mut delta: Vec<f64>) -> Result<TabulatedDelta> {
        if eps.is_empty() || eps.len() != delta.len() {
            return Err(Error::invalid("profile table", format!("{} eps, {} delta", eps.len(), delta.len()), "need equal, non-zero lengths"));
        }
        for (i, &e) in eps.iter().enumerate() {
            if !(e.is_finite() && e <= 700.0) {
                return Err(Error::invalid("profile table epsilon", e, "must be finite and ≤ 700"));
            }
            if i > 0 && e <= eps[i - 1] {
                return Err(Error::invalid("profile table epsilon", e, "grid must be strictly increasing"));
            }
        }
        for &d in &delta {
            check::unit_closed("profile table delta", d)?;
        }
        for i in 1..delta.len() {
            delta[i] = delta[i].min(delta[i - 1]);
        }
        Ok(TabulatedDelta { eps, delta })
    }
    pub fn eps(&self) -> &[f64] {
        &self.eps
    }
    pub fn deltas(&self) -> &[f64] {
        &self.delta
    }

    /// The upper bound at any finite ε (rules in the type doc), rounded up.
    pub fn delta_up(&self, eps: f64) -> f64 {
        let m = self.eps.len();
        if eps >= self.eps[m - 1] {
            return self.delta[m - 1];
        }
        if eps < self.eps[0] {
            // Direction: e^{ε_1} rounded up, e^ε rounded down (both within 1 ulp of libm).
            let g1 = self.eps[0].exp().next_up();
            let g = eps.exp().next_down();
            return (self.delta[0] + (g1 - g)).next_up().min(1.0);
        }
        let i = self.eps.partition_point(|&e| e <= eps) - 1; // ε_i ≤ ε < ε_{i+1}
        let (d0, d1) = (self.delta[i], self.delta[i + 1]);
        if d0 == d1 {
            return d0;
        }
        // weight of the left point: (γ_{i+1} − γ)/(γ_{i+1} − γ_i) = −expm1(ε − ε_{i+1})/−expm1(ε_i − ε_{i+1})
        let w = (eps - self.eps[i + 1]).exp_m1() / (self.eps[i] - self.eps[i + 1]).exp_m1();
        let v = d1 + (d0 - d1) * w;
        // Direction: up by a relative 8u on the weight (expm1 and division errors), clamped to
        // [δ_{i+1}, δ_i], which is always valid because δ is non-increasing.
        (v + (d0 - d1) * 8.0 * f64::EPSILON).next_up().min(d0).max(d1)
    }
}

/// A privacy profile with the two adjacency directions kept apart (foundations §1.3 item 2).
/// For symmetric mechanisms (Gaussian, Laplace, randomized response) there is one curve.
#[derive(Clone, Debug)]
pub struct PrivacyProfile {
    remove: DeltaCurve,
    add: Option<DeltaCurve>,
}

impl PrivacyProfile {
    /// Two directions: `remove = H(M(D ∪ {x}) ‖ M(D))`, `add = H(M(D) ‖ M(D ∪ {x}))`.
    pub fn new(remove: DeltaCurve, add: DeltaCurve) -> PrivacyProfile {
        PrivacyProfile { remove, add: Some(add) }
    }
    /// A symmetric profile (both directions equal).
    pub fn symmetric(curve: DeltaCurve) -> PrivacyProfile {
        PrivacyProfile { remove: curve, add: None }
    }
    pub fn is_symmetric(&self) -> bool {
        self.add.is_none()
    }
    pub fn remove(&self) -> &DeltaCurve {
        &self.remove
    }
    /// The add-direction curve (the remove curve for a symmetric profile).
    pub fn add(&self) -> &DeltaCurve {
        self.add.as_ref().unwrap_or(&self.remove)
    }

    /// `(δ_remove(ε), δ_add(ε))`. Errors as [`DeltaCurve::delta`].
    pub fn delta_by_direction(&self, eps: f64) -> Result<(f64, f64)> {
        let r = self.remove.delta(eps)?;
        let a = match &self.add {
            Some(c) => c.delta(eps)?,
            None => r,
        };
        Ok((r, a))
    }
    /// `δ(ε) = max(δ_remove(ε), δ_add(ε))` (foundations §1.3 item 2).
    pub fn delta(&self, eps: f64) -> Result<f64> {
        let (r, a) = self.delta_by_direction(eps)?;
        Ok(r.max(a))
    }
    /// `ln δ(ε)` = max of the two directions' `ln δ`.
    pub fn ln_delta(&self, eps: f64) -> Result<f64> {
        let r = self.remove.ln_delta(eps)?;
        Ok(match &self.add {
            Some(c) => r.max(c.ln_delta(eps)?),
            None => r,
        })
    }

    /// `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}` (foundations §1.2) by bisection on `ln δ(ε)`, as the final
    /// bracket `[lower, upper]`; `upper` satisfies `δ(upper) ≤ δ` and is the value to report as
    /// an upper bound (rounded toward the larger ε). `[0, 0]` if `δ(0) ≤ δ`; `upper = +∞` if no
    /// ε ≤ 10⁴ reaches δ (e.g. `δ < δ(+∞)`, an atom at +∞).
    ///
    /// Errors: δ ∉ (0, 1); errors of the curves.
    pub fn epsilon_for_delta(&self, delta: f64) -> Result<Interval> {
        check::unit_open("delta", delta)?;
        let target = delta.ln();
        let err: RefCell<Option<Error>> = RefCell::new(None);
        let g = |e: f64| match self.ln_delta(e) {
            Ok(v) => v,
            Err(x) => {
                err.borrow_mut().get_or_insert(x);
                f64::NEG_INFINITY
            }
        };
        let g0 = g(0.0);
        if let Some(e) = err.borrow_mut().take() {
            return Err(e);
        }
        if g0 <= target {
            return Ok(Interval::point(0.0));
        }
        let hi = expand_upper(g, 0.0, 1.0, target, 1e4);
        if let Some(e) = err.borrow_mut().take() {
            return Err(e);
        }
        // Bracket: ln δ(0) > ln δ just checked, ln δ(hi) ≤ ln δ found by `expand_upper`.
        let stop = Stop::width(1e-15, 1e-14, 2000).with_midpoint(Midpoint::FromLo);
        let bracket = match hi {
            Some(hi) => Some(root_of_bracket(|e: &f64| self.ln_delta(*e), &target, Monotone::Decreasing, Bracket::established(0.0, hi), &stop)?),
            None => None,
        };
        match bracket {
            // Direction: report the upper end, where δ(upper) ≤ δ was verified.
            Some(b) => Ok(Interval { lower: b.lo, upper: b.hi }),
            None => Ok(Interval { lower: 0.0, upper: f64::INFINITY }),
        }
    }

    /// Tabulate both directions on `eps` (ascending), giving a profile of [`TabulatedDelta`]s.
    /// Errors: as [`TabulatedDelta::new`] and the curves' errors.
    pub fn tabulate(&self, eps: &[f64]) -> Result<PrivacyProfile> {
        let tab = |c: &DeltaCurve| -> Result<DeltaCurve> {
            let d = eps.iter().map(|&e| c.delta(e)).collect::<Result<Vec<_>>>()?;
            DeltaCurve::table(eps.to_vec(), d)
        };
        Ok(PrivacyProfile { remove: tab(&self.remove)?, add: self.add.as_ref().map(tab).transpose()? })
    }
}

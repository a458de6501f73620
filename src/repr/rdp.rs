//! Rényi-DP curves: upper bounds `r(α) ≥ D_α` on a finite set of orders `α > 1`.
//!
//! Definitions: Mironov 2017 ("Rényi differential privacy", CSF, arXiv:1702.07476); foundations
//! spec §1.4. An [`RdpCurve`] is a *bound*: every value is an upper bound on the Rényi divergence
//! of the mechanism at that order, in the worse adjacency direction (use [`RdpCurve::max`] to
//! combine the two directions, foundations §1.3 item 4). Arithmetic on curves rounds upward
//! (towards more privacy loss), so that a composed curve remains an upper bound.

use crate::error::{check, Error, Result};
use crate::num::round::{add_up, mul_up};
use serde::{Deserialize, Serialize};

/// Upper bounds `r(α_i)` on the Rényi divergence at orders `α_1 < α_2 < … < α_n`.
///
/// Invariants (checked by [`RdpCurve::new`]): at least one order; every order finite and `> 1`;
/// orders strictly increasing; every value `≥ 0` and not NaN. A value `+∞` is allowed and means
/// "no finite bound at this order" (conversions then skip that order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RdpCurve {
    orders: Vec<f64>,
    values: Vec<f64>,
}

impl RdpCurve {
    /// Validate and build a curve from matching `orders` and `values`.
    ///
    /// Errors: [`Error::InvalidParameter`] naming the first bad order or value (length mismatch,
    /// empty curve, order ≤ 1 / not finite / not strictly increasing, value < 0 or NaN).
    pub fn new(orders: Vec<f64>, values: Vec<f64>) -> Result<RdpCurve> {
        if orders.is_empty() {
            return Err(Error::invalid("RDP orders", "[]", "at least one order is required"));
        }
        if orders.len() != values.len() {
            return Err(Error::invalid("RDP values", values.len(), &format!("expected one value per order ({} orders)", orders.len())));
        }
        for (i, &a) in orders.iter().enumerate() {
            check_order(a)?;
            if i > 0 && a <= orders[i - 1] {
                return Err(Error::invalid("RDP order", a, &format!("orders must be strictly increasing (previous order {})", orders[i - 1])));
            }
        }
        for (&a, &v) in orders.iter().zip(&values) {
            if v.is_nan() || v < 0.0 {
                return Err(Error::invalid(&format!("RDP value at order {a}"), v, "must be ≥ 0 (or +inf)"));
            }
        }
        Ok(RdpCurve { orders, values })
    }

    /// Tabulate `f(α)` on `orders` (e.g. an exact RDP closed form). Same validation as
    /// [`RdpCurve::new`]; a NaN or negative `f(α)` is reported as an error naming the order.
    pub fn from_fn<F: FnMut(f64) -> f64>(orders: &[f64], mut f: F) -> Result<RdpCurve> {
        let values = orders.iter().map(|&a| f(a)).collect();
        RdpCurve::new(orders.to_vec(), values)
    }

    /// The ρ-zCDP curve `r(α) = ρα` (Bun, Steinke 2016, Definition 1.1) on `orders`. Each value
    /// is rounded up (`mul_up`), so the tabulated curve is an upper bound on `ρα`.
    pub fn zcdp(rho: f64, orders: &[f64]) -> Result<RdpCurve> {
        if !(rho.is_finite() && rho >= 0.0) {
            return Err(Error::invalid("zCDP rho", rho, "must be a finite number ≥ 0"));
        }
        // Direction: up, the curve is an upper bound on D_α.
        RdpCurve::from_fn(orders, |a| mul_up(rho, a))
    }

    /// The orders `α_i`.
    pub fn orders(&self) -> &[f64] {
        &self.orders
    }
    /// The bounds `r(α_i)`.
    pub fn values(&self) -> &[f64] {
        &self.values
    }
    /// Number of orders (≥ 1).
    pub fn len(&self) -> usize {
        self.orders.len()
    }
    /// Always false: a curve has at least one order.
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }
    /// `(α_i, r(α_i))` pairs in increasing order of α.
    pub fn iter(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.orders.iter().copied().zip(self.values.iter().copied())
    }
    /// The bound at exactly the order `alpha`, if that order is on the grid.
    pub fn value_at(&self, alpha: f64) -> Option<f64> {
        self.orders.iter().position(|&a| a == alpha).map(|i| self.values[i])
    }

    /// Composition of two mechanisms: `r(α) = r_1(α) + r_2(α)` order by order (Mironov 2017,
    /// Proposition 1). Both curves must have the same orders. Sums are rounded up.
    pub fn compose(&self, other: &RdpCurve) -> Result<RdpCurve> {
        self.same_orders(other)?;
        // Direction: up (an upper bound on the composed divergence).
        let values = self.values.iter().zip(&other.values).map(|(&a, &b)| add_up(a, b)).collect();
        Ok(RdpCurve { orders: self.orders.clone(), values })
    }

    /// Composition of several curves on the same orders (Mironov 2017, Proposition 1).
    /// Errors if `curves` is empty or the orders differ.
    pub fn compose_all(curves: &[RdpCurve]) -> Result<RdpCurve> {
        let (first, rest) = curves.split_first().ok_or_else(|| Error::invalid("RDP curves", "[]", "nothing to compose"))?;
        rest.iter().try_fold(first.clone(), |acc, c| acc.compose(c))
    }

    /// `t`-fold self-composition: `r(α) = t·r_1(α)` (Mironov 2017, Proposition 1), rounded up.
    /// Errors if `t = 0`.
    pub fn self_compose(&self, t: u64) -> Result<RdpCurve> {
        let t = check::at_least_one("number of steps T", t)? as f64;
        // Direction: up. (t ≤ 2^53 is exact in f64; larger t is rounded to nearest, then the
        // product is moved one ulp up, which covers that rounding as well.)
        let values = self.values.iter().map(|&v| mul_up(v, t)).collect();
        Ok(RdpCurve { orders: self.orders.clone(), values })
    }

    /// Order-by-order maximum of two curves, e.g. the "remove" and "add" directions of an
    /// add/remove adjacency (foundations §1.3 item 4). Both curves must have the same orders.
    pub fn max(&self, other: &RdpCurve) -> Result<RdpCurve> {
        self.same_orders(other)?;
        let values = self.values.iter().zip(&other.values).map(|(&a, &b)| a.max(b)).collect();
        Ok(RdpCurve { orders: self.orders.clone(), values })
    }

    /// Whether the bounds are non-decreasing in α, as the true `D_α` is (foundations §1.4).
    /// A valid upper bound need not be monotone; see [`RdpCurve::monotone_tightening`].
    pub fn is_non_decreasing(&self) -> bool {
        self.values.windows(2).all(|w| w[0] <= w[1])
    }

    /// The tightened bound `r'(α_i) = min_{j ≥ i} r(α_j)`. Valid because `α ↦ D_α` is
    /// non-decreasing (van Erven, Harremoës 2014, "Rényi divergence and Kullback–Leibler
    /// divergence", Theorem 3; foundations §1.4): a bound at a larger order
    /// also bounds every smaller order. The result is non-decreasing and `≤ self`.
    pub fn monotone_tightening(&self) -> RdpCurve {
        let mut values = self.values.clone();
        for i in (0..values.len().saturating_sub(1)).rev() {
            values[i] = values[i].min(values[i + 1]);
        }
        RdpCurve { orders: self.orders.clone(), values }
    }

    fn same_orders(&self, other: &RdpCurve) -> Result<()> {
        if self.orders != other.orders {
            return Err(Error::invalid(
                "RDP orders",
                format!("{} vs {} orders", self.orders.len(), other.orders.len()),
                "curves must be tabulated on identical orders to be combined",
            ));
        }
        Ok(())
    }
}

/// Check one Rényi order: finite and `> 1`.
pub fn check_order(alpha: f64) -> Result<f64> {
    if alpha.is_finite() && alpha > 1.0 {
        Ok(alpha)
    } else {
        Err(Error::invalid("RDP order alpha", alpha, "must be a finite number > 1"))
    }
}

/// dp_accounting 0.6.0 `RdpAccountant` default orders (`rdp_privacy_accountant.py`,
/// `DEFAULT_RDP_ORDERS = [1 + x/10 for x in range(1, 100)] + list(range(11, 64)) +
/// [128, 256, 512, 1024]`; foundations §3 "Default grids"). 156 orders; the fractional ones are
/// computed with the same f64 operations as Python (`1 + x/10.0`), so they are bit-identical.
pub fn dp_accounting_default_orders() -> Vec<f64> {
    let mut v: Vec<f64> = (1..100).map(|x| 1.0 + x as f64 / 10.0).collect();
    v.extend((11..64).map(|x| x as f64));
    v.extend([128.0, 256.0, 512.0, 1024.0]);
    v
}

/// Opacus `RDPAccountant.DEFAULT_ALPHAS = [1 + x/10 for x in range(1, 100)] + list(range(12, 64))`
/// (foundations §3 "Default grids"; also used by prv_accountant's `RDP` helper). 151 orders.
pub fn opacus_default_orders() -> Vec<f64> {
    let mut v: Vec<f64> = (1..100).map(|x| 1.0 + x as f64 / 10.0).collect();
    v.extend((12..64).map(|x| x as f64));
    v
}

/// `n ≥ 2` orders equally spaced on `[lo, hi]` (numpy `linspace`: `lo + i·(hi − lo)/(n − 1)`),
/// e.g. the 20 000-order grid of foundations §8.1 R3. Errors unless `1 < lo < hi < ∞`, `n ≥ 2`.
pub fn linspace_orders(lo: f64, hi: f64, n: usize) -> Result<Vec<f64>> {
    check_range(lo, hi, n)?;
    let step = (hi - lo) / (n - 1) as f64;
    let mut v: Vec<f64> = (0..n).map(|i| lo + i as f64 * step).collect();
    v[n - 1] = hi;
    Ok(v)
}

/// `n ≥ 2` orders log-spaced on `[lo, hi]` (geometric progression). Errors unless
/// `1 < lo < hi < ∞` and `n ≥ 2`.
pub fn log_spaced_orders(lo: f64, hi: f64, n: usize) -> Result<Vec<f64>> {
    check_range(lo, hi, n)?;
    let (a, b) = (lo.ln(), hi.ln());
    let mut v: Vec<f64> = (0..n).map(|i| (a + (b - a) * i as f64 / (n - 1) as f64).exp()).collect();
    v[0] = lo;
    v[n - 1] = hi;
    // exp may produce equal neighbours for extremely dense grids: reject rather than emit a
    // non-increasing grid.
    if v.windows(2).any(|w| w[0] >= w[1]) {
        return Err(Error::invalid("number of orders", n, "grid too dense for f64 on this range"));
    }
    Ok(v)
}

fn check_range(lo: f64, hi: f64, n: usize) -> Result<()> {
    check_order(lo)?;
    check_order(hi)?;
    if lo >= hi {
        return Err(Error::invalid("RDP order range", format!("[{lo}, {hi}]"), "need lo < hi"));
    }
    if n < 2 {
        return Err(Error::invalid("number of orders", n, "need at least 2"));
    }
    Ok(())
}

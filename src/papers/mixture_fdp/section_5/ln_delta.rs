//! Upper bounds on the Gaussian profile's `δ_{G_μ}(ε)` everywhere, in log space (mixtures spec
//! §5.2, §8 items 9, 10): what Theorem 5.1's δ and its fixed-start baseline need for δ far below
//! the f64 range (`init-gd --epsilon 1e5`, `--delta 1e-300`) and beyond libm's range
//! (`--epsilon 1e300`). The expectation over the initialisation is in `ln_expect.rs`.

use crate::num::special::ln_ndtr;
use crate::repr::Gdp;

/// An upper bound on `ln δ_{G_μ}(ε)` for every `μ ≥ 0`, finite ε ≥ 0, never NaN: `Gdp::ln_delta`
/// where it is finite; where it underflows to `−∞` (huge `ε/μ`), `ln Φ(−(ε/μ − μ/2))` (δ ≤ Φ(−a));
/// where that is beyond f64 too, `−½a²` evaluated as `−f64::MAX/2` (a > 1.3e154). `−∞` for μ = 0.
pub fn ln_delta_gdp_upper(mu: f64, eps: f64) -> f64 {
    let m = mu.abs();
    if m == 0.0 {
        return f64::NEG_INFINITY;
    }
    if let Ok(v) = Gdp::new(m).and_then(|g| g.ln_delta(eps)) {
        if v > f64::NEG_INFINITY {
            return v;
        }
    }
    let a = eps / m - 0.5 * m;
    let v = ln_ndtr(-a);
    if v.is_finite() { v } else { -f64::MAX / 2.0 }
}

/// `δ_{G_μ}(ε)` of a fixed-start baseline as `(value rounded up, certified interval, upper end of
/// ln δ)`: the MPFR enclosure of `repr::gdp` at `prec` bits when it succeeds, otherwise (ε/μ
/// beyond its range, e.g. ε = 1e300 or μ = 1e−300) the f64 upper bound [`ln_delta_gdp_upper`]
/// with no interval.
pub fn gdp_delta_upper(g: &Gdp, eps: f64, prec: u32) -> (f64, Option<crate::num::Interval>, f64) {
    match (g.delta_bounds(eps, prec), g.ln_delta_bounds(eps, prec)) {
        (Ok(iv), Ok(ln)) => (iv.upper, Some(iv), ln.upper),
        _ => {
            let l = ln_delta_gdp_upper(g.mu(), eps);
            (delta_upper_from_ln(l), None, l)
        }
    }
}

/// An upper bound `ln δ` as an f64 δ rounded up: `exp` (4u up, one ulp), at least the smallest
/// subnormal (an upper bound below the f64 range is never reported as 0), at most 1; 0 for `−∞`.
pub fn delta_upper_from_ln(l: f64) -> f64 {
    if l == f64::NEG_INFINITY { 0.0 } else { (l.exp() * (1.0 + 4.0 * f64::EPSILON)).next_up().max(f64::from_bits(1)).min(1.0) }
}

//! Gaussian differential privacy (Dong, Roth, Su 2022, JRSS-B, arXiv:1905.02383): μ-GDP means
//! `G_μ = T(N(0,1), N(μ,1))`-DP. Foundations spec §1.6, §1.7, §2.1; shifted_interpolation §2.
//!
//! The closed forms are written once, generic over [`Real`], so they evaluate in f64 and in MPFR
//! ([`crate::num::Mp`]) at any precision. The profile is evaluated in the log form of
//! foundations §2.1, which does not underflow (δ down to 1e−300 in f64 and far below in MPFR).

use super::rdp::RdpCurve;
use crate::error::{check, Error, Result};
use crate::num::root::{root_bracket, Bracket, Combine, Midpoint, RootError, Stop};
use crate::num::round::{mul_up, widen_up as up_ulps};
use crate::num::special::erfcx;
use crate::num::mp::ln_mills_sum;
use crate::num::{Interval, Mp, Real};
use serde::{Deserialize, Serialize};

/// A μ-GDP guarantee, `μ` finite and `≥ 0` (`μ = 0` is perfect privacy, `G_0 = Id`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gdp {
    mu: f64,
}

impl Gdp {
    /// Validate `μ`: finite and ≥ 0. Errors: [`Error::InvalidParameter`] naming μ.
    pub fn new(mu: f64) -> Result<Gdp> {
        if mu.is_finite() && mu >= 0.0 {
            Ok(Gdp { mu })
        } else {
            Err(Error::invalid("GDP mu", mu, "must be a finite number ≥ 0"))
        }
    }
    /// The Gaussian mechanism with noise multiplier σ (noise std / ℓ2 sensitivity) is μ-GDP
    /// with `μ = 1/σ` (DRS Theorem 2.7). Errors unless σ is finite and > 0.
    pub fn from_noise_multiplier(sigma: f64) -> Result<Gdp> {
        let s = check::positive("noise multiplier", sigma)?;
        Gdp::new(1.0 / s)
    }
    pub fn mu(&self) -> f64 {
        self.mu
    }

    /// Exact profile `δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)` (DRS Corollary 2.13; Balle,
    /// Wang 2018 Theorem 8), for every finite ε (negative ε allowed), evaluated in f64 by
    /// [`Gdp::ln_delta`] (relative error ≈ 1e−13 and below at usual parameters; not certified). Use
    /// [`Gdp::delta_bounds`] (MPFR) for a certified enclosure.
    /// Errors: ε not finite; [`Error::Numerical`] if the evaluation fails.
    pub fn delta(&self, eps: f64) -> Result<f64> {
        Ok(self.ln_delta(eps)?.exp())
    }
    /// `ln δ_μ(ε)` in f64 (−∞ when δ = 0, i.e. μ = 0 and ε ≥ 0). Errors as [`Gdp::delta`].
    ///
    /// In the tail (`a = ε/μ − μ/2 ≥ 2`) f64 uses the scaled form recommended by mixtures_fdp
    /// §8 item 9: since `e^ε φ(b) = φ(a)`, `δ = ½ e^{−a²/2} [erfcx(a/√2) − erfcx(b/√2)]`, which
    /// avoids the `|ln Φ(−a)|·u/(μ/b)` cancellation of the log form (≈ 2e−13 instead of 2.4e−11
    /// absolute in ln δ at μ = 0.2, ε = 8). Elsewhere, and in [`ln_delta`] (generic), the log form.
    pub fn ln_delta(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        let a = eps / self.mu - 0.5 * self.mu;
        // Far in the tail (a² beyond tail_d's threshold) and for a narrow [a, b] (narrow_diff's
        // condition, μ(1 + a) ≤ ½) the generic form's branches are exact where the erfcx
        // difference cancels to 0 (μ = 1e−100 at ε = 1e−30 and 1e−99: ln δ = −∞ before).
        let v = if self.mu > 0.0 && a >= 2.0 && a * a < 4.0 * 63.0 * std::f64::consts::LN_2 && self.mu * (1.0 + a) > 0.5 {
            let b = eps / self.mu + 0.5 * self.mu;
            let s = std::f64::consts::FRAC_1_SQRT_2;
            let diff = erfcx(a * s) - erfcx(b * s);
            -0.5 * a * a - std::f64::consts::LN_2 + diff.ln()
        } else {
            ln_delta(&self.mu, &eps)
        };
        if v.is_nan() || v > 0.0 {
            return Err(Error::Numerical(format!("GDP ln delta evaluated to {v} at mu={}, eps={eps}", self.mu)));
        }
        Ok(v)
    }

    /// `ε_μ(δ) = inf{ε ≥ 0 : δ_μ(ε) ≤ δ}` as a bracket `[lower, upper]` from bisection on
    /// `ln δ` in f64 (foundations §2.1); `upper` is the value to report as an upper bound.
    /// Errors: δ ∉ (0, 1).
    pub fn epsilon_for_delta(&self, delta: f64) -> Result<Interval> {
        check::unit_open("delta", delta)?;
        let (lo, hi) = epsilon_bracket(&self.mu, &delta.ln());
        Interval::new(lo, hi).ok_or_else(|| Error::Numerical(format!("GDP epsilon bracket [{lo}, {hi}] for mu={}, delta={delta}", self.mu)))
    }

    /// Certified f64 enclosure of `δ_μ(ε)`: [`ln_delta_with_error`] in MPFR at `prec` bits
    /// (≥ 64), exponentiated and rounded outward to f64. An upper end below the smallest
    /// subnormal is reported as that subnormal (never flushed to 0). Errors: ε not finite;
    /// prec ∉ [64, 10⁶]; [`Error::Numerical`] on a NaN.
    pub fn delta_bounds(&self, eps: f64, prec: u32) -> Result<Interval> {
        let l = self.ln_delta_bounds(eps, prec)?;
        let lo = Mp::new(prec, l.lower).exp().to_f64_down();
        let hi = Mp::new(prec, l.upper).exp().to_f64_up().max(f64::from_bits(1));
        Ok(Interval { lower: lo, upper: hi.min(1.0) })
    }
    /// Certified f64 enclosure of `ln δ_μ(ε)` (see [`Gdp::delta_bounds`]); `[−∞, −∞]` when δ = 0.
    pub fn ln_delta_bounds(&self, eps: f64, prec: u32) -> Result<Interval> {
        check::finite("epsilon", eps)?;
        check_prec(prec)?;
        let (v, err) = ln_delta_with_error(&Mp::new(prec, self.mu), &Mp::new(prec, eps));
        if v.is_nan() || err.is_nan() {
            return Err(Error::Numerical(format!("GDP ln delta (MPFR) is NaN at mu={}, eps={eps}", self.mu)));
        }
        if !v.is_finite() {
            return Ok(Interval::point(v.to_f64()));
        }
        // Direction: outward by the error bound.
        Ok(Interval { lower: (v.clone() - err.clone()).to_f64_down(), upper: (v + err).to_f64_up().min(0.0) })
    }
    /// Certified f64 enclosure of `ε_μ(δ)`: a bracket from bisection in f64 ([`epsilon_bracket`]),
    /// each end moved outward until [`ln_delta_with_error`] in MPFR at `prec` bits certifies
    /// `δ_μ(lower) > δ ≥ δ_μ(upper)`, then narrowed by MPFR bisection (each step kept only where
    /// certified) to about 2⁻⁵⁶ relative — f64 resolution, so the cost does not grow with `prec`;
    /// ends rounded outward. Errors: δ ∉ (0, 1); prec ∉ [64, 10⁶].
    pub fn epsilon_bounds(&self, delta: f64, prec: u32) -> Result<Interval> {
        check::unit_open("delta", delta)?;
        check_prec(prec)?;
        let mu = Mp::new(prec, self.mu);
        let target = Mp::new(prec, delta).ln();
        let zero = mu.zero();
        // Certified predicates: δ_μ(e) > δ for sure, δ_μ(e) ≤ δ for sure.
        let above = |e: &Mp| {
            let (v, err) = ln_delta_with_error(&mu, e);
            v - err > target
        };
        let below = |e: &Mp| {
            let (v, err) = ln_delta_with_error(&mu, e);
            v + err <= target
        };
        let (flo, fhi) = epsilon_bracket(&self.mu, &delta.ln());
        let (mut lo, mut hi) = (Mp::new(prec, flo), Mp::new(prec, fhi));
        let mut step = (hi.clone() - lo.clone()).max(hi.clone() * mu.cst(2f64.powi(-40))).max(mu.cst(1e-300));
        // Direction: up until certified δ(hi) ≤ δ.
        for _ in 0..200 {
            if below(&hi) {
                break;
            }
            hi = hi.clone() + step.clone();
            step = step.clone() * mu.cst(2.0);
        }
        let mut step = (hi.clone() - lo.clone()).max(hi.clone() * mu.cst(2f64.powi(-40))).max(mu.cst(1e-300));
        // Direction: down until certified δ(lo) > δ (or lo = 0, where ε ≥ 0 holds trivially).
        for _ in 0..200 {
            if lo <= zero || above(&lo) {
                break;
            }
            lo = (lo - step.clone()).max(zero.clone());
            step = step.clone() * mu.cst(2.0);
        }
        // Narrow: a midpoint replaces an end only when its side is certified.
        let rel = mu.cst(2f64.powi(-56));
        for _ in 0..80 {
            if hi.clone() - lo.clone() <= hi.clone() * rel.clone() {
                break;
            }
            let mid = (lo.clone() + hi.clone()) / mu.cst(2.0);
            if below(&mid) {
                hi = mid;
            } else if above(&mid) {
                lo = mid;
            } else {
                break;
            }
        }
        Ok(Interval { lower: lo.to_f64_down().max(0.0), upper: hi.to_f64_up() })
    }

    /// The trade-off function `G_μ(a) = Φ(Φ⁻¹(1 − a) − μ)` (DRS Definition 2.4 / §2.1), f64.
    /// Errors: a ∉ [0, 1].
    pub fn tradeoff(&self, a: f64) -> Result<f64> {
        check::unit_closed("type I error a", a)?;
        Ok(tradeoff(&self.mu, &a))
    }

    /// RDP of μ-GDP at order α: `α μ²/2` (Mironov 2017, Proposition 7, for the Gaussian
    /// mechanism; shifted_interpolation Lemma A.4 for μ-GDP), rounded up.
    pub fn rdp(&self, alpha: f64) -> Result<f64> {
        super::rdp::check_order(alpha)?;
        Ok(mul_up(self.zcdp_rho(), alpha))
    }
    /// ρ-zCDP with `ρ = μ²/2` (Bun, Steinke 2016, Proposition 1.6), rounded up.
    pub fn zcdp_rho(&self) -> f64 {
        mul_up(mul_up(self.mu, self.mu), 0.5)
    }
    /// The RDP curve `α μ²/2` on `orders` (upper bound, rounded up).
    pub fn to_rdp(&self, orders: &[f64]) -> Result<RdpCurve> {
        RdpCurve::zcdp(self.zcdp_rho(), orders)
    }

    /// Composition `G_{μ1} ⊗ … ⊗ G_{μk} = G_{√(Σ μi²)}` (DRS Corollary 3.3). Rounded up (a
    /// larger μ is less private). Errors if `parts` is empty.
    pub fn compose(parts: &[Gdp]) -> Result<Gdp> {
        if parts.is_empty() {
            return Err(Error::invalid("GDP parts", "[]", "nothing to compose"));
        }
        // Compensated sum: relative error ≤ 2u + u (squares) regardless of the number of parts.
        let s = crate::num::special::neumaier_sum(parts.iter().map(|g| g.mu * g.mu));
        // Direction: up; the root halves the ≤ 3u relative error, sqrt adds ½u: 4 ulps cover it.
        Gdp::new(up_ulps(s.sqrt(), 4))
    }
    /// `T`-fold self-composition: `G_μ^{⊗T} = G_{√T μ}` (DRS Corollary 3.3), rounded up.
    /// Errors if `t = 0`.
    pub fn self_compose(&self, t: u64) -> Result<Gdp> {
        let t = check::at_least_one("number of steps T", t)? as f64;
        Gdp::new(up_ulps(t.sqrt() * self.mu, 3))
    }
}

/// `ln δ_μ(ε)` in the stable form of foundations §2.1: with `a = ε/μ − μ/2`, `b = ε/μ + μ/2`,
/// `ln δ = ln Φ(−a) + ln(1 − exp(ε + ln Φ(−b) − ln Φ(−a)))` (DRS Corollary 2.13). Exact formula;
/// the only error is the working precision times the condition of the subtraction, about
/// `|ln Φ(−a)|·2^{−prec}/(μ/b)` absolute (≈ 3e−11 for μ = 0.2, ε = 8 in f64). Precondition:
/// μ ≥ 0, ε finite. For μ = 0 returns `ln (1 − e^ε)_+`.
pub fn ln_delta<R: Real>(mu: &R, eps: &R) -> R {
    let zero = mu.zero();
    if *mu == zero {
        // G_0 = Id: δ(ε) = (1 − e^ε)_+.
        return if *eps >= zero { mu.cst(f64::NEG_INFINITY) } else { eps.ln_1m_exp() };
    }
    let half_mu = mu.clone() / mu.cst(2.0);
    let e_over_mu = eps.clone() / mu.clone();
    let a = e_over_mu.clone() - half_mu.clone();
    let b = e_over_mu + half_mu;
    let lpa = (-a.clone()).ln_ndtr();
    if let Some(d) = tail_d(mu, &a, &b) {
        return lpa + d.ln_1m_exp();
    }
    if let Some(diff) = narrow_diff(mu, &a, &b, &lpa) {
        return lpa + (eps.clone() + diff).ln_1m_exp();
    }
    let lpb = (-b).ln_ndtr();
    let d = eps.clone() + lpb - lpa.clone();
    lpa + d.ln_1m_exp()
}

/// `ln Φ(−b) − ln Φ(−a)` for `b = a + μ` with `μ` small against the scale of `Φ` at `a`
/// (`(μ/2)(1 + |m|) ≤ ¼`, `m = (a + b)/2`), without cancellation: `Φ(−a) − Φ(−b) = ∫_a^b φ =
/// φ(m) J`, `J = ∫_{−μ/2}^{μ/2} e^{−mt − t²/2} dt = Σ_k He_{2k}(m) 2(μ/2)^{2k+1}/(2k+1)!` (the
/// generating function of the probabilists' Hermite polynomials, `e^{xt − t²/2} = Σ He_n(x)
/// tⁿ/n!`, integrated term by term; odd terms vanish), so the difference is
/// `ln(1 − e^{ln φ(m) + ln J − ln Φ(−a)})`. The direct difference of two `ln Φ` values near
/// `ln ½` keeps only `u/μ` relative accuracy: none at σ = 1e100 (μ = 1e−100, issue 25: δ(0) came
/// out 0 in f64 and MPFR alike). Terms are summed until below `2^{−prec−8}` of the sum; they fall
/// at least geometrically (ratio ≤ ((μ/2)(1 + |m|))² ≤ 1/16 up to a polynomial factor).
fn narrow_diff<R: Real>(mu: &R, a: &R, b: &R, lpa: &R) -> Option<R> {
    let h = mu.clone() / mu.cst(2.0);
    let m = (a.clone() + b.clone()) / mu.cst(2.0);
    if !((h.clone() * (mu.one() + m.abs())).to_f64() <= 0.25) {
        return None;
    }
    let tol = mu.cst(2f64.powi(-(mu.prec() as i32) - 8));
    let h2 = h.clone() * h.clone();
    // He_0 = 1, He_1 = m, He_{n+1} = m He_n − n He_{n−1}.
    let (mut he_prev, mut he) = (mu.one(), m.clone());
    let mut coef = h.clone() * mu.cst(2.0); // 2 h^{2k+1}/(2k+1)! at k = 0
    let mut sum = coef.clone(); // He_0 term
    for k in 1..=200u32 {
        // Advance He_{2k−1} → He_{2k}, then keep He_{2k} and He_{2k+1} for the next round.
        let n = f64::from(2 * k - 1);
        let he_2k = m.clone() * he.clone() - mu.cst(n) * he_prev.clone();
        let he_2k1 = m.clone() * he_2k.clone() - mu.cst(n + 1.0) * he.clone();
        coef = coef * h2.clone() / mu.cst(f64::from(2 * k) * f64::from(2 * k + 1));
        let term = he_2k.clone() * coef.clone();
        sum = sum + term.clone();
        he_prev = he_2k;
        he = he_2k1;
        if term.abs() <= tol.clone() * sum.abs() {
            break;
        }
    }
    let ln_phi_m = -(m.clone() * m) / mu.cst(2.0) - (mu.cst(2.0) * mu.pi()).sqrt().ln();
    let x = ln_phi_m + sum.ln() - lpa.clone();
    // Only where the mass between a and b is at most half of Φ(−a): there ln(1 − e^x) is well
    // conditioned (|dD/dx| ≤ 2|D|) and the direct difference would cancel anyway.
    if !(x.to_f64() <= -std::f64::consts::LN_2) {
        return None;
    }
    Some(x.ln_1m_exp())
}

/// `d = ε + ln Φ(−b) − ln Φ(−a)` (`a = ε/μ − μ/2`, `b = a + μ`) without cancellation, for `a`
/// far in the tail: with the Mills-ratio form `ln Φ(−x) = −x²/2 − ln x − ln √(2π) + ln S(x)`
/// ([`ln_mills_sum`]) and `b² − a² = 2ε` exactly, `d = −ln(1 + μ/a) + ln S(b) − ln S(a)`. The
/// direct difference loses every digit once `a² · 2^{−prec} ≳ |d| ≈ μ/a` (ε ≳ 10²⁰ at 256 bits,
/// issue 25: δ(10⁶⁰) came out as 0, δ(10³⁵) as [0, 1]). `None` when `a` is not far enough in the
/// tail for the series to reach the working precision (`a² < 2 (prec + 10) ln 2`, doubled for
/// margin).
fn tail_d<R: Real>(mu: &R, a: &R, b: &R) -> Option<R> {
    let threshold = 4.0 * (f64::from(a.prec()) + 10.0) * std::f64::consts::LN_2;
    if !(a.to_f64() > 0.0 && a.to_f64() * a.to_f64() >= threshold) {
        return None;
    }
    Some(-(mu.clone() / a.clone()).ln_1p() + ln_mills_sum(b) - ln_mills_sum(a))
}

/// [`ln_delta`] together with a bound on its absolute rounding error in the working precision
/// `u = 2^{−prec}` of `R`: `ln Φ` values carry ≤ `8u(1 + |ln Φ|)` (MPFR: correctly rounded erfc,
/// division, log), the difference `d = ε + ln Φ(−b) − ln Φ(−a)` then carries
/// `e_d = 8u(2 + |ε| + |ln Φ(−a)| + |ln Φ(−b)|)`, amplified in `ln(1 − e^d)` by
/// `1/(e^{−d} − 1)`. The bound is `e_a + e_d (1 + 1/expm1(−d)) + 8u|result|`. In f64 the same
/// formula is only an estimate (libm and the f64 `ln_ndtr` are not correctly rounded).
pub fn ln_delta_with_error<R: Real>(mu: &R, eps: &R) -> (R, R) {
    let u = mu.cst(2f64.powi(-(mu.prec() as i32)));
    let eight_u = u.clone() * mu.cst(8.0);
    let zero = mu.zero();
    if *mu == zero {
        let v = ln_delta(mu, eps);
        let e = eight_u * (v.abs() + mu.one());
        return (v, if e.is_finite() { e } else { zero });
    }
    let half_mu = mu.clone() / mu.cst(2.0);
    let e_over_mu = eps.clone() / mu.clone();
    let a = e_over_mu.clone() - half_mu.clone();
    let b = e_over_mu + half_mu;
    let lpa = (-a.clone()).ln_ndtr();
    let one = mu.one();
    let (d, e_d) = match tail_d(mu, &a, &b) {
        // Each of the three terms carries ≤ 8u of its magnitude (the series sums also their
        // truncation, below 2^{−prec−8} each).
        Some(d) => {
            let e = eight_u.clone() * ((mu.clone() / a.clone()).ln_1p().abs() + ln_mills_sum(&a).abs() + ln_mills_sum(&b).abs() + mu.cst(2.0) * u.clone());
            (d, e)
        }
        None => match narrow_diff(mu, &a, &b, &lpa) {
            // D = ln(1 − e^x), x = ln φ(m) + ln J − ln Φ(−a) ≤ −ln 2: x carries at most
            // 8u(m²/2 + |ln μ| + |ln Φ(−a)| + 6) absolute (J's terms fall geometrically from the
            // positive leading term μ, so ln J is within a few u of ln μ's scale), and
            // |dD/dx| = e^x/(1 − e^x) ≤ 2|D| there; ε adds 8u|ε|.
            Some(diff) => {
                let m = (a.clone() + b.clone()) / mu.cst(2.0);
                let h = mu.clone() / mu.cst(2.0);
                let scale = m.clone() * m / mu.cst(2.0) + (h * mu.cst(2.0)).ln().abs() + lpa.abs() + mu.cst(6.0);
                let e = eight_u.clone() * (eps.abs() + diff.abs() * scale.clone() * mu.cst(2.0));
                (eps.clone() + diff, e)
            }
            None => {
                let lpb = (-b).ln_ndtr();
                let d = eps.clone() + lpb.clone() - lpa.clone();
                let e = eight_u.clone() * (mu.cst(2.0) + eps.abs() + lpa.abs() + lpb.abs());
                (d, e)
            }
        },
    };
    let v = lpa.clone() + d.ln_1m_exp();
    let e_a = eight_u.clone() * (one.clone() + lpa.abs());
    let amp = one.clone() + one.clone() / (-d).exp_m1();
    let err = e_a + e_d * amp + eight_u * v.abs();
    (v, err)
}

/// `δ_μ(ε) = exp(ln δ_μ(ε))` (DRS Corollary 2.13), generic; see [`ln_delta`].
pub fn delta<R: Real>(mu: &R, eps: &R) -> R {
    ln_delta(mu, eps).exp()
}

/// `G_μ(a) = Φ(Φ⁻¹(1 − a) − μ)` (DRS §2.1), generic. `Φ⁻¹(1 − a)` is taken as `−Φ⁻¹(a)` for
/// `a < ½` so that small `a` keeps full relative accuracy. Precondition: `a ∈ [0, 1]`, μ ≥ 0.
pub fn tradeoff<R: Real>(mu: &R, a: &R) -> R {
    let zero = a.zero();
    if *a <= zero {
        return a.one();
    }
    if *a >= a.one() {
        return zero;
    }
    let t = if *a < a.cst(0.5) { -a.ndtri() } else { (a.one() - a.clone()).ndtri() };
    (t - mu.clone()).ndtr()
}

/// `ε_μ(δ)` for `ln δ_target = ln_delta_target < 0`, as a bracket `(lo, hi)` with
/// `δ_μ(lo) > δ ≥ δ_μ(hi)` (or `(0, 0)` when `δ_μ(0) ≤ δ`), by bisection on `ln δ_μ` over
/// `[0, ε_hi]`, `ε_hi = μ²/2 + μ√(2 ln(1/δ))` (the Bun–Steinke bound, foundations §2.1), in the
/// working precision of `R`, until the bracket is `2^{−prec+6}` relative. Report `hi` for an
/// upper bound. Precondition: μ ≥ 0 finite.
pub fn epsilon_bracket<R: Real>(mu: &R, ln_delta_target: &R) -> (R, R) {
    let zero = mu.zero();
    if ln_delta(mu, &zero) <= *ln_delta_target {
        return (zero.clone(), zero);
    }
    let two = mu.cst(2.0);
    let mut hi = mu.clone() * mu.clone() / two.clone() + mu.clone() * (two.clone() * -ln_delta_target.clone()).sqrt();
    // ε_hi is an upper bound mathematically; guard against rounding by expanding if needed.
    for _ in 0..64 {
        if ln_delta(mu, &hi) <= *ln_delta_target {
            break;
        }
        hi = hi.clone() * two.clone() + mu.one();
    }
    let stop = Stop { max_iter: mu.prec() as usize + 200, abs: mu.zero(), rel: mu.cst(2f64.powi(-(mu.prec() as i32) + 6)), combine: Combine::Sum, midpoint: Midpoint::Arithmetic };
    // Bracket: ln δ(0) > target checked above; hi from the Bun–Steinke bound (expanded). The
    // predicate form keeps a NaN on the upper side, as before.
    let below = |e: &R| Ok::<_, RootError>(ln_delta(mu, e) > *ln_delta_target);
    match root_bracket(below, Bracket::established(zero.clone(), hi.clone()), &stop) {
        Ok(b) => (b.lo, b.hi),
        Err(_) => (zero, hi),
    }
}

/// **Estimate, not a bound.** CLT μ for Poisson-subsampled Gaussian DP-SGD (Bu, Dong, Long, Su
/// 2020, "Deep learning with Gaussian differential privacy", HDSR): `μ = q √(T (e^{1/σ²} − 1))`.
/// An asymptotic approximation that *underestimates* ε at realistic parameters (foundations
/// §1.6 and §8.1 R18: 1.6177 vs the exact 1.8282). Errors: q ∉ [0, 1], σ ≤ 0, T = 0.
pub fn clt_mu_poisson_estimate(q: f64, sigma: f64, t: u64) -> Result<f64> {
    let q = check::unit_closed("sampling rate", q)?;
    let s = check::positive("noise multiplier", sigma)?;
    let t = check::at_least_one("number of steps T", t)? as f64;
    Ok(q * (t * (1.0 / (s * s)).exp_m1()).sqrt())
}

/// **Estimate, not a bound.** Two-sided CLT μ for `C_p(G_μ)^{⊗K}` (shifted_interpolation spec
/// §2.10, Lemma A.5 of the shifted-interpolation paper; DRS §3 CLT):
/// `μ_CLT = √2 · p · √K · √κ(μ)`, `κ(μ) = e^{μ²} Φ(1.5μ) + 3 Φ(−0.5μ) − 2`.
/// Errors: p ∉ [0, 1], μ < 0 or not finite, K = 0.
pub fn clt_mu_replace_estimate(p: f64, k: u64, mu: f64) -> Result<f64> {
    let p = check::unit_closed("sampling rate", p)?;
    let mu = Gdp::new(mu)?.mu;
    let k = check::at_least_one("number of steps K", k)? as f64;
    let kappa = (mu * mu).exp() * (1.5 * mu).ndtr() + 3.0 * (-0.5 * mu).ndtr() - 2.0;
    Ok(std::f64::consts::SQRT_2 * p * k.sqrt() * kappa.max(0.0).sqrt())
}

fn check_prec(prec: u32) -> Result<u32> {
    if (64..=1_000_000).contains(&prec) {
        Ok(prec)
    } else {
        Err(Error::invalid("MPFR precision (bits)", prec, "must be in [64, 1000000]"))
    }
}

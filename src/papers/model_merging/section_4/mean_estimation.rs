//! Lemma 4.1 and Theorem 4.2 of *DP Model Merging* (spec §5): Gaussian mean estimation with
//! two independent Gaussian releases `θ_i ~ N(μ̂, σ_i²)`, merged by RS (a two-Gaussian mixture)
//! or LC (a Gaussian). Also the exact Rényi divergence of Gaussian location mixtures by 1-D
//! tanh–sinh quadrature, generic over [`Real`] (f64 and MPFR), used as ground truth for
//! Theorem 5.1 (spec §6).
//!
//! Finite-Δ caveat (audit A9): Lemma 4.1 is an expansion as Δ → 0. At finite Δ the exact RS
//! divergence falls below the equal-variance LC value beyond [`crossover_delta`].

use crate::error::{check, Error, Result};
use crate::num::quad::{tanh_sinh_with, Nodes};
use crate::num::root::{root_of_bracket, Bracket, Midpoint, Monotone, Stop};
use crate::num::Real;

/// A Gaussian location-scale mixture `Σ_i w_i N(mean_i, sd_i²)` with weights `w_i > 0`
/// (zero weights must be dropped by the constructor's caller: spec §1.6 item 6).
#[derive(Clone, Debug)]
pub struct GaussMix<R> {
    pub w: Vec<R>,
    pub mean: Vec<R>,
    pub sd: Vec<R>,
}

impl<R: Real> GaussMix<R> {
    /// Lemma 4.1 (DP Model Merging) helper: `ln p(x)` by a max-shifted log-sum-exp over components (no underflow).
    pub fn ln_pdf(&self, x: &R) -> R {
        self.prepared(x).ln_pdf(x)
    }

    /// The per-component constants `ln w_i − ln sd_i` and `½ ln 2π` in the precision of `like`,
    /// computed once for a whole quadrature (they cost three logarithms per component per node
    /// otherwise; at 256 bits that was most of the golden check's time). Same operations in the
    /// same order as [`GaussMix::ln_pdf`] always used, so values are bit-for-bit unchanged.
    fn prepared(&self, like: &R) -> Prepared<'_, R> {
        let half_ln_2pi = like.cst(2.0).mul_pi().ln() / like.cst(2.0);
        let c = (0..self.w.len()).map(|i| self.w[i].ln() - self.sd[i].ln()).collect();
        Prepared { mix: self, c, half_ln_2pi }
    }
}

/// A [`GaussMix`] with its per-component log-constants computed once.
struct Prepared<'a, R> {
    mix: &'a GaussMix<R>,
    /// `ln w_i − ln sd_i`.
    c: Vec<R>,
    half_ln_2pi: R,
}

impl<R: Real> Prepared<'_, R> {
    /// `ln(w_i N(x; mean_i, sd_i²))` for every component.
    fn terms(&self, x: &R) -> Vec<R> {
        let m = self.mix;
        (0..m.w.len())
            .map(|i| {
                let z = (x.clone() - m.mean[i].clone()) / m.sd[i].clone();
                self.c[i].clone() - z.clone() * z / x.cst(2.0) - self.half_ln_2pi.clone()
            })
            .collect()
    }

    /// `ln p(x)` (see [`GaussMix::ln_pdf`]).
    fn ln_pdf(&self, x: &R) -> R {
        ln_sum_exp_r(&self.terms(x))
    }

    /// `(ln p(x), p'(x)/p(x))`: the score `Σ_i s_i(x)·(−(x − mean_i)/sd_i²)` with
    /// responsibilities `s_i = exp(lc_i − ln p)`.
    fn ln_pdf_and_score(&self, x: &R) -> (R, R) {
        let m = self.mix;
        let terms = self.terms(x);
        let lp = ln_sum_exp_r(&terms);
        let mut s = x.zero();
        for (i, lc) in terms.into_iter().enumerate() {
            let resp = (lc - lp.clone()).exp();
            s = s - resp * (x.clone() - m.mean[i].clone()) / (m.sd[i].clone() * m.sd[i].clone());
        }
        (lp, s)
    }
}

/// `2π` helper on [`Real`] (the trait has `pi()` only).
trait MulPi {
    fn mul_pi(&self) -> Self;
}
impl<R: Real> MulPi for R {
    fn mul_pi(&self) -> R {
        self.clone() * self.pi()
    }
}

fn ln_sum_exp_r<R: Real>(t: &[R]) -> R {
    let m = t.iter().cloned().fold(t[0].cst(f64::NEG_INFINITY), |a, b| a.max(b));
    if !m.is_finite() {
        return m;
    }
    let s = t.iter().fold(m.zero(), |acc, x| acc + (x.clone() - m.clone()).exp());
    m + s.ln()
}

/// Lemma 4.1 / Theorem 5.1 (DP Model Merging), the RS output pair (ground truth): `P = Σ π_i N(0, σ_i²)` and
/// `Q = Σ π_i N(shift, σ_i²)` (components with `π_i = 0` dropped). Errors: bad weights or σ.
pub fn rs_mixture_pair<R: Real>(pi: &[R], sigmas: &[R], shift: &R) -> Result<(GaussMix<R>, GaussMix<R>)> {
    if pi.is_empty() || pi.len() != sigmas.len() {
        return Err(Error::invalid("mixture", format!("{} weights, {} sigmas", pi.len(), sigmas.len()), "needs equal non-empty lengths"));
    }
    let (mut p, mut q) = (GaussMix { w: vec![], mean: vec![], sd: vec![] }, GaussMix { w: vec![], mean: vec![], sd: vec![] });
    for (w, s) in pi.iter().zip(sigmas) {
        check::positive("sigma", s.to_f64())?;
        if !(w.to_f64() >= 0.0 && w.to_f64() <= 1.0) {
            return Err(Error::invalid("pi", w.to_f64(), "weights must lie in [0, 1]"));
        }
        if w.to_f64() > 0.0 {
            p.w.push(w.clone());
            p.mean.push(w.zero());
            p.sd.push(s.clone());
            q.w.push(w.clone());
            q.mean.push(shift.clone());
            q.sd.push(s.clone());
        }
    }
    Ok((p, q))
}

/// Break-points for integrals against `p^α q^{1−α}` of two location mixtures: the component
/// means, the tilted centres `α m_p + (1−α) m_q` (where the mass moves for large αΔ, spec §5
/// hazards), extended by `K·σ_max` with `K = √(2·prec·ln 2) + 3` (truncated mass below the
/// working precision), cut into at most 64 pieces of width ≥ σ_min.
fn break_points<R: Real>(alpha: &R, p: &GaussMix<R>, q: &GaussMix<R>) -> Vec<R> {
    let a = alpha.to_f64();
    let mut centres: Vec<f64> = p.mean.iter().chain(&q.mean).map(|m| m.to_f64()).collect();
    for mp in &p.mean {
        for mq in &q.mean {
            centres.push(a * mp.to_f64() + (1.0 - a) * mq.to_f64());
        }
    }
    let sds: Vec<f64> = p.sd.iter().chain(&q.sd).map(|s| s.to_f64()).collect();
    let smax = sds.iter().cloned().fold(0.0, f64::max);
    let smin = sds.iter().cloned().fold(f64::INFINITY, f64::min);
    let k = (2.0 * alpha.prec() as f64 * std::f64::consts::LN_2).sqrt() + 3.0;
    let lo = centres.iter().cloned().fold(f64::INFINITY, f64::min) - k * smax;
    let hi = centres.iter().cloned().fold(f64::NEG_INFINITY, f64::max) + k * smax;
    let n = (((hi - lo) / smin).ceil() as usize).clamp(4, 64);
    (0..=n).map(|j| alpha.cst(lo + (hi - lo) * j as f64 / n as f64)).collect()
}

fn integrate<R: Real, F: Fn(&R) -> R>(f: F, pts: &[R]) -> (R, R) {
    let tol = pts[0].zero();
    let levels = if pts[0].prec() <= 53 { 10 } else { 14 };
    let mut v = pts[0].zero();
    let mut e = pts[0].zero();
    let mut nodes = Nodes::new(&pts[0]);
    for w in pts.windows(2) {
        let q = tanh_sinh_with(&mut nodes, |x, _, _| f(x), &w[0], &w[1], &tol, levels);
        v = v + q.value;
        e = e + q.err;
    }
    (v, e)
}

/// `expm1(αℓ) − α·expm1(ℓ) = Σ_{k≥2} (α^k − α) ℓ^k / k!` (≥ 0 for α > 1): the series when
/// `|αℓ| < ½` (no cancellation), the direct difference otherwise.
fn second_order_gap<R: Real>(alpha: &R, l: &R) -> R {
    let al = alpha.clone() * l.clone();
    if al.abs().to_f64() >= 0.5 {
        return al.exp_m1() - alpha.clone() * l.exp_m1();
    }
    let mut sum = l.zero();
    let mut pow_l = l.clone();
    let mut pow_a = alpha.clone();
    let mut fact = l.one();
    let eps = l.cst(2f64.powi(-(l.prec() as i32) - 4));
    for k in 2..400 {
        pow_l = pow_l * l.clone();
        pow_a = pow_a * alpha.clone();
        fact = fact * l.cst(k as f64);
        let term = (pow_a.clone() - alpha.clone()) * pow_l.clone() / fact.clone();
        sum = sum + term.clone();
        if term.abs() <= eps.clone() * sum.abs() {
            break;
        }
    }
    sum
}

/// Lemma 4.1 / Theorem 5.1 ground truth (DP Model Merging): `ln ∫ p^α q^{1−α}` = `(α − 1) D_α(P‖Q)` for two Gaussian location mixtures, by tanh–sinh
/// quadrature of the log-form integrand `exp(α ln p − (α−1) ln q − m)` (m = grid maximum, no
/// overflow for `(α−1)D` up to ~1e300); when the result is below 0.5 it is recomputed as
/// `ln1p(∫ q·[expm1(αℓ) − α·expm1(ℓ)])`, `ℓ = ln p − ln q` (non-negative integrand) for full relative accuracy at tiny divergences (spec
/// §1.6 item 3). Returns `(value, error estimate)`.
///
/// Guarantee: estimate (quadrature; the error estimate is the last-level difference, not a
/// proof). Generic over [`Real`]: f64 (≈1e-13 relative) or MPFR.
/// Domain: α > 1 finite. Errors: α out of domain, non-finite result.
pub fn mixture_ln_moment<R: Real>(alpha: &R, p: &GaussMix<R>, q: &GaussMix<R>) -> Result<(R, R)> {
    let af = alpha.to_f64();
    if !(af > 1.0 && af.is_finite()) {
        return Err(Error::invalid("alpha", af, "Rényi order must be a finite number > 1"));
    }
    let pts = break_points(alpha, p, q);
    let am1 = alpha.clone() - alpha.one();
    let (pp, qp) = (p.prepared(alpha), q.prepared(alpha));
    let g = |x: &R| alpha.clone() * pp.ln_pdf(x) - am1.clone() * qp.ln_pdf(x);
    // ∫p^α q^{1−α} − 1 = ∫ q·[expm1(αℓ) − α·expm1(ℓ)] (since ∫q(e^ℓ − 1) = 0): a non-negative
    // integrand of order ℓ², free of the O(ℓ) cancellation of E_P[expm1((α−1)ℓ)].
    let second_order = || {
        let (j, ej) = integrate(|x| {
            let lq = qp.ln_pdf(x);
            lq.exp() * second_order_gap(alpha, &(pp.ln_pdf(x) - lq))
        }, &pts);
        (j.ln_1p(), ej / (alpha.one() + j))
    };
    let (val, err) = if wide_of_switch(af, p, q) == Some(true) {
        // the direct value below would be < 0.5 and discarded: skip computing it
        second_order()
    } else {
        // Shift: maximum of g on a grid of 16 points per piece.
        let mut m = alpha.cst(f64::NEG_INFINITY);
        for w in pts.windows(2) {
            for j in 0..16 {
                let x = w[0].clone() + (w[1].clone() - w[0].clone()) * alpha.cst(j as f64 / 16.0);
                m = m.max(g(&x));
            }
        }
        let (i0, e0) = integrate(|x| (g(x) - m.clone()).exp(), &pts);
        let val = i0.ln() + m.clone();
        if val.to_f64() < 0.5 {
            second_order()
        } else {
            (val, e0 / i0)
        }
    };
    if !val.is_finite() {
        return Err(Error::Numerical(format!("mixture Rényi quadrature gave {val} at alpha = {af}")));
    }
    Ok((val, err))
}

/// For a precision above f64: `Some(true)` when the f64 value of `ln ∫p^α q^{1−α}` is below 0.45
/// (then the high-precision value is below the 0.5 switch of [`mixture_ln_moment`] too: the two
/// agree to ≈1e-13, so the direct integral would be computed only to be discarded),
/// `Some(false)` above 0.55, `None` near the switch, in f64 itself, or when f64 fails. Only
/// saves work: the branch taken, hence the value returned, is the one the full computation takes.
fn wide_of_switch<R: Real>(alpha: f64, p: &GaussMix<R>, q: &GaussMix<R>) -> Option<bool> {
    if p.w.first()?.prec() <= 53 {
        return None;
    }
    let down = |m: &GaussMix<R>| GaussMix { w: m.w.iter().map(R::to_f64).collect(), mean: m.mean.iter().map(R::to_f64).collect(), sd: m.sd.iter().map(R::to_f64).collect() };
    let (v, _) = mixture_ln_moment(&alpha, &down(p), &down(q)).ok()?;
    if v < 0.45 {
        Some(true)
    } else if v > 0.55 {
        Some(false)
    } else {
        None
    }
}

/// Lemma 4.1 (DP Model Merging), exact RS divergence: `D_α(P_π‖Q_π)` for
/// `P_π = π N(0, σ1²) + (1−π) N(0, σ2²)` and `Q_π` = `P_π` shifted by `Δ`, by quadrature
/// ([`mixture_ln_moment`]), in any [`Real`]. Guarantee: estimate (quadrature, ≈1e-13 relative in
/// f64). Domain: α > 1, Δ ≥ 0 finite, σ_i > 0, π ∈ [0, 1]. Errors: out-of-domain inputs.
pub fn rs_renyi_exact_r<R: Real>(alpha: &R, delta: &R, s1: &R, s2: &R, pi: &R) -> Result<R> {
    check::finite("Delta", delta.to_f64())?;
    if delta.to_f64() < 0.0 {
        return Err(Error::invalid("Delta", delta.to_f64(), "sensitivity must be >= 0"));
    }
    let (p, q) = rs_mixture_pair(&[pi.clone(), pi.one() - pi.clone()], &[s1.clone(), s2.clone()], delta)?;
    if delta.to_f64() == 0.0 {
        return Ok(delta.zero());
    }
    let (v, _) = mixture_ln_moment(alpha, &p, &q)?;
    Ok(v / (alpha.clone() - alpha.one()))
}

/// Lemma 4.1 (DP Model Merging), exact RS Rényi divergence in f64. In order:
/// 1. one effective component (π ∈ {0, 1} or σ1 = σ2): `P_π`, `Q_π` are Gaussians and
///    `D_α = αΔ²/(2σ²)` (Theorem 4.2's Gaussian formula, [`lc_rdp_gauss`], rounded up; +∞ when it
///    overflows, the correct rounding of a value above `f64::MAX`);
/// 2. where the closed-form bounds of [`rs_renyi_bounds`] agree to [`BOUNDS_TIGHT`] relative
///    (large `αΔ²/σ_max²`, e.g. α → ∞ or Δ → ∞: `D_α = αΔ²/(2σ_max²) + O(1)`), their upper end
///    (or +∞ when both ends overflow);
/// 3. inside [`in_quadrature_range`], the quadrature [`rs_renyi_exact_r`] (≈1e-13 relative).
///
/// Errors: out-of-domain inputs; `Error::Unsupported` outside all three regimes (f64 quadrature
/// not reliable there) — [`rs_renyi_bounds`] still gives a sound upper bound.
pub fn rs_renyi_exact(alpha: f64, delta: f64, s1: f64, s2: f64, pi: f64) -> Result<f64> {
    if !(alpha > 1.0 && alpha.is_finite()) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    check::finite("Delta", delta)?;
    if delta < 0.0 {
        return Err(Error::invalid("Delta", delta, "sensitivity must be >= 0"));
    }
    check_pair(pi, s1, s2)?;
    if delta == 0.0 {
        return Ok(0.0);
    }
    if pi == 0.0 || pi == 1.0 || s1 == s2 {
        let s = if pi == 0.0 { s2 } else { s1 };
        return lc_rdp_gauss(alpha, delta, s, s, 1.0);
    }
    let (lo, up) = rs_renyi_bounds(alpha, delta, s1, s2, pi)?;
    if lo == f64::INFINITY || (lo > 0.0 && up - lo <= BOUNDS_TIGHT * lo) {
        return Ok(up);
    }
    if !in_quadrature_range(alpha, delta, s1, s2) {
        return Err(Error::Unsupported(format!(
            "RS Rényi divergence at alpha = {alpha}, Delta = {delta}, sigma = {s1},{s2}: outside the f64 quadrature's range \
             (alpha <= 1e3, alpha*Delta/sigma_min <= 1e8, sigma_max/sigma_min <= 1e8, sigma in [1e-150, 1e150], Delta/sigma_max >= 1e-150); \
             closed-form upper bound {up:e}"
        )));
    }
    rs_renyi_exact_r(&alpha, &delta, &s1, &s2, &pi)
}

/// Relative width below which [`rs_renyi_bounds`] is taken as the exact value (≈45 ulps, of which
/// 16 are the upper end's widening: the upper end then is the exact value rounded up, more
/// accurate than the quadrature's 1e-13).
pub const BOUNDS_TIGHT: f64 = 1e-14;

/// Where the f64 quadrature of [`mixture_ln_moment`] is trusted for the RS pair (spec §5
/// hazards): α ≤ 1e3 (the integrand `α ln p − (α−1) ln q` cancels: relative error ≈ α·1e-16, so
/// 1.2e-10 at α = 1e6 against mpmath, anchors_issue25_edges.py), `αΔ/σ_min ≤ 1e8`
/// (tilted centres within reach of the break points), `σ_max/σ_min ≤ 1e8` (the narrow component
/// inside the 64 pieces), σ_i ∈ [1e-150, 1e150] and `Δ/σ_max ≥ 1e-150` (squares stay normal).
pub fn in_quadrature_range(alpha: f64, delta: f64, s1: f64, s2: f64) -> bool {
    let (a, b) = (s1.min(s2), s1.max(s2));
    alpha <= 1e3 && alpha * delta / a <= 1e8 && b / a <= 1e8 && a >= 1e-150 && b <= 1e150 && delta / b >= 1e-150
}

/// Lemma 4.1 (DP Model Merging), closed-form bounds `(lower, upper)` on `D_α(P_π‖Q_π)` with
/// `P_π = πN(0, σ1²) + (1−π)N(0, σ2²)`, `Q_π` shifted by Δ, no quadrature. With `b = σ_max` (weight
/// `π_b`), `a = σ_min` (weight `π_a`), `u = Δ/b`:
///
/// * upper (a), joint convexity of `∫P^αQ^{1−α}` for α > 1 (van Erven & Harremoës 2014,
///   Theorem 13) with the Gaussian value of Theorem 4.2 per component:
///   `D_α ≤ (α−1)⁻¹ ln Σ_i π_i exp((α−1)αΔ²/(2σ_i²))`; tight when `σ_max/σ_min → ∞` at fixed Δ/σ_min;
/// * upper (b), domination of the narrow component: `N(x; 0, a²) ≤ (b/a) N(x; 0, b²)` gives
///   `p ≤ (π_a b/a + π_b) p_b` and `q ≥ π_b q_b`, so
///   `D_α ≤ αu²/2 + (α/(α−1)) ln(π_a b/a + π_b) − ln π_b`; tight (relative) as `αu² → ∞`;
/// * lower, data processing through the test `{x ≤ −(α−1)Δ}` with Mills-ratio bounds
///   `φ(s)s/(1+s²) ≤ Φ(−s) ≤ φ(s)/s` (the quadratic terms cancelled analytically):
///   `D_α ≥ αu²/2 + (α/(α−1))[ln π_b − ln√(2π) + ln s₁ − ln(1+s₁²)] + ln√(2π) + ln s₂`,
///   `s₁ = (α−1)u`, `s₂ = αu` (clamped at 0).
///
/// The upper end is the minimum of (a) and (b), moved 16 ulps up (a handful of correctly
/// rounded operations and libm `exp`/`ln` of ≤ 1 ulp, all on non-negative terms): an upper bound.
/// The lower end is only used to decide tightness. Domain: α > 1 finite, Δ > 0, σ_i > 0,
/// π ∈ (0, 1). Errors: none beyond the domain (values may be +∞).
pub fn rs_renyi_bounds(alpha: f64, delta: f64, s1: f64, s2: f64, pi: f64) -> Result<(f64, f64)> {
    use crate::num::round::widen_up;
    use crate::num::special::ln_add_exp;
    check_pair(pi, s1, s2)?;
    let am1 = alpha - 1.0;
    // (a): (α−1)⁻¹ ln Σ π_i e^{x_i}, x_i = (α−1)·α(Δ/σ_i)²/2; ln1p(Σ π_i expm1 x_i) when small.
    let xs = [(pi, s1), (1.0 - pi, s2)].map(|(w, s)| (w, am1 * (alpha * (delta / s) * (delta / s) / 2.0)));
    let ln_m = if xs.iter().all(|&(_, x)| x < 1.0) {
        xs.iter().map(|&(w, x)| w * x.exp_m1()).sum::<f64>().ln_1p()
    } else {
        ln_add_exp(xs[0].0.ln() + xs[0].1, xs[1].0.ln() + xs[1].1)
    };
    let up_a = ln_m / am1;
    // (b) and the lower end.
    let ((a, pa), (b, pb)) = if s1 <= s2 { ((s1, pi), (s2, 1.0 - pi)) } else { ((s2, 1.0 - pi), (s1, pi)) };
    let u = delta / b;
    let quad = alpha * u * u / 2.0;
    let r = alpha / am1;
    let up_b = quad + r * ln_add_exp(pa.ln() + b.ln() - a.ln(), pb.ln()) - pb.ln();
    let up = widen_up(up_a.min(up_b), 16);
    let ln_sqrt_2pi = 0.5 * (2.0 * std::f64::consts::PI).ln();
    // ln s₁, ln s₂ and ln(1 + s₁²) in log space (s₁ = (α−1)u may overflow when u does not).
    let (ln_sa, ln_sb) = (am1.ln() + u.ln(), alpha.ln() + u.ln());
    let ln_1p_sq = if ln_sa > 0.0 { 2.0 * ln_sa + (-2.0 * ln_sa).exp().ln_1p() } else { (2.0 * ln_sa).exp().ln_1p() };
    let lo = quad + r * (pb.ln() - ln_sqrt_2pi + ln_sa - ln_1p_sq) + ln_sqrt_2pi + ln_sb;
    let lo = if lo.is_nan() { 0.0 } else { lo.max(0.0).min(up) };
    Ok((lo, up))
}

/// Lemma 4.1 (DP Model Merging), RS noise variance `σ²_RS(π) = π σ1² + (1−π) σ2²` (variance of
/// `P_π`). Exact up to rounding. Domain: σ_i > 0, π ∈ [0, 1]. Errors: out of domain.
pub fn sigma2_rs(pi: f64, s1: f64, s2: f64) -> Result<f64> {
    check_pair(pi, s1, s2)?;
    Ok(pi * s1 * s1 + (1.0 - pi) * s2 * s2)
}

/// Theorem 4.2 (DP Model Merging), LC noise variance `σ²_LC(λ) = λ² σ1² + (1−λ)² σ2²`.
/// Exact up to rounding. Domain: σ_i > 0, λ ∈ [0, 1]. Errors: out of domain.
pub fn sigma2_lc(lam: f64, s1: f64, s2: f64) -> Result<f64> {
    check_pair(lam, s1, s2)?;
    Ok(lam * lam * s1 * s1 + (1.0 - lam) * (1.0 - lam) * s2 * s2)
}

fn check_pair(w: f64, s1: f64, s2: f64) -> Result<()> {
    check::unit_closed("weight", w)?;
    check::positive("sigma1", s1)?;
    check::positive("sigma2", s2)?;
    Ok(())
}

/// Theorem 4.2 (DP Model Merging), LC Rényi divergence: the LC release is exactly Gaussian, so
/// `ε^LC_α(λ) = αΔ² / (2σ²_LC(λ))` in both directions. Exact formula, evaluated with directed
/// rounding ([`crate::num::round`]): the numerator rounded up, `σ²_LC` rounded down, so the f64
/// result is ≥ the exact value (an upper bound on privacy loss; it used to be the rounded value
/// nudged by one ulp, which does not cover the several roundings of the expression).
/// Domain: α > 1, Δ finite, σ_i > 0, λ ∈ [0, 1]. Errors: out of domain.
pub fn lc_rdp_gauss(alpha: f64, delta: f64, s1: f64, s2: f64, lam: f64) -> Result<f64> {
    use crate::num::round::{add_down, div_up, mul_down, mul_up, sub_down};
    if !(alpha > 1.0 && alpha.is_finite()) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    check::finite("Delta", delta)?;
    sigma2_lc(lam, s1, s2)?; // validates λ, σ_i
    let d = delta.abs();
    if d == 0.0 {
        return Ok(0.0);
    }
    let lam_c = sub_down(1.0, lam);
    let v_down = add_down(mul_down(mul_down(lam, lam), mul_down(s1, s1)), mul_down(mul_down(lam_c, lam_c), mul_down(s2, s2)));
    // mul_down: 2·v rounded down stays finite (f64::MAX) when it overflows, so the quotient is a
    // positive upper bound instead of αΔ²/∞ = 0 (σ = 1.7e308).
    Ok(div_up(mul_up(mul_up(alpha, d), d), mul_down(2.0, v_down)))
}

/// Theorem 4.2 (DP Model Merging), matching weight: a `λ ∈ [0, 1]` with
/// `σ²_LC(λ) = σ²_RS(π)`, `λ± = (σ2² ± √(vS − σ1²σ2²))/S`, `v = σ²_RS(π)`, `S = σ1² + σ2²`
/// (spec §5; `λ−` when σ1 < σ2). A tiny negative discriminant from rounding is clamped to 0.
/// Exact up to rounding. Domain: σ_i > 0, π ∈ [0, 1]. Errors: out of domain.
pub fn match_lambda(pi: f64, s1: f64, s2: f64) -> Result<f64> {
    sigma2_rs(pi, s1, s2)?; // validates π, σ_i
    // λ is scale invariant: far from 1, divide both σ by σ_max first (σ_i⁴ in the discriminant
    // overflows for σ ≳ 1e77 and underflows for σ ≲ 1e-81; σ = 1.7e308 gave NaN).
    let m = s1.max(s2);
    if !(1e-60..=1e60).contains(&s1.min(s2)) || m > 1e60 {
        return Ok(match_lambda_r(&pi, &(s1 / m), &(s2 / m)));
    }
    Ok(match_lambda_r(&pi, &s1, &s2))
}

/// [`match_lambda`] in any precision (no validation): the same operations in `R`.
pub fn match_lambda_r<R: Real>(pi: &R, s1: &R, s2: &R) -> R {
    let (zero, one) = (pi.zero(), pi.one());
    let v = pi.clone() * s1.clone() * s1.clone() + (one.clone() - pi.clone()) * s2.clone() * s2.clone();
    let (a, b) = (s1.clone() * s1.clone(), s2.clone() * s2.clone());
    let s = a.clone() + b.clone();
    let disc = (v * s.clone() - a * b.clone()).max(zero.clone());
    let r = disc.sqrt();
    let minus = (b.clone() - r.clone()) / s.clone();
    let plus = (b + r) / s;
    // With σ1 < σ2 the root λ− lies in [0, 1]; by symmetry λ+ otherwise (equal σ: both valid).
    let lam = if minus >= zero && minus <= one && s1 <= s2 { minus } else { plus };
    lam.max(zero).min(one)
}

/// Lemma 4.1 / Theorem 4.2 (DP Model Merging), the LC Rényi divergence `αΔ²/(2σ²_LC(λ))` in any
/// precision (no validation; rounded to nearest in `R`). The f64 bound with directed rounding is
/// [`lc_rdp_gauss`].
pub fn lc_rdp_gauss_r<R: Real>(alpha: &R, delta: &R, s1: &R, s2: &R, lam: &R) -> R {
    let lc = lam.one() - lam.clone();
    let v = lam.clone() * lam.clone() * s1.clone() * s1.clone() + lc.clone() * lc * s2.clone() * s2.clone();
    alpha.clone() * delta.clone() * delta.clone() / (alpha.cst(2.0) * v)
}

/// Theorem 4.2 (DP Model Merging), MSE of an unbiased release: `noise variance + Var(μ̂)`.
/// Exact. Errors: negative or non-finite inputs.
pub fn mse(noise_var: f64, var_mu_hat: f64) -> Result<f64> {
    for (n, x) in [("noise variance", noise_var), ("Var(mu_hat)", var_mu_hat)] {
        if !(x.is_finite() && x >= 0.0) {
            return Err(Error::invalid(n, x, "must be a finite number >= 0"));
        }
    }
    Ok(noise_var + var_mu_hat)
}

/// Lemma 4.1 (DP Model Merging), Fisher information for location of `P_π`,
/// `I(P_π) = ∫ p'²/p = E_P[(p'/p)²]` by quadrature, in any [`Real`] (the paper's `J_χ`).
/// `I ≥ 1/σ²_RS` with equality iff π ∈ {0, 1} or σ1 = σ2. Estimate (quadrature).
/// Errors: out-of-domain inputs.
pub fn fisher_location_r<R: Real>(pi: &R, s1: &R, s2: &R) -> Result<R> {
    let (p, _) = rs_mixture_pair(&[pi.clone(), pi.one() - pi.clone()], &[s1.clone(), s2.clone()], &pi.zero())?;
    let pts = break_points(&pi.cst(1.5), &p, &p);
    let pp = p.prepared(pi);
    let (v, _) = integrate(|x| {
        let (lp, s) = pp.ln_pdf_and_score(x);
        lp.exp() * s.clone() * s
    }, &pts);
    Ok(v)
}

/// Lemma 4.1 (DP Model Merging), Fisher information `I(P_π)` in f64 (wrapper of
/// [`fisher_location_r`]). Estimate. Errors: out-of-domain inputs.
/// Errors also `Error::Unsupported` outside the quadrature's range (σ_i ∈ [1e-150, 1e150],
/// `σ_max/σ_min ≤ 1e8`, as [`in_quadrature_range`]); [`fisher_location_upper`] bounds it there.
pub fn fisher_location(pi: f64, s1: f64, s2: f64) -> Result<f64> {
    check_pair(pi, s1, s2)?;
    let (a, b) = (s1.min(s2), s1.max(s2));
    if !(a >= 1e-150 && b <= 1e150 && b / a <= 1e8) {
        return Err(Error::Unsupported(format!(
            "Fisher information at sigma = {s1},{s2}: outside the f64 quadrature's range (sigma in [1e-150, 1e150], sigma_max/sigma_min <= 1e8)"
        )));
    }
    fisher_location_r(&pi, &s1, &s2)
}

/// Lemma 4.1 (DP Model Merging), upper bound `I(P_π) ≤ π/σ1² + (1−π)/σ2²` by convexity of
/// Fisher information in the distribution (Cohen 1968; Dembo, Cover & Thomas 1991, Lemma 3
/// context), each Gaussian component having `I = 1/σ_i²`; equality at π ∈ {0, 1} or σ1 = σ2, and
/// approached as `σ_max/σ_min → ∞` (the components stop interacting). Rounded up (+∞ on overflow).
/// Errors: out-of-domain inputs.
pub fn fisher_location_upper(pi: f64, s1: f64, s2: f64) -> Result<f64> {
    use crate::num::round::{add_up, div_up, mul_down};
    check_pair(pi, s1, s2)?;
    let term = |w: f64, s: f64| if w == 0.0 { 0.0 } else { div_up(w, mul_down(s, s)) };
    // 1 − π computed exactly enough: the weight is rounded up for the upper bound.
    Ok(add_up(term(pi, s1), term(crate::num::round::sub_up(1.0, pi), s2)))
}

/// Lemma 4.1 (DP Model Merging), `c_π = (α/2)(I − 1/σ²_RS)` from a given (upper bound on the)
/// Fisher information `i_up`, rounded up: an upper bound on `c_π` when `i_up ≥ I(P_π)` (clamped
/// at 0, since `c_π ≥ 0`). Errors: α out of domain, out-of-domain weights or σ.
pub fn c_pi_from_fisher(alpha: f64, i_up: f64, pi: f64, s1: f64, s2: f64) -> Result<f64> {
    use crate::num::round::{div_down, mul_up, sub_up};
    if !(alpha > 1.0 && alpha.is_finite()) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    let v = sigma2_rs(pi, s1, s2)?;
    Ok(mul_up(alpha / 2.0, sub_up(i_up, div_down(1.0, crate::num::round::widen_up(v, 2))).max(0.0)))
}

/// Lemma 4.1 (DP Model Merging), excess coefficient `c_π = (α/2)(I(P_π) − 1/σ²_RS(π)) ≥ 0` of
/// `D_α = αΔ²/(2σ²_RS) + c_π Δ² + O(Δ⁴)`; `c_π > 0` iff π ∈ (0, 1) **and** σ1 ≠ σ2 (audit A9).
/// Estimate (quadrature). Errors: out-of-domain inputs.
pub fn c_pi(alpha: f64, pi: f64, s1: f64, s2: f64) -> Result<f64> {
    if !(alpha > 1.0 && alpha.is_finite()) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    Ok(alpha / 2.0 * (fisher_location(pi, s1, s2)? - 1.0 / sigma2_rs(pi, s1, s2)?))
}

/// Theorem 4.2 / Lemma 4.1 (DP Model Merging) at finite Δ (audit A9): the smallest Δ* > 0 where the exact RS
/// divergence equals the equal-variance LC divergence `αΔ²/(2σ²_RS(π))`; below Δ* RS is less
/// private (the lemma's direction), above it more private. Found by scanning
/// `αΔ = 0.01·√2^k` up to 200 and bisecting `ln D_exact − ln D_LC` in `ln Δ` to 1e-12 relative.
/// Estimate. Errors: `c_π = 0` (π ∈ {0,1} or σ1 = σ2: no crossover) or no crossing found.
pub fn crossover_delta(alpha: f64, s1: f64, s2: f64, pi: f64) -> Result<f64> {
    let v = sigma2_rs(pi, s1, s2)?;
    if !(v.is_finite() && v > 0.0) {
        return Err(Error::Unsupported(format!("crossover: sigma2_RS = {v:e} overflows or underflows in f64 (sigma = {s1},{s2})")));
    }
    if pi == 0.0 || pi == 1.0 || s1 == s2 {
        return Err(Error::invalid("(pi, sigma1, sigma2)", format!("({pi}, {s1}, {s2})"), "c_pi = 0: RS equals LC, no crossover"));
    }
    let f = |d: f64| -> Result<f64> { Ok(rs_renyi_exact(alpha, d, s1, s2, pi)?.ln() - (alpha * d * d / (2.0 * v)).ln()) };
    let scale = v.sqrt();
    let mut lo = 0.01 * scale / alpha;
    if f(lo)? <= 0.0 {
        return Err(Error::Numerical(format!("crossover: RS already below LC at Delta = {lo}")));
    }
    let mut hi = lo;
    loop {
        hi *= std::f64::consts::SQRT_2;
        if alpha * hi > 200.0 * scale {
            return Err(Error::Numerical(format!("crossover: no crossing for alpha*Delta <= {}", 200.0 * scale)));
        }
        if f(hi)? <= 0.0 {
            break;
        }
        lo = hi;
    }
    // f(lo) > 0 ≥ f(hi) evaluated above; bisection at the midpoint √(lo·hi) (bisection in ln Δ)
    // to relative width 1e-12; the estimate is the midpoint of the final bracket.
    let stop = Stop::width(0.0, 1e-12, 2100).with_midpoint(Midpoint::GeometricOfProduct);
    let b = root_of_bracket(|d: &f64| f(*d), &0.0, Monotone::Decreasing, Bracket::established(lo, hi), &stop)?;
    Ok(0.5 * (b.lo + b.hi))
}

#[cfg(test)]
#[path = "mean_estimation_test.rs"]
mod mean_estimation_test;

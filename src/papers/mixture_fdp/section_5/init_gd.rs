//! Section 5 / Appendix D of the mixtures f-DP paper: one step of DP-GD from a random Gaussian
//! initialisation, `θ(D) = I − g(I, D) − σZ`, `I, Z ~ N(0, 1)` (spec `shared/spec/mixtures_fdp.md`
//! §5.1–§5.5, §10.1 item 3, §10.2 "Section 5", "Remark after Thm. 5.1", "Example D.3").
//!
//! Everything is an expectation over `I ~ N(0, 1)` of a Gaussian component `G_{|μ_I|}`
//! ([`Shift`] describes `μ_I` or the envelope `m(I)`): the type I/II errors of Theorem 5.1
//! ([`theorem_5_1_alpha_beta`]), its trade-off value ([`theorem_5_1_eval`]) and its additive δ
//! curve `δ_J(ε) = E_I[δ_{G_{|μ_I|}}(ε)]` in log space ([`theorem_5_1_ln_delta`]). Quadrature:
//! tanh–sinh on `I`, split at every kink and zero of `μ` and on a fixed partition of
//! `[−38, 38]` (`φ(38) < 1e−313`: the cut tails weigh less than any δ reported); the constant
//! tails of a clipped shift are integrated analytically (spec §5.2 "Reference implementation").

use crate::error::{check, Error, Result};
use crate::num::quad::integrate_split;
use super::ln_delta::{delta_upper_from_ln, ln_delta_gdp_upper};
use crate::num::special::ndtr;
use crate::repr::Gdp;

/// Half-width of the integration range in `I` (spec §5.2; `φ(38) ≈ 1e−314`).
pub(super) const I_MAX: f64 = 38.0;
/// Fixed partition of the range (the Gaussian weight is resolved on every piece).
pub(super) const CUTS: [f64; 11] = [-38.0, -20.0, -10.0, -5.0, -2.5, 0.0, 2.5, 5.0, 10.0, 20.0, 38.0];
/// Relative rounding added to δ and subtracted from β (quadrature error ≲ 1e−13 relative).
pub const ROUND_REL: f64 = 1e-11;

/// The standardised gradient difference `μ_I = (g(I, D₁) − g(I, D₀))/σ` of a neighbouring pair,
/// or a non-negative envelope `m(I) ≥ sup |μ_I|` (spec §5.1, §5.3, §5.4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shift {
    /// Examples D.1 / D.2 (least squares, `y_i = a x_i`, `x_i² = 1`, one point removed):
    /// `μ_I = clip(a − I, −c, c)/σ`; `c = ∞` is D.1 (no clipping). Signed.
    Clipped { a: f64, c: f64, sigma: f64 },
    /// Example D.3 corrected (spec §5.4): `m(I) = M/(σ(1 + e^{−M|I|}))` for `|xy| ≤ M`.
    Logistic { m: f64, sigma: f64 },
    /// Example D.3 as printed: `sup_{|xy| ≤ M} |e^{−Ixy}/(1 + e^{−Ixy})| = 1/(1 + e^{−M|I|})`
    /// (no factor `|xy|`, no `σ`; spec §10.2 "Example D.3") — kept to show the typo's effect.
    LogisticPrinted { m: f64 },
    /// A constant `|μ_I| ≡ μ` (no initialisation randomness): `J = G_μ` (spec §5.6 item 3).
    Constant { mu: f64 },
}

impl Shift {
    /// Validate the parameters. Errors: `a` not finite; `c`, `σ`, `M`, `μ` not > 0 (`c = +∞` allowed).
    pub fn checked(self) -> Result<Shift> {
        match self {
            Shift::Clipped { a, c, sigma } => {
                check::finite("a (label slope)", a)?;
                check::positive("sigma", sigma)?;
                if !(c > 0.0) {
                    return Err(Error::invalid("clipping norm c", c, "must be > 0 (inf: no clipping)"));
                }
            }
            Shift::Logistic { m, sigma } => {
                check::positive("M (bound on |xy|)", m)?;
                check::positive("sigma", sigma)?;
            }
            Shift::LogisticPrinted { m } => {
                check::positive("M (bound on |xy|)", m)?;
            }
            Shift::Constant { mu } => {
                check::positive("mu", mu)?;
            }
        }
        Ok(self)
    }

    /// The signed value `μ_I` at `I = i` (the envelopes are non-negative).
    pub fn mu(&self, i: f64) -> f64 {
        match *self {
            Shift::Clipped { a, c, sigma } => (a - i).clamp(-c, c) / sigma,
            Shift::Logistic { m, sigma } => m / (sigma * (1.0 + (-m * i.abs()).exp())),
            Shift::LogisticPrinted { m } => 1.0 / (1.0 + (-m * i.abs()).exp()),
            Shift::Constant { mu } => mu,
        }
    }

    /// `sup_I |μ_I|` (`+∞` for D.1).
    pub fn sup_abs(&self) -> f64 {
        match *self {
            Shift::Clipped { c, sigma, .. } => c / sigma,
            Shift::Logistic { m, sigma } => m / sigma,
            Shift::LogisticPrinted { .. } => 1.0,
            Shift::Constant { mu } => mu,
        }
    }

    /// `E_I[h(μ_I)]` with the signed `μ_I`: analytic constant tails (clipping), tanh–sinh on the
    /// rest, split at the kinks `a ± c`, the zero `a` (or 0) and the fixed partition.
    pub fn expect<H: Fn(f64) -> f64>(&self, h: H) -> f64 {
        let phi = |i: f64| (-0.5 * i * i).exp() / (2.0 * std::f64::consts::PI).sqrt();
        let (mut lo, mut hi, mut tails) = (-I_MAX, I_MAX, 0.0);
        let mut kinks = vec![0.0];
        match *self {
            Shift::Constant { mu } => return h(mu),
            Shift::Clipped { a, c, sigma } => {
                kinks = vec![a];
                if c.is_finite() {
                    // a − I > c (I < a − c): μ = c/σ, weight Φ(a − c); I > a + c: μ = −c/σ, weight Φ(−a − c)
                    tails = ndtr(a - c) * h(c / sigma) + ndtr(-a - c) * h(-c / sigma);
                    lo = (a - c).max(-I_MAX);
                    hi = (a + c).min(I_MAX);
                }
            }
            _ => {}
        }
        if lo >= hi {
            return tails;
        }
        let mut pts: Vec<f64> = CUTS.iter().copied().chain(kinks).filter(|&x| x > lo && x < hi).collect();
        pts.push(lo);
        pts.push(hi);
        pts.sort_by(|x, y| x.total_cmp(y));
        pts.dedup();
        let q = integrate_split(|&i: &f64| h(self.mu(i)) * phi(i), &pts, &0.0, 12);
        tails + q.value
    }
}

/// One Gaussian component `G_{|μ|}` at the log-likelihood-ratio threshold `t` (reject when
/// `log(p/q) ≤ t`): `(Φ(t/|μ| − |μ|/2), Φ(−t/|μ| − |μ|/2))`; `μ = 0` gives `(1{t > 0}, 1{t < 0})`
/// (spec §5.2 "Degenerate component"). Theorem 5.1 in sign-invariant form.
pub fn component_alpha_beta(mu: f64, t: f64) -> (f64, f64) {
    let m = mu.abs();
    if m == 0.0 {
        return (f64::from(u8::from(t > 0.0)), f64::from(u8::from(t < 0.0)));
    }
    (ndtr(t / m - 0.5 * m), ndtr(-t / m - 0.5 * m))
}

/// **Theorem 5.1** (mixtures f-DP, Section 5; spec §5.2, simplified to the `|μ_I|` form, which
/// equals the paper's two branches `μ_I ≤ 0`, `μ_I > 0`): the point `(α(t), β(t))` of `J_μ`,
/// `α(t) = E_I[Φ(t/|μ_I| − |μ_I|/2)]`, `β(t) = E_I[Φ(−t/|μ_I| − |μ_I|/2)]`. Also the worst-case
/// remark (spec §5.3) when `shift` is a non-negative envelope. Errors: `t` not finite, parameters.
pub fn theorem_5_1_alpha_beta(shift: &Shift, t: f64) -> Result<(f64, f64)> {
    check::finite("threshold t", t)?;
    let s = shift.checked()?;
    let a = s.expect(|m| component_alpha_beta(m, t).0);
    let b = s.expect(|m| component_alpha_beta(m, t).1);
    Ok((a.clamp(0.0, 1.0), b.clamp(0.0, 1.0)))
}

/// The paper's printed two-branch form of **Theorem 5.1** (Section 5, its display with
/// `t_I = −t/μ_I + μ_I/2`): `α = E[Φ(t_I)1{μ_I ≤ 0} + Φ(−t_I)1{μ_I > 0}]`, `β = E[Φ(−t_I + μ_I)1{μ_I ≤ 0}
/// + Φ(t_I − μ_I)1{μ_I > 0}]` (spec §5.2: equal to [`theorem_5_1_alpha_beta`]; `μ_I = 0` as there).
pub fn theorem_5_1_printed_alpha_beta(shift: &Shift, t: f64) -> Result<(f64, f64)> {
    check::finite("threshold t", t)?;
    let s = shift.checked()?;
    let branch = |mu: f64| -> (f64, f64) {
        if mu == 0.0 {
            return component_alpha_beta(0.0, t);
        }
        let ti = -t / mu + 0.5 * mu;
        if mu <= 0.0 {
            (ndtr(ti), ndtr(-ti + mu))
        } else {
            (ndtr(-ti), ndtr(ti - mu))
        }
    };
    Ok((s.expect(|m| branch(m).0), s.expect(|m| branch(m).1)))
}

/// The **remark after Theorem 5.1** with its one-branch formula fed a *signed* value, as the
/// paper's clipped example displays `μ^max_I = clip(a − I, −c, c)` (spec §5.3, §10.1 item 3):
/// `α = E[Φ(t/μ − μ/2)]`, `β = E[Φ(−t/μ − μ/2)]` with the sign kept, so a negative component
/// contributes `(1 − α_I, 1 − β_I)`. Not a proven bound; shown for the audit point only.
pub fn remark_signed_alpha_beta(shift: &Shift, t: f64) -> Result<(f64, f64)> {
    check::finite("threshold t", t)?;
    let s = shift.checked()?;
    let one = |mu: f64| -> (f64, f64) {
        if mu == 0.0 {
            return component_alpha_beta(0.0, t);
        }
        (ndtr(t / mu - 0.5 * mu), ndtr(-t / mu - 0.5 * mu))
    };
    Ok((s.expect(|m| one(m).0), s.expect(|m| one(m).1)))
}

/// **Theorem 5.1** (spec §5.2 "Reference implementation" `dpgd_eval`): `J_μ(α)`, rounded down.
/// `α(t)` increases in `t`: bisection (200 steps, bracket on the scale of `sup|μ_I|`) for the
/// smallest `t` with `α(t) ≥ α`, then
/// `β(t)` there, which is ≤ `J_μ(α)` as β decreases. Errors: α ∉ [0, 1], parameters.
pub fn theorem_5_1_eval(shift: &Shift, alpha: f64) -> Result<f64> {
    check::unit_closed("type I error alpha", alpha)?;
    let s = shift.checked()?;
    if alpha == 0.0 {
        return Ok(1.0);
    }
    if alpha == 1.0 {
        return Ok(0.0);
    }
    let af = |t: f64| s.expect(|m| component_alpha_beta(m, t).0);
    // Each component's α moves with t/|μ| − |μ|/2, so the threshold lives on the scale
    // max(μ̄, μ̄²), μ̄ = sup|μ_I|: a unit bracket cannot resolve t ≈ 1e−300 in 200 halvings
    // (Example D.2 at c = 1e−300 gave J(0.3) = 0.5 for the true 0.7, issue 25).
    let sup = s.sup_abs();
    let scale = if sup > 0.0 && sup.is_finite() { sup.max(sup * sup).min(1e300) } else { 1.0 };
    let (mut lo, mut hi) = (-scale, scale);
    while af(lo) > alpha && lo > -1e6 * scale {
        lo *= 2.0;
    }
    while af(hi) < alpha && hi < 1e6 * scale {
        hi *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if af(mid) >= alpha {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let b = s.expect(|m| component_alpha_beta(m, hi).1);
    Ok((b * (1.0 - ROUND_REL)).clamp(0.0, 1.0))
}

/// `ln δ_J(ε)` of **Theorem 5.1** (spec §5.2 [D] "Properties": the δ curve is additive,
/// `δ_J(ε) = E_I[δ_{G_{|μ_I|}}(ε)]`, the conjugate `1 + J*(−e^ε)` of a joint combination being the
/// weighted sum of the components'), an upper bound: [`Shift::ln_expect`] of
/// [`ln_delta_gdp_upper`] (log space throughout: δ = 1e−300, ε = 1e5 or ε = 1e300 are answered,
/// the last as `ln δ ≤ −9e307`), plus [`ROUND_REL`]. Errors: ε not finite or < 0, parameters.
pub fn theorem_5_1_ln_delta(shift: &Shift, eps: f64) -> Result<f64> {
    check::finite("epsilon", eps)?;
    if eps < 0.0 {
        return Err(Error::invalid("epsilon", eps, "must be ≥ 0"));
    }
    let s = shift.checked()?;
    let v = s.ln_expect(|m| ln_delta_gdp_upper(m, eps), eps);
    if v.is_nan() {
        return Err(Error::Numerical(format!("Theorem 5.1 delta integral is NaN at eps = {eps}")));
    }
    Ok((v + ROUND_REL).min(0.0))
}

/// `δ_J(ε)` of **Theorem 5.1** (spec §5.2), an upper bound: `exp` of [`theorem_5_1_ln_delta`]
/// rounded up, never 0 (the smallest subnormal when δ lies below the f64 range: the old
/// `init-gd --epsilon 1e300` printed an "upper" δ of 0.0).
pub fn theorem_5_1_delta(shift: &Shift, eps: f64) -> Result<f64> {
    Ok(delta_upper_from_ln(theorem_5_1_ln_delta(shift, eps)?))
}

/// `ε_J(δ) = inf{ε ≥ 0 : δ_J(ε) ≤ δ}` of **Theorem 5.1** (spec §5.2, §2.7), the upper end of a
/// bisection on `ln δ` (δ decreases in ε; `∞` if no ε ≤ 1e12 reaches δ). Errors: δ ∉ (0, 1),
/// parameters.
pub fn theorem_5_1_epsilon(shift: &Shift, delta: f64) -> Result<f64> {
    check::unit_open("delta", delta)?;
    let target = delta.ln();
    if theorem_5_1_ln_delta(shift, 0.0)? <= target {
        return Ok(0.0);
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while theorem_5_1_ln_delta(shift, hi)? > target {
        lo = hi;
        hi *= 2.0;
        if hi > 1e12 {
            // δ_J(ε) > δ for every ε ≤ 1e12: report ∞ (an upper bound)
            return Ok(f64::INFINITY);
        }
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi || hi - lo <= 1e-13 * hi {
            break;
        }
        if theorem_5_1_ln_delta(shift, mid)? > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(hi)
}

/// **Remark after Theorem 5.1** (worst case; spec §5.3 [C]): with a non-negative envelope
/// `m(I) ≥ sup_{D₀∼D₁} |μ_I|`, one step is `J_m`-DP; `J_m(α)` by [`theorem_5_1_eval`] on `m`.
/// Errors: a signed shift (use its envelope `min(|a − I|, c)/σ`, which [`Shift::Clipped`] gives
/// through the `|μ|` form), parameters, α.
pub fn worst_case_remark_eval(envelope: &Shift, alpha: f64) -> Result<f64> {
    // every Shift is read through |μ| (the Clipped envelope min(|a − I|, c)/σ = |clip(a − I, −c, c)|/σ)
    theorem_5_1_eval(envelope, alpha)
}

/// The baseline without initialisation randomness (a fixed start): the Gaussian mechanism with
/// sensitivity `sup|μ|·σ`, i.e. `G_{sup|μ_I|}` (spec §5.4 D.2 "Without the initialisation
/// randomness, the mechanism is c-GDP"; paper Section 5 "c-GDP"). Errors: unbounded shift (D.1).
pub fn no_init_baseline(shift: &Shift) -> Result<Gdp> {
    let s = shift.checked()?;
    let mu = s.sup_abs();
    if !mu.is_finite() {
        return Err(Error::invalid("clipping norm c", "inf", "no finite baseline without clipping (Example D.1: the sensitivity is unbounded)"));
    }
    Gdp::new(mu)
}

/// **Example D.1** (least squares, no clipping; spec §5.4): `μ_I = (a − I)/σ`.
pub fn example_d_1(a: f64, sigma: f64) -> Result<Shift> {
    Shift::Clipped { a, c: f64::INFINITY, sigma }.checked()
}

/// **Example D.2** (least squares with clipping at `c`; spec §5.4): `μ_I = clip(a − I, −c, c)/σ`,
/// envelope `min(|a − I|, c)/σ`, baseline `G_{c/σ}`.
pub fn example_d_2(a: f64, c: f64, sigma: f64) -> Result<Shift> {
    if !c.is_finite() {
        return Err(Error::invalid("clipping norm c", c, "must be finite (c = inf is Example D.1)"));
    }
    Shift::Clipped { a, c, sigma }.checked()
}

/// **Example D.3** (logistic loss, corrected; spec §5.4 [C]): the envelope
/// `m(I) = sup_{|u| ≤ M} |u|/(σ(1 + e^{Iu})) = M/(σ(1 + e^{−M|I|})) ∈ [M/(2σ), M/σ]`.
pub fn example_d_3(m: f64, sigma: f64) -> Result<Shift> {
    Shift::Logistic { m, sigma }.checked()
}

/// **Example D.1**'s true output pair (spec §5.4): `θ(D₀) ~ N(na, (n−1)² + σ²)`,
/// `θ(D₁) ~ N((n−1)a, (n−2)² + σ²)` as `[(mean, variance); 2]`. Errors: n = 0, a, σ.
pub fn example_d_1_output_pair(n: u64, a: f64, sigma: f64) -> Result<[(f64, f64); 2]> {
    check::at_least_one("n", n)?;
    check::finite("a", a)?;
    check::positive("sigma", sigma)?;
    let nf = n as f64;
    let s2 = sigma * sigma;
    Ok([(nf * a, (nf - 1.0).powi(2) + s2), ((nf - 1.0) * a, (nf - 2.0).powi(2) + s2)])
}

/// Rényi divergence `R_λ(N(m₁, v₁) ‖ N(m₂, v₂))` of order `λ > 1` (closed form; `+∞` when
/// `v_λ = λv₂ + (1 − λ)v₁ ≤ 0`). Used for Example D.1's remark (spec §5.4 [C], §10.2 "Section 5":
/// `R_λ(N(a, 1 + σ²) ‖ N(0, σ²)) = ∞` for `λ ≥ 1 + σ²`, while the other direction is finite). Errors: λ ≤ 1, variances ≤ 0, means not finite.
pub fn gaussian_renyi(order: f64, m1: f64, v1: f64, m2: f64, v2: f64) -> Result<f64> {
    if !(order.is_finite() && order > 1.0) {
        return Err(Error::invalid("Renyi order", order, "must be finite and > 1"));
    }
    check::positive("variance v1", v1)?;
    check::positive("variance v2", v2)?;
    check::finite("mean m1", m1)?;
    check::finite("mean m2", m2)?;
    // With v_α = α v2 + (1 − α) v1 = α w, w = v2 + v1(1/α − 1): the divergence is
    // ½ ln(v2/v1) + (ln(v2/w) − ln α)/(2(α − 1)) + (m1 − m2)²/(2w), the same closed form without
    // the α·v overflow (α = 1.7e308 gave ∞/∞ = NaN, issue 25).
    let w = v2 + v1 * (1.0 / order - 1.0);
    if w <= 0.0 {
        return Ok(f64::INFINITY);
    }
    Ok(0.5 * (v2 / v1).ln() + ((v2 / w).ln() - order.ln()) / (2.0 * (order - 1.0)) + (m1 - m2).powi(2) / (2.0 * w))
}

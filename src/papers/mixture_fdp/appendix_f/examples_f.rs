//! Gaussian instances of Sections 3 and 6 and the examples of Appendix F of the mixtures f-DP
//! paper (spec `shared/spec/mixtures_fdp.md` §3.1 item 4, §6.1, §6.6, §6.7, §6.8), in closed
//! form with `G_μ(α) = Φ(Φ⁻¹(1 − α) − μ)` (spec §1.5). The discrete instances of Examples F.1 and
//! F.2 are in [`example_f_1_pairs`] and [`example_f_2_pairs`].

use crate::papers::mixture_fdp::section_3::joint_concavity::Pair;
use crate::error::{check, Error, Result};
use crate::num::special::ndtr;
use crate::repr::TradeOff;

/// `G_μ(α)` (spec §1.5), f64 (the crate's `repr::gdp::tradeoff`).
pub fn g(mu: f64, a: f64) -> f64 {
    crate::repr::gdp::tradeoff(&mu, &a)
}

fn check_mu(mu: f64) -> Result<()> {
    // μ ≤ 60: Φ(−μ/2) stays a normal f64, so x̄ > 0 in the closed forms
    if !(mu.is_finite() && mu > 0.0 && mu <= 60.0) {
        return Err(Error::invalid("Gaussian mean shift mu", mu, "must be in (0, 60]"));
    }
    Ok(())
}

/// `J_{(λ, 1−λ)}(Id, G_μ)(α)`: the index-revealed pair with weight `λ` on a pair of identical
/// laws and `1 − λ` on `(N(0,1), N(μ,1))` (spec §1.9, §6.7). Segments merged by slope: the part
/// of `G_μ` steeper than −1 (`α ≤ Φ(−μ/2)`), then `Id`, then the rest of `G_μ`:
/// `λ + (1−λ)G_μ(α/(1−λ))` for `α ≤ a₀ = (1−λ)Φ(−μ/2)`; slope −1 up to `a₀ + λ`;
/// `(1−λ)G_μ((α − λ)/(1−λ))` beyond. This is the Lemma 3.1 bound of Example F.3 (λ = w) and the
/// exact curve of the Proposition E.1 counterexample (λ = 1 − w). Errors: λ ∉ [0, 1), μ, α.
pub fn joint_id_gaussian(lam: f64, mu: f64, a: f64) -> Result<f64> {
    check_mu(mu)?;
    check::unit_closed("type I error a", a)?;
    if !(0.0..1.0).contains(&lam) {
        return Err(Error::invalid("weight of Id", lam, "must be in [0, 1)"));
    }
    let xb = ndtr(-mu / 2.0);
    let a0 = (1.0 - lam) * xb;
    Ok(if a <= a0 {
        lam + (1.0 - lam) * g(mu, a / (1.0 - lam))
    } else if a <= a0 + lam {
        lam + (1.0 - lam) * xb - (a - a0)
    } else {
        (1.0 - lam) * g(mu, ((a - lam) / (1.0 - lam)).min(1.0))
    })
}

/// `C(λ Id + (1 − λ) G_μ)(α)` by the closed form of spec §1.8 (eq. (3) with the sign fixed):
/// `x̄ = Φ(−μ/2)` (where `G_μ' = −1`), `f(α)` for `α ≤ x̄`, `x̄ + f(x̄) − α` up to `f(x̄)`, then
/// `f⁻¹(α)` (bisection, 200 steps). Used for Example F.3 (λ = w), Proposition E.1 (λ = 1 − w).
/// Errors: λ ∉ [0, 1), μ, α.
pub fn sym_mix_gaussian(lam: f64, mu: f64, a: f64) -> Result<f64> {
    check_mu(mu)?;
    check::unit_closed("type I error a", a)?;
    if !(0.0..1.0).contains(&lam) {
        return Err(Error::invalid("weight of Id", lam, "must be in [0, 1)"));
    }
    let f = |x: f64| lam * (1.0 - x) + (1.0 - lam) * g(mu, x);
    let xb = ndtr(-mu / 2.0);
    let fxb = f(xb);
    Ok(if a <= xb {
        f(a)
    } else if a <= fxb {
        xb + fxb - a
    } else {
        let (mut lo, mut hi) = (0.0f64, xb);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if f(mid) <= a {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    })
}

/// The printed middle piece of eq. (3), `x̄ − f(x̄) − α` (a sign typo; spec §1.8, §10.2), for
/// `f = λ Id + (1 − λ) G_μ` — to show the typo numerically.
pub fn eq_3_printed_middle(lam: f64, mu: f64, a: f64) -> f64 {
    let xb = ndtr(-mu / 2.0);
    let fxb = lam * (1.0 - xb) + (1.0 - lam) * g(mu, xb);
    xb - fxb - a
}

/// **Example F.3** (spec §6.7), `P₀ = N(0,1)`, `Q₀ = N(μ,1)`, pair `(P₀, wP₀ + (1 − w)Q₀)`:
/// `[exact, Lemma 3.1 bound, C(w Id + (1 − w) G_μ)]` at α. Exact: `w(1 − α) + (1 − w)G_μ(α)`
/// (the likelihood ratio is monotone, spec §6.7 [D]). Errors: w ∉ [0, 1), μ, α.
pub fn example_f_3(mu: f64, w: f64, a: f64) -> Result<[f64; 3]> {
    let exact = w * (1.0 - a) + (1.0 - w) * g(mu, a);
    Ok([exact, joint_id_gaussian(w, mu, a)?, sym_mix_gaussian(w, mu, a)?])
}

/// **Proposition E.1 Gaussian counterexample** (spec §6.6): `P₀ = N(100, 1)` (disjoint in f64),
/// `P₁ = N(0,1)`, `Q₁ = N(μ,1)`, weight w on `(P₁, Q₁)`: `[exact T(P, Q), printed
/// C((1−w)Id + wG_μ), corrected C((1−w)Id + w·0)]` at α. The index is observable, so the
/// exact curve is `J_{(1−w, w)}(Id, G_μ)`; the zero function is a symmetric `f` below
/// `T(P₀, P₁) = G_{100}` (≤ 1e−500 away from it), `T(P₀, Q₁)` and `G_μ`, as the corrected
/// statement needs. Errors: w ∉ (0, 1], μ, α.
pub fn proposition_e_1_gaussian(mu: f64, w: f64, a: f64) -> Result<[f64; 3]> {
    if !(w > 0.0 && w <= 1.0) {
        return Err(Error::invalid("mixture weight w", w, "must be in (0, 1]"));
    }
    let zero = TradeOff::from_points(&[(0.0, 0.0), (1.0, 0.0)])?;
    let corrected = crate::papers::mixture_fdp::section_6::advanced_concavity::proposition_e_1_corrected(&zero, w)?.eval(a)?;
    Ok([joint_id_gaussian(1.0 - w, mu, a)?, sym_mix_gaussian(1.0 - w, mu, a)?, corrected])
}

/// **Proposition 6.1 counterexample** (spec §6.1): `T(½N(θ,1) + ½N(−θ,1), N(0,1))(α)`. The
/// optimal test rejects when `|X| < k`: `α = Φ(k − θ) − Φ(−k − θ)`, `β = 2Φ(−k)`; k by bisection
/// (200 steps). The paper's identity holds everywhere here (`Q₁ = Q₂`), yet `T > J = G_θ`.
/// Errors: θ not > 0, α.
pub fn proposition_6_1_gaussian(theta: f64, a: f64) -> Result<f64> {
    check_mu(theta)?;
    check::unit_closed("type I error a", a)?;
    let alpha = |k: f64| ndtr(k - theta) - ndtr(-k - theta);
    let (mut lo, mut hi) = (0.0f64, 60.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if alpha(mid) < a {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok((2.0 * ndtr(-0.5 * (lo + hi))).min(1.0))
}

/// **Example F.4** (spec §6.8): `(½P + ½Q, ½Q + ½P)` with `P = N(0,1)`, `Q = N(μ,1)`:
/// `[exact = Id, Lemma 3.1 = J_{(½,½)}(G_μ, G_μ) = G_μ, Proposition 6.4 (w = ½) = C(Id) = Id]`.
pub fn example_f_4(mu: f64, a: f64) -> Result<[f64; 3]> {
    check_mu(mu)?;
    check::unit_closed("type I error a", a)?;
    Ok([1.0 - a, g(mu, a), 1.0 - a])
}

/// **Example F.1** (spec §6.8) reduced exactly to atoms (the densities are constant on the four
/// unit cells `[−1,0], [0,1], [2,3], [3,4]`): `P₁ = U[0,1]`, `Q₁ = U[2,3]`, `P₂ = U[−1,0]`,
/// `Q₂ = U[3,4]`.
pub fn example_f_1_pairs() -> [Pair; 2] {
    [Pair::new(&[0.0, 1.0, 0.0, 0.0], &[0.0, 0.0, 1.0, 0.0]), Pair::new(&[1.0, 0.0, 0.0, 0.0], &[0.0, 0.0, 0.0, 1.0])]
}

/// **Example F.2** (spec §6.8 computed example): `(P₁, Q₁) = ((0.6, 0.4), (0.4, 0.6))` on two
/// x-axis points, `(P₂, Q₂) = ((0.9, 0.1), (0.1, 0.9))` on two y-axis points (support of four).
pub fn example_f_2_pairs() -> [Pair; 2] {
    [Pair::new(&[0.6, 0.4, 0.0, 0.0], &[0.4, 0.6, 0.0, 0.0]), Pair::new(&[0.0, 0.0, 0.9, 0.1], &[0.0, 0.0, 0.1, 0.9])]
}

//! Result cards of Section 4.1 (Gaussian mean estimation): Lemma 4.1 and Theorem 4.2.
//!
//! Setting (spec §5): the empirical mean μ̂ (ℓ2 sensitivity Δ) is released twice,
//! `θ_i ~ N(μ̂, σ_i²)`; random selection releases the mixture `P_π = πN(μ̂, σ₁²) + (1−π)N(μ̂, σ₂²)`
//! (its neighbour `Q_π` shifted by Δ), linear combination the Gaussian `N(μ̂, σ²_LC(λ))`.

use crate::error::{Error, Result};
use crate::num::Mp;
use crate::papers::card::common::ORDER;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::cards::params::{weights, LAMBDA, PI};
use crate::papers::model_merging::section_4::mean_estimation::*;
use crate::papers::Guarantee;

const SENS: Param = Param::new("Delta", "Δ", "ℓ2 sensitivity Δ of the empirical mean μ̂ (both releases are μ̂ + N(0, σ_i²))", Domain::POSITIVE);
const SIGMA2: Param = Param::new("sigma", "σ₁, σ₂", "noise standard deviations σ₁, σ₂ of the two Gaussian releases θ_i ~ N(μ̂, σ_i²)", Domain::reals(Domain::POSITIVE, 2, 2));
const PI2: Param = PI.meaning("random-selection weight: π (the probability of releasing θ₁), or the list π, 1 − π");
const LAMBDA2: Param = LAMBDA.meaning("linear-combination weight: λ (θ = λθ₁ + (1 − λ)θ₂), or the list λ, 1 − λ").optional();

/// Lemma 4.1 (DP Model Merging): the exact RDP of random selection `D_α(P_π‖Q_π)` (1-D
/// tanh–sinh quadrature, [`rs_renyi_exact`]), its small-Δ
/// expansion `αΔ²/(2σ²_RS(π)) + c_πΔ² + O(Δ⁴)` with `c_π = (α/2)(I(P_π) − 1/σ²_RS)` ([`c_pi`],
/// [`fisher_location`]), and the exact LC value `αΔ²/(2σ²_LC(λ))`.
pub const LEMMA_4_1: Card = Card {
    result: "Lemma 4.1",
    title: "Mean estimation: RS RDP D_α(P_π‖Q_π) = αΔ²/(2σ²_RS(π)) + c_πΔ² + O(Δ⁴); LC RDP αΔ²/(2σ²_LC(λ))",
    function: "crate::papers::model_merging::section_4::mean_estimation::rs_renyi_exact",
    guarantee: Guarantee::Exact,
    golden: "model_merging/lemma_4_1_theorem_4_2.csv",
    spec: "merging §5",
    params: &[ORDER, SENS, SIGMA2, PI2, LAMBDA2],
    outputs: &[
        OutputSpec::exact("rdp_rs", "ε^RS_α(π) = D_α(P_π‖Q_π), the exact RDP of random selection (1-D quadrature)"),
        OutputSpec::exact("rdp_rs_leading", "αΔ²/(2σ²_RS(π)), the leading term of Lemma 4.1 (= LC at equal variance)"),
        OutputSpec::exact("c_pi", "c_π = (α/2)(I(P_π) − 1/σ²_RS(π)) ≥ 0 of Lemma 4.1 (> 0 iff π ∈ (0,1) and σ₁ ≠ σ₂, audit A9)"),
        OutputSpec::estimate("rdp_rs_expansion", "αΔ²/(2σ²_RS(π)) + c_πΔ², Lemma 4.1's expansion without its O(Δ⁴) remainder (A9: only asymptotic)"),
        OutputSpec::exact("fisher", "I(P_π) = ∫ p′²/p, the Fisher information for location of P_π (≥ 1/σ²_RS(π))"),
        OutputSpec::exact("sigma2_rs", "σ²_RS(π) = πσ₁² + (1 − π)σ₂²"),
        OutputSpec::exact("rdp_lc", "ε^LC_α(λ) = αΔ²/(2σ²_LC(λ)), the exact RDP of linear combination (give lambda)"),
        OutputSpec::exact("sigma2_lc", "σ²_LC(λ) = λ²σ₁² + (1 − λ)²σ₂² (give lambda)"),
    ],
    example: &[("alpha", "2"), ("Delta", "0.1"), ("sigma", "1,2"), ("pi", "0.5"), ("lambda", "0.25")],
    mpfr: true,
    eval: lemma_4_1,
};

/// Theorem 4.2 (DP Model Merging): the λ with `σ²_LC(λ) = σ²_RS(π)` ([`match_lambda`], MPFR twin
/// [`match_lambda_r`]), the RDP of both estimators at that common variance, and the finite-Δ
/// crossover beyond which the comparison reverses (audit A9, [`crossover_delta`]).
pub const THEOREM_4_2: Card = Card {
    result: "Theorem 4.2",
    title: "Mean estimation: at σ²_LC(λ) = σ²_RS(π) (same MSE), LC has RDP no larger than RS for small Δ",
    function: "crate::papers::model_merging::section_4::mean_estimation::match_lambda",
    guarantee: Guarantee::Exact,
    golden: "model_merging/lemma_4_1_theorem_4_2.csv",
    spec: "merging §5",
    params: &[ORDER, SENS, SIGMA2, PI2],
    outputs: &[
        OutputSpec::exact("lambda", "the λ ∈ [0, 1] with σ²_LC(λ) = σ²_RS(π): λ± = (σ₂² ± √(σ²_RS(σ₁² + σ₂²) − σ₁²σ₂²))/(σ₁² + σ₂²), λ− when σ₁ < σ₂"),
        OutputSpec::exact("sigma2", "the common noise variance σ²_RS(π) = σ²_LC(λ) (so the same MSE = σ² + Var(μ̂))"),
        OutputSpec::exact("rdp_lc", "ε^LC_α(λ) = αΔ²/(2σ²_LC(λ)) at the matching λ"),
        OutputSpec::exact("rdp_rs", "ε^RS_α(π) = D_α(P_π‖Q_π), exact RS RDP (1-D quadrature)"),
        OutputSpec::exact("lc_advantage", "rdp_rs − rdp_lc: ≥ 0 is Theorem 4.2's claim (holds for small Δ; negative beyond crossover_Delta, audit A9)"),
        OutputSpec::estimate("crossover_Delta", "Δ* > 0 where the exact RS RDP equals the LC RDP at equal variance (audit A9; bisection in ln Δ to 1e-12; none when π ∈ {0,1} or σ₁ = σ₂)"),
    ],
    example: &[("alpha", "8"), ("Delta", "0.1"), ("sigma", "1,2"), ("pi", "0.5")],
    mpfr: true,
    eval: theorem_4_2,
};

/// How the exact RS divergence is evaluated (its MPFR twin [`rs_renyi_exact_r`] takes tens of
/// seconds at 256 bits, too slow for a card; the golden file checks it).
const QUAD_NOTE: &str = "closed form where exact (one component; tight bounds at large αΔ²/σ²), else tanh–sinh quadrature of ∫ p_π^α q_π^{1−α} in f64 (≈1e-13 relative; MPFR twin checked by the golden file)";

/// `D_α(P_π‖Q_π)` and its note: [`rs_renyi_exact`], or where that is unsupported (f64 quadrature
/// out of range) the closed-form upper bound of [`rs_renyi_bounds`] (sound: more privacy loss).
fn rs_value(alpha: f64, d: f64, s1: f64, s2: f64, pi: f64) -> Result<(f64, String)> {
    match rs_renyi_exact(alpha, d, s1, s2, pi) {
        Ok(v) => Ok((v, QUAD_NOTE.to_string())),
        Err(Error::Unsupported(m)) => {
            let (_, up) = rs_renyi_bounds(alpha, d, s1, s2, pi)?;
            Ok((up, format!("UPPER BOUND only (Lemma 4.1 closed-form bounds: joint convexity / narrow-component domination, rounded up): {m}")))
        }
        Err(e) => Err(e),
    }
}

/// `I(P_π)` and `c_π` with a note: quadrature, or out of its range the upper bound
/// [`fisher_location_upper`] (then `c_π` is an upper bound too).
fn fisher_and_c(alpha: f64, pi: f64, s1: f64, s2: f64) -> Result<(f64, f64, String)> {
    match fisher_location(pi, s1, s2) {
        Ok(f) => Ok((f, c_pi(alpha, pi, s1, s2)?, "tanh–sinh quadrature in f64".to_string())),
        Err(Error::Unsupported(m)) => {
            let f = fisher_location_upper(pi, s1, s2)?;
            Ok((f, c_pi_from_fisher(alpha, f, pi, s1, s2)?, format!("UPPER BOUND only (convexity: I ≤ Σπ_i/σ_i², rounded up): {m}")))
        }
        Err(e) => Err(e),
    }
}

/// `a − b` for the difference outputs; `None` when both are +∞ (no meaningful difference).
fn difference(a: f64, b: f64) -> Option<f64> {
    let d = a - b;
    (!d.is_nan()).then_some(d)
}

fn inputs(a: &Args) -> Result<(f64, f64, f64, f64, f64)> {
    let s = a.reals("sigma")?;
    Ok((a.real("alpha")?, a.real("Delta")?, s[0], s[1], weights(a, "pi", 2)?[0]))
}

fn lemma_4_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (alpha, d, s1, s2, pi) = inputs(a)?;
    let lam = if a.has("lambda") { Some(weights(a, "lambda", 2)?[0]) } else { None };
    let mut out = Outputs::new();
    let (exact, note) = rs_value(alpha, d, s1, s2, pi)?;
    out.value_note("rdp_rs", exact, note);
    let v = sigma2_rs(pi, s1, s2)?;
    let leading = if (d * d).is_finite() && v.is_finite() && v > 0.0 {
        alpha * d * d / (2.0 * v)
    } else {
        // Δ² or σ²_RS beyond f64 (Δ = σ_i = 1.7e308 gave ∞/∞, issue 25): α/2·(Δ/σ_RS)² with
        // σ_RS = m·√(π(σ1/m)² + (1 − π)(σ2/m)²), m = max σ_i.
        let m = s1.max(s2);
        let s_rs = m * (pi * (s1 / m).powi(2) + (1.0 - pi) * (s2 / m).powi(2)).sqrt();
        0.5 * alpha * (d / s_rs).powi(2)
    };
    out.value("rdp_rs_leading", leading);
    out.value("sigma2_rs", v);
    let (fisher, fnote) = fisher_and_c(alpha, pi, s1, s2).map(|(f, _, n)| (f, n))?;
    let c = fisher_and_c(alpha, pi, s1, s2)?.1;
    out.value_note("fisher", fisher, fnote.clone());
    out.value_note("c_pi", c, fnote);
    let expansion = leading + c * d * d;
    let remainder = difference(exact, expansion).map_or("both infinite".to_string(), |r| format!("{r:e}"));
    out.value_note("rdp_rs_expansion", expansion, format!("exact minus expansion = {remainder} (the O(Δ⁴) remainder)"));
    match lam {
        Some(l) => {
            let iv = ctx.mp(|prec| {
                let m = |x: f64| Mp::new(prec, x);
                Ok(vec![lc_rdp_gauss_r(&m(alpha), &m(d), &m(s1), &m(s2), &m(l))])
            })?;
            out.interval("rdp_lc", lc_rdp_gauss(alpha, d, s1, s2, l)?, iv[0], format!("closed form, f64 rounded up; interval: MPFR {} bits", ctx.precision));
            out.value("sigma2_lc", sigma2_lc(l, s1, s2)?);
        }
        None => {
            out.not_computed("rdp_lc", "give lambda=… for the LC value");
            out.not_computed("sigma2_lc", "give lambda=…");
        }
    }
    Ok(out)
}

fn theorem_4_2(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (alpha, d, s1, s2, pi) = inputs(a)?;
    let lam = match_lambda(pi, s1, s2)?;
    let (rs, rs_note) = rs_value(alpha, d, s1, s2, pi)?;
    let lc = lc_rdp_gauss(alpha, d, s1, s2, lam)?;
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let l = match_lambda_r(&m(pi), &m(s1), &m(s2));
        let lc = lc_rdp_gauss_r(&m(alpha), &m(d), &m(s1), &m(s2), &l);
        Ok(vec![l, lc])
    })?;
    let note = format!("interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    out.interval("lambda", lam, iv[0], format!("closed form λ−/λ+ in f64; {note}"));
    out.value("sigma2", sigma2_rs(pi, s1, s2)?);
    out.interval("rdp_lc", lc, iv[1], format!("f64 rounded up; {note} (at the MPFR λ)"));
    out.value_note("rdp_rs", rs, rs_note);
    match difference(rs, lc) {
        Some(adv) => out.value_note("lc_advantage", adv, "rdp_rs − rdp_lc in f64"),
        None => out.not_computed("lc_advantage", "rdp_rs and rdp_lc are both +∞ (above f64::MAX): no finite difference"),
    };
    out.from_result("crossover_Delta", crossover_delta(alpha, s1, s2, pi))?;
    Ok(out)
}

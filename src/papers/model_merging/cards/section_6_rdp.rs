//! Result cards of Section 6 (linear combination), RDP side: Theorem 6.1 (joint release),
//! Theorem 6.2 (per-step RDP of merged DP-SGD, eq. 9) and Algorithm 3.
//!
//! Audit A1: composing the per-step accounting of Theorem 6.2 over T > 1 steps is not sound in
//! general (each model's gradient is taken at its own unreleased iterate); the cards report the
//! paper's numbers as printed and, beside them, Theorem 6.1's joint-release bound — the value
//! `dpaudit merge` certifies for T > 1.

use super::params::*;
use crate::error::Result;
use crate::mechanisms::Mechanism;
use crate::num::round::{add_down, add_up, div_down, div_up, mul_down, mul_up};
use crate::num::{Interval, Mp};
use crate::papers::card::common::{DELTA, EPSILON, ORDER};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::commands::portfolio::ModelKind;
use crate::papers::model_merging::common::conventions::epsilon_from_rdp;
use crate::papers::model_merging::section_6::dpsgd_step::{lc_step_simplex, subsets};
use crate::papers::model_merging::section_6::joint_release::{delta_joint, epsilon_joint, joint_rdp, lc_gauss_blocks, lc_gauss_shared};
use crate::papers::model_merging::section_6::linear_combination_rdp::*;
use crate::papers::Guarantee;
use crate::repr::gdp::Gdp;

const INT_ORDER: Param = Param::new("alpha", "α", "integer Rényi order α ≥ 2 (Theorem 6.2 is stated for integer orders)", Domain::int(2, 4096));
const LAMBDA_OPT: Param = LAMBDA.meaning("linear-combination weights λ_i of Gaussian models noising one shared query (for rdp_lc_shared, rdp_lc_blocks); with two models a single value is λ_1").optional();
const DELTA_REQ: Param = Param::new("delta", "δ′", "target δ′ of Algorithm 3: report ε(λ; δ′)", Domain::UNIT_OPEN);

/// Theorem 6.1 (DP Model Merging): a linear combination is a post-processing of the joint
/// release, so `ε^LC_α(λ) ≤ Σ_i ε_{α,i}` (eq. 7, [`joint_rdp`]) and `δ^LC(ε) ≤ δ_joint(ε)`
/// (eq. 8: GDP closed form for Gaussian models, certified FFT for DP-SGD models,
/// [`delta_joint`]); tightness by the block embedding ([`lc_gauss_blocks`]).
pub const THEOREM_6_1: Card = Card {
    result: "Theorem 6.1",
    title: "LC with per-model profiles only: ε^LC_α(λ) ≤ Σ_i ε_{α,i} (eq. 7), δ^LC(ε) ≤ δ_joint(ε) (eq. 8), tight",
    function: "crate::papers::model_merging::section_6::joint_release::joint_rdp",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_6_1.csv",
    spec: "merging §8",
    params: &[SIGMA, SENS, Q_OPT, T_OPT, ORDER, EPSILON, DELTA, LAMBDA_OPT],
    outputs: &[
        OutputSpec::upper("rdp_joint", "Σ_i ε_{α,i}, the joint-release RDP at α that bounds every linear combination (eq. 7)").at_least(&["rdp_lc_shared", "rdp_lc_blocks"]),
        OutputSpec::upper("delta_joint", "δ_joint(ε) of the joint release, each direction composed then maximised (eq. 8; give epsilon)"),
        OutputSpec::upper("epsilon_joint", "ε_joint(δ), the smallest ε with δ_joint(ε) ≤ δ (give delta)"),
        OutputSpec::exact("rdp_lc_shared", "αΔ²/(2Σ_i λ_i²σ_i²): the exact RDP of λ-combined Gaussian models noising one shared query (≤ rdp_joint, = at λ_i ∝ 1/σ_i²; Gaussian models, T = 1, give lambda)"),
        OutputSpec::exact("rdp_lc_blocks", "the exact RDP of the block-embedding construction of part (3): Σ_{i: λ_i > 0} ε_{α,i} (= rdp_joint iff every λ_i > 0, audit A16; Gaussian models, give lambda)"),
    ],
    example: &[("sigma", "1,2"), ("alpha", "8"), ("epsilon", "1"), ("delta", "1e-5"), ("lambda", "0.5,0.5")],
    mpfr: true,
    eval: theorem_6_1,
};

/// Theorem 6.2 (DP Model Merging), eq. (9): the per-step RDP of a linear combination of DP-SGD
/// models, `ε^{(t)}_α(λ) = ln A_α/(α − 1)`, `A_α = Σ_γ α!/Πγ_J! · B(γ) Π ρ_J^{γ_J}` — the fast path
/// ([`lc_step_rdp`]), the literal enumeration ([`ln_a_alpha_enumerate`]) and its MPFR twin
/// ([`ln_a_alpha_enumerate_r`]) for the enclosure.
pub const THEOREM_6_2: Card = Card {
    result: "Theorem 6.2",
    title: "Per-step RDP of merged DP-SGD (eq. 9): ε^(t)_α(λ) = ln(Σ_γ α!/Πγ_J! B(γ) Π ρ_J^γ_J)/(α−1), B(γ) = exp(½[(Σγ_JΔ̃_J)² − Σγ_JΔ̃_J²])",
    function: "crate::papers::model_merging::section_6::linear_combination_rdp::lc_step_rdp",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_6_2_algorithm_3.csv",
    spec: "merging §10",
    params: &[LAMBDA, Q, SIGMA_SGD, ETA, CLIP, INT_ORDER],
    outputs: &[
        OutputSpec::upper("rdp_step", "ε^(t)_α(λ) of eq. (9): one merged step, given the past (Gaussian-expectation form, rounded up)"),
        OutputSpec::exact("rdp_step_enumeration", "eq. (9) summed literally over the compositions γ of α into the collapsed atoms (refused above 1e7 terms)"),
        OutputSpec::exact("terms", "|N_α| = C(α + 2^N − 1, 2^N − 1), the number of γ in eq. (9) over all subsets J ⊆ [N]"),
        OutputSpec::exact("terms_collapsed", "C(α + K − 1, K − 1): terms after collapsing subsets with equal Δ̃_J into K atoms"),
        OutputSpec::exact("s_lambda", "s_λ = (Σ_i (λ_i η_i σ_i C_i)²)^{1/2}, the merged noise scale"),
        OutputSpec::upper("rdp_step_wrong_square", "eq. (9) with the main text's B(γ)² = exp(…) misread as B(γ) = exp(…): still an upper bound but loose (audit A5)"),
        OutputSpec::upper("rdp_step_models_sum", "Σ_i ε^SGM_α(q_i, σ_i): the per-step joint release of the N models, which bounds the merged step"),
    ],
    example: &[("lambda", "0.5,0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("alpha", "8")],
    mpfr: true,
    eval: theorem_6_2,
};

/// Algorithm 3 (DP Model Merging): `DPEps(λ, δ) = min_{α ∈ A} {Σ_t ε^{(t)}_α(λ) + conv(α, δ)}`
/// ([`lc_dp_eps`]), as printed, with Theorem 6.1's joint bound beside it (audit A1).
pub const ALGORITHM_3: Card = Card {
    result: "Algorithm 3",
    title: "Linear combination with RDP accounting: ε(λ; δ′) = min_{α ∈ A} {Σ_t ε^(t)_α(λ) + ln(1/δ′)/(α−1)}",
    function: "crate::papers::model_merging::section_6::linear_combination_rdp::lc_dp_eps",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_6_2_algorithm_3.csv",
    spec: "merging §10",
    params: &[LAMBDA, Q, SIGMA_SGD, ETA, CLIP, T_STEPS, DELTA_REQ, ALPHA_MIN, ALPHA_MAX, CONVERSION],
    outputs: &[
        OutputSpec::upper("epsilon", "DPEps(λ, δ′) of Algorithm 3 as printed: the per-step bound of eq. (9) composed over T steps, converted, minimised over the grid (not sound for T > 1, audit A1: see epsilon_joint)"),
        OutputSpec::exact("alpha", "the minimising order α*"),
        OutputSpec::upper("rdp", "ε^LC_α*(λ) = Σ_t ε^(t)_α*(λ) at the minimising order"),
        OutputSpec::upper("epsilon_joint", "Theorem 6.1's joint-release ε of the models with λ_i > 0 on the same grid and conversion: the value dpaudit merge certifies for T > 1"),
    ],
    example: &[("lambda", "0.5,0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "1000"), ("delta", "1e-5")],
    mpfr: false,
    eval: algorithm_3,
};

/// `[μ_lo, μ_hi] ∋ √(Σ_i T_i Δ²/σ_i²)`, the μ of the joint release of Gaussian models.
fn joint_mu(sigma: &[f64], t: &[u64], sens: f64) -> Interval {
    let (mut lo, mut hi) = (0.0, 0.0);
    for (&s, &k) in sigma.iter().zip(t) {
        let k = k as f64;
        lo = add_down(lo, mul_down(k, div_down(mul_down(sens, sens), mul_up(s, s))));
        hi = add_up(hi, mul_up(k, div_up(mul_up(sens, sens), mul_down(s, s))));
    }
    Interval { lower: lo.sqrt().next_down().max(0.0), upper: hi.sqrt().next_up() }
}

fn theorem_6_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let ms = models(a)?;
    let (alpha, sigma, sens) = (a.real("alpha")?, a.reals("sigma")?.to_vec(), a.real("Delta")?);
    let t = steps(a, ms.len())?;
    let rows: Vec<Vec<f64>> = ms.iter().map(|m| Ok(vec![m.rdp_at(alpha)?])).collect::<Result<_>>()?;
    let joint = joint_rdp(&rows)?[0];
    let iv = ctx.mp(|prec| {
        let mut s = Mp::new(prec, 0.0);
        for (m, &sg) in ms.iter().zip(&sigma) {
            s = s + model_rdp_mp(m, alpha, sens, sg, prec)?;
        }
        Ok(vec![s])
    })?;
    let mut out = Outputs::new();
    let per: Vec<f64> = rows.iter().map(|r| r[0]).collect();
    out.interval("rdp_joint", joint, iv[0], format!("per-model ε_α,i = [{}], summed rounded up; interval: MPFR {} bits", list(&per), ctx.precision));
    let (eps, delta) = (a.opt_real("epsilon")?, a.opt_real("delta")?);
    if a.has("q") {
        let mechs: Vec<(Mechanism, u64)> = ms
            .iter()
            .filter_map(|m| match &m.kind {
                ModelKind::DpSgd { hyper, steps } if hyper.sampling_rate > 0.0 => Some((Mechanism::PoissonSubsampledGaussian { noise_multiplier: hyper.noise_multiplier, sensitivity: 1.0, sampling_rate: hyper.sampling_rate }, *steps)),
                _ => None,
            })
            .collect();
        let opts = ctx.pld_options(delta.unwrap_or(1e-6));
        let route = "certified FFT of the product pair, each direction composed, max at the end";
        match eps {
            _ if mechs.is_empty() => out.not_computed("delta_joint", "every model has q = 0 (nothing released about the record)"),
            Some(e) => match delta_joint(&mechs, e, &opts) {
                Ok(iv) => out.interval("delta_joint", iv.upper, iv, route),
                Err(err) => out.not_computed("delta_joint", err.to_string()),
            },
            None => out.not_computed("delta_joint", "give epsilon=… for δ_joint(ε)"),
        };
        ctx.check()?;
        match delta {
            _ if mechs.is_empty() => out.not_computed("epsilon_joint", "every model has q = 0"),
            Some(d) => match epsilon_joint(&mechs, d, &opts) {
                Ok(iv) => out.interval("epsilon_joint", iv.upper, iv, route),
                Err(err) => out.not_computed("epsilon_joint", err.to_string()),
            },
            None => out.not_computed("epsilon_joint", "give delta=… for ε_joint(δ)"),
        };
        for name in ["rdp_lc_shared", "rdp_lc_blocks"] {
            out.not_computed(name, "defined for Gaussian models (omit q)");
        }
        return Ok(out);
    }
    let mu = joint_mu(&sigma, &t, sens);
    let (lo, hi) = (Gdp::new(mu.lower)?, Gdp::new(mu.upper)?);
    let note = format!("GDP closed form, μ² = Σ_i T_iΔ²/σ_i² ∈ [{}, {}]; MPFR {} bits, certified", mu.lower * mu.lower, mu.upper * mu.upper, ctx.precision);
    match eps {
        Some(e) => {
            let (l, h) = (lo.delta_bounds(e, ctx.precision)?, hi.delta_bounds(e, ctx.precision)?);
            out.interval("delta_joint", h.upper, Interval { lower: l.lower, upper: h.upper }, note.clone())
        }
        None => out.not_computed("delta_joint", "give epsilon=… for δ_joint(ε)"),
    };
    match delta {
        Some(d) => {
            let (l, h) = (lo.epsilon_bounds(d, ctx.precision)?, hi.epsilon_bounds(d, ctx.precision)?);
            out.interval("epsilon_joint", h.upper, Interval { lower: l.lower, upper: h.upper }, note)
        }
        None => out.not_computed("epsilon_joint", "give delta=… for ε_joint(δ)"),
    };
    if !a.has("lambda") {
        out.not_computed("rdp_lc_shared", "give lambda=…");
        out.not_computed("rdp_lc_blocks", "give lambda=…");
        return Ok(out);
    }
    let lam = weights(a, "lambda", ms.len())?;
    let eff: Vec<f64> = sigma.iter().zip(&t).map(|(&s, &k)| s / (k as f64).sqrt()).collect();
    if t.iter().all(|&k| k == 1) {
        out.value_note("rdp_lc_shared", lc_gauss_shared(alpha, sens, &sigma, &lam)?, format!("joint bound attained at λ ∝ 1/σ²: rdp_joint = {joint}"));
    } else {
        out.not_computed("rdp_lc_shared", "defined for one release per model (T = 1)");
    }
    out.value("rdp_lc_blocks", lc_gauss_blocks(alpha, &vec![sens; eff.len()], &eff, &lam)?);
    Ok(out)
}

fn theorem_6_2(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let alpha = a.int("alpha")? as u32;
    let hyper = dpsgd_hyper(a)?;
    let lam = weights(a, "lambda", hyper.len())?;
    let step = lc_step_simplex(&lam, &hyper)?;
    let mut out = Outputs::new();
    let value = lc_step_rdp(&step, alpha)?;
    let atoms: Vec<(f64, f64)> = step.atoms.iter().map(|x| (x.shift, x.prob)).collect();
    let note = format!("collapsed atoms (Δ̃, ρ) = [{}]", atoms.iter().map(|(s, r)| format!("({s:.10}, {r:.10})")).collect::<Vec<_>>().join(", "));
    if step.is_non_private() || step.is_trivial() {
        out.value_note("rdp_step", value, format!("{note}; {}", if step.is_trivial() { "no shift: the step costs nothing" } else { "s_λ = 0 with a shift: non-private" }));
    } else {
        let iv = ctx.mp(|prec| {
            let at: Vec<(Mp, Mp)> = atoms.iter().map(|&(s, r)| (Mp::new(prec, s), Mp::new(prec, r))).collect();
            Ok(vec![ln_a_alpha_enumerate_r(&at, alpha)? / Mp::new(prec, alpha as f64 - 1.0)])
        });
        match iv {
            Ok(iv) => out.interval("rdp_step", value, iv[0], format!("{note}; Gaussian-expectation trapezoid, rounded up; interval: eq. (9) enumerated in MPFR {} bits", ctx.precision)),
            Err(crate::Error::Interrupted) => return Err(crate::Error::Interrupted),
            Err(e) => out.value_note("rdp_step", value, format!("{note}; Gaussian-expectation trapezoid, rounded up; no MPFR interval: {e}")),
        };
    }
    out.from_result("rdp_step_enumeration", ln_a_alpha_enumerate(&step, alpha).map(|l| l / (alpha as f64 - 1.0)))?;
    out.value("terms", ln_compositions(alpha, 1usize << hyper.len()).exp().round());
    out.value("terms_collapsed", ln_compositions(alpha, step.atoms.len().max(1)).exp().round());
    out.value("s_lambda", step.s_lambda);
    out.from_result("rdp_step_wrong_square", ln_a_alpha_wrong_square(&step, alpha).map(|l| l / (alpha as f64 - 1.0)))?;
    let sum = hyper.iter().fold(0.0, |acc, h| add_up(acc, crate::papers::model_merging::commands::portfolio::sgm_rdp_both(h.sampling_rate, h.noise_multiplier, alpha as f64)));
    let used = subsets(&lam, &hyper)?.len();
    out.value_note("rdp_step_models_sum", sum, format!("max over both directions per model; {used} subsets J with ρ_J > 0"));
    Ok(out)
}

fn algorithm_3(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let hyper = dpsgd_hyper(a)?;
    let lam = weights(a, "lambda", hyper.len())?;
    let (orders, conv, delta) = (orders(a)?, conversion(a)?, a.real("delta")?);
    let (steps_lc, t_max) = lc_schedule(a, &lam)?;
    ctx.check()?;
    let curve = lc_rdp_curve(&steps_lc, &orders)?;
    let best = epsilon_from_rdp(&orders, &curve, delta, conv)?;
    let mut out = Outputs::new();
    let a1 = if t_max > 1 { format!("T = {t_max} > 1: per-step accounting composed, not a certificate (audit A1); Theorem 6.1 gives epsilon_joint") } else { "T = 1: the paper's accounting is sound".into() };
    out.value_note("epsilon", best.epsilon, a1);
    match orders.iter().position(|&x| x == best.alpha) {
        Some(k) => {
            out.value_note("alpha", best.alpha, if best.at_grid_end { "at an end of the order grid: widen alpha_min/alpha_max" } else { "" });
            out.value("rdp", curve[k]);
        }
        None => {
            out.not_computed("alpha", "every order gives ε = inf");
            out.not_computed("rdp", "every order gives ε = inf");
        }
    }
    ctx.check()?;
    let t = steps(a, hyper.len())?;
    let rows: Vec<Vec<f64>> = lam
        .support()
        .iter()
        .map(|&i| orders.iter().map(|&al| mul_up(t[i] as f64, crate::papers::model_merging::commands::portfolio::sgm_rdp_both(hyper[i].sampling_rate, hyper[i].noise_multiplier, al))).collect())
        .collect();
    let joint = epsilon_from_rdp(&orders, &joint_rdp(&rows)?, delta, conv)?;
    out.value_note("epsilon_joint", joint.epsilon, format!("Σ over the {} positive-weight models of T_i·ε^SGM_α(q_i, σ_i) (both directions), at α = {}", rows.len(), joint.alpha));
    Ok(out)
}

//! Audit points of the mixtures f-DP paper, Section 5 / Appendix D (spec §5, §10.1 item 3,
//! §10.2 "Section 5", "Remark after Thm. 5.1", "Example D.3"). Each point is decided against an
//! independent value: the true output pair of concrete datasets (spec §5.6, `init_gd_truth.rs`),
//! closed forms, the spec's computed examples (§5.5).
//!
//! | point | results | tests | finding |
//! |---|---|---|---|
//! | T51 | Theorem 5.1, Examples D.1, D.2 | bound | — (δ_true ≤ δ_J; two-branch = `|μ_I|` form) |
//! | R51 | Remark after Theorem 5.1 | bound | reading (holds with the defined absolute value; the displayed signed `μ^max` fails at n = 5, c = 1; item 3) |
//! | TS5 | Theorem 5.1, Example D.1 | typo | typo ("dominating pair", Rényi direction) |
//! | TR5 | Remark after Theorem 5.1, Theorem 5.1 | typo | typo (`D^max` undefined; `t_I` at `μ_I = 0`) |
//! | D3 | Example D.3 | bound | counterexample (`|xy|` missing: a one-point dataset beats it); typo (softmax) |
//! | X55 | Theorem 5.1, Example D.2 | bound | observation (§5.5: `J ≥ G_c`, amplification grows with c) |

use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::papers::mixture_fdp::section_5::init_gd_truth::OutputPair;
use crate::papers::mixture_fdp::PAPER;
use crate::error::Result;
use crate::num::fmt::fmt_sig;
use crate::papers::audit_point::{Job, Made};
use crate::papers::{AuditPoint, Finding, FindingKind, Tested, Verdict};
use serde_json::json;

fn g8(x: f64) -> String {
    fmt_sig(x, 8, 1e6)
}

/// The jobs of this file, in report order.
pub const JOBS: [Job; 6] = [
    ("T51", &["Theorem 5.1", "Example D.1", "Example D.2"], "Theorem 5.1 is below the true output pair of concrete datasets (least squares, clipped and not), and its two branches equal the |mu_I| form", Tested::Bound, t51),
    ("R51", &["Remark after Theorem 5.1"], "Worst-case remark: the one-branch formula with a non-negative envelope vs the signed mu^max displayed for clipping", Tested::Bound, r51),
    ("TS5", &["Theorem 5.1", "Example D.1"], "Section 5 / Example D.1 text: the 'dominating pair' N(0,1) vs N(0,2) and the direction of the Rényi claim", Tested::Typo, ts5),
    ("TR5", &["Remark after Theorem 5.1", "Theorem 5.1"], "Notation of Theorem 5.1 and its remark: D^max, t_I at mu_I = 0", Tested::Typo, tr5),
    ("D3", &["Example D.3"], "Example D.3's envelope mu^max for the logistic loss, as printed, bounds the true one-step pair", Tested::Bound, d3),
    ("X55", &["Theorem 5.1", "Example D.2"], "Computed examples (a = 1, sigma = 1, clip(1 − I, −c, c)): J ≥ G_c and delta_J ≤ delta_Gc (amplification by the initialisation)", Tested::Bound, x55),
];

/// Run the jobs (stopping once `interrupt` is set).
pub fn points(interrupt: &std::sync::atomic::AtomicBool) -> Vec<AuditPoint> {
    crate::papers::audit_point::run_jobs(PAPER, &JOBS, interrupt)
}

fn clip(c: f64) -> Shift {
    Shift::Clipped { a: 1.0, c, sigma: 1.0 }
}

/// T51: δ_true(ε) ≤ δ_J(ε) for least-squares datasets (spec §5.6 table and D.1 without clipping),
/// and the printed two-branch form equals the sign-invariant form.
fn t51() -> Result<Made> {
    let mut rows = Vec::new();
    let mut worst = f64::NEG_INFINITY;
    for (n, c) in [(1u64, 1.0), (2, 1.0), (5, 1.0), (2, 2.0), (1, f64::INFINITY), (3, f64::INFINITY)] {
        let pair = OutputPair::LeastSquares { n, a: 1.0, c, sigma: 1.0 };
        for eps in [0.25, 0.5, 1.0] {
            let (t, j) = (pair.delta(eps)?, theorem_5_1_delta(&clip(c), eps)?);
            worst = worst.max(t - j);
            rows.push(json!({"n": n, "c": if c.is_finite() { json!(c) } else { json!("inf") }, "eps": eps, "delta_true": t, "delta_j": j}));
        }
    }
    let mut branch = 0.0f64;
    for c in [0.5, 1.0, 2.0, f64::INFINITY] {
        for t in [-1.0, 0.0, 0.7] {
            let (a, b) = theorem_5_1_alpha_beta(&clip(c), t)?;
            let (pa, pb) = theorem_5_1_printed_alpha_beta(&clip(c), t)?;
            branch = branch.max((a - pa).abs()).max((b - pb).abs());
        }
    }
    let ok = worst <= 1e-9 && branch <= 1e-15;
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let r0 = &rows[0];
    let ev = format!("a = 1, σ = 1, least squares (x² = 1, one point removed), (n, c) ∈ {{(1, 1), (2, 1), (5, 1), (2, 2), (1, ∞), (3, ∞)}}, ε ∈ {{0.25, 0.5, 1}}: max (δ_true − δ_J) = {} (e.g. n = 1, c = 1, ε = 0.25: δ_true = {} ≤ δ_J = {}; true densities in closed form, δ by quadrature). Printed two-branch form vs |μ_I| form at c ∈ {{0.5, 1, 2, ∞}}, t ∈ {{−1, 0, 0.7}}: max difference {}.", g8(worst), g8(r0["delta_true"].as_f64().unwrap_or(f64::NAN)), g8(r0["delta_j"].as_f64().unwrap_or(f64::NAN)), g8(branch));
    Ok((v, ev, json!({"cases": rows, "max_excess": worst, "branch_max_diff": branch}), Vec::new()))
}

/// R51: the remark (spec §5.3, §10.1 item 3). The non-negative envelope is checked against the
/// truth (logistic pair, least squares); the signed μ^max curve is compared with the proven one
/// and with the true trade-off of concrete pairs (both orders), searching for a violation.
fn r51() -> Result<Made> {
    let c1 = clip(1.0);
    let (p0, s0) = (theorem_5_1_alpha_beta(&c1, 0.0)?, remark_signed_alpha_beta(&c1, 0.0)?);
    let (p1, s1) = (theorem_5_1_alpha_beta(&c1, -1.0)?, remark_signed_alpha_beta(&c1, -1.0)?);
    // search: signed points of clip(a − I, −c, c) vs T(θ(D0), θ(D1)) and T(θ(D1), θ(D0))
    let mut margin = f64::INFINITY;
    let mut at = json!(null);
    let mut checked = 0;
    for (a, c) in [(1.0, 1.0), (1.0, f64::INFINITY), (0.5, 2.0)] {
        let sh = Shift::Clipped { a, c, sigma: 1.0 };
        for t in [-1.0, 0.0] {
            let (sa, sb) = remark_signed_alpha_beta(&sh, t)?;
            for n in [1u64, 2, 5] {
                let pair = OutputPair::LeastSquares { n, a, c, sigma: 1.0 };
                for from in [0usize, 1] {
                    let tv = pair.tradeoff(from, sa)?;
                    checked += 1;
                    if tv - sb < margin {
                        margin = tv - sb;
                        at = json!({"a": a, "c": if c.is_finite() { json!(c) } else { json!("inf") }, "n": n, "t": t, "order": if from == 0 { "T(θ(D0), θ(D1))" } else { "T(θ(D1), θ(D0))" }, "alpha": sa, "signed_beta": sb, "true": tv});
                    }
                }
            }
        }
    }
    // the non-negative envelope (here = |μ_I|) against a pair: least squares n = 5, c = 1
    let pair = OutputPair::LeastSquares { n: 5, a: 1.0, c: 1.0, sigma: 1.0 };
    let env_ok = [0.25, 0.5, 1.0].iter().all(|&e| pair.delta(e).ok() <= theorem_5_1_delta(&c1, e).ok());
    let violated = margin < -1e-9;
    // The remark defines μ^max with |·| (non-negative) and holds as defined; only the signed display
    // of the clipped example fails, so a violation of the signed curve is a *reading* (the text
    // contradicts itself), not a counterexample to a printed privacy statement. Re-derived
    // independently from the paper (mpmath, 32 digits: T(θ(D₁), θ(D₀))(0.197228) = 0.5654740,
    // T(θ(D₀), θ(D₁)) = 0.646456; signed 0.6670174; |·| 0.5284813).
    let v = if !env_ok { Verdict::Counterexample } else { Verdict::Holds };
    let num = |k: &str| at[k].as_f64().unwrap_or(f64::NAN);
    let ev = format!("a = 1, c = 1: the one-branch formula fed the signed μ^max = clip(1 − I, −1, 1) gives ({}, {}) at t = 0 and ({}, {}) at t = −1; the proven |μ_I| curve gives ({}, {}) and ({}, {}). The signed points lie above the proven curve. Search for a dataset below the signed points: (a, c) ∈ {{(1, 1), (1, ∞), (0.5, 2)}}, t ∈ {{−1, 0}}, n ∈ {{1, 2, 5}}, both orders ({checked} comparisons, true trade-off by Neyman–Pearson duality over closed-form densities): smallest margin T_true(α) − β_signed = {} at {}. The non-negative envelope bound holds against the n = 5, c = 1 pair at ε ∈ {{0.25, 0.5, 1}}: {env_ok}.", g8(s0.0), g8(s0.1), g8(s1.0), g8(s1.1), g8(p0.0), g8(p0.1), g8(p1.0), g8(p1.1), g8(margin), at);
    let f = if violated {
        vec![Finding::new(
            FindingKind::Reading,
            format!("two readings of μ^max: the remark defines it with |·| (then the bound holds: on this pair the true trade-off is above the |·| curve in both orders), but the clipped example displays it signed, = clip(a − I, −c, c) (the instance value μ_I of Example D.2); fed that signed μ^max, the one-branch formula is not a valid trade-off bound: least squares with n = {}, a = {}, c = {}, σ = 1 (one point removed) has {} = {} at α = {} while the signed formula claims {} (t = −1; numpy Neyman–Pearson brute force: 0.56547 in the order T(θ(D1), θ(D0)) and 0.64646 in T(θ(D0), θ(D1))); the remark holds with its |·| definition, i.e. the non-negative envelope min(|a − I|, c)", at["n"], num("a"), at["c"], at["order"].as_str().unwrap_or(""), g8(num("true")), g8(num("alpha")), g8(num("signed_beta"))),
        )]
    } else {
        vec![Finding::new(FindingKind::Reading, format!("the remark defines μ^max with |·| but the clipped example displays a signed μ^max; the signed curve is above the proven one and not proven, but no pair among {checked} comparisons violates it (smallest margin {})", g8(margin)))]
    };
    Ok((v, ev, json!({"t0": {"proven": [p0.0, p0.1], "signed": [s0.0, s0.1]}, "t_minus_1": {"proven": [p1.0, p1.1], "signed": [s1.0, s1.1]}, "search_comparisons": checked, "search_min_margin": margin, "search_argmin": at, "envelope_holds": env_ok}), f))
}

/// TS5: "dominating pair" and the Rényi claim (spec §5.4 D.1 [C], §10.2 "Section 5").
fn ts5() -> Result<Made> {
    // the marginal pair N(0, 1) vs N(1, 2) (σ = 1, a = 1) vs the true D.1 outputs
    let marg = OutputPair::LeastSquares { n: 1, a: 1.0, c: f64::INFINITY, sigma: 1.0 };
    // n = 1: θ(D0) = 1 − Z ~ N(1, 1), θ(D1) = I − Z ~ N(0, 2): the true pair *is* the marginal pair
    let (d_marg, d_n3) = (marg.delta(1.0)?, OutputPair::LeastSquares { n: 3, a: 1.0, c: f64::INFINITY, sigma: 1.0 }.delta(1.0)?);
    let printed_main = gaussian_renyi(2.0, 0.0, 1.0, 0.0, 2.0)?;
    let (r_fwd, r_back) = (gaussian_renyi(2.0, 0.0, 1.0, 1.0, 2.0)?, gaussian_renyi(2.0, 1.0, 2.0, 0.0, 1.0)?);
    let r_fwd_big = gaussian_renyi(50.0, 0.0, 1.0, 1.0, 2.0)?;
    let ev = format!("D.1 (a = 1, σ = 1): the pair with the index dropped is N(0, 1) vs N(1, 2) (= the true outputs for n = 1, δ(1) = {}); for n = 3 the true pair N(3, 5) vs N(2, 2) has δ(1) = {}, so no single Gaussian pair dominates every n. Rényi: R_2(N(0,1)‖N(1,2)) = {} and R_50 = {} (finite for every order), R_2(N(1,2)‖N(0,1)) = {}; the main text's R(N(0,1)‖N(0,2)) is finite too (R_2 = {}).", g8(d_marg), g8(d_n3), g8(r_fwd), g8(r_fwd_big), r_back, g8(printed_main));
    let f = vec![
        Finding::new(FindingKind::Typo, "Section 5 calls N(0,1) vs N(0,2) the dominating pair, Appendix D N(0,σ²) vs N(a, 1 + σ²); the latter is the index-revealed pair with the index dropped (the mean a is lost in the main text), and neither is a proven dominating pair of (θ(D₀), θ(D₁))").only(&["Theorem 5.1", "Example D.1"]),
        Finding::new(FindingKind::Typo, format!("the Rényi claim has its direction reversed: R_α̃(N(0,1)‖N(a,2)) < ∞ for every order (R_2 = {} at a = 1), while R_α̃(N(a,2)‖N(0,1)) = ∞ for α̃ ≥ 2; as printed, R(N(0,1)‖N(0,2)) is finite for every order (R_2 = {})", g8(r_fwd), g8(printed_main))).only(&["Example D.1"]),
    ];
    Ok((Verdict::Holds, ev, json!({"delta1_marginal_n1": d_marg, "delta1_true_n3": d_n3, "renyi2_forward": r_fwd, "renyi50_forward": r_fwd_big, "renyi2_backward_is_inf": r_back.is_infinite(), "renyi2_printed_main": printed_main}), f))
}

/// TR5: notation (spec §10.2 "Remark after Thm. 5.1").
fn tr5() -> Result<Made> {
    let (a0, b0) = component_alpha_beta(0.0, 0.3);
    let (a1, b1) = component_alpha_beta(1e-9, 0.3);
    let ev = format!("At μ_I = 0, t_I = −t/μ_I + μ_I/2 is undefined; the limit μ → 0 gives the component (1{{t > 0}}, 1{{t < 0}}) (t = 0.3: (α, β) = ({}, {}); at μ = 1e−9: ({}, {})). For clip(a − I, −c, c) the zero has probability 0.", g8(a0), g8(b0), g8(a1), g8(b1));
    let f = vec![Finding::new(FindingKind::Typo, "the remark writes g(I, D₁^max) − g(I, D₀^max) with D^max never defined (the max is over neighbouring pairs (D₀, D₁)); t_I = −t/μ_I + μ_I/2 is undefined when μ_I = 0 (the component is then (1{t > 0}, 1{t < 0}), a free tie at t = 0)")];
    Ok((Verdict::Holds, ev, json!({"mu0": [a0, b0], "mu1e-9": [a1, b1]}), f))
}

/// D3: Example D.3 (spec §5.4 [C], §10.2 "Example D.3"): the printed envelope (both literal
/// readings: `sup_{|xy| ≤ M}` of the sigmoid, and the unrestricted `sup_{x,y}` = 1) vs the corrected
/// one vs the true pair with one point `xy = u = 2` removed (σ = 1).
fn d3() -> Result<Made> {
    let (corr, printed) = (example_d_3(2.0, 1.0)?, Shift::LogisticPrinted { m: 2.0 });
    let pair = OutputPair::Logistic { n: 1, u: 2.0, sigma: 1.0 };
    let g1 = crate::repr::Gdp::new(1.0)?;
    let mut rows = Vec::new();
    let (mut printed_fails, mut corr_ok) = (false, true);
    for eps in [0.5, 1.0] {
        let (dc, dp, dt, d1) = (theorem_5_1_delta(&corr, eps)?, theorem_5_1_delta(&printed, eps)?, pair.delta(eps)?, g1.delta(eps)?);
        printed_fails |= dt > dp && dt > d1;
        corr_ok &= dt <= dc;
        rows.push(json!({"eps": eps, "delta_corrected": dc, "delta_printed": dp, "delta_printed_unrestricted_sup": d1, "delta_true": dt}));
    }
    let v = if printed_fails { Verdict::Counterexample } else { Verdict::Holds };
    let val = |k: &str| rows[1][k].as_f64().unwrap_or(f64::NAN);
    let ev = format!("Logistic loss, |xy| ≤ M = 2, σ = 1, ε = 1: δ_J with the corrected envelope M/(σ(1 + e^{{−M|I|}})) = {}; as printed, sup_{{|xy| ≤ M}} |e^{{−Iyx}}/(1 + e^{{−Iyx}})| = 1/(1 + e^{{−M|I|}}) gives {} and the unrestricted sup_{{x,y}} (= 1) gives G_1: {}; the true pair D₀ = {{(x, y)}} with xy = 2, D₁ = ∅ (θ(D₀) = I + 2/(1 + e^{{2I}}) − Z, θ(D₁) = I − Z, by quadrature) has δ_true = {}. Printed envelope exceeded (both readings): {printed_fails}; corrected bound holds: {corr_ok}. For M ≤ 1 the printed envelope is ≥ the corrected one (valid).", g8(val("delta_corrected")), g8(val("delta_printed")), g8(val("delta_printed_unrestricted_sup")), g8(val("delta_true")));
    let mut f = vec![Finding::new(FindingKind::Typo, "Example D.3 calls the logistic sigmoid e^{−u}/(1 + e^{−u}) a 'softmax'")];
    if printed_fails {
        f.insert(0, Finding::new(
            FindingKind::Counterexample,
            format!("Example D.3's μ^max omits the factor |xy| of the gradient −yx/(1 + e^{{yθx}}) (and σ): for |xy| ≤ M = 2, σ = 1 the printed envelope 1/(1 + e^{{−M|I|}}) gives δ(1) = {} (and the unrestricted sup = 1 gives δ_G1(1) = {}), but D₀ = {{(x, y)}} with xy = 2, D₁ = ∅ has δ(1) = {}; corrected m(I) = M/(σ(1 + e^{{−M|I|}})) ∈ [M/2σ, M/σ] gives {} (holds). Valid as printed when M ≤ 1 (then |u|/(1 + e^{{Iu}}) ≤ 1/(1 + e^{{Iu}})), i.e. for the usual labels y = ±1 with x² = 1; the example allows any M > 0 and its justification (\"the gradient of the logistic loss is the softmax function\") is the derivative in the margin yθx, not in θ. Re-derived independently (mpmath, 32 digits: δ_true(1) = 0.15374785, printed 0.06280437, sup 0.12693674, corrected 0.34119567)", g8(val("delta_printed")), g8(val("delta_printed_unrestricted_sup")), g8(val("delta_true")), g8(val("delta_corrected"))),
        ));
    }
    Ok((v, ev, json!({"M": 2.0, "sigma": 1.0, "rows": rows, "printed_exceeded": printed_fails, "corrected_holds": corr_ok}), f))
}

/// X55: the computed examples of spec §5.5 (J ≥ G_c pointwise and δ_J ≤ δ_{G_c}).
fn x55() -> Result<Made> {
    let mut ok = true;
    let mut ratios = Vec::new();
    for c in [0.5, 1.0, 2.0] {
        let g = no_init_baseline(&clip(c))?;
        for t in [-1.0, 0.0, 0.5] {
            let (a, b) = theorem_5_1_alpha_beta(&clip(c), t)?;
            ok &= b >= g.tradeoff(a)?;
        }
        let (dj, dg) = (theorem_5_1_delta(&clip(c), 1.0)?, g.delta(1.0)?);
        ok &= dj <= dg;
        ratios.push(dj / dg);
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("a = 1, σ = 1, c ∈ {{0.5, 1, 2}}, t ∈ {{−1, 0, 0.5}}: β(t) ≥ G_c(α(t)) and δ_J(1) ≤ δ_Gc(1): {ok}; δ_J(1)/δ_Gc(1) = {}, {}, {}.", g8(ratios[0]), g8(ratios[1]), g8(ratios[2]));
    let f = vec![Finding::new(FindingKind::Observation, format!("the initialisation amplifies privacy and more so for larger c, as Figure 2 states: δ_J(1)/δ_Gc(1) = {} (c = 0.5), {} (c = 1), {} (c = 2)", g8(ratios[0]), g8(ratios[1]), g8(ratios[2])))];
    Ok((v, ev, json!({"ok": ok, "delta_ratio_eps1": ratios}), f))
}

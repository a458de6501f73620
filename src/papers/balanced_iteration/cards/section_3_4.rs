//! Result cards of Section 3.4 (Proof Overview of Theorem 3.1): Lemmas 3.12, 3.13, Corollary
//! 3.14, Lemma 3.15, Corollary 3.17, Lemma 3.18 and Corollary 3.19.

use super::common::*;
use crate::error::{Error, Result};
use crate::num::{Interval, Mp};
use crate::papers::balanced_iteration::section_3_1::forward_exact::ln_w_r;
use crate::papers::balanced_iteration::section_3_1::terms::{forward_within, mp_cost, OrderTerms, Term, FORWARD_BUDGET, MP_BUDGET};
use crate::papers::balanced_iteration::section_3_4::mixtures::{lemma_3_12, lemma_3_13, lemma_3_13_condition, lemma_3_13_rhs, Mixture, MAX_TUPLES};
use crate::papers::balanced_iteration::section_3_4::reverse::{corollary_3_17_r, lemma_3_18_bound, lemma_3_18_bound_r};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::Guarantee;

/// Lemma 3.12 (spec §3) on `S_{d,k}`: `D_α(P‖Q) = (1/(α−1)) ln[n^{−α} Σ_{tuples} exp(β Σ_{i≠j}
/// μ_iᵀμ_j)]` — the exact `F_α` (first term of (2)), `ln W_α`, and the literal tuple sum where
/// it is small enough (an independent evaluation of the same identity).
pub const LEMMA_3_12: Card = Card {
    result: "Lemma 3.12",
    title: "forward divergence of a Gaussian mixture as a finite sum, on S_{d,k}: the exact F_α = D_α(P‖Q) (and the literal tuple sum where small)",
    function: "crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/lemma_3_12.csv",
    spec: "balanced_iteration §1.3, §3",
    params: &[D, K, C, SIGMA, ALPHA],
    outputs: &[
        F_ALPHA,
        OutputSpec::exact("ln_W_alpha", "ln W_α, W_α = Σ over ordered α-tuples of S_{d,k} of exp(β Σ_t N_t(N_t − 1)), β = c²/(2σ²): F_α = (ln W_α − α ln C(d,k))/(α − 1)"),
        OutputSpec::exact("F_alpha_literal", "F_α by Lemma 3.12's sum taken literally over all C(d,k)^α index tuples (when at most 2e7 tuples and d ≤ 20)"),
    ],
    example: &[("d", "4"), ("k", "2"), ("c", "1"), ("sigma", "1.3"), ("alpha", "3")],
    mpfr: true,
    eval: lemma_3_12_card,
};

fn lemma_3_12_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "d")?;
    let alpha = a.int("alpha")?;
    let mut out = Outputs::new();
    family(&mut out, &pair, alpha, None, &[F_ALPHA], ctx)?;
    match forward_within(&pair, alpha, FORWARD_BUDGET) {
        Ok(_) if mp_cost(&pair, alpha) <= MP_BUDGET => {
            let iv = ctx.mp(|p| Ok(vec![ln_w_r(&pair, alpha, &Mp::new(p, 0.0))?.0]))?[0];
            let (v, _, _) = ln_w_r(&pair, alpha, &0.0f64)?;
            out.interval("ln_W_alpha", v, iv, format!("f64 log-domain sum (EGF / row-need DP), nearest; interval: MPFR {} bits", ctx.precision));
        }
        Ok(f) => {
            let a1 = alpha as f64;
            out.value_note("ln_W_alpha", (a1 - 1.0) * f + a1 * pair.ln_n(), "(α − 1)F_α + α ln C(d,k) from the exact F_α (rounded up; MPFR twin above its cost budget)");
        }
        Err(e) => {
            out.not_computed("ln_W_alpha", e.to_string());
        }
    }
    ctx.check()?;
    let n_tuples = (pair.ln_n() * alpha as f64).exp();
    if pair.d > 20 || n_tuples > MAX_TUPLES {
        out.not_computed("F_alpha_literal", format!("C(d,k)^α = {n_tuples:.3e} tuples (literal sum limited to {MAX_TUPLES:.0e} tuples and d ≤ 20)"));
    } else {
        let mix = Mixture::balanced(pair.d as usize, pair.k as usize, pair.c, pair.sigma)?;
        out.from_result("F_alpha_literal", lemma_3_12(&mix, alpha))?;
    }
    Ok(out)
}

const CENTRES: Param = Param::new("centres", "m_i", "centres of a general mixture, flattened row by row (N centres of dimension dim; scale included); give with dim instead of d, k", Domain::reals(Domain::FINITE, 1, usize::MAX)).optional();
const DIM: Param = Param::new("dim", "D", "dimension of each centre in centres", Domain::int(1, 1_000_000)).optional();
const WEIGHTS: Param = Param::new("weights", "ν", "mixture weights of the centres (on the simplex; default uniform)", Domain::reals(Domain::UNIT_CLOSED, 1, usize::MAX)).optional();

/// Lemma 3.13 (spec §4): under its symmetry condition, `D_α(P‖Q) ≤ ln E_{J,K∼ν} exp(α m_Jᵀm_K
/// /(2σ²))` (order 2 at variance `2σ²/α`). For `S_{d,k}` (give `d`, `k`) the right side is
/// Corollary 3.14's `G_α`; any mixture can be given by its centres.
pub const LEMMA_3_13: Card = Card {
    result: "Lemma 3.13",
    title: "order α reduced to order 2 under the symmetry condition: D_α(P‖Q) ≤ ln E exp(α m_Jᵀm_K/(2σ²)); S_{d,k} or any mixture",
    function: "crate::papers::balanced_iteration::section_3_4::mixtures::lemma_3_13",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/corollary_3_14.csv",
    spec: "balanced_iteration §4",
    params: &[
        D.optional(),
        K.optional(),
        C,
        CENTRES,
        DIM,
        WEIGHTS,
        SIGMA,
        ALPHA,
    ],
    outputs: &[
        OutputSpec::upper("bound", "the right side ln E_{J,K} exp(α m_Jᵀm_K/(2σ²)) (= G_α on S_{d,k}); not computed when the symmetry condition fails"),
        OutputSpec::exact("D_alpha", "the left side D_α(P‖Q) (Lemma 3.12: exact F_α on S_{d,k}; the literal tuple sum for a general mixture)"),
        OutputSpec::exact("condition", "1 if the symmetry condition holds (the law of m_Jᵀm_K given J does not depend on J), else 0"),
        OutputSpec::estimate("rhs_unchecked", "the right side computed whether or not the condition holds (to see the inequality fail without it)"),
    ],
    example: &[("d", "10"), ("k", "4"), ("c", "1"), ("sigma", "2"), ("alpha", "8")],
    mpfr: false,
    eval: lemma_3_13_card,
};

fn lemma_3_13_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (sigma, alpha) = (a.real("sigma")?, a.int("alpha")?);
    let mut out = Outputs::new();
    match (a.has("d") || a.has("k"), a.has("centres") || a.has("dim")) {
        (true, false) => {
            if !(a.has("d") && a.has("k")) {
                return Err(Error::invalid(if a.has("d") { "k" } else { "d" }, "missing", "give both d and k (the family S_{d,k}) or centres and dim (any mixture)"));
            }
            let pair = pair_of(a, "d")?;
            let terms = crate::papers::balanced_iteration::section_3_1::terms::order_terms(&pair, alpha, &term_options(ctx, None), ctx.interrupt)?;
            rename(&mut out, &terms, "bound", "G_alpha");
            rename(&mut out, &terms, "rhs_unchecked", "G_alpha");
            rename(&mut out, &terms, "D_alpha", "F_alpha");
            out.value_note("condition", 1.0, "S_{d,k} with uniform weights: the overlap with a fixed k-set is hypergeometric whatever the set");
        }
        (false, true) => {
            let (centres, dim) = (a.reals("centres")?, a.opt_int("dim")?.ok_or_else(|| Error::invalid("dim", "missing", "give dim with centres"))? as usize);
            if centres.len() % dim != 0 {
                return Err(Error::invalid("centres", centres.len(), &format!("the number of coordinates must be a multiple of dim = {dim}")));
            }
            let n = centres.len() / dim;
            let weights = match a.has("weights") {
                true => a.reals("weights")?.to_vec(),
                false => vec![1.0 / n as f64; n],
            };
            if weights.len() != n {
                return Err(Error::invalid("weights", weights.len(), &format!("need one weight per centre ({n} centres)")));
            }
            let mix = Mixture::new(centres.chunks(dim).map(|c| c.to_vec()).collect(), weights, sigma)?;
            let cond = lemma_3_13_condition(&mix);
            out.value_note("condition", if cond { 1.0 } else { 0.0 }, "compared as weighted value lists to 1e−12");
            out.value_note("rhs_unchecked", lemma_3_13_rhs(&mix, alpha), "literal sum over N² pairs, nearest");
            if cond {
                out.from_result("bound", lemma_3_13(&mix, alpha))?;
            } else {
                out.not_computed("bound", "the symmetry condition fails: the lemma does not apply (see rhs_unchecked)");
            }
            ctx.check()?;
            out.from_result("D_alpha", lemma_3_12(&mix, alpha))?;
        }
        _ => return Err(Error::invalid("d", "missing", "give either d and k (the family S_{d,k} of Theorem 3.1) or centres and dim (any mixture), not both")),
    }
    Ok(out)
}

/// The term `from` as the output `name`.
fn rename(out: &mut Outputs, terms: &OrderTerms, name: &'static str, from: &str) {
    if let Some(t) = terms.get(from) {
        out.push(name, computed(t));
    }
}

/// Corollary 3.14 (spec §5): `G_α = ln Σ_l h_l e^{αβl}`, the closed form of Lemma 3.13 on
/// `S_{d,k}` (first term of (3); no `1/(α−1)`, correct as printed), beside the exact `F_α` it bounds.
pub const COROLLARY_3_14: Card = Card {
    result: "Corollary 3.14",
    title: "G_α = ln Σ_l h_l e^{αβl} (hypergeometric overlap law h_l, β = c²/(2σ²)) ≥ F_α: the first term of (3)",
    function: "crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/corollary_3_14.csv",
    spec: "balanced_iteration §5",
    params: &[D, K, C, SIGMA, ALPHA],
    outputs: &[G_ALPHA, F_ALPHA],
    example: &[("d", "10"), ("k", "4"), ("c", "1"), ("sigma", "2"), ("alpha", "16")],
    mpfr: true,
    eval: |a, ctx| {
        let pair = pair_of(a, "d")?;
        let mut out = Outputs::new();
        family(&mut out, &pair, a.int("alpha")?, None, &[G_ALPHA, F_ALPHA], ctx)?;
        Ok(out)
    },
};

const R_ORTH: OutputSpec = OutputSpec::exact("orthogonal", "D_α(Q'‖P) = D_α(Q‖P) − s_α, the second addend of Lemma 3.15 (from the exact reverse divergence, k = 1)");
const R_ORTH_MC: OutputSpec = OutputSpec::estimate("orthogonal_mc", "D_α(Q'‖P) by Monte Carlo (R_mc − s_α), any k, with its confidence interval");

/// Lemma 3.15 (spec §6): `D_α(Q‖P) = D_α(Q‖Q') + D_α(Q'‖P)`, `Q' = N((ck/d)1, σ²I)` — the exact
/// reverse divergence (k = 1, by a representation that does not use the lemma) and its two
/// addends; any `k` by Monte Carlo.
pub const LEMMA_3_15: Card = Card {
    result: "Lemma 3.15",
    title: "exact split of the reverse divergence: D_α(Q‖P) = s_α + D_α(Q'‖P); exact for k = 1, Monte Carlo for any k",
    function: "crate::papers::balanced_iteration::section_3_4::reverse_exact::reverse_exact_k1",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/reverse_exact.csv",
    spec: "balanced_iteration §1.6, §6",
    params: &[D, K, C, SIGMA, ALPHA, SAMPLES, SEED, CONFIDENCE],
    outputs: &[R_EXACT, S_ALPHA, R_ORTH, R_MC, R_ORTH_MC],
    example: &[("d", "10"), ("k", "1"), ("c", "1"), ("sigma", "1"), ("alpha", "2"), ("samples", "20000")],
    mpfr: true,
    eval: lemma_3_15_card,
};

fn lemma_3_15_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "d")?;
    let mut out = Outputs::new();
    let terms = family(&mut out, &pair, a.int("alpha")?, Some(mc_of(a)?), &[R_EXACT, S_ALPHA, R_MC], ctx)?;
    let s = terms.get("s_alpha").expect("always computed");
    let minus_s = |t: &Term| -> Option<(f64, Option<Interval>)> {
        let (v, sv) = (t.value?, s.value?);
        Some(((v - sv).max(0.0), t.interval.map(|iv| Interval { lower: (iv.lower - sv).max(0.0), upper: (iv.upper - sv).max(0.0) })))
    };
    for (name, from, what) in [("orthogonal", "R_exact", "D_α(Q‖P) − s_α"), ("orthogonal_mc", "R_mc", "(R_mc − s_α), interval shifted by s_α")] {
        let t = terms.get(from).expect("always present");
        match minus_s(t) {
            Some((v, Some(iv))) => {
                out.interval(name, v, iv, what);
            }
            Some((v, None)) => {
                out.value_note(name, v, what);
            }
            None => {
                out.not_computed(name, t.note.clone());
            }
        }
    }
    Ok(out)
}

/// Corollary 3.17 (spec §7): `D_α(Q‖Q') = αc²k²/(2σ²d)` (Proposition A.1), any real `α > 1`.
pub const COROLLARY_3_17: Card = Card {
    result: "Corollary 3.17",
    title: "D_α(Q‖Q') = s_α = αc²k²/(2σ²d), the shift part of the reverse divergence (Proposition A.1)",
    function: "crate::papers::balanced_iteration::section_3_4::reverse::corollary_3_17",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/theorem_3_1.csv",
    spec: "balanced_iteration §7",
    params: &[D, K, C, SIGMA, ALPHA_REAL],
    outputs: &[S_ALPHA],
    example: &[("d", "10"), ("k", "4"), ("c", "1"), ("sigma", "2"), ("alpha", "4")],
    mpfr: true,
    eval: |a, ctx| {
        let pair = pair_of(a, "d")?;
        let alpha = a.real("alpha")?;
        let v = corollary_3_17_r(&pair, alpha, &0.0f64);
        let iv = ctx.mp(|p| Ok(vec![corollary_3_17_r(&pair, alpha, &Mp::new(p, 0.0))]))?[0];
        let mut out = Outputs::new();
        out.interval("s_alpha", v, iv, format!("closed form, f64 nearest; interval: MPFR {} bits", ctx.precision));
        Ok(out)
    },
};

/// Lemma 3.18 (spec §8) — **false as stated**: the claimed bound
/// `D_α(Q''‖P'') ≤ (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))]` beside the true left side (exact for
/// `k = 1`, Monte Carlo for any `k`).
pub const LEMMA_3_18: Card = Card {
    result: "Lemma 3.18",
    title: "the claimed bound D_α(Q''‖P'') ≤ (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))], v = c²k(d−k)/(σ²d²) — FALSE as stated (audit A1); the true left side beside it",
    function: "crate::papers::balanced_iteration::section_3_4::reverse::lemma_3_18_bound",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/theorem_3_1.csv",
    spec: "balanced_iteration §8",
    params: &[D, K, C, SIGMA, ALPHA, SAMPLES, SEED, CONFIDENCE],
    outputs: &[
        OutputSpec::upper("bound", "the lemma's right side D_α(Q''‖N(0, σ²e^v I_d)) as claimed (an upper bound on D_α(Q''‖P'') only as claimed: the lemma is false, spec §8)"),
        OutputSpec::exact("v", "v = c²k(d−k)/(σ²d²), the log-variance ratio of the comparison Gaussian"),
        OutputSpec::exact("orthogonal_exact", "the true left side D_α(Q''‖P'') = D_α(Q‖P) − s_α (k = 1, exact reverse divergence)"),
        OutputSpec::estimate("orthogonal_mc", "the true left side by Monte Carlo (any k), with its confidence interval"),
    ],
    example: &[("d", "2"), ("k", "1"), ("c", "1"), ("sigma", "1"), ("alpha", "2"), ("samples", "20000")],
    mpfr: true,
    eval: lemma_3_18_card,
};

fn lemma_3_18_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "d")?;
    let alpha = a.int("alpha")?;
    let out = lemma_3_15_card(a, ctx)?;
    // the Lemma 3.15 outputs this card declares, under its names
    let (orth, orth_mc) = (out.get("orthogonal").cloned(), out.get("orthogonal_mc").cloned());
    let mut res = Outputs::new();
    if let Some(c) = orth {
        res.push("orthogonal_exact", c);
    }
    if let Some(c) = orth_mc {
        res.push("orthogonal_mc", c);
    }
    let b = lemma_3_18_bound(&pair, alpha)?;
    let iv = ctx.mp(|p| Ok(vec![lemma_3_18_bound_r(&pair, alpha as f64, &Mp::new(p, 0.0))]))?[0];
    res.interval("bound", b.max(iv.lower), iv, format!("closed form (Proposition A.2 with Σ₂ = e^v Σ₁), f64; interval: MPFR {} bits; FALSE as a bound (audit A1)", ctx.precision));
    let (x, k, d) = (pair.c / pair.sigma, pair.k as f64, pair.d as f64);
    res.value_note("v", x * x * k * (d - k) / (d * d), "closed form, (c/σ)² (c = σ = 1e−300 is not 0/0)");
    Ok(res)
}

/// Corollary 3.19 (spec §8): the paper's reverse term `R^paper = s_α + ` Lemma 3.18's bound
/// (exponent `σ²d` as derived; the theorem prints `σ²d²`) — not an upper bound on `D_α(Q‖P)`
/// since Lemma 3.18 is false; the exact reverse divergence and the certified `R^∞` beside it.
pub const COROLLARY_3_19: Card = Card {
    result: "Corollary 3.19",
    title: "the paper's reverse term R^paper = s_α + (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))] (exponent σ²d) — rests on Lemma 3.18 (false); exact, Monte Carlo and certified R^∞ beside it",
    function: "crate::papers::balanced_iteration::section_3_4::reverse::corollary_3_19_paper",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/theorem_3_1.csv",
    spec: "balanced_iteration §8",
    params: &[D, K, C, SIGMA, ALPHA, SAMPLES, SEED, CONFIDENCE],
    outputs: &[
        OutputSpec::upper("R_paper", "R^paper_α as Corollary 3.19 derives it (exponent σ²d): claimed upper bound on D_α(Q‖P), false in general (audit A1)"),
        R_EQ2,
        R_EXACT,
        R_MC,
        R_INF,
        S_ALPHA,
    ],
    example: &[("d", "2"), ("k", "1"), ("c", "1"), ("sigma", "1"), ("alpha", "2"), ("samples", "20000")],
    mpfr: true,
    eval: |a, ctx| {
        let pair = pair_of(a, "d")?;
        let mut out = Outputs::new();
        family(&mut out, &pair, a.int("alpha")?, Some(mc_of(a)?), &[R_PAPER, R_EQ2, R_EXACT, R_MC, R_INF, S_ALPHA], ctx)?;
        Ok(out)
    },
};

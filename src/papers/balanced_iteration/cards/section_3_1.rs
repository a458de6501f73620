//! Result cards of Section 3.1 (Main Technical Result): Theorem 3.1 and Remark 3.2.

use super::common::*;
use crate::error::Result;
use crate::papers::balanced_iteration::section_3_1::terms::Term;
use crate::papers::card::common::{DELTA as DELTA_Q, EPSILON as EPSILON_Q};
use crate::papers::card::{Args, Card, Ctx, OutputSpec, Outputs};
use crate::papers::Guarantee;

const THEOREM_3_1_OUTPUTS: &[OutputSpec] = &[EPS_ALPHA, F_ALPHA, G_ALPHA, S_ALPHA, R_INF, R_PAPER, EPS_ALPHA_PAPER, R_EQ2, R_EQ3, R_EXACT, R_MC, EPSILON, DELTA];

/// Theorem 3.1 (Dong, Chen, Özgür 2025; spec §1): the RDP of `Q = N(0, σ²I_d)` against the
/// uniform mixture `P` of `N(cμ, σ²I_d)`, `μ ∈ S_{d,k}`, in both directions, at integer `α ≥ 2`:
/// every term of the family ([`crate::papers::balanced_iteration::section_3_1::terms`]) and the
/// (ε, δ) of the certified value at this order by Proposition 2.3.
pub const THEOREM_3_1: Card = Card {
    result: "Theorem 3.1",
    title: "RDP of Gaussian vs uniform mixture over S_{d,k} at integer α: max(F_α, R^∞_α) certified; F_α, G_α, R^paper, the printed terms, exact and Monte Carlo reverse",
    function: "crate::papers::balanced_iteration::section_3_1::theorem_3_1::theorem_3_1",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/theorem_3_1.csv",
    spec: "balanced_iteration §1, §1.5",
    params: &[D, K, C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q, SAMPLES, SEED, CONFIDENCE],
    outputs: THEOREM_3_1_OUTPUTS,
    example: &[("d", "10"), ("k", "1"), ("c", "1"), ("sigma", "1"), ("alpha", "2"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_3_1_card,
};

fn theorem_3_1_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    Ok(family_at_order(&pair_of(a, "d")?, a.int("alpha")?, Some(mc_of(a)?), THEOREM_3_1_OUTPUTS, a, ctx)?.0)
}

const REMARK_3_2_OUTPUTS: &[OutputSpec] = &[
    OutputSpec::estimate("eq3_printed", "expression (3) as printed: max(G_α, second term of (3) as printed) — the chain's last link (the printed second term has typos)"),
    OutputSpec::estimate("eq2_printed", "expression (2) as printed: max(F_α, second term of (2) as printed)"),
    OutputSpec::estimate("eq2", "expression (2) with the derived exponent σ²d: max(F_α, R^paper_α)"),
    OutputSpec::exact("eq1", "expression (1): max(F_α, D_α(Q‖P)) with the exact reverse divergence (k = 1)"),
    F_ALPHA,
    G_ALPHA,
    R_EQ2,
    R_EQ3,
    R_PAPER,
    R_EXACT,
];

/// Remark 3.2 (spec §2): the chain (1) ≤ (2) ≤ (3) the paper claims, term by term. First terms:
/// `F_α` (equal in (1) and (2), Lemma 3.12) ≤ `G_α` (Lemma 3.13) — true. Second terms: the exact
/// reverse ≤ `R^paper` fails (Lemma 3.18 is false) and the printed (3) lies below the printed (2)
/// — so the printed chain guarantees nothing (registry: estimate).
pub const REMARK_3_2: Card = Card {
    result: "Remark 3.2",
    title: "the chain (1) ≤ (2) ≤ (3) term by term: first terms F_α ≤ G_α (true), second terms as printed (typos; not ordered)",
    function: "crate::papers::balanced_iteration::section_3_1::printed::remark_3_2",
    guarantee: Guarantee::Estimate,
    golden: "balanced_iteration/theorem_3_1.csv",
    spec: "balanced_iteration §2",
    params: &[D, K, C, SIGMA, ALPHA],
    outputs: REMARK_3_2_OUTPUTS,
    example: &[("d", "10"), ("k", "1"), ("c", "1"), ("sigma", "1"), ("alpha", "2")],
    mpfr: true,
    eval: remark_3_2_card,
};

fn remark_3_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "d")?;
    let alpha = a.int("alpha")?;
    let mut out = Outputs::new();
    let terms = family(&mut out, &pair, alpha, None, REMARK_3_2_OUTPUTS, ctx)?;
    let v = |n: &str| terms.get(n).and_then(|t: &Term| t.value);
    let both = |out: &mut Outputs, name: &'static str, x: Option<f64>, y: Option<f64>, what: &str, missing: &str| match (x, y) {
        (Some(x), Some(y)) => {
            out.value_note(name, x.max(y), what.to_string());
        }
        _ => {
            out.not_computed(name, missing.to_string());
        }
    };
    both(&mut out, "eq3_printed", v("G_alpha"), v("R_eq3_printed"), "max(G_α, printed second term of (3))", "the printed second term of (3) is undefined here (see R_eq3_printed)");
    both(&mut out, "eq2_printed", v("F_alpha"), v("R_eq2_printed"), "max(F_α, printed second term of (2))", "the exact F_α is above its cost budget here (see F_alpha)");
    both(&mut out, "eq2", v("F_alpha"), v("R_paper"), "max(F_α, R^paper_α)", "the exact F_α is above its cost budget here (see F_alpha)");
    both(&mut out, "eq1", v("F_alpha"), v("R_exact"), "max(F_α, D_α(Q‖P))", "needs the exact F_α and the exact reverse divergence (k = 1; see F_alpha, R_exact)");
    Ok(out)
}

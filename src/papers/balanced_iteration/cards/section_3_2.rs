//! Result cards of Section 3.2 (Privacy Amplification by Model Parallelism): Theorems 3.4, 3.5
//! and Corollary 3.7 — Theorem 3.1 at `k = 1`, per iteration.

use super::common::*;
use crate::error::Result;
use crate::num::{Interval, Mp};
use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_4::reverse::{reverse_proven_d2, reverse_proven_d2_r};
use crate::papers::card::common::{DELTA as DELTA_Q, EPSILON as EPSILON_Q};
use crate::papers::card::{Args, Card, Ctx, OutputSpec, Outputs, Param};
use crate::papers::Guarantee;

/// `d`: sub-models of a disjoint split.
const D_SPLIT: Param = D.meaning("number of disjoint sub-models (blocks) the model is split into; each client's clipped gradient lands in one uniformly chosen block (the pair of Theorem 3.1 with k = 1)");

const SPLIT_OUTPUTS: &[OutputSpec] = &[EPS_ALPHA, F_ALPHA, G_ALPHA, S_ALPHA, R_INF, R_PAPER, EPS_ALPHA_PAPER, R_EXACT, R_MC, EPSILON, DELTA];

fn split_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = MixturePair::new(a.int("d")?, 1, a.real("c")?, a.real("sigma")?)?;
    Ok(family_at_order(&pair, a.int("alpha")?, Some(mc_of(a)?), SPLIT_OUTPUTS, a, ctx)?.0)
}

/// Theorem 3.4 (spec §10): one iteration of Algorithm 1 with a disjoint split into `d`
/// sub-models is `(α, ε_α)`-RDP with `ε_α` from Theorem 3.1 at `k = 1` (per iteration; `T`
/// iterations compose to `T ε_α`).
pub const THEOREM_3_4: Card = Card {
    result: "Theorem 3.4",
    title: "disjoint model splitting into d sub-models, one iteration: Theorem 3.1 at k = 1 (certified max(F_α, R^∞_α); the paper's R^paper beside it)",
    function: "crate::papers::balanced_iteration::section_3_2::splitting::theorem_3_4",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/applications.csv",
    spec: "balanced_iteration §10",
    params: &[D_SPLIT, C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q, SAMPLES, SEED, CONFIDENCE],
    outputs: SPLIT_OUTPUTS,
    example: &[("d", "3"), ("c", "1"), ("sigma", "1"), ("alpha", "8"), ("delta", "1e-5"), ("epsilon", "2")],
    mpfr: true,
    eval: split_card,
};

/// Theorem 3.5 (spec §10): a probabilistic mixture (independent of the data) of disjoint
/// splittings into `d` sub-models has Theorem 3.4's guarantee (Remark 3.6: the randomness of the
/// partition is not used) — the same values.
pub const THEOREM_3_5: Card = Card {
    result: "Theorem 3.5",
    title: "a random mixture of disjoint splittings into d sub-models, one iteration: the same value as Theorem 3.4",
    function: "crate::papers::balanced_iteration::section_3_2::splitting::theorem_3_5",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/applications.csv",
    spec: "balanced_iteration §10",
    params: &[D_SPLIT.meaning("number of sub-models of each disjoint splitting in the mixture (the splitting is drawn independently of the data; Theorem 3.1 with k = 1)"), C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q, SAMPLES, SEED, CONFIDENCE],
    outputs: SPLIT_OUTPUTS,
    example: &[("d", "8"), ("c", "1"), ("sigma", "1"), ("alpha", "8"), ("delta", "1e-5"), ("epsilon", "2")],
    mpfr: true,
    eval: split_card,
};

const R_PROVEN: OutputSpec = OutputSpec::upper("R_proven", "the reverse bound proven for d = 2 (Lemma 3.18's argument holds in the one direction orthogonal to 1, spec §8): αc²/(4σ²) + (1/(2(α−1)))[αw − ln(1 + α(e^w − 1))], w = c²/(2σ²)").at_least(&["R_exact"]);
const DROPOUT_OUTPUTS: &[OutputSpec] = &[
    OutputSpec::upper("epsilon_alpha", "ε_α of one iteration of Algorithm 2: max(F_α, R_proven) (Theorem 3.1 at d = 2, k = 1 with the reverse bound proven for d = 2)").at_least(&["F_alpha", "R_exact"]),
    F_ALPHA,
    R_PROVEN,
    R_INF,
    R_PAPER,
    EPS_ALPHA_PAPER,
    R_EXACT,
    S_ALPHA,
    EPSILON,
    DELTA,
];

/// Corollary 3.7 (spec §10, §8): one iteration of Algorithm 2 (dropout at rate ½ on hidden
/// units) is Theorem 3.1 at `d = 2, k = 1`; the certified reverse term is the bound proven for
/// `d = 2` (tighter than `R^∞`).
pub const COROLLARY_3_7: Card = Card {
    result: "Corollary 3.7",
    title: "dropout at rate ½, one iteration: Theorem 3.1 at d = 2, k = 1 with the reverse bound proven for d = 2",
    function: "crate::papers::balanced_iteration::section_3_2::splitting::corollary_3_7",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/applications.csv",
    spec: "balanced_iteration §8, §10",
    params: &[C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q],
    outputs: DROPOUT_OUTPUTS,
    example: &[("c", "1"), ("sigma", "1"), ("alpha", "2"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: corollary_3_7_card,
};

fn corollary_3_7_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (c, s, alpha) = (a.real("c")?, a.real("sigma")?, a.int("alpha")?);
    let pair = MixturePair::new(2, 1, c, s)?;
    let mut out = Outputs::new();
    let terms = family(&mut out, &pair, alpha, None, DROPOUT_OUTPUTS, ctx)?;
    let proven = reverse_proven_d2(c, s, alpha)?;
    let iv = ctx.mp(|p| Ok(vec![reverse_proven_d2_r(c, s, alpha as f64, &Mp::new(p, 0.0))]))?[0];
    out.interval("R_proven", proven, iv, format!("closed form, f64 rounded up; interval: MPFR {} bits", ctx.precision));
    let f = terms.get("F_alpha").expect("always present");
    let (fv, fiv) = match f.value {
        Some(v) => (v, f.interval),
        None => {
            let g = terms.get("G_alpha").expect("always present");
            (g.value.unwrap_or(f64::INFINITY), g.interval)
        }
    };
    let eps_iv = fiv.map(|x| Interval { lower: x.lower.max(iv.lower), upper: x.upper.max(iv.upper) });
    let eps = fv.max(proven);
    match eps_iv {
        Some(v) => out.interval("epsilon_alpha", eps, v, "max(forward, R_proven)"),
        None => out.value_note("epsilon_alpha", eps, "max(forward, R_proven)"),
    };
    rdp_conversions(&mut out, alpha, eps, eps_iv, a)?;
    Ok(out)
}

//! Result cards of Appendix B (joint concavity, slope matching, different weights): Propositions
//! B.2, B.1, Corollary B.3. Gaussian components `f_i = G_{μ_i}` for B.2, B.3; two finite pairs
//! for B.1 (see `section_3.rs`).

use super::common::{ask, down, not_computed_from, weights};
use super::section_3::{two_pairs, P1, P2, Q1, Q2};
use crate::error::Result;
use crate::papers::card::common::{EPSILON, TYPE_I};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::section_3::joint_concavity::*;
use crate::papers::Guarantee;

const MU: Param = Param::new("mu", "μ_i", "the Gaussian components f_i = G_{mu_i} (one mean shift per weight, each in (0, 60])", Domain::reals(Domain::Real { lo: 0.0, lo_closed: false, hi: 60.0, hi_closed: true }, 1, 64));
const WG: Param = Param::new("w", "w", "mixture weights, one per Gaussian component, summing to 1", Domain::reals(Domain::UNIT_CLOSED, 1, 64));

fn gauss(a: &Args) -> Result<(Vec<f64>, Vec<f64>)> {
    let mu = a.reals("mu")?.to_vec();
    Ok((weights(a, "w", mu.len())?, mu))
}

/// `J(α)` of two Gaussian components by direct minimisation (independent of slope matching).
fn direct(out: &mut Outputs, w: &[f64], mu: &[f64], alpha: f64) -> Result<()> {
    if w.len() == 2 && w[0] > 0.0 && w[1] > 0.0 {
        out.from_result("J_direct", joint_gaussian_min([w[0], w[1]], [mu[0], mu[1]], alpha))?;
    } else {
        out.not_computed("J_direct", "the direct minimisation is written for two components with positive weights");
    }
    Ok(())
}

/// Proposition B.2 (spec §3.4): slope matching, for Gaussian components.
pub const PROPOSITION_B_2: Card = Card {
    result: "Proposition B.2",
    title: "slope matching: alpha(s) = sum_i w_i (f_i')^-1(-s), J(alpha(s)) = sum_i w_i f_i((f_i')^-1(-s)); for f_i = G_{mu_i}, (G_mu')^-1(-s) = Phi(-ln(s)/mu - mu/2)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::corollary_b_3_gaussian",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.4, §10.2",
    params: &[WG, MU, Param::new("s", "s", "the common slope -s (s > 0) of every component and of J at alpha(s)", Domain::POSITIVE)],
    outputs: &[
        OutputSpec::exact("J_s", "J(alpha(s)) = sum_i w_i Phi(ln(s)/mu_i - mu_i/2)"),
        OutputSpec::exact("alpha_s", "alpha(s) = sum_i w_i Phi(-ln(s)/mu_i - mu_i/2)"),
        OutputSpec::exact("J_direct", "J(alpha(s)) by direct minimisation of w1 G_mu1(a1) + w2 G_mu2(a2) over w1 a1 + w2 a2 = alpha (two components; independent check)"),
    ],
    example: &[("w", "0.5,0.5"), ("mu", "1,2"), ("s", "1")],
    mpfr: false,
    eval: proposition_b_2,
};

fn proposition_b_2(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, mu) = gauss(a)?;
    let (al, j) = corollary_b_3_gaussian(&w, &mu, a.real("s")?)?;
    let mut out = Outputs::new();
    out.value_note("J_s", j, "closed form");
    out.value_note("alpha_s", al, "closed form");
    direct(&mut out, &w, &mu, al)?;
    Ok(out)
}

/// Corollary B.3 (spec §3.4): `J(α)` of Gaussian components at a given α.
pub const COROLLARY_B_3: Card = Card {
    result: "Corollary B.3",
    title: "monotone likelihood ratios: J(alpha) = sum_i w_i f_i((f_i')^-1(-s)) at the s with alpha(s) = alpha; for f_i = G_{mu_i}",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::corollary_b_3_gaussian",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.4",
    params: &[WG, MU, TYPE_I],
    outputs: &[
        OutputSpec::exact("J", "J(alpha) by slope matching (s solved by bisection on ln s, 200 steps)"),
        OutputSpec::exact("s", "the common slope: J'(alpha) = -s"),
        OutputSpec::exact("J_direct", "J(alpha) by direct minimisation (two components; independent check)"),
    ],
    example: &[("w", "0.5,0.5"), ("mu", "1,2"), ("alpha", "0.1")],
    mpfr: false,
    eval: corollary_b_3,
};

fn corollary_b_3(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, mu) = gauss(a)?;
    let alpha = a.real("alpha")?;
    let mut out = Outputs::new();
    if alpha == 0.0 || alpha == 1.0 {
        out.value("J", 1.0 - alpha);
        out.value_note("s", if alpha == 0.0 { f64::INFINITY } else { 0.0 }, "end point");
    } else {
        // α(s) decreases in s: bisection on ln s for α(s) = α
        let (mut lo, mut hi) = (-800.0f64, 800.0f64);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if corollary_b_3_gaussian(&w, &mu, mid.exp())?.0 > alpha {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let s = (0.5 * (lo + hi)).exp();
        out.value_note("J", corollary_b_3_gaussian(&w, &mu, s)?.1, "slope matching");
        out.value("s", s);
    }
    direct(&mut out, &w, &mu, alpha)?;
    Ok(out)
}

/// Proposition B.1 (spec §3.5 [C]): different weights `w`, `w'`; the printed pointwise sum is
/// false, the corrected bound is the joint combination over the maximal coupling.
pub const PROPOSITION_B_1: Card = Card {
    result: "Proposition B.1",
    title: "different weights: T(P_w, Q_w') >= J_pi({T(P_i, Q_j)}) over the maximal coupling pi of w, w' (corrected; the printed pointwise sum is false)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::CrossPairs::proposition_b_1_corrected",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.5, §10.1 item 10",
    params: &[
        Param::new("w", "w", "weights (w1, w2) of P_w = w1 P1 + w2 P2", Domain::reals(Domain::UNIT_CLOSED, 2, 2)),
        Param::new("w2", "w'", "weights (w1', w2') of Q_w' = w1' Q1 + w2' Q2", Domain::reals(Domain::UNIT_CLOSED, 2, 2)),
        P1,
        Q1,
        P2,
        Q2,
        TYPE_I,
        EPSILON,
    ],
    outputs: &[
        OutputSpec::upper("bound_corrected", "J_pi(T11, T22, T12, T21)(alpha) with the maximal coupling's weights: the corrected lower bound on T(P_w, Q_w'), rounded down").at_most(&["T_exact"]),
        OutputSpec::estimate("bound_printed", "the printed pointwise sum min{w1,w1'}T11 + min{w2,w2'}T22 + (w2' - min)T12 + (w1' - min)T21 at alpha: can exceed the truth (not a bound)"),
        OutputSpec::exact("T_exact", "T(P_w, Q_w')(alpha), exact"),
        OutputSpec::upper("delta_corrected", "H_{e^epsilon}(Q_w' || P_w) bound from the corrected trade-off (1 + f*(-e^epsilon))").at_least(&["delta_exact"]),
        OutputSpec::exact("delta_exact", "H_{e^epsilon}(Q_w' || P_w), exact"),
    ],
    example: &[("w", "0.5,0.5"), ("w2", "0.5,0.5"), ("p1", "1,0,0"), ("q1", "0,1,0"), ("p2", "0,0,1"), ("q2", "0,0,1"), ("alpha", "0.25"), ("epsilon", "0.5")],
    mpfr: false,
    eval: proposition_b_1,
};

fn proposition_b_1(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, [x, y]) = two_pairs(a)?;
    let w2 = weights(a, "w2", 2)?;
    let cp = CrossPairs { p: [x.p, y.p], q: [x.q, y.q] };
    let (wa, wb) = ([w[0], w[1]], [w2[0], w2[1]]);
    let alpha = a.real("alpha")?;
    let corr = cp.proposition_b_1_corrected(wa, wb)?;
    let exact = cp.exact(wa, wb)?;
    let mut out = Outputs::new();
    out.value_note("bound_corrected", down(corr.eval(alpha)?), "joint combination (PL, exact), rounded down");
    match cp.proposition_b_1_printed(wa, wb).and_then(|f| f.eval(alpha)) {
        Ok(v) => {
            out.value_note("bound_printed", v, "pointwise sum as printed");
        }
        Err(e) => not_computed_from(&mut out, &["bound_printed"], e)?,
    };
    out.value("T_exact", exact.eval(alpha)?);
    match a.opt_real("epsilon")? {
        Some(e) => {
            out.from_result("delta_corrected", corr.delta_qp(e))?;
            out.from_result("delta_exact", exact.delta_qp(e))?;
        }
        None => ask(&mut out, &["delta_corrected", "delta_exact"], "give epsilon=… for delta(epsilon)"),
    }
    Ok(out)
}

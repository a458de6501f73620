//! Result cards of Section 3 (joint concavity of trade-off functions): Lemma 3.1, Propositions
//! 3.2, 3.3 and its Corollaries B.5, B.6 (Propositions B.1, B.2 and Corollary B.3 are in
//! `appendix_b.rs`).
//!
//! Instances are two finite pairs `(P₁, Q₁)`, `(P₂, Q₂)` on one support (lists `p1, q1, p2, q2`)
//! mixed with weights `w = (w₁, w₂)`: `P_w = Σ w_i P_i`, `Q_w = Σ w_i Q_i`.

use super::common::{ask, dist, down, pair, weights, ALPHA};
use crate::error::{Error, Result};
use crate::papers::card::common::EPSILON;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::section_3::joint_concavity::*;
use crate::papers::Guarantee;
use crate::repr::TradeOff;

/// `w`: mixture weights of the two pairs.
pub const W: Param = Param::new("w", "w", "mixture weights (w1, w2), summing to 1: P_w = w1 P1 + w2 P2, Q_w = w1 Q1 + w2 Q2", Domain::reals(Domain::UNIT_CLOSED, 2, 2));
pub const P1: Param = dist("p1", "P₁", "the distribution P1 on a finite support (probabilities, summing to 1)");
pub const Q1: Param = dist("q1", "Q₁", "the distribution Q1 on the same support as P1");
pub const P2: Param = dist("p2", "P₂", "the distribution P2 on the same support");
pub const Q2: Param = dist("q2", "Q₂", "the distribution Q2 on the same support");
/// The example instance of spec §3.1 (two points; `T(P_w, Q_w)` has vertices (0,1), (0.25,0.25), (1,0)).
const EX: [(&str, &str); 5] = [("w", "0.5,0.5"), ("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9")];

/// `(w, [pair1, pair2])`, both pairs on one support.
pub fn two_pairs(a: &Args) -> Result<(Vec<f64>, [Pair; 2])> {
    let (x, y) = (pair(a, "p1", "q1")?, pair(a, "p2", "q2")?);
    if x.p.len() != y.p.len() {
        return Err(Error::invalid("p2, q2", format!("{} entries", y.p.len()), &format!("must have the support size of p1, q1 ({})", x.p.len())));
    }
    Ok((weights(a, "w", 2)?, [x, y]))
}

/// Lemma 3.1 (spec §3.1): `T(P_w, Q_w) ≥ J_w(T(P₁, Q₁), T(P₂, Q₂))`.
pub const LEMMA_3_1: Card = Card {
    result: "Lemma 3.1",
    title: "joint concavity: T(P_w, Q_w)(alpha(t, c)) >= sum_i w_i T(P_i, Q_i)(alpha_i(t, c)) = J_w(alpha), the trade-off of the index-revealed pair",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::lemma_3_1_bound",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §1.9, §3.1",
    params: &[
        W,
        P1,
        Q1,
        P2,
        Q2,
        ALPHA,
        EPSILON,
        Param::new("t", "t", "the paper's slope parameter t: alpha_i(t, c) = P_i[q_i/p_i > t] + c P_i[q_i/p_i = t]", Domain::NONNEGATIVE).optional(),
        Param::new("c", "c", "tie weight c of the paper's test at q_i/p_i = t", Domain::UNIT_CLOSED).default("0"),
    ],
    outputs: &[
        OutputSpec::upper("J", "J_w(alpha): Lemma 3.1's lower bound on T(P_w, Q_w) at alpha (index-revealed pair), rounded down").at_most(&["T_mixture"]),
        OutputSpec::exact("T_mixture", "T(P_w, Q_w)(alpha): the exact trade-off of the mixtures"),
        OutputSpec::upper("delta_J", "two-sided delta(epsilon) of J: sum_i w_i delta_{f_i}(epsilon) in each direction").at_least(&["delta_mixture"]),
        OutputSpec::exact("delta_mixture", "two-sided delta(epsilon) of the exact mixture pair"),
        OutputSpec::exact("alpha_tc", "alpha(t, c) = sum_i w_i alpha_i(t, c) (the paper's parametrisation)"),
        OutputSpec::upper("bound_tc", "sum_i w_i T(P_i, Q_i)(alpha_i(t, c)): the printed right-hand side at (t, c), rounded down").at_most(&["T_mixture_tc"]),
        OutputSpec::exact("T_mixture_tc", "T(P_w, Q_w)(alpha(t, c)): the printed left-hand side"),
    ],
    example: &[EX[0], EX[1], EX[2], EX[3], EX[4], ("alpha", "0.05"), ("epsilon", "0.5"), ("t", "1")],
    mpfr: false,
    eval: lemma_3_1,
};

fn lemma_3_1(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, pairs) = two_pairs(a)?;
    let j = lemma_3_1_bound(&w, &pairs)?;
    let t = mixture_tradeoff(&w, &pairs)?;
    let mut out = Outputs::new();
    match a.opt_real("alpha")? {
        Some(al) => {
            out.value_note("J", down(j.eval(al)?), "PL chain of the concatenated weighted segments (exact for finite pairs), rounded down");
            out.value_note("T_mixture", t.eval(al)?, "PL chain of the mixture pair");
        }
        None => ask(&mut out, &["J", "T_mixture"], "give alpha=… for the trade-off at alpha"),
    }
    match a.opt_real("epsilon")? {
        Some(e) => {
            out.from_result("delta_J", j.delta_two_sided(e))?;
            out.from_result("delta_mixture", t.delta_two_sided(e))?;
        }
        None => ask(&mut out, &["delta_J", "delta_mixture"], "give epsilon=… for delta(epsilon)"),
    }
    match a.opt_real("t")? {
        Some(tt) => {
            let c = a.real("c")?;
            let mut alpha = 0.0;
            let mut bound = 0.0;
            for (wi, pr) in w.iter().zip(&pairs) {
                let ai = alpha_tc(pr, tt, c);
                alpha += wi * ai;
                bound += wi * pr.tradeoff()?.eval(ai.min(1.0))?;
            }
            let alpha = alpha.min(1.0);
            out.value_note("alpha_tc", alpha, "sum of the component type I errors");
            out.value_note("bound_tc", down(bound), "sum of the component trade-offs at alpha_i(t, c), rounded down");
            out.value_note("T_mixture_tc", t.eval(alpha)?, "exact mixture trade-off at alpha(t, c)");
        }
        None => ask(&mut out, &["alpha_tc", "bound_tc", "T_mixture_tc"], "give t=… (and c) for the paper's parametric form"),
    }
    Ok(out)
}

/// `α_i(t, c) = P_i[q/p > t] + c P_i[q/p = t]` (ties within 1e−12 relative).
fn alpha_tc(pr: &Pair, t: f64, c: f64) -> f64 {
    let mut s = 0.0;
    for (p, q) in pr.p.iter().zip(&pr.q) {
        if *p == 0.0 {
            continue;
        }
        let tp = t * p;
        if (q - tp).abs() <= 1e-12 * q.max(tp) {
            s += c * p;
        } else if *q > tp {
            s += p;
        }
    }
    s
}

/// Proposition 3.2 (spec §3.2): symmetric components give a symmetric `J_w`.
pub const PROPOSITION_3_2: Card = Card {
    result: "Proposition 3.2",
    title: "if every T(P_i, Q_i) is symmetric, the index-revealed trade-off J_w is symmetric (J_w* = sum_i w_i f_i*)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::proposition_3_2_asymmetry",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.2",
    params: &[W, P1, Q1, P2, Q2, ALPHA],
    outputs: &[
        OutputSpec::exact("asymmetry", "max |J - J^-1| over the vertices of both (0 when J is symmetric)"),
        OutputSpec::exact("asymmetry_1", "max |f_1 - f_1^-1| of T(P1, Q1) (0: symmetric, the proposition's hypothesis)"),
        OutputSpec::exact("asymmetry_2", "max |f_2 - f_2^-1| of T(P2, Q2)"),
        OutputSpec::exact("J", "J_w(alpha)"),
        OutputSpec::exact("J_inverse", "J_w^-1(alpha)"),
    ],
    example: &[("w", "0.3,0.7"), ("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9"), ("alpha", "0.2")],
    mpfr: false,
    eval: proposition_3_2,
};

fn asym(f: &TradeOff) -> Result<f64> {
    let inv = f.inverse();
    let mut worst = 0.0f64;
    for (g, h) in [(f, &inv), (&inv, f)] {
        for v in g.vertices() {
            worst = worst.max((h.eval(v.x)? - v.y).abs());
        }
    }
    Ok(worst)
}

fn proposition_3_2(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, pairs) = two_pairs(a)?;
    let mut out = Outputs::new();
    out.value_note("asymmetry", proposition_3_2_asymmetry(&w, &pairs)?, "vertices of J and J^-1");
    out.value("asymmetry_1", asym(&pairs[0].tradeoff()?)?);
    out.value("asymmetry_2", asym(&pairs[1].tradeoff()?)?);
    let j = lemma_3_1_bound(&w, &pairs)?;
    match a.opt_real("alpha")? {
        Some(al) => {
            out.value("J", j.eval(al)?);
            out.value("J_inverse", j.inverse().eval(al)?);
        }
        None => ask(&mut out, &["J", "J_inverse"], "give alpha=…"),
    }
    Ok(out)
}

const DIVERGENCE: Param = Param::new("divergence", "F", "the F-divergence: kl (F = s ln s), power (F = s^order: e^{(order-1) R_order}), hockey (F = (s - gamma)_+: H_gamma)", Domain::Choice(&["kl", "power", "hockey"])).default("kl");
const ORDER: Param = Param::new("order", "α̃", "Rényi order (> 1) of the power divergence s^order", Domain::ORDER);
const GAMMA: Param = Param::new("gamma", "γ", "hockey-stick parameter gamma >= 0 (H_gamma(P || Q) = sum (p - gamma q)_+)", Domain::NONNEGATIVE);

fn fdiv(a: &Args) -> Result<FDiv> {
    Ok(match a.text("divergence")? {
        "power" => FDiv::Power(a.opt_real("order")?.ok_or_else(|| Error::MissingParameters { what: "mixture_fdp Proposition 3.3 (divergence=power)".into(), names: "order".into(), hint: String::new() })?),
        "hockey" => FDiv::HockeyStick(a.opt_real("gamma")?.ok_or_else(|| Error::MissingParameters { what: "mixture_fdp Proposition 3.3 (divergence=hockey)".into(), names: "gamma".into(), hint: String::new() })?),
        _ => FDiv::Kl,
    })
}

/// The outputs of Proposition 3.3 and its corollaries for the divergence `fd`.
fn joint_convexity(out: &mut Outputs, a: &Args, fd: FDiv) -> Result<()> {
    let (w, pairs) = two_pairs(a)?;
    let (mix, bound) = proposition_3_3(&w, &pairs, fd)?;
    out.value_note("bound", bound * (1.0 + 4.0 * f64::EPSILON), "sum_i w_i D_F(P_i || Q_i), direct sums, rounded up");
    out.value_note("D_mixture", mix, "D_F(P_w || Q_w), direct sum");
    let parts = pairs.iter().map(|x| f_divergence(x, fd)).collect::<Result<Vec<_>>>()?;
    out.value_note("bound_printed", parts.iter().sum::<f64>(), "the printed middle expression without the weights w_i: sum_i D_F(P_i || Q_i) (a looser bound)");
    out.value_note("l_F_J", l_f(&lemma_3_1_bound(&w, &pairs)?, fd)?, "l_F of the PL chain J (DRS Proposition B.4): equals the bound");
    Ok(())
}

const BOUND_OUTPUTS: [OutputSpec; 4] = [
    OutputSpec::upper("bound", "sum_i w_i D_F(P_i || Q_i): the bound on D_F(P_w || Q_w) (with the weights the printed middle expression omits)").at_least(&["D_mixture"]),
    OutputSpec::exact("D_mixture", "D_F(P_w || Q_w), the mixture's divergence"),
    OutputSpec::upper("bound_printed", "sum_i D_F(P_i || Q_i): the printed middle expression (weights w_i missing): a looser bound").at_least(&["bound", "D_mixture"]),
    OutputSpec::exact("l_F_J", "l_F(J_w) of DRS Proposition B.4 on the index-revealed trade-off (= the bound)"),
];

/// Proposition 3.3 (spec §3.3): joint convexity of F-divergences from Lemma 3.1.
pub const PROPOSITION_3_3: Card = Card {
    result: "Proposition 3.3",
    title: "joint convexity of F-divergences: D_F(P_w || Q_w) <= l_F(J_w) = sum_i w_i D_F(P_i || Q_i)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::proposition_3_3",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.3, §10.2",
    params: &[W, P1, Q1, P2, Q2, DIVERGENCE, ORDER.optional(), GAMMA.optional()],
    outputs: &BOUND_OUTPUTS,
    example: &[EX[0], EX[1], EX[2], EX[3], EX[4], ("divergence", "kl")],
    mpfr: false,
    eval: proposition_3_3_card,
};

fn proposition_3_3_card(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let mut out = Outputs::new();
    joint_convexity(&mut out, a, fdiv(a)?)?;
    Ok(out)
}

/// Corollary B.5 (spec §3.3): the hockey-stick divergence.
pub const COROLLARY_B_5: Card = Card {
    result: "Corollary B.5",
    title: "H_gamma(P_w || Q_w) <= sum_i w_i H_gamma(P_i || Q_i) (Proposition 3.3 with F = (s - gamma)_+)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::proposition_3_3",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.3",
    params: &[W, P1, Q1, P2, Q2, GAMMA],
    outputs: &BOUND_OUTPUTS,
    example: &[EX[0], EX[1], EX[2], EX[3], EX[4], ("gamma", "1.5")],
    mpfr: false,
    eval: corollary_b_5,
};

fn corollary_b_5(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let mut out = Outputs::new();
    joint_convexity(&mut out, a, FDiv::HockeyStick(a.real("gamma")?))?;
    Ok(out)
}

/// Corollary B.6 (spec §3.3): the exponentiated Rényi divergence.
pub const COROLLARY_B_6: Card = Card {
    result: "Corollary B.6",
    title: "e^{(order-1) R_order}(P_w || Q_w) <= sum_i w_i e^{(order-1) R_order}(P_i || Q_i) (Proposition 3.3 with F = s^order)",
    function: "crate::papers::mixture_fdp::section_3::joint_concavity::proposition_3_3",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/joint_concavity.csv",
    spec: "mixtures_fdp §3.3, §10.2",
    params: &[W, P1, Q1, P2, Q2, ORDER],
    outputs: &[
        BOUND_OUTPUTS[0],
        BOUND_OUTPUTS[1],
        BOUND_OUTPUTS[2],
        BOUND_OUTPUTS[3],
        OutputSpec::exact("renyi_mixture", "R_order(P_w || Q_w) = ln(D_mixture)/(order - 1)"),
        OutputSpec::upper("renyi_bound", "ln(bound)/(order - 1): the implied bound on R_order(P_w || Q_w)").at_least(&["renyi_mixture"]),
    ],
    example: &[EX[0], EX[1], EX[2], EX[3], EX[4], ("order", "2")],
    mpfr: false,
    eval: corollary_b_6,
};

fn corollary_b_6(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let order = a.real("order")?;
    let mut out = Outputs::new();
    joint_convexity(&mut out, a, FDiv::Power(order))?;
    let (w, pairs) = two_pairs(a)?;
    let (mix, bound) = proposition_3_3(&w, &pairs, FDiv::Power(order))?;
    out.value("renyi_mixture", mix.ln() / (order - 1.0));
    out.value_note("renyi_bound", (bound * (1.0 + 4.0 * f64::EPSILON)).ln() / (order - 1.0), "rounded up");
    Ok(out)
}

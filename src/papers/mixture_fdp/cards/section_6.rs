//! Result cards of Section 6 and Appendices A, E (tightness of joint concavity, advanced joint
//! concavity): Proposition 6.1, Lemma A.4, Lemmas 6.2, 6.3, Propositions 6.4, E.1. Where the
//! printed statement is false the corrected form is the primary output and the printed form is
//! reported beside it (`*_printed`, guarantee `estimate`: not a bound).

use super::common::{ask, dist, down, not_computed_from, pair, ALPHA};
use super::section_3::{two_pairs, P1, P2, Q1, Q2};
use crate::error::{Error, Result};
use crate::papers::card::common::EPSILON;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::appendix_f::examples_f::{g, proposition_6_1_gaussian, proposition_e_1_gaussian};
use crate::papers::mixture_fdp::section_3::joint_concavity::{lemma_3_1_bound, mixture_tradeoff, Pair};
use crate::papers::mixture_fdp::section_6::advanced_concavity::*;
use crate::papers::Guarantee;
use crate::repr::TradeOff;

const W2: Param = Param::new("w", "w", "mixture weights (w1, w2), summing to 1", Domain::reals(Domain::UNIT_CLOSED, 2, 2));
const WMIX: Param = Param::new("w", "w", "mixture weight w in [0, 1] of the second component", Domain::UNIT_CLOSED);

fn flag(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

/// Proposition 6.1 (spec §6.1 [C]): when does Lemma 3.1 hold with equality?
pub const PROPOSITION_6_1: Card = Card {
    result: "Proposition 6.1",
    title: "equality in Lemma 3.1 (T(P_w, Q_w) = J_w) iff every component with mass at x has the same ratio p_i/q_i (corrected; the printed identity p_w/q_w = sum w_i p_i/q_i is necessary, not sufficient)",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::joint_is_exact",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.1, §10.1 item 9",
    params: &[W2.optional(), P1.optional(), Q1.optional(), P2.optional(), Q2.optional(), ALPHA, Param::new("theta", "θ", "the Gaussian counterexample P1 = N(theta, 1), P2 = N(-theta, 1), Q1 = Q2 = N(0, 1), w = (1/2, 1/2)", Domain::Real { lo: 0.0, lo_closed: false, hi: 60.0, hi_closed: true }).optional()],
    outputs: &[
        OutputSpec::exact("equality", "1 if T(P_w, Q_w) = J_w by the corrected criterion (common ratio p_i/q_i on every atom), else 0"),
        OutputSpec::estimate("condition_printed", "1 if the printed identity p_w/q_w = w1 p1/q1 + w2 p2/q2 holds P_w-a.s., else 0 (claimed equivalent to equality: false)"),
        OutputSpec::exact("gap", "max over the vertices of |T(P_w, Q_w) - J_w|: the numerical witness"),
        OutputSpec::exact("T_mixture", "T(P_w, Q_w)(alpha)"),
        OutputSpec::exact("J", "J_w(alpha)"),
        OutputSpec::exact("T_gaussian", "T(N(theta,1)/2 + N(-theta,1)/2, N(0,1))(alpha): the optimal test rejects when |X| < k"),
        OutputSpec::exact("J_gaussian", "J = G_theta(alpha) for the Gaussian instance (the printed identity holds there, yet T > J)"),
    ],
    example: &[("w", "0.5,0.5"), ("p1", "0.6,0.4,0,0"), ("q1", "0.4,0.6,0,0"), ("p2", "0,0,0.9,0.1"), ("q2", "0,0,0.1,0.9"), ("alpha", "0.05"), ("theta", "1")],
    mpfr: false,
    eval: proposition_6_1,
};

fn proposition_6_1(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let mut out = Outputs::new();
    let discrete = ["w", "p1", "q1", "p2", "q2"];
    let names = ["equality", "condition_printed", "gap", "T_mixture", "J"];
    if discrete.iter().all(|n| a.has(n)) {
        let (w, pairs) = two_pairs(a)?;
        out.value("equality", flag(joint_is_exact(&w, &pairs)?));
        out.value("condition_printed", flag(proposition_6_1_condition([w[0], w[1]], &pairs)?));
        let (t, j) = (mixture_tradeoff(&w, &pairs)?, lemma_3_1_bound(&w, &pairs)?);
        let mut gap = 0.0f64;
        for v in t.vertices().iter().chain(j.vertices()) {
            gap = gap.max((t.eval(v.x)? - j.eval(v.x)?).abs());
        }
        out.value("gap", gap);
        match a.opt_real("alpha")? {
            Some(al) => {
                out.value("T_mixture", t.eval(al)?);
                out.value("J", j.eval(al)?);
            }
            None => ask(&mut out, &["T_mixture", "J"], "give alpha=…"),
        }
    } else if discrete.iter().any(|n| a.has(n)) {
        return Err(Error::MissingParameters { what: "mixture_fdp Proposition 6.1 (a discrete instance)".into(), names: discrete.iter().filter(|n| !a.has(n)).copied().collect::<Vec<_>>().join(", "), hint: String::new() });
    } else {
        ask(&mut out, &names, "give w, p1, q1, p2, q2 for a discrete instance");
    }
    match (a.opt_real("theta")?, a.opt_real("alpha")?) {
        (Some(th), Some(al)) => {
            out.from_result("T_gaussian", proposition_6_1_gaussian(th, al))?;
            out.value("J_gaussian", g(th, al));
        }
        _ => ask(&mut out, &["T_gaussian", "J_gaussian"], "give theta=… and alpha=… for the Gaussian instance"),
    }
    Ok(out)
}

/// Lemma A.4 (BBG Theorem 2, spec §6.2): advanced joint convexity (an identity).
pub const LEMMA_A_4: Card = Card {
    result: "Lemma A.4",
    title: "advanced joint convexity (BBG Thm 2): H_gamma'(P || Q) = w H_gamma(P1 || (1 - eta) P0 + eta Q1), P = (1-w)P0 + wP1, Q = (1-w)P0 + wQ1, gamma' = 1 + w(gamma - 1), eta = gamma'/gamma",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::lemma_a_4",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.2",
    params: &[
        dist("p0", "P₀", "the shared component P0 (probabilities on a finite support)"),
        P1,
        Q1,
        WMIX,
        Param::new("gamma", "γ", "hockey-stick parameter gamma >= 1 of the right-hand side", Domain::Real { lo: 1.0, lo_closed: true, hi: f64::INFINITY, hi_closed: false }),
    ],
    outputs: &[
        OutputSpec::exact("lhs", "H_gamma'(P || Q)"),
        OutputSpec::exact("rhs", "w H_gamma(P1 || (1 - eta) P0 + eta Q1) (equal to lhs)"),
        OutputSpec::exact("gamma_prime", "gamma' = 1 + w(gamma - 1)"),
        OutputSpec::exact("eta", "eta = gamma'/gamma"),
    ],
    example: &[("p0", "0.2,0.3,0.5"), ("p1", "0.5,0.3,0.2"), ("q1", "0.2,0.3,0.5"), ("w", "0.5"), ("gamma", "1.5")],
    mpfr: false,
    eval: lemma_a_4_card,
};

fn same_support(names: &str, ps: &[&[f64]]) -> Result<()> {
    if ps.windows(2).any(|v| v[0].len() != v[1].len()) {
        return Err(Error::invalid(names, format!("lengths {:?}", ps.iter().map(|p| p.len()).collect::<Vec<_>>()), "must share one support (same length)"));
    }
    Ok(())
}

fn lemma_a_4_card(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (p0, x) = (super::common::prob(a, "p0")?, pair(a, "p1", "q1")?);
    same_support("p0, p1, q1", &[&p0, &x.p, &x.q])?;
    let (w, gamma) = (a.real("w")?, a.real("gamma")?);
    let (lhs, rhs) = lemma_a_4(&p0, &x.p, &x.q, w, gamma)?;
    let gp = 1.0 + w * (gamma - 1.0);
    let mut out = Outputs::new();
    out.value("lhs", lhs).value("rhs", rhs).value("gamma_prime", gp).value("eta", gp / gamma);
    Ok(out)
}

const GAMMA_MIX: Param = Param::new("gamma", "γ", "mixing weight gamma of Q2 in the first term's reference (1 - gamma) Q1 + gamma Q2; 0 <= gamma < w", Domain::UNIT_CLOSED);
const ETA_MIX: Param = Param::new("eta", "η", "mixing weight eta of Q2 in the second term's reference (1 - eta) Q1 + eta Q2; w < eta <= 1", Domain::UNIT_CLOSED);

/// Lemma 6.2 (spec §6.3): the hockey-stick inequality behind advanced joint concavity.
pub const LEMMA_6_2: Card = Card {
    result: "Lemma 6.2",
    title: "H_{e^eps'}((1-w)P1 + wP2 || (1-w)Q1 + wQ2) <= (1-w) H_{e^eps0}(P1 || (1-gamma)Q1 + gamma Q2) + w H_{e^eps1}(P2 || (1-eta)Q1 + eta Q2), e^eps0, e^eps1 from the two constraints",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::lemma_6_2",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.3",
    params: &[P1, Q1, P2, Q2, WMIX, GAMMA_MIX, ETA_MIX, Param::new("epsilon", "ε'", "epsilon' of the left-hand side H_{e^epsilon'} (any real: e^eps0, e^eps1 need only be positive)", Domain::closed(-700.0, 700.0))],
    outputs: &[
        OutputSpec::upper("rhs", "(1-w) H_{e^eps0}(P1 || (1-gamma)Q1 + gamma Q2) + w H_{e^eps1}(P2 || (1-eta)Q1 + eta Q2): the bound").at_least(&["lhs"]),
        OutputSpec::exact("lhs", "H_{e^eps'}(P_w || Q_w), exact"),
        OutputSpec::exact("eps0", "eps0 = eps' + ln((eta - w)/((1 - w)(eta - gamma)))"),
        OutputSpec::exact("eps1", "eps1 = eps' + ln((w - gamma)/(w (eta - gamma)))"),
    ],
    example: &[("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9"), ("w", "0.3"), ("gamma", "0.1"), ("eta", "0.8"), ("epsilon", "0.6931471805599453")],
    mpfr: false,
    eval: lemma_6_2_card,
};

fn pairs_of(a: &Args) -> Result<[Pair; 2]> {
    let (x, y) = (pair(a, "p1", "q1")?, pair(a, "p2", "q2")?);
    same_support("p1, q1, p2, q2", &[&x.p, &y.p])?;
    Ok([x, y])
}

fn lemma_6_2_card(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let pairs = pairs_of(a)?;
    let (w, gm, eta, e) = (a.real("w")?, a.real("gamma")?, a.real("eta")?, a.real("epsilon")?);
    let (e0, e1, lhs, rhs) = lemma_6_2(&pairs, w, gm, eta, e.exp())?;
    let mut out = Outputs::new();
    out.value_note("rhs", rhs * (1.0 + 4.0 * f64::EPSILON), "direct hockey-stick sums, rounded up");
    out.value("lhs", lhs).value("eps0", e0.ln()).value("eps1", e1.ln());
    Ok(out)
}

/// Lemma 6.3 (spec §6.4 [C]): advanced joint concavity.
pub const LEMMA_6_3: Card = Card {
    result: "Lemma 6.3",
    title: "advanced joint concavity, corrected: T(P_w, Q_w) >= F[g]^-1, g_ij = T(Q_j, P_i) (the printed C(F[f]), f_ij = T(P_i, Q_j), fails unless every f_ij is symmetric); special case gamma = eta = w",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::lemma_6_3_corrected",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.4, §10.1 item 7",
    params: &[P1, Q1, P2, Q2, WMIX, GAMMA_MIX.optional(), ETA_MIX.optional(), crate::papers::card::common::TYPE_I],
    outputs: &[
        OutputSpec::upper("bound", "F[g]^-1(alpha) (corrected general form, 0 <= gamma < w < eta <= 1), rounded down").at_most(&["T_exact"]),
        OutputSpec::estimate("bound_printed", "C(F[f])(alpha) as printed: exceeds the truth when some T(P_i, Q_j) is asymmetric (not a bound)"),
        OutputSpec::upper("bound_special", "[(1-w) T(P1, Q_w)^-1 + w T(P2, Q_w)^-1]^-1(alpha): the corrected special case gamma = eta = w, rounded down").at_most(&["T_exact"]),
        OutputSpec::estimate("bound_special_printed", "C((1-w) T(P1, Q_w) + w T(P2, Q_w))(alpha) as printed (not a bound)"),
        OutputSpec::exact("T_exact", "T((1-w)P1 + wP2, (1-w)Q1 + wQ2)(alpha), exact"),
    ],
    example: &[("p1", "0,0.5,0.5,0"), ("q1", "0.5,0,0,0.5"), ("p2", "0.15,0.35,0.35,0.15"), ("q2", "0.35,0.15,0.15,0.35"), ("w", "0.3"), ("gamma", "0.2"), ("eta", "0.31"), ("alpha", "0.09")],
    mpfr: false,
    eval: lemma_6_3,
};

fn lemma_6_3(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let pairs = pairs_of(a)?;
    let (w, alpha) = (a.real("w")?, a.real("alpha")?);
    let mut out = Outputs::new();
    match (a.opt_real("gamma")?, a.opt_real("eta")?) {
        (Some(gm), Some(eta)) => {
            match lemma_6_3_corrected(&pairs, w, gm, eta).and_then(|f| f.eval(alpha)) {
                Ok(v) => {
                    out.value_note("bound", down(v), "F[g] exactly for PL input (conjugate at the breakpoints), inverted");
                }
                Err(e) => not_computed_from(&mut out, &["bound"], e)?,
            };
            match lemma_6_3_printed(&pairs, w, gm, eta).and_then(|f| f.eval(alpha)) {
                Ok(v) => {
                    out.value_note("bound_printed", v, "C(F[f]) as printed");
                }
                Err(e) => not_computed_from(&mut out, &["bound_printed"], e)?,
            };
        }
        _ => ask(&mut out, &["bound", "bound_printed"], "give gamma=… and eta=… (0 <= gamma < w < eta <= 1) for the general form"),
    }
    match lemma_6_3_special_corrected(&pairs, w).and_then(|f| f.eval(alpha)) {
        Ok(v) => {
            out.value_note("bound_special", down(v), "pointwise combination of the inverses, inverted");
        }
        Err(e) => not_computed_from(&mut out, &["bound_special"], e)?,
    };
    match lemma_6_3_special_printed(&pairs, w).and_then(|f| f.eval(alpha)) {
        Ok(v) => {
            out.value("bound_special_printed", v);
        }
        Err(e) => not_computed_from(&mut out, &["bound_special_printed"], e)?,
    };
    out.value("T_exact", mixture_tradeoff(&[1.0 - w, w], &pairs)?.eval(alpha)?);
    Ok(out)
}

/// Proposition 6.4 (spec §6.5 [C]): the bound used for shuffling.
pub const PROPOSITION_6_4: Card = Card {
    result: "Proposition 6.4",
    title: "P = (1-w)P0 + wQ0, Q = (1-w)Q0 + wP0, 0 <= w <= 1/2: T(P, Q) >= C(2w Id + (1 - 2w) C(T(P0, Q0))) (corrected: symmetrise T(P0, Q0) first; the printed form fails for an asymmetric T(P0, Q0))",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::proposition_6_4_corrected",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.5, §10.1 items 1, 2",
    params: &[
        dist("p0", "P₀", "P0 on a finite support"),
        dist("q0", "Q₀", "Q0 on the same support"),
        Param::new("w", "w", "swap weight w in [0, 1/2]", Domain::closed(0.0, 0.5)),
        crate::papers::card::common::TYPE_I,
        EPSILON,
    ],
    outputs: &[
        OutputSpec::upper("bound", "C(2w Id + (1 - 2w) C(T(P0, Q0)))(alpha), rounded down").at_most(&["T_exact"]),
        OutputSpec::estimate("bound_printed", "C(2w Id + (1 - 2w) T(P0, Q0))(alpha) as printed (equal when T(P0, Q0) is symmetric; not a bound otherwise)"),
        OutputSpec::exact("T_exact", "T(P, Q)(alpha), exact"),
        OutputSpec::upper("delta", "two-sided delta(epsilon) of the corrected bound: (1 - 2w) delta_{C(T0)}(ln((e^epsilon - 2w)/(1 - 2w)))").at_least(&["delta_exact"]),
        OutputSpec::exact("delta_exact", "two-sided delta(epsilon) of (P, Q)"),
    ],
    example: &[("p0", "0.5,0.5"), ("q0", "1,0"), ("w", "0.25"), ("alpha", "0.625"), ("epsilon", "0.4054651081081644")],
    mpfr: false,
    eval: proposition_6_4,
};

fn proposition_6_4(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let p = pair(a, "p0", "q0")?;
    let (w, alpha) = (a.real("w")?, a.real("alpha")?);
    let t0 = p.tradeoff()?;
    let corr = proposition_6_4_corrected(&t0, w)?;
    let exact = swap_mixture(&p, w)?;
    let mut out = Outputs::new();
    out.value_note("bound", down(corr.eval(alpha)?), "PL: symmetrisation by lower convex hull (exact)");
    out.from_result("bound_printed", proposition_6_4_printed(&t0, w).and_then(|f| f.eval(alpha)))?;
    out.value("T_exact", exact.eval(alpha)?);
    deltas(&mut out, a, &corr, &exact)?;
    Ok(out)
}

fn deltas(out: &mut Outputs, a: &Args, bound: &TradeOff, exact: &TradeOff) -> Result<()> {
    match a.opt_real("epsilon")? {
        Some(e) => {
            out.from_result("delta", bound.delta_two_sided(e))?;
            out.from_result("delta_exact", exact.delta_two_sided(e))?;
        }
        None => ask(out, &["delta", "delta_exact"], "give epsilon=… for delta(epsilon)"),
    }
    Ok(())
}

/// Proposition E.1 (spec §6.6 [C]): subsampling-type mixtures.
pub const PROPOSITION_E_1: Card = Card {
    result: "Proposition E.1",
    title: "P = (1-w)P0 + wP1, Q = (1-w)P0 + wQ1: T(P, Q) >= C((1-w) Id + w f) for a symmetric f below T(P1,Q1), T(P0,P1), T(P0,Q1) (corrected; the printed f = T(P1, Q1) with no condition on P0 is false)",
    function: "crate::papers::mixture_fdp::section_6::advanced_concavity::proposition_e_1_corrected",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.6, §10.1 item 8",
    params: &[
        dist("p0", "P₀", "P0 (the 'not sampled' component) on a finite support").optional(),
        P1.optional(),
        Q1.optional(),
        WMIX,
        crate::papers::card::common::TYPE_I,
        EPSILON,
        Param::new("mu", "μ", "Gaussian instance: P0 = N(100, 1) (disjoint), P1 = N(0, 1), Q1 = N(mu, 1)", Domain::Real { lo: 0.0, lo_closed: false, hi: 60.0, hi_closed: true }).optional(),
    ],
    outputs: &[
        OutputSpec::upper("bound", "C((1-w) Id + w f)(alpha), f = the largest symmetric PL function below T(P1,Q1), T(P0,P1), T(P0,Q1) and their inverses (certifies the closeness conditions), rounded down").at_most(&["T_exact"]),
        OutputSpec::estimate("bound_printed", "C((1-w) Id + w T(P1, Q1))(alpha) as printed (no closeness condition: not a bound)"),
        OutputSpec::exact("T_exact", "T(P, Q)(alpha), exact"),
        OutputSpec::upper("delta", "two-sided delta(epsilon) of the corrected bound").at_least(&["delta_exact"]),
        OutputSpec::exact("delta_exact", "two-sided delta(epsilon) of (P, Q)"),
        OutputSpec::exact("T_gaussian", "Gaussian instance: exact T(P, Q)(alpha) = J_{(1-w, w)}(Id, G_mu)(alpha) (the index is observable)"),
        OutputSpec::estimate("bound_gaussian_printed", "Gaussian instance: printed C((1-w) Id + w G_mu)(alpha) (exceeds the truth)"),
        OutputSpec::upper("bound_gaussian", "Gaussian instance: corrected bound with f = 0 (the only symmetric f below T(P0, P1) = G_100 up to 1e-500)").at_most(&["T_gaussian"]),
    ],
    example: &[("p0", "0.1,0.2,0.3,0.4"), ("p1", "0.4,0.3,0.2,0.1"), ("q1", "0.25,0.25,0.25,0.25"), ("w", "0.5"), ("alpha", "0.05"), ("epsilon", "0.5"), ("mu", "1")],
    mpfr: false,
    eval: proposition_e_1,
};

fn proposition_e_1(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (w, alpha) = (a.real("w")?, a.real("alpha")?);
    let mut out = Outputs::new();
    let discrete = ["p0", "p1", "q1"];
    if discrete.iter().all(|n| a.has(n)) {
        let (p0, x) = (super::common::prob(a, "p0")?, pair(a, "p1", "q1")?);
        same_support("p0, p1, q1", &[&p0, &x.p, &x.q])?;
        let t11 = x.tradeoff()?;
        let f = closeness_envelope(&[t11.clone(), TradeOff::from_pair(&p0, &x.p)?, TradeOff::from_pair(&p0, &x.q)?])?;
        let corr = proposition_e_1_corrected(&f, w)?;
        let pm = crate::papers::mixture_fdp::section_3::joint_concavity::mix_vectors(&[1.0 - w, w], &[&p0, &x.p])?;
        let qm = crate::papers::mixture_fdp::section_3::joint_concavity::mix_vectors(&[1.0 - w, w], &[&p0, &x.q])?;
        let exact = TradeOff::from_pair(&pm, &qm)?;
        out.value_note("bound", down(corr.eval(alpha)?), "PL, exact");
        out.from_result("bound_printed", proposition_e_1_printed(&t11, w).and_then(|f| f.eval(alpha)))?;
        out.value("T_exact", exact.eval(alpha)?);
        deltas(&mut out, a, &corr, &exact)?;
    } else if discrete.iter().any(|n| a.has(n)) {
        return Err(Error::MissingParameters { what: "mixture_fdp Proposition E.1 (a discrete instance)".into(), names: discrete.iter().filter(|n| !a.has(n)).copied().collect::<Vec<_>>().join(", "), hint: String::new() });
    } else {
        ask(&mut out, &["bound", "bound_printed", "T_exact", "delta", "delta_exact"], "give p0, p1, q1 for a discrete instance");
    }
    match a.opt_real("mu")? {
        Some(mu) => match proposition_e_1_gaussian(mu, w, alpha) {
            Ok([e, p, c]) => {
                out.value("T_gaussian", e).value("bound_gaussian_printed", p).value("bound_gaussian", down(c));
            }
            Err(e) => not_computed_from(&mut out, &["T_gaussian", "bound_gaussian_printed", "bound_gaussian"], e)?,
        },
        None => ask(&mut out, &["T_gaussian", "bound_gaussian_printed", "bound_gaussian"], "give mu=… for the Gaussian instance"),
    }
    Ok(out)
}

//! Result cards of Appendix F (where Lemma 3.1 is tight, and Lemma 3.1 vs Lemma 6.3): Examples
//! F.1–F.4.

use super::common::{ask, down, pair, weights};
use crate::error::Result;
use crate::num::Interval;
use crate::papers::card::common::{EPSILON, TYPE_I};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::appendix_f::examples_f::*;
use crate::papers::mixture_fdp::section_3::joint_concavity::{lemma_3_1_bound, mixture_tradeoff, Pair};
use crate::papers::mixture_fdp::section_6::advanced_concavity::joint_is_exact;
use crate::papers::Guarantee;
use crate::repr::gdp::Gdp;

const W: Param = Param::new("w", "w", "mixture weights (w1, w2), summing to 1", Domain::reals(Domain::UNIT_CLOSED, 2, 2));
const MU: Param = Param::new("mu", "μ", "mean shift of Q0 = N(mu, 1) vs P0 = N(0, 1)", Domain::Real { lo: 0.0, lo_closed: false, hi: 60.0, hi_closed: true });

const EQUALITY_OUTPUTS: [OutputSpec; 4] = [
    OutputSpec::exact("T_mixture", "T(P_w, Q_w)(alpha), exact"),
    OutputSpec::exact("J", "J_w(alpha): Lemma 3.1's bound (equal to T_mixture here)"),
    OutputSpec::exact("equality", "1 if Proposition 6.1's corrected criterion certifies T(P_w, Q_w) = J_w, else 0"),
    OutputSpec::exact("delta", "two-sided delta(epsilon) of the mixture pair (= of J_w)"),
];

fn equality_outputs(a: &Args, w: &[f64], pairs: &[Pair; 2]) -> Result<Outputs> {
    let (t, j) = (mixture_tradeoff(w, pairs)?, lemma_3_1_bound(w, pairs)?);
    let alpha = a.real("alpha")?;
    let mut out = Outputs::new();
    out.value("T_mixture", t.eval(alpha)?).value("J", j.eval(alpha)?).value("equality", if joint_is_exact(w, pairs)? { 1.0 } else { 0.0 });
    match a.opt_real("epsilon")? {
        Some(e) => {
            out.from_result("delta", t.delta_two_sided(e))?;
        }
        None => ask(&mut out, &["delta"], "give epsilon=… for delta(epsilon)"),
    }
    Ok(out)
}

/// Example F.1 (spec §6.8): perfectly distinguishable uniforms, `T = J = 0`.
pub const EXAMPLE_F_1: Card = Card {
    result: "Example F.1",
    title: "P1 = U[0,1], Q1 = U[2,3], P2 = U[-1,0], Q2 = U[3,4]: every pair is perfectly distinguishable, T(P_w, Q_w) = J_w = 0 (equality in Lemma 3.1)",
    function: "crate::papers::mixture_fdp::appendix_f::examples_f::example_f_1_pairs",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.8",
    params: &[W, TYPE_I, EPSILON],
    outputs: &EQUALITY_OUTPUTS,
    example: &[("w", "0.5,0.5"), ("alpha", "0.3"), ("epsilon", "1")],
    mpfr: false,
    eval: example_f_1,
};

fn example_f_1(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    equality_outputs(a, &weights(a, "w", 2)?, &example_f_1_pairs())
}

/// Example F.2 (spec §6.8): pairs on the two axes, the index is observable.
pub const EXAMPLE_F_2: Card = Card {
    result: "Example F.2",
    title: "(P1, Q1) on the x-axis, (P2, Q2) on the y-axis, no mass at the origin: the index is observable and T(P_w, Q_w) = J_w",
    function: "crate::papers::mixture_fdp::appendix_f::examples_f::example_f_2_pairs",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/advanced_concavity.csv",
    spec: "mixtures_fdp §6.8",
    params: &[
        W,
        super::common::dist("p1", "P₁", "P1 on points of the x-axis (its own support)").default("0.6,0.4"),
        super::common::dist("q1", "Q₁", "Q1 on the same x-axis points").default("0.4,0.6"),
        super::common::dist("p2", "P₂", "P2 on points of the y-axis (its own support)").default("0.9,0.1"),
        super::common::dist("q2", "Q₂", "Q2 on the same y-axis points").default("0.1,0.9"),
        TYPE_I,
        EPSILON,
    ],
    outputs: &EQUALITY_OUTPUTS,
    example: &[("w", "0.5,0.5"), ("alpha", "0.05"), ("epsilon", "0.5")],
    mpfr: false,
    eval: example_f_2,
};

fn example_f_2(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let (x, y) = (pair(a, "p1", "q1")?, pair(a, "p2", "q2")?);
    // the two supports side by side (x-axis points, then y-axis points)
    let pad = |v: &[f64], before: usize, after: usize| -> Vec<f64> { std::iter::repeat(0.0).take(before).chain(v.iter().copied()).chain(std::iter::repeat(0.0).take(after)).collect() };
    let (k1, k2) = (x.p.len(), y.p.len());
    let pairs = [Pair { p: pad(&x.p, 0, k2), q: pad(&x.q, 0, k2) }, Pair { p: pad(&y.p, k1, 0), q: pad(&y.q, k1, 0) }];
    equality_outputs(a, &weights(a, "w", 2)?, &pairs)
}

/// Example F.3 (spec §6.7): the sub-sampled Gaussian, Lemma 3.1 vs Lemma 6.3.
pub const EXAMPLE_F_3: Card = Card {
    result: "Example F.3",
    title: "P0 = N(0,1), Q0 = N(mu,1), pair (P0, wP0 + (1-w)Q0): Lemma 6.3 gives C(w Id + (1-w) G_mu), Lemma 3.1 a piecewise bound; the exact curve is w Id + (1-w) G_mu",
    function: "crate::papers::mixture_fdp::appendix_f::examples_f::example_f_3",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/examples_f.csv",
    spec: "mixtures_fdp §6.7",
    params: &[MU, Param::new("w", "w", "weight of P0 in the second distribution wP0 + (1-w)Q0", Domain::Real { lo: 0.0, lo_closed: true, hi: 1.0, hi_closed: false }), TYPE_I, EPSILON],
    outputs: &[
        OutputSpec::upper("bound", "C(w Id + (1-w) G_mu)(alpha) (Lemma 6.3 / the corrected Proposition E.1 with f = G_mu), rounded down").at_most(&["exact"]),
        OutputSpec::exact("exact", "T(P0, wP0 + (1-w)Q0)(alpha) = w(1 - alpha) + (1-w) G_mu(alpha) (monotone likelihood ratio)"),
        OutputSpec::upper("lemma_3_1", "Lemma 3.1's bound J_{(w, 1-w)}(Id, G_mu)(alpha), rounded down").at_most(&["exact"]),
        OutputSpec::upper("delta", "two-sided delta(epsilon) = (1-w) delta_{G_mu}(ln((e^epsilon - w)/(1-w))) of the bound (= of the exact curve)"),
        OutputSpec::exact("middle_corrected", "x̄ + f(x̄) - alpha: the middle piece of eq. (3) with its sign fixed (f = w Id + (1-w) G_mu, x̄ = Phi(-mu/2))"),
        OutputSpec::estimate("middle_printed", "x̄ - f(x̄) - alpha: the middle piece of eq. (3) as printed (a sign typo)"),
    ],
    example: &[("mu", "1"), ("w", "0.3333333333333333"), ("alpha", "0.5"), ("epsilon", "1")],
    mpfr: true,
    eval: example_f_3_card,
};

fn example_f_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (mu, w, alpha) = (a.real("mu")?, a.real("w")?, a.real("alpha")?);
    let [exact, l31, bound] = example_f_3(mu, w, alpha)?;
    let mut out = Outputs::new();
    out.value_note("bound", down(bound), "closed form (eq. (3), sign fixed), rounded down").value("exact", exact).value_note("lemma_3_1", down(l31), "closed form, rounded down");
    match a.opt_real("epsilon")? {
        Some(e) => {
            // ε' = ln((e^ε − w)/(1 − w)) = ε + ln(1 − w e^{−ε}) − ln(1 − w): no e^ε
            let ep = e + (-w * (-e).exp()).ln_1p() - (-w).ln_1p();
            match Gdp::new(mu).and_then(|g| g.delta_bounds(ep, ctx.precision)) {
                Ok(iv) => {
                    let s = 1.0 - w;
                    out.interval("delta", (s * iv.upper * (1.0 + 2.0 * f64::EPSILON)).min(1.0), Interval { lower: s * iv.lower * (1.0 - 2.0 * f64::EPSILON), upper: (s * iv.upper * (1.0 + 2.0 * f64::EPSILON)).min(1.0) }, format!("delta of G_mu at the shifted epsilon; MPFR {} bits, certified", ctx.precision))
                }
                Err(e) => out.not_computed("delta", e.to_string()),
            };
        }
        None => ask(&mut out, &["delta"], "give epsilon=… for delta(epsilon)"),
    }
    let xb = crate::num::special::ndtr(-mu / 2.0);
    let fxb = w * (1.0 - xb) + (1.0 - w) * g(mu, xb);
    out.value("middle_corrected", xb + fxb - alpha).value("middle_printed", eq_3_printed_middle(w, mu, alpha));
    Ok(out)
}

/// Example F.4 (spec §6.8): `(½P + ½Q, ½Q + ½P)` is perfectly private.
pub const EXAMPLE_F_4: Card = Card {
    result: "Example F.4",
    title: "(P/2 + Q/2, Q/2 + P/2) with P = N(0,1), Q = N(mu,1): T = Id; Proposition 6.4 (w = 1/2) gives C(Id) = Id (sharp), Lemma 3.1 gives J = G_mu (loose)",
    function: "crate::papers::mixture_fdp::appendix_f::examples_f::example_f_4",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/examples_f.csv",
    spec: "mixtures_fdp §6.8",
    params: &[MU, TYPE_I],
    outputs: &[
        OutputSpec::exact("exact", "T(P/2 + Q/2, Q/2 + P/2)(alpha) = 1 - alpha"),
        OutputSpec::upper("lemma_3_1", "Lemma 3.1's bound J_{(1/2,1/2)}(G_mu, G_mu)(alpha) = G_mu(alpha) (loose)").at_most(&["exact"]),
        OutputSpec::upper("proposition_6_4", "Proposition 6.4 with w = 1/2: C(Id)(alpha) = 1 - alpha (sharp)").at_most(&["exact"]),
    ],
    example: &[("mu", "1"), ("alpha", "0.5")],
    mpfr: false,
    eval: example_f_4_card,
};

fn example_f_4_card(a: &Args, _ctx: &Ctx) -> Result<Outputs> {
    let [exact, l31, p64] = example_f_4(a.real("mu")?, a.real("alpha")?)?;
    let mut out = Outputs::new();
    out.value("exact", exact).value_note("lemma_3_1", down(l31), "rounded down").value("proposition_6_4", p64);
    Ok(out)
}

//! Result cards of Section 2 (Background and Definitions): Proposition 2.3.

use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::num::{Interval, Mp, Real};
use crate::papers::card::common::{DELTA as DELTA_Q, EPSILON as EPSILON_Q};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::Guarantee;
use crate::repr::rdp::RdpCurve;
use crate::repr::rdp_optimize::{delta_for_epsilon, epsilon_for_delta};
use crate::repr::rdp_to_dp::Formula;

const ORDERS: Param = Param::new("alpha", "α", "Rényi orders of the RDP curve (each real > 1; one or more, any order of listing)", Domain::reals(Domain::ORDER, 1, usize::MAX));
const RDP: Param = Param::new("rdp", "ε(α)", "the mechanism's RDP at each order of alpha (same length; ≥ 0, inf allowed)", Domain::reals(Domain::Real { lo: 0.0, lo_closed: true, hi: f64::INFINITY, hi_closed: true }, 1, usize::MAX));

/// Proposition 2.3 (Mironov 2017, as restated; spec §9): an `(α, ε(α))`-RDP mechanism is
/// `(ε(α) + ln(1/δ)/(α − 1), δ)`-DP; over a curve, the minimum over its orders, and the inverse
/// `δ(ε) = min(1, exp min_α (α − 1)(ε(α) − ε))`.
pub const PROPOSITION_2_3: Card = Card {
    result: "Proposition 2.3",
    title: "RDP → DP: ε(δ) = min over the given orders of ε(α) + ln(1/δ)/(α − 1); δ(ε) = min(1, exp min_α (α−1)(ε(α) − ε))",
    function: "crate::papers::balanced_iteration::section_2::conversion::proposition_2_3_epsilon",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/proposition_2_3.csv",
    spec: "balanced_iteration §9",
    params: &[ORDERS, RDP, DELTA_Q, EPSILON_Q],
    outputs: &[
        OutputSpec::upper("epsilon", "ε(δ) = min_α [ε(α) + ln(1/δ)/(α − 1)] over the given orders (give delta)"),
        OutputSpec::exact("order", "the order attaining ε(δ)"),
        OutputSpec::upper("delta", "δ(ε) = min(1, exp min_α (α − 1)(ε(α) − ε)) over the given orders (give epsilon)"),
        OutputSpec::exact("order_delta", "the order attaining δ(ε)"),
    ],
    example: &[("alpha", "2,4,8,16"), ("rdp", "0.42006665125287,0.84392098967753,1.70883191246329,3.62763508570046"), ("delta", "1e-5"), ("epsilon", "3")],
    mpfr: true,
    eval: proposition_2_3_card,
};

fn proposition_2_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (orders, values) = (a.reals("alpha")?, a.reals("rdp")?);
    if orders.len() != values.len() {
        return Err(Error::invalid("rdp", values.len(), &format!("need one RDP value per order of alpha ({} orders)", orders.len())));
    }
    let mut pts: Vec<(f64, f64)> = orders.iter().copied().zip(values.iter().copied()).collect();
    pts.sort_by(|x, y| x.0.total_cmp(&y.0));
    if let Some(w) = pts.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(Error::invalid("alpha", format_number(w[0].0), "an order is listed twice"));
    }
    let curve = RdpCurve::new(pts.iter().map(|p| p.0).collect(), pts.iter().map(|p| p.1).collect())?;
    let mut out = Outputs::new();
    let prec = ctx.precision;
    match a.opt_real("delta")? {
        Some(d) => {
            let r = epsilon_for_delta(&curve, d, &[Formula::Mironov])?;
            // MPFR: the same minimum, each term ε(α) + ln(1/δ)/(α − 1) at the working precision.
            let iv = finite_only(ctx.mp(|p| {
                let m = Mp::new(p, 0.0);
                let l = -m.cst(d).ln();
                let best = pts.iter().filter(|q| q.1.is_finite()).map(|q| m.cst(q.1) + l.clone() / (m.cst(q.0) - m.one())).reduce(|x, y| x.min(y));
                Ok(vec![best.unwrap_or_else(|| m.cst(f64::INFINITY))])
            }))?;
            push(&mut out, "epsilon", r.epsilon, iv, format!("rounded up; minimum at α = {}; interval: MPFR {prec} bits{}", format_number(r.order), grid_end(r.at_grid_end)));
            out.value_note("order", r.order, "");
        }
        None => {
            out.not_computed("epsilon", "give delta=… for ε(δ)");
            out.not_computed("order", "give delta=… for ε(δ)");
        }
    }
    match a.opt_real("epsilon")? {
        Some(e) => {
            let r = delta_for_epsilon(&curve, e, &[Formula::Mironov])?;
            let iv = finite_only(ctx.mp(|p| {
                let m = Mp::new(p, 0.0);
                let best = pts.iter().filter(|q| q.1.is_finite()).map(|q| (m.cst(q.0) - m.one()) * (m.cst(q.1) - m.cst(e))).reduce(|x, y| x.min(y));
                Ok(vec![best.map(|x| x.min(m.zero()).exp()).unwrap_or_else(|| m.one())])
            }))?;
            push(&mut out, "delta", r.delta, iv, format!("rounded up; minimum at α = {}; interval: MPFR {prec} bits{}", format_number(r.order), grid_end(r.at_grid_end)));
            out.value_note("order_delta", r.order, "");
        }
        None => {
            out.not_computed("delta", "give epsilon=… for δ(ε)");
            out.not_computed("order_delta", "give epsilon=… for δ(ε)");
        }
    }
    Ok(out)
}

/// The MPFR enclosure when it is finite (an infinite RDP value has none).
fn finite_only(r: Result<Vec<Interval>>) -> Result<Option<Interval>> {
    match r {
        Ok(v) => Ok(v.first().copied()),
        Err(Error::Interrupted) => Err(Error::Interrupted),
        Err(_) => Ok(None),
    }
}

fn push(out: &mut Outputs, name: &'static str, v: f64, iv: Option<Interval>, note: String) {
    match iv {
        Some(iv) => out.interval(name, v, iv, note),
        None => out.value_note(name, v, note),
    };
}

fn grid_end(at_end: bool) -> &'static str {
    if at_end {
        "; at an end of the given orders (more orders may give less)"
    } else {
        ""
    }
}

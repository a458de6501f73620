//! Parameters and output helpers that cards of several papers share: the query of a privacy
//! curve (δ for ε(δ), ε for δ(ε), a Rényi order, a type-I error α) and the (ε, δ) view of a
//! μ-GDP guarantee.

use super::output::Outputs;
use super::param::{Args, Domain, Param};
use super::Ctx;
use crate::error::Result;
use crate::num::fmt::format_number;
use crate::num::Interval;
use crate::repr::gdp::Gdp;

/// `delta`: the δ of an ε(δ) query (optional).
pub const DELTA: Param = Param::new("delta", "δ", "δ of the ε(δ) query: report the smallest ε ≥ 0 with δ(ε) ≤ δ", Domain::UNIT_OPEN).optional();
/// `epsilon`: the ε of a δ(ε) query (optional).
pub const EPSILON: Param = Param::new("epsilon", "ε", "ε of the δ(ε) query (any finite real; δ(ε) of the hockey-stick divergence)", Domain::FINITE).optional();
/// `alpha`: a Rényi order.
pub const ORDER: Param = Param::new("alpha", "α", "Rényi order", Domain::ORDER);
/// `alpha`: the type-I error at which a trade-off function is evaluated.
pub const TYPE_I: Param = Param::new("alpha", "α", "type-I error at which the trade-off function is evaluated", Domain::UNIT_CLOSED);

/// The outputs `epsilon` (at `delta`) and `delta` (at `epsilon`) of a μ-GDP guarantee whose μ
/// lies in `mu` (an enclosure of the result's μ; its upper end is the reported bound): ε(δ) and
/// δ(ε) of `G_μ` (Dong, Roth, Su 2022, Corollary 2.13) as certified MPFR enclosures at the
/// context's precision, from the lower end of `mu` to the upper end (both increase with μ). The
/// value reported is the upper end (rounded toward more loss). Absent queries are reported as not
/// computed, naming the parameter to give.
pub fn gdp_queries(out: &mut Outputs, mu: Interval, args: &Args, ctx: &Ctx) -> Result<()> {
    let prec = ctx.precision;
    let (lo, hi) = match (Gdp::new(mu.lower.max(0.0)), Gdp::new(mu.upper)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            out.not_computed("epsilon", e.to_string());
            out.not_computed("delta", e.to_string());
            return Ok(());
        }
    };
    match args.opt_real("delta")? {
        Some(d) => match (lo.epsilon_bounds(d, prec), hi.epsilon_bounds(d, prec)) {
            (Ok(a), Ok(b)) => out.interval("epsilon", b.upper, Interval { lower: a.lower, upper: b.upper }, format!("ε(δ = {}) of G_μ, μ in its enclosure; MPFR {prec} bits, certified", format_number(d))),
            (Err(e), _) | (_, Err(e)) => out.not_computed("epsilon", e.to_string()),
        },
        None => out.not_computed("epsilon", "give delta=… for ε(δ)"),
    };
    match args.opt_real("epsilon")? {
        Some(e) => match (lo.delta_bounds(e, prec), hi.delta_bounds(e, prec)) {
            (Ok(a), Ok(b)) => out.interval("delta", b.upper, Interval { lower: a.lower, upper: b.upper }, format!("δ(ε = {}) of G_μ, μ in its enclosure; MPFR {prec} bits, certified", format_number(e))),
            (Err(err), _) | (_, Err(err)) => out.not_computed("delta", err.to_string()),
        },
        None => out.not_computed("delta", "give epsilon=… for δ(ε)"),
    };
    Ok(())
}

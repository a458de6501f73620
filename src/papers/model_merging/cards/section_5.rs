//! Result cards of Section 5 (random selection): Theorem 5.1.

use crate::error::Result;
use crate::num::Mp;
use crate::papers::card::common::ORDER;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::section_5::random_selection_rdp::{rs_rdp_bound, rs_rdp_bound_r};
use crate::papers::Guarantee;

const PI: Param = Param::new("pi", "π", "selection probabilities of the N models (on the simplex: each ≥ 0, sum 1)", Domain::reals(Domain::UNIT_CLOSED, 1, usize::MAX));
const EPS_ALPHA: Param = Param::new("eps_alpha", "ε_{α,i}", "RDP of each model at order α (one per model, same order as pi; inf allowed)", Domain::reals(Domain::Real { lo: 0.0, lo_closed: true, hi: f64::INFINITY, hi_closed: true }, 1, usize::MAX));

/// Theorem 5.1 (DP Model Merging), eq. (6): the RDP of random selection,
/// `R_α(π) = ln(Σ_i π_i e^{(α−1)ε_{α,i}})/(α−1)`; f64 rounded up ([`rs_rdp_bound`]) and the MPFR
/// twin ([`rs_rdp_bound_r`]) at the requested precision.
pub const THEOREM_5_1: Card = Card {
    result: "Theorem 5.1",
    title: "RDP of random selection: R_α(π) = ln(Σ π_i e^{(α−1)ε_{α,i}})/(α−1) from the per-model RDP at order α",
    function: "crate::papers::model_merging::section_5::random_selection_rdp::rs_rdp_bound",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_5_1_algorithm_1.csv",
    spec: "merging §6",
    params: &[PI, EPS_ALPHA, ORDER],
    outputs: &[OutputSpec::upper("rdp", "R_α(π), the order-α RDP of the random-selection output (eq. 6)")],
    example: &[("pi", "0.5,0.5"), ("eps_alpha", "4,0.25"), ("alpha", "8")],
    mpfr: true,
    eval: theorem_5_1,
};

fn theorem_5_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (pi, eps, alpha) = (a.reals("pi")?, a.reals("eps_alpha")?, a.real("alpha")?);
    let value = rs_rdp_bound(pi, eps, alpha)?;
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let p: Vec<Mp> = pi.iter().map(|&x| m(x)).collect();
        let e: Vec<Mp> = eps.iter().map(|&x| m(x)).collect();
        Ok(vec![rs_rdp_bound_r(&p, &e, &m(alpha))])
    })?;
    let mut out = Outputs::new();
    out.interval("rdp", value, iv[0], format!("f64 log-sum-exp rounded up; interval: MPFR {} bits", ctx.precision));
    Ok(out)
}

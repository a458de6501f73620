//! Result card of Section 2: Definition 2.1, (ε, δ)-DP of a finite-outcome mechanism through the
//! hockey-stick divergence of one neighbouring pair.

use crate::error::Result;
use crate::num::{Interval, Mp};
use crate::papers::card::common::{DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::section_2::hockey_stick::{hockey_stick, hockey_stick_r, pmf_eps_for_delta, validate_pmfs};
use crate::papers::Guarantee;

const PMF: Domain = Domain::reals(Domain::UNIT_CLOSED, 1, 1 << 20);
const P: Param = Param::new("P", "P", "output pmf M(D) on a finite outcome set (entries ≥ 0 summing to 1)", PMF);
const Q: Param = Param::new("Q", "Q", "output pmf M(D′) on the same outcomes, D′ a neighbour of D (same length as P)", PMF);

/// Definition 2.1 (DP Model Merging): `δ(ε) = max{H_ε(P,Q), H_ε(Q,P)}` with
/// `H_ε(P,Q) = Σ_k (P_k − e^ε Q_k)_+` (spec §1.3, §2) — [`hockey_stick`] in f64 (compensated sum)
/// and [`hockey_stick_r`] in MPFR; the pair is (ε, δ)-DP iff `δ(ε) ≤ δ`.
pub const DEFINITION_2_1: Card = Card {
    result: "Definition 2.1",
    title: "(ε, δ)-DP of one neighbouring pair of finite pmfs: δ(ε) = max{H_ε(P,Q), H_ε(Q,P)}, H_ε(P,Q) = Σ_k (P_k − e^ε Q_k)_+",
    function: "crate::papers::model_merging::section_2::hockey_stick::delta_profile",
    guarantee: Guarantee::Exact,
    golden: "model_merging/definition_2_1.csv",
    spec: "merging §2",
    params: &[P, Q, EPSILON, DELTA],
    outputs: &[
        OutputSpec::exact("delta", "δ(ε) = max{H_ε(P,Q), H_ε(Q,P)} at the given epsilon: the pair is (ε, δ)-DP iff δ(ε) ≤ δ"),
        OutputSpec::exact("h_forward", "H_ε(P,Q) = Σ_k (P_k − e^ε Q_k)_+ (the order (D, D′))"),
        OutputSpec::exact("h_reverse", "H_ε(Q,P) (the order (D′, D))"),
        OutputSpec::upper("epsilon", "smallest ε ≥ 0 with δ(ε) ≤ δ at the given delta (bisection; upper end of the final bracket); inf when mass outside the other support exceeds δ"),
    ],
    example: &[("P", "0.7310585786300049,0.2689414213699951"), ("Q", "0.2689414213699951,0.7310585786300049"), ("epsilon", "0.5"), ("delta", "0.1")],
    mpfr: true,
    eval: definition_2_1,
};

fn definition_2_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, q) = (a.reals("P")?, a.reals("Q")?);
    validate_pmfs(p, q)?;
    let mut out = Outputs::new();
    match a.opt_real("epsilon")? {
        Some(e) => {
            let (f, r) = (hockey_stick(p, q, e)?, hockey_stick(q, p, e)?);
            let iv = ctx.mp(|prec| {
                let m = |xs: &[f64]| xs.iter().map(|&x| Mp::new(prec, x)).collect::<Vec<_>>();
                let (pm, qm, em) = (m(p), m(q), Mp::new(prec, e));
                Ok(vec![hockey_stick_r(&pm, &qm, &em), hockey_stick_r(&qm, &pm, &em)])
            })?;
            let note = format!("f64 compensated sum; interval: MPFR {} bits", ctx.precision);
            let max = Interval { lower: iv[0].lower.max(iv[1].lower), upper: iv[0].upper.max(iv[1].upper) };
            out.interval("delta", f.max(r), max, note.clone());
            out.interval("h_forward", f, iv[0], note.clone());
            out.interval("h_reverse", r, iv[1], note);
        }
        None => {
            for name in ["delta", "h_forward", "h_reverse"] {
                out.not_computed(name, "give epsilon=… for δ(ε)");
            }
        }
    }
    match a.opt_real("delta")? {
        Some(d) => out.value_note("epsilon", pmf_eps_for_delta(p, q, d)?, "bisection on δ(ε) to 1e-13 relative; upper end (more loss)"),
        None => out.not_computed("epsilon", "give delta=… for ε(δ)"),
    };
    Ok(out)
}

//! Result card of Section 3: Proposition 3.1 (no free lunch for mechanism-agnostic mergers),
//! with the audit-derived corrected thresholds beside the printed one (audit A11).

use crate::error::Result;
use crate::num::Mp;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::section_3::no_free_lunch::*;
use crate::papers::Guarantee;

const HALF_OPEN_UNIT: Domain = Domain::Real { lo: 0.0, lo_closed: true, hi: 1.0, hi_closed: false };
const EPS_P: Param = Param::new("eps_prime", "ε′", "target ε′ of the merged output (ε₁ < ε′ < ε₂; ε₁ plays no role)", Domain::NONNEGATIVE);
const EPS2: Param = Param::new("eps2", "ε₂", "ε₂ of the less private model, (ε₂, δ)-DP; must exceed eps_prime", Domain::NONNEGATIVE);
const DELTA_MODELS: Param = Param::new("delta", "δ", "δ of both input models (δ₁ = δ₂ = δ)", HALF_OPEN_UNIT);
const DELTA_P: Param = Param::new("delta_prime", "δ′", "target δ′ of the merged output", HALF_OPEN_UNIT);

/// Proposition 3.1 (DP Model Merging), eq. (3): the threshold
/// `T_paper = (1 − e^{−ε′}(1 − δ′))/(1 − e^{−ε₂}(1 − δ))` on `sup TV(h(x,a), h(x,b))` above which
/// no merger is (ε′, δ′)-DP for every admissible pair ([`prop31_threshold`], MPFR twin
/// [`prop31_threshold_r`]); beside it the audit-derived `π⁺`, `T₁`, `τ_rob` (spec §3; not from the
/// paper) and the reverse-order excess of the proof's two-point θ₂.
pub const PROPOSITION_3_1: Card = Card {
    result: "Proposition 3.1",
    title: "No free lunch without (M1, M2): T_paper = (1 − e^{−ε′}(1 − δ′))/(1 − e^{−ε₂}(1 − δ)), with the audit-derived corrected threshold τ_rob",
    function: "crate::papers::model_merging::section_3::no_free_lunch::prop31_threshold",
    guarantee: Guarantee::Exact,
    golden: "model_merging/proposition_3_1.csv",
    spec: "merging §3",
    params: &[EPS_P, EPS2, DELTA_MODELS, DELTA_P],
    outputs: &[
        OutputSpec::exact("t_paper", "T_paper of eq. (3), as printed: the claim is that no merger with sup TV(h(x,a), h(x,b)) > T_paper is (ε′, δ′)-DP for all admissible (M1, M2) (≥ 1: vacuous)"),
        OutputSpec::exact("pi_plus", "audit-derived (not in the paper): π⁺ = δ + (1 − δ)(e^{ε₂} − e^{ε′})/(1 + e^{ε₂}), the largest H_{ε′} of an (ε₂, δ)-DP mechanism"),
        OutputSpec::exact("t1", "audit-derived (not in the paper): T₁ = (δ′ + e^{ε′} − 1)/(π⁺ + e^{ε′} − 1), the threshold the paper's argument gives with an admissible two-point θ₂"),
        OutputSpec::exact("tau_rob", "audit-derived (not in the paper): τ_rob = min{1, (δ′ + (e^{ε′} − 1)/2)/(π⁺ + (e^{ε′} − 1)/2)}, the largest robust TV (spec §3 LP); τ_rob > t_paper means the printed statement is false there (A11)"),
        OutputSpec::exact("proof_excess", "H_{ε₂}(θ₂(D′), θ₂(D)) − δ of the proof's two-point θ₂ (Appendix A); > 0: that θ₂ is not (ε₂, δ)-DP (A11)"),
    ],
    example: &[("eps_prime", "1"), ("eps2", "2"), ("delta", "1e-5"), ("delta_prime", "1e-5")],
    mpfr: true,
    eval: proposition_3_1,
};

fn proposition_3_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (ep, e2, d, dp) = (a.real("eps_prime")?, a.real("eps2")?, a.real("delta")?, a.real("delta_prime")?);
    let t = prop31_threshold(ep, e2, d, dp)?;
    let iv = ctx.mp(|prec| {
        let (ep, e2, d, dp) = (Mp::new(prec, ep), Mp::new(prec, e2), Mp::new(prec, d), Mp::new(prec, dp));
        Ok(vec![prop31_threshold_r(&ep, &e2, &d, &dp), prop31_pi_plus_r(&ep, &e2, &d), prop31_t1_r(&ep, &e2, &d, &dp), prop31_tau_rob_r(&ep, &e2, &d, &dp)])
    })?;
    let note = format!("closed form in f64; interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    out.interval("t_paper", t, iv[0], note.clone());
    out.interval("pi_plus", prop31_pi_plus(ep, e2, d)?, iv[1], note.clone());
    out.interval("t1", prop31_t1(ep, e2, d, dp)?, iv[2], note.clone());
    let tau = prop31_tau_rob(ep, e2, d, dp)?;
    let verdict = if iv[3].lower > iv[0].upper { "τ_rob > T_paper: the printed statement is false at these parameters (A11)" } else { "τ_rob ≤ T_paper here" };
    out.interval("tau_rob", tau, iv[3], format!("{note}; {verdict}"));
    let chk = proof_theta2_check(e2, d)?;
    out.value_note("proof_excess", chk.excess, format!("reverse order H = 1 − p′ = {}, p′ = e^(−ε₂)(1 − δ); exact literal sum in f64", chk.reverse));
    Ok(out)
}

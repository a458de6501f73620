//! Result card of Section 7: Proposition 7.1, joint RDP against (ε, δ) advanced composition for
//! N identical Gaussian releases.

use crate::error::{Error, Result};
use crate::num::{Mp, Real};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::section_7::advanced_composition::{prop71, prop71_domain, prop71_r};
use crate::papers::Guarantee;

const SENS: Param = Param::new("Delta", "Δ", "ℓ2 sensitivity Δ of the released query (t = Δ/σ)", Domain::POSITIVE).default("1");
const SIGMA: Param = Param::new("sigma", "σ", "noise standard deviation σ of each release (noise Z ~ N(0, σ²); all N releases identical)", Domain::reals(Domain::POSITIVE, 1, 1));
const N: Param = Param::new("N", "N", "number of independent releases (models)", Domain::COUNT);
const DELTA: Param = Param::new("delta", "δ", "δ of each release's (ε, δ)-DP guarantee (the paper states δ ∈ (0, ½))", Domain::UNIT_OPEN);
const DELTA0: Param = Param::new("delta0", "δ₀", "slack δ₀ of advanced composition; δ′ = Nδ + δ₀ must be < 1 (audit A18)", Domain::UNIT_OPEN);

/// Proposition 7.1 (DP Model Merging): with `t = Δ/σ` and `δ′ = Nδ + δ₀`, the joint-RDP
/// `ε_RDP = Nt²/2 + t√(2N ln(1/δ′))` never exceeds the advanced-composition
/// `ε_com = ε√(2N ln(1/δ₀)) + Nε(e^ε − 1)`, `ε = t²/2 + t√(2 ln(1/δ))` ([`prop71`], MPFR twin
/// [`prop71_r`]).
pub const PROPOSITION_7_1: Card = Card {
    result: "Proposition 7.1",
    title: "N identical Gaussian releases: joint-RDP ε_RDP = Nt²/2 + t√(2N ln(1/δ′)) ≤ advanced-composition ε_com, t = Δ/σ, δ′ = Nδ + δ₀",
    function: "crate::papers::model_merging::section_7::advanced_composition::prop71",
    guarantee: Guarantee::Exact,
    golden: "model_merging/proposition_7_1.csv",
    spec: "merging §16",
    params: &[SENS, SIGMA, N, DELTA, DELTA0],
    outputs: &[
        OutputSpec::exact("eps_rdp", "ε_RDP = Nt²/2 + t√(2N ln(1/δ′)): the joint RDP bound (eq. 7) converted at δ′ with the continuous optimal order"),
        OutputSpec::exact("eps_com", "ε_com = ε√(2N ln(1/δ₀)) + Nε(e^ε − 1): advanced composition (Dwork–Rothblum–Vadhan 2010, Thm III.3) at δ′ (inf when e^ε overflows)"),
        OutputSpec::exact("eps_single", "ε = t²/2 + t√(2 ln(1/δ)): each release's ε at δ (classic conversion, continuous α)"),
        OutputSpec::exact("alpha_star", "α* = 1 + √(2 ln(1/δ′)/(N t²)), the order at which ε_RDP is attained"),
        OutputSpec::exact("delta_prime", "δ′ = Nδ + δ₀"),
        OutputSpec::exact("gap", "ε_com − ε_RDP ≥ 0, the proposition's claim"),
    ],
    example: &[("sigma", "1"), ("N", "2"), ("delta", "1e-5"), ("delta0", "1e-5")],
    mpfr: true,
    eval: proposition_7_1,
};

fn proposition_7_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (sens, sigma, n, d, d0) = (a.real("Delta")?, a.reals("sigma")?[0], a.int("N")?, a.real("delta")?, a.real("delta0")?);
    let t = sens / sigma;
    let p = prop71(t, n, d, d0).map_err(|e| match e {
        Error::InvalidParameter { name, value, reason } if name.starts_with("t =") => Error::InvalidParameter { name: "Delta/sigma".into(), value, reason },
        other => other,
    })?;
    let dp = prop71_domain(t, n, d, d0)?;
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let tm = m(sens) / m(sigma);
        let dpm = m(n as f64) * m(d) + m(d0);
        let (e, com, rdp, al) = prop71_r(&tm, &m(n as f64), &(-m(d).ln()), &(-m(d0).ln()), &(-dpm.ln()));
        Ok(vec![rdp.clone(), com.clone(), e, al, dpm, com - rdp])
    });
    let note = format!("closed form in f64; interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    let vals = [("eps_rdp", p.eps_rdp), ("eps_com", p.eps_com), ("eps_single", p.eps_single), ("alpha_star", p.alpha_star), ("delta_prime", dp), ("gap", p.eps_com - p.eps_rdp)];
    match iv {
        // e^ε beyond the MPFR exponent range or ε_com = ∞: f64 values only.
        Ok(iv) if p.eps_com.is_finite() => {
            for ((name, v), i) in vals.into_iter().zip(iv) {
                out.interval(name, v, i, note.clone());
            }
        }
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        _ => {
            for (name, v) in vals {
                out.value_note(name, v, "closed form in f64 (e^ε overflows: ε_com = inf, the inequality holds trivially)");
            }
        }
    }
    Ok(out)
}

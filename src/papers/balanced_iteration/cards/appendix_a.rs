//! Result cards of Appendix A.5 (Rényi divergence between two multivariate Gaussians):
//! Propositions A.1 and A.2 (Gil, Alajaji, Linder 2013), diagonal covariances.

use super::common::ALPHA_REAL;
use crate::error::{Error, Result};
use crate::num::Mp;
use crate::papers::balanced_iteration::appendix_a::gaussians::{proposition_a_1, proposition_a_1_r, proposition_a_2, proposition_a_2_r};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::Guarantee;

const VARIANCES: Domain = Domain::reals(Domain::POSITIVE, 1, usize::MAX);

/// Proposition A.1 (spec §7): `D_α(N(m₁, Σ)‖N(m₂, Σ)) = (α/2)(m₁ − m₂)ᵀΣ⁻¹(m₁ − m₂)`.
pub const PROPOSITION_A_1: Card = Card {
    result: "Proposition A.1",
    title: "Rényi divergence of two Gaussians with the same diagonal covariance: (α/2)(m₁ − m₂)ᵀΣ⁻¹(m₁ − m₂)",
    function: "crate::papers::balanced_iteration::appendix_a::gaussians::proposition_a_1",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/gaussians.csv",
    spec: "balanced_iteration §7",
    params: &[
        Param::new("m1", "m₁", "mean of the first Gaussian (comma-separated coordinates)", Domain::reals(Domain::FINITE, 1, usize::MAX)),
        Param::new("m2", "m₂", "mean of the second Gaussian (same length as m1; default the origin)", Domain::reals(Domain::FINITE, 1, usize::MAX)).optional(),
        Param::new("var", "Σ", "the common diagonal covariance (variances, same length as m1)", VARIANCES),
        ALPHA_REAL,
    ],
    outputs: &[OutputSpec::exact("D_alpha", "D_α(N(m₁, Σ)‖N(m₂, Σ))")],
    example: &[("m1", "1,2"), ("m2", "0,0"), ("var", "1,4"), ("alpha", "3")],
    mpfr: true,
    eval: proposition_a_1_card,
};

fn proposition_a_1_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (m1, var, alpha) = (a.reals("m1")?, a.reals("var")?, a.real("alpha")?);
    let m2: Vec<f64> = if a.has("m2") { a.reals("m2")?.to_vec() } else { vec![0.0; m1.len()] };
    if m2.len() != m1.len() || var.len() != m1.len() {
        return Err(Error::invalid(if m2.len() != m1.len() { "m2" } else { "var" }, if m2.len() != m1.len() { m2.len() } else { var.len() }, &format!("must have as many entries as m1 ({})", m1.len())));
    }
    let diff: Vec<f64> = m1.iter().zip(&m2).map(|(x, y)| x - y).collect();
    let v = proposition_a_1(&diff, var, alpha)?;
    // MPFR: the generic formula with the difference formed at the working precision (so an
    // inexact f64 subtraction m₁ − m₂ does not enter the enclosure).
    let iv = ctx.mp(|p| {
        let d: Vec<Mp> = m1.iter().zip(&m2).map(|(x, y)| Mp::new(p, *x) - Mp::new(p, *y)).collect();
        Ok(vec![proposition_a_1_r(&d, var, alpha, &Mp::new(p, 0.0))])
    })?[0];
    let mut out = Outputs::new();
    out.interval("D_alpha", v, iv, format!("closed form, f64 nearest; interval: MPFR {} bits", ctx.precision));
    Ok(out)
}

/// Proposition A.2 (spec §7): `D_α(N(m, Σ₁)‖N(m, Σ₂)) = (1/(2(α−1))) ln(|Σ₁|^{1−α}|Σ₂|^α /
/// |αΣ₂ + (1−α)Σ₁|)`, `+∞` when `αΣ₂ + (1−α)Σ₁` is not positive definite.
pub const PROPOSITION_A_2: Card = Card {
    result: "Proposition A.2",
    title: "Rényi divergence of two Gaussians with the same mean, diagonal covariances Σ₁, Σ₂ (inf when αΣ₂ + (1−α)Σ₁ is not positive definite)",
    function: "crate::papers::balanced_iteration::appendix_a::gaussians::proposition_a_2",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/gaussians.csv",
    spec: "balanced_iteration §7",
    params: &[
        Param::new("var1", "Σ₁", "diagonal covariance of the first Gaussian (variances)", VARIANCES),
        Param::new("var2", "Σ₂", "diagonal covariance of the second Gaussian (same length)", VARIANCES),
        ALPHA_REAL,
    ],
    outputs: &[OutputSpec::exact("D_alpha", "D_α(N(m, Σ₁)‖N(m, Σ₂))")],
    example: &[("var1", "1"), ("var2", "1.5"), ("alpha", "2")],
    mpfr: true,
    eval: proposition_a_2_card,
};

fn proposition_a_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (v1, v2, alpha) = (a.reals("var1")?, a.reals("var2")?, a.real("alpha")?);
    if v1.len() != v2.len() {
        return Err(Error::invalid("var2", v2.len(), &format!("must have as many entries as var1 ({})", v1.len())));
    }
    let v = proposition_a_2(v1, v2, alpha)?;
    let mut out = Outputs::new();
    if v.is_infinite() {
        out.value_note("D_alpha", v, "αΣ₂ + (1−α)Σ₁ is not positive definite: the integral diverges");
        return Ok(out);
    }
    let iv = ctx.mp(|p| proposition_a_2_r(v1, v2, alpha, &Mp::new(p, 0.0)).map(|x| vec![x]).ok_or_else(|| Error::Numerical("not positive definite at MPFR precision only".into())))?;
    out.interval("D_alpha", v, iv[0], format!("closed form, f64 nearest; interval: MPFR {} bits", ctx.precision));
    Ok(out)
}

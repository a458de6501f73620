//! Result cards of Appendix A (conversions out of Gaussian DP): Lemma A.3 (GDP → (ε, δ)),
//! Lemma A.4 (GDP → RDP), Lemma A.5 (the CLT for subsampled compositions, an **estimate**).

use super::params::MU;
use crate::error::Result;
use crate::num::fmt::format_number;
use crate::num::{Interval, Mp, Real};
use crate::papers::card::common::{gdp_queries, DELTA, EPSILON, ORDER};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::shifted_interpolation::appendix_a::clt::{lemma_a_5_clt_mu, lemma_a_5_kappa};
use crate::papers::shifted_interpolation::appendix_a::conversions::{lemma_a_4_rdp, lemma_a_4_rho};
use crate::papers::Guarantee;
use crate::repr::Gdp;

/// Lemma A.3 (Bok, Su, Altschuler 2024; Dong, Roth, Su 2022 Corollary 2.13): a μ-GDP mechanism is
/// `(ε, δ(ε))`-DP with `δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)`; ε(δ) its inverse. Certified
/// MPFR enclosures ([`Gdp::epsilon_bounds`], [`Gdp::delta_bounds`]) at the requested precision.
pub const LEMMA_A_3: Card = Card {
    result: "Lemma A.3",
    title: "GDP → (ε, δ): δ(ε) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2), and its inverse ε(δ)",
    function: "crate::papers::shifted_interpolation::appendix_a::conversions::lemma_a_3_epsilon",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/lemma_a_3_a_4.csv",
    spec: "shifted_interpolation §2.8",
    params: &[MU, DELTA, EPSILON],
    outputs: &[
        OutputSpec::exact("epsilon", "ε(δ) of G_μ at the given delta: the unique ε ≥ 0 with δ(ε) = δ (upper end of a certified interval)"),
        OutputSpec::exact("delta", "δ(ε) of G_μ at the given epsilon (upper end of a certified interval)"),
    ],
    example: &[("mu", "1"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: lemma_a_3_card,
};

fn lemma_a_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let mu = a.real("mu")?;
    let mut out = Outputs::new();
    gdp_queries(&mut out, Interval::point(mu), a, ctx)?;
    Ok(out)
}

/// Lemma A.4 (Bok, Su, Altschuler 2024): μ-GDP implies `(α, αμ²/2)`-RDP for every α > 1, i.e.
/// ρ-zCDP with `ρ = μ²/2` ([`lemma_a_4_rdp`], [`lemma_a_4_rho`], rounded up).
pub const LEMMA_A_4: Card = Card {
    result: "Lemma A.4",
    title: "GDP → RDP: μ-GDP is (α, αμ²/2)-RDP for every α > 1 (ρ-zCDP, ρ = μ²/2)",
    function: "crate::papers::shifted_interpolation::appendix_a::conversions::lemma_a_4_rdp",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/lemma_a_3_a_4.csv",
    spec: "shifted_interpolation §2.9",
    params: &[MU, ORDER],
    outputs: &[OutputSpec::upper("rdp", "RDP ε(α) = αμ²/2 at the given order alpha"), OutputSpec::upper("rho", "zCDP ρ = μ²/2")],
    example: &[("mu", "1"), ("alpha", "2")],
    mpfr: true,
    eval: lemma_a_4_card,
};

fn lemma_a_4_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (mu, alpha) = (a.real("mu")?, a.real("alpha")?);
    let iv = ctx.mp(|p| {
        let rho = Mp::new(p, mu) * Mp::new(p, mu) / Mp::new(p, 2.0);
        Ok(vec![rho.clone() * Mp::new(p, alpha), rho])
    })?;
    let note = format!("f64 rounded up; interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    out.interval("rdp", lemma_a_4_rdp(mu, alpha)?, iv[0], note.clone());
    out.interval("rho", lemma_a_4_rho(mu)?, iv[1], note);
    Ok(out)
}

/// Lemma A.5 (Bok, Su, Altschuler 2024; Dong, Roth, Su 2022 CLT): **an estimate, not a bound**:
/// `C_p(G_μ)^{⊗K} ≈ G_{μ_CLT}`, `μ_CLT = √2 p √K √κ(μ)`, `κ(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−μ/2) − 2`
/// ([`lemma_a_5_clt_mu`], [`lemma_a_5_kappa`]); ε(δ) and δ(ε) of `G_{μ_CLT}` are estimates too
/// (the CLT can lie below the true composition, audit point A1).
pub const LEMMA_A_5: Card = Card {
    result: "Lemma A.5",
    title: "CLT (an estimate): C_p(G_μ)^{⊗K} ≈ G_{μ_CLT}, μ_CLT = √2·p·√K·√κ(μ), κ(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−μ/2) − 2",
    function: "crate::papers::shifted_interpolation::appendix_a::clt::lemma_a_5_clt_mu",
    guarantee: Guarantee::Estimate,
    golden: "shifted_interpolation/lemma_a_5.csv",
    spec: "shifted_interpolation §2.10",
    params: &[
        Param::new("p", "p", "sampling rate p = b/n ∈ (0, 1] of each C_p(G_μ) factor", Domain::UNIT_LEFT_OPEN),
        Param::new("K", "K", "number of composed factors", Domain::COUNT),
        MU.meaning("GDP parameter μ of each subsampled Gaussian step (μ = L/(bσ) in NoisySGD)"),
        DELTA,
        EPSILON,
    ],
    outputs: &[
        OutputSpec::estimate("mu_clt", "ESTIMATE (not a bound): μ_CLT = √2·p·√K·√κ(μ)"),
        OutputSpec::exact("kappa", "κ(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−μ/2) − 2 (exact value of the CLT constant)"),
        OutputSpec::estimate("epsilon_clt", "ESTIMATE: ε(δ) of G_{μ_CLT} at the given delta (Lemma A.3)"),
        OutputSpec::estimate("delta_clt", "ESTIMATE: δ(ε) of G_{μ_CLT} at the given epsilon (Lemma A.3)"),
    ],
    example: &[("p", "0.01"), ("K", "1000"), ("mu", "1"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: lemma_a_5_card,
};

fn lemma_a_5_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, k, mu) = (a.real("p")?, a.int("K")?, a.real("mu")?);
    let clt = lemma_a_5_clt_mu(p, k, mu)?;
    let iv = ctx.mp(|prec| {
        let x = Mp::new(prec, mu);
        let kappa = (x.clone() * x.clone()).exp() * (Mp::new(prec, 1.5) * x.clone()).ndtr() + Mp::new(prec, 3.0) * (-(x / Mp::new(prec, 2.0))).ndtr() - Mp::new(prec, 2.0);
        let clt = (Mp::new(prec, 2.0) * Mp::new(prec, k as f64)).sqrt() * Mp::new(prec, p) * kappa.clone().sqrt();
        Ok(vec![clt, kappa])
    })?;
    let note = format!("f64; interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    out.interval("mu_clt", clt, iv[0], format!("an estimate; {note}"));
    out.interval("kappa", lemma_a_5_kappa(mu)?, iv[1], note);
    let g = Gdp::new(clt);
    let prec = ctx.precision;
    match (a.opt_real("delta")?, &g) {
        (Some(d), Ok(g)) => match g.epsilon_bounds(d, prec) {
            Ok(e) => out.value_note("epsilon_clt", e.upper, format!("ε(δ = {}) of G_{{μ_CLT}}: an estimate", format_number(d))),
            Err(e) => out.not_computed("epsilon_clt", e.to_string()),
        },
        (Some(_), Err(e)) => out.not_computed("epsilon_clt", e.to_string()),
        (None, _) => out.not_computed("epsilon_clt", "give delta=… for ε(δ)"),
    };
    match (a.opt_real("epsilon")?, &g) {
        (Some(x), Ok(g)) => match g.delta_bounds(x, prec) {
            Ok(d) => out.value_note("delta_clt", d.upper, format!("δ(ε = {}) of G_{{μ_CLT}}: an estimate", format_number(x))),
            Err(e) => out.not_computed("delta_clt", e.to_string()),
        },
        (Some(_), Err(e)) => out.not_computed("delta_clt", e.to_string()),
        (None, _) => out.not_computed("delta_clt", "give epsilon=… for δ(ε)"),
    };
    Ok(out)
}

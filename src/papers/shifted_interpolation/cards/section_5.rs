//! Result cards of Section 5 (Langevin Monte Carlo and the exponential mechanism): Proposition
//! 5.1, Corollary 5.2, Remark 5.3, Corollary 5.4. LMC `X_{k+1} = X_k − η∇F(X_k) + √(2η) Z_k` is
//! NoisyGD with `n = 1` and noise rate `σ = √(2/η)` (spec §8).

use super::params::{contraction, C, D, ETA, M_SC, M_SMOOTH, T};
use crate::error::Result;
use crate::num::round::{div_up, mul_down};
use crate::num::{Interval, Mp, Real};
use crate::papers::card::common::{gdp_queries, DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::shifted_interpolation::section_5::langevin::{corollary_5_2, corollary_5_4_best, corollary_5_4_closed, corollary_5_4_limit, corollary_5_4_window, proposition_5_1, proposition_5_1_stationary, proposition_5_1_value, remark_5_3};
use crate::papers::Guarantee;

const G: Param = Param::new("G", "G", "Lipschitz constant of F − F' (the potentials of the adjacent pair): the gradient sensitivity L_F = G", Domain::POSITIVE);
const M_STRONG: Param = Param::new("m", "m", "strong convexity m > 0 of F and F'", Domain::POSITIVE);
const EPS_OUT: OutputSpec = OutputSpec::upper("epsilon", "ε(δ) of G_μ at the given delta (Lemma A.3)");
const DELTA_OUT: OutputSpec = OutputSpec::upper("delta", "δ(ε) of G_μ at the given epsilon (Lemma A.3)");

fn m(prec: u32, x: f64) -> Mp {
    Mp::new(prec, x)
}

/// μ (f64 `value`, enclosure `iv`) as output `mu`, then ε(δ), δ(ε) of `G_μ`.
fn mu_and_queries(out: &mut Outputs, value: f64, iv: Interval, a: &Args, ctx: &Ctx, note: &str) -> Result<()> {
    out.interval("mu", value, iv, format!("{note}; interval: MPFR {} bits", ctx.precision));
    gdp_queries(out, Interval { lower: iv.lower, upper: value.max(iv.upper) }, a, ctx)
}

/// Proposition 5.1 (Bok, Su, Altschuler 2024): T steps of LMC on m-strongly convex, M-smooth
/// potentials with `F − F'` G-Lipschitz are μ_T-GDP,
/// `μ_T = G √(η/2) √((1+c)/(1−c) · (1−c^T)/(1+c^T))` ([`proposition_5_1`], from Theorem 4.2);
/// `μ_∞ = G √(η(1+c)/(2(1−c)))` for the stationary laws ([`proposition_5_1_stationary`]).
pub const PROPOSITION_5_1: Card = Card {
    result: "Proposition 5.1",
    title: "LMC on m-strongly convex M-smooth potentials, F − F' G-Lipschitz: μ_T = G·√(η/2)·√((1+c)/(1−c)·(1−c^T)/(1+c^T))",
    function: "crate::papers::shifted_interpolation::section_5::langevin::proposition_5_1",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/section_5.csv",
    spec: "shifted_interpolation §8.1",
    params: &[G, ETA, T, C, M_SC, M_SMOOTH, DELTA, EPSILON],
    outputs: &[
        OutputSpec::upper("mu", "μ_T of the μ-GDP guarantee of the T-th LMC iterate"),
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::upper("mu_infinity", "μ_∞ = G·√(η(1+c)/(2(1−c))) of the stationary laws (c < 1)"),
        OutputSpec::exact("c", "the contraction factor used (given, or from η, m, M by Lemmas 2.8/2.9)"),
    ],
    example: &[("G", "1"), ("eta", "0.05"), ("T", "100"), ("m", "1"), ("M", "10"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: proposition_5_1_card,
};

fn proposition_5_1_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (g, eta, t) = (a.real("G")?, a.real("eta")?, a.int("T")?);
    let (c, how) = contraction(a, "shifted_interpolation Proposition 5.1")?;
    let mu = proposition_5_1(g, eta, c, t)?;
    let iv = ctx.mp(|p| {
        let (gm, em, cm) = (m(p, g), m(p, eta), m(p, c));
        let one = gm.one();
        let inf = gm.clone() * (em.clone() * (one.clone() + cm.clone()) / (m(p, 2.0) * (one - cm.clone()))).sqrt();
        Ok(vec![proposition_5_1_value(&gm, &em, &cm, &m(p, t as f64)), inf])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, "f64 closed form rounded up")?;
    match proposition_5_1_stationary(g, eta, c) {
        Ok(v) => out.interval("mu_infinity", v, iv[1], format!("f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        Err(_) => out.not_computed("mu_infinity", "c = 1: no stationary bound (μ_T grows like G√(ηT/2))"),
    };
    out.value_note("c", c, how);
    Ok(out)
}

/// Corollary 5.2 (Bok, Su, Altschuler 2024; Gopi, Lee, Liu 2022): the exponential mechanism
/// `π ∝ e^{−F}` with F, F' m-strongly convex and F − F' G-Lipschitz is `G/√m`-GDP, exactly
/// (attained by Remark 5.3's instance; [`corollary_5_2`]).
pub const COROLLARY_5_2: Card = Card {
    result: "Corollary 5.2",
    title: "exponential mechanism π ∝ e^{−F}, F m-strongly convex, F − F' G-Lipschitz: μ = G/√m (exact)",
    function: "crate::papers::shifted_interpolation::section_5::langevin::corollary_5_2",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/section_5.csv",
    spec: "shifted_interpolation §8.2",
    params: &[G, M_STRONG, DELTA, EPSILON],
    outputs: &[
        OutputSpec::exact("mu", "μ = G/√m (attained by the quadratic pair of Remark 5.3)"),
        OutputSpec::exact("epsilon", "ε(δ) of G_μ at the given delta (upper end of its enclosure)"),
        OutputSpec::exact("delta", "δ(ε) of G_μ at the given epsilon (upper end of its enclosure)"),
    ],
    example: &[("G", "2"), ("m", "0.5"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: corollary_5_2_card,
};

fn corollary_5_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (g, mm) = (a.real("G")?, a.real("m")?);
    let iv = ctx.mp(|p| Ok(vec![m(p, g) / m(p, mm).sqrt()]))?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, corollary_5_2(g, mm)?, iv[0], a, ctx, "f64 rounded up")?;
    Ok(out)
}

/// Largest T of Remark 5.3's step-by-step recursion (beyond it, its closed form in MPFR).
const RECURSION_MAX: u64 = 10_000_000;

/// Remark 5.3 (Bok, Su, Altschuler 2024), the tightness instance `F = (m/2)‖x‖²`,
/// `F' = F + G⟨v, x⟩`: LMC from `X_0 = 0` has Gaussian laws with equal covariance, so its
/// trade-off is exactly `G_μ` with μ from the instance's own mean-gap and variance recursions
/// ([`remark_5_3`], not from the theorem); the stationary laws give `G√((2 − ηm)/(2m))`, and
/// `η → 0` the exponential mechanism's `G/√m`. The enclosure is the closed form of the same
/// recursions, `gap = G(1 − c^T)/m`, `var = 2η(1 − c^{2T})/(ηm(2 − ηm))`, `c = 1 − ηm`, in MPFR.
pub const REMARK_5_3: Card = Card {
    result: "Remark 5.3",
    title: "tightness instance F = (m/2)‖x‖², F' = F + G⟨v, x⟩: LMC's laws are Gaussian, trade-off exactly G_μ",
    function: "crate::papers::shifted_interpolation::section_5::langevin::remark_5_3",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/section_5.csv",
    spec: "shifted_interpolation §8.3",
    params: &[G, M_STRONG, ETA.meaning("learning rate η of LMC (ηm < 2)"), T.optional().meaning("number of LMC steps from X_0 = 0 (optional: without it, the stationary laws)"), DELTA, EPSILON],
    outputs: &[
        OutputSpec::exact("mu", "μ of the instance after T steps (the stationary laws when T is not given)"),
        OutputSpec::exact("epsilon", "ε(δ) of G_μ at the given delta (upper end of its enclosure)"),
        OutputSpec::exact("delta", "δ(ε) of G_μ at the given epsilon (upper end of its enclosure)"),
        OutputSpec::exact("mu_stationary", "μ of the stationary laws N(0, 2/(m(2 − ηm))) vs N(−G/m, same): G·√((2 − ηm)/(2m))"),
        OutputSpec::exact("mu_exp_mech", "η → 0: the exponential mechanism's μ = G/√m (Corollary 5.2)"),
    ],
    example: &[("G", "1"), ("m", "1"), ("eta", "0.05"), ("T", "100"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: remark_5_3_card,
};

fn remark_5_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (g, mm, eta, t) = (a.real("G")?, a.real("m")?, a.real("eta")?, a.opt_int("T")?);
    let stationary = remark_5_3(g, mm, eta, None)?;
    let iv = ctx.mp(|p| {
        let (gm, mmp, em) = (m(p, g), m(p, mm), m(p, eta));
        let one = gm.one();
        let em_m = em.clone() * mmp.clone();
        let two_minus = m(p, 2.0) - em_m.clone();
        let stat = gm.clone() * (two_minus.clone() / (m(p, 2.0) * mmp.clone())).sqrt();
        let at_t = match t {
            Some(t) => {
                // 1 − c^T and 1 − c^{2T}, c = 1 − ηm, as −expm1(T·ln1p(−ηm)) (ηm < 1): at
                // ηm = 5e−302 the power form rounds c to 1 at any working precision and gives 0/0
                // (issue 25). For 1 ≤ ηm < 2 (c ≤ 0) the power form has no cancellation.
                let (one_minus_ct, one_minus_c2t) = if eta * mm < 1.0 {
                    let lc = (-em_m.clone()).ln_1p();
                    (-(lc.clone() * m(p, t as f64)).exp_m1(), -(lc * m(p, 2.0 * t as f64)).exp_m1())
                } else {
                    let ct = (one.clone() - em_m.clone()).powf(&m(p, t as f64));
                    (one.clone() - ct.clone(), one - ct.clone() * ct)
                };
                let gap = gm.clone() * one_minus_ct / mmp.clone();
                let var = m(p, 2.0) * em.clone() * one_minus_c2t / (em_m * two_minus);
                gap / var.sqrt()
            }
            None => stat.clone(),
        };
        Ok(vec![at_t, stat, gm / mmp.sqrt()])
    })?;
    let note = format!("the instance's mean-gap/variance recursion; interval: their closed form in MPFR {} bits", ctx.precision);
    let mu = match t {
        Some(t) if t > RECURSION_MAX => iv[0].midpoint(),
        Some(t) => remark_5_3(g, mm, eta, Some(t))?,
        None => stationary,
    };
    let mut out = Outputs::new();
    out.interval("mu", mu, iv[0], if t.map_or(false, |t| t > RECURSION_MAX) { format!("T above {RECURSION_MAX}: the closed form of the recursion in MPFR {} bits", ctx.precision) } else { note.clone() });
    gdp_queries(&mut out, Interval { lower: iv[0].lower, upper: mu.max(iv[0].upper) }, a, ctx)?;
    out.interval("mu_stationary", stationary, iv[1], note);
    out.interval("mu_exp_mech", g / mm.sqrt(), iv[2], format!("G/√m; interval: MPFR {} bits", ctx.precision));
    Ok(out)
}

/// ν* = ⌈D/(ηL_F)⌉ of Corollary 5.4's closed form, the quotient rounded up as in
/// [`corollary_5_4_closed`].
fn nu_star_5_4(l_f: f64, d: f64, eta: f64) -> f64 {
    div_up(d, mul_down(eta, l_f)).ceil()
}

/// Corollary 5.4 (Bok, Su, Altschuler 2024; reconstructed from Theorem 4.3 with n = 1,
/// σ² = 2/η, spec §8.4): projected LMC on a convex body of diameter D is μ(ν)-GDP for every
/// window ν ≤ T, `μ(ν) = √(η/2)(D/η + νL_F)/√ν`. Primary output: the best window
/// ([`corollary_5_4_best`]); beside it the printed closed form
/// `√((3/2)L_F D + (η/2)L_F²⌈D/(ηL_F)⌉)` (valid when `T ≥ ⌈D/(ηL_F)⌉`) and the `η → 0` limit
/// `√(2L_F D)`.
pub const COROLLARY_5_4: Card = Card {
    result: "Corollary 5.4",
    title: "projected LMC on a convex body of diameter D: μ = min over windows ν ≤ T of √(η/2)(D/η + ν·L_F)/√ν; closed form √(1.5·L_F·D + (η/2)L_F²⌈D/(ηL_F)⌉); η → 0: √(2 L_F D)",
    function: "crate::papers::shifted_interpolation::section_5::langevin::corollary_5_4_best",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/corollary_5_4.csv",
    spec: "shifted_interpolation §8.4",
    params: &[
        Param::new("L_F", "L_F", "gradient sensitivity sup_x ‖∇F(x) − ∇F'(x)‖ (F − F' G-Lipschitz: L_F = G; F and F' each G-Lipschitz: L_F = 2G)", Domain::POSITIVE),
        D,
        ETA,
        T,
        Param::new("nu", "ν", "window ν ∈ {1, …, T} (optional: μ(ν) at this window)", Domain::COUNT).optional(),
        DELTA,
        EPSILON,
    ],
    outputs: &[
        OutputSpec::upper("mu", "μ of the best window: min over ν ∈ {1, …, T} of √(η/2)(D/η + ν·L_F)/√ν"),
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::exact("nu_best", "the best window ν"),
        OutputSpec::upper("mu_closed", "the closed form √((3/2)·L_F·D + (η/2)·L_F²·ν*) (valid only when T ≥ ν*)"),
        OutputSpec::exact("nu_star", "ν* = ⌈D/(η·L_F)⌉"),
        OutputSpec::upper("mu_limit", "η → 0 (exponential mechanism on the body): √(2·L_F·D)"),
        OutputSpec::upper("mu_window", "μ(ν) at the given window nu"),
    ],
    example: &[("L_F", "1"), ("D", "1"), ("eta", "0.3"), ("T", "100"), ("nu", "4"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: corollary_5_4_card,
};

fn corollary_5_4_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l_f, d, eta, t) = (a.real("L_F")?, a.real("D")?, a.real("eta")?, a.int("T")?);
    let nu = match a.opt_int("nu")? {
        Some(v) if v > t => return Err(crate::Error::invalid("nu", v, &format!("must lie in {{1, …, T}} = {{1, …, {t}}}"))),
        v => v,
    };
    let (nu_best, mu) = corollary_5_4_best(l_f, d, eta, t)?;
    let nu_star = nu_star_5_4(l_f, d, eta);
    let iv = ctx.mp(|p| {
        let (lm, dm, em) = (m(p, l_f), m(p, d), m(p, eta));
        let window = |v: u64| (em.clone() / m(p, 2.0)).sqrt() * (dm.clone() / em.clone() + m(p, v as f64) * lm.clone()) / m(p, v as f64).sqrt();
        let closed = (m(p, 1.5) * lm.clone() * dm.clone() + em.clone() / m(p, 2.0) * lm.clone() * lm.clone() * m(p, nu_star)).sqrt();
        Ok(vec![window(nu_best), closed, (m(p, 2.0) * lm.clone() * dm.clone()).sqrt(), window(nu.unwrap_or(1))])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, &format!("best window ν = {nu_best}; f64 rounded up"))?;
    out.value("nu_best", nu_best as f64);
    let mp_note = format!("f64 rounded up; interval: MPFR {} bits", ctx.precision);
    match corollary_5_4_closed(l_f, d, eta, t) {
        Ok(v) => out.interval("mu_closed", v, iv[1], mp_note.clone()),
        Err(e) => out.not_computed("mu_closed", e.to_string()),
    };
    out.value_note("nu_star", nu_star, "⌈D/(ηL_F)⌉ (quotient rounded up before the ceiling)");
    out.interval("mu_limit", corollary_5_4_limit(l_f, d)?, iv[2], mp_note.clone());
    match nu {
        Some(v) => out.interval("mu_window", corollary_5_4_window(l_f, d, eta, v)?, iv[3], format!("ν = {v}; {mp_note}")),
        None => out.not_computed("mu_window", "give nu=… for μ(ν) at a window"),
    };
    Ok(out)
}

//! Result cards of Sections 4.1 (full-batch NoisyGD: Theorems 4.1, 4.2, 4.3) and 4.2 (cyclic
//! batches, NoisyCGD: Theorems 4.4, 4.5, 4.6). Every μ is the GDP parameter of the released final
//! iterate; `epsilon` / `delta` are ε(δ) and δ(ε) of `G_μ` (Lemma A.3) at the queries given.

use super::params::{contraction, B, BATCHES, C, D, E, ETA, L, M_SC, M_SMOOTH, N, SIGMA, T};
use crate::error::{Error, Result};
use crate::num::{Interval, Mp, Real};
use crate::papers::card::common::{gdp_queries, DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::shifted_interpolation::appendix_c::meta_theorem::{lemma_c11_value, lemma_c8_value};
use crate::papers::shifted_interpolation::section_4::noisy_cgd::{cgd_convex, theorem_4_4, theorem_4_5, theorem_4_5_value, theorem_4_6_best, theorem_4_6_closed, theorem_4_6_window};
use crate::papers::shifted_interpolation::section_4::noisy_gd::{theorem_4_1, theorem_4_2, theorem_4_2_limit, theorem_4_2_value, theorem_4_3_best, theorem_4_3_closed, theorem_4_3_window, Constrained};
use crate::papers::Guarantee;

const MU: OutputSpec = OutputSpec::upper("mu", "μ of the μ-GDP guarantee of the final iterate");
const EPS_OUT: OutputSpec = OutputSpec::upper("epsilon", "ε(δ) of G_μ at the given delta (Lemma A.3)");
const DELTA_OUT: OutputSpec = OutputSpec::upper("delta", "δ(ε) of G_μ at the given epsilon (Lemma A.3)");
const NU: Param = Param::new("nu", "ν", "window ν = T − τ ∈ {1, …, T} of the any-window form (optional: μ(ν) at this window)", Domain::COUNT).optional();

/// `x` at `prec` bits.
fn m(prec: u32, x: f64) -> Mp {
    Mp::new(prec, x)
}

/// Report the primary μ (f64 `value`, enclosure `iv`) and the ε(δ), δ(ε) of `G_μ`.
fn mu_and_queries(out: &mut Outputs, value: f64, iv: Interval, a: &Args, ctx: &Ctx, note: &str) -> Result<()> {
    out.interval("mu", value, iv, format!("{note}; interval: MPFR {} bits", ctx.precision));
    gdp_queries(out, Interval { lower: iv.lower, upper: value.max(iv.upper) }, a, ctx)
}

/// Theorem 4.1 (Bok, Su, Altschuler 2024), the composition baseline of NoisyGD:
/// `μ = √T · L/(nσ)` ([`theorem_4_1`], rounded up). Exact in the worst case: the linear instance
/// `f'_{i*}(x) = Lx` attains it (spec §4.1).
pub const THEOREM_4_1: Card = Card {
    result: "Theorem 4.1",
    title: "NoisyGD composition baseline (any losses with gradient sensitivity L): μ = √T·L/(nσ)",
    function: "crate::papers::shifted_interpolation::section_4::noisy_gd::theorem_4_1",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/theorems_4_1_4_2.csv",
    spec: "shifted_interpolation §4.1",
    params: &[L, N, SIGMA, T, DELTA, EPSILON],
    outputs: &[
        OutputSpec::exact("mu", "μ = √T·L/(nσ) of the μ-GDP guarantee (attained by the linear instance: exact in the worst case)"),
        OutputSpec::exact("epsilon", "ε(δ) of G_μ at the given delta (Lemma A.3; the upper end of its enclosure)"),
        OutputSpec::exact("delta", "δ(ε) of G_μ at the given epsilon (Lemma A.3; the upper end of its enclosure)"),
    ],
    example: &[("L", "2"), ("n", "1000"), ("sigma", "0.05"), ("T", "37"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_1_card,
};

fn theorem_4_1_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l, n, sigma, t) = (a.real("L")?, a.int("n")?, a.real("sigma")?, a.int("T")?);
    let mu = theorem_4_1(l, n, sigma, t)?;
    let iv = ctx.mp(|p| Ok(vec![m(p, t as f64).sqrt() * m(p, l) / (m(p, n as f64) * m(p, sigma))]))?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, "f64 closed form rounded up")?;
    Ok(out)
}

/// Theorem 4.2 (Bok, Su, Altschuler 2024): strongly convex smooth losses, unconstrained NoisyGD
/// is μ-GDP with `μ = (L/(nσ)) √((1 + c)/(1 − c) · (1 − c^T)/(1 + c^T))`
/// ([`theorem_4_2`], rounded up; MPFR twin [`theorem_4_2_value`]); its `T → ∞` limit
/// ([`theorem_4_2_limit`]).
pub const THEOREM_4_2: Card = Card {
    result: "Theorem 4.2",
    title: "NoisyGD, m-strongly convex M-smooth losses: μ = (L/(nσ))·√((1+c)/(1−c)·(1−c^T)/(1+c^T))",
    function: "crate::papers::shifted_interpolation::section_4::noisy_gd::theorem_4_2",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorems_4_1_4_2.csv",
    spec: "shifted_interpolation §4.2",
    params: &[L, N, SIGMA, T, C, ETA.optional(), M_SC, M_SMOOTH, DELTA, EPSILON],
    outputs: &[
        MU,
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::upper("mu_infinity", "T → ∞ limit (L/(nσ))·√((1+c)/(1−c)) (c < 1)"),
        OutputSpec::exact("c", "the contraction factor used (given, or from η, m, M by Lemmas 2.8/2.9)"),
    ],
    example: &[("L", "2"), ("n", "1000"), ("sigma", "0.05"), ("T", "100"), ("c", "0.99"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_2_card,
};

fn theorem_4_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l, n, sigma, t) = (a.real("L")?, a.int("n")?, a.real("sigma")?, a.int("T")?);
    let (c, how) = contraction(a, "shifted_interpolation Theorem 4.2")?;
    let mu = theorem_4_2(l, n, sigma, t, c)?;
    let iv = ctx.mp(|p| {
        let r = m(p, l) / (m(p, n as f64) * m(p, sigma));
        let one = r.one();
        Ok(vec![theorem_4_2_value(&r, &m(p, t as f64), &m(p, c)), r * ((one.clone() + m(p, c)) / (one - m(p, c))).sqrt()])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, "f64 closed form rounded up")?;
    match theorem_4_2_limit(l, n, sigma, c) {
        Ok(v) => out.interval("mu_infinity", v, iv[1], format!("f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        Err(_) => out.not_computed("mu_infinity", "c = 1: no finite T → ∞ limit (μ grows like √T·L/(nσ))"),
    };
    out.value_note("c", c, how);
    Ok(out)
}

/// `min(T, ν)` window check of the optional `nu`.
fn window_param(a: &Args, name: &str, max: u64, range: &str) -> Result<Option<u64>> {
    match a.opt_int(name)? {
        Some(w) if w > max => Err(Error::invalid(name, w, &format!("must lie in {range}"))),
        w => Ok(w),
    }
}

/// Theorem 4.3 (Bok, Su, Altschuler 2024): convex smooth losses on a set of diameter D: for every
/// window ν = T − τ, `μ(ν) = (D/(η√ν) + (L/n)√ν)/σ` (Lemma C.8). Primary output: the best window
/// ([`theorem_4_3_best`]); beside it the printed closed form `√(3DL/(ηn) + (L/n)²ν*)/σ` with
/// `ν* = ⌈Dn/(ηL)⌉`, valid only when `T ≥ ν*` ([`theorem_4_3_closed`]).
pub const THEOREM_4_3: Card = Card {
    result: "Theorem 4.3",
    title: "NoisyGD, convex M-smooth losses on a set of diameter D: μ = min over windows ν ≤ T of (D/(η√ν) + (L/n)√ν)/σ; printed closed form at ν* = ⌈Dn/(ηL)⌉",
    function: "crate::papers::shifted_interpolation::section_4::noisy_gd::theorem_4_3_best",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorem_4_3.csv",
    spec: "shifted_interpolation §4.3",
    params: &[D, ETA, L, N, SIGMA, T, NU, DELTA, EPSILON],
    outputs: &[
        OutputSpec::upper("mu", "μ of the best window: min over ν ∈ {1, …, T} of (D/(η√ν) + (L/n)√ν)/σ"),
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::exact("nu_best", "the best window ν (floor or ceiling of Dn/(ηL), clamped to [1, T])"),
        OutputSpec::upper("mu_closed", "the paper's printed closed form √(3DL/(ηn) + (L/n)²·ν*)/σ (valid only when T ≥ ν*; an upper bound on μ(ν*))"),
        OutputSpec::exact("nu_star", "ν* = ⌈Dn/(ηL)⌉, the window of the closed form"),
        OutputSpec::upper("mu_window", "μ(ν) at the given window nu"),
    ],
    example: &[("D", "1"), ("eta", "0.3"), ("L", "1"), ("n", "7"), ("sigma", "1.5"), ("T", "100"), ("nu", "24"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_3_card,
};

fn theorem_4_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (d, eta, l, n, sigma, t) = (a.real("D")?, a.real("eta")?, a.real("L")?, a.int("n")?, a.real("sigma")?, a.int("T")?);
    let k = Constrained { d, eta, l, n, sigma }.check()?;
    let nu = window_param(a, "nu", t, &format!("{{1, …, T}} = {{1, …, {t}}}"))?;
    let (nu_best, mu) = theorem_4_3_best(&k, t)?;
    let nu_star = k.real_window().ceil();
    let window = |p: u32, v: f64| lemma_c8_value(&(m(p, d) / m(p, eta)), &(m(p, l) / m(p, n as f64)), &m(p, v)).sqrt() / m(p, sigma);
    let iv = ctx.mp(|p| {
        let sh = m(p, l) / m(p, n as f64);
        let closed = (m(p, 3.0) * m(p, d) * sh.clone() / m(p, eta) + sh.clone() * sh * m(p, nu_star)).sqrt() / m(p, sigma);
        Ok(vec![window(p, nu_best as f64), closed, window(p, nu.unwrap_or(1) as f64)])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, &format!("best window ν = {nu_best}; f64 rounded up"))?;
    out.value("nu_best", nu_best as f64);
    match theorem_4_3_closed(&k, t) {
        Ok(v) => out.interval("mu_closed", v, iv[1], format!("printed closed form at ν* = {nu_star}; f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        Err(e) => out.not_computed("mu_closed", e.to_string()),
    };
    out.value_note("nu_star", nu_star, "⌈Dn/(ηL)⌉ (quotient rounded up before the ceiling)");
    match nu {
        Some(v) => out.interval("mu_window", theorem_4_3_window(&k, v)?, iv[2], format!("ν = {v}; f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        None => out.not_computed("mu_window", "give nu=… for μ(ν) at a window"),
    };
    Ok(out)
}

/// Theorem 4.4 (Bok, Su, Altschuler 2024), the NoisyCGD composition baseline:
/// `μ = √E · L/(bσ)` (one Gaussian mechanism per epoch; [`theorem_4_4`], rounded up).
pub const THEOREM_4_4: Card = Card {
    result: "Theorem 4.4",
    title: "NoisyCGD composition baseline (cyclic batches of size b, E epochs): μ = √E·L/(bσ)",
    function: "crate::papers::shifted_interpolation::section_4::noisy_cgd::theorem_4_4",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorems_4_4_4_5.csv",
    spec: "shifted_interpolation §5.1",
    params: &[L, B, SIGMA, E, DELTA, EPSILON],
    outputs: &[MU, EPS_OUT, DELTA_OUT],
    example: &[("L", "10"), ("b", "1500"), ("sigma", "0.01"), ("E", "50"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_4_card,
};

fn theorem_4_4_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l, b, sigma, e) = (a.real("L")?, a.int("b")?, a.real("sigma")?, a.int("E")?);
    let mu = theorem_4_4(l, b, sigma, e)?;
    let iv = ctx.mp(|p| Ok(vec![m(p, e as f64).sqrt() * m(p, l) / (m(p, b as f64) * m(p, sigma))]))?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, "f64 closed form rounded up")?;
    Ok(out)
}

/// Theorem 4.5 (Bok, Su, Altschuler 2024): strongly convex smooth losses, cyclic batches:
/// `μ = r √(1 + c^{2l−2}(1 − c²)/(1 − c^l)² · (1 − c^{l(E−1)})/(1 + c^{l(E−1)}))`, `r = L/(bσ)`
/// ([`theorem_4_5`]; MPFR twin [`theorem_4_5_value`]); beside it the derived convex refinement
/// `r √(1 + (E − 1)/l)` ([`cgd_convex`], not stated in the paper; spec §5.2).
pub const THEOREM_4_5: Card = Card {
    result: "Theorem 4.5",
    title: "NoisyCGD, m-strongly convex M-smooth losses: μ = (L/(bσ))·√(1 + c^{2l−2}(1−c²)/(1−c^l)²·(1−c^{l(E−1)})/(1+c^{l(E−1)}))",
    function: "crate::papers::shifted_interpolation::section_4::noisy_cgd::theorem_4_5",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorems_4_4_4_5.csv",
    spec: "shifted_interpolation §5.2",
    params: &[L, B, SIGMA, BATCHES, E, C, ETA.optional(), M_SC, M_SMOOTH, DELTA, EPSILON],
    outputs: &[
        MU,
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::upper("mu_convex", "derived (not in the paper; spec §5.2): convex refinement r·√(1 + (E−1)/l), valid for c ≤ 1"),
        OutputSpec::exact("c", "the contraction factor used (given, or from η, m, M by Lemmas 2.8/2.9)"),
    ],
    example: &[("L", "10"), ("b", "1500"), ("sigma", "0.01"), ("l", "40"), ("E", "50"), ("c", "0.9999"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_5_card,
};

fn theorem_4_5_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l, b, sigma, batches, e) = (a.real("L")?, a.int("b")?, a.real("sigma")?, a.int("l")?, a.int("E")?);
    let (c, how) = contraction(a, "shifted_interpolation Theorem 4.5")?;
    let mu = theorem_4_5(l, b, sigma, batches, e, c)?;
    let iv = ctx.mp(|p| {
        let r = m(p, l) / (m(p, b as f64) * m(p, sigma));
        let (lb, ee) = (m(p, batches as f64), m(p, e as f64));
        Ok(vec![theorem_4_5_value(&r, &m(p, c), &lb, &ee), theorem_4_5_value(&r, &r.one(), &lb, &ee)])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, "f64 closed form rounded up")?;
    out.interval("mu_convex", cgd_convex(l, b, sigma, batches, e)?, iv[1], format!("derived c = 1 refinement; f64 rounded up; interval: MPFR {} bits", ctx.precision));
    out.value_note("c", c, how);
    Ok(out)
}

/// Theorem 4.6 (Bok, Su, Altschuler 2024): convex smooth losses on a set of diameter D, cyclic
/// batches: for every window of q ∈ {1, …, E − 1} whole epochs,
/// `μ(q) = √((L/b)² + (D/η + qL/b)²/(lq))/σ` (Lemmas 3.1, C.11). Primary output: the best window
/// ([`theorem_4_6_best`]; `E = 1` gives `L/(bσ)` with q = 0); beside it the printed closed form
/// `√(3DL/(ηbl) + (L/b)² + (L/b)² q*/l)/σ`, `q* = ⌈Db/(ηL)⌉`, valid only when `E ≥ q* + 1`.
pub const THEOREM_4_6: Card = Card {
    result: "Theorem 4.6",
    title: "NoisyCGD, convex M-smooth losses on a set of diameter D: μ = min over q ≤ E − 1 of √((L/b)² + (D/η + qL/b)²/(lq))/σ; printed closed form at q* = ⌈Db/(ηL)⌉",
    function: "crate::papers::shifted_interpolation::section_4::noisy_cgd::theorem_4_6_best",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorem_4_6.csv",
    spec: "shifted_interpolation §5.3",
    params: &[D, ETA, L, B, SIGMA, BATCHES, E, Param::new("q", "q", "window of q ∈ {1, …, E − 1} whole epochs before the last step touching the differing datum (optional: μ(q) at this window)", Domain::COUNT).optional(), DELTA, EPSILON],
    outputs: &[
        OutputSpec::upper("mu", "μ of the best window: min over q ∈ {1, …, E − 1} of √((L/b)² + (D/η + qL/b)²/(lq))/σ (E = 1: L/(bσ))"),
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::exact("q_best", "the best window q (0 when E = 1)"),
        OutputSpec::upper("mu_closed", "the paper's printed closed form √(3DL/(ηbl) + (L/b)² + (L/b)²·q*/l)/σ (valid only when E ≥ q* + 1)"),
        OutputSpec::exact("q_star", "q* = ⌈Db/(ηL)⌉, the window of the closed form"),
        OutputSpec::upper("mu_window", "μ(q) at the given window q"),
    ],
    example: &[("D", "1"), ("eta", "0.04"), ("L", "0.25"), ("b", "1"), ("sigma", "3"), ("l", "10"), ("E", "200"), ("q", "50"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_6_card,
};

fn theorem_4_6_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (d, eta, l, b, sigma, batches, e) = (a.real("D")?, a.real("eta")?, a.real("L")?, a.int("b")?, a.real("sigma")?, a.int("l")?, a.int("E")?);
    let k = Constrained { d, eta, l, n: b, sigma }.check()?;
    let q = window_param(a, "q", e - 1, &format!("{{1, …, E − 1}} = {{1, …, {}}}", e - 1))?;
    let (q_best, mu) = theorem_4_6_best(&k, batches, e)?;
    let q_star = k.real_window().ceil();
    let window = |p: u32, q: u64| {
        let sh = m(p, l) / m(p, b as f64);
        let extra = if q == 0 { sh.zero() } else { lemma_c11_value(&(m(p, d) / m(p, eta)), &sh, &m(p, q as f64), &m(p, batches as f64)) };
        (sh.clone() * sh + extra).sqrt() / m(p, sigma)
    };
    let iv = ctx.mp(|p| {
        let (sh, lb) = (m(p, l) / m(p, b as f64), m(p, batches as f64));
        let closed = (m(p, 3.0) * m(p, d) * sh.clone() / (m(p, eta) * lb.clone()) + sh.clone() * sh.clone() + sh.clone() * sh * m(p, q_star) / lb).sqrt() / m(p, sigma);
        Ok(vec![window(p, q_best), closed, window(p, q.unwrap_or(1))])
    })?;
    let mut out = Outputs::new();
    mu_and_queries(&mut out, mu, iv[0], a, ctx, &format!("best window q = {q_best}; f64 rounded up"))?;
    out.value("q_best", q_best as f64);
    match theorem_4_6_closed(&k, batches, e) {
        Ok(v) => out.interval("mu_closed", v, iv[1], format!("printed closed form at q* = {q_star}; f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        Err(err) => out.not_computed("mu_closed", err.to_string()),
    };
    out.value_note("q_star", q_star, "⌈Db/(ηL)⌉ (quotient rounded up before the ceiling)");
    match q {
        Some(q) => out.interval("mu_window", theorem_4_6_window(&k, batches, e, q)?, iv[2], format!("q = {q}; f64 rounded up; interval: MPFR {} bits", ctx.precision)),
        None if e == 1 => out.not_computed("mu_window", "E = 1: no window (the differing datum is used once)"),
        None => out.not_computed("mu_window", "give q=… for μ(q) at a window"),
    };
    Ok(out)
}

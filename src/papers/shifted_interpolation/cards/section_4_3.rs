//! Result cards of Section 4.3 (sampled batches, NoisySGD): Definition 4.7 (the subsampling
//! operator `C_p(G_μ)`), Theorems 4.8, 4.9, 4.10. The theorems are compositions of `C_p(G_·)`
//! factors and a Gaussian, evaluated by [`crate::papers::shifted_interpolation::section_4::composed`]:
//! the closed form of one step or of an all-Gaussian composition where it applies, otherwise the
//! certified FFT at the relative width asked for (`--width`, default 1e−3). Every ε and δ is a
//! certified interval containing the exact value of the stated trade-off function; the value
//! reported is its upper end.

use super::params::{contraction, sampling_rate, B, C, D, ETA, L, MU, M_SC, M_SMOOTH, N_SGD, P, SIGMA, T_SGD};
use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::num::{Mp, Real};
use crate::papers::card::common::{DELTA, EPSILON, TYPE_I};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::worker::run_interruptible;
use crate::papers::shifted_interpolation::section_4::composed::{options_for_width, Composed, Query};
use crate::papers::shifted_interpolation::section_4::noisy_sgd::{self as sgd, Constrained, Thm49Form};
use crate::papers::shifted_interpolation::section_4::subsampled::{alpha_x_value, alpha_y_value, definition_4_7, ln_delta_value, one_step_delta_bounds, one_step_epsilon_bounds, tradeoff_value};
use crate::papers::shifted_interpolation::setting::ratio;
use crate::papers::Guarantee;
use crate::pld::{FdpFactor, PldOptions};
use crate::repr::Gdp;

const EPS_OUT: OutputSpec = OutputSpec::upper("epsilon", "ε(δ) of the composed trade-off function at the given delta: upper end of a certified interval");
const DELTA_OUT: OutputSpec = OutputSpec::upper("delta", "δ(ε) of the composed trade-off function at the given epsilon: upper end of a certified interval");
const MU_CLT: OutputSpec = OutputSpec::estimate("mu_clt", "ESTIMATE (not a bound): the CLT μ of Lemma A.5 for the composition at the window used (can lie below the truth)");

/// Definition 4.7 (Bok, Su, Altschuler 2024): `C_p(G_μ) = (min{f_p, f_p⁻¹})**`,
/// `f_p = p G_μ + (1 − p) Id` — one Gaussian step on a batch sampled without replacement at rate
/// p (replace-one). Closed form (spec §2.6): `f_p` on `[0, α_x]`, `α_x + α_y − α` on
/// `[α_x, α_y]`, `f_p⁻¹` beyond; one-step `δ(ε) = p δ_{G_μ}(ln(1 + (e^ε − 1)/p))` and its inverse.
pub const DEFINITION_4_7: Card = Card {
    result: "Definition 4.7",
    title: "subsampling operator C_p(G_μ) = (min{f_p, f_p⁻¹})**, f_p = p·G_μ + (1 − p)·Id (sampling without replacement, replace-one)",
    function: "crate::papers::shifted_interpolation::section_4::subsampled::definition_4_7",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/definition_4_7.csv",
    spec: "shifted_interpolation §2.6",
    params: &[Param::new("p", "p", "sampling rate p = b/n ∈ (0, 1]", Domain::UNIT_LEFT_OPEN), MU, TYPE_I.optional(), EPSILON, DELTA],
    outputs: &[
        OutputSpec::exact("tradeoff", "C_p(G_μ)(α) at the given alpha"),
        OutputSpec::exact("alpha_x", "breakpoint α_x = Φ(−μ/2) (end of the f_p branch)"),
        OutputSpec::exact("alpha_y", "breakpoint α_y = p·Φ(−μ/2) + (1 − p)·Φ(μ/2) (end of the slope −1 segment)"),
        OutputSpec::exact("delta", "one-step δ(ε) = p·δ_{G_μ}(ln(1 + (e^ε − 1)/p)) at the given epsilon (closed form; upper end of a certified interval)"),
        OutputSpec::exact("epsilon", "one-step ε(δ) = ln(1 + p·expm1(ε_{G_μ}(δ/p))) at the given delta (closed form; upper end of a certified interval)"),
    ],
    example: &[("p", "0.25"), ("mu", "2.5"), ("alpha", "0.99"), ("epsilon", "1"), ("delta", "1e-5")],
    mpfr: true,
    eval: definition_4_7_card,
};

fn definition_4_7_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, mu) = (a.real("p")?, a.real("mu")?);
    let f = definition_4_7(p, mu)?;
    let alpha = a.opt_real("alpha")?;
    let iv = ctx.mp(|prec| {
        let (pm, mm) = (Mp::new(prec, p), Mp::new(prec, mu));
        let t = tradeoff_value(&pm, &mm, &Mp::new(prec, alpha.unwrap_or(0.5)));
        Ok(vec![t, alpha_x_value(&mm), alpha_y_value(&pm, &mm)])
    })?;
    let note = format!("f64 closed form; interval: MPFR {} bits", ctx.precision);
    let mut out = Outputs::new();
    match alpha {
        Some(x) => {
            // The f64 inverse branch stops at relative 1e−15 of its root, not of the value: when
            // it falls outside the MPFR enclosure, report the enclosure's midpoint.
            let v = f.tradeoff(x)?;
            let v = if iv[0].contains(v) { v } else { iv[0].midpoint() };
            out.interval("tradeoff", v, iv[0], note.clone())
        }
        None => out.not_computed("tradeoff", "give alpha=… for C_p(G_μ)(α)"),
    };
    out.interval("alpha_x", f.alpha_x(), iv[1], note.clone());
    out.interval("alpha_y", f.alpha_y(), iv[2], note);
    match a.opt_real("epsilon")? {
        Some(e) => {
            let iv = one_step_delta_bounds(p, mu, e, ctx.precision)?;
            // The certified enclosure (Gdp, MPFR) joined with the generic twin's two-precision
            // enclosure (either one encloses the value; the hull does too).
            let twin = ctx.mp(|prec| Ok(vec![ln_delta_value(&Mp::new(prec, p), &Mp::new(prec, mu), &Mp::new(prec, e)).exp()])).ok();
            let hull = twin.map_or(iv, |t| iv.hull(&t[0]));
            // δ is a probability: the hull's outward rounding may pass 1 (p = 1, μ = 100 gave
            // 1.0000000000000002, issue 25 fuzz); clipping to [0, 1] keeps it an enclosure.
            let hull = crate::num::Interval { lower: hull.lower.max(0.0), upper: hull.upper.min(1.0) };
            out.interval("delta", hull.upper, hull, format!("closed form, certified (MPFR {} bits)", ctx.precision))
        }
        None => out.not_computed("delta", "give epsilon=… for δ(ε)"),
    };
    match a.opt_real("delta")? {
        Some(d) => {
            let iv = one_step_epsilon_bounds(p, mu, d, ctx.precision)?;
            out.interval("epsilon", iv.upper, iv, format!("closed form, certified (MPFR {} bits)", ctx.precision))
        }
        None => out.not_computed("epsilon", "give delta=… for ε(δ)"),
    };
    Ok(out)
}

/// The PLD options of a card evaluation: the relative width asked for (`--width`), else 1e−3.
fn pld_options(ctx: &Ctx) -> Result<PldOptions> {
    Ok(PldOptions { cancel: ctx.cancel.clone(), ..options_for_width(ctx.width.unwrap_or(PldOptions::default().eps_rel_accuracy))? })
}

/// Evaluate a composition for each query given (ε at `delta`, δ at `epsilon`) on a worker thread
/// (Ctrl-C stops it within 50 ms); `run(q)` returns the window used and the certified value.
/// Each query not given, or that fails, is reported as not computed. Returns the window of the
/// first query computed.
fn queries(out: &mut Outputs, a: &Args, ctx: &Ctx, window: &'static str, run: impl Fn(Query) -> Result<(u64, Composed)> + Clone + Send + 'static) -> Result<Option<u64>> {
    let mut used = None;
    let asked = [("epsilon", a.opt_real("delta")?.map(|d| Query::Epsilon { delta: d }), "give delta=… for ε(δ)"), ("delta", a.opt_real("epsilon")?.map(|e| Query::Delta { epsilon: e }), "give epsilon=… for δ(ε)")];
    for (name, q, missing) in asked {
        let Some(q) = q else {
            out.not_computed(name, missing);
            continue;
        };
        let f = run.clone();
        match run_interruptible(ctx.interrupt, None, move || f(q)) {
            Ok((w, c)) => {
                used = used.or(Some(w));
                out.interval(name, c.interval.upper, c.interval, format!("{window} = {w}; {}", c.note));
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => {
                out.not_computed(name, e.to_string());
            }
        }
    }
    Ok(used)
}

/// The sampling rate p, `r = L/(bσ)` (rounded up) and t; `what` names the result for errors.
fn sgd_setting(a: &Args, what: &str) -> Result<(f64, f64, u64)> {
    let r = ratio(a.real("L")?, a.int("b")?, a.real("sigma")?)?;
    Ok((sampling_rate(a, &format!("shifted_interpolation {what}"))?, r, a.int("T")?))
}

/// Theorem 4.8 (Bok, Su, Altschuler 2024), the NoisySGD composition baseline: NoisySGD is
/// `C_p(G_r)^{⊗t}`-DP with `r = L/(bσ)` (exact for t = 1). ε(δ), δ(ε) certified
/// ([`sgd::thm_4_8`]: closed form at t = 1 or p = 1, FFT otherwise); beside them the CLT
/// estimate of Lemma A.5.
pub const THEOREM_4_8: Card = Card {
    result: "Theorem 4.8",
    title: "NoisySGD composition baseline: C_p(G_r)^{⊗t}, r = L/(bσ), p = b/n (exact for t = 1)",
    function: "crate::papers::shifted_interpolation::section_4::noisy_sgd::thm_4_8_epsilon",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorem_4_8.csv",
    spec: "shifted_interpolation §6.1",
    params: &[L, B, SIGMA, T_SGD, P, N_SGD, DELTA, EPSILON],
    outputs: &[
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::upper("r", "per-step sensitivity-to-noise ratio r = L/(bσ) (rounded up)"),
        MU_CLT,
        OutputSpec::estimate("epsilon_clt", "ESTIMATE (not a bound): ε(δ) of G_{μ_clt} (Lemmas A.5, A.3)"),
    ],
    example: &[("L", "1"), ("b", "1"), ("sigma", "1"), ("T", "10"), ("n", "20"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: false,
    eval: theorem_4_8_card,
};

fn theorem_4_8_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, r, t) = sgd_setting(a, "Theorem 4.8")?;
    sgd::thm_4_8_factors(p, r, t)?;
    let opts = pld_options(ctx)?;
    let mut out = Outputs::new();
    queries(&mut out, a, ctx, "t", move |q| Ok((t, sgd::thm_4_8(p, r, t, q, &opts)?)))?;
    out.value_note("r", r, "L/(bσ) rounded up");
    clt_outputs(&mut out, a, sgd::thm_4_8_clt_mu_estimate(p, r, t), "epsilon_clt", format!("CLT of C_p(G_r)^(⊗{t}); an estimate"))?;
    Ok(out)
}

/// The CLT μ (an estimate) and its ε(δ) of `G_μ` (an estimate).
fn clt_outputs(out: &mut Outputs, a: &Args, mu: Result<f64>, eps_name: &'static str, note: String) -> Result<()> {
    let mu = match mu {
        Ok(m) => m,
        Err(e) => {
            out.not_computed("mu_clt", e.to_string());
            if !eps_name.is_empty() {
                out.not_computed(eps_name, e.to_string());
            }
            return Ok(());
        }
    };
    out.value_note("mu_clt", mu, note);
    if eps_name.is_empty() {
        return Ok(());
    }
    match a.opt_real("delta")? {
        Some(d) => match Gdp::new(mu).and_then(|g| g.epsilon_bounds(d, 128)) {
            Ok(iv) => out.value_note(eps_name, iv.upper, format!("ε(δ = {}) of G_{{μ_clt}}; an estimate", format_number(d))),
            Err(e) => out.not_computed(eps_name, e.to_string()),
        },
        None => out.not_computed(eps_name, "give delta=… for ε(δ)"),
    };
    Ok(())
}

const FORM: Param = Param::new("form", "", "reading of Theorem 4.9 (spec §9 item 4): conservative = C_p(G_2r)^(K−1) ⊗ C_p(G_{2√2 r}) ⊗ G_g (the final step's noise split); code = C_p(G_2r)^K ⊗ G_g (the authors' code)", Domain::Choice(&["conservative", "code"])).default("conservative");

/// Theorem 4.9 (Bok, Su, Altschuler 2024; reconstructed, spec §6.2): strongly convex smooth
/// losses, NoisySGD is `f_K`-DP for every window K ∈ {1, …, t}, `f_K` a composition of
/// `C_p(G_{2r})` factors and `G_g`, `g = 2√2 r (c^K − c^t)/(1 − c)` ([`sgd::thm_4_9_factors`]).
/// With `K` given, that window; otherwise the best certified window of [`sgd::thm_4_9_best`].
pub const THEOREM_4_9: Card = Card {
    result: "Theorem 4.9",
    title: "NoisySGD, m-strongly convex M-smooth losses: f_K = C_p(G_2r)^{⊗(K−1)} ⊗ C_p(G_{2√2r}) ⊗ G_{2√2 r (c^K − c^t)/(1−c)}, any window K ≤ t",
    function: "crate::papers::shifted_interpolation::section_4::noisy_sgd::thm_4_9_epsilon",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorem_4_9.csv",
    spec: "shifted_interpolation §6.2",
    params: &[L, B, SIGMA, T_SGD, P, N_SGD, C, ETA.optional(), M_SC, M_SMOOTH, Param::new("K", "K", "window: the last K steps are analysed with subsampling (optional: without it, the best certified window)", Domain::COUNT).optional(), FORM, DELTA, EPSILON],
    outputs: &[
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::exact("K", "the window K used (the given one, or the best certified one for the first query)"),
        OutputSpec::upper("mu_gaussian", "μ = 2√2 r (c^K − c^t)/(1 − c) of the Gaussian factor at that K (0 when K = t)"),
        MU_CLT,
        OutputSpec::estimate("K_clt", "ESTIMATE: the window minimising the CLT surrogate (used only to shortlist windows)"),
    ],
    example: &[("L", "1"), ("b", "1"), ("sigma", "2"), ("T", "10"), ("n", "20"), ("c", "0.9"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: false,
    eval: theorem_4_9_card,
};

fn theorem_4_9_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, r, t) = sgd_setting(a, "Theorem 4.9")?;
    let (c, _) = contraction(a, "shifted_interpolation Theorem 4.9")?;
    let form = if a.text("form")? == "code" { Thm49Form::Code } else { Thm49Form::Conservative };
    let k = window(a, "K", t)?;
    sgd::thm_4_9_factors(p, r, c, t, k.unwrap_or(t), form)?;
    let opts = pld_options(ctx)?;
    let mut out = Outputs::new();
    let used = queries(&mut out, a, ctx, "K", move |q| match k {
        Some(k) => Ok((k, sgd::thm_4_9(p, r, c, t, k, form, q, &opts)?)),
        None => sgd::thm_4_9_best(p, r, c, t, form, q, &opts),
    })?;
    let (k_clt, _) = sgd::thm_4_9_best_k_clt(p, r, c, t, form)?;
    match used.or(k) {
        Some(k) => {
            out.value("K", k as f64);
            let g = gaussian_mu(&sgd::thm_4_9_factors(p, r, c, t, k, form)?);
            out.value_note("mu_gaussian", g, "rounded up");
            clt_outputs(&mut out, a, sgd::thm_4_9_clt_mu_estimate(p, r, c, t, k, form), "", format!("CLT surrogate at K = {k}; an estimate"))?;
        }
        None => {
            for name in ["K", "mu_gaussian", "mu_clt"] {
                out.not_computed(name, "no window: give K=…, or delta=… / epsilon=… for the best window");
            }
        }
    }
    out.value_note("K_clt", k_clt as f64, "CLT-optimal window; an estimate");
    Ok(out)
}

/// The optional window parameter `name` ∈ 1..=t.
fn window(a: &Args, name: &str, t: u64) -> Result<Option<u64>> {
    match a.opt_int(name)? {
        Some(k) if k > t => Err(Error::invalid(name, k, &format!("must lie in {{1, …, t}} = {{1, …, {t}}}"))),
        k => Ok(k),
    }
}

/// μ of the Gaussian factor of a composition (0 when there is none).
fn gaussian_mu(parts: &[(FdpFactor, u64)]) -> f64 {
    parts.iter().find_map(|(f, _)| if let FdpFactor::Gaussian { mu } = f { Some(*mu) } else { None }).unwrap_or(0.0)
}

/// Theorem 4.10 (Bok, Su, Altschuler 2024): convex smooth losses on a set of diameter D, NoisySGD
/// is `C_p(G_{2r/√θ})^{⊗ν} ⊗ G_{D/(ησ√((1−θ)ν))}`-DP for every window ν ≤ t (θ = 1/2 in the
/// statement; [`sgd::thm_4_10_factors`]). With `nu` given, that window; otherwise the best
/// certified window of [`sgd::thm_4_10_best`].
pub const THEOREM_4_10: Card = Card {
    result: "Theorem 4.10",
    title: "NoisySGD, convex M-smooth losses on a set of diameter D: C_p(G_{2√2 r})^{⊗ν} ⊗ G_{√2 D/(ησ√ν)} (θ = 1/2), any window ν ≤ t",
    function: "crate::papers::shifted_interpolation::section_4::noisy_sgd::thm_4_10_epsilon",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorem_4_10.csv",
    spec: "shifted_interpolation §6.3",
    params: &[
        L,
        B,
        SIGMA,
        T_SGD,
        P,
        N_SGD,
        D,
        ETA,
        Param::new("nu", "ν", "window ν = t − τ (optional: without it, the best certified window)", Domain::COUNT).optional(),
        Param::new("theta", "θ", "share of each window step's noise variance paid for its subsampled part (the statement: 1/2)", Domain::open(0.0, 1.0)).default("0.5"),
        DELTA,
        EPSILON,
    ],
    outputs: &[
        EPS_OUT,
        DELTA_OUT,
        OutputSpec::exact("nu", "the window ν used (the given one, or the best certified one for the first query)"),
        OutputSpec::upper("mu_gaussian", "μ = D/(ησ√((1 − θ)ν)) of the Gaussian factor at that ν"),
        MU_CLT,
        OutputSpec::estimate("nu_clt", "ESTIMATE: the window minimising the CLT surrogate (used only to shortlist windows)"),
    ],
    example: &[("L", "1"), ("b", "1"), ("sigma", "2"), ("T", "10"), ("n", "20"), ("D", "0.5"), ("eta", "0.1"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: false,
    eval: theorem_4_10_card,
};

fn theorem_4_10_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (p, r, t) = sgd_setting(a, "Theorem 4.10")?;
    let k = Constrained { d: a.real("D")?, eta: a.real("eta")?, sigma: a.real("sigma")?, theta: a.real("theta")? };
    let nu = window(a, "nu", t)?;
    sgd::thm_4_10_factors(p, r, &k, t, nu.unwrap_or(t))?;
    let opts = pld_options(ctx)?;
    let mut out = Outputs::new();
    let used = queries(&mut out, a, ctx, "ν", move |q| match nu {
        Some(nu) => Ok((nu, sgd::thm_4_10(p, r, &k, t, nu, q, &opts)?)),
        None => sgd::thm_4_10_best(p, r, &k, t, q, &opts),
    })?;
    let (nu_clt, _) = sgd::thm_4_10_best_nu_clt(p, r, &k, t)?;
    match used.or(nu) {
        Some(nu) => {
            out.value("nu", nu as f64);
            out.value_note("mu_gaussian", gaussian_mu(&sgd::thm_4_10_factors(p, r, &k, t, nu)?), "rounded up");
            clt_outputs(&mut out, a, sgd::thm_4_10_clt_mu_estimate(p, r, &k, t, nu), "", format!("CLT surrogate at ν = {nu}; an estimate"))?;
        }
        None => {
            for name in ["nu", "mu_gaussian", "mu_clt"] {
                out.not_computed(name, "no window: give nu=…, or delta=… / epsilon=… for the best window");
            }
        }
    }
    out.value_note("nu_clt", nu_clt as f64, "CLT-optimal window; an estimate");
    Ok(out)
}

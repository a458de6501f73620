//! Result cards of Section 5 (one step of DP-GD from a random Gaussian initialisation; Appendix
//! D): Theorem 5.1, the remark after it, Examples D.1–D.3.
//!
//! Setting (paper eq. (1), spec §5.1): `θ(D) = I − g(I, D) − σZ`, `I, Z ~ N(0, 1)`; neighbours
//! `D₀` (n points `(x_i, a x_i)`, `x_i² = 1`) and `D₁ = D₀` minus one point; `μ_I = (g(I, D₁) −
//! g(I, D₀))/σ`. Theorem 5.1's bound is the index-revealed `J`: `α(t) = E_I[Φ(t/|μ_I| − |μ_I|/2)]`,
//! `β(t) = E_I[Φ(−t/|μ_I| − |μ_I|/2)]` at the log-likelihood-ratio threshold `t` (reject when
//! `log(p/q) ≤ t`), `δ_J(ε) = E_I[δ_{G_{|μ_I|}}(ε)]`.

use super::common::{ask, not_computed_from, ALPHA};
use crate::error::Result;
use crate::num::fmt::format_number;
use crate::papers::card::common::{DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::papers::mixture_fdp::section_5::ln_delta::{delta_upper_from_ln, gdp_delta_upper};
use crate::papers::mixture_fdp::section_5::init_gd_truth::OutputPair;
use crate::papers::Guarantee;

/// `a`: label slope of the least-squares data.
pub const A: Param = Param::new("a", "a", "label slope: D0 = {(x_i, a x_i)}, x_i^2 = 1 (least squares), D1 = D0 minus one point", Domain::closed(-1e4, 1e4));
/// `sigma`: the noise of the gradient step.
pub const SIGMA: Param = Param::new("sigma", "σ", "noise: theta = I - g(I, D) - sigma Z, I, Z ~ N(0, 1), step size 1", Domain::closed(1e-6, 1e6));
/// `c`: per-sample gradient clipping norm.
pub const C: Param = Param::new("c", "c", "per-sample gradient clipping norm: mu_I = clip(a - I, -c, c)/sigma (Example D.2)", Domain::closed(1e-300, 1e300));
/// `t`: the log-likelihood-ratio threshold.
pub const T: Param = Param::new("t", "t", "log-likelihood-ratio threshold of the point (alpha(t), beta(t)): the test rejects when log(p/q) <= t (spec §0.3)", Domain::FINITE).optional();
/// `n`: the dataset size, for the true output pair.
pub const N: Param = Param::new("n", "n", "dataset size |D0| (D1 = D0 minus one point), for the true output pair theta(D0), theta(D1)", Domain::int(1, 1_000_000)).optional();

const DELTA_J: OutputSpec = OutputSpec::upper("delta", "delta_J(epsilon) = E_I[delta_{G_|mu_I|}(epsilon)] (additive over the index-revealed mixture), rounded up");
/// [`DELTA_J`] in the cards that also compute the true pair's δ (Theorem 5.1: δ_J bounds it).
const DELTA_J_TRUE: OutputSpec = DELTA_J.at_least(&["delta_true"]);
const EPS_J: OutputSpec = OutputSpec::upper("epsilon", "epsilon_J(delta) = inf{epsilon >= 0 : delta_J(epsilon) <= delta}");
const ALPHA_T: OutputSpec = OutputSpec::exact("alpha_t", "alpha(t) = E_I[Phi(t/|mu_I| - |mu_I|/2)]: type I error of the index-revealed test at threshold t");
const BETA_T: OutputSpec = OutputSpec::upper("beta_t", "beta(t) = E_I[Phi(-t/|mu_I| - |mu_I|/2)] = J(alpha(t)), rounded down");
const BETA: OutputSpec = OutputSpec::upper("beta", "J(alpha): the lower bound on the trade-off T(theta(D0), theta(D1)) at alpha, rounded down");
const DELTA_TRUE: OutputSpec = OutputSpec::exact("delta_true", "two-sided delta(epsilon) of the true output pair (theta(D0), theta(D1)) of the setting with n points, by quadrature (densities in closed form for least squares); <= delta_J");

/// The point `(α(t), β(t))` of `f` at the query `t` as the outputs `names` (β rounded down by
/// [`ROUND_REL`] when `down`).
fn point_at(out: &mut Outputs, a: &Args, names: [&'static str; 2], f: impl Fn(f64) -> Result<(f64, f64)>, down: bool, note: &str) -> Result<()> {
    match a.opt_real("t")? {
        Some(t) => match f(t) {
            Ok((al, be)) => {
                out.value_note(names[0], al, note);
                out.value_note(names[1], if down { (be * (1.0 - ROUND_REL)).max(0.0) } else { be }, note);
            }
            Err(e) => not_computed_from(out, &names, e)?,
        },
        None => ask(out, &names, "give t=… for the point (alpha(t), beta(t))"),
    }
    Ok(())
}

/// The Theorem 5.1 outputs of `shift`: `delta`, `epsilon`, `alpha_t`, `beta_t`, `beta`.
fn theorem_outputs(out: &mut Outputs, shift: &Shift, a: &Args, ctx: &Ctx) -> Result<()> {
    match a.opt_real("epsilon")? {
        Some(eps) => match theorem_5_1_ln_delta(shift, eps) {
            Ok(l) => {
                let v = delta_upper_from_ln(l);
                let below = if v < 1e-300 { format!("; below the f64 range: ln delta <= {}", format_number(l)) } else { String::new() };
                out.value_note("delta", v, format!("tanh-sinh over I in log space, + 1e-11 relative{below}"));
            }
            Err(e) => not_computed_from(out, &["delta"], e)?,
        },
        None => ask(out, &["delta"], "give epsilon=… for delta(epsilon)"),
    }
    ctx.check()?;
    match a.opt_real("delta")? {
        Some(d) => {
            out.from_result("epsilon", theorem_5_1_epsilon(shift, d))?;
        }
        None => ask(out, &["epsilon"], "give delta=… for epsilon(delta)"),
    }
    point_at(out, a, ["alpha_t", "beta_t"], |t| theorem_5_1_alpha_beta(shift, t), true, "tanh-sinh over I (beta rounded down by 1e-11)")?;
    match a.opt_real("alpha")? {
        Some(al) => {
            out.from_result("beta", theorem_5_1_eval(shift, al))?;
        }
        None => ask(out, &["beta"], "give alpha=… for J(alpha)"),
    }
    Ok(())
}

/// `delta_true` of the least-squares pair with `n` points (clipping `c`, ∞ for none).
fn truth(out: &mut Outputs, pair: Option<OutputPair>, a: &Args, ctx: &Ctx) -> Result<()> {
    ctx.check()?;
    match (pair, a.opt_real("epsilon")?) {
        (Some(p), Some(eps)) => {
            out.from_result("delta_true", p.delta(eps))?;
        }
        (None, _) => ask(out, &["delta_true"], "give n=… (the dataset size) for the true output pair"),
        (_, None) => ask(out, &["delta_true"], "give epsilon=… for delta_true(epsilon)"),
    }
    Ok(())
}

fn least_squares(a: &Args, c: f64) -> Result<(Shift, Option<OutputPair>)> {
    let (av, sigma) = (a.real("a")?, a.real("sigma")?);
    let shift = Shift::Clipped { a: av, c, sigma }.checked()?;
    let pair = a.opt_int("n")?.map(|n| OutputPair::LeastSquares { n, a: av, c, sigma });
    Ok((shift, pair))
}

/// Theorem 5.1 (spec §5.2) for the paper's least-squares setting.
pub const THEOREM_5_1: Card = Card {
    result: "Theorem 5.1",
    title: "one DP-GD step from I ~ N(0, 1): T(theta(D0), theta(D1)) >= J, (alpha(t), beta(t)) = E_I[(Phi(t/|mu_I| - |mu_I|/2), Phi(-t/|mu_I| - |mu_I|/2))], least squares mu_I = clip(a - I, -c, c)/sigma",
    function: "crate::papers::mixture_fdp::section_5::init_gd::theorem_5_1_alpha_beta",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/theorem_5_1.csv",
    spec: "mixtures_fdp §5.2, §5.5, §5.6",
    params: &[A, SIGMA, C.optional(), T, ALPHA, EPSILON, DELTA, N],
    outputs: &[
        DELTA_J_TRUE,
        EPS_J,
        ALPHA_T,
        BETA_T,
        BETA,
        OutputSpec::exact("alpha_t_printed", "alpha(t) by the paper's printed two-branch form E_I[Phi(t_I) 1{mu_I <= 0} + Phi(-t_I) 1{mu_I > 0}], t_I = -t/mu_I + mu_I/2 (equal to alpha_t)"),
        OutputSpec::upper("beta_t_printed", "beta(t) by the printed two-branch form E_I[Phi(-t_I + mu_I) 1{mu_I <= 0} + Phi(t_I - mu_I) 1{mu_I > 0}] (equal to beta_t)"),
        DELTA_TRUE,
    ],
    example: &[("a", "1"), ("sigma", "1"), ("c", "1"), ("t", "0"), ("alpha", "0.3"), ("epsilon", "1"), ("delta", "1e-5"), ("n", "5")],
    mpfr: false,
    eval: theorem_5_1,
};

fn theorem_5_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let c = a.opt_real("c")?.unwrap_or(f64::INFINITY);
    let (shift, pair) = least_squares(a, c)?;
    let mut out = Outputs::new();
    theorem_outputs(&mut out, &shift, a, ctx)?;
    point_at(&mut out, a, ["alpha_t_printed", "beta_t_printed"], |t| theorem_5_1_printed_alpha_beta(&shift, t), true, "the printed two-branch form, tanh-sinh over I (beta rounded down by 1e-11)")?;
    truth(&mut out, pair, a, ctx)?;
    Ok(out)
}

/// The remark after Theorem 5.1 (spec §5.3 [C]): the worst case with a non-negative envelope.
pub const REMARK_5_1: Card = Card {
    result: "Remark after Theorem 5.1",
    title: "worst case over datasets: J_m with a non-negative envelope m(I) >= sup |mu_I|; least squares with clipping: m(I) = min(|a - I|, c)/sigma",
    function: "crate::papers::mixture_fdp::section_5::init_gd::worst_case_remark_eval",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/theorem_5_1.csv",
    spec: "mixtures_fdp §5.3, §10.1 item 3, §10.2",
    params: &[A, SIGMA, C.optional(), T, ALPHA, EPSILON, DELTA],
    outputs: &[
        DELTA_J,
        EPS_J,
        ALPHA_T,
        BETA_T,
        BETA,
        OutputSpec::estimate("alpha_t_signed", "alpha(t) of the one-branch formula fed the signed mu^max = clip(a - I, -c, c)/sigma the paper displays: not a proven bound"),
        OutputSpec::estimate("beta_t_signed", "beta(t) of the signed one-branch formula: lies above the proven curve, not a proven bound"),
    ],
    example: &[("a", "1"), ("sigma", "1"), ("c", "1"), ("t", "-1"), ("alpha", "0.2"), ("epsilon", "1"), ("delta", "1e-5")],
    mpfr: false,
    eval: remark_5_1,
};

fn remark_5_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let c = a.opt_real("c")?.unwrap_or(f64::INFINITY);
    // the envelope min(|a − I|, c)/σ is |clip(a − I, −c, c)|/σ: every Shift is read through |μ|
    let (shift, _) = least_squares(a, c)?;
    let mut out = Outputs::new();
    theorem_outputs(&mut out, &shift, a, ctx)?;
    point_at(&mut out, a, ["alpha_t_signed", "beta_t_signed"], |t| remark_signed_alpha_beta(&shift, t), false, "the signed one-branch formula (audit point R51)")?;
    Ok(out)
}

/// Example D.1 (spec §5.4): least squares without clipping, `μ_I = (a − I)/σ`.
pub const EXAMPLE_D_1: Card = Card {
    result: "Example D.1",
    title: "least squares without clipping: mu_I = (a - I)/sigma (unbounded sensitivity: no fixed-start baseline); true outputs N(na, (n-1)^2 + sigma^2) vs N((n-1)a, (n-2)^2 + sigma^2)",
    function: "crate::papers::mixture_fdp::section_5::init_gd::example_d_1",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/theorem_5_1.csv",
    spec: "mixtures_fdp §5.4, §10.2",
    params: &[A, SIGMA, T, ALPHA, EPSILON, DELTA, N, Param::new("order", "α̃", "Rényi order of the 'dominating pair' remark", Domain::ORDER).optional()],
    outputs: &[
        DELTA_J_TRUE,
        EPS_J,
        ALPHA_T,
        BETA_T,
        BETA,
        DELTA_TRUE,
        OutputSpec::exact("mean_0", "mean n a of theta(D0) ~ N(n a, (n-1)^2 + sigma^2)"),
        OutputSpec::exact("var_0", "variance (n-1)^2 + sigma^2 of theta(D0)"),
        OutputSpec::exact("mean_1", "mean (n-1) a of theta(D1) ~ N((n-1) a, (n-2)^2 + sigma^2)"),
        OutputSpec::exact("var_1", "variance (n-2)^2 + sigma^2 of theta(D1)"),
        OutputSpec::exact("renyi_forward", "R_order(N(0, sigma^2) || N(a, 1 + sigma^2)): the index-dropped marginal pair of Appendix D (finite for every order)"),
        OutputSpec::exact("renyi_backward", "R_order(N(a, 1 + sigma^2) || N(0, sigma^2)): infinite for order >= 1 + sigma^2 (the paper's Rényi remark has the direction reversed)"),
    ],
    example: &[("a", "1"), ("sigma", "1"), ("t", "0"), ("alpha", "0.3"), ("epsilon", "1"), ("delta", "1e-5"), ("n", "3"), ("order", "1.5")],
    mpfr: false,
    eval: example_d_1_card,
};

fn example_d_1_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (av, sigma) = (a.real("a")?, a.real("sigma")?);
    let shift = example_d_1(av, sigma)?;
    let (_, pair) = least_squares(a, f64::INFINITY)?;
    let mut out = Outputs::new();
    theorem_outputs(&mut out, &shift, a, ctx)?;
    truth(&mut out, pair, a, ctx)?;
    match a.opt_int("n")? {
        Some(n) => {
            let [(m0, v0), (m1, v1)] = example_d_1_output_pair(n, av, sigma)?;
            out.value("mean_0", m0).value("var_0", v0).value("mean_1", m1).value("var_1", v1);
        }
        None => ask(&mut out, &["mean_0", "var_0", "mean_1", "var_1"], "give n=… for the true output pair"),
    }
    match a.opt_real("order")? {
        Some(o) => {
            let s2 = sigma * sigma;
            out.from_result("renyi_forward", gaussian_renyi(o, 0.0, s2, av, 1.0 + s2))?;
            out.from_result("renyi_backward", gaussian_renyi(o, av, 1.0 + s2, 0.0, s2))?;
        }
        None => ask(&mut out, &["renyi_forward", "renyi_backward"], "give order=… for the Rényi divergences"),
    }
    Ok(out)
}

/// The fixed-start baseline `G_{sup|μ|}` outputs (`delta_no_init`, `epsilon_no_init`, `beta_no_init`).
fn baseline(out: &mut Outputs, shift: &Shift, a: &Args, ctx: &Ctx) -> Result<()> {
    let g = no_init_baseline(shift)?;
    out.value_note("mu_no_init", g.mu(), "sup_I |mu_I|: the fixed start is mu-GDP (Gaussian mechanism)");
    match a.opt_real("epsilon")? {
        Some(eps) => match gdp_delta_upper(&g, eps, ctx.precision) {
            (v, Some(iv), _) => out.interval("delta_no_init", v, iv, format!("delta of G_mu; MPFR {} bits, certified", ctx.precision)),
            (v, None, l) => out.value_note("delta_no_init", v, format!("delta of G_mu <= Phi(-epsilon/mu + mu/2): ln delta <= {} (beyond the MPFR route's range)", format_number(l))),
        },
        None => out.not_computed("delta_no_init", "give epsilon=… for delta(epsilon)"),
    };
    match a.opt_real("delta")? {
        Some(d) => match g.epsilon_bounds(d, ctx.precision) {
            Ok(iv) => out.interval("epsilon_no_init", iv.upper, iv, format!("epsilon of G_mu; MPFR {} bits, certified", ctx.precision)),
            Err(e) => out.not_computed("epsilon_no_init", e.to_string()),
        },
        None => out.not_computed("epsilon_no_init", "give delta=… for epsilon(delta)"),
    };
    match a.opt_real("alpha")? {
        Some(al) => {
            out.from_result("beta_no_init", g.tradeoff(al).map(|b| (b * (1.0 - 1e-12)).max(0.0)))?;
        }
        None => {
            out.not_computed("beta_no_init", "give alpha=… for G_mu(alpha)");
        }
    };
    Ok(())
}

const MU_NO_INIT: OutputSpec = OutputSpec::exact("mu_no_init", "mu of the fixed-start baseline G_mu, mu = sup_I |mu_I| (no initialisation randomness)");
const DELTA_NO_INIT: OutputSpec = OutputSpec::upper("delta_no_init", "delta(epsilon) of the fixed-start baseline G_mu").at_least(&["delta"]);
const EPS_NO_INIT: OutputSpec = OutputSpec::upper("epsilon_no_init", "epsilon(delta) of the fixed-start baseline G_mu").at_least(&["epsilon"]);
const BETA_NO_INIT: OutputSpec = OutputSpec::upper("beta_no_init", "G_mu(alpha), the fixed-start baseline's trade-off (rounded down)").at_most(&["beta"]);

/// Example D.2 (spec §5.4): least squares with clipping, `μ_I = clip(a − I, −c, c)/σ`.
pub const EXAMPLE_D_2: Card = Card {
    result: "Example D.2",
    title: "least squares with clipping at c: mu_I = clip(a - I, -c, c)/sigma, envelope min(|a - I|, c)/sigma; a fixed start is (c/sigma)-GDP",
    function: "crate::papers::mixture_fdp::section_5::init_gd::example_d_2",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/theorem_5_1.csv",
    spec: "mixtures_fdp §5.4, §5.5",
    params: &[A, SIGMA, C, T, ALPHA, EPSILON, DELTA, N],
    outputs: &[DELTA_J_TRUE, EPS_J, ALPHA_T, BETA_T, BETA, MU_NO_INIT, DELTA_NO_INIT, EPS_NO_INIT, BETA_NO_INIT, DELTA_TRUE],
    example: &[("a", "1"), ("sigma", "1"), ("c", "2"), ("t", "0.5"), ("alpha", "0.3"), ("epsilon", "1"), ("delta", "1e-5"), ("n", "2")],
    mpfr: true,
    eval: example_d_2_card,
};

fn example_d_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let c = a.real("c")?;
    let shift = example_d_2(a.real("a")?, c, a.real("sigma")?)?;
    let (_, pair) = least_squares(a, c)?;
    let mut out = Outputs::new();
    theorem_outputs(&mut out, &shift, a, ctx)?;
    baseline(&mut out, &shift, a, ctx)?;
    truth(&mut out, pair, a, ctx)?;
    Ok(out)
}

/// Example D.3 (spec §5.4 [C]): logistic loss, corrected envelope `M/(σ(1 + e^{−M|I|}))`.
pub const EXAMPLE_D_3: Card = Card {
    result: "Example D.3",
    title: "logistic loss log(1 + e^{-y theta x}) with |xy| <= M: envelope m(I) = M/(sigma (1 + e^{-M|I|})) (corrected; the printed 1/(1 + e^{-M|I|}) lacks |xy| and sigma)",
    function: "crate::papers::mixture_fdp::section_5::init_gd::example_d_3",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/theorem_5_1.csv",
    spec: "mixtures_fdp §5.4, §10.2",
    params: &[
        Param::new("M", "M", "bound on |x y| over the data domain", Domain::closed(1e-6, 1e4)),
        SIGMA,
        T,
        ALPHA,
        EPSILON,
        DELTA,
        N,
        Param::new("u", "xy", "the product x y of the n identical points of D0 (D1 = D0 minus one), for the true output pair; |u| <= M", Domain::closed(-1e4, 1e4)).optional(),
    ],
    outputs: &[
        DELTA_J_TRUE,
        EPS_J,
        ALPHA_T,
        BETA_T,
        BETA,
        OutputSpec::estimate("delta_printed", "delta_J(epsilon) with the printed envelope 1/(1 + e^{-M|I|}) (no |xy|, no sigma): beaten by a concrete pair for M > 1, not a bound"),
        MU_NO_INIT,
        DELTA_NO_INIT,
        EPS_NO_INIT,
        BETA_NO_INIT,
        DELTA_TRUE,
    ],
    example: &[("M", "2"), ("sigma", "1"), ("t", "0"), ("alpha", "0.3"), ("epsilon", "1"), ("delta", "1e-5"), ("n", "1"), ("u", "2")],
    mpfr: true,
    eval: example_d_3_card,
};

fn example_d_3_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (m, sigma) = (a.real("M")?, a.real("sigma")?);
    let shift = example_d_3(m, sigma)?;
    let mut out = Outputs::new();
    theorem_outputs(&mut out, &shift, a, ctx)?;
    match a.opt_real("epsilon")? {
        Some(eps) => {
            out.from_result("delta_printed", theorem_5_1_delta(&Shift::LogisticPrinted { m }, eps))?;
        }
        None => ask(&mut out, &["delta_printed"], "give epsilon=… for delta(epsilon)"),
    }
    baseline(&mut out, &shift, a, ctx)?;
    let pair = match (a.opt_int("n")?, a.opt_real("u")?) {
        (Some(n), Some(u)) => {
            if u.abs() > m {
                return Err(crate::Error::invalid("u", u, &format!("must satisfy |u| <= M = {}", format_number(m))));
            }
            Some(OutputPair::Logistic { n, u, sigma })
        }
        _ => None,
    };
    if pair.is_none() && a.has("epsilon") {
        ask(&mut out, &["delta_true"], "give n=… and u=… for the true output pair");
    } else {
        truth(&mut out, pair, a, ctx)?;
    }
    Ok(out)
}

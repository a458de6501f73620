//! Result cards of Section 5 (random selection): Theorem 5.1 and Algorithm 1 (RDP accounting),
//! Theorem 5.2 and Algorithm 2 (PLD accounting). Per-model profiles come from `eps_alpha`
//! (Theorem 5.1) or from the Gaussian / DP-SGD models of [`super::params`].

use super::params::*;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::{Interval, Mp};
use crate::papers::card::common::{DELTA, ORDER};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::commands::portfolio::{Model, ModelKind};
use crate::papers::model_merging::common::simplex::Simplex;
use crate::papers::model_merging::section_4::mean_estimation::rs_mixture_pair;
use crate::papers::model_merging::section_5::random_selection_pld::*;
use crate::papers::model_merging::section_5::random_selection_rdp::{rs_dp_eps_simplex, rs_rdp_bound_r, rs_rdp_bound_simplex};
use crate::papers::Guarantee;

const EPS_ALPHA: Param = Param::new("eps_alpha", "ε_{α,i}", "RDP of each model at order α (one per model, in the order of pi; inf allowed); instead of sigma", Domain::reals(Domain::Real { lo: 0.0, lo_closed: true, hi: f64::INFINITY, hi_closed: true }, 1, usize::MAX)).optional();
const SIGMA_OPT: Param = SIGMA.optional();
const DELTA_REQ: Param = Param::new("delta", "δ′", "target δ′ of Algorithm 1/2: report ε(π; δ′)", Domain::UNIT_OPEN);
const EPSILON_REQ: Param = Param::new("epsilon", "ε", "ε at which δ^RS(ε) is evaluated (any real; the paper states ε ≥ 0)", Domain::FINITE);

/// Theorem 5.1 (DP Model Merging), eq. (6): the RDP of random selection,
/// `R_α(π) = ln(Σ_i π_i e^{(α−1)ε_{α,i}})/(α−1)`; f64 rounded up ([`rs_rdp_bound_simplex`]) and
/// the MPFR twin ([`rs_rdp_bound_r`]) at the requested precision.
pub const THEOREM_5_1: Card = Card {
    result: "Theorem 5.1",
    title: "RDP of random selection: R_α(π) = ln(Σ π_i e^{(α−1)ε_{α,i}})/(α−1) from the per-model RDP at order α",
    function: "crate::papers::model_merging::section_5::random_selection_rdp::rs_rdp_bound",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_5_1_algorithm_1.csv",
    spec: "merging §6",
    params: &[PI, EPS_ALPHA, SIGMA_OPT, SENS, Q_OPT, T_OPT, ORDER, DELTA],
    outputs: &[
        OutputSpec::upper("rdp", "R_α(π), the order-α RDP of the random-selection output (eq. 6)"),
        OutputSpec::upper("rdp_max", "max_{i: π_i > 0} ε_{α,i}: the RS bound never exceeds the largest per-model RDP (Section 6.1)"),
        OutputSpec::upper("epsilon", "ε(δ) = R_α(π) + ln(1/δ)/(α−1) at this order (Algorithm 1, line 8; give delta)"),
    ],
    example: &[("pi", "0.5,0.5"), ("eps_alpha", "4,0.25"), ("alpha", "8"), ("delta", "1e-5")],
    mpfr: true,
    eval: theorem_5_1,
};

/// Algorithm 1 (DP Model Merging): `DPEps(π, δ) = min_{α ∈ A} {R_α(π) + conv(α, δ)}` over the
/// integer grid A ([`rs_dp_eps_simplex`]), with the minimising order.
pub const ALGORITHM_1: Card = Card {
    result: "Algorithm 1",
    title: "Random selection with RDP accounting: ε(π; δ′) = min_{α ∈ A} {R_α(π) + ln(1/δ′)/(α−1)}",
    function: "crate::papers::model_merging::section_5::random_selection_rdp::rs_dp_eps",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_5_1_algorithm_1.csv",
    spec: "merging §6",
    params: &[PI, SIGMA, SENS, Q_OPT, T_OPT, DELTA_REQ, ALPHA_MIN, ALPHA_MAX, CONVERSION],
    outputs: &[
        OutputSpec::upper("epsilon", "DPEps(π, δ′) = min over the grid of R_α(π) + conv(α, δ′): π is accepted iff epsilon ≤ ε′"),
        OutputSpec::exact("alpha", "the minimising order α* (first on ties; at a grid end: widen the grid)"),
        OutputSpec::upper("rdp", "R_α*(π), the RS RDP bound (eq. 6) at the minimising order"),
        OutputSpec::upper("epsilon_max_model", "max_{i: π_i > 0} of each model's own ε(δ′) on the same grid (RS never needs more)"),
    ],
    example: &[("pi", "0.5,0.5"), ("sigma", "1,4"), ("delta", "1e-5")],
    mpfr: true,
    eval: algorithm_1,
};

/// Theorem 5.2 (DP Model Merging): `δ^RS(ε) ≤ max{Σ_i π_i H_ε(P_i,Q_i), Σ_i π_i H_ε(Q_i,P_i)}`
/// ([`rs_pld_directions`]) from certified per-model curves: MPFR closed form for Gaussian models,
/// the certified FFT accountant for DP-SGD models.
pub const THEOREM_5_2: Card = Card {
    result: "Theorem 5.2",
    title: "PLD of random selection: δ^RS(ε) ≤ max{Σ π_i H_ε(P_i,Q_i), Σ π_i H_ε(Q_i,P_i)}",
    function: "crate::papers::model_merging::section_5::random_selection_pld::rs_pld_delta",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_5_2_algorithm_2.csv",
    spec: "merging §7",
    params: &[PI, SIGMA, SENS, Q_OPT, T_OPT, EPSILON_REQ],
    outputs: &[
        OutputSpec::upper("delta", "DP_Delta(π, ε) = max of the two weighted sums: the certified δ^RS(ε) (Theorem 5.2)").at_least(&["delta_mixture"]),
        OutputSpec::upper("delta_forward", "Σ_i π_i H_ε(P_i, Q_i) (the remove direction)"),
        OutputSpec::upper("delta_reverse", "Σ_i π_i H_ε(Q_i, P_i) (the add direction)"),
        OutputSpec::upper("delta_symmetrised", "Σ_i π_i max{H_ε(P_i,Q_i), H_ε(Q_i,P_i)}: the looser bound from symmetrised per-model profiles (audit A24)").at_least(&["delta"]),
        OutputSpec::exact("delta_mixture", "the exact δ(ε) of the RS output for Gaussian models, max over both orders of H_ε(Σπ_i N(0,σ_i²/T_i), Σπ_i N(Δ,σ_i²/T_i)) (not computed for DP-SGD models)"),
    ],
    example: &[("pi", "0.5,0.5"), ("sigma", "1,4"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_5_2,
};

/// Algorithm 2 (DP Model Merging): the smallest ε with `DP_Delta(π, ε) ≤ δ′` by bisection on the
/// certified curves ([`rs_pld_eps_simplex`]).
pub const ALGORITHM_2: Card = Card {
    result: "Algorithm 2",
    title: "Random selection with PLD accounting: ε(π; δ′) = min{ε : max_dir Σ π_i H_ε ≤ δ′}",
    function: "crate::papers::model_merging::section_5::random_selection_pld::rs_pld_eps",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_5_2_algorithm_2.csv",
    spec: "merging §7",
    params: &[PI, SIGMA, SENS, Q_OPT, T_OPT, DELTA_REQ],
    outputs: &[
        OutputSpec::upper("epsilon", "smallest ε ≥ 0 with DP_Delta(π, ε) ≤ δ′ (bisection on the curves' upper ends; interval: on their lower ends)"),
        OutputSpec::upper("epsilon_max_model", "max_{i: π_i > 0} of each model's own ε(δ′) (RS never needs more)"),
    ],
    example: &[("pi", "0.5,0.5"), ("sigma", "1,4"), ("delta", "1e-5")],
    mpfr: false,
    eval: algorithm_2,
};

fn theorem_5_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let alpha = a.real("alpha")?;
    let (pi, eps, mp_eps): (Simplex, Vec<f64>, Box<dyn Fn(u32) -> Result<Vec<Mp>>>) = match (a.has("eps_alpha"), a.has("sigma")) {
        (true, true) => return Err(Error::invalid("eps_alpha", "given with sigma", "give the per-model RDP (eps_alpha) or the models (sigma, …), not both")),
        (false, false) => return Err(Error::invalid("eps_alpha", "absent (and no sigma)", "give the per-model RDP at order alpha (eps_alpha) or the models (sigma, …)")),
        (true, false) => {
            let e = a.reals("eps_alpha")?.to_vec();
            let e2 = e.clone();
            (weights(a, "pi", e.len())?, e, Box::new(move |prec| Ok(e2.iter().map(|&x| Mp::new(prec, x)).collect())))
        }
        (false, true) => {
            let ms = models(a)?;
            let e = ms.iter().map(|m| m.rdp_at(alpha)).collect::<Result<Vec<_>>>()?;
            let (sigma, sens) = (a.reals("sigma")?.to_vec(), a.real("Delta")?);
            (weights(a, "pi", ms.len())?, e, Box::new(move |prec| ms.iter().zip(&sigma).map(|(m, &s)| model_rdp_mp(m, alpha, sens, s, prec)).collect()))
        }
    };
    let value = rs_rdp_bound_simplex(&pi, &eps, alpha)?;
    let delta = a.opt_real("delta")?;
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let p: Vec<Mp> = pi.iter().map(|&x| m(x)).collect();
        let r = rs_rdp_bound_r(&p, &mp_eps(prec)?, &m(alpha));
        let mut v = vec![r.clone()];
        if let Some(d) = delta {
            v.push(crate::papers::model_merging::common::conventions::Conversion::Classic.epsilon_r(&m(alpha), &r, &m(d)));
        }
        Ok(v)
    })?;
    let mut out = Outputs::new();
    let note = format!("per-model ε_α,i = [{}]; f64 log-sum-exp rounded up; interval: MPFR {} bits", list(&eps), ctx.precision);
    out.interval("rdp", value, iv[0], note);
    let max = pi.support().iter().map(|&i| eps[i]).fold(0.0, f64::max);
    out.value("rdp_max", max);
    match delta {
        Some(d) => out.interval("epsilon", crate::papers::model_merging::common::conventions::Conversion::Classic.epsilon_up(alpha, value, d)?, iv[1], "classic conversion at this α, rounded up"),
        None => out.not_computed("epsilon", "give delta=… for ε(δ) at this order"),
    };
    Ok(out)
}

fn algorithm_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let ms = models(a)?;
    let pi = weights(a, "pi", ms.len())?;
    let (orders, conv, delta) = (orders(a)?, conversion(a)?, a.real("delta")?);
    let (sigma, sens) = (a.reals("sigma")?, a.real("Delta")?);
    let table: Vec<Vec<f64>> = ms.iter().map(|m| orders.iter().map(|&al| m.rdp_at(al)).collect()).collect::<Result<_>>()?;
    ctx.check()?;
    let best = rs_dp_eps_simplex(&pi, &table, &orders, delta, conv)?;
    // MPFR: R_α(π) + conv(α, δ) at every order; the minimum of enclosures encloses the minimum.
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let p: Vec<Mp> = pi.iter().map(|&x| m(x)).collect();
        let mut v = Vec::with_capacity(2 * orders.len());
        for &al in &orders {
            ctx.check()?;
            let e = ms.iter().zip(sigma).map(|(md, &s)| model_rdp_mp(md, al, sens, s, prec)).collect::<Result<Vec<_>>>()?;
            let r = rs_rdp_bound_r(&p, &e, &m(al));
            v.push(conv.epsilon_r(&m(al), &r, &m(delta)));
            v.push(r);
        }
        Ok(v)
    })?;
    let k = orders.iter().position(|&x| x == best.alpha);
    let lo = (0..orders.len()).map(|i| iv[2 * i].lower).fold(f64::INFINITY, f64::min);
    let hi = (0..orders.len()).map(|i| iv[2 * i].upper).fold(f64::INFINITY, f64::min);
    let mut out = Outputs::new();
    let grid = format!("orders {}..{}, {} conversion", orders[0], orders[orders.len() - 1], a.text("conversion")?);
    out.interval("epsilon", best.epsilon, Interval { lower: lo, upper: hi.max(lo) }, format!("{grid}; f64 rounded up; interval: MPFR {} bits", ctx.precision));
    match k {
        Some(k) => {
            out.value_note("alpha", best.alpha, if best.at_grid_end { "at an end of the order grid: widen alpha_min/alpha_max" } else { "" });
            out.interval("rdp", table_rdp(&pi, &table, k, best.alpha)?, iv[2 * k + 1], "eq. (6) at α*, f64 rounded up");
        }
        None => {
            out.not_computed("alpha", "every order gives ε = inf");
            out.not_computed("rdp", "every order gives ε = inf");
        }
    }
    let mut worst: f64 = 0.0;
    for i in pi.support() {
        worst = worst.max(rs_dp_eps_simplex(&Simplex::vertex(ms.len(), i)?, &table, &orders, delta, conv)?.epsilon);
    }
    out.value_note("epsilon_max_model", worst, grid);
    Ok(out)
}

/// R_α(π) at grid index `k` from the table (f64, rounded up).
fn table_rdp(pi: &Simplex, table: &[Vec<f64>], k: usize, alpha: f64) -> Result<f64> {
    let col: Vec<f64> = table.iter().map(|row| row[k]).collect();
    rs_rdp_bound_simplex(pi, &col, alpha)
}

/// A Gaussian model's hockey-stick curve (both directions equal), certified by MPFR at `prec`
/// bits ([`crate::exact::delta`]).
#[derive(Debug)]
struct GaussMp {
    mech: Mechanism,
    steps: u64,
    prec: u32,
}

impl DirectionalCurve for GaussMp {
    fn describe(&self) -> String {
        format!("{}×{}", self.mech.name(), self.steps)
    }
    fn h_forward(&self, eps: f64) -> Result<Interval> {
        crate::exact::delta(&self.mech, self.steps, eps, self.prec)
    }
    fn h_reverse(&self, eps: f64) -> Result<Interval> {
        self.h_forward(eps)
    }
}

/// A model that never samples the record (q = 0): `H_ε = (1 − e^ε)_+`.
#[derive(Debug)]
struct Silent;

impl DirectionalCurve for Silent {
    fn describe(&self) -> String {
        "q = 0".into()
    }
    fn h_forward(&self, eps: f64) -> Result<Interval> {
        Ok(Interval::point((-eps.exp_m1()).max(0.0)))
    }
    fn h_reverse(&self, eps: f64) -> Result<Interval> {
        self.h_forward(eps)
    }
}

/// Certified directional curves of the models (Gaussian: MPFR; DP-SGD: certified FFT PLD).
/// `prec`: MPFR precision of the Gaussian closed form; `None`: the f64 closed form widened by
/// its evaluation-error model ([`GaussianCurve`], for Algorithm 2's bisection: a 256-bit MPFR
/// curve costs ~1 ms per evaluation, and the bisection needs hundreds).
fn curves(a: &Args, ctx: &Ctx, reference_delta: f64, prec: Option<u32>) -> Result<(Vec<Model>, Vec<Box<dyn DirectionalCurve>>)> {
    let ms = models(a)?;
    let opts = ctx.pld_options(reference_delta);
    let mut out: Vec<Box<dyn DirectionalCurve>> = Vec::with_capacity(ms.len());
    for m in &ms {
        ctx.check()?;
        out.push(match &m.kind {
            ModelKind::Gaussian { noise_multiplier, compositions } => match prec {
                Some(prec) => Box::new(GaussMp { mech: Mechanism::Gaussian { noise_multiplier: *noise_multiplier, sensitivity: 1.0 }, steps: *compositions, prec }),
                None => Box::new(GaussianCurve::new((*compositions as f64).sqrt(), *noise_multiplier)?),
            },
            ModelKind::DpSgd { hyper, .. } if hyper.sampling_rate == 0.0 => Box::new(Silent),
            ModelKind::DpSgd { hyper, steps } => Box::new(PldCurve::dpsgd(hyper.sampling_rate, hyper.noise_multiplier, *steps, &opts)?),
            ModelKind::Curves { .. } => return Err(Error::Numerical("curve models are not built from card parameters (a bug in dpaudit)".into())),
        });
    }
    Ok((ms, out))
}

fn theorem_5_2(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let eps = a.real("epsilon")?;
    let (ms, curves) = curves(a, ctx, 1e-6, Some(ctx.precision))?;
    let pi = weights(a, "pi", ms.len())?;
    let refs: Vec<&dyn DirectionalCurve> = curves.iter().map(|c| c.as_ref()).collect();
    let (f, r) = rs_pld_directions(&pi, &refs, eps)?;
    let route = if a.has("q") { "certified FFT PLD per DP-SGD model".to_string() } else { format!("Gaussian closed form in MPFR at {} bits", ctx.precision) };
    let mut out = Outputs::new();
    out.interval("delta", f.upper.max(r.upper), Interval { lower: f.lower.max(r.lower), upper: f.upper.max(r.upper) }, format!("sums of certified per-model curves ({route})"));
    out.interval("delta_forward", f.upper, f, route.clone());
    out.interval("delta_reverse", r.upper, r, route.clone());
    let s = rs_pld_delta_symmetrised(&pi, &refs, eps)?;
    out.interval("delta_symmetrised", s.upper, s, route);
    if a.has("q") {
        out.not_computed("delta_mixture", "the exact mixture δ is computed for Gaussian models only (omit q)");
    } else {
        let sens = a.real("Delta")?;
        let sd: Vec<f64> = ms.iter().zip(a.reals("sigma")?).map(|(m, &s)| if let ModelKind::Gaussian { compositions, .. } = m.kind { s / (compositions as f64).sqrt() } else { s }).collect();
        rs_mixture_pair(pi.as_slice(), &sd, &sens)?; // validation
        let fwd = mixture_hockey_stick(pi.as_slice(), &sd, sens, eps, false)?;
        let rev = mixture_hockey_stick(pi.as_slice(), &sd, sens, eps, true)?;
        out.value_note("delta_mixture", fwd.max(rev), format!("forward {fwd:e}, reverse {rev:e}; crossings of ln p − ln q = ε located on a grid and refined (f64)"));
    }
    Ok(out)
}

fn algorithm_2(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let delta = a.real("delta")?;
    let (ms, curves) = curves(a, ctx, delta, None)?;
    let pi = weights(a, "pi", ms.len())?;
    let refs: Vec<&dyn DirectionalCurve> = curves.iter().map(|c| c.as_ref()).collect();
    let e = rs_pld_eps_simplex(&pi, &refs, delta)?;
    let mut out = Outputs::new();
    let route = if a.has("q") { "certified FFT PLD per DP-SGD model" } else { "Gaussian closed form in f64, widened by 1e-12 relative" };
    out.interval("epsilon", e.upper, e, format!("bisection on the per-model curves ({route}): upper end on their upper ends (reported), lower end on their lower ends"));
    let mut worst: f64 = 0.0;
    for i in pi.support() {
        ctx.check()?;
        worst = worst.max(rs_pld_eps_simplex(&Simplex::vertex(ms.len(), i)?, &refs, delta)?.upper);
    }
    out.value("epsilon_max_model", worst);
    Ok(out)
}

//! Result cards of Section 3.3 (Balanced Iteration Subsampling): Theorem 3.8, Remark 3.9,
//! Remark 3.10 and Theorem 3.11.

use super::common::*;
use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::num::{Interval, Mp};
use crate::worker::run_interruptible;
use crate::papers::balanced_iteration::mixture_pair::{MixturePair, MAX_D};
use crate::papers::balanced_iteration::section_3_1::terms::{order_terms, OrderTerms};
use crate::papers::balanced_iteration::section_3_3::poisson::{theorem_3_11, theorem_3_11_r};
use crate::papers::balanced_iteration::section_3_3::shuffle::remark_3_9_shuffle_t2;
use crate::papers::balanced_iteration::section_3_3::shuffle_mc::remark_3_9_shuffle_mc;
use crate::papers::balanced_iteration::section_3_3::shuffle_t3::remark_3_9_shuffle_t3;
use crate::papers::card::common::{DELTA as DELTA_Q, EPSILON as EPSILON_Q};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::Guarantee;

const THEOREM_3_8_OUTPUTS: &[OutputSpec] = &[
    OutputSpec::upper("epsilon_alpha", "ε_α of the whole T-iteration run (not per iteration): max(F_α, R^∞_α) of the pair with d = T (G_α in place of F_α where the exact F_α is above its cost budget)").at_least(&["F_alpha", "R_exact"]),
    F_ALPHA,
    G_ALPHA,
    S_ALPHA,
    R_INF,
    R_PAPER,
    EPS_ALPHA_PAPER,
    R_EQ2,
    R_EQ3,
    R_EXACT,
    R_MC,
    EPSILON,
    DELTA,
    EPSILON_HOCKEY,
    DELTA_HOCKEY,
    DELTA_MC,
];

/// Theorem 3.8 (spec §11): the entire `T`-iteration run of Balanced Iteration Subsampling (each
/// record in a uniformly random `k` of the `T` iterations, Gaussian noise `σ`, clip `c`) is
/// `(α, ε_α)`-RDP with Theorem 3.1 at `d = T`; beside the RDP terms, the (ε, δ) by Proposition
/// 2.3 at this order, the certified hockey-stick (ε, δ) of the pair itself and its Monte Carlo.
pub const THEOREM_3_8: Card = Card {
    result: "Theorem 3.8",
    title: "Balanced Iteration Subsampling (k of T iterations per record), whole run: Theorem 3.1 at d = T; certified hockey-stick (ε, δ) beside it",
    function: "crate::papers::balanced_iteration::section_3_3::bis::theorem_3_8",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/applications.csv",
    spec: "balanced_iteration §11",
    params: &[T, K_BIS, C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q, SAMPLES, SEED, CONFIDENCE],
    outputs: THEOREM_3_8_OUTPUTS,
    example: &[("T", "10"), ("k", "1"), ("c", "1"), ("sigma", "2"), ("alpha", "2"), ("delta", "1e-3"), ("epsilon", "0.5"), ("samples", "20000")],
    mpfr: true,
    eval: theorem_3_8_card,
};

fn theorem_3_8_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "T")?;
    let mc = mc_of(a)?;
    let (mut out, _) = family_at_order(&pair, a.int("alpha")?, Some(mc), THEOREM_3_8_OUTPUTS, a, ctx)?;
    ctx.check()?;
    hockey(&mut out, &pair, mc, a, ctx)?;
    Ok(out)
}

/// `T` of the shuffled instance.
const T_SHUFFLE: Param = Param::new("T", "T", "number of fixed-size batches the data is shuffled into (k = 1: each record in exactly one batch)", Domain::int(2, 10_000));

/// Remark 3.9 (spec §14): the balanced analysis does not cover fixed-batch shuffling. The
/// concrete instance `A = (1/T)Σ_t N(2c e_t, σ²I)` (target present) against
/// `B = (1/T)Σ_t N(c e_t, σ²I)`: its exact RDP (quadrature, `T = 2, 3`), a Monte Carlo estimate
/// for any `T`, beside the balanced bound at `d = T, k = 1` and the unamplified ceiling.
pub const REMARK_3_9: Card = Card {
    result: "Remark 3.9",
    title: "fixed-size-batch shuffling is not covered: the exact RDP of the spec §14 instance (T = 2, 3; Monte Carlo for any T) against the balanced bound at d = T, k = 1",
    function: "crate::papers::balanced_iteration::section_3_3::shuffle::remark_3_9_shuffle_t2",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/reverse_exact.csv",
    spec: "balanced_iteration §14",
    params: &[T_SHUFFLE, C, SIGMA, ALPHA, SAMPLES, SEED, CONFIDENCE],
    outputs: &[
        OutputSpec::exact("rdp", "max(D_α(A‖B), D_α(B‖A)): the exact RDP of the shuffled instance (T = 2, 3), a lower bound on what any fixed-batch shuffling accountant must certify"),
        OutputSpec::exact("D_AB", "D_α(A‖B) (target present vs absent), exact by quadrature after the reduction along 1 (T = 2: 1-D; T = 3: 2-D)"),
        OutputSpec::exact("D_BA", "D_α(B‖A), exact by quadrature (T = 2, 3)"),
        OutputSpec::estimate("D_AB_mc", "D_α(A‖B) by Monte Carlo for any T (the integrand is unbounded: a CLT interval at the given confidence, not a guarantee)"),
        OutputSpec::estimate("D_BA_mc", "D_α(B‖A) by Monte Carlo for any T (CLT interval)"),
        OutputSpec::exact("unamplified", "αc²/(2σ²): the unamplified Gaussian RDP, the ceiling of both divergences (quasi-convexity)"),
        OutputSpec::estimate("balanced_bound", "max(F_α, R^paper_α) at d = T, k = 1: what the balanced analysis would (wrongly) certify for this sampler, with the paper's reverse term"),
        OutputSpec::upper("balanced_bound_certified", "max(F_α, R^∞_α) at d = T, k = 1: the balanced value with the certified reverse term (valid for Balanced Iteration Subsampling, not for shuffling)"),
    ],
    example: &[("T", "2"), ("c", "1"), ("sigma", "1"), ("alpha", "2"), ("samples", "20000")],
    mpfr: false,
    eval: remark_3_9_card,
};

fn remark_3_9_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (t, c, s, alpha) = (a.int("T")?, a.real("c")?, a.real("sigma")?, a.int("alpha")?);
    let mc = mc_of(a)?;
    let mut out = Outputs::new();
    let exact = |fwd: bool| -> Result<f64> {
        match t {
            2 => remark_3_9_shuffle_t2(c, s, alpha, fwd),
            3 => run_interruptible(ctx.interrupt, None, move || remark_3_9_shuffle_t3(c, s, alpha, fwd)),
            _ => Err(Error::Unsupported(format!("the exact divergences are computed for T = 2, 3 (quadrature); T = {t} here: see D_AB_mc, D_BA_mc"))),
        }
    };
    let (ab, ba) = (exact(true), exact(false));
    if let (Ok(x), Ok(y)) = (&ab, &ba) {
        out.value_note("rdp", x.max(*y), "max of the two quadratures");
    } else if let Err(e) = ab.as_ref().and(ba.as_ref()) {
        if *e == Error::Interrupted {
            return Err(Error::Interrupted);
        }
        out.not_computed("rdp", e.to_string());
    }
    out.from_result("D_AB", ab)?;
    out.from_result("D_BA", ba)?;
    ctx.check()?;
    let z = crate::num::special::ndtri(1.0 - (1.0 - mc.confidence) / 2.0);
    for (name, fwd) in [("D_AB_mc", true), ("D_BA_mc", false)] {
        match mc.check_work(t, 1).and_then(|_| remark_3_9_shuffle_mc(t, c, s, alpha, fwd, mc.samples, mc.seed, Some(ctx.interrupt))) {
            Ok(r) => {
                let (lo, hi) = r.interval(z);
                out.interval(name, r.estimate, Interval { lower: lo, upper: hi }, format!("Monte Carlo, {} samples, seed {}; interval: estimate ± z·s.e., z for a two-sided {} % normal interval (estimate, unbounded integrand)", mc.samples, mc.seed, format_number(100.0 * mc.confidence)));
            }
                Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => {
                out.not_computed(name, e.to_string());
            }
        }
        ctx.check()?;
    }
    let x = c / s; // (c/σ)²: c = σ = 1e−300 is not 0/0
    out.value_note("unamplified", alpha as f64 * x * x / 2.0, "αc²/(2σ²)");
    if t <= MAX_D {
        let pair = MixturePair::new(t, 1, c, s)?;
        let terms = order_terms(&pair, alpha, &term_options(ctx, None), ctx.interrupt)?;
        carry(&mut out, &terms, "balanced_bound", "epsilon_alpha_paper");
        carry(&mut out, &terms, "balanced_bound_certified", "epsilon_alpha");
    }
    Ok(out)
}

/// The term `from` of `terms` as the output `name`.
fn carry(out: &mut Outputs, terms: &OrderTerms, name: &'static str, from: &str) {
    match terms.get(from) {
        Some(t) => {
            out.push(name, computed(t));
        }
        None => {
            out.not_computed(name, format!("{from} missing (a bug in dpaudit)"));
        }
    }
}

const EPOCHS: Param = Param::new("epochs", "N", "number of independent runs (epochs) of Balanced Iteration Subsampling with T iterations and k uses each (fresh assignments per epoch)", Domain::int(1, 1_000_000));

/// Remark 3.10 (spec §12): `N` independent runs of `(T, k)` cost `N ε_α(T, k)` (RDP
/// composition), slightly more than one run of `(NT, Nk)`.
pub const REMARK_3_10: Card = Card {
    result: "Remark 3.10",
    title: "N epochs of Balanced Iteration Subsampling compose: N·ε_α(T, k), beside a single run of (NT, Nk)",
    function: "crate::papers::balanced_iteration::section_3_3::bis::remark_3_10",
    guarantee: Guarantee::Upper,
    golden: "balanced_iteration/applications.csv",
    spec: "balanced_iteration §12",
    params: &[T, K_BIS, EPOCHS, C, SIGMA, ALPHA, DELTA_Q, EPSILON_Q],
    outputs: &[
        OutputSpec::upper("rdp", "N·max(F_α, R^∞_α) of (T, k): the composed RDP of N epochs with the certified reverse term (G_α where F_α is above its budget)"),
        OutputSpec::estimate("rdp_paper", "N·max(F_α, R^paper_α) of (T, k): the same with the paper's reverse term (not certified)"),
        OutputSpec::exact("F_composed", "N·F_α(T, k), the composed exact forward terms"),
        OutputSpec::exact("F_single", "F_α(NT, Nk), the exact forward term of one run of NT iterations with Nk uses"),
        OutputSpec::upper("G_composed", "N·G_α(T, k)"),
        OutputSpec::upper("G_single", "G_α(NT, Nk)"),
        OutputSpec::upper("rdp_single", "max(F_α, R^∞_α) of one run of (NT, Nk) (certified reverse term)"),
        EPSILON,
        DELTA,
    ],
    example: &[("T", "10"), ("k", "4"), ("epochs", "2"), ("c", "1"), ("sigma", "2"), ("alpha", "4"), ("delta", "1e-5"), ("epsilon", "3")],
    mpfr: true,
    eval: remark_3_10_card,
};

fn remark_3_10_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let pair = pair_of(a, "T")?;
    let (alpha, n) = (a.int("alpha")?, a.int("epochs")?);
    let nf = n as f64;
    let mut out = Outputs::new();
    let one = order_terms(&pair, alpha, &term_options(ctx, None), ctx.interrupt)?;
    let scaled = |out: &mut Outputs, name: &'static str, from: &str, what: &str| -> Option<(f64, Option<Interval>)> {
        let t = one.get(from)?;
        match t.value {
            Some(v) => {
                let v = crate::num::round::widen_up(v * nf, 1);
                let iv = t.interval.map(|iv| Interval { lower: iv.lower * nf, upper: (iv.upper * nf).max(v) });
                match iv {
                    Some(iv) => out.interval(name, v, iv, format!("N × {what}")),
                    None => out.value_note(name, v, format!("N × {what}")),
                };
                Some((v, iv))
            }
            None => {
                out.not_computed(name, t.note.clone());
                None
            }
        }
    };
    let rdp = scaled(&mut out, "rdp", "epsilon_alpha", "ε_α(T, k) (certified)");
    scaled(&mut out, "rdp_paper", "epsilon_alpha_paper", "max(F_α, R^paper_α)");
    scaled(&mut out, "F_composed", "F_alpha", "F_α(T, k)");
    scaled(&mut out, "G_composed", "G_alpha", "G_α(T, k)");
    ctx.check()?;
    let big = if pair.d.checked_mul(n).is_some_and(|d| d <= MAX_D) { MixturePair::new(pair.d * n, pair.k * n, pair.c, pair.sigma).ok() } else { None };
    match big {
        Some(single) => {
            let s = order_terms(&single, alpha, &term_options(ctx, None), ctx.interrupt)?;
            carry(&mut out, &s, "F_single", "F_alpha");
            carry(&mut out, &s, "G_single", "G_alpha");
            carry(&mut out, &s, "rdp_single", "epsilon_alpha");
        }
        None => {
            for name in ["F_single", "G_single", "rdp_single"] {
                out.not_computed(name, format!("N·T = {} iterations is above the limit {MAX_D}", nf * pair.d as f64));
            }
        }
    }
    match rdp {
        Some((v, iv)) => rdp_conversions(&mut out, alpha, v, iv, a)?,
        None => {
            out.not_computed("epsilon", "the composed RDP was not computed");
            out.not_computed("delta", "the composed RDP was not computed");
        }
    }
    Ok(out)
}

const GAMMA: Param = Param::new("gamma", "γ", "Poisson subsampling rate: each record is included in each step independently with probability γ", Domain::UNIT_CLOSED);
const STEPS: Param = Param::new("steps", "T", "number of Poisson-subsampled Gaussian steps composed (RDP composition; the PLD composes the same steps)", Domain::int(1, 1u64 << 40)).default("1");

/// Smallest noise multiplier `σ/c` at which the card runs the certified PLD (below it the loss
/// grid grows as `(c/σ)²`: minutes; the RDP outputs still answer).
pub const PLD_MIN_NOISE: f64 = 0.02;

/// Theorem 3.11 (Zhu & Wang 2019, as restated; spec §13): the RDP of the Poisson-subsampled
/// Gaussian mechanism at integer `α`, per step and composed, with Proposition 2.3 at this order
/// and the certified PLD (ε, δ) of the same `T` steps.
pub const THEOREM_3_11: Card = Card {
    result: "Theorem 3.11",
    title: "Poisson-subsampled Gaussian (rate γ, sensitivity c, noise σ), integer α: ε_P(α) per step (exact), T steps, Proposition 2.3 and the certified PLD",
    function: "crate::papers::balanced_iteration::section_3_3::poisson::theorem_3_11",
    guarantee: Guarantee::Exact,
    golden: "balanced_iteration/theorem_3_11.csv",
    spec: "balanced_iteration §13",
    params: &[GAMMA, C, SIGMA, Param::new("alpha", "α", "integer Rényi order", Domain::int(2, 100_000)), STEPS, DELTA_Q, EPSILON_Q],
    outputs: &[
        OutputSpec::exact("rdp", "ε_P(α) = (1/(α−1)) ln Σ_l C(α,l)(1−γ)^{α−l}γ^l e^{l(l−1)c²/(2σ²)}, one step (f64 rounded up)"),
        OutputSpec::upper("rdp_composed", "T·ε_P(α): RDP of T steps"),
        EPSILON,
        DELTA,
        OutputSpec::upper("epsilon_pld", "certified ε(δ) of the T composed steps by the privacy-loss distribution (FFT, both adjacency directions); give delta"),
        OutputSpec::upper("delta_pld", "certified δ(ε) of the T composed steps by the privacy-loss distribution; give epsilon"),
    ],
    example: &[("gamma", "0.4"), ("c", "1"), ("sigma", "2"), ("alpha", "8"), ("steps", "10"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_3_11_card,
};

fn theorem_3_11_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (g, c, s, alpha, steps) = (a.real("gamma")?, a.real("c")?, a.real("sigma")?, a.int("alpha")?, a.int("steps")?);
    let mut out = Outputs::new();
    let v = theorem_3_11(g, c, s, alpha)?;
    let iv = ctx.mp(|p| Ok(vec![theorem_3_11_r(g, c, s, alpha, &Mp::new(p, 0.0))?]))?[0];
    out.interval("rdp", v, iv, format!("binomial sum (log-sum-exp), f64 rounded up; interval: MPFR {} bits", ctx.precision));
    let tf = steps as f64;
    let comp = crate::num::round::widen_up(v * tf, 1);
    let civ = Interval { lower: iv.lower * tf, upper: (iv.upper * tf).max(comp) };
    out.interval("rdp_composed", comp, civ, "T × ε_P(α), rounded up");
    rdp_conversions(&mut out, alpha, comp, Some(civ), a)?;
    ctx.check()?;
    pld_outputs(&mut out, g, c, s, steps, a, ctx)?;
    Ok(out)
}

/// `epsilon_pld` / `delta_pld`: the certified PLD of `steps` Poisson-subsampled Gaussian steps
/// ([`crate::pld`], default options; `--width` sets its relative accuracy), on a worker thread.
fn pld_outputs(out: &mut Outputs, g: f64, c: f64, s: f64, steps: u64, a: &Args, ctx: &Ctx) -> Result<()> {
    use crate::mechanisms::Mechanism;
    let decline = if s / c < PLD_MIN_NOISE {
        Some(format!("the certified PLD is run for σ/c ≥ {PLD_MIN_NOISE} (its loss grid grows as (c/σ)²; σ/c = {} here); the RDP outputs answer", format_number(s / c)))
    } else if g == 0.0 {
        Some("γ = 0: the mechanism releases nothing about the record (δ = 0 for every ε ≥ 0)".to_string())
    } else {
        None
    };
    let mut opts = crate::pld::PldOptions::default();
    if let Some(w) = ctx.width {
        opts.eps_rel_accuracy = w;
        opts.delta_rel_accuracy = w;
    }
    let m = Mechanism::PoissonSubsampledGaussian { noise_multiplier: s / c, sensitivity: c, sampling_rate: g };
    for (name, query, is_delta) in [("epsilon_pld", a.opt_real("delta")?, true), ("delta_pld", a.opt_real("epsilon")?, false)] {
        let Some(q) = query else {
            out.not_computed(name, if is_delta { "give delta=… for ε(δ)" } else { "give epsilon=… for δ(ε)" });
            continue;
        };
        if let Some(why) = &decline {
            out.not_computed(name, why.clone());
            continue;
        }
        let (m, opts) = (m.clone(), opts.clone());
        let r = run_interruptible(ctx.interrupt, None, move || {
            if is_delta {
                crate::pld::epsilon_interval(&[(m, steps)], q, &opts).map(|r| r.0)
            } else {
                crate::pld::delta_interval(&[(m, steps)], q, &opts).map(|r| r.0)
            }
        });
        match r {
            Ok(iv) => {
                out.interval(name, iv.upper, iv, "certified FFT privacy-loss distribution (crate::pld), both directions; value = upper end");
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => {
                out.not_computed(name, e.to_string());
            }
        }
    }
    Ok(())
}

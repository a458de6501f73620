//! Result cards of Section 6.2 (linear combination), PLD side: Lemma 6.3 (exact per-step privacy
//! loss), Theorem 6.4 (the 1-D surrogate), Corollary 6.5 and Algorithm 4 (composition).
//!
//! Audit A1: composing per-step domination over T > 1 steps is not sound in general for merged
//! DP-SGD; Corollary 6.5 and Algorithm 4 are reported as printed, with Theorem 6.1's joint-release
//! value beside them (what `dpaudit merge` certifies for T > 1).

use super::params::*;
use crate::error::{Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::{Interval, Mp};
use crate::papers::card::common::EPSILON;
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::model_merging::section_6::dpsgd_step::{lc_step_simplex, StepHyper, StepPair, MAX_MODELS};
use crate::papers::model_merging::section_6::joint_release::{delta_joint, epsilon_joint};
use crate::papers::model_merging::section_6::linear_combination_pld::{lc_pld_compose, lc_pld_delta, lc_pld_epsilon_diag};
use crate::papers::model_merging::section_6::privacy_loss::{exact_pl, exact_pl_r, mc_hockey_stick_until, VectorStep};
use crate::papers::model_merging::section_6::surrogate::{convention_trap_h, solve_z, surrogate_h, surrogate_h_mp};
use crate::papers::Guarantee;

const EPSILON_REQ: Param = Param::new("epsilon", "ε", "ε of the hockey-stick divergences H_ε (any real; the paper states ε ≥ 0)", Domain::FINITE);
const DELTA_REQ: Param = Param::new("delta", "δ′", "target δ′ of Algorithm 4: report ε(λ; δ′)", Domain::UNIT_OPEN);
const U: Param = Param::new("u", "u_i", "mean shift u_i ∈ R^p of each model's contribution when it samples the record (u_i = λ_iη_i·clip(∇ℓ(θ_i; x*)), ‖u_i‖ ≤ w_i), concatenated: u_1 (p values), u_2, …; v_J = Σ_{i∈J} u_i", Domain::reals(Domain::FINITE, 1, 1 << 16));
const S: Param = Param::new("s", "s_λ", "standard deviation s_λ of the merged noise N(0, s_λ² I)", Domain::POSITIVE);
const Y: Param = Param::new("y", "Y", "the point y ∈ R^p at which L(y) is evaluated (p values)", Domain::reals(Domain::FINITE, 1, 1 << 16));
const SAMPLES: Param = Param::new("samples", "n", "Monte Carlo samples of the hockey-stick estimates", Domain::int(2, 100_000_000)).default("200000");
const SEED: Param = Param::new("seed", "", "seed of the Monte Carlo stream (ChaCha8)", Domain::int(0, u64::MAX)).default("1");
const BETA: Param = Param::new("beta", "β", "total error probability of the Monte Carlo intervals (empirical Bernstein)", Domain::UNIT_OPEN).default("0.001");

/// Lemma 6.3 (DP Model Merging), eq. (10): the exact per-step privacy loss
/// `L(y) = ln Σ_J ρ_J φ(y; v_J, s²I)/φ(y; 0, s²I)` ([`exact_pl`], MPFR twin [`exact_pl_r`]), with
/// Monte Carlo estimates of both hockey-stick divergences ([`mc_hockey_stick_until`]) and the surrogate
/// bounds of Theorem 6.4 at `Δ_J = Σ_{i∈J} ‖u_i‖`.
pub const LEMMA_6_3: Card = Card {
    result: "Lemma 6.3",
    title: "Exact per-step privacy loss of merged DP-SGD: L(y) = ln Σ_J ρ_J φ(y; v_J, s²I)/φ(y; 0, s²I) (eq. 10)",
    function: "crate::papers::model_merging::section_6::privacy_loss::exact_pl",
    guarantee: Guarantee::Exact,
    golden: "model_merging/lemma_6_3.csv",
    spec: "merging §11",
    params: &[Q, U, S, Y, EPSILON, SAMPLES, SEED, BETA],
    outputs: &[
        OutputSpec::exact("loss", "L(y) of eq. (10), ρ_J = Π_{i∈J} q_i Π_{i∉J}(1 − q_i), v_J = Σ_{i∈J} u_i"),
        OutputSpec::estimate("h_forward_mc", "Monte Carlo H_ε(P, Q) = E_P[(1 − e^{ε−L})_+] (give epsilon; interval: empirical Bernstein at beta)"),
        OutputSpec::estimate("h_reverse_mc", "Monte Carlo H_ε(Q, P) = E_Q[(1 − e^{ε+L})_+] (give epsilon)"),
        OutputSpec::upper("h_forward_surrogate", "Theorem 6.4's bound on H_ε(P, Q): the 1-D surrogate with Δ_J = Σ_{i∈J} ‖u_i‖ (give epsilon)"),
        OutputSpec::upper("h_reverse_surrogate", "Theorem 6.4's bound on H_ε(Q, P) (give epsilon)"),
    ],
    example: &[("q", "0.3,0.5"), ("u", "0.05,0,0,0.05"), ("s", "0.0707106781186548"), ("y", "0.1,-0.02"), ("epsilon", "0.5")],
    mpfr: true,
    eval: lemma_6_3,
};

/// Theorem 6.4 (DP Model Merging), eq. (11): the surrogate pair `P̃ = Σ_J ρ_J N(Δ̃_J, 1)` vs
/// `Q̃ = N(0, 1)` and its hockey-stick divergences in both directions ([`surrogate_h`], MPFR twin
/// [`surrogate_h_mp`]), upper bounds on the merged step's.
pub const THEOREM_6_4: Card = Card {
    result: "Theorem 6.4",
    title: "1-D surrogate privacy loss (eq. 11): H_ε(P,Q) ≤ E[(e^L̃ − e^ε)_+], H_ε(Q,P) ≤ E[(1 − e^{ε+L̃})_+]",
    function: "crate::papers::model_merging::section_6::surrogate::surrogate_h",
    guarantee: Guarantee::Upper,
    golden: "model_merging/theorem_6_4.csv",
    spec: "merging §12",
    params: &[LAMBDA, Q, SIGMA_SGD, ETA, CLIP, EPSILON_REQ],
    outputs: &[
        OutputSpec::upper("h_forward", "H_ε(P̃, Q̃) = Σ_J ρ_J Φ̄(z_ε − Δ̃_J) − e^ε Φ̄(z_ε): the surrogate bound on H_ε(P^(t), Q^(t))"),
        OutputSpec::upper("h_reverse", "H_ε(Q̃, P̃) = Φ(z_{−ε}) − e^ε Σ_J ρ_J Φ(z_{−ε} − Δ̃_J): the bound on H_ε(Q^(t), P^(t))"),
        OutputSpec::upper("delta", "max of the two directions: the step's δ(ε) bound"),
        OutputSpec::exact("z_epsilon", "z_ε, the root of ℓ̃(z) = ln Σ_J ρ_J e^{Δ̃_J z − Δ̃_J²/2} = ε (none when ε ≤ ln r_0)"),
        OutputSpec::exact("r0", "r_0 = P(no model samples the record) on the normalised scale: inf ℓ̃ = ln r_0, and H_ε(Q̃, P̃) = 0 for ε ≥ −ln r_0"),
        OutputSpec::exact("s_lambda", "s_λ = (Σ_i (λ_i η_i σ_i C_i)²)^{1/2}"),
        OutputSpec::estimate("h_forward_wrong_convention", "NOT a bound: E_{Q̃}[(1 − e^{ε−ℓ̃})_+], Lemma F.4's δ_L fed with the paper's Q-convention loss (audit A4; shows the convention trap)"),
    ],
    example: &[("lambda", "0.5,0.5"), ("q", "0.3,0.5"), ("sigma", "0.5,0.5"), ("eta", "0.1"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_6_4,
};

/// Corollary 6.5 (DP Model Merging): the T-step composition of the surrogate pairs, δ(ε) from
/// the certified FFT accountant per direction ([`lc_pld_delta`]).
pub const COROLLARY_6_5: Card = Card {
    result: "Corollary 6.5",
    title: "Composition via surrogate losses: δ^LC(ε) ≤ max_dir δ of the convolution of the per-step surrogate PLDs",
    function: "crate::papers::model_merging::section_6::linear_combination_pld::lc_pld_delta",
    guarantee: Guarantee::Upper,
    golden: "model_merging/corollary_6_5_algorithm_4.csv",
    spec: "merging §13",
    params: &[LAMBDA, Q, SIGMA_SGD, ETA, CLIP, T_STEPS, EPSILON_REQ],
    outputs: &[
        OutputSpec::upper("delta", "δ(ε) of the T-fold composition of surrogate pairs, max over directions (certified FFT; not sound for T > 1, audit A1: see delta_joint)"),
        OutputSpec::upper("delta_forward", "E[(e^L̃ − e^ε)_+] of the composed surrogate (remove direction; certified at the composition's grid)"),
        OutputSpec::upper("delta_reverse", "E[(1 − e^{ε+L̃})_+] of the composed surrogate (add direction)"),
        OutputSpec::upper("delta_joint", "Theorem 6.1's δ_joint(ε) of the models with λ_i > 0 (each a Poisson-subsampled Gaussian composed T_i times): the value dpaudit merge certifies for T > 1"),
    ],
    example: &[("lambda", "0.5,0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "100"), ("epsilon", "1")],
    mpfr: false,
    eval: corollary_6_5,
};

/// Algorithm 4 (DP Model Merging): the ε at δ′ of the composed surrogate PLDs
/// ([`lc_pld_epsilon_diag`]).
pub const ALGORITHM_4: Card = Card {
    result: "Algorithm 4",
    title: "Linear combination with PLD accounting: ε(λ; δ′) of the convolution of the per-step surrogate PLDs",
    function: "crate::papers::model_merging::section_6::linear_combination_pld::lc_pld_epsilon",
    guarantee: Guarantee::Upper,
    golden: "model_merging/corollary_6_5_algorithm_4.csv",
    spec: "merging §13",
    params: &[LAMBDA, Q, SIGMA_SGD, ETA, CLIP, T_STEPS, DELTA_REQ],
    outputs: &[
        OutputSpec::upper("epsilon", "ε(δ′) of the composed surrogate pairs, max over directions (certified FFT interval; not sound for T > 1, audit A1: see epsilon_joint)"),
        OutputSpec::upper("epsilon_joint", "Theorem 6.1's ε_joint(δ′) of the models with λ_i > 0: the value dpaudit merge certifies for T > 1"),
    ],
    example: &[("lambda", "0.5,0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "100"), ("delta", "1e-5")],
    mpfr: false,
    eval: algorithm_4,
};

fn lemma_6_3(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (q, u, s, y) = (a.reals("q")?, a.reals("u")?, a.real("s")?, a.reals("y")?);
    let (n, p) = (q.len(), y.len());
    if n > MAX_MODELS || u.len() != n * p {
        return Err(Error::invalid("u", format!("{} values", u.len()), &format!("needs N·p = {n}·{p} values (one shift of the dimension of y per model in q; N ≤ {MAX_MODELS})")));
    }
    let dirs: Vec<Vec<f64>> = u.chunks(p).map(<[f64]>::to_vec).collect();
    let step = VectorStep::from_directions(&dirs, q, s)?;
    let mut out = Outputs::new();
    let iv = ctx.mp(|prec| {
        let m = |xs: &[f64]| xs.iter().map(|&x| Mp::new(prec, x)).collect::<Vec<_>>();
        let v: Vec<Vec<Mp>> = step.v.iter().map(|x| m(x)).collect();
        Ok(vec![exact_pl_r(&m(y), &v, &m(&step.rho), &Mp::new(prec, s))])
    })?;
    out.interval("loss", exact_pl(y, &step.v, &step.rho, s), iv[0], format!("{} subsets J with ρ_J > 0; f64 log-sum-exp; interval: MPFR {} bits", step.rho.len(), ctx.precision));
    let Some(eps) = a.opt_real("epsilon")? else {
        for name in ["h_forward_mc", "h_reverse_mc", "h_forward_surrogate", "h_reverse_surrogate"] {
            out.not_computed(name, "give epsilon=… for H_ε");
        }
        return Ok(out);
    };
    let (samples, seed, beta) = (a.int("samples")?, a.int("seed")?, a.real("beta")?);
    for (name, dir) in [("h_forward_mc", Direction::Remove), ("h_reverse_mc", Direction::Add)] {
        ctx.check()?;
        let mc = mc_hockey_stick_until(&step, eps, dir, samples, seed, beta, ctx.interrupt)?;
        out.interval(name, mc.estimate, mc.interval, format!("{samples} samples, seed {seed}; interval holds with probability ≥ 1 − {beta}"));
    }
    // Theorem 6.4 at w_i = ‖u_i‖ (the collinear full-norm configuration): atoms (Σ_{i∈J}‖u_i‖/s, ρ_J).
    let norms: Vec<f64> = dirs.iter().map(|d| d.iter().map(|x| x * x).sum::<f64>().sqrt()).collect();
    let mut atoms = Vec::with_capacity(1 << n);
    for mask in 0u32..(1u32 << n) {
        let (mut shift, mut rho) = (0.0, 1.0);
        for i in 0..n {
            if mask >> i & 1 == 1 {
                shift += norms[i];
                rho *= q[i];
            } else {
                rho *= 1.0 - q[i];
            }
        }
        atoms.push((shift / s, rho));
    }
    let pair = StepPair::from_atoms(&atoms)?;
    out.from_result("h_forward_surrogate", surrogate_h(&pair, eps, Direction::Remove))?;
    out.from_result("h_reverse_surrogate", surrogate_h(&pair, eps, Direction::Add))?;
    Ok(out)
}

fn step_of(a: &Args) -> Result<(Vec<StepHyper>, StepPair)> {
    let hyper = dpsgd_hyper(a)?;
    let lam = weights(a, "lambda", hyper.len())?;
    let step = lc_step_simplex(&lam, &hyper)?;
    Ok((hyper, step))
}

fn theorem_6_4(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let eps = a.real("epsilon")?;
    let (_, step) = step_of(a)?;
    let (f, r) = (surrogate_h(&step, eps, Direction::Remove)?, surrogate_h(&step, eps, Direction::Add)?);
    let atoms = step.atoms.iter().map(|x| format!("({:.10}, {:.10})", x.shift, x.prob)).collect::<Vec<_>>().join(", ");
    let mut out = Outputs::new();
    let exact = ctx.mp(|prec| Ok(vec![surrogate_h_mp(&step, eps, Direction::Remove, prec)?, surrogate_h_mp(&step, eps, Direction::Add, prec)?]));
    match exact {
        Ok(iv) => {
            let note = format!("atoms (Δ̃_J, ρ_J) = [{atoms}]; f64 closed form; interval: MPFR {} bits", ctx.precision);
            out.interval("h_forward", f.max(iv[0].upper), iv[0], note.clone());
            out.interval("h_reverse", r.max(iv[1].upper), iv[1], note);
            out.interval("delta", f.max(r).max(iv[0].upper).max(iv[1].upper), Interval { lower: iv[0].lower.max(iv[1].lower), upper: iv[0].upper.max(iv[1].upper) }, "max of the two directions");
        }
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => {
            let note = format!("atoms [{atoms}]; f64 only ({e})");
            out.value_note("h_forward", f, note.clone());
            out.value_note("h_reverse", r, note);
            out.value("delta", f.max(r));
        }
    }
    match solve_z(&step, eps) {
        Some(z) => out.value("z_epsilon", z),
        None => out.not_computed("z_epsilon", "no root: ε ≤ ln r_0 or the step has no positive shift"),
    };
    out.value("r0", step.zero_mass());
    out.value("s_lambda", step.s_lambda);
    out.from_result("h_forward_wrong_convention", convention_trap_h(&step, eps))?;
    Ok(out)
}

/// The Theorem 6.1 mechanisms of the positive-weight DP-SGD models (`(SGM, T_i)`).
fn joint_mechanisms(a: &Args) -> Result<Vec<(Mechanism, u64)>> {
    let hyper = dpsgd_hyper(a)?;
    let lam = weights(a, "lambda", hyper.len())?;
    let t = steps(a, hyper.len())?;
    let mut out = Vec::new();
    for i in lam.support() {
        let h = hyper[i];
        if h.noise_multiplier == 0.0 && h.sampling_rate > 0.0 {
            return Err(Error::Unsupported(format!("model {} is non-private (sigma = 0): the joint release has δ = 1", i + 1)));
        }
        if h.sampling_rate > 0.0 {
            out.push((Mechanism::PoissonSubsampledGaussian { noise_multiplier: h.noise_multiplier, sensitivity: 1.0, sampling_rate: h.sampling_rate }, t[i]));
        }
    }
    if out.is_empty() {
        return Err(Error::Unsupported("no positive-weight model samples the record (q = 0): nothing is released about it".into()));
    }
    Ok(out)
}

/// Note on a certified interval against the requested width.
fn width_note(iv: Interval, ctx: &Ctx, route: &str) -> String {
    match ctx.width {
        Some(w) if iv.width() > w * iv.upper.abs() => format!("{route}; relative width {:.2e} > requested {w:e} (the accountant's grid or FFT cap stopped refinement)", iv.width() / iv.upper.abs()),
        _ => route.to_string(),
    }
}

fn corollary_6_5(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let eps = a.real("epsilon")?;
    let lam = weights(a, "lambda", n_models(a)?)?;
    let (steps_lc, t_max) = lc_schedule(a, &lam)?;
    let a1 = if t_max > 1 { format!("T = {t_max} > 1: not a certificate (audit A1), see delta_joint") } else { "T = 1: sound".into() };
    let mut out = Outputs::new();
    let iv = lc_pld_delta(&steps_lc, eps, &ctx.pld_options(1e-6))?;
    out.interval("delta", iv.upper, iv, width_note(iv, ctx, &format!("certified FFT, directions composed separately; {a1}")));
    ctx.check()?;
    match lc_pld_compose(&steps_lc, &ctx.pld_options(iv.upper.clamp(1e-300, 0.5))) {
        Ok(pld) => {
            for (name, dir) in [("delta_forward", Direction::Remove), ("delta_reverse", Direction::Add)] {
                match pld.delta_by_direction(eps).into_iter().find(|(d, _)| *d == dir) {
                    Some((_, d)) => out.interval(name, d.upper, d, "certified at the composition's grid"),
                    None => out.not_computed(name, "the composition has no separate direction (symmetric)"),
                };
            }
        }
        Err(e) => {
            out.not_computed("delta_forward", e.to_string());
            out.not_computed("delta_reverse", e.to_string());
        }
    }
    ctx.check()?;
    match joint_mechanisms(a).and_then(|m| delta_joint(&m, eps, &ctx.pld_options(1e-6))) {
        Ok(d) => out.interval("delta_joint", d.upper, d, "certified FFT of the joint release (Theorem 6.1)"),
        Err(e) => out.not_computed("delta_joint", e.to_string()),
    };
    Ok(out)
}

fn algorithm_4(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let delta = a.real("delta")?;
    let lam = weights(a, "lambda", n_models(a)?)?;
    let (steps_lc, t_max) = lc_schedule(a, &lam)?;
    let a1 = if t_max > 1 { format!("T = {t_max} > 1: not a certificate (audit A1), see epsilon_joint") } else { "T = 1: sound".into() };
    let mut out = Outputs::new();
    let (iv, diag) = lc_pld_epsilon_diag(&steps_lc, delta, &ctx.pld_options(delta))?;
    let grid = diag.map(|d| format!("grid step {:e}, FFT length {}", d.grid_step, d.fft_len)).unwrap_or_else(|| "decided without FFT".into());
    out.interval("epsilon", iv.upper, iv, width_note(iv, ctx, &format!("certified FFT ({grid}); {a1}")));
    ctx.check()?;
    match joint_mechanisms(a).and_then(|m| epsilon_joint(&m, delta, &ctx.pld_options(delta))) {
        Ok(e) => out.interval("epsilon_joint", e.upper, e, "certified FFT of the joint release (Theorem 6.1)"),
        Err(e) => out.not_computed("epsilon_joint", e.to_string()),
    };
    Ok(out)
}

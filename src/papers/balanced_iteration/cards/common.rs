//! What the cards of this paper share: the parameters in the paper's notation (`d`, `k`, `T`, `c`,
//! `sigma`, `alpha`, the Monte Carlo `samples`/`seed`/`confidence`), the outputs of the
//! Theorem 3.1 family (one per term of [`order_terms`]), and the (ε, δ) views of one order's RDP
//! value (Proposition 2.3) and of the pair itself (certified hockey stick, Monte Carlo).

use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::num::Interval;
use crate::worker::run_interruptible;
use crate::papers::balanced_iteration::mixture_pair::{MixturePair, MAX_D, MAX_ORDER};
use crate::papers::balanced_iteration::section_2::conversion::{proposition_2_3_delta, proposition_2_3_epsilon};
use crate::papers::balanced_iteration::section_3_1::terms::{order_terms, McSpec, OrderTerms, Term, TermOptions, FORWARD_BUDGET};
use crate::papers::balanced_iteration::section_3_3::hockey_mc::{hockey_stick_mc, McOptions};
use crate::papers::balanced_iteration::section_3_3::hockey_stick::{certified_delta, certified_epsilon, BisDp, BisOptions};
use crate::papers::card::{Args, Computed, Ctx, Domain, OutputSpec, Outputs, Param};

/// `d`: dimension of the pair.
pub const D: Param = Param::new("d", "d", "dimension of the pair of Theorem 3.1: Q = N(0, σ²I_d) against P = uniform mixture of N(cμ, σ²I_d) over μ ∈ S_{d,k} (0/1 vectors with k ones); d blocks (sub-models) or iterations", Domain::int(2, MAX_D));
/// `k`: ones per centre.
pub const K: Param = Param::new("k", "k", "ones per centre μ ∈ S_{d,k} (blocks or iterations the record's gradient lands in), 1 ≤ k ≤ d − 1", Domain::int(1, MAX_D - 1));
/// `T`: iterations of a Balanced Iteration Subsampling run (`d = T`).
pub const T: Param = Param::new("T", "T", "iterations of one run of Balanced Iteration Subsampling (the pair of Theorem 3.1 with d = T); each record is used in exactly k of them", Domain::int(2, MAX_D));
/// `k` of Balanced Iteration Subsampling.
pub const K_BIS: Param = K.meaning("uses per record: each record is in a uniformly random k of the T iterations, 1 ≤ k ≤ T − 1");
/// `c`: sensitivity.
pub const C: Param = Param::new("c", "c", "ℓ2 sensitivity (clipping norm) of one record's gradient; add/remove adjacency", Domain::POSITIVE).default("1");
/// `sigma`: noise.
pub const SIGMA: Param = Param::new("sigma", "σ", "standard deviation of the Gaussian noise per coordinate (absolute, in the units of c; noise multiplier = σ/c)", Domain::POSITIVE);
/// `alpha`: integer Rényi order.
pub const ALPHA: Param = Param::new("alpha", "α", "integer Rényi order (Lemmas 3.12/3.13 and Theorem 3.1 need integers ≥ 2)", Domain::int(2, MAX_ORDER));
/// `alpha`: any real Rényi order.
pub const ALPHA_REAL: Param = Param::new("alpha", "α", "Rényi order (any real > 1)", Domain::ORDER);
/// `samples`: Monte Carlo sample size.
pub const SAMPLES: Param = Param::new("samples", "n", "Monte Carlo samples of the estimate outputs (*_mc)", Domain::int(2, 1_000_000_000)).default("100000");
/// `seed`: Monte Carlo seed.
pub const SEED: Param = Param::new("seed", "seed", "seed of the Monte Carlo streams (same seed, same numbers)", Domain::int(0, u64::MAX)).default("1");
/// `confidence`: Monte Carlo confidence level.
pub const CONFIDENCE: Param = Param::new("confidence", "1 − β", "two-sided confidence level of the Monte Carlo intervals", Domain::open(0.0, 1.0)).default("0.999");

pub const EPS_ALPHA: OutputSpec = OutputSpec::upper("epsilon_alpha", "ε_α: the RDP of the pair at order α in both directions, max(F_α, R^∞_α) with the certified reverse term (G_α in place of F_α where the exact F_α is above its cost budget)").at_least(&["F_alpha", "R_exact"]);
pub const F_ALPHA: OutputSpec = OutputSpec::exact("F_alpha", "F_α = D_α(P‖Q), the exact forward divergence (first term of (2); Lemma 3.12 on S_{d,k})");
pub const G_ALPHA: OutputSpec = OutputSpec::upper("G_alpha", "G_α = ln Σ_l h_l e^{αβl}, Corollary 3.14's bound on F_α (first term of (3); no 1/(α−1), as printed)");
pub const S_ALPHA: OutputSpec = OutputSpec::exact("s_alpha", "s_α = αc²k²/(2σ²d) = D_α(Q‖Q'), Corollary 3.17 (the shift part of Lemma 3.15)");
pub const R_INF: OutputSpec = OutputSpec::upper("R_inf", "R^∞_α = αc²k²/(2σ²d) + c²k(d−k)/(2σ²d), a proven bound on the reverse divergence D_α(Q‖P) (Lemma 3.15 + Jensen)").at_least(&["R_exact"]);
pub const R_PAPER: OutputSpec = OutputSpec::estimate("R_paper", "R^paper_α = s_α + (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))], v = c²k(d−k)/(σ²d²): the paper's reverse term as Corollary 3.19 derives it (exponent σ²d); rests on Lemma 3.18, false as stated, so not an upper bound");
pub const EPS_ALPHA_PAPER: OutputSpec = OutputSpec::estimate("epsilon_alpha_paper", "max(F_α, R^paper_α): Theorem 3.1's value with the paper's reverse term (expression (2) with the derived exponent σ²d; G_α where F_α is not computed) — not certified");
pub const R_EQ2: OutputSpec = OutputSpec::estimate("R_eq2_printed", "second term of (2) exactly as printed (exponent σ²d², a typo; can be negative)");
pub const R_EQ3: OutputSpec = OutputSpec::estimate("R_eq3_printed", "second term of (3) exactly as printed (σ²d² and a stray +(1−α); undefined when e^{αv} + 1 − α ≤ 0)");
pub const R_EXACT: OutputSpec = OutputSpec::exact("R_exact", "D_α(Q‖P), the exact reverse divergence (k = 1: 1-D Laplace representation; d = 2: quadrature after Lemma 3.15)");
pub const R_MC: OutputSpec = OutputSpec::estimate("R_mc", "D_α(Q‖P) by Monte Carlo for any k: estimate, and its confidence interval at the given confidence (seeded)");
pub const EPSILON: OutputSpec = OutputSpec::upper("epsilon", "ε(δ) = ε_α + ln(1/δ)/(α − 1) by Proposition 2.3 at this order α (give delta)");
pub const DELTA: OutputSpec = OutputSpec::upper("delta", "δ(ε) = min(1, e^{(α−1)(ε_α − ε)}), Proposition 2.3 inverted at this order α (give epsilon)");

/// The validated pair `(d, k, c, σ)` of a card whose dimension parameter is `d_name` (`d` or
/// `T`); `k ≥ d` is an error naming `k`.
pub fn pair_of(a: &Args, d_name: &str) -> Result<MixturePair> {
    let (d, k) = (a.int(d_name)?, a.int("k")?);
    if k >= d {
        return Err(Error::invalid("k", k, &format!("must lie in [1, {d_name} − 1] = [1, {}]", d - 1)));
    }
    MixturePair::new(d, k, a.real("c")?, a.real("sigma")?)
}

/// The Monte Carlo request of a card (`samples`, `seed`, `confidence`).
pub fn mc_of(a: &Args) -> Result<McSpec> {
    Ok(McSpec { samples: a.int("samples")?, seed: a.int("seed")?, confidence: a.real("confidence")? })
}

/// The term options of a card evaluation.
pub fn term_options(ctx: &Ctx, mc: Option<McSpec>) -> TermOptions {
    TermOptions { forward_budget: FORWARD_BUDGET, precision: Some(ctx.precision), mc }
}

/// A term as a card output.
pub fn computed(t: &Term) -> Computed {
    match t.value {
        Some(value) => Computed::Value { value, interval: t.interval, note: t.note.clone() },
        None => Computed::NotComputed(t.note.clone()),
    }
}

/// The terms of `terms` whose names `specs` declare, as outputs.
pub fn push_terms(out: &mut Outputs, terms: &OrderTerms, specs: &[OutputSpec]) {
    for t in &terms.terms {
        if specs.iter().any(|s| s.name == t.name) {
            out.push(t.name, computed(t));
        }
    }
}

/// [`order_terms`] with the card's options, pushed as the declared outputs; returns the terms.
pub fn family(out: &mut Outputs, pair: &MixturePair, alpha: u64, mc: Option<McSpec>, specs: &[OutputSpec], ctx: &Ctx) -> Result<OrderTerms> {
    let terms = order_terms(pair, alpha, &term_options(ctx, mc), ctx.interrupt)?;
    push_terms(out, &terms, specs);
    Ok(terms)
}

/// [`family`] and then [`rdp_conversions`] of its certified `epsilon_alpha`: the evaluator of the
/// cards whose primary output is Theorem 3.1's two-sided value at one order.
pub fn family_at_order(pair: &MixturePair, alpha: u64, mc: Option<McSpec>, specs: &[OutputSpec], a: &Args, ctx: &Ctx) -> Result<(Outputs, OrderTerms)> {
    let mut out = Outputs::new();
    let terms = family(&mut out, pair, alpha, mc, specs, ctx)?;
    let eps = terms.get("epsilon_alpha").expect("order_terms always computes epsilon_alpha");
    rdp_conversions(&mut out, alpha, eps.value.unwrap_or(f64::INFINITY), eps.interval, a)?;
    Ok((out, terms))
}

/// The outputs `epsilon` (at `delta`) and `delta` (at `epsilon`) of an RDP value `rdp` at order
/// `alpha` by Proposition 2.3 (one order: no minimisation), rounded up; `interval` (an enclosure
/// of the RDP value) is carried through both monotone maps.
pub fn rdp_conversions(out: &mut Outputs, alpha: u64, rdp: f64, interval: Option<Interval>, a: &Args) -> Result<()> {
    let o = [alpha];
    let convert = |v: f64| -> Result<(f64, f64)> {
        let e = match a.opt_real("delta")? {
            Some(d) => proposition_2_3_epsilon(&o, &[v], d)?.epsilon,
            None => f64::NAN,
        };
        let dl = match a.opt_real("epsilon")? {
            Some(e) => proposition_2_3_delta(&o, &[v], e)?.delta,
            None => f64::NAN,
        };
        Ok((e, dl))
    };
    let (e, d) = convert(rdp)?;
    let ends = match interval {
        Some(iv) => Some((convert(iv.lower.max(0.0))?, convert(iv.upper.max(rdp))?)),
        None => None,
    };
    let note = |q: &str| format!("Proposition 2.3 at α = {alpha} ({q}); rounded up");
    match a.opt_real("delta")? {
        Some(dq) => {
            let iv = ends.map(|(lo, hi)| Interval { lower: lo.0, upper: hi.0.max(e) });
            push_value(out, "epsilon", e, iv, note(&format!("δ = {}", format_number(dq))));
        }
        None => {
            out.not_computed("epsilon", "give delta=… for ε(δ)");
        }
    }
    match a.opt_real("epsilon")? {
        Some(eq) => {
            let iv = ends.map(|(lo, hi)| Interval { lower: lo.1, upper: hi.1.max(d) });
            push_value(out, "delta", d, iv, note(&format!("ε = {}", format_number(eq))));
        }
        None => {
            out.not_computed("delta", "give epsilon=… for δ(ε)");
        }
    }
    Ok(())
}

fn push_value(out: &mut Outputs, name: &'static str, v: f64, iv: Option<Interval>, note: String) {
    match iv {
        Some(iv) => out.interval(name, v, iv, note),
        None => out.value_note(name, v, note),
    };
}

pub const EPSILON_HOCKEY: OutputSpec = OutputSpec::upper("epsilon_hockey", "certified ε(δ) of Balanced Iteration Subsampling itself, beyond RDP: the hockey-stick divergences of the pair with d = T, both directions (k = 1 exact; 1 < k < T: one-use allocation decomposition upper end, sum-statistic Gaussian lower end); give delta");
pub const DELTA_HOCKEY: OutputSpec = OutputSpec::upper("delta_hockey", "certified δ(ε) = max(H_{e^ε}(P‖Q), H_{e^ε}(Q‖P)) of the pair with d = T (routes as epsilon_hockey); give epsilon");
pub const DELTA_MC: OutputSpec = OutputSpec::estimate("delta_mc", "δ(ε) = max(H_{e^ε}(P‖Q), H_{e^ε}(Q‖P)) of the pair by Monte Carlo (bounded integrands): estimate and its confidence interval (both directions jointly at the given confidence); give epsilon");

/// Options of the certified hockey-stick route in a card: relative accuracy `--width` (default
/// 1 % in ε, 5 % in δ), FFT length cap 2²¹ (a wider certified interval rather than a long run).
fn bis_options(ctx: &Ctx) -> BisOptions {
    BisOptions { eps_rel_accuracy: ctx.width.unwrap_or(1e-2), delta_rel_accuracy: ctx.width.unwrap_or(5e-2), max_fft_len: 1 << 21, ..BisOptions::default() }
}

fn bis_note(r: &BisDp) -> String {
    format!("certified; route: {}; lattice step {}, FFT length {}, {} pass(es), accuracy target {}", r.route, format_number(r.grid_step), r.fft_len, r.passes, if r.target_met { "met" } else { "not met (a wider interval)" })
}

/// The outputs `epsilon_hockey`, `delta_hockey` (certified, [`certified_epsilon`] /
/// [`certified_delta`] on a worker thread so that Ctrl-C stops at once) and `delta_mc`
/// ([`hockey_stick_mc`]) of Balanced Iteration Subsampling with `T` iterations and `k` uses.
pub fn hockey(out: &mut Outputs, pair: &MixturePair, mc: McSpec, a: &Args, ctx: &Ctx) -> Result<()> {
    let (t, k, c, s) = (pair.d, pair.k, pair.c, pair.sigma);
    let opts = bis_options(ctx);
    let carry = |r: Result<BisDp>, name: &'static str, out: &mut Outputs| -> Result<()> {
        match r {
            Ok(b) => {
                out.interval(name, b.interval.upper, b.interval, bis_note(&b));
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => {
                out.not_computed(name, e.to_string());
            }
        }
        Ok(())
    };
    match a.opt_real("delta")? {
        Some(d) => carry(run_interruptible(ctx.interrupt, None, move || certified_epsilon(t, k, s, c, d, &opts)), "epsilon_hockey", out)?,
        None => {
            out.not_computed("epsilon_hockey", "give delta=… for ε(δ)");
        }
    }
    ctx.check()?;
    let Some(eps) = a.opt_real("epsilon")? else {
        out.not_computed("delta_hockey", "give epsilon=… for δ(ε)");
        out.not_computed("delta_mc", "give epsilon=… for δ(ε)");
        return Ok(());
    };
    carry(run_interruptible(ctx.interrupt, None, move || certified_delta(t, k, s, c, eps, &opts)), "delta_hockey", out)?;
    ctx.check()?;
    // Each direction at 1 − β/2, so that both hold (and so their maximum) at 1 − β.
    let conf = 1.0 - (1.0 - mc.confidence) / 2.0;
    let r = mc.check_work(2 * t, k).and_then(|_| hockey_stick_mc(pair, &[eps], &McOptions { samples: mc.samples as usize, confidence: conf, seed: mc.seed }, Some(ctx.interrupt)));
    match r {
        Ok(points) => {
            let p = points[0];
            let iv = Interval { lower: p.pq.lower.max(p.qp.lower), upper: p.pq.upper.max(p.qp.upper) };
            let v = p.pq_mean.max(p.qp_mean).clamp(iv.lower, iv.upper);
            out.interval("delta_mc", v, iv, format!(
                "Monte Carlo, {} samples per direction, seed {}: H(P‖Q) ≈ {}, H(Q‖P) ≈ {}; interval: two-sided {} % empirical-Bernstein (each direction at {} %)",
                mc.samples, mc.seed, format_number(p.pq_mean), format_number(p.qp_mean), format_number(100.0 * mc.confidence), format_number(100.0 * conf)
            ));
        }
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => {
            out.not_computed("delta_mc", e.to_string());
        }
    }
    Ok(())
}

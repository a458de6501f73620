//! Result cards of Section 4 (shuffling; Appendix C): Proposition 4.1, Theorem 4.2, Corollary 4.3.
//!
//! Setting (spec §4.1): `n` users, each record randomised by an ε₀-DP local randomiser, then
//! shuffled; by FMT23's reduction (restricted by its erratum to a class of randomisers) the
//! shuffled outputs are a post-processing of `P = (1−w)P₀ + wQ₀`, `Q = (1−w)Q₀ + wP₀`,
//! `w = 1/(e^{ε₀}+1)`, `(A+1, C−A) ~ P₀`, `(A, C−A+1) ~ Q₀`, `C ~ Binom(n−1, 2w)`,
//! `A | C ~ Binom(C, ½)`.

use super::common::{interval, not_computed_from, unit_interval, ALPHA};
use crate::error::Result;
use crate::num::fmt::format_number;
use crate::num::Interval;
use crate::papers::card::common::{DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::mixture_fdp::section_4::clones::{fmt23_delta, fmt23_epsilon};
use crate::papers::mixture_fdp::section_4::knots::{knot_at, t0_at, Knot};
use crate::papers::mixture_fdp::section_4::rr::{binary_rr_delta, binary_rr_epsilon_with, k_rr_delta_with, k_rr_epsilon_with};
use crate::papers::mixture_fdp::section_4::shuffling::*;
use crate::papers::mixture_fdp::section_4::shuffling_mp::{corollary_4_3_delta_mpfr, exact_pair_delta_mpfr, work};
use crate::papers::mixture_fdp::section_4::theorem_4_2::{c_f_s_at, f_s_at, f_s_knot, x_bar};
use crate::papers::Guarantee;

/// `n`: number of users.
pub const N: Param = Param::new("n", "n", "number of users: each holds one record, applies an eps0-DP local randomiser, and the n reports are shuffled", Domain::int(2, 1_000_000_000));
/// `eps0`: the local randomiser's ε₀.
pub const EPS0: Param = Param::new("eps0", "ε₀", "local privacy eps0 of every user's randomiser (pure eps0-DP); w = 1/(e^eps0 + 1)", Domain::Real { lo: 0.0, lo_closed: false, hi: 700.0, hi_closed: true });
/// `t`: a knot's likelihood-ratio threshold.
pub const T: Param = Param::new("t", "t", "likelihood-ratio threshold P0/Q0 = a/b of a knot, tie included (c = 1, spec §0.3); snapped to the ratio a/b (a + b <= n) within 1e-12 relative", Domain::NONNEGATIVE).optional();

fn setting(a: &Args) -> Result<Shuffle> {
    Shuffle::new(a.int("n")?, a.real("eps0")?)
}

fn knot_note(k: &Knot) -> String {
    let t = if k.t.1 == 0 { "inf".to_string() } else { format!("{}/{}", k.t.0, k.t.1) };
    format!("knot t = {t} ({}); interval: truncation and rounding bound of the binomial-tail sums", if k.tie { "ratio-t atoms rejected, c = 1" } else { "ratio-t atoms kept, c = 0" })
}

/// Proposition 4.1 (spec §4.2): `T(P₀, Q₀)` is piecewise linear with knots
/// `α(t) = Σ_i w⁰_i F_i(k_i(t))`, `T(α(t)) = Σ_i w⁰_i [1 − F_i(k_i(t) + 1)]`
/// ([`crate::papers::mixture_fdp::section_4::knots`]).
pub const PROPOSITION_4_1: Card = Card {
    result: "Proposition 4.1",
    title: "exact trade-off T(P0, Q0) of the shuffling pair: piecewise linear, knots alpha(t) = sum_i w0_i F_i(k_i(t)), T(alpha(t)) = sum_i w0_i [1 - F_i(k_i(t) + 1)]",
    function: "crate::papers::mixture_fdp::section_4::knots::t0_at",
    guarantee: Guarantee::Exact,
    golden: "mixture_fdp/proposition_4_1.csv",
    spec: "mixtures_fdp §4.2",
    params: &[N, EPS0, ALPHA, T],
    outputs: &[
        OutputSpec::exact("T0", "T(P0, Q0)(alpha): the exact trade-off of P0 vs Q0 at alpha (linear between the two knots below)"),
        OutputSpec::exact("knot_t", "ratio t* = a/b of the knot ending alpha's segment (the smallest knot with alpha(t*) >= alpha); the segment has slope -1/t*"),
        OutputSpec::exact("knot_left_alpha", "alpha of the knot starting alpha's segment: P0[L < t*]"),
        OutputSpec::exact("knot_left_beta", "T(P0, Q0) at that knot: Q0[L >= t*]"),
        OutputSpec::exact("knot_right_alpha", "alpha(t*) = P0[L <= t*]"),
        OutputSpec::exact("knot_right_beta", "T(P0, Q0)(alpha(t*)) = Q0[L > t*]"),
        OutputSpec::exact("alpha_t", "alpha(t) = sum_i w0_i F_i(k_i(t)) = P0[L <= t]: the knot at the given t"),
        OutputSpec::exact("beta_t", "T(P0, Q0)(alpha(t)) = sum_i w0_i [1 - F_i(k_i(t) + 1)] = Q0[L > t]"),
        OutputSpec::exact("alpha_bar_t", "1 - alpha(t), summed from its own (small) end"),
        OutputSpec::exact("rho_t", "1 - beta(t) = Q0[L <= t], summed from its own (small) end"),
    ],
    example: &[("n", "4"), ("eps0", "1"), ("alpha", "0.1"), ("t", "0.5")],
    mpfr: false,
    eval: proposition_4_1,
};

fn proposition_4_1(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let s = setting(a)?;
    let stop = Some(ctx.interrupt);
    let mut out = Outputs::new();
    match a.opt_real("alpha")? {
        Some(alpha) => match t0_at(&s, alpha, stop) {
            Ok((v, err, left, right)) => {
                let note = knot_note(&right);
                unit_interval(&mut out, "T0", v, err, &note);
                out.value_note("knot_t", right.t_value(), note.clone());
                unit_interval(&mut out, "knot_left_alpha", left.alpha, left.err, &note);
                unit_interval(&mut out, "knot_left_beta", left.beta, left.err, &note);
                unit_interval(&mut out, "knot_right_alpha", right.alpha, right.err, &note);
                unit_interval(&mut out, "knot_right_beta", right.beta, right.err, &note);
            }
            Err(e) => not_computed_from(&mut out, &["T0", "knot_t", "knot_left_alpha", "knot_left_beta", "knot_right_alpha", "knot_right_beta"], e)?,
        },
        None => {
            for n in ["T0", "knot_t", "knot_left_alpha", "knot_left_beta", "knot_right_alpha", "knot_right_beta"] {
                out.not_computed(n, "give alpha=… for T(P0, Q0)(alpha) and its knots");
            }
        }
    }
    match a.opt_real("t")? {
        Some(t) => match knot_at(&s, t, stop) {
            Ok(k) => {
                let note = knot_note(&k);
                unit_interval(&mut out, "alpha_t", k.alpha, k.err, &note);
                unit_interval(&mut out, "beta_t", k.beta, k.err, &note);
                unit_interval(&mut out, "alpha_bar_t", k.alpha_bar, k.err, &note);
                unit_interval(&mut out, "rho_t", k.rho, k.err, &note);
            }
            Err(e) => not_computed_from(&mut out, &["alpha_t", "beta_t", "alpha_bar_t", "rho_t"], e)?,
        },
        None => {
            for n in ["alpha_t", "beta_t", "alpha_bar_t", "rho_t"] {
                out.not_computed(n, "give t=… for the knot at t");
            }
        }
    }
    Ok(out)
}

/// Theorem 4.2 (spec §4.3): the shuffled mechanism is `C(f_S)`-DP,
/// `f_S = 2w Id + (1 − 2w) T(P₀, Q₀)` ([`crate::papers::mixture_fdp::section_4::theorem_4_2`]).
pub const THEOREM_4_2: Card = Card {
    result: "Theorem 4.2",
    title: "shuffled eps0-DP reports are C(f_S)-DP, f_S = 2w Id + (1 - 2w) T(P0, Q0) (pointwise), w = 1/(e^eps0 + 1); under FMT23's reduction",
    function: "crate::papers::mixture_fdp::section_4::theorem_4_2::c_f_s_at",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/corollary_4_3.csv",
    spec: "mixtures_fdp §4.3",
    params: &[N, EPS0, ALPHA, T, EPSILON, DELTA],
    outputs: &[
        OutputSpec::upper("C_fS", "C(f_S)(alpha): Theorem 4.2's lower bound on the shuffled trade-off at alpha (rounded down: toward more loss)").at_most(&["T_exact_pair"]),
        OutputSpec::exact("f_S", "f_S(alpha) = 2w(1 - alpha) + (1 - 2w) T(P0, Q0)(alpha), before symmetrisation (not itself a privacy curve: it exceeds T(P, Q) near alpha = 1)"),
        OutputSpec::exact("x_bar", "x̄ = P0[L < 1]: where f_S has slope -1 (C(f_S) = f_S on [0, x̄])"),
        OutputSpec::exact("f_S_x_bar", "f_S(x̄) = 2w(1 - x̄) + (1 - 2w) Q0[L >= 1]: C(f_S) is the slope -1 line from (x̄, f_S(x̄)) to (f_S(x̄), x̄)"),
        OutputSpec::exact("alpha_t", "alpha(t): the knot of f_S (= of T(P0, Q0)) at the given t"),
        OutputSpec::exact("f_S_t", "f_S(alpha(t)) = 2w(1 - alpha(t)) + (1 - 2w) beta(t) at the knot t"),
        OutputSpec::upper("delta", "delta(epsilon) = 1 + C(f_S)*(-e^epsilon) (= Corollary 4.3)"),
        OutputSpec::upper("epsilon", "epsilon(delta) of C(f_S) (inf when delta is below the curve's limit (1 - 2w) sum_i w0_i 2^-i)"),
        OutputSpec::exact("T_exact_pair", "T(P, Q)(alpha): the exact trade-off of the FMT23 pair (the best any analysis through the reduction can give; n <= 2000)"),
    ],
    example: &[("n", "4"), ("eps0", "1"), ("alpha", "0.3"), ("t", "1"), ("epsilon", "0.5"), ("delta", "0.2")],
    mpfr: true,
    eval: theorem_4_2,
};

fn theorem_4_2(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let s = setting(a)?;
    let stop = Some(ctx.interrupt);
    let mut out = Outputs::new();
    match a.opt_real("alpha")? {
        Some(alpha) => {
            match c_f_s_at(&s, alpha, stop) {
                Ok((v, e)) => interval(&mut out, "C_fS", (v - e).max(0.0), Interval { lower: (v - e).max(0.0), upper: (v + e).min(1.0) }, "knots of Proposition 4.1, eq. (3) with its sign fixed; value rounded down by the error bound"),
                Err(e) => not_computed_from(&mut out, &["C_fS"], e)?,
            };
            match f_s_at(&s, alpha, stop) {
                Ok((v, e)) => unit_interval(&mut out, "f_S", v, e, "2w(1 - alpha) + (1 - 2w) T(P0, Q0)(alpha)"),
                Err(e) => not_computed_from(&mut out, &["f_S"], e)?,
            };
            if s.n <= 2000 {
                ctx.check()?;
                match exact_pair_chain(&s).and_then(|f| f.eval(alpha)) {
                    Ok(v) => {
                        out.value_note("T_exact_pair", v, "PL chain of every atom of (P, Q)");
                    }
                    Err(e) => not_computed_from(&mut out, &["T_exact_pair"], e)?,
                };
            } else {
                out.not_computed("T_exact_pair", format!("the chain of every atom is built for n <= 2000 (n = {})", s.n));
            }
        }
        None => {
            for n in ["C_fS", "f_S", "T_exact_pair"] {
                out.not_computed(n, "give alpha=… for the trade-off at alpha");
            }
        }
    }
    match x_bar(&s, stop) {
        Ok((xb, fxb, e)) => {
            unit_interval(&mut out, "x_bar", xb, e, "the knot t = 1 with its tie excluded");
            unit_interval(&mut out, "f_S_x_bar", fxb, e, "the knot t = 1 with its tie excluded");
        }
        Err(e) => not_computed_from(&mut out, &["x_bar", "f_S_x_bar"], e)?,
    }
    match a.opt_real("t")? {
        Some(t) => match knot_at(&s, t, stop) {
            Ok(k) => {
                let note = knot_note(&k);
                unit_interval(&mut out, "alpha_t", k.alpha, k.err, &note);
                unit_interval(&mut out, "f_S_t", f_s_knot(&s, &k), k.err, &note);
            }
            Err(e) => not_computed_from(&mut out, &["alpha_t", "f_S_t"], e)?,
        },
        None => {
            out.not_computed("alpha_t", "give t=… for the knot at t");
            out.not_computed("f_S_t", "give t=… for the knot at t");
        }
    }
    delta_outputs(&mut out, &s, a, ctx, "delta", "epsilon")?;
    Ok(out)
}

/// `delta` at `epsilon` (certified f64 ends, MPFR enclosure for small n) and `epsilon` at
/// `delta`, of Corollary 4.3.
fn delta_outputs(out: &mut Outputs, s: &Shuffle, a: &Args, ctx: &Ctx, dname: &'static str, ename: &'static str) -> Result<()> {
    let stop = Some(ctx.interrupt);
    match a.opt_real("epsilon")? {
        Some(eps) => match corollary_4_3_ln_delta(s, eps, stop) {
            Ok(b) => {
                let v = b.upper(1.0);
                // e^ε overflows MPFR's exponent range past ε ≈ 7.4e8 (γ̃ = ∞, the sum NaN): the
                // certified f64 ends take over there (δ is flat in ε long before)
                let (iv, how) = if work(s) <= MPFR_WORK && v > 1e-290 && eps <= 1e8 {
                    let iv = ctx.mp(|prec| Ok(vec![corollary_4_3_delta_mpfr(s, eps, prec)]))?[0];
                    (iv, format!("interval: MPFR {} bits, exact binomials", ctx.precision))
                } else {
                    (Interval { lower: b.lower(), upper: v }, format!("interval: certified f64 ends of the positive-term sum (MPFR route for <= {MPFR_WORK} atoms)"))
                };
                let below = if v < 1e-300 { format!("; below the f64 range: ln delta <= {}", format_number(b.ln_hi)) } else { String::new() };
                interval(out, dname, v.max(iv.lower), iv, &format!("positive-term sum, log space, rounded up{below}; {how}"));
            }
            Err(e) => not_computed_from(out, &[dname], e)?,
        },
        None => {
            out.not_computed(dname, "give epsilon=… for delta(epsilon)");
        }
    }
    match a.opt_real("delta")? {
        Some(d) => match corollary_4_3_epsilon_with(s, d, stop) {
            Ok(e) => {
                out.value_note(ename, e, "upper end of the bracket (Illinois regula falsi on ln delta, relative width 1e-14)");
            }
            Err(e) => not_computed_from(out, &[ename], e)?,
        },
        None => {
            out.not_computed(ename, "give delta=… for epsilon(delta)");
        }
    };
    Ok(())
}

/// Largest number of atoms the MPFR enclosure of the δ sums visits (about 0.2 s at 2 × 256 bits).
const MPFR_WORK: u64 = 60_000;

/// Corollary 4.3 (spec §4.4, the knot that keeps δ an upper bound, §10.1 item 4):
/// `δ(ε) = (1 − 2w) H_{γ̃}(P₀‖Q₀)`, `γ̃ = (e^ε − 2w)/(1 − 2w)` ([`corollary_4_3_ln_delta`]).
pub const COROLLARY_4_3: Card = Card {
    result: "Corollary 4.3",
    title: "(epsilon, delta) of the shuffled mechanism: delta_f-DP(epsilon) = 1 + C(f_S)*(-e^epsilon) = (1 - 2w) H_{gamma~}(P0 || Q0), gamma~ = (e^epsilon - 2w)/(1 - 2w)",
    function: "crate::papers::mixture_fdp::section_4::shuffling::corollary_4_3_ln_delta",
    guarantee: Guarantee::Upper,
    golden: "mixture_fdp/table_2.csv",
    spec: "mixtures_fdp §4.4, §4.5, §10.1 items 4, 6",
    params: &[N, EPS0, EPSILON, DELTA],
    outputs: &[
        OutputSpec::upper("delta", "delta_f-DP(epsilon): the knot t_eps with its tie excluded (the literal tie-included knot understates delta)").at_least(&["delta_exact_pair"]),
        OutputSpec::upper("epsilon", "epsilon_f-DP(delta) = inf{epsilon >= 0 : delta_f-DP(epsilon) <= delta} (inf below the curve's limit)").at_least(&["epsilon_exact_pair"]),
        OutputSpec::upper("ln_delta", "ln delta_f-DP(epsilon), exact also where delta is below the f64 range"),
        OutputSpec::exact("t_eps", "t_eps = 1/gamma~ = (1 - 2w)/(e^epsilon - 2w): the likelihood-ratio threshold of the knot"),
        OutputSpec::upper("delta_capped", "min{delta_f-DP(epsilon), (e^eps0 - e^epsilon)_+/(e^eps0 + 1)}: the shuffled mechanism is also eps0-DP (trivial cap)").at_least(&["delta_exact_pair"]),
        OutputSpec::estimate("delta_literal_knot", "the printed t_eps read literally (smallest knot >= tau with its tie included): understates delta, not a bound"),
        OutputSpec::upper("delta_exact_pair", "H_{e^epsilon}(P || Q) of the FMT23 pair: the tightest delta through the reduction (exact value, rounded up)").at_least(&["delta_3rr", "delta_2rr"]),
        OutputSpec::upper("epsilon_exact_pair", "epsilon(delta) of the exact pair").at_least(&["epsilon_3rr", "epsilon_2rr"]),
        OutputSpec::lower("delta_3rr", "exact delta of shuffled 3-ary randomised response: a concrete eps0-DP mechanism, a lower bound on the worst case"),
        OutputSpec::lower("epsilon_3rr", "epsilon(delta) of shuffled 3-ary randomised response (lower bound)"),
        OutputSpec::lower("delta_2rr", "exact delta of shuffled binary randomised response (lower bound)"),
        OutputSpec::lower("epsilon_2rr", "epsilon(delta) of shuffled binary randomised response (lower bound)"),
        OutputSpec::upper("delta_fmt23", "FMT23 Theorem 3.2 closed form at epsilon (the baseline of Tables 1, 2; not applicable when eps0 > ln(n/(8 ln(2/delta)) - 1))").at_least(&["delta_exact_pair"]),
        OutputSpec::upper("epsilon_fmt23", "FMT23 Theorem 3.2 closed form at delta").at_least(&["epsilon_exact_pair"]),
    ],
    example: &[("n", "400"), ("eps0", "1"), ("epsilon", "0.5"), ("delta", "1e-3")],
    mpfr: true,
    eval: corollary_4_3,
};

fn corollary_4_3(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let s = setting(a)?;
    let stop = Some(ctx.interrupt);
    let mut out = Outputs::new();
    delta_outputs(&mut out, &s, a, ctx, "delta", "epsilon")?;
    let give_e = "give epsilon=… for delta(epsilon)";
    let give_d = "give delta=… for epsilon(delta)";
    match a.opt_real("epsilon")? {
        Some(eps) => {
            match corollary_4_3_ln_delta(&s, eps, stop) {
                Ok(b) => {
                    out.interval("ln_delta", b.ln_hi, Interval { lower: b.ln_lo, upper: b.ln_hi }, "certified ends of the log-space positive-term sum");
                }
                Err(e) => not_computed_from(&mut out, &["ln_delta"], e)?,
            };
            let (lo, hi) = s.tau_fdp(eps);
            out.interval("t_eps", 0.5 * (lo + hi), Interval { lower: lo, upper: hi }, "(1 - 2w)/(e^epsilon - 2w) = 1/gamma~, computed without e^epsilon");
            out.from_result("delta_capped", corollary_4_3_delta_capped(&s, eps))?;
            out.from_result("delta_literal_knot", if s.n <= 100_000_000 { corollary_4_3_literal_knot_delta(&s, eps) } else { Err(crate::Error::Unsupported("the literal knot enumerates every component (n <= 1e8)".into())) })?;
            ctx.check()?;
            match exact_pair_ln_delta(&s, eps, stop) {
                Ok(None) => {
                    out.value_note("delta_exact_pair", 0.0, "epsilon >= eps0: every likelihood ratio of the pair lies in [e^-eps0, e^eps0]");
                }
                Ok(Some(b)) => {
                    let v = b.upper(1.0);
                    let (iv, how) = if work(&s) <= MPFR_WORK && v > 1e-290 {
                        (ctx.mp(|prec| Ok(vec![exact_pair_delta_mpfr(&s, eps, prec)]))?[0], format!("interval: MPFR {} bits", ctx.precision))
                    } else {
                        (Interval { lower: b.lower(), upper: v }, "interval: certified f64 ends".to_string())
                    };
                    out.interval("delta_exact_pair", v.max(iv.lower), iv, how);
                }
                Err(e) => not_computed_from(&mut out, &["delta_exact_pair"], e)?,
            };
            ctx.check()?;
            out.from_result("delta_3rr", k_rr_delta_with(&s, 3, eps, stop))?;
            out.from_result("delta_2rr", binary_rr_delta(&s, eps))?;
            match fmt23_delta(&s, eps) {
                Ok(Some(v)) => out.value_note("delta_fmt23", v, "FMT23 Theorem 3.2 inverted at epsilon (1 = the bound says nothing)"),
                Ok(None) => out.not_computed("delta_fmt23", format!("not applicable: eps0 = {} > ln(n/(8 ln(2/delta)) - 1) at the delta it would give (FMT23's assumption)", format_number(s.eps0))),
                Err(e) => out.not_computed("delta_fmt23", e.to_string()),
            };
        }
        None => {
            for n in ["ln_delta", "t_eps", "delta_capped", "delta_literal_knot", "delta_exact_pair", "delta_3rr", "delta_2rr", "delta_fmt23"] {
                out.not_computed(n, give_e);
            }
        }
    }
    match a.opt_real("delta")? {
        Some(d) => {
            ctx.check()?;
            out.from_result("epsilon_exact_pair", exact_pair_epsilon_with(&s, d, stop))?;
            out.from_result("epsilon_3rr", k_rr_epsilon_with(&s, 3, d, stop))?;
            out.from_result("epsilon_2rr", binary_rr_epsilon_with(&s, d, stop))?;
            match fmt23_epsilon(&s, d) {
                Ok(Some(v)) => out.value_note("epsilon_fmt23", v, "FMT23 Theorem 3.2"),
                Ok(None) => out.not_computed("epsilon_fmt23", format!("not applicable: eps0 = {} > ln(n/(8 ln(2/delta)) - 1) (FMT23's assumption)", format_number(s.eps0))),
                Err(e) => out.not_computed("epsilon_fmt23", e.to_string()),
            };
        }
        None => {
            for n in ["epsilon_exact_pair", "epsilon_3rr", "epsilon_2rr", "epsilon_fmt23"] {
                out.not_computed(n, give_d);
            }
        }
    }
    Ok(out)
}

//! Result cards of Appendix C (the shifted-interpolation meta-theorem, Theorem C.3): the four
//! optimisation problems its applications reduce to, Lemmas C.6, C.8, C.10, C.11. Each gives
//! `min Σ a_k²` over the shift sequences `a` whose gap recursion `z_k = c·z_{k−1} + s_k − a_k`
//! stays ≥ 0 and ends at 0; the GDP bound is then `μ = √(min Σ a_k²)/ς`, `ς = ησ`.

use crate::error::Result;
use crate::num::{Interval, Mp};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::shifted_interpolation::appendix_c::meta_theorem::{lemma_c10, lemma_c10_value, lemma_c11, lemma_c11_value, lemma_c6, lemma_c6_value, lemma_c8, lemma_c8_best, lemma_c8_value};
use crate::papers::Guarantee;

const C: Param = Param::new("c", "c", "contraction factor of each step map, c ∈ (0, 1] (c = 1: the limit)", Domain::UNIT_LEFT_OPEN);
const S: Param = Param::new("s", "s", "per-step sensitivity s = sup_x ‖φ_k(x) − φ'_k(x)‖ of the differing steps (NoisyGD: ηL/b)", Domain::NONNEGATIVE);
const D: Param = Param::new("D", "D", "initial gap z_τ = D (the diameter of the constraint set)", Domain::POSITIVE);
const BATCHES: Param = Param::new("l", "l", "steps per epoch (batches per epoch l of the cyclic order)", Domain::COUNT);

fn m(prec: u32, x: f64) -> Mp {
    Mp::new(prec, x)
}

/// Report `value` (f64, rounded up by the library) with its MPFR enclosure.
fn value(out: &mut Outputs, name: &'static str, v: f64, iv: Interval, ctx: &Ctx) {
    out.interval(name, v, iv, format!("f64 closed form (rounded up); interval: MPFR {} bits", ctx.precision));
}

/// Lemma C.6 (Bok, Su, Altschuler 2024): constant sensitivity s, contraction c, T steps, zero
/// initial gap: `min Σ a_k² = s²(1 + c)(1 − c^T)/((1 − c)(1 + c^T))` (limit `T s²` at c = 1),
/// attained by `a_k ∝ c^{T−k}` ([`lemma_c6`], MPFR twin [`lemma_c6_value`]).
pub const LEMMA_C_6: Card = Card {
    result: "Lemma C.6",
    title: "meta-theorem, constant sensitivity s, contraction c, zero initial gap: min Σa_k² = s²(1+c)(1−c^T)/((1−c)(1+c^T))",
    function: "crate::papers::shifted_interpolation::appendix_c::meta_theorem::lemma_c6",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/lemma_c_6.csv",
    spec: "shifted_interpolation §3.2",
    params: &[C, Param::new("T", "T", "number of steps", Domain::COUNT), S],
    outputs: &[OutputSpec::exact("value", "min Σ a_k² = s²(1+c)(1−c^T)/((1−c)(1+c^T)) (T·s² at c = 1)")],
    example: &[("c", "0.9"), ("T", "50"), ("s", "0.1")],
    mpfr: true,
    eval: lemma_c_6_card,
};

fn lemma_c_6_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (c, t, s) = (a.real("c")?, a.int("T")?, a.real("s")?);
    let iv = ctx.mp(|p| Ok(vec![lemma_c6_value(&m(p, c), &m(p, t as f64), &m(p, s))]))?;
    let mut out = Outputs::new();
    value(&mut out, "value", lemma_c6(c, t, s)?, iv[0], ctx);
    Ok(out)
}

/// Lemma C.8 (Bok, Su, Altschuler 2024): c = 1, initial gap D, constant sensitivity s, window of
/// ν steps: `min Σ a_k² = (D + νs)²/ν` (constant shifts `D/ν + s`; [`lemma_c8`]); with `nu_max`,
/// the best integer window over `1..=nu_max` ([`lemma_c8_best`]: floor or ceiling of `D/s`).
pub const LEMMA_C_8: Card = Card {
    result: "Lemma C.8",
    title: "meta-theorem, c = 1, initial gap D, constant sensitivity s, window ν: min Σa_k² = (D + νs)²/ν",
    function: "crate::papers::shifted_interpolation::appendix_c::meta_theorem::lemma_c8",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/lemma_c_8.csv",
    spec: "shifted_interpolation §3.3",
    params: &[D, S, Param::new("nu", "ν", "window length ν (steps)", Domain::COUNT), Param::new("nu_max", "", "largest window to search for the best ν (optional)", Domain::COUNT).optional()],
    outputs: &[
        OutputSpec::exact("value", "min Σ a_k² = (D + νs)²/ν at the given nu"),
        OutputSpec::exact("nu_best", "the integer window in {1, …, nu_max} minimising (D + νs)²/ν (floor or ceiling of D/s)"),
        OutputSpec::exact("value_best", "(D + νs)²/ν at nu_best"),
    ],
    example: &[("D", "2"), ("s", "0.1"), ("nu", "7"), ("nu_max", "1000")],
    mpfr: true,
    eval: lemma_c_8_card,
};

fn lemma_c_8_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (d, s, nu) = (a.real("D")?, a.real("s")?, a.int("nu")?);
    let best = a.opt_int("nu_max")?.map(|max| lemma_c8_best(d, s, max)).transpose()?;
    let iv = ctx.mp(|p| Ok(vec![lemma_c8_value(&m(p, d), &m(p, s), &m(p, nu as f64)), lemma_c8_value(&m(p, d), &m(p, s), &m(p, best.map_or(1, |b| b.0) as f64))]))?;
    let mut out = Outputs::new();
    value(&mut out, "value", lemma_c8(d, s, nu)?, iv[0], ctx);
    match best {
        Some((k, v)) => {
            out.value("nu_best", k as f64);
            value(&mut out, "value_best", v, iv[1], ctx);
        }
        None => {
            out.not_computed("nu_best", "give nu_max=… for the best window");
            out.not_computed("value_best", "give nu_max=… for the best window");
        }
    }
    Ok(out)
}

/// Lemma C.10 (Bok, Su, Altschuler 2024): cyclic batches, contraction c, l steps per epoch, a
/// window of `N = l(E − 1)` steps with sensitivity s once per epoch:
/// `min Σ a_k² = s² c^{2l−2}(1 − c²)/(1 − c^l)² · (1 − c^N)/(1 + c^N)` (limit `s²(E − 1)/l` at
/// c = 1; [`lemma_c10`], MPFR twin [`lemma_c10_value`]).
pub const LEMMA_C_10: Card = Card {
    result: "Lemma C.10",
    title: "meta-theorem, cyclic batches (l per epoch, E epochs), contraction c: min Σa_k² = s²c^{2l−2}(1−c²)/(1−c^l)²·(1−c^{l(E−1)})/(1+c^{l(E−1)})",
    function: "crate::papers::shifted_interpolation::appendix_c::meta_theorem::lemma_c10",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/lemma_c_10.csv",
    spec: "shifted_interpolation §3.4",
    params: &[C, BATCHES, Param::new("E", "E", "number of epochs (the window spans l(E − 1) steps)", Domain::COUNT), S],
    outputs: &[OutputSpec::exact("value", "min Σ a_k² over the cyclic window (s²(E − 1)/l at c = 1)")],
    example: &[("c", "0.9"), ("l", "10"), ("E", "4"), ("s", "0.2")],
    mpfr: true,
    eval: lemma_c_10_card,
};

fn lemma_c_10_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (c, l, e, s) = (a.real("c")?, a.int("l")?, a.int("E")?, a.real("s")?);
    let iv = ctx.mp(|p| Ok(vec![lemma_c10_value(&m(p, c), &m(p, l as f64), &m(p, e as f64), &m(p, s))]))?;
    let mut out = Outputs::new();
    value(&mut out, "value", lemma_c10(c, l, e, s)?, iv[0], ctx);
    Ok(out)
}

/// Lemma C.11 (Bok, Su, Altschuler 2024): cyclic batches, c = 1, initial gap D, a window of q
/// whole epochs of l steps with sensitivity s once per epoch: `min Σ a_k² = (D + qs)²/(ql)`
/// ([`lemma_c11`], MPFR twin [`lemma_c11_value`]).
pub const LEMMA_C_11: Card = Card {
    result: "Lemma C.11",
    title: "meta-theorem, cyclic batches, c = 1, initial gap D, window of q epochs of l steps: min Σa_k² = (D + qs)²/(ql)",
    function: "crate::papers::shifted_interpolation::appendix_c::meta_theorem::lemma_c11",
    guarantee: Guarantee::Exact,
    golden: "shifted_interpolation/lemma_c_11.csv",
    spec: "shifted_interpolation §3.5",
    params: &[D, S, Param::new("q", "q", "window of q whole epochs", Domain::COUNT), BATCHES],
    outputs: &[OutputSpec::exact("value", "min Σ a_k² = (D + qs)²/(ql)")],
    example: &[("D", "2"), ("s", "0.1"), ("q", "59"), ("l", "5")],
    mpfr: true,
    eval: lemma_c_11_card,
};

fn lemma_c_11_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (d, s, q, l) = (a.real("D")?, a.real("s")?, a.int("q")?, a.int("l")?);
    let iv = ctx.mp(|p| Ok(vec![lemma_c11_value(&m(p, d), &m(p, s), &m(p, q as f64), &m(p, l as f64))]))?;
    let mut out = Outputs::new();
    value(&mut out, "value", lemma_c11(d, s, q, l)?, iv[0], ctx);
    Ok(out)
}

//! Result cards of Section 4.1 (full-batch NoisyGD): Theorem 4.2.

use crate::error::Result;
use crate::num::{Interval, Mp};
use crate::papers::card::common::{gdp_queries, DELTA, EPSILON};
use crate::papers::card::{Args, Card, Ctx, Domain, OutputSpec, Outputs, Param};
use crate::papers::shifted_interpolation::noisy_gd::{theorem_4_2, theorem_4_2_value};
use crate::papers::Guarantee;

/// `L`: replace-one gradient sensitivity (Definition 2.10).
pub const L: Param = Param::new("L", "L", "gradient sensitivity, replace-one (Definition 2.10); clipping at C gives L = 2C", Domain::POSITIVE);
/// `n`: dataset size.
pub const N: Param = Param::new("n", "n", "dataset size (the gradient is averaged over n; full batch)", Domain::COUNT);
/// `sigma`: noise rate.
pub const SIGMA: Param = Param::new("sigma", "σ", "noise rate: N(0, σ²I) is added to the averaged gradient, step −η(∇ + noise)", Domain::POSITIVE);
/// `T`: number of steps.
pub const T: Param = Param::new("T", "T", "number of steps", Domain::COUNT);
/// `c`: contraction factor of one step.
pub const C: Param = Param::new("c", "c", "contraction factor of one step, c = max(|1 − ηm|, |1 − ηM|) (Lemmas 2.8/2.9); c = 1 is the convex limit", Domain::UNIT_LEFT_OPEN);

const MU: OutputSpec = OutputSpec::upper("mu", "μ of the μ-GDP guarantee of the final iterate");
const EPS_OUT: OutputSpec = OutputSpec::upper("epsilon", "ε(δ) of G_μ at the given delta");
const DELTA_OUT: OutputSpec = OutputSpec::upper("delta", "δ(ε) of G_μ at the given epsilon");

/// Theorem 4.2 (Bok, Su, Altschuler 2024): strongly convex smooth losses, unconstrained NoisyGD
/// is μ-GDP with `μ = (L/(nσ)) √((1 + c)/(1 − c) · (1 − c^T)/(1 + c^T))`
/// ([`theorem_4_2`], rounded up; MPFR twin [`theorem_4_2_value`]).
pub const THEOREM_4_2: Card = Card {
    result: "Theorem 4.2",
    title: "NoisyGD, m-strongly convex M-smooth losses: μ = (L/(nσ))·√((1+c)/(1−c)·(1−c^T)/(1+c^T))",
    function: "crate::papers::shifted_interpolation::noisy_gd::theorem_4_2",
    guarantee: Guarantee::Upper,
    golden: "shifted_interpolation/theorems_4_1_4_2.csv",
    spec: "shifted_interpolation §4.2",
    params: &[L, N, SIGMA, T, C, DELTA, EPSILON],
    outputs: &[MU, EPS_OUT, DELTA_OUT],
    example: &[("L", "2"), ("n", "1000"), ("sigma", "0.05"), ("T", "100"), ("c", "0.99"), ("delta", "1e-5"), ("epsilon", "1")],
    mpfr: true,
    eval: theorem_4_2_card,
};

fn theorem_4_2_card(a: &Args, ctx: &Ctx) -> Result<Outputs> {
    let (l, n, sigma, t, c) = (a.real("L")?, a.int("n")?, a.real("sigma")?, a.int("T")?, a.real("c")?);
    let mu = theorem_4_2(l, n, sigma, t, c)?;
    let iv = ctx.mp(|prec| {
        let m = |x: f64| Mp::new(prec, x);
        let r = m(l) / (m(n as f64) * m(sigma));
        Ok(vec![theorem_4_2_value(&r, &m(t as f64), &m(c))])
    })?;
    let mut out = Outputs::new();
    out.interval("mu", mu, iv[0], format!("f64 closed form rounded up; interval: MPFR {} bits", ctx.precision));
    gdp_queries(&mut out, Interval { lower: iv[0].lower, upper: mu.max(iv[0].upper) }, a, ctx)?;
    Ok(out)
}

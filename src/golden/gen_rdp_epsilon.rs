//! Golden files of the subsampled-Gaussian RDP curve and of the Gaussian ε(δ) under composition.
//!
//! * `sgm_rdp.csv` — one-step `D_α(P‖Q)` per direction. Generation: [`crate::exact::rdp_r`] at
//!   256 bits (exact binomial sum for integer α in the remove direction, tanh–sinh quadrature
//!   otherwise). Routes: `exact` = [`crate::exact::rdp`] (interval incl. quadrature error);
//!   `f64` = `ln_mgf(α−1)/(α−1)` of the production loss (integer α, remove direction only —
//!   other rows have no f64 closed form and are "not applicable"); no FFT route.
//! * `gaussian_epsilon.csv` — ε(δ) of the Gaussian mechanism composed T times (μ√T-GDP).
//!   Generation: bisection to the last f64 bit on the 256-bit profile, started from
//!   [`crate::exact::epsilon`].
//!   Routes: `exact` = the same interval; `f64` = [`crate::repr::gdp::Gdp`] composition and
//!   inversion (production f64 code); `fft` = the certified FFT accountant.

use super::fft_route::{fft_interval, Ask};
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue, GOLDEN_PREC};
use crate::num::fmt::format_number as fmt;
use crate::error::Result;
use crate::exact;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::root::{root_bracket, Bracket, Midpoint, Stop};
use crate::num::{Mp, Real};
use crate::repr::gdp::Gdp;

// ---------------------------------------------------------------- sgm_rdp.csv

/// (q, σ, orders): the foundations §8.2 orders for q = 0.01, σ = 1, and a second setting.
const RDP_CASES: [(f64, f64, &[f64]); 2] = [(0.01, 1.0, &[1.5, 2.0, 2.5, 8.0, 10.5, 16.0, 20.5, 32.0]), (0.1, 2.0, &[2.0, 3.5, 8.0])];

fn sgm(q: f64, s: f64) -> Result<Mechanism> {
    Mechanism::from_name("poisson-subsampled-gaussian", s, None, Some(q))
}

fn rdp_rows() -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for (q, s, orders) in RDP_CASES {
        let mech = sgm(q, s)?;
        for &alpha in orders {
            for dir in [Direction::Remove, Direction::Add] {
                let (v, _err) = exact::rdp_r(&mech, dir, &Mp::new(GOLDEN_PREC, alpha))?;
                rows.push(vec![fmt(q), fmt(s), dir.name().to_string(), fmt(alpha), fmt(v.to_f64())]);
            }
        }
    }
    Ok(rows)
}

fn rdp_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let (q, s, alpha) = (inp.num("sampling_rate")?, inp.num("sigma")?, inp.num("alpha")?);
    let mech = sgm(q, s).map_err(|e| inp.error(e.to_string()))?;
    let dir = match inp.text("direction")? {
        "remove" => Direction::Remove,
        "add" => Direction::Add,
        other => return Err(inp.error(format!("column 'direction': '{other}' is not one of remove, add"))),
    };
    Ok(vec![match route {
        Route::Exact => RouteValue::Interval(exact::rdp(&mech, dir, alpha, GOLDEN_PREC)?),
        Route::F64 => {
            // For λ = α − 1 > 0, ln_mgf(λ) = λ·D_α(P‖Q) (PrivacyLoss contract); +∞ = no closed form.
            let lam = alpha - 1.0;
            let m = mech.loss(dir).ln_mgf(lam);
            if m.is_finite() { RouteValue::Point(m / lam) } else { RouteValue::NotApplicable }
        }
        Route::Fft => RouteValue::NotApplicable,
    }])
}

// ---------------------------------------------------------------- gaussian_epsilon.csv

const EPS_SIGMAS: [f64; 3] = [0.5, 1.0, 4.0];
const EPS_STEPS: [u64; 3] = [1, 100, 10_000];
const EPS_DELTAS: [f64; 2] = [1e-5, 1e-10];

fn epsilon_rows() -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for s in EPS_SIGMAS {
        let mech = Mechanism::from_name("gaussian", s, None, None)?;
        for t in EPS_STEPS {
            for d in EPS_DELTAS {
                rows.push(vec![fmt(s), t.to_string(), fmt(d), fmt(oracle_epsilon(&mech, t, d)?)]);
            }
        }
    }
    Ok(rows)
}

/// ε(δ) to the last f64 bit: starting from the bracket of [`exact::epsilon`], bisect in f64 on
/// `ln δ(ε) − ln δ_target` evaluated at [`GOLDEN_PREC`] bits until the bracket is two adjacent
/// f64s, and return the one nearer to the root.
fn oracle_epsilon(mech: &Mechanism, t: u64, d: f64) -> Result<f64> {
    let target = Mp::new(GOLDEN_PREC, d).ln();
    let above = |e: f64| -> Result<bool> { Ok(exact::ln_delta_r(mech, t, &Mp::new(GOLDEN_PREC, e))? > target) };
    let iv = exact::epsilon(mech, t, d, GOLDEN_PREC)?;
    let (mut lo, mut hi) = (iv.lower, iv.upper);
    while lo > 0.0 && !above(lo)? {
        lo = (lo - (hi - lo).max(1e-12)).max(0.0);
    }
    while above(hi)? {
        hi += (hi - lo).max(1e-12);
    }
    // above(lo) holds by the loop above (or lo = 0, the end of the domain ε ≥ 0); above(hi) fails.
    let stop = Stop::adjacent().with_midpoint(Midpoint::FromLo);
    let b = root_bracket(|e: &f64| above(*e), Bracket::established(lo, hi), &stop)?;
    // b.lo, b.hi are adjacent f64s around the root: return the nearer one, judged by linear
    // interpolation of ln δ at 256 bits (the profile is smooth on a 1-ulp scale).
    let f = |e: f64| -> Result<Mp> { Ok(exact::ln_delta_r(mech, t, &Mp::new(GOLDEN_PREC, e))? - target.clone()) };
    let (flo, fhi) = (f(b.lo)?, f(b.hi)?);
    let frac = (flo.clone() / (flo - fhi)).to_f64();
    Ok(if frac < 0.5 { b.lo } else { b.hi })
}

fn epsilon_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let (s, t, d) = (inp.num("sigma")?, inp.num("steps")?, inp.num("delta")?);
    if !(t >= 1.0 && t.fract() == 0.0 && t <= u64::MAX as f64) {
        return Err(inp.error(format!("column 'steps': {t} is not a positive integer")));
    }
    let t = t as u64;
    let mech = Mechanism::from_name("gaussian", s, None, None).map_err(|e| inp.error(e.to_string()))?;
    Ok(vec![match route {
        Route::Exact => RouteValue::Interval(exact::epsilon(&mech, t, d, GOLDEN_PREC)?),
        Route::F64 => RouteValue::Interval(Gdp::from_noise_multiplier(s)?.self_compose(t)?.epsilon_for_delta(d)?),
        Route::Fft => fft_interval(&mech, t, Ask::EpsilonAt(d))?,
    }])
}

// ---------------------------------------------------------------- registry entries

pub const SGM_RDP: Generator = Generator {
    file: "sgm_rdp.csv",
    source: "source: Poisson-subsampled Gaussian one-step Rényi divergence D_α(P‖Q) per direction (foundations §2.4: binomial sum for integer α remove, tanh–sinh quadrature otherwise), dpaudit::exact::rdp_r, precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "rdp=rel:1e-12, rdp@f64=rel:1e-11",
    header: &["sampling_rate", "sigma", "direction", "alpha", "rdp"],
    outputs: &["rdp"],
    text_inputs: &["direction"],
    rows: rdp_rows,
    recompute: rdp_recompute,
};

pub const GAUSSIAN_EPSILON: Generator = Generator {
    file: "gaussian_epsilon.csv",
    source: "source: Gaussian mechanism composed T times (μ√T-GDP, Dong-Roth-Su 2022 Cor 3.3) ε(δ) by root finding on the exact profile (Balle & Wang 2018 Thm 8), f64 bisection on ln δ(ε) from dpaudit::exact::ln_delta_r, precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "epsilon=rel:1e-12",
    header: &["sigma", "steps", "delta", "epsilon"],
    outputs: &["epsilon"],
    text_inputs: &[],
    rows: epsilon_rows,
    recompute: epsilon_recompute,
};

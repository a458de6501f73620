//! Golden files of one-step privacy profiles δ(ε): Gaussian, Laplace, randomized response and
//! the Poisson-subsampled Gaussian (per direction and their maximum).
//!
//! Generation: the MPFR closed forms of [`crate::mechanisms::exact`] through
//! [`crate::exact::ln_delta_r`] at [`GOLDEN_PREC`] bits, rounded to the nearest f64.
//! Check routes: `f64` = [`crate::mechanisms::PrivacyLoss::delta`] (the production closed forms);
//! `exact` = [`crate::exact::delta`] (interval), or for one SGM direction the tanh–sinh quadrature
//! [`crate::mechanisms::exact::sgm_delta_quad`] (an independent route); `fft` = the certified
//! FFT accountant (rows with δ ≥ [`FFT_MIN_DELTA`]).

use super::fft_route::{fft_interval, Ask};
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue, GOLDEN_PREC};
use crate::num::fmt::format_number as fmt;
use crate::error::{Error, Result};
use crate::exact;
use crate::mechanisms::exact as cf;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::{Interval, Mp, Real};

/// δ(ε) of `mech` (T = 1) at 256 bits, nearest f64.
fn oracle_delta(mech: &Mechanism, eps: f64) -> Result<f64> {
    Ok(exact::ln_delta_r(mech, 1, &Mp::new(GOLDEN_PREC, eps))?.exp().to_f64())
}

/// Rows whose stored δ is below this are not checked by the FFT route: the FFT accountant's
/// default tail budget is 1e−12, so its certified interval there is `[0, ~1e−12]` (true but
/// uninformative), and its refinement towards such δ takes seconds to minutes per row.
pub const FFT_MIN_DELTA: f64 = 1e-10;

/// The FFT route for a δ(ε) row, if the stored δ is large enough to be informative.
fn fft_delta(inp: &Inputs, mech: &Mechanism, eps: f64) -> Result<RouteValue> {
    if inp.num("delta")? < FFT_MIN_DELTA {
        return Ok(RouteValue::NotApplicable);
    }
    fft_interval(mech, 1, Ask::DeltaAt(eps))
}

/// The three routes for a symmetric one-step mechanism.
fn symmetric_routes(inp: &Inputs, mech: &Mechanism, eps: f64, route: Route) -> Result<Vec<RouteValue>> {
    Ok(vec![match route {
        Route::F64 => RouteValue::Point(mech.loss(Direction::Remove).delta(eps)),
        Route::Exact => RouteValue::Interval(exact::delta(mech, 1, eps, GOLDEN_PREC)?),
        Route::Fft => fft_delta(inp, mech, eps)?,
    }])
}

// ---------------------------------------------------------------- Gaussian

/// Noise multipliers of `gaussian_profile.csv` (μ = 1/σ ∈ {2, 1, 0.5, 0.25, 0.2}).
const GAUSS_SIGMAS: [f64; 5] = [0.5, 1.0, 2.0, 4.0, 5.0];
/// ε grid; for each σ the grid stops at the first ε with δ(ε) < 1e−300, so that the smallest
/// stored values are a few orders of magnitude above the f64 underflow.
const GAUSS_EPS: [f64; 19] = [-1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 5.0, 7.0, 9.0, 10.0, 15.0, 18.0, 20.0, 30.0, 37.0, 50.0, 60.0, 70.0, 75.0];

fn gaussian_rows() -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for s in GAUSS_SIGMAS {
        let mech = Mechanism::from_name("gaussian", s, None, None)?;
        for eps in GAUSS_EPS {
            let d = oracle_delta(&mech, eps)?;
            if d < 1e-300 {
                break;
            }
            rows.push(vec![fmt(s), fmt(eps), fmt(d)]);
        }
    }
    Ok(rows)
}

fn gaussian_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let mech = Mechanism::from_name("gaussian", inp.num("sigma")?, None, None).map_err(|e| inp.error(e.to_string()))?;
    symmetric_routes(inp, &mech, inp.num("epsilon")?, route)
}

// ---------------------------------------------------------------- Laplace, randomized response

/// Noise multipliers S (ε0 = 1/S ∈ {2, 1, 0.5}) and an ε grid crossing both kinks ±ε0.
const DISCRETE_S: [f64; 3] = [0.5, 1.0, 2.0];
const DISCRETE_EPS: [f64; 9] = [-2.5, -1.0, -0.25, 0.0, 0.25, 0.5, 1.0, 1.5, 3.0];

fn discrete_rows(name: &str) -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for s in DISCRETE_S {
        let mech = Mechanism::from_name(name, s, None, None)?;
        for eps in DISCRETE_EPS {
            rows.push(vec![fmt(s), fmt(eps), fmt(oracle_delta(&mech, eps)?)]);
        }
    }
    Ok(rows)
}

fn laplace_rows() -> Result<Vec<Vec<String>>> {
    discrete_rows("laplace")
}
fn rr_rows() -> Result<Vec<Vec<String>>> {
    discrete_rows("randomized-response")
}

fn discrete_recompute(name: &str, inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let mech = Mechanism::from_name(name, inp.num("noise_multiplier")?, None, None).map_err(|e| inp.error(e.to_string()))?;
    symmetric_routes(inp, &mech, inp.num("epsilon")?, route)
}
fn laplace_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    discrete_recompute("laplace", inp, route)
}
fn rr_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    discrete_recompute("randomized-response", inp, route)
}

// ---------------------------------------------------------------- subsampled Gaussian, one step

const SGM_Q: [f64; 2] = [0.01, 0.1];
const SGM_SIGMA: [f64; 2] = [1.0, 2.0];
/// Includes the foundations §8.3 points ε = −0.05, 0.01, 0.5.
const SGM_EPS: [f64; 5] = [-0.05, 0.01, 0.5, 1.0, 2.0];

/// `remove`, `add` or `max` (the profile of the mechanism: the larger of the two).
fn parse_direction(inp: &Inputs) -> Result<Option<Direction>> {
    match inp.text("direction")? {
        "remove" => Ok(Some(Direction::Remove)),
        "add" => Ok(Some(Direction::Add)),
        "max" => Ok(None),
        other => Err(inp.error(format!("column 'direction': '{other}' is not one of remove, add, max"))),
    }
}

fn sgm_rows() -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for q in SGM_Q {
        for s in SGM_SIGMA {
            let (qm, sm) = (Mp::new(GOLDEN_PREC, q), Mp::new(GOLDEN_PREC, s));
            for eps in SGM_EPS {
                let e = Mp::new(GOLDEN_PREC, eps);
                let r = cf::sgm_delta(&qm, &sm, Direction::Remove, &e);
                let a = cf::sgm_delta(&qm, &sm, Direction::Add, &e);
                let m = r.clone().max(a.clone());
                for (name, v) in [("remove", r), ("add", a), ("max", m)] {
                    rows.push(vec![fmt(q), fmt(s), name.to_string(), fmt(eps), fmt(v.to_f64())]);
                }
            }
        }
    }
    Ok(rows)
}

fn sgm_recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let (q, s, eps) = (inp.num("sampling_rate")?, inp.num("sigma")?, inp.num("epsilon")?);
    let mech = Mechanism::from_name("poisson-subsampled-gaussian", s, None, Some(q)).map_err(|e| inp.error(e.to_string()))?;
    let dir = parse_direction(inp)?;
    Ok(vec![match (route, dir) {
        (Route::F64, Some(d)) => RouteValue::Point(mech.loss(d).delta(eps)),
        (Route::F64, None) => RouteValue::Point(mech.directions().iter().map(|d| mech.loss(*d).delta(eps)).fold(0.0, f64::max)),
        (Route::Exact, Some(d)) => {
            let p = |x: f64| Mp::new(GOLDEN_PREC, x);
            let quad = cf::sgm_delta_quad(&p(q), &p(s), d, &p(eps));
            let (v, err) = (quad.value.max(p(0.0)), quad.err.abs());
            let iv = Interval::new((v.clone() - err.clone()).to_f64_down().max(0.0), (v + err).to_f64_up())
                .ok_or_else(|| Error::Numerical("quadrature returned NaN".into()))?;
            RouteValue::Interval(iv)
        }
        (Route::Exact, None) => RouteValue::Interval(exact::delta(&mech, 1, eps, GOLDEN_PREC)?),
        (Route::Fft, Some(_)) => RouteValue::NotApplicable,
        (Route::Fft, None) => fft_delta(inp, &mech, eps)?,
    }])
}

// ---------------------------------------------------------------- registry entries

pub const GAUSSIAN_PROFILE: Generator = Generator {
    file: "gaussian_profile.csv",
    source: "source: Gaussian mechanism one-step profile δ(ε) = Φ(−ε/μ+μ/2) − e^ε Φ(−ε/μ−μ/2), μ = 1/σ (Balle & Wang 2018 Thm 8) in log space, dpaudit::exact, precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "delta=rel:1e-12, delta@f64=rel:1e-10",
    header: &["sigma", "epsilon", "delta"],
    outputs: &["delta"],
    text_inputs: &[],
    rows: gaussian_rows,
    recompute: gaussian_recompute,
};

pub const LAPLACE_PROFILE: Generator = Generator {
    file: "laplace_profile.csv",
    source: "source: Laplace mechanism one-step profile, ε0 = 1/noise_multiplier: δ = 1 − e^ε (ε ≤ −ε0), 1 − e^{(ε−ε0)/2} (|ε| ≤ ε0), 0 (ε ≥ ε0) (foundations §2.2), dpaudit::exact, precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "delta=rel:1e-12+abs:1e-300",
    header: &["noise_multiplier", "epsilon", "delta"],
    outputs: &["delta"],
    text_inputs: &[],
    rows: laplace_rows,
    recompute: laplace_recompute,
};

pub const RR_PROFILE: Generator = Generator {
    file: "randomized_response_profile.csv",
    source: "source: binary randomized response one-step profile, ε0 = 1/noise_multiplier: δ = (e^ε0 − e^ε)/(1 + e^ε0) on [−ε0, ε0] (foundations §2.3), dpaudit::exact, precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "delta=rel:1e-12+abs:1e-300",
    header: &["noise_multiplier", "epsilon", "delta"],
    outputs: &["delta"],
    text_inputs: &[],
    rows: rr_rows,
    recompute: rr_recompute,
};

pub const SGM_ONE_STEP: Generator = Generator {
    file: "sgm_one_step_profile.csv",
    source: "source: Poisson-subsampled Gaussian one-step profile per add/remove direction and their max, closed forms of foundations §2.4 (dpaudit::mechanisms::exact::sgm_delta), precision: 256-bit MPFR, generated by: dpaudit golden regen",
    tolerance: "delta=rel:1e-12+abs:1e-300, delta@f64=rel:1e-11+abs:1e-300",
    header: &["sampling_rate", "sigma", "direction", "epsilon", "delta"],
    outputs: &["delta"],
    text_inputs: &["direction"],
    rows: sgm_rows,
    recompute: sgm_recompute,
};

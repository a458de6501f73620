//! The FFT route of `golden check`: the certified FFT accountant through [`crate::profile`]
//! with `Method::Fft` only.

use crate::papers::golden_table::RouteValue;
use crate::error::Result;
use crate::mechanisms::Mechanism;
use crate::profile::{evaluate, Method, ProfileRequest, Query};

/// What the FFT route is asked for.
#[derive(Clone, Copy, Debug)]
pub enum Ask {
    DeltaAt(f64),
    EpsilonAt(f64),
}

/// The certified FFT interval for `mech` composed `steps` times, or
/// [`RouteValue::NotApplicable`] when the FFT method does not cover the request.
pub fn fft_interval(mech: &Mechanism, steps: u64, ask: Ask) -> Result<RouteValue> {
    let query = match ask {
        Ask::DeltaAt(epsilon) => Query::DeltaAt { epsilon },
        Ask::EpsilonAt(delta) => Query::EpsilonAt { delta },
    };
    let mut req = ProfileRequest::new(mech.clone(), steps, query)?;
    req.methods = vec![Method::Fft];
    let report = evaluate(&req)?;
    Ok(match report.get(Method::Fft).and_then(|o| o.interval) {
        Some(iv) => RouteValue::Interval(iv),
        None => RouteValue::NotApplicable,
    })
}

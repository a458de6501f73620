//! The FFT route of `golden check`: the certified FFT accountant through [`crate::profile`].
//! (Temporary shim until `crate::profile` lands: reports "not applicable".)

use super::registry::RouteValue;
use crate::error::Result;
use crate::mechanisms::Mechanism;

/// What the FFT route is asked for.
#[derive(Clone, Copy, Debug)]
pub enum Ask {
    DeltaAt(f64),
    EpsilonAt(f64),
}

/// The certified FFT interval for `mech` composed `steps` times.
pub fn fft_interval(_mech: &Mechanism, _steps: u64, _ask: Ask) -> Result<RouteValue> {
    Ok(RouteValue::NotApplicable)
}

//! The README's library example: ε(δ = 1e−5) of the Gaussian mechanism (σ = 1) composed 100
//! times, by the exact MPFR route and the certified FFT accountant.
//! Run with `cargo run --release --example library_profile`.

use dpaudit::mechanisms::Mechanism;
use dpaudit::profile::{evaluate, Method, ProfileRequest, Query};

fn main() -> dpaudit::Result<()> {
    let mech = Mechanism::from_name("gaussian", 1.0, None, None)?;
    let mut req = ProfileRequest::new(mech, 100, Query::EpsilonAt { delta: 1e-5 })?;
    req.methods = vec![Method::Exact, Method::Fft];
    let report = evaluate(&req)?;
    for o in &report.outcomes {
        match o.interval {
            Some(iv) => println!("{:5} ε ∈ [{:.9}, {:.9}]  ({})", o.method.name(), iv.lower, iv.upper, o.guarantee),
            None => println!("{:5} not applicable: {}", o.method.name(), o.detail),
        }
    }
    println!("agree: {}", report.agree);
    Ok(())
}

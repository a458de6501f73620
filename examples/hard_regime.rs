//! The four Poisson-subsampled-Gaussian workloads of issue 13: certified ε(δ) interval, its
//! relative width, the passes of the automatic grid choice and the tilted compositions, with
//! the wall time of each call. Run with `cargo run --release --example hard_regime [0-3]`, or
//! with four arguments `q σ T δ` for another workload.

use dpaudit::mechanisms::Mechanism;
use dpaudit::pld::{epsilon_interval, PldOptions};
use std::time::Instant;

fn main() -> dpaudit::Result<()> {
    let mut workloads = vec![(0.01, 1.0, 1_000u64, 1e-5), (0.1, 2.0, 10_000, 1e-6), (0.004, 1.1, 100_000, 1e-5), (0.001, 0.8, 10_000, 1e-8)];
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Optional argument: the index (0–3) of one workload, or `q σ T δ`.
    let mut only: Option<usize> = args.first().and_then(|a| a.parse().ok());
    if args.len() == 4 {
        let num = |i: usize| args[i].parse::<f64>().map_err(|e| dpaudit::Error::Unsupported(format!("argument {}: {e}", i + 1)));
        workloads = vec![(num(0)?, num(1)?, num(2)? as u64, num(3)?)];
        only = None;
    }
    for (i, (q, sigma, t, delta)) in workloads.into_iter().enumerate() {
        if only.is_some_and(|k| k != i) {
            continue;
        }
        let m = Mechanism::from_name("poisson-subsampled-gaussian", sigma, None, Some(q))?;
        let t0 = Instant::now();
        let (iv, d) = epsilon_interval(&[(m, t)], delta, &PldOptions::default())?;
        let secs = t0.elapsed().as_secs_f64();
        println!("q={q} σ={sigma} T={t} δ={delta:e}: ε ∈ [{:.6}, {:.6}], width/ε = {:.2e}, {secs:.3} s", iv.lower, iv.upper, iv.width() / iv.lower);
        for p in &d.passes {
            println!("    pass h={:.3e} N={} {:?} {:.3} s", p.grid_step, p.fft_len, p.interval, p.seconds);
        }
        for tl in &d.tilts {
            println!("    tilt {:?} at ε̂={:.4} θ={:.3} read=[{:.3}, {:.3}] N={} η₂={:.2e} K={:.2}", tl.direction, tl.target, tl.theta, tl.window.0, tl.window.1, tl.fft_len, tl.eta_fp_l2, tl.ln_scale);
        }
        for n in &d.notes {
            println!("    note: {n}");
        }
    }
    Ok(())
}

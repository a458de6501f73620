//! Measures the constant of the discretisation-error model of the automatic grid choice
//! (`pld::certify::auto`): for Poisson-subsampled-Gaussian workloads spanning ε ≈ 1 to 150, the
//! certified ε(δ) interval width at two explicit grid steps, divided by `T·h²`, next to candidate
//! normalisations (per unit of ε; per unit of `1/4 + ε/(2v)`, `v = T·K(1)` the composed Rényi-2
//! variance proxy). Run with `cargo run --release --example pld_width_model [q σ T δ]`.

use dpaudit::mechanisms::{Direction, Mechanism};
use dpaudit::pld::{epsilon_interval, PldOptions};

fn main() -> dpaudit::Result<()> {
    let mut workloads: Vec<(f64, f64, u64, f64)> = vec![
        (0.01, 1.0, 1_000, 1e-5),
        (0.01, 1.0, 10_000, 1e-5),
        (0.01, 1.0, 100_000, 1e-5),
        (0.1, 2.0, 10_000, 1e-6),
        (0.004, 1.1, 100_000, 1e-5),
        (0.001, 0.8, 1_000, 1e-8),
        (0.001, 0.8, 10_000, 1e-8),
        (0.1, 1.0, 10_000, 1e-5),
        (0.1, 1.0, 1_000, 1e-5),
        (0.01, 1.0, 1_000_000, 1e-5),
    ];
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 4 {
        let num = |i: usize| args[i].parse::<f64>().map_err(|e| dpaudit::Error::Unsupported(format!("argument {}: {e}", i + 1)));
        workloads = vec![(num(0)?, num(1)?, num(2)? as u64, num(3)?)];
    }
    println!("q σ T δ | ε | h | width/(T h²) | per ε | per (1/4 + ε/2v) | v=T·K(1) | ε_C λ_C | per (λ_C+1)/2 | per (1/4+ε_C/2v)");
    for (q, sigma, t, delta) in workloads {
        let m = Mechanism::from_name("poisson-subsampled-gaussian", sigma, None, Some(q))?;
        let k1 = m.loss(Direction::Remove).ln_mgf(1.0);
        let v = t as f64 * k1;
        let loss = m.loss(Direction::Remove);
        let (mut eps_c, mut lam_c) = (f64::INFINITY, 0.0);
        for i in -40..=40 {
            let l = 2f64.powf(i as f64 / 4.0);
            let b = (t as f64 * dpaudit::pld::window::continuous_cgf_up(loss.as_ref(), l) - delta.ln()) / l;
            if b < eps_c {
                eps_c = b;
                lam_c = l;
            }
        }
        let (iv, d) = epsilon_interval(&[(m.clone(), t)], delta, &PldOptions::default())?;
        let eps = 0.5 * (iv.lower + iv.upper);
        for f in [2.0, 4.0] {
            let h = d.grid_step * f;
            let (jv, _) = epsilon_interval(&[(m.clone(), t)], delta, &PldOptions { grid_step: Some(h), ..PldOptions::default() })?;
            let r = jv.width() / (t as f64 * h * h);
            let g = 0.25 + eps / (2.0 * v);
            let gc = 0.25 + eps_c / (2.0 * v);
            println!("{q} {sigma} {t} {delta:e} | {eps:.5} | {h:.3e} | {r:.4} | {:.4} | {:.4} | {v:.4} | {eps_c:.4} {lam_c:.3} | {:.4} | {:.4}", r / eps, r / g, r / (0.5 * (lam_c + 1.0)), r / gc);
        }
    }
    Ok(())
}

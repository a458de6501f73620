//! Measures the constant of the discretisation-error model of the automatic grid choice
//! (`pld::schedule::ErrorModel`, used by `pld::certify::auto`): for Poisson-subsampled-Gaussian
//! workloads spanning ε ≈ 1 to 140, the certified ε(δ) interval width at explicit grid steps
//! (2× and 4× the automatic final step), divided by `T·h²` and by the candidate normalisations:
//! per unit of ε, per unit of `g = min((λ+1)/2, 1/4 + ε/(2v))` (the model's), and its two parts.
//! Run with `cargo run --release --example pld_width_model [q σ T δ]`.

use dpaudit::mechanisms::{Direction, Mechanism};
use dpaudit::pld::schedule::Apriori;
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
        (0.1, 1.0, 1_000, 1e-5),
        (0.1, 1.0, 10_000, 1e-5),
        (0.01, 1.0, 1_000_000, 1e-5),
    ];
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 4 {
        let num = |i: usize| args[i].parse::<f64>().map_err(|e| dpaudit::Error::Unsupported(format!("argument {}: {e}", i + 1)));
        workloads = vec![(num(0)?, num(1)?, num(2)? as u64, num(3)?)];
    }
    println!("q σ T δ | ε | a-priori ε λ v | h | w/(T h²) | per ε | per g | per (λ+1)/2 | per 1/4+ε/2v");
    for (q, sigma, t, delta) in workloads {
        let m = Mechanism::from_name("poisson-subsampled-gaussian", sigma, None, Some(q))?;
        let loss = m.loss(Direction::Remove);
        let Some(a) = Apriori::of_direction(&[(loss.as_ref(), t)], delta) else {
            println!("{q} {sigma} {t} {delta:e}: no a-priori estimate");
            continue;
        };
        let (iv, d) = epsilon_interval(&[(m.clone(), t)], delta, &PldOptions::default())?;
        let eps = 0.5 * (iv.lower + iv.upper);
        for f in [2.0, 4.0] {
            let h = d.grid_step * f;
            let (jv, _) = epsilon_interval(&[(m.clone(), t)], delta, &PldOptions { grid_step: Some(h), ..PldOptions::default() })?;
            let r = jv.width() / (t as f64 * h * h);
            println!(
                "{q} {sigma} {t} {delta:e} | {eps:.5} | {:.4} {:.3} {:.4} | {h:.3e} | {r:.4} | {:.4} | {:.4} | {:.4} | {:.4}",
                a.eps,
                a.lambda,
                a.var,
                r / eps,
                r / a.g(a.eps),
                r / (0.5 * (a.lambda + 1.0)),
                r / (0.25 + a.eps / (2.0 * a.var))
            );
        }
    }
    Ok(())
}

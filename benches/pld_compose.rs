//! Question: how long does the certified FFT PLD accountant take for DP-SGD accounting?
//! (a) Poisson-subsampled Gaussian q = 0.01, σ = 1, T = 1000, ε(δ = 1e−5): at the default
//!     accuracy (automatic grid, width ≤ 1e−3·ε) and with the grid step fixed at h = 1e−4
//!     (the value_discretization_interval of dp_accounting's default PLDAccountant);
//! (b) the same mechanism with T = 10⁴.
//! Mechanisms and options are built outside the timed loop.

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::mechanisms::Mechanism;
use dpaudit::pld::{compose_mechanisms, epsilon_interval, PldOptions};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let sgm = Mechanism::from_name("poisson-subsampled-gaussian", 1.0, None, Some(0.01)).unwrap();
    let default = PldOptions::default();
    let fixed = PldOptions { grid_step: Some(1e-4), ..PldOptions::default() };
    let parts_1k = vec![(sgm.clone(), 1000u64)];
    let parts_10k = vec![(sgm, 10_000u64)];
    let mut g = c.benchmark_group("pld_sgm_q0.01_sigma1");
    g.sample_size(10);
    g.bench_function("T1000_epsilon_default_accuracy", |b| b.iter(|| epsilon_interval(black_box(&parts_1k), 1e-5, &default).unwrap()));
    g.bench_function("T1000_compose_h1e-4", |b| b.iter(|| compose_mechanisms(black_box(&parts_1k), &fixed).unwrap().epsilon(1e-5)));
    g.bench_function("T10000_epsilon_default_accuracy", |b| b.iter(|| epsilon_interval(black_box(&parts_10k), 1e-5, &default).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Question: how long does Algorithm 4 (DP Model Merging, Corollary 6.5; surrogate mixture PLDs
//! composed per direction by the certified FFT accountant) take for one λ?
//! (a) example A (spec merging §9: N = 2, q = (0.01, 0.02), σ = (1, 2), η = 0.1, C = 1),
//!     λ = (½, ½), T = 1000, ε(δ = 1e−5) at the default accuracy;
//! (b) the MNIST portfolio of Appendix H (N = 3, q = 256/60000, (C, σ) = (1, 0.5), (2, 0.5), (1, 2)),
//!     λ = (⅓, ⅓, ⅓), T = 705.
//! Steps and options are built outside the timed loop.

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::papers::model_merging::section_6::dpsgd_step::{lc_step, StepHyper};
use dpaudit::papers::model_merging::section_6::linear_combination_pld::lc_pld_epsilon;
use dpaudit::pld::PldOptions;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let h = |q: f64, s: f64, cl: f64| StepHyper::new(q, s, cl, 0.1).unwrap();
    let ex_a = vec![(lc_step(&[0.5, 0.5], &[h(0.01, 1.0, 1.0), h(0.02, 2.0, 1.0)]).unwrap(), 1000u64)];
    let q = 256.0 / 60000.0;
    let third = 1.0 / 3.0;
    let mnist = vec![(lc_step(&[third, third, third], &[h(q, 0.5, 1.0), h(q, 0.5, 2.0), h(q, 2.0, 1.0)]).unwrap(), 705u64)];
    let o = PldOptions::default();
    let mut g = c.benchmark_group("merging_alg4");
    g.sample_size(10);
    g.bench_function("example_A_T1000_epsilon", |b| b.iter(|| lc_pld_epsilon(black_box(&ex_a), 1e-5, &o).unwrap()));
    g.bench_function("mnist_equal_T705_epsilon", |b| b.iter(|| lc_pld_epsilon(black_box(&mnist), 1e-5, &o).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

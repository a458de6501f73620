//! Question: how long does the exact forward term `F_α` of Theorem 3.1 (*Leveraging Randomness in
//! Model and Data Partitioning*, Balanced Iteration Subsampling) take per order at `T = 20, k = 8`
//! for `α ≤ 16` (issue 11 target: under 1 s) through `theorem_3_1_forward`, which picks the cheaper
//! exact route (spec §1.3 D's log-domain row-need DP, or the Gauss-quadrature walk of
//! `forward_quadrature` up to that order — the latter at these three orders), and `G_α`
//! (Corollary 3.14) for `T = 1000, k = 400` at every `α ≤ 256` (target: under 10 ms)?
//! Pairs are validated outside the timed loop.

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14_curve;
use dpaudit::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use dpaudit::papers::balanced_iteration::mixture_pair::MixturePair;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let p = MixturePair::new(20, 8, 1.0, 2.0).unwrap();
    let mut g = c.benchmark_group("bis_forward_term_T20_k8");
    g.sample_size(10);
    for alpha in [4u64, 8, 16] {
        g.bench_function(format!("exact_F_alpha_{alpha}"), |b| b.iter(|| theorem_3_1_forward(black_box(&p), alpha).unwrap()));
    }
    g.finish();
    let big = MixturePair::new(1000, 400, 1.0, 2.0).unwrap();
    let orders: Vec<u64> = (2..=256).collect();
    let mut g = c.benchmark_group("bis_corollary_3_14_T1000_k400");
    g.bench_function("G_alpha_2_to_256", |b| b.iter(|| corollary_3_14_curve(black_box(&big), &orders).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

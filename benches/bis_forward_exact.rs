//! Question: does the exact forward term `F_α` of Theorem 3.1 (*Leveraging Randomness in Model and
//! Data Partitioning*, Balanced Iteration Subsampling; Lemma 3.12 on `S_{d,k}`) for `T = 20, k = 8`
//! at **every** order `α = 2..16` fit in 1 s (issue 11 acceptance)? Measured as the all-orders call
//! `theorem_3_1_forward_curve(pair, 16)`, which takes the Gauss-quadrature route
//! (`forward_quadrature`: certified MPFR rule of the lognormal column law, then one walk over the
//! C(28, 8) = 3 108 105 multisets for all 15 orders; the log-domain row-need DP of spec §1.3 D
//! would need ~5e9 log-sum-exp terms at α = 16). And does
//! Corollary 3.14's `G_α` for `T = 1000, k = 400` at every `α ≤ 256` fit in 10 ms? Also the
//! all-orders EGF route (`k = 1`, one power for every order) at `T = 1000`, `α ≤ 256`, as used by
//! `dpaudit partition`. Pairs are validated outside the timed loop. (Per-order timings of
//! `theorem_3_1_forward`, which picks the cheaper exact route at each order, are in
//! `bis_forward_term.rs`.)

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14_curve;
use dpaudit::papers::balanced_iteration::section_3_1::forward_exact::{theorem_3_1_forward_curve, theorem_3_1_forward_k1_curve};
use dpaudit::papers::balanced_iteration::mixture_pair::MixturePair;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let p = MixturePair::new(20, 8, 1.0, 2.0).unwrap();
    let mut g = c.benchmark_group("bis_forward_exact");
    g.sample_size(10);
    g.bench_function("F_alpha_T20_k8_alpha_2_to_16", |b| b.iter(|| theorem_3_1_forward_curve(black_box(&p), 16).unwrap()));
    let big = MixturePair::new(1000, 400, 1.0, 2.0).unwrap();
    let orders: Vec<u64> = (2..=256).collect();
    g.bench_function("G_alpha_T1000_k400_alpha_2_to_256", |b| b.iter(|| corollary_3_14_curve(black_box(&big), &orders).unwrap()));
    let k1 = MixturePair::new(1000, 1, 1.0, 1.0).unwrap();
    g.bench_function("F_alpha_T1000_k1_all_orders_to_256", |b| b.iter(|| theorem_3_1_forward_k1_curve(black_box(&k1), 256).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

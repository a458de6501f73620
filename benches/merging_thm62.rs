//! Question: how long does Theorem 6.2 (DP Model Merging, eq. (9)) take per (λ, α)?
//! Exact enumeration over collapsed atoms vs the Gaussian-expectation fast path (trapezoid on
//! `E_Z[(Σ_k r_k e^{a_k Z − a_k²/2})^α]`), for N ∈ {2, 3, 8} models and α ∈ {2, 8, 32, 64, 256}
//! (enumeration only where its term count is within budget). Acceptance (issue 3): fast path
//! < 10 ms per (λ, α) at N = 8 (256 distinct atoms), α = 256. Step pairs are built outside the
//! timed loop.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dpaudit::papers::model_merging::section_6::dpsgd_step::{lc_step, StepHyper, StepPair};
use dpaudit::papers::model_merging::section_6::linear_combination_rdp::{ln_a_alpha, ln_a_alpha_enumerate, ln_compositions, MAX_ENUM_TERMS};
use std::hint::black_box;

fn pair(n: usize, sigma_scale: f64) -> StepPair {
    // clipping norms 1 + 2^i/100: all 2^N subset sums differ (256 atoms at N = 8)
    let hyper: Vec<StepHyper> = (0..n)
        .map(|i| StepHyper::new(0.01 + 0.002 * i as f64, sigma_scale * (0.8 + 0.1 * i as f64), 1.0 + (1u32 << i) as f64 / 100.0, 0.1).unwrap())
        .collect();
    lc_step(&vec![1.0 / n as f64; n], &hyper).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("thm62_ln_a_alpha");
    g.sample_size(10);
    for n in [2usize, 3, 8] {
        let p = pair(n, 1.0);
        for alpha in [2u32, 8, 32, 64, 256] {
            let id = format!("N{n}_K{}", p.atoms.len());
            g.bench_with_input(BenchmarkId::new(format!("fast_{id}"), alpha), &alpha, |b, &a| b.iter(|| ln_a_alpha(black_box(&p), a as f64).unwrap()));
            if ln_compositions(alpha, p.atoms.len()) <= MAX_ENUM_TERMS.ln() {
                g.bench_with_input(BenchmarkId::new(format!("enumerate_{id}"), alpha), &alpha, |b, &a| b.iter(|| ln_a_alpha_enumerate(black_box(&p), a).unwrap()));
            }
        }
    }
    // a less private N = 8 portfolio (σ halved: a_max doubles, so the grid doubles)
    let p = pair(8, 0.5);
    g.bench_function("fast_N8_sigma_half_alpha256", |b| b.iter(|| ln_a_alpha(black_box(&p), 256.0).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

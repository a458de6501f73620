//! Question: how long does Theorem 4.9 of *Shifted Interpolation for DP* (NoisySGD, strongly
//! convex) take by certified numerical composition at K = 10⁴ (issue 9 target: < 1 s)?
//! Factors `C_p(G_{2r})^{⊗K} ⊗ G_ν` (code form) and the conservative form
//! `C_p(G_{2r})^{⊗(K−1)} ⊗ C_p(G_{2√2 r}) ⊗ G_ν`, p = 0.01, r = 0.2, c = 0.999, t = 2·10⁴ (Gaussian factor μ ≈ 0.026; at c = 0.9999 it would be ≈ 1315, beyond the accepted range),
//! ε(δ = 1e−5) at the default accuracy (width ≤ 1e−3·ε). Factors are built outside the loop.

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::papers::shifted_interpolation::section_4::noisy_sgd::{thm_4_9_factors, Thm49Form};
use dpaudit::pld::{epsilon_interval_fdp, PldOptions};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let opts = PldOptions::default();
    let code = thm_4_9_factors(0.01, 0.2, 0.999, 20_000, 10_000, Thm49Form::Code).unwrap();
    let cons = thm_4_9_factors(0.01, 0.2, 0.999, 20_000, 10_000, Thm49Form::Conservative).unwrap();
    let mut g = c.benchmark_group("si_theorem_4_9_K1e4");
    g.sample_size(10);
    g.bench_function("code_form_epsilon", |b| b.iter(|| epsilon_interval_fdp(black_box(&code), 1e-5, &opts).unwrap()));
    g.bench_function("conservative_form_epsilon", |b| b.iter(|| epsilon_interval_fdp(black_box(&cons), 1e-5, &opts).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

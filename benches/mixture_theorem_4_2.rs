//! Theorem 4.2 of the mixtures f-DP paper (shuffling; Wang, Su, Ye, Shokri, Su 2023): one point of
//! the δ(ε) curve of `C(f_S)` (= Corollary 4.3's δ, positive-term log-space sum) at n = 10⁴
//! (ε₀ = 4.444, ε = 1: δ ≈ 2.4e−14, Table 1) and n = 10⁶ (ε₀ = 4.444, ε = 0.1), plus ε(δ) at
//! n = 10⁴ (Table 2, bisection). Target (issue 10): n = 10⁶ in under 1 s.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dpaudit::papers::mixture_fdp::section_4::shuffling::{corollary_4_3_delta, corollary_4_3_epsilon, Shuffle};

fn theorem_4_2(c: &mut Criterion) {
    let mut g = c.benchmark_group("mixture_theorem_4_2");
    g.sample_size(10);
    let s4 = Shuffle::new(10_000, 4.444).unwrap();
    g.bench_function("delta_n1e4_eps1", |b| b.iter(|| corollary_4_3_delta(black_box(&s4), 1.0).unwrap()));
    let s6 = Shuffle::new(1_000_000, 4.444).unwrap();
    g.bench_function("delta_n1e6_eps0.1", |b| b.iter(|| corollary_4_3_delta(black_box(&s6), 0.1).unwrap()));
    g.bench_function("epsilon_n1e4_delta5e-5", |b| b.iter(|| corollary_4_3_epsilon(black_box(&s4), 5e-5).unwrap()));
    g.finish();
}

criterion_group!(benches, theorem_4_2);
criterion_main!(benches);

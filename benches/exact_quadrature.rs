//! Question: how long does one MPFR evaluation of δ(ε) take at 256 bits?
//! (a) the subsampled-Gaussian one-step profile by tanh–sinh quadrature of ∫(p − e^ε q)_+,
//! (b) the same by the closed form, (c) the exact Gaussian ε(δ) inversion (interval).

use criterion::{criterion_group, criterion_main, Criterion};
use dpaudit::mechanisms::{exact as cf, Direction, Mechanism};
use dpaudit::num::Mp;

fn bench(c: &mut Criterion) {
    let prec = 256;
    let (q, s, e) = (Mp::new(prec, 0.01), Mp::new(prec, 1.0), Mp::new(prec, 0.5));
    let mut g = c.benchmark_group("mpfr_256");
    g.sample_size(10);
    g.bench_function("sgm_delta_quadrature", |b| b.iter(|| cf::sgm_delta_quad(&q, &s, Direction::Remove, &e)));
    g.bench_function("sgm_delta_closed_form", |b| b.iter(|| cf::sgm_delta(&q, &s, Direction::Remove, &e)));
    let gauss = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    g.bench_function("gaussian_epsilon_interval", |b| b.iter(|| dpaudit::exact::epsilon(&gauss, 100, 1e-5, prec).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

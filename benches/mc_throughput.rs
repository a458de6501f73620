//! Monte Carlo throughput: privacy-loss samples per second.
//!
//! * `per_step/sgm_remove_sample`: `PrivacyLoss::sample` of the Poisson-subsampled Gaussian
//!   (q = 0.01, σ = 1), single thread, elements = per-step draws.
//! * `per_step/sgm_remove_mixture_tilt_alpha7`: the tilted mixture sampler (α = 7), elements =
//!   per-step draws.
//! * `per_step/sgm_add_rejection_tilt`: the add-direction rejection tilt (λ chosen for ε = 1.4), elements =
//!   accepted per-step draws.
//! * `estimator/*`: the full tilted δ(ε) estimator (`delta_interval`, both directions, all
//!   cores), elements = per-step draws (replicates × T × directions); and the exact Gaussian
//!   fast path, elements = replicates.
//! * `epsilon/*`: wall time of one default ε(δ) run of the DP-SGD example.
//!
//! Setup (mechanisms, tilts, generators) is outside the timed loops.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use dpaudit::mc::stream::StreamKey;
use dpaudit::mc::tilt::Family;
use dpaudit::mc::{delta_interval, McOptions};
use dpaudit::mechanisms::{Direction, Mechanism};

fn per_step(c: &mut Criterion) {
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let mut g = c.benchmark_group("per_step");
    g.sample_size(20);
    const N: u64 = 100_000;
    g.throughput(Throughput::Elements(N));
    let loss = sgm.loss(Direction::Remove);
    let mut rng = StreamKey::new(0, "bench").chunk_rng(0);
    g.bench_function("sgm_remove_sample", |b| {
        b.iter(|| {
            let mut s = 0.0;
            for _ in 0..N {
                s += loss.sample(&mut rng);
            }
            black_box(s)
        })
    });
    let fam = Family::new(&sgm, Direction::Remove, N).unwrap();
    let mix = fam.sampler(6.0).unwrap();
    g.bench_function("sgm_remove_mixture_tilt_alpha7", |b| b.iter(|| black_box(mix.sample(&mut rng))));
    let fam = Family::new(&sgm, Direction::Add, N).unwrap();
    let lambda = fam.choose(1.4).unwrap().lambda;
    let rej = fam.sampler(lambda).unwrap();
    g.bench_function("sgm_add_rejection_tilt", |b| b.iter(|| black_box(rej.sample(&mut rng))));
    g.finish();
}

fn estimator(c: &mut Criterion) {
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let mut g = c.benchmark_group("estimator");
    g.sample_size(10);
    let (reps, t) = (4_000usize, 1000u64);
    let opts = McOptions { samples: reps, ..McOptions::default() };
    g.throughput(Throughput::Elements(2 * reps as u64 * t));
    g.bench_function("sgm_tilted_delta_T1000_both_directions", |b| b.iter(|| black_box(delta_interval(&sgm, t, 1.8282, &opts).unwrap())));
    let gauss = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    let opts = McOptions { samples: 200_000, ..McOptions::default() };
    g.throughput(Throughput::Elements(200_000));
    g.bench_function("gaussian_tilted_delta_exact_path", |b| b.iter(|| black_box(delta_interval(&gauss, 100, 40.0, &opts).unwrap())));
    g.finish();
}

/// Wall time of the default ε(δ) run for the DP-SGD example (q = 0.01, σ = 1, T = 1000,
/// δ = 1e−5; spec §8.1), elements = 1 run.
fn epsilon_run(c: &mut Criterion) {
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let mut g = c.benchmark_group("epsilon");
    g.sample_size(10);
    let opts = McOptions::default();
    g.bench_function("sgm_T1000_delta1e-5_default_options", |b| b.iter(|| black_box(dpaudit::mc::epsilon_interval(&sgm, 1000, 1e-5, &opts).unwrap())));
    g.finish();
}

criterion_group!(benches, per_step, estimator, epsilon_run);
criterion_main!(benches);

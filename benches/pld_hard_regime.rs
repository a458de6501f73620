//! Question: how does the certified FFT accountant's cost grow with the number of composed
//! steps T at fixed accuracy (issue 13, "cost that grows like it should")?
//! Poisson-subsampled Gaussian, ε(δ) at the default accuracy (width ≤ 1e−3·ε), for
//! T ∈ {10², 10³, 10⁴, 10⁵, 10⁶} in two regimes:
//! (a) the small-δ regime of issue 13: q = 0.001, σ = 0.8, δ = 1e−8 (tilted composition);
//! (b) the DP-SGD regime: q = 0.01, σ = 1, δ = 1e−5 (untilted composition).
//! Cost model (`pld::certify::auto`): per pass, the per-step discretisation costs O(range/h), the
//! composition O(N log N + N log T) (one transform per direction and distinct mechanism, powering
//! by binary exponentiation), the curves O(N). At fixed relative accuracy the discretisation error
//! adds up over T steps (width ≈ C·T·h²·g, `pld::schedule::ErrorModel`: C ≈ 0.3 measured,
//! g = min((λ+1)/2, 1/4 + ε/(2v)) from the a-priori RDP bound and the composed variance v), so
//! h ∝ √(ε/(T·g)) while the window N·h grows like the composed spread √v ∝ √T:
//! N ∝ √(v·T·g/ε). In regime (b) g ≈ ε/(2v) while ε ≫ v (T ≤ 10⁴: N ∝ √T) and g → 1/4 + ε/(2v)
//! ≈ 1/4…1 once ε ≲ v (T ≥ 10⁵: N ∝ √(v·T/ε) ≈ √T since ε and v grow like T) — expected slope
//! ≈ 0.5 in log N (and time) vs log T, not log T (that holds at a fixed grid; measured N: 6 912 at
//! T = 10³, 281 250 at T = 10⁶, slope 0.54). Since the first pass aims at the target from the a-priori
//! estimate, most points are one pass (before: a capped first pass at h ≤ 0.3/√T, which at
//! T = 10⁶ in (b) ran N = 675 000 for a width 9× below the target; now N = 281 250).
//!
//! The same points through the characteristic-function route (`cf::epsilon_interval`, issue 13's
//! "time close to logarithmic in T"): its cost model (`cf` module doc) is flat in T — the nodes
//! end at t_s ∝ 1/√T and the per-step sup bound does not depend on T — and its intervals are
//! far narrower than the target (≈ 1e−8·ε). Points it declines (work budget: small q with small
//! T, where |Φ|^T stays large up to t ≈ V ∝ σ²/q) are reported on stderr and skipped.
//! Mechanisms and options are built outside the timed loop;
//! each point is one full
//! `epsilon_interval` call (all refinement passes).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dpaudit::cf::{epsilon_interval as cf_epsilon_interval, CfOptions};
use dpaudit::mechanisms::Mechanism;
use dpaudit::pld::{epsilon_interval, PldOptions};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let opts = PldOptions::default();
    let regimes = [("small_delta_q0.001_s0.8_d1e-8", 0.001, 0.8, 1e-8), ("dpsgd_q0.01_s1_d1e-5", 0.01, 1.0, 1e-5)];
    for (name, q, sigma, delta) in regimes {
        let m = Mechanism::from_name("poisson-subsampled-gaussian", sigma, None, Some(q)).unwrap();
        let mut g = c.benchmark_group(format!("pld_hard_regime/{name}"));
        g.sample_size(10);
        for t in [100u64, 1_000, 10_000, 100_000, 1_000_000] {
            let parts = vec![(m.clone(), t)];
            g.bench_with_input(BenchmarkId::from_parameter(t), &parts, |b, parts| b.iter(|| epsilon_interval(black_box(parts), delta, &opts).unwrap()));
        }
        g.finish();
        let cf_opts = CfOptions::default();
        let mut g = c.benchmark_group(format!("pld_hard_regime/cf_{name}"));
        g.sample_size(10);
        for t in [100u64, 1_000, 10_000, 100_000, 1_000_000] {
            let parts = vec![(m.clone(), t)];
            match cf_epsilon_interval(&parts, delta, &cf_opts) {
                Ok((iv, d)) => eprintln!("cf {name} T={t}: {iv}, work {} nodes", d.work()),
                Err(e) => {
                    eprintln!("cf {name} T={t}: skipped ({e})");
                    continue;
                }
            }
            g.bench_with_input(BenchmarkId::from_parameter(t), &parts, |b, parts| b.iter(|| cf_epsilon_interval(black_box(parts), delta, &cf_opts).unwrap()));
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

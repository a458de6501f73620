//! 1000 mixed claims (issue 12 acceptance: "1000 mixed claims audited in under 60 s on 2 cores",
//! with the breakdown by kind). The claims are built by `benches/common/mixed_claims.rs`: eleven
//! events (subsampled Gaussian, Gaussian, Laplace, randomized response), every claim kind.
//!
//! * `claims_mixed/all_1000`: the whole file in one `audit_claims` call (sharing across kinds as
//!   in a real run), elements = rows;
//! * `claims_mixed/<kind>`: each group alone (`eps_delta` 560 rows, `pure_dp` 100, `rdp` 200,
//!   `gdp` 60, `zcdp` 60, `calibration` 20), so the time per kind is visible.
//!
//! Options: defaults, except no Monte Carlo (evidence only, never a verdict) and a time budget of
//! one hour, so that every row is decided or refined to its end and none is `not_checked` — the
//! wall time is that of a complete audit. Before measuring, one pass per group prints its verdict
//! counts and seconds to stderr (a row left `not_checked` would make the measurement meaningless).
//! Run: `cargo bench --bench claims_mixed` (about 10 samples per function; minutes).
//!
//! Not yet measured with `cargo bench`. One run of the same claims in the `test` profile (opt-level
//! 2, debug assertions; `cargo test --test claims_mixed_perf -- --ignored --nocapture`), 2 cores
//! shared with four other builds (load average ≈ 11), 2026-11-26: all 1000 rows 82.2 s; alone per
//! kind: eps_delta 2.7 s, pure_dp 0.4 s, rdp 2.7 s, gdp 60.6 s, zcdp 2.1 s, calibration 13.3 s.
//! The GDP grid checks (subsampled Gaussian and Laplace: 401 certified profile points per row)
//! dominate.
//!
//! Release profile, same test (`cargo test --release --test claims_mixed_perf -- --ignored
//! --nocapture`), 2 cores shared with other sessions' builds and tests (load average 7–8 before and
//! after each run), 2026-11-26:
//!
//! | kind | rows | before | after |
//! |---|---|---|---|
//! | eps_delta | 560 | 1.31 s | 1.97 s |
//! | pure_dp | 100 | 0.27 s | 0.52 s |
//! | rdp | 200 | 0.92 s | 1.86 s |
//! | gdp | 60 | 32.67 s | 12.84 s |
//! | zcdp | 60 | 1.63 s | 0.67 s |
//! | calibration | 20 | 10.75 s | 7.58 s |
//! | all 1000 (one call) | 1000 | 52.81 s | 27.82 s |
//!
//! "After": rdp/gdp/zcdp rows with the same claim on the same event share one evaluation and the
//! distinct evaluations run in parallel; calibration σ_min searches run in parallel. Verdicts are
//! unchanged (519 sound, 470 unsound, 11 inconclusive both times; the 60 GDP rows' JSON reports
//! are identical except `seconds`). The MPFR evaluations of δ_μ (three per grid point, 401 points)
//! remain the largest cost of a GDP row. The eps_delta/pure_dp/rdp rows did not change; their
//! differences are load noise.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use dpaudit::claims::{audit_claims, parse_claims, report, ClaimOptions};
use std::time::{Duration, Instant};

#[path = "common/mixed_claims.rs"]
mod mixed_claims;

fn options() -> ClaimOptions {
    ClaimOptions { monte_carlo: false, time_budget: 3600.0, ..ClaimOptions::default() }
}

fn claims_mixed(c: &mut Criterion) {
    let groups = mixed_claims::groups();
    let all: Vec<String> = groups.iter().flat_map(|(_, r)| r.iter().cloned()).collect();
    let all_claims = parse_claims(&mixed_claims::csv(&all), "mixed").unwrap();
    assert_eq!(all_claims.len(), 1000);
    let opts = options();
    let mut parsed = Vec::new();
    for (kind, rows) in &groups {
        let claims = parse_claims(&mixed_claims::csv(rows), kind).unwrap();
        let t0 = Instant::now();
        let got = audit_claims(&claims, &opts).unwrap();
        eprintln!("claims_mixed/{kind}: {} rows, {:.2} s once: {}", claims.len(), t0.elapsed().as_secs_f64(), report::status_line(&got));
        parsed.push((*kind, claims));
    }
    let mut g = c.benchmark_group("claims_mixed");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(1));
    g.measurement_time(Duration::from_secs(60));
    g.throughput(Throughput::Elements(1000));
    g.bench_function("all_1000", |b| b.iter(|| audit_claims(black_box(&all_claims), &opts).unwrap()));
    for (kind, claims) in &parsed {
        g.throughput(Throughput::Elements(claims.len() as u64));
        g.bench_function(*kind, |b| b.iter(|| audit_claims(black_box(claims), &opts).unwrap()));
    }
    g.finish();
}

criterion_group!(benches, claims_mixed);
criterion_main!(benches);

//! Claims audit throughput: how many claims per second does `dpaudit claims` decide?
//!
//! * `claims/parse_python_accountants`: parsing and validating the committed claims file
//!   (audits/claims/python_accountants.csv), elements = rows.
//! * `claims/audit_known_bugs`: a full audit of audits/claims/known_bugs.csv (47 rows since issue 12: exact
//!   MPFR rows, shared FFT groups and the divergence-kind rows), default options without Monte Carlo, all cores,
//!   elements = rows.
//!
//! The 200-claim wall-time target of issue 4 (< 2 min on 2 cores) is measured by
//! `cargo test --release --test claims_perf -- --ignored --nocapture` (one run of about a minute
//! does not fit criterion's repeated sampling).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use dpaudit::claims::{audit_claims, parse_claims, ClaimOptions};

fn claims(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/audits/claims/");
    let python = std::fs::read_to_string(format!("{dir}python_accountants.csv")).unwrap();
    let known = std::fs::read_to_string(format!("{dir}known_bugs.csv")).unwrap();
    let n_python = parse_claims(&python, "python").unwrap().len() as u64;
    let known_claims = parse_claims(&known, "known").unwrap();
    let mut g = c.benchmark_group("claims");
    g.throughput(Throughput::Elements(n_python));
    g.bench_function("parse_python_accountants", |b| b.iter(|| parse_claims(black_box(&python), "python").unwrap()));
    g.sample_size(10);
    g.throughput(Throughput::Elements(known_claims.len() as u64));
    let opts = ClaimOptions { monte_carlo: false, ..ClaimOptions::default() };
    g.bench_function("audit_known_bugs", |b| b.iter(|| audit_claims(black_box(&known_claims), &opts).unwrap()));
    g.finish();
}

criterion_group!(benches, claims);
criterion_main!(benches);

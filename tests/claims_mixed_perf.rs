//! Wall time of the 1000 mixed claims of issue 12 (`benches/common/mixed_claims.rs`), one run,
//! with the time and verdict counts per kind. Ignored by default (a minute or more; timings are
//! for benches, this is not a timed test — it asserts only that every row was decided); run with
//! `cargo test --release --test claims_mixed_perf -- --ignored --nocapture`.

use dpaudit::claims::{audit_claims, parse_claims, report, ClaimOptions, Verdict};
use std::time::Instant;

#[path = "../benches/common/mixed_claims.rs"]
mod mixed_claims;

#[test]
#[ignore]
fn thousand_mixed_claims_by_kind() {
    let opts = ClaimOptions { monte_carlo: false, time_budget: 3600.0, ..ClaimOptions::default() };
    let groups = mixed_claims::groups();
    let all: Vec<String> = groups.iter().flat_map(|(_, r)| r.iter().cloned()).collect();
    assert_eq!(all.len(), 1000);
    for (kind, rows) in &groups {
        let claims = parse_claims(&mixed_claims::csv(rows), kind).unwrap();
        let t0 = Instant::now();
        let got = audit_claims(&claims, &opts).unwrap();
        println!("{kind}: {} rows in {:.2} s — {}", rows.len(), t0.elapsed().as_secs_f64(), report::status_line(&got));
        assert!(got.iter().all(|v| v.verdict != Verdict::NotChecked));
    }
    let claims = parse_claims(&mixed_claims::csv(&all), "all").unwrap();
    let t0 = Instant::now();
    let got = audit_claims(&claims, &opts).unwrap();
    println!("all: 1000 rows in {:.2} s on {} threads — {}", t0.elapsed().as_secs_f64(), rayon::current_num_threads(), report::status_line(&got));
    assert!(got.iter().all(|v| v.verdict != Verdict::NotChecked));
}

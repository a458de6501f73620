//! Performance target of issue 4: 200 claims (real accountant outputs and mutations of them)
//! audited with default settings in under 2 minutes on 2 cores, release build. Ignored by default
//! (it takes about a minute); run with
//! `cargo test --release --test claims_perf -- --ignored --nocapture`.
//!
//! The mutations also check the acceptance rules: dp_accounting's PLD values are pessimistic and
//! within 1e−4 (relative) of the truth (foundations §8.1, R5 vs R7), so ε × 0.99 and ε × 0.97
//! claim less than the truth / 1.01 and must be called unsound, and ε × 1.01 must not be.

use dpaudit::claims::{audit_claims, parse_claims, report, ClaimOptions, Verdict};
use std::time::Instant;

fn claims_200() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/audits/claims/python_accountants.csv")).unwrap();
    let mut lines: Vec<String> = text.lines().filter(|l| !l.starts_with('#')).map(String::from).collect();
    let base: Vec<Vec<String>> = lines[1..].iter().map(|l| l.split(',').map(String::from).collect()).collect();
    let pld: Vec<&Vec<String>> = base.iter().filter(|r| r[1] == "dp_accounting-0.6.0:pld" && r[0].contains("/d")).collect();
    let mut k = 0;
    'outer: for factor in ["0.99", "0.97", "1.01"] {
        for r in &pld {
            if lines.len() > 200 {
                break 'outer;
            }
            let mut m = (*r).clone();
            let eps: f64 = m[7].parse().unwrap();
            m[0] = format!("mut{k}-x{factor}-{}", m[0]);
            m[1] = format!("mutation:x{factor}");
            m[7] = format!("{:?}", eps * factor.parse::<f64>().unwrap());
            lines.push(m.join(","));
            k += 1;
        }
    }
    lines.join("\n") + "\n"
}

#[test]
#[ignore]
fn two_hundred_claims_under_two_minutes() {
    let claims = parse_claims(&claims_200(), "claims_200").unwrap();
    assert_eq!(claims.len(), 200);
    let t0 = Instant::now();
    let got = audit_claims(&claims, &ClaimOptions::default()).unwrap();
    let secs = t0.elapsed().as_secs_f64();
    println!("{}", report::status_line(&got));
    println!("200 claims in {secs:.1} s on {} threads", rayon::current_num_threads());
    // Acceptance rules: ≥ 95 % of the clearly unsound mutations unsound and none sound; no
    // ×1.01 mutation unsound.
    let clearly: Vec<_> = got.iter().filter(|v| v.accountant == "mutation:x0.99" || v.accountant == "mutation:x0.97").collect();
    let missed: Vec<String> = clearly.iter().filter(|v| v.verdict != Verdict::Unsound).map(|v| format!("{} {} (true ε {})", v.id, v.verdict.name(), v.true_epsilon)).collect();
    println!("clearly unsound mutations: {} of {} called unsound; missed: {missed:?}", clearly.len() - missed.len(), clearly.len());
    assert!(clearly.iter().all(|v| v.verdict != Verdict::Sound));
    assert!(missed.len() * 20 <= clearly.len(), "{missed:?}");
    for v in &got {
        if v.accountant == "mutation:x1.01" {
            assert_ne!(v.verdict, Verdict::Unsound, "{}: true ε {}", v.id, v.true_epsilon);
        }
    }
    assert!(secs < 120.0, "{secs} s");
}

//! The committed claims of the Python accountants (audits/claims/python_accountants.csv, written
//! by adapters/python/make_claims.py): the file parses, and no value an accountant documents as a
//! guarantee (dp_accounting RDP and PLD, prv_accountant's upper, autodp) is called unsound, while
//! prv_accountant's lower values — below the truth by construction (Gopi, Lee, Wutschitz 2021,
//! Thm 5.5) — are never called sound. Rows of the expensive group (q = 0.001, T = 10^4) are left
//! out to keep the test fast; `adapters/python/run_adapters.sh` audits the whole file.

use dpaudit::claims::{audit_claims, read_claims, ClaimOptions, Verdict};
use std::path::Path;

#[test]
fn python_accountants_guarantees_are_not_unsound() {
    let all = read_claims(&Path::new(env!("CARGO_MANIFEST_DIR")).join("audits/claims/python_accountants.csv")).unwrap();
    assert!(all.len() >= 100, "{} claims", all.len());
    for acc in ["dp_accounting-0.6.0:rdp", "dp_accounting-0.6.0:pld", "prv_accountant-0.2.0:lower", "prv_accountant-0.2.0:estimate", "prv_accountant-0.2.0:upper"] {
        assert!(all.iter().any(|c| c.accountant == acc), "no rows of {acc}");
    }
    let claims: Vec<_> = all.into_iter().filter(|c| c.steps < 10_000).collect();
    let opts = ClaimOptions { time_budget: 10.0, monte_carlo: false, ..ClaimOptions::default() };
    let got = audit_claims(&claims, &opts).unwrap();
    let mut bad = Vec::new();
    for v in &got {
        let guarantee = v.accountant.starts_with("dp_accounting") || v.accountant.ends_with(":upper") || v.accountant.starts_with("autodp");
        if guarantee && v.verdict == Verdict::Unsound {
            bad.push(format!("{} ({}) called unsound: claim ε {} vs true ε {}", v.id, v.accountant, v.epsilon, v.true_epsilon));
        }
        if v.accountant.ends_with(":lower") && v.verdict == Verdict::Sound {
            bad.push(format!("{} ({}) called sound although it is a lower value: true ε {}", v.id, v.accountant, v.true_epsilon));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Power, not only abstention: every RDP ε claim at least 1 % above dp_accounting's PLD value
    // for the same point (a near-exact upper bound, foundations §8.1) is certified sound.
    let pld: std::collections::HashMap<String, f64> =
        got.iter().filter(|v| v.id.starts_with("dpacc-pld/")).map(|v| (v.id.replacen("dpacc-pld/", "", 1), v.epsilon)).collect();
    let mut checked = 0;
    for v in got.iter().filter(|v| v.id.starts_with("dpacc-rdp/") && v.id.contains("/d")) {
        if let Some(&e) = pld.get(&v.id.replacen("dpacc-rdp/", "", 1)) {
            if v.epsilon >= 1.01 * e {
                checked += 1;
                assert_eq!(v.verdict, Verdict::Sound, "{}: claim {} vs PLD {e}, true ε {}", v.id, v.epsilon, v.true_epsilon);
            }
        }
    }
    assert!(checked >= 15, "only {checked} RDP rows checked");
}

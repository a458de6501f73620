//! A hand-made comparison report shared by the report and plot tests (numbers invented, chosen
//! so that every verdict occurs once).

use super::engine::aggregate;
use super::machine::Machine;
use super::result::{AccountantInfo, CompareReport};
use super::runner::{Accountant, PeerOutcome};
use super::workloads::Workload;
use crate::num::Interval;

pub fn workload(name: &str) -> Workload {
    Workload { name: name.into(), sampling_rate: 0.01, selected: None, noise_multiplier: 1.0, steps: 1000, delta: 1e-5, line: 1 }
}

fn value(epsilon: f64, seconds: f64) -> PeerOutcome {
    PeerOutcome::Value { epsilon, lower: None, estimate: None, seconds }
}

/// Two workloads, certified [1.5, 1.6] and [2.0, 2.1]; dp_accounting_pld sound then
/// inconclusive, prv_accountant unsound then sound, opacus_rdp skipped.
pub fn sample() -> CompareReport {
    let accs = [Accountant::DpAccountingPld, Accountant::PrvAccountant, Accountant::OpacusRdp];
    let skipped = PeerOutcome::Skipped("opacus not importable | really".into());
    let dp1 = vec![Ok((Interval { lower: 1.5, upper: 1.6 }, 0.02)), Ok((Interval { lower: 1.5, upper: 1.6 }, 0.04))];
    let w1 = aggregate(
        &workload("one"),
        &dp1,
        &accs,
        &[
            vec![value(1.7, 0.5), value(1.7, 0.3)],
            vec![PeerOutcome::Value { epsilon: 1.4, lower: Some(1.3), estimate: Some(1.35), seconds: 1.0 }; 2],
            vec![skipped.clone(), skipped.clone()],
        ],
    );
    let dp2 = vec![Ok((Interval { lower: 2.0, upper: 2.1 }, 0.1)), Ok((Interval { lower: 2.0, upper: 2.1 }, 0.1))];
    let w2 = aggregate(&workload("two"), &dp2, &accs, &[vec![value(2.05, 0.2); 2], vec![value(2.2, 0.4); 2], vec![skipped.clone(), skipped]]);
    CompareReport {
        title: "fixture".into(),
        workload_file: "w.toml".into(),
        reps: 2,
        machine: Machine { cpu: "Test CPU".into(), cores: 2, date: "2026-11-25 12:00 UTC".into(), dpaudit_version: "0.1.0".into(), os: "linux x86_64".into() },
        python: Some("/tmp/py (Python 3.11.7)".into()),
        accountants: accs
            .iter()
            .map(|&a| AccountantInfo {
                accountant: a,
                setting: a.setting(),
                version: (a != Accountant::OpacusRdp).then(|| "1.0".to_string()),
                skipped: (a == Accountant::OpacusRdp).then(|| "opacus not importable | really".to_string()),
            })
            .collect(),
        workloads: vec![w1, w2],
        notes: vec!["a run note".into()],
    }
}

//! Report entries: every check contributes entries (one per profile check, claims row, paper
//! audit point or golden file), each with a status; the exit code depends only on failures.
//!
//! | status | meaning | exit code |
//! |---|---|---|
//! | `pass` | a dpaudit check or an accountant claim was verified | — |
//! | `fail` | dpaudit's own check failed, an accountant guarantee is unsound, or a fixture's expected verdict was missed / falsely alarmed | 1 |
//! | `finding` | a counterexample to a *paper's* statement: a result of the audit, not a failure | — |
//! | `inconclusive` | could not be decided within the budget | — |
//! | `info` | recorded for reference (estimates, points not audited) | — |

use serde::Serialize;

/// The status of one report entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryStatus {
    Pass,
    Fail,
    Finding,
    Inconclusive,
    Info,
}

impl EntryStatus {
    pub fn name(&self) -> &'static str {
        match self {
            EntryStatus::Pass => "pass",
            EntryStatus::Fail => "fail",
            EntryStatus::Finding => "finding",
            EntryStatus::Inconclusive => "inconclusive",
            EntryStatus::Info => "info",
        }
    }
}

/// Counts of entries per status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub pass: usize,
    pub fail: usize,
    pub finding: usize,
    pub inconclusive: usize,
    pub info: usize,
}

impl Tally {
    pub fn of(statuses: impl IntoIterator<Item = EntryStatus>) -> Tally {
        let mut t = Tally::default();
        for s in statuses {
            t.add(s);
        }
        t
    }
    pub fn add(&mut self, s: EntryStatus) {
        match s {
            EntryStatus::Pass => self.pass += 1,
            EntryStatus::Fail => self.fail += 1,
            EntryStatus::Finding => self.finding += 1,
            EntryStatus::Inconclusive => self.inconclusive += 1,
            EntryStatus::Info => self.info += 1,
        }
    }
    pub fn total(&self) -> usize {
        self.pass + self.fail + self.finding + self.inconclusive + self.info
    }
    pub fn merge(&self, o: &Tally) -> Tally {
        Tally { pass: self.pass + o.pass, fail: self.fail + o.fail, finding: self.finding + o.finding, inconclusive: self.inconclusive + o.inconclusive, info: self.info + o.info }
    }
}

//! JUnit XML of an audit report (`dpaudit audit … --junit FILE`; issue 12, "CI conventions"):
//! one `<testcase>` per check (name = the check's name, classname = `dpaudit.audit.<label>`), a
//! `<failure>` for a failed check listing its failed entries and findings, and the entry tally
//! in `<system-out>`. Rendering: [`crate::claims::junit::render`].

use super::engine::{AuditReport, CheckResult};
use super::report_audit::failed_entry_lines;
use crate::claims::junit::{render, Case, CaseOutcome, Suite};

/// The JUnit document of `report`.
pub fn audit_junit(report: &AuditReport) -> String {
    let class = format!("dpaudit.audit.{}", if report.label.is_empty() { "audit" } else { &report.label });
    let cases = report.results.iter().map(|r| case(r, &class)).collect();
    render(&format!("dpaudit audit: {}", report.title), &[Suite { name: report.source.clone(), seconds: report.seconds, cases }])
}

fn case(r: &CheckResult, class: &str) -> Case {
    let t = &r.tally;
    let mut detail = format!(
        "{} entries: {} pass, {} fail, {} findings, {} inconclusive, {} info\n",
        t.total(),
        t.pass,
        t.fail,
        t.finding,
        t.inconclusive,
        t.info
    );
    if let Some(n) = &r.note {
        detail.push_str(&format!("note: {n}\n"));
    }
    let failed: Vec<String> = r.findings.iter().filter(|f| !f.passed).map(|f| format!("{}: {}", f.criterion, f.message)).chain(failed_entry_lines(r)).collect();
    for l in &failed {
        detail.push_str(&format!("FAIL {l}\n"));
    }
    let outcome = if r.passed {
        CaseOutcome::Passed
    } else {
        let first = failed.first().cloned().unwrap_or_else(|| "check failed".into());
        let more = if failed.len() > 1 { format!(" (and {} more)", failed.len() - 1) } else { String::new() };
        CaseOutcome::Failed { kind: "check_failed".into(), message: format!("{first}{more}") }
    };
    Case { name: r.name.clone(), classname: class.to_string(), seconds: r.seconds, outcome, detail }
}

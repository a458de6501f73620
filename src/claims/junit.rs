//! JUnit XML for CI dashboards (issue 12, "CI conventions"): `dpaudit claims … --junit FILE`
//! writes one `<testcase>` per claim row, and `dpaudit audit … --junit FILE` (through
//! [`render`], used by `crate::audit::junit`) one per check, so a nightly dashboard shows each
//! failure by name.
//!
//! The format is the common JUnit/Ant schema read by Jenkins, GitLab, GitHub test reporters:
//! `<testsuites>` › `<testsuite name tests failures errors skipped time>` › `<testcase name
//! classname time>` with an optional `<failure message type>` or `<skipped message>` child and
//! a `<system-out>` with the details. Mapping of claim verdicts: `sound` passes, `unsound` is a
//! failure (its message gives the certified truth and the margin), `inconclusive` and
//! `not_checked` are skipped (neither proven sound nor unsound; the message says why).

use super::margin::{margin, violation, Violation};
use super::result::ClaimVerdict;
use super::verdict::Verdict;
use crate::num::fmt::fmt_sig;

/// The outcome of one test case.
#[derive(Clone, Debug, PartialEq)]
pub enum CaseOutcome {
    Passed,
    /// A failure with its type (e.g. `unsound`) and a one-line message.
    Failed { kind: String, message: String },
    /// Neither passed nor failed (e.g. `inconclusive`), with the reason.
    Skipped { message: String },
}

/// One `<testcase>`.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub classname: String,
    pub seconds: f64,
    pub outcome: CaseOutcome,
    /// Free text for `<system-out>` (details, notes); omitted when empty.
    pub detail: String,
}

/// One `<testsuite>`.
#[derive(Clone, Debug)]
pub struct Suite {
    pub name: String,
    pub seconds: f64,
    pub cases: Vec<Case>,
}

/// Escape text for XML 1.0 attribute values and character data. Characters XML 1.0 forbids
/// (controls other than tab, newline, carriage return) become U+FFFD.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

fn secs(x: f64) -> String {
    format!("{:.3}", if x.is_finite() && x > 0.0 { x } else { 0.0 })
}

/// Render suites as a JUnit XML document named `name`.
pub fn render(name: &str, suites: &[Suite]) -> String {
    let count = |s: &Suite, f: fn(&CaseOutcome) -> bool| s.cases.iter().filter(|c| f(&c.outcome)).count();
    let failed = |o: &CaseOutcome| matches!(o, CaseOutcome::Failed { .. });
    let skipped = |o: &CaseOutcome| matches!(o, CaseOutcome::Skipped { .. });
    let total: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures: usize = suites.iter().map(|s| count(s, failed)).sum();
    let skips: usize = suites.iter().map(|s| count(s, skipped)).sum();
    let time: f64 = suites.iter().map(|s| s.seconds).sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str(&format!(
        "<testsuites name=\"{}\" tests=\"{total}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skips}\" time=\"{}\">\n",
        xml_escape(name),
        secs(time)
    ));
    for s in suites {
        x.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{}\">\n",
            xml_escape(&s.name),
            s.cases.len(),
            count(s, failed),
            count(s, skipped),
            secs(s.seconds)
        ));
        for c in &s.cases {
            x.push_str(&format!("    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"", xml_escape(&c.name), xml_escape(&c.classname), secs(c.seconds)));
            let child = match &c.outcome {
                CaseOutcome::Passed => String::new(),
                CaseOutcome::Failed { kind, message } => format!("      <failure type=\"{}\" message=\"{}\"/>\n", xml_escape(kind), xml_escape(message)),
                CaseOutcome::Skipped { message } => format!("      <skipped message=\"{}\"/>\n", xml_escape(message)),
            };
            if child.is_empty() && c.detail.is_empty() {
                x.push_str("/>\n");
                continue;
            }
            x.push_str(">\n");
            x.push_str(&child);
            if !c.detail.is_empty() {
                x.push_str(&format!("      <system-out>{}</system-out>\n", xml_escape(&c.detail)));
            }
            x.push_str("    </testcase>\n");
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// The JUnit document of a claims audit: one suite (named after the source), one case per row
/// (name = row id, classname = `dpaudit.claims.<accountant>`).
pub fn claims_junit(rows: &[ClaimVerdict], source: &str, total_seconds: f64) -> String {
    let num = |x: f64| fmt_sig(x, 7, 1e5);
    let cases = rows
        .iter()
        .map(|r| {
            let m = margin(r);
            let truth = if let (Some(v), Some(x)) = (r.kind.value(), m.value) {
                let t = r.kind_truth.unwrap_or(crate::num::Interval { lower: 0.0, upper: f64::INFINITY });
                let order = r.kind.order().map(|a| format!(" at order α = {}", num(a))).unwrap_or_default();
                format!(
                    "kind {}: claimed {} = {}{order}; certified true value ∈ [{}, {}]; value_true/value_c − 1 ∈ [{}, {}]",
                    r.kind.name(),
                    r.kind.value_name().unwrap_or("value"),
                    num(v),
                    num(t.lower),
                    num(t.upper),
                    fmt_sig(x.lower, 3, 0.0),
                    fmt_sig(x.upper, 3, 0.0),
                )
            } else {
                let mut t = format!(
                "claimed (ε, δ) = ({}, {}); certified ε(δ_claim) ∈ [{}, {}], δ(ε_claim) ∈ [{}, {}]; ε_true/ε_c − 1 ∈ [{}, {}], δ_true/δ_c − 1 ∈ [{}, {}]",
                num(r.epsilon),
                num(r.delta),
                num(r.true_epsilon.lower),
                num(r.true_epsilon.upper),
                num(r.true_delta.lower),
                num(r.true_delta.upper),
                fmt_sig(m.epsilon.lower, 3, 0.0),
                fmt_sig(m.epsilon.upper, 3, 0.0),
                fmt_sig(m.delta.lower, 3, 0.0),
                fmt_sig(m.delta.upper, 3, 0.0),
                );
                if let (Some(sm), Some(st)) = (r.sigma_min, r.sigma_tightness()) {
                    t.push_str(&format!("; calibration: σ_min ∈ [{}, {}], σ_claim/σ_min ∈ [{}, {}]", num(sm.lower), num(sm.upper), num(st.lower), num(st.upper)));
                }
                t
            };
            let outcome = match r.verdict {
                Verdict::Sound => CaseOutcome::Passed,
                Verdict::Unsound => {
                    let how = match violation(r) {
                        Some(Violation::WithinRounding) => " (within 1e-6 relative: rounding of the claim's digits)",
                        _ => "",
                    };
                    CaseOutcome::Failed { kind: "unsound".into(), message: format!("unsound{how}: {truth}") }
                }
                Verdict::Inconclusive => CaseOutcome::Skipped { message: format!("inconclusive: {truth}") },
                Verdict::NotChecked => CaseOutcome::Skipped { message: "not_checked: the time budget ran out before the row's first certified pass".into() },
            };
            let mut detail = format!("{} × {} (line {}); method: {}\n{truth}\n", r.mechanism, r.steps, r.line, r.method);
            for n in &r.notes {
                detail.push_str(&format!("note: {n}\n"));
            }
            Case { name: r.id.clone(), classname: format!("dpaudit.claims.{}", if r.accountant.is_empty() { "-" } else { &r.accountant }), seconds: r.seconds, outcome, detail }
        })
        .collect();
    render("dpaudit claims", &[Suite { name: format!("claims: {source}"), seconds: total_seconds, cases }])
}

#[cfg(test)]
#[path = "junit_test.rs"]
mod tests;

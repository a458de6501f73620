//! Exporters of a whole [`AuditReport`]: `report.md` (summary table first, then one section per
//! check) and `report.json` (schema in `audits/README.md`, version [`SCHEMA_VERSION`]). Bytes
//! only; the CLI writes the files (temp file + rename).

use super::claims_check::{ClaimRow, ClaimsOutcome};
use super::engine::{AuditReport, CheckResult, Outcome};
use super::entry::{EntryStatus, Tally};
use super::format::{fmt_num, json_number};
use super::golden_check::GoldenFile;
use super::paper_check;
use super::plan::{describe_mechanism, describe_query};
use super::report::{mechanism_json, profile_json, profile_rows, query_json};
use super::report_plots::PlotRef;
use crate::num::Interval;
use crate::papers::{AuditPoint, Finding, FindingKind};
use serde_json::{json, Map, Value};

/// Version of the `report.json` schema (bumped on incompatible changes).
pub const SCHEMA_VERSION: u32 = 2;

fn verdict(passed: bool) -> &'static str {
    if passed {
        "PASS"
    } else {
        "FAIL"
    }
}

fn esc(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn iv(i: &Interval) -> String {
    format!("[{}, {}]", fmt_num(i.lower), fmt_num(i.upper))
}

fn tally_json(t: &Tally) -> Value {
    json!({"total": t.total(), "pass": t.pass, "fail": t.fail, "finding": t.finding, "inconclusive": t.inconclusive, "info": t.info})
}

/// What the summary row says about a check.
fn subject(r: &CheckResult) -> String {
    match &r.outcome {
        Outcome::Profile { request, .. } => format!("{} × T={}, {}", describe_mechanism(&request.mechanism), request.steps, describe_query(&request.query)),
        Outcome::Claims { file, outcome } => match outcome.as_ref().and_then(|o| o.expected_file.as_ref()) {
            Some(e) => format!("`{file}` (expected: `{e}`)"),
            None => format!("`{file}`"),
        },
        Outcome::Paper { paper, .. } => format!("paper `{paper}`: audit points"),
        Outcome::Golden { dir, .. } => format!("golden files in `{dir}`"),
    }
}

/// `report.md`: title, status, the summary table (one row per check with its entry counts), then
/// one section per check.
pub fn audit_markdown(a: &AuditReport, plots: &[PlotRef]) -> String {
    let mut s = format!("# {}\n\n", a.title);
    if let Some(d) = &a.description {
        s.push_str(&format!("{d}\n\n"));
    }
    s.push_str(&format!("Spec: `{}` · {} · {:.1} s\n\n", a.source, a.status_line(), a.seconds));
    s.push_str("| # | check | kind | subject | entries | pass | fail | findings | inconclusive | info | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (i, r) in a.results.iter().enumerate() {
        let t = &r.tally;
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | **{}** |\n",
            i + 1,
            esc(&r.name),
            r.outcome.kind(),
            esc(&subject(r)),
            t.total(),
            t.pass,
            t.fail,
            t.finding,
            t.inconclusive,
            t.info,
            verdict(r.passed)
        ));
    }
    let t = a.tally();
    s.push_str(&format!(
        "| | **total** | | | {} | {} | {} | {} | {} | {} | **{}** |\n\n",
        t.total(),
        t.pass,
        t.fail,
        t.finding,
        t.inconclusive,
        t.info,
        verdict(a.all_passed())
    ));
    s.push_str("*fail* = a dpaudit check failed, an accountant guarantee is unsound, or a fixture's expected verdict was missed (exit status 1); *finding* = a counterexample to a paper's statement (a result, not a failure).\n");
    for (i, r) in a.results.iter().enumerate() {
        s.push_str(&format!("\n## {}. {} — {}\n\n", i + 1, r.name, verdict(r.passed)));
        if let Some(n) = &r.note {
            s.push_str(&format!("{n}\n\n"));
        }
        match &r.outcome {
            Outcome::Profile { request, report } => {
                s.push_str(&format!("{}; seed {}; {:.2} s\n\n", subject(r), request.seed, r.seconds));
                if let Some(p) = report {
                    s.push_str("| method | lower | upper | width | guarantee | time | detail |\n|---|---|---|---|---|---|---|\n");
                    for row in profile_rows(p, &request.methods) {
                        s.push_str(&format!("| {} |\n", row.iter().map(|c| esc(c)).collect::<Vec<_>>().join(" | ")));
                    }
                    s.push('\n');
                }
            }
            Outcome::Claims { outcome: Some(o), .. } => claims_markdown(&mut s, o, r.seconds),
            Outcome::Paper { paper, points, .. } => paper_markdown(&mut s, paper, points),
            Outcome::Golden { files, .. } => golden_markdown(&mut s, files),
            Outcome::Claims { outcome: None, .. } => {}
        }
        let mine: Vec<&PlotRef> = plots.iter().filter(|p| p.check == r.name).collect();
        if !mine.is_empty() {
            s.push_str("Plots:\n\n");
            for p in mine {
                s.push_str(&format!("- [{}]({})\n", esc(&p.title), p.file));
            }
            s.push('\n');
        }
        for f in &r.findings {
            s.push_str(&format!("- {} {}: {}\n", if f.passed { "✔" } else { "✘" }, f.criterion, f.message));
        }
    }
    s
}

fn claims_markdown(s: &mut String, o: &ClaimsOutcome, seconds: f64) {
    s.push_str(&format!("{} rows from `{}`; {:.1} s.\n\n", o.rows.len(), o.file, seconds));
    // Per accountant counts.
    let mut per: Vec<(String, Tally)> = Vec::new();
    for r in &o.rows {
        let acc = &r.verdict.accountant;
        match per.iter_mut().find(|p| &p.0 == acc) {
            Some(p) => p.1.add(r.status),
            None => per.push((acc.clone(), Tally::of([r.status]))),
        }
    }
    s.push_str("| accountant | rows | pass | fail | inconclusive | info |\n|---|---|---|---|---|---|\n");
    for (acc, t) in &per {
        s.push_str(&format!("| {} | {} | {} | {} | {} | {} |\n", esc(acc), t.total(), t.pass, t.fail, t.inconclusive, t.info));
    }
    s.push_str("\n| id | accountant | role | claimed ε | claimed δ | verdict | expected | true ε at claimed δ | true δ at claimed ε | tightness | status |\n");
    s.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for r in &o.rows {
        let v = &r.verdict;
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | **{}** |\n",
            esc(&v.id),
            esc(&v.accountant),
            role_name(r),
            fmt_num(v.epsilon),
            fmt_num(v.delta),
            v.verdict.name(),
            r.expected.map(|e| e.name()).unwrap_or("-"),
            iv(&v.true_epsilon),
            iv(&v.true_delta),
            v.tightness.map(|t| format!("{t:.4}")).unwrap_or_else(|| "-".into()),
            r.status.name()
        ));
    }
    let flagged: Vec<&ClaimRow> = o.rows.iter().filter(|r| matches!(r.status, EntryStatus::Fail | EntryStatus::Inconclusive)).collect();
    if !flagged.is_empty() {
        s.push_str("\nFailed and inconclusive rows:\n\n");
        for r in flagged {
            s.push_str(&format!("- **{}** (line {}): {} — {}", esc(&r.verdict.id), r.verdict.line, r.message, esc(&r.verdict.method)));
            for n in &r.verdict.notes {
                s.push_str(&format!("; {}", esc(n)));
            }
            s.push('\n');
        }
    }
    s.push('\n');
}

fn role_name(r: &ClaimRow) -> &'static str {
    match r.role {
        super::claims_check::Role::Guarantee => "guarantee",
        super::claims_check::Role::LowerValue => "lower value",
        super::claims_check::Role::Estimate => "estimate",
    }
}

fn paper_markdown(s: &mut String, paper: &str, points: &[AuditPoint]) {
    s.push_str(&format!(
        "{} audit points of `{paper}`. Each tests the result's **bound** (soundness) or a side claim; a counterexample is a **finding** about the paper, not a failure of dpaudit.\n\n",
        points.len()
    ));
    s.push_str("| id | results | tests | statement | verdict | findings | status |\n|---|---|---|---|---|---|---|\n");
    for p in points {
        let st = paper_check::status(p.verdict);
        let kinds: Vec<&str> = p.findings.iter().map(|f| f.kind.name()).collect();
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | **{}** |\n",
            esc(&p.id),
            esc(&p.results.join(", ")),
            p.tests.name(),
            esc(&p.title),
            p.verdict.name(),
            kinds.join(", "),
            st.name()
        ));
    }
    for (kind, items) in findings_by_kind(points) {
        s.push_str(&format!("\n### {} ({})\n\n", kind_heading(kind), items.len()));
        for (p, f) in items {
            let results = if f.results.is_empty() { p.results.join(", ") } else { f.results.join(", ") };
            s.push_str(&format!("- **{}** ({}; tests {}, verdict {}): {}\n", p.id, results, p.tests.name(), p.verdict.name(), f.summary));
        }
    }
    let shown: Vec<&AuditPoint> = points.iter().filter(|p| paper_check::status(p.verdict) != super::entry::EntryStatus::Pass).collect();
    if !shown.is_empty() {
        s.push_str("\n### Evidence: counterexamples and open points\n");
        for p in shown {
            s.push_str(&format!("\n#### {} ({}) — {}\n\n{}\n\n", p.id, p.results.join(", "), p.verdict.name(), p.title));
            for line in p.evidence.lines() {
                s.push_str(&format!("> {line}\n"));
            }
        }
    }
    s.push('\n');
}

/// The findings of `points` grouped by kind, most serious kind first (kinds without findings
/// left out), each with its point, in point order.
pub fn findings_by_kind(points: &[AuditPoint]) -> Vec<(FindingKind, Vec<(&AuditPoint, &Finding)>)> {
    FindingKind::ALL
        .iter()
        .map(|&k| (k, points.iter().flat_map(|p| p.findings.iter().filter(move |f| f.kind == k).map(move |f| (p, f))).collect::<Vec<_>>()))
        .filter(|(_, v)| !v.is_empty())
        .collect()
}

fn kind_heading(k: FindingKind) -> &'static str {
    match k {
        FindingKind::Counterexample => "Counterexamples (printed statement false under the paper's definitions)",
        FindingKind::Typo => "Typos",
        FindingKind::Limitation => "Limitations (true as stated, fails in a regime users hit)",
        FindingKind::Reading => "Readings (ambiguous text)",
        FindingKind::Observation => "Observations (no claim contradicted)",
    }
}

/// `{kind: [{id, results, tests, verdict, summary}]}` for every kind (empty arrays included).
fn findings_by_kind_json(points: &[AuditPoint]) -> Value {
    let groups = findings_by_kind(points);
    let mut o = Map::new();
    for k in FindingKind::ALL {
        let items: Vec<Value> = groups
            .iter()
            .find(|(g, _)| *g == k)
            .map(|(_, v)| {
                v.iter()
                    .map(|(p, f)| json!({"id": p.id, "results": if f.results.is_empty() { &p.results } else { &f.results }, "tests": p.tests.name(), "verdict": p.verdict.name(), "summary": f.summary}))
                    .collect()
            })
            .unwrap_or_default();
        o.insert(k.name().into(), Value::Array(items));
    }
    Value::Object(o)
}

fn golden_markdown(s: &mut String, files: &[GoldenFile]) {
    s.push_str("| file | rows | comparisons | not applicable | regressions | status | time |\n|---|---|---|---|---|---|---|\n");
    for f in files {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | **{}** | {:.1} s |\n",
            f.file,
            f.summary.rows,
            f.summary.comparisons,
            f.summary.skipped,
            f.summary.regressions.len(),
            f.status().name(),
            f.seconds
        ));
    }
    for f in files {
        if let Some(e) = &f.error {
            s.push_str(&format!("- ✘ {}: {}\n", f.file, esc(e)));
        }
        for r in &f.summary.regressions {
            s.push_str(&format!("- ✘ {r}\n"));
        }
    }
    s.push('\n');
}

/// One line per failed entry of a check (claims rows, golden files), for the CLI log.
pub fn failed_entry_lines(r: &CheckResult) -> Vec<String> {
    match &r.outcome {
        Outcome::Claims { outcome: Some(o), .. } => {
            o.rows.iter().filter(|x| x.status == EntryStatus::Fail).map(|x| format!("{} (line {}): {}", x.verdict.id, x.verdict.line, x.message)).collect()
        }
        Outcome::Golden { files, .. } => files
            .iter()
            .filter(|f| f.status() == EntryStatus::Fail)
            .map(|f| match &f.error {
                Some(e) => format!("{}: {e}", f.file),
                None => format!("{}: {} regression(s), first: {}", f.file, f.summary.regressions.len(), f.summary.regressions[0]),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// One claims row as JSON: the `dpaudit claims --json` object plus role, expected, status.
pub fn claim_row_json(r: &ClaimRow) -> Value {
    let mut v = crate::claims::report::row_json(&r.verdict);
    if let Value::Object(o) = &mut v {
        o.insert("kind".into(), json!("claim"));
        o.insert("role".into(), json!(r.role));
        o.insert("expected".into(), json!(r.expected.map(|e| e.name())));
        o.insert("status".into(), json!(r.status.name()));
        o.insert("message".into(), json!(r.message));
    }
    v
}

/// One audit point as JSON (`kind: "paper_audit_point"`, `tests`, `findings` [{kind, summary}],
/// `finding: true` for a counterexample).
pub fn audit_point_json(p: &AuditPoint) -> Value {
    let st = paper_check::status(p.verdict);
    json!({
        "kind": "paper_audit_point",
        "paper": p.paper,
        "id": p.id,
        "results": p.results,
        "title": p.title,
        "verdict": p.verdict.name(),
        "tests": p.tests.name(),
        "findings": p.findings,
        "status": st.name(),
        "finding": st == EntryStatus::Finding,
        "evidence": p.evidence,
        "data": p.data,
    })
}

fn golden_json(f: &GoldenFile) -> Value {
    json!({
        "file": f.file,
        "rows": f.summary.rows,
        "comparisons": f.summary.comparisons,
        "not_applicable": f.summary.skipped,
        "regressions": f.summary.regressions.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        "error": f.error,
        "status": f.status().name(),
        "seconds": json_number(f.seconds),
    })
}

fn check_json(r: &CheckResult) -> Value {
    let mut obj = match &r.outcome {
        Outcome::Profile { request, report } => match report.as_ref().map(|p| profile_json(p, &request.methods)) {
            Some(Value::Object(o)) => o,
            _ => {
                let mut o = Map::new();
                o.insert("mechanism".into(), mechanism_json(&request.mechanism));
                o.insert("steps".into(), json!(request.steps));
                o.insert("query".into(), query_json(&request.query));
                o
            }
        },
        Outcome::Claims { file, outcome } => {
            let mut o = Map::new();
            o.insert("claims_file".into(), json!(file));
            o.insert("expected_file".into(), json!(outcome.as_ref().and_then(|c| c.expected_file.clone())));
            o.insert("rows".into(), Value::Array(outcome.iter().flat_map(|c| c.rows.iter().map(claim_row_json)).collect()));
            o
        }
        Outcome::Paper { paper, points, .. } => {
            let mut o = Map::new();
            o.insert("paper".into(), json!(paper));
            o.insert("points".into(), Value::Array(points.iter().map(audit_point_json).collect()));
            o.insert("findings_by_kind".into(), findings_by_kind_json(points));
            o
        }
        Outcome::Golden { dir, files } => {
            let mut o = Map::new();
            o.insert("dir".into(), json!(dir));
            o.insert("files".into(), Value::Array(files.iter().map(golden_json).collect()));
            o
        }
    };
    obj.insert("name".into(), json!(r.name));
    obj.insert("kind".into(), json!(r.outcome.kind()));
    obj.insert("note".into(), json!(r.note));
    obj.insert("passed".into(), json!(r.passed));
    if let Some(req) = r.request() {
        obj.insert("seed".into(), json!(req.seed));
    }
    obj.insert("seconds".into(), json!(r.seconds));
    obj.insert("tally".into(), tally_json(&r.tally));
    obj.insert("findings".into(), serde_json::to_value(&r.findings).unwrap_or(Value::Null));
    Value::Object(obj)
}

/// `report.json` (schema in `audits/README.md`).
pub fn audit_json(a: &AuditReport, plots: &[PlotRef]) -> Value {
    let plots_json: Vec<Value> = plots.iter().map(|p| json!({"file": p.file, "check": p.check, "kind": p.kind, "title": p.title})).collect();
    json!({
        "schema_version": SCHEMA_VERSION,
        "title": a.title,
        "description": a.description,
        "spec": a.source,
        "status": verdict(a.all_passed()),
        "status_line": a.status_line(),
        "checks": a.results.len(),
        "passed": a.passed(),
        "failed": a.failed(),
        "entries": tally_json(&a.tally()),
        "seconds": a.seconds,
        "plots": plots_json,
        "results": a.results.iter().map(check_json).collect::<Vec<_>>(),
    })
}

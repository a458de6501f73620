//! `dpaudit list`: every implemented result of every paper with its guarantee and the verdict of
//! its latest audit ([`crate::papers::registry`]). Presentation only.

use super::EXIT_OK;
use crate::papers::registry::{self, ListRow};
use crate::papers::result_verdict::{Soundness, Statement};
use crate::papers::AuditPoint;
use crate::{Error, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

pub const LIST_EXAMPLES: &str = "\
Examples:
  dpaudit list
  dpaudit list --json
  dpaudit list --verdicts reports/nightly/report.json   # verdicts of another audit run
  dpaudit list --record-verdicts                        # rerun every audit point, rewrite
                                                        # audits/verdicts/<paper>.json

Each result has two verdicts, with the audit points behind each:
  soundness  is the bound >= the truth?  holds | unsound | inconclusive | not_audited
  statement  do the side claims (tightness, conventions, typos, unproven steps, algorithms
             as printed, experiment settings) hold?  holds | defect found | inconclusive
Findings (listed under the table): counterexample (false under the paper's own definitions),
typo, limitation (true as stated, fails in a regime users hit), reading (ambiguous text),
observation (no claim contradicted). --json keeps `audit_verdict` (the worst of the two:
holds | counterexample | inconclusive | not_audited; a typo alone leaves it holds) and adds `soundness`, `statement` and
`findings`. Without --verdicts the recorded verdicts embedded at build time are shown.
Exit status: 0 success; 2 input error; 130 interrupted (nothing written).";

/// Arguments of `dpaudit list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print a JSON array (one object per result) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Take the verdicts from FILE: a JSON array of audit points, or an object with an
    /// `audit_points` array (e.g. an audit report.json).
    #[arg(long, value_name = "FILE", conflicts_with = "record_verdicts")]
    pub verdicts: Option<PathBuf>,
    /// Run every audit point now, write the verdicts file atomically and print which verdicts
    /// changed; then list with the new verdicts.
    #[arg(long)]
    pub record_verdicts: bool,
    /// Directory under which --record-verdicts writes `audits/verdicts/<paper>.json`.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub verdicts_root: PathBuf,
}

/// Run the command.
pub fn run(a: &ListArgs, interrupt: &AtomicBool) -> Result<i32> {
    let points = if a.record_verdicts {
        record(&a.verdicts_root, interrupt)?
    } else if let Some(f) = &a.verdicts {
        let shown = f.display().to_string();
        let text = std::fs::read_to_string(f).map_err(|e| Error::Io { path: shown.clone(), message: e.to_string() })?;
        registry::parse_points(&shown, &text)?
    } else {
        registry::recorded_points()?
    };
    let rows = registry::list_rows(&points);
    if a.json {
        println!("{}", serde_json::to_string_pretty(&rows).unwrap_or_default());
    } else {
        print!("{}", table(&rows));
    }
    Ok(EXIT_OK)
}

/// Run all audit points of every paper, write each paper's verdicts file (atomically) and print
/// the verdict changes against the previous file on stderr.
fn record(root: &Path, interrupt: &AtomicBool) -> Result<Vec<AuditPoint>> {
    let rec = crate::papers::verdicts::record_all(root, interrupt, crate::outfiles::write_atomic)?;
    for f in &rec.files {
        if f.changes.is_empty() {
            eprintln!("dpaudit: {} audit points recorded in {}; no verdict changed", f.points, f.path.display());
        } else {
            eprintln!("dpaudit: {} audit points recorded in {}; verdict changes:", f.points, f.path.display());
            for line in &f.changes {
                eprintln!("  {line}");
            }
        }
    }
    Ok(rec.points)
}

/// `verdict (A1,A3)`, or the bare verdict when no point is behind it.
fn with_points(verdict: &str, points: &[String]) -> String {
    if points.is_empty() {
        verdict.to_string()
    } else {
        format!("{verdict} ({})", points.join(","))
    }
}

/// The human table: one line per result (two verdicts with their points), then the findings.
fn table(rows: &[ListRow]) -> String {
    let head = ["paper", "result", "guarantee", "soundness", "statement", "function", "spec"];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            let g = serde_json::to_value(r.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            let short = r.function.trim_start_matches("crate::papers::").to_string();
            let s = with_points(r.soundness.name(), &r.soundness_points);
            let t = with_points(r.statement.name(), &r.statement_points);
            [r.paper.clone(), r.result.clone(), g, s, t, short, r.spec.clone()]
        })
        .collect();
    let mut w = head.map(|h| h.chars().count());
    for c in &cells {
        for (k, s) in c.iter().enumerate() {
            w[k] = w[k].max(s.chars().count());
        }
    }
    let line = |c: &[String]| -> String {
        let mut s = String::new();
        for (k, x) in c.iter().enumerate() {
            s.push_str(x);
            if k + 1 < c.len() {
                s.push_str(&" ".repeat(w[k] - x.chars().count() + 2));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&head.map(String::from));
    for c in &cells {
        out.push_str(&line(c));
    }
    let s = |v: Soundness| rows.iter().filter(|r| r.soundness == v).count();
    let t = |v: Statement| rows.iter().filter(|r| r.statement == v).count();
    out.push_str(&format!(
        "\n{} results. soundness: {} holds, {} unsound, {} inconclusive, {} not audited. statement: {} holds, {} defect found, {} inconclusive\n",
        rows.len(),
        s(Soundness::Holds),
        s(Soundness::Unsound),
        s(Soundness::Inconclusive),
        s(Soundness::NotAudited),
        t(Statement::Holds),
        t(Statement::DefectFound),
        t(Statement::Inconclusive)
    ));
    out.push_str(&findings_block(rows));
    out
}

/// Every finding once (by point, in first-listed order), with its kind and the results it
/// concerns: `A16 [counterexample; tests tightness] Theorem 6.1: summary`.
fn findings_block(rows: &[ListRow]) -> String {
    let mut seen: Vec<(String, String, String, Vec<String>)> = Vec::new();
    for r in rows {
        for f in &r.findings {
            match seen.iter_mut().find(|(id, kind, summary, _)| *id == f.id && kind == f.kind.name() && *summary == f.summary) {
                Some(e) => e.3.push(r.result.clone()),
                None => seen.push((f.id.clone(), f.kind.name().to_string(), f.summary.clone(), vec![r.result.clone()])),
            }
        }
    }
    if seen.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nfindings:\n");
    for (id, kind, summary, results) in &seen {
        out.push_str(&format!("  {id} [{kind}] {}: {summary}\n", results.join(", ")));
    }
    out
}

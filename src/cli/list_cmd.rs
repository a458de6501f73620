//! `dpaudit list`: every implemented result of every paper with its guarantee and the verdict of
//! its latest audit ([`crate::papers::registry`]). Presentation only.

use super::EXIT_OK;
use crate::papers::registry::{self, ListRow};
use crate::papers::{AuditPoint, Verdict};
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

Verdicts: holds (checked numerically, every case held), counterexample (a concrete instance
violates the statement as printed), inconclusive, not_audited. A result's verdict is the worst
over the audit points that concern it. Without --verdicts the recorded verdicts embedded at
build time are shown. Exit status: 0 success; 2 input error; 130 interrupted (nothing written).";

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

/// The human table: one line per result.
fn table(rows: &[ListRow]) -> String {
    let head = ["paper", "result", "guarantee", "verdict", "points", "function", "spec"];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            let g = serde_json::to_value(r.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            let short = r.function.trim_start_matches("crate::papers::").to_string();
            [r.paper.clone(), r.result.clone(), g, r.audit_verdict.name().to_string(), r.audit_points.join(","), short, r.spec.clone()]
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
    let n = |v: Verdict| rows.iter().filter(|r| r.audit_verdict == v).count();
    out.push_str(&format!(
        "\n{} results: {} holds, {} counterexample, {} inconclusive, {} not audited\n",
        rows.len(),
        n(Verdict::Holds),
        n(Verdict::Counterexample),
        n(Verdict::Inconclusive),
        n(Verdict::NotAudited)
    ));
    out
}

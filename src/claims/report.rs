//! Exporters of a claims audit: JSON (one object per row), a Markdown report and the text table
//! printed by `dpaudit claims`. Reports are bytes before they are files; the CLI writes them.
//! The JSON schema is documented in `docs/claims.md`.

use super::margin::{margin, violation, Violation, BEYOND_ROUNDING};
use super::result::ClaimVerdict;
use super::verdict::Verdict;
use crate::num::Interval;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Version of the JSON row schema (bumped on incompatible changes).
pub const SCHEMA_VERSION: u32 = 1;

use crate::num::fmt::json_number as num;

fn interval(iv: &Interval) -> Value {
    json!({ "lower": num(iv.lower), "upper": num(iv.upper) })
}

/// One row as a JSON object.
pub fn row_json(v: &ClaimVerdict) -> Value {
    let m = margin(v);
    let mc = v.mc_evidence.as_ref().map(|e| {
        json!({
            "delta": interval(&e.delta),
            "confidence": num(e.confidence),
            "p_value": num(e.p_value),
            "holm_rejected": e.holm_rejected,
            "family_size": e.family_size,
            "samples": e.samples,
            "seed": e.seed,
            "method": e.method,
        })
    });
    json!({
        "id": v.id,
        "line": v.line,
        "accountant": v.accountant,
        "mechanism": v.mechanism,
        "noise_multiplier": num(v.noise_multiplier),
        "sensitivity": num(v.sensitivity),
        "sampling_rate": v.sampling_rate.map(num),
        "steps": v.steps,
        "epsilon": num(v.epsilon),
        "delta": num(v.delta),
        "verdict": v.verdict.name(),
        "true_epsilon": interval(&v.true_epsilon),
        "true_delta": interval(&v.true_delta),
        "tightness": v.tightness.map(num),
        "excess": { "epsilon": interval(&m.epsilon), "delta": interval(&m.delta) },
        "violation": violation(v).map(violation_name),
        "method": v.route.name(),
        "method_detail": v.method,
        "mc_evidence": mc,
        "seconds": num(v.seconds),
        "notes": v.notes,
    })
}

/// JSON name of a violation kind.
fn violation_name(k: Violation) -> &'static str {
    match k {
        Violation::Beyond => "beyond_rounding",
        Violation::WithinRounding => "within_rounding",
    }
}

/// The JSON array printed by `dpaudit claims --json` (one object per row, input order).
pub fn to_json(rows: &[ClaimVerdict]) -> Value {
    Value::Array(rows.iter().map(row_json).collect())
}

/// Counts per verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub sound: usize,
    pub unsound: usize,
    pub inconclusive: usize,
    /// Rows the time budget did not reach (issue 14, F5).
    pub not_checked: usize,
}

impl Counts {
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a ClaimVerdict>) -> Counts {
        let mut c = Counts::default();
        for r in rows {
            c.add(r.verdict);
        }
        c
    }

    fn add(&mut self, v: Verdict) {
        match v {
            Verdict::Sound => self.sound += 1,
            Verdict::Unsound => self.unsound += 1,
            Verdict::Inconclusive => self.inconclusive += 1,
            Verdict::NotChecked => self.not_checked += 1,
        }
    }

    fn to_json(self) -> Value {
        json!({ "sound": self.sound, "unsound": self.unsound, "inconclusive": self.inconclusive, "not_checked": self.not_checked })
    }
}

/// The report file `claims_report.json`: schema version, source, totals, per-accountant counts,
/// and the rows of [`to_json`].
pub fn to_report_json(rows: &[ClaimVerdict], source: &str, total_seconds: f64) -> Value {
    let c = Counts::of(rows);
    let per: BTreeMap<&str, Counts> = per_accountant(rows);
    let per_json: serde_json::Map<String, Value> = per
        .iter()
        .map(|(a, c)| (a.to_string(), c.to_json()))
        .collect();
    let (beyond, within) = unsound_split(rows);
    let summary = json!({
        "claims": rows.len(), "sound": c.sound, "unsound": c.unsound, "inconclusive": c.inconclusive, "not_checked": c.not_checked,
        "unsound_beyond_rounding": beyond, "unsound_within_rounding": within, "rounding_threshold": BEYOND_ROUNDING,
    });
    json!({
        "schema_version": SCHEMA_VERSION,
        "source": source,
        "total_seconds": num(total_seconds),
        "summary": summary,
        "per_accountant": per_json,
        "claims": to_json(rows),
    })
}

fn per_accountant(rows: &[ClaimVerdict]) -> BTreeMap<&str, Counts> {
    let mut per: BTreeMap<&str, Counts> = BTreeMap::new();
    for r in rows {
        per.entry(r.accountant.as_str()).or_default().add(r.verdict);
    }
    per
}

/// A number for tables: 7 significant digits, scientific outside [1e-3, 1e5).
pub fn fmt_num(x: f64) -> String {
    crate::num::fmt::fmt_sig(x, 7, 1e5)
}

fn fmt_iv(iv: &Interval) -> String {
    format!("[{}, {}]", fmt_num(iv.lower), fmt_num(iv.upper))
}

fn cells(v: &ClaimVerdict) -> Vec<String> {
    vec![
        v.id.clone(),
        v.accountant.clone(),
        v.verdict.name().to_string(),
        fmt_num(v.epsilon),
        fmt_iv(&v.true_epsilon),
        v.tightness.map(|t| format!("{t:.4}")).unwrap_or_else(|| "-".into()),
        fmt_excess(&margin(v).epsilon),
        fmt_excess(&margin(v).delta),
        v.route.name().to_string(),
    ]
}

const HEADER: [&str; 9] = ["id", "accountant", "verdict", "claimed ε", "true ε at claimed δ", "tightness", "ε_true/ε_c − 1", "δ_true/δ_c − 1", "method"];

/// A relative excess interval with 3 significant digits, scientific (its size is the point).
fn fmt_excess(iv: &Interval) -> String {
    let f = |x: f64| crate::num::fmt::fmt_sig(x, 3, 0.0);
    format!("[{}, {}]", f(iv.lower), f(iv.upper))
}

/// Unsound rows split by [`violation`]: (beyond rounding, within rounding).
fn unsound_split(rows: &[ClaimVerdict]) -> (usize, usize) {
    let kinds: Vec<Violation> = rows.iter().filter_map(violation).collect();
    let beyond = kinds.iter().filter(|k| **k == Violation::Beyond).count();
    (beyond, kinds.len() - beyond)
}

/// The text table printed on stdout, followed by the one-line summary.
pub fn to_table(rows: &[ClaimVerdict]) -> String {
    let body: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let mut width: Vec<usize> = HEADER.iter().map(|h| h.chars().count()).collect();
    for r in &body {
        for (k, c) in r.iter().enumerate() {
            width[k] = width[k].max(c.chars().count());
        }
    }
    let line = |cs: &[String]| {
        let mut s = String::new();
        for (k, c) in cs.iter().enumerate() {
            s.push_str(c);
            if k + 1 < cs.len() {
                s.push_str(&" ".repeat(width[k] - c.chars().count() + 2));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&HEADER.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    for r in &body {
        out.push_str(&line(r));
    }
    out.push_str(&status_line(rows));
    out.push('\n');
    out
}

/// One status line for logs: `claims: 200 rows — 150 sound, 3 unsound, 47 inconclusive`, with
/// `, N not checked` appended when the time budget did not reach every row.
pub fn status_line(rows: &[ClaimVerdict]) -> String {
    let c = Counts::of(rows);
    let mc = rows.iter().filter(|r| r.mc_evidence.as_ref().is_some_and(|e| e.holm_rejected)).count();
    let mut s = format!("claims: {} rows — {} sound, {} unsound", rows.len(), c.sound, c.unsound);
    if c.unsound > 0 {
        let (beyond, within) = unsound_split(rows);
        s.push_str(&format!(" ({beyond} by more than {BEYOND_ROUNDING:e} relative, {within} within it: rounding of the claim's digits)"));
    }
    s.push_str(&format!(", {} inconclusive", c.inconclusive));
    if c.not_checked > 0 {
        s.push_str(&format!(", {} not checked", c.not_checked));
    }
    if mc > 0 {
        s.push_str(&format!(" ({mc} inconclusive with Monte Carlo evidence of a violation)"));
    }
    s
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The Markdown report `claims_report.md`: summary first, then per-accountant counts, the table
/// of rows, and the details of every unsound or inconclusive row. When the time budget did not
/// reach every row, the counts get a `not_checked` row and column and the summary says so (the
/// rows are in the table; they have no details).
pub fn to_markdown(rows: &[ClaimVerdict], source: &str) -> String {
    let c = Counts::of(rows);
    let partial = c.not_checked > 0;
    let mut s = format!("# dpaudit claims report\n\nSource: `{}`\n\n{}\n\n", md_escape(source), status_line(rows));
    if partial {
        s.push_str(&format!(
            "**Incomplete run:** the time budget ran out before {} of {} rows were checked; they are reported `not_checked` (neither sound nor unsound).\n\n",
            c.not_checked,
            rows.len()
        ));
    }
    s.push_str("| verdict | rows |\n|---|---|\n");
    s.push_str(&format!("| sound | {} |\n| unsound | {} |\n| inconclusive | {} |\n", c.sound, c.unsound, c.inconclusive));
    if partial {
        s.push_str(&format!("| not_checked | {} |\n", c.not_checked));
    }
    s.push('\n');
    let (extra_head, extra_rule) = if partial { (" not_checked |", "---|") } else { ("", "") };
    s.push_str(&format!("## Per accountant\n\n| accountant | sound | unsound | inconclusive |{extra_head}\n|---|---|---|---|{extra_rule}\n"));
    for (a, k) in per_accountant(rows) {
        let extra = if partial { format!(" {} |", k.not_checked) } else { String::new() };
        s.push_str(&format!("| {} | {} | {} | {} |{extra}\n", md_escape(a), k.sound, k.unsound, k.inconclusive));
    }
    s.push_str("\n## Claims\n\n| id | accountant | mechanism | σ | q | T | claimed ε | claimed δ | verdict | true ε at claimed δ | true δ at claimed ε | tightness | ε_true/ε_c − 1 | δ_true/δ_c − 1 | method |\n");
    s.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for r in rows {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | **{}** | {} | {} | {} | {} | {} | {} |\n",
            md_escape(&r.id),
            md_escape(&r.accountant),
            r.mechanism,
            fmt_num(r.noise_multiplier),
            r.sampling_rate.map(fmt_num).unwrap_or_else(|| "-".into()),
            r.steps,
            fmt_num(r.epsilon),
            fmt_num(r.delta),
            r.verdict.name(),
            fmt_iv(&r.true_epsilon),
            fmt_iv(&r.true_delta),
            r.tightness.map(|t| format!("{t:.4}")).unwrap_or_else(|| "-".into()),
            fmt_excess(&margin(r).epsilon),
            fmt_excess(&margin(r).delta),
            r.route.name(),
        ));
    }
    let flagged: Vec<&ClaimVerdict> = rows.iter().filter(|r| matches!(r.verdict, Verdict::Unsound | Verdict::Inconclusive)).collect();
    if !flagged.is_empty() {
        s.push_str("\n## Unsound and inconclusive rows\n\n");
        for r in flagged {
            s.push_str(&format!("### {} ({}, line {}): {}\n\n", md_escape(&r.id), md_escape(&r.accountant), r.line, r.verdict.name()));
            s.push_str(&format!("- method: {}\n", md_escape(&r.method)));
            if let Some(k) = violation(r) {
                let how = match k {
                    Violation::Beyond => format!("by more than {BEYOND_ROUNDING:e} relative"),
                    Violation::WithinRounding => format!("by at most {BEYOND_ROUNDING:e} relative (rounding of the claim's printed digits, not a formula error)"),
                };
                s.push_str(&format!("- violation: certified relative excess {} — {how}\n", crate::num::fmt::fmt_sig(margin(r).certified_violation(), 3, 0.0)));
            }
            if let Some(e) = &r.mc_evidence {
                s.push_str(&format!(
                    "- Monte Carlo: δ(ε_claim) ∈ {} at confidence {}, p-value {:.3e}, Holm-rejected over {} rows: {}\n",
                    fmt_iv(&e.delta),
                    e.confidence,
                    e.p_value,
                    e.family_size,
                    e.holm_rejected
                ));
            }
            for n in &r.notes {
                s.push_str(&format!("- {}\n", md_escape(n)));
            }
            s.push('\n');
        }
    }
    s
}

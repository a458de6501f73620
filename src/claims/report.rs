//! Exporters of a claims audit: JSON (one object per row), a Markdown report and the text table
//! printed by `dpaudit claims`. Reports are bytes before they are files; the CLI writes them.
//! The JSON schema is documented in `docs/claims.md`.

use super::margin::{margin, violation, Violation, BEYOND_ROUNDING};
use super::result::ClaimVerdict;
use super::kind::ClaimKind;
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
    let divergence = !v.kind.is_eps_delta();
    let eps_num = |x: f64| if divergence { Value::Null } else { num(x) };
    let eps_iv = |iv: &Interval| if divergence { Value::Null } else { interval(iv) };
    let mut excess = json!({ "epsilon": eps_iv(&m.epsilon), "delta": eps_iv(&m.delta) });
    if let Some(x) = &m.value {
        excess["value"] = interval(x);
    }
    json!({
        "id": v.id,
        "line": v.line,
        "kind": v.kind.name(),
        "order": v.kind.order().map(num),
        "value": v.kind.value().map(num),
        "true_value": v.kind_truth.as_ref().map(interval),
        "sigma_min": v.sigma_min.as_ref().map(interval),
        "sigma_tightness": v.sigma_tightness().as_ref().map(interval),
        "accountant": v.accountant,
        "mechanism": v.mechanism,
        "noise_multiplier": num(v.noise_multiplier),
        "sensitivity": num(v.sensitivity),
        "sampling_rate": v.sampling_rate.map(num),
        "steps": v.steps,
        "epsilon": eps_num(v.epsilon),
        "delta": eps_num(v.delta),
        "verdict": v.verdict.name(),
        "true_epsilon": eps_iv(&v.true_epsilon),
        "true_delta": eps_iv(&v.true_delta),
        "tightness": v.tightness.map(num),
        "excess": excess,
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

/// The claimed value of a row in words: `ε = …` is implied by the column for (ε, δ) rows;
/// divergence kinds show `ρ = … (α = …)` or `μ = …`.
fn claimed_cell(v: &ClaimVerdict) -> String {
    match v.kind {
        ClaimKind::Rdp { order, value } => format!("ρ={} (α={})", fmt_num(value), fmt_num(order)),
        ClaimKind::Zcdp { rho } => format!("ρ={}", fmt_num(rho)),
        ClaimKind::Gdp { mu } => format!("μ={}", fmt_num(mu)),
        ClaimKind::EpsDelta | ClaimKind::Calibration => fmt_num(v.epsilon),
    }
}

/// The certified truth of a row: the kind's value for divergence kinds, else ε at the claimed δ.
fn truth_cell(v: &ClaimVerdict) -> String {
    match (v.kind.is_eps_delta(), &v.kind_truth) {
        (false, Some(t)) => fmt_iv(t),
        (false, None) => "-".into(),
        (true, _) => fmt_iv(&v.true_epsilon),
    }
}

/// The kind column: the kind, and for calibration rows the certified σ_min.
fn kind_cell(v: &ClaimVerdict) -> String {
    match (&v.kind, &v.sigma_min) {
        (ClaimKind::Calibration, Some(s)) => format!("calibration σ_min∈{}", fmt_iv(s)),
        (k, _) => k.name().to_string(),
    }
}

fn cells(v: &ClaimVerdict, with_kind: bool) -> Vec<String> {
    let m = margin(v);
    let (first, second) = match m.value {
        Some(x) => (fmt_excess(&x), "-".to_string()),
        None => (fmt_excess(&m.epsilon), fmt_excess(&m.delta)),
    };
    let mut c = vec![v.id.clone(), v.accountant.clone(), v.verdict.name().to_string()];
    if with_kind {
        c.push(kind_cell(v));
    }
    c.extend([claimed_cell(v), truth_cell(v), v.tightness.map(|t| format!("{t:.4}")).unwrap_or_else(|| "-".into()), first, second, v.route.name().to_string()]);
    c
}

const HEADER: [&str; 9] = ["id", "accountant", "verdict", "claimed ε", "true ε at claimed δ", "tightness", "ε_true/ε_c − 1", "δ_true/δ_c − 1", "method"];

/// Header of a table with kinds other than (ε, δ) (issue 12): a `kind` column, and the claimed
/// and true columns and the first margin carry the kind's value.
const HEADER_KINDS: [&str; 10] = ["id", "accountant", "verdict", "kind", "claimed (ε or ρ/μ)", "certified truth", "tightness", "excess ε or value", "δ_true/δ_c − 1", "method"];

fn has_kinds(rows: &[ClaimVerdict]) -> bool {
    rows.iter().any(|r| r.kind != ClaimKind::EpsDelta)
}

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
    let with_kind = has_kinds(rows);
    let header: &[&str] = if with_kind { &HEADER_KINDS } else { &HEADER };
    let body: Vec<Vec<String>> = rows.iter().map(|r| cells(r, with_kind)).collect();
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
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
    let mut out = line(&header.iter().map(|s| s.to_string()).collect::<Vec<_>>());
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
        let dash = !r.kind.is_eps_delta();
        let ed = |x: String| if dash { "-".to_string() } else { x };
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | **{}** | {} | {} | {} | {} | {} | {} |\n",
            md_escape(&r.id),
            md_escape(&r.accountant),
            r.mechanism,
            fmt_num(r.noise_multiplier),
            r.sampling_rate.map(fmt_num).unwrap_or_else(|| "-".into()),
            r.steps,
            ed(fmt_num(r.epsilon)),
            ed(fmt_num(r.delta)),
            r.verdict.name(),
            ed(fmt_iv(&r.true_epsilon)),
            ed(fmt_iv(&r.true_delta)),
            r.tightness.map(|t| format!("{t:.4}")).unwrap_or_else(|| "-".into()),
            ed(fmt_excess(&margin(r).epsilon)),
            ed(fmt_excess(&margin(r).delta)),
            r.route.name(),
        ));
    }
    if has_kinds(rows) {
        s.push_str("\n## Claim kinds\n\nRows whose kind is not (ε, δ): the claimed value of the kind (ρ of `rdp`/`zcdp` at order α, μ of `gdp`), its certified true value and relative excess; calibration rows: the certified smallest σ and σ_claim/σ_min.\n\n| id | kind | order α | claimed value | certified truth | value_true/value_c − 1 | σ_min | σ_c/σ_min |\n|---|---|---|---|---|---|---|---|\n");
        for r in rows.iter().filter(|r| r.kind != ClaimKind::EpsDelta) {
            let dash = || "-".to_string();
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
                md_escape(&r.id),
                r.kind.name(),
                r.kind.order().map(fmt_num).unwrap_or_else(dash),
                r.kind.value().map(fmt_num).unwrap_or_else(dash),
                r.kind_truth.as_ref().map(fmt_iv).unwrap_or_else(dash),
                margin(r).value.as_ref().map(fmt_excess).unwrap_or_else(dash),
                r.sigma_min.as_ref().map(fmt_iv).unwrap_or_else(dash),
                r.sigma_tightness().as_ref().map(fmt_iv).unwrap_or_else(dash),
            ));
        }
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

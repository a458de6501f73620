//! The SVG plots of an audit report (files under `plots/` of `--out DIR`):
//!
//! * `claims-<check>-<group>.svg` — per (mechanism, parameters, steps) group of a claims check:
//!   the certified band `[lower, upper]` of the true ε(δ) (x: δ, log scale; y: ε), computed once
//!   per group by the certified FFT accountant, and every claimed `(δ, ε)` point, coloured by
//!   accountant and shaped by verdict (circle sound, hollow square inconclusive, large outlined
//!   triangle unsound). A point below the band is unsound, above it sound.
//! * `tightness-<check>-<accountant>.svg` — per accountant, the histogram of
//!   `claimed ε / certified upper true ε` over its rows (red line at 1: a claim left of it
//!   undercuts the truth's upper bound; far right means loose).
//! * `experiments/<file>` — a paper check with `experiments = "quick"|"full"`: the paper's
//!   experiments recomputed (CSV tables and SVG plots, e.g. `merging_mnist_rs_thm51.svg`).

use super::claims_check::ClaimsOutcome;
use super::engine::{AuditReport, Outcome};
use super::plots::{claims_chart_svg, histogram_svg, Band, ClaimPoint, ClaimsChart};
use crate::error::Result;

/// A plot of the report: its path relative to the report directory and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotRef {
    /// `plots/<name>.svg`.
    pub file: String,
    /// Name of the check it belongs to.
    pub check: String,
    /// `claims_band`, `tightness_histogram`, `paper_experiment_table` (CSV) or
    /// `paper_experiment_plot` (SVG).
    pub kind: &'static str,
    pub title: String,
}

/// File-name-safe slug: `σ=` → `s`, other `=` dropped, spaces → `-`; ASCII letters, digits, `.`
/// and `-` kept, anything else `_`.
pub fn slug(s: &str) -> String {
    s.replace("σ=", "s").replace('=', "").replace(' ', "-").chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c.to_ascii_lowercase() } else { '_' }).collect()
}

/// Render every plot of the report. A plot that cannot be drawn (nothing plottable) is left out.
pub fn render(a: &AuditReport) -> Vec<(PlotRef, String)> {
    let mut out = Vec::new();
    for r in &a.results {
        if let Outcome::Claims { outcome: Some(o), .. } = &r.outcome {
            out.extend(claims_plots(&r.name, o));
        }
        if let Outcome::Paper { paper, experiments, .. } = &r.outcome {
            for (name, text) in experiments {
                let kind = if name.ends_with(".csv") { "paper_experiment_table" } else { "paper_experiment_plot" };
                out.push((PlotRef { file: format!("experiments/{name}"), check: r.name.clone(), kind, title: format!("{paper}: {name}") }, text.clone()));
            }
        }
    }
    out
}

fn claims_plots(check: &str, o: &ClaimsOutcome) -> Vec<(PlotRef, String)> {
    let mut out = Vec::new();
    let mut push = |kind: &'static str, name: String, title: String, svg: Result<String>| {
        if let Ok(svg) = svg {
            out.push((PlotRef { file: format!("plots/{name}.svg"), check: check.to_string(), kind, title }, svg));
        }
    };
    for b in &o.bands {
        let claims = b
            .rows
            .iter()
            .map(|&i| &o.rows[i].verdict)
            .map(|v| ClaimPoint { accountant: v.accountant.clone(), delta: v.delta, epsilon: v.epsilon, verdict: v.verdict })
            .collect();
        let band = if b.points.is_empty() { None } else { Some(Band { name: "certified true ε(δ)".into(), points: b.points.clone() }) };
        let title = format!("{} — claims vs certified ε(δ)", b.label);
        let chart = ClaimsChart { title: title.clone(), band, claims };
        push("claims_band", format!("claims-{}-{}", slug(check), slug(&b.label)), title, claims_chart_svg(&chart));
    }
    let mut accountants: Vec<&str> = Vec::new();
    for r in &o.rows {
        if !accountants.contains(&r.verdict.accountant.as_str()) {
            accountants.push(&r.verdict.accountant);
        }
    }
    for acc in accountants {
        let t: Vec<f64> = o.rows.iter().filter(|r| r.verdict.accountant == acc).filter_map(|r| r.verdict.tightness).collect();
        if t.is_empty() {
            continue;
        }
        let title = format!("{acc}: tightness (claimed ε / certified upper true ε), {} rows", t.len());
        push("tightness_histogram", format!("tightness-{}-{}", slug(check), slug(acc)), title.clone(), histogram_svg(&title, "claimed ε / upper true ε", &t, 20, Some(1.0)));
    }
    out
}

//! Markdown and JSON renderings of a [`CompareReport`] (bytes only; writing is the caller's job,
//! all or nothing through [`crate::outfiles`]).
//!
//! Numbers shown: ε to 6 decimals; dpaudit's certified interval with its lower end rounded down
//! and its upper end rounded up at the shown digits (the printed interval still encloses the
//! truth); tightness as `[claim/ε_U, claim/ε_L]` (outward) with `claim/midpoint`; times in
//! seconds to 3 significant digits; ratio `accountant ÷ dpaudit` of the medians.

use super::result::{CompareReport, PeerRow, WorkloadResult, DPAUDIT};
use crate::claims::Verdict;
use serde_json::json;

/// File names of the report.
pub const MARKDOWN: &str = "compare.md";
pub const JSON: &str = "compare.json";

/// How the times are taken (stated in both renderings).
pub const TIMING_NOTE: &str = "dpaudit: wall-clock time in-process around the library call crate::pld::epsilon_interval (discretisation, composition, conversion; certified default options). Python accountants: time.perf_counter inside adapters/python/compare_runner.py around the accountant's computation for the workload (building the accountant, composing, converting to ε); interpreter start and imports excluded.";

/// What the verdicts mean (stated in both renderings).
pub const VERDICT_NOTE: &str = "An accountant's ε is an upper-bound claim on the true ε(δ). unsound: below dpaudit's certified lower end (by more than the relative tolerance 1e-9); sound: at or above the certified upper end; inconclusive: inside the certified interval.";

/// `x` rounded down at `d` decimals, as text.
pub fn fmt_down(x: f64, d: usize) -> String {
    let s = 10f64.powi(d as i32);
    if !x.is_finite() {
        return format!("{x}");
    }
    format!("{:.d$}", (x * s).floor() / s)
}

/// `x` rounded up at `d` decimals, as text.
pub fn fmt_up(x: f64, d: usize) -> String {
    let s = 10f64.powi(d as i32);
    if !x.is_finite() {
        return format!("{x}");
    }
    format!("{:.d$}", (x * s).ceil() / s)
}

/// Seconds to 3 significant digits.
pub fn fmt_secs(s: f64) -> String {
    if !(s.is_finite() && s > 0.0) {
        return format!("{s}");
    }
    let digits = (2 - s.log10().floor() as i32).max(0) as usize;
    format!("{s:.digits$}")
}

fn verdict_name(v: Option<Verdict>) -> &'static str {
    v.map_or("–", |v| v.name())
}

fn peer_value(p: &PeerRow) -> String {
    match (p.epsilon, p.lower, p.estimate) {
        (Some(e), Some(l), Some(m)) => format!("{e:.6} (lower {l:.6}, estimate {m:.6})"),
        (Some(e), Some(l), None) => format!("{e:.6} (lower {l:.6})"),
        (Some(e), ..) => format!("{e:.6}"),
        (None, ..) => "–".into(),
    }
}

fn workload_header(w: &WorkloadResult) -> String {
    let v = &w.workload;
    match v.selected {
        None => format!("q = {}, σ = {}, T = {}, δ = {:e}", v.sampling_rate, v.noise_multiplier, v.steps, v.delta),
        Some(k) => format!("allocation: each record in k = {k} of T = {} steps, σ = {}, δ = {:e}", v.steps, v.noise_multiplier, v.delta),
    }
}

fn certified_text(w: &WorkloadResult) -> String {
    match w.certified {
        Some(c) => format!("[{}, {}]", fmt_down(c.lower, 6), fmt_up(c.upper, 6)),
        None => "–".into(),
    }
}

/// The Markdown report.
pub fn markdown(rep: &CompareReport) -> String {
    let m = &rep.machine;
    let mut s = format!("# dpaudit compare — {}\n\n", rep.title);
    s.push_str(&format!(
        "Run {} on {} ({} logical cores, {}); dpaudit {}; Python: {}. Workloads: `{}`. {} repetition(s) per job, interleaved (repetition 1 of every accountant on workload 1, then on workload 2, …, then repetition 2, …).\n\n",
        m.date,
        m.cpu,
        m.cores,
        m.os,
        m.dpaudit_version,
        rep.python.as_deref().unwrap_or("none"),
        rep.workload_file,
        rep.reps
    ));
    let (sound, unsound, inconclusive, none) = rep.counts();
    s.push_str(&format!("**Verdicts:** {sound} sound, {unsound} unsound, {inconclusive} inconclusive, {none} without a verdict.\n\n"));

    s.push_str("## Summary\n\n");
    s.push_str(&format!("Per cell: median time, ε (verdict). {DPAUDIT}: median time, certified ε interval.\n\n"));
    // One column per accountant that has a row in some workload (an accountant analyses one scheme only:
    // Poisson or allocation); a cell is looked up by accountant, "n/a" where it does not apply.
    let columns: Vec<_> = rep.accountants.iter().map(|a| a.accountant).filter(|a| rep.workloads.iter().any(|w| w.peers.iter().any(|p| p.accountant == *a))).collect();
    s.push_str(&format!("| workload | {DPAUDIT} |"));
    for a in &columns {
        s.push_str(&format!(" {} |", a.name()));
    }
    s.push_str("\n|---|---|");
    s.push_str(&"---|".repeat(columns.len()));
    s.push('\n');
    for w in &rep.workloads {
        let t = w.dpaudit_timing.map_or("–".into(), |t| format!("{} s", fmt_secs(t.median)));
        s.push_str(&format!("| {} | {t}, {} |", workload_header(w), certified_text(w)));
        for a in &columns {
            match w.peers.iter().find(|p| p.accountant == *a).map(|p| (p.epsilon, p.timing, p.verdict)) {
                Some((Some(e), Some(t), v)) => s.push_str(&format!(" {} s, {e:.6} ({}) |", fmt_secs(t.median), verdict_name(v))),
                Some(_) => s.push_str(" skipped |"),
                None => s.push_str(" n/a |"),
            }
        }
        s.push('\n');
    }

    s.push_str("\n## Accountants\n\n| accountant | version | setting |\n|---|---|---|\n");
    s.push_str(&format!("| {DPAUDIT} | {} | certified FFT privacy-loss distribution (crate::pld::epsilon_interval, default options); allocation workloads: papers::balanced_iteration::section_3_3::hockey_stick::certified_epsilon |\n", m.dpaudit_version));
    for a in &rep.accountants {
        match (&a.version, &a.skipped) {
            (Some(v), _) => s.push_str(&format!("| {} | {v} | {} |\n", a.accountant.name(), a.setting)),
            (None, why) => s.push_str(&format!("| {} | – | skipped: {} |\n", a.accountant.name(), md_cell(why.as_deref().unwrap_or("")))),
        }
    }

    s.push_str("\n## Results per workload\n");
    for (i, w) in rep.workloads.iter().enumerate() {
        s.push_str(&format!("\n### {}. {} ({})\n\n", i + 1, w.workload.name, workload_header(w)));
        match (w.certified, w.dpaudit_timing) {
            (Some(c), Some(t)) => s.push_str(&format!(
                "{DPAUDIT}: certified ε(δ) ∈ {} (width {:.3e}, relative width {:.3e}); time min {} s, median {} s.\n\n",
                certified_text(w),
                c.width(),
                c.width() / c.midpoint(),
                fmt_secs(t.min),
                fmt_secs(t.median)
            )),
            _ => s.push_str(&format!("{DPAUDIT}: no certified interval; no verdicts for this workload.\n\n")),
        }
        for n in &w.dpaudit_notes {
            s.push_str(&format!("- {DPAUDIT}: {}\n", md_cell(n)));
        }
        if !w.dpaudit_notes.is_empty() {
            s.push('\n');
        }
        s.push_str("| accountant | ε | verdict | tightness claim ÷ ε(δ) | ÷ midpoint | time min / median (s) | time ÷ dpaudit (median) | notes |\n|---|---|---|---|---|---|---|---|\n");
        for p in &w.peers {
            let tight = p.tightness.map_or("–".into(), |t| format!("[{}, {}]", fmt_down(t.lower, 5), fmt_up(t.upper, 5)));
            let mid = p.tightness_mid.map_or("–".into(), |t| format!("{t:.5}"));
            let time = p.timing.map_or("–".into(), |t| format!("{} / {}", fmt_secs(t.min), fmt_secs(t.median)));
            let ratio = p.ratio_median.map_or("–".into(), |r| format!("{r:.3}"));
            s.push_str(&format!(
                "| {} | {} | {} | {tight} | {mid} | {time} | {ratio} | {} |\n",
                p.accountant.name(),
                peer_value(p),
                verdict_name(p.verdict),
                md_cell(&p.notes.join("; "))
            ));
        }
    }

    s.push_str("\n## How to read this\n\n");
    s.push_str(&format!("- **Verdict.** {VERDICT_NOTE}\n"));
    s.push_str("- **Tightness** = claimed ε ÷ true ε(δ), shown as the interval over dpaudit's certified interval of ε(δ) (ends rounded outward) and as claim ÷ the interval's midpoint; > 1 means the accountant is more pessimistic than the truth.\n");
    s.push_str(&format!("- **Time.** {TIMING_NOTE} Min and median over the repetitions; the ratio is median(accountant) ÷ median(dpaudit), > 1 means slower than dpaudit. Interleaving spreads a drift of the machine's load over all accountants alike; absolute times still depend on the load.\n"));
    s.push_str("- prv_accountant reports (lower, estimate, upper); its upper is the claim judged here.\n");
    if !rep.notes.is_empty() {
        s.push_str("\n## Notes\n\n");
        for n in &rep.notes {
            s.push_str(&format!("- {}\n", md_cell(n)));
        }
    }
    s
}

/// Text safe inside a Markdown table cell (no `|`, one line).
fn md_cell(t: &str) -> String {
    t.replace('|', "\\|").replace('\n', " ")
}

/// The JSON report (schema `dpaudit-compare/1`).
pub fn json_value(rep: &CompareReport) -> serde_json::Value {
    let (sound, unsound, inconclusive, none) = rep.counts();
    json!({
        "schema": "dpaudit-compare/1",
        "title": rep.title,
        "workload_file": rep.workload_file,
        "reps": rep.reps,
        "machine": rep.machine,
        "python": rep.python,
        "timing": TIMING_NOTE,
        "verdicts": VERDICT_NOTE,
        "summary": { "sound": sound, "unsound": unsound, "inconclusive": inconclusive, "no_verdict": none },
        "accountants": rep.accountants,
        "workloads": rep.workloads,
        "notes": rep.notes,
    })
}

/// [`json_value`] pretty-printed, with a final newline.
pub fn json_text(rep: &CompareReport) -> String {
    let mut s = serde_json::to_string_pretty(&json_value(rep)).unwrap_or_default();
    s.push('\n');
    s
}

/// Every file of the report, as `(file name, bytes)`: Markdown, JSON and the SVG charts.
pub fn files(rep: &CompareReport) -> crate::Result<Vec<(&'static str, Vec<u8>)>> {
    let mut out = vec![(MARKDOWN, markdown(rep).into_bytes()), (JSON, json_text(rep).into_bytes())];
    for (name, svg) in super::plot::charts(rep)? {
        out.push((name, svg.into_bytes()));
    }
    Ok(out)
}

#[cfg(test)]
#[path = "report_test.rs"]
mod report_test;

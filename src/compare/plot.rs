//! SVG charts of a comparison (drawn with [`crate::audit::plots`]): tightness per workload
//! (`claim ÷ midpoint of dpaudit's certified interval`, with that interval as a band) and median
//! runtime per workload (log scale). The x axis is the workload's number in the report.

use super::result::{CompareReport, DPAUDIT};
use crate::audit::plots::{xy_chart_svg, Axis, Band, Series, XyChart};
use crate::error::Result;

/// File names of the charts.
pub const TIGHTNESS_SVG: &str = "compare_tightness.svg";
pub const RUNTIME_SVG: &str = "compare_runtime.svg";

/// The charts as `(file name, SVG)`; a chart with nothing to draw (no certified interval, no
/// timing) is left out.
pub fn charts(rep: &CompareReport) -> Result<Vec<(&'static str, String)>> {
    let mut out = Vec::new();
    if let Some(c) = tightness_chart(rep) {
        out.push((TIGHTNESS_SVG, xy_chart_svg(&c)?));
    }
    if let Some(c) = runtime_chart(rep) {
        out.push((RUNTIME_SVG, xy_chart_svg(&c)?));
    }
    Ok(out)
}

fn tightness_chart(rep: &CompareReport) -> Option<XyChart> {
    let mut band = Vec::new();
    for (i, w) in rep.workloads.iter().enumerate() {
        if let Some(c) = w.certified {
            let m = c.midpoint();
            if m > 0.0 && m.is_finite() {
                band.push(((i + 1) as f64, c.lower / m, c.upper / m));
            }
        }
    }
    if band.is_empty() {
        return None;
    }
    let series = rep
        .accountants
        .iter()
        .enumerate()
        .map(|(ai, a)| {
            let pts = rep.workloads.iter().enumerate().filter_map(|(i, w)| w.peers.get(ai).and_then(|p| p.tightness_mid).map(|t| ((i + 1) as f64, t))).collect();
            Series::markers(a.accountant.name(), pts)
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    Some(XyChart {
        title: "claimed ε ÷ midpoint of dpaudit's certified ε(δ)".into(),
        x: Axis::linear("workload"),
        y: Axis::linear("tightness"),
        bands: vec![Band { name: format!("{DPAUDIT} certified interval"), points: band }],
        series,
    })
}

fn runtime_chart(rep: &CompareReport) -> Option<XyChart> {
    let dp: Vec<(f64, f64)> = rep.workloads.iter().enumerate().filter_map(|(i, w)| w.dpaudit_timing.map(|t| ((i + 1) as f64, t.median))).collect();
    let mut series = vec![Series::markers(DPAUDIT, dp)];
    for (ai, a) in rep.accountants.iter().enumerate() {
        let pts = rep.workloads.iter().enumerate().filter_map(|(i, w)| w.peers.get(ai).and_then(|p| p.timing).map(|t| ((i + 1) as f64, t.median))).collect();
        series.push(Series::markers(a.accountant.name(), pts));
    }
    series.retain(|s| s.points.iter().any(|p| p.1 > 0.0));
    if series.is_empty() {
        return None;
    }
    Some(XyChart { title: format!("median compute time of {} repetitions", rep.reps), x: Axis::linear("workload"), y: Axis::log("seconds"), bands: vec![], series })
}

#[cfg(test)]
#[path = "plot_test.rs"]
mod plot_test;

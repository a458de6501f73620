//! Experiment of Section 5 of the mixtures f-DP paper (its Figure 2, spec §5.5): Theorem 5.1's
//! trade-off and δ(ε) curves for `μ_I = clip(1 − I, −c, c)` (a = 1, σ = 1), c ∈ {0.5, 1, 2} and
//! no clipping (Example D.1), versus the no-initialisation baseline `G_c`.

use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::error::{Error, Result};
use crate::papers::experiment::{Curve, DataTable, ExperimentOutput, ExperimentSize, PlotKind};
use std::sync::atomic::{AtomicBool, Ordering};

const CS: [f64; 4] = [0.5, 1.0, 2.0, f64::INFINITY];

fn label(c: f64) -> String {
    if c.is_finite() {
        format!("c = {c}")
    } else {
        "no clipping (D.1)".into()
    }
}

/// Theorem 5.1 curves versus the no-initialisation baseline: `theorem_5_1_tradeoff.csv` (per c,
/// `t, alpha, beta`, and `G_c(alpha)`; NaN-free: the baseline column is −1 for D.1, which has none),
/// `theorem_5_1_delta.csv` (δ_J(ε) and δ_{G_c}(ε)), and two SVG plots. Quick: 41 thresholds and
/// ε step 0.25; full: 101 and step 0.05. Errors: [`Error::Interrupted`] when `interrupt` is set.
pub fn theorem_5_1_curves(size: ExperimentSize, interrupt: &AtomicBool) -> Result<Vec<ExperimentOutput>> {
    let (nt, de): (usize, f64) = match size {
        ExperimentSize::Quick => (41usize, 0.25),
        ExperimentSize::Full => (101, 0.05),
    };
    let stop = || if interrupt.load(Ordering::Relaxed) { Err(Error::Interrupted) } else { Ok(()) };
    let mut rows = Vec::new();
    let mut curves = Vec::new();
    for c in CS {
        let sh = Shift::Clipped { a: 1.0, c, sigma: 1.0 };
        let base = no_init_baseline(&sh).ok();
        let mut pts = vec![(0.0, 1.0)];
        let mut bpts = vec![(0.0, 1.0)];
        for k in 0..nt {
            stop()?;
            let t = (-5.0 + 10.0 * k as f64 / (nt - 1) as f64).sinh();
            let (a, b) = theorem_5_1_alpha_beta(&sh, t)?;
            let g = match base {
                Some(g) => g.tradeoff(a)?,
                None => -1.0,
            };
            rows.push(vec![if c.is_finite() { c } else { -1.0 }, t, a, b, g]);
            pts.push((a, b));
            if g >= 0.0 {
                bpts.push((a, g));
            }
        }
        pts.push((1.0, 0.0));
        curves.push(Curve { label: format!("Theorem 5.1, {}", label(c)), points: pts });
        if base.is_some() {
            bpts.push((1.0, 0.0));
            curves.push(Curve { label: format!("no initialisation G_{c}"), points: bpts });
        }
    }
    let mut out = vec![
        ExperimentOutput::Table {
            file: "mixture_fdp_theorem_5_1_tradeoff.csv".into(),
            source: "Mixtures f-DP Theorem 5.1 (spec §5.2, §5.5): (alpha(t), beta(t)) of J for mu_I = clip(1 - I, -c, c), a = 1, sigma = 1, t = sinh(s) (c = -1: no clipping, Example D.1), and the no-initialisation baseline G_c(alpha(t)) (-1: none for D.1)".into(),
            table: DataTable { header: ["c", "t", "alpha", "beta_theorem_5_1", "beta_no_init"].iter().map(|s| s.to_string()).collect(), rows },
        },
        ExperimentOutput::Plot { file: "mixture_fdp_theorem_5_1_tradeoff.svg".into(), title: "Theorem 5.1 (random initialisation) vs c-GDP without it: a = 1, sigma = 1".into(), kind: PlotKind::Lines { x_label: "type I error alpha".into(), y_label: "type II error beta".into(), curves } },
    ];
    let mut drows = Vec::new();
    let mut dcurves: Vec<Curve> = CS.iter().map(|&c| Curve { label: format!("Theorem 5.1, {}", label(c)), points: Vec::new() }).collect();
    let mut gcurves: Vec<Curve> = CS[..3].iter().map(|&c| Curve { label: format!("no initialisation G_{c}"), points: Vec::new() }).collect();
    let ne = (4.0 / de).round() as usize;
    for k in 0..=ne {
        stop()?;
        let e = k as f64 * de;
        let mut row = vec![e];
        for (j, c) in CS.iter().enumerate() {
            let sh = Shift::Clipped { a: 1.0, c: *c, sigma: 1.0 };
            let d = theorem_5_1_delta(&sh, e)?;
            row.push(d);
            dcurves[j].points.push((e, d.log10()));
            if let Ok(g) = no_init_baseline(&sh) {
                let dg = g.delta(e)?;
                row.push(dg);
                gcurves[j].points.push((e, dg.log10()));
            }
        }
        drows.push(row);
    }
    dcurves.extend(gcurves);
    out.push(ExperimentOutput::Table {
        file: "mixture_fdp_theorem_5_1_delta.csv".into(),
        source: "Mixtures f-DP Theorem 5.1 (spec §5.2 [D], §5.5): delta_J(eps) = E_I[delta_G_|mu_I|(eps)] (rounded up) for mu_I = clip(1 - I, -c, c), a = 1, sigma = 1, and the no-initialisation baseline delta_{G_c}(eps)".into(),
        table: DataTable { header: ["eps", "delta_j_c0.5", "delta_gc_c0.5", "delta_j_c1", "delta_gc_c1", "delta_j_c2", "delta_gc_c2", "delta_j_d1"].iter().map(|s| s.to_string()).collect(), rows: drows },
    });
    out.push(ExperimentOutput::Plot { file: "mixture_fdp_theorem_5_1_delta.svg".into(), title: "log10 delta(eps): Theorem 5.1 vs no initialisation (a = 1, sigma = 1)".into(), kind: PlotKind::Lines { x_label: "eps".into(), y_label: "log10 delta".into(), curves: dcurves } });
    Ok(out)
}

//! A paper's experiments ([`crate::papers::experiment::ExperimentOutput`]) rendered to files:
//! tables to CSV, plot specifications to SVG (via [`super::plots`]); and written into a
//! directory, nothing written unless every file rendered.

use super::plots::{simplex_heatmap_svg, xy_chart_svg, Axis, Series, SimplexCell, XyChart};
use crate::error::{Error, Result};
use crate::papers::experiment::{DataTable, ExperimentOutput, PlotKind};
use std::path::{Path, PathBuf};

/// One rendered file: name (relative to the experiments directory) and contents.
pub type ExperimentFile = (String, String);

/// CSV text: a `# source: …` comment line, the header, one line per row (10 significant digits
/// in scientific notation, `inf` for infinities).
pub fn table_csv(source: &str, t: &DataTable) -> String {
    let mut s = format!("# source: {source}\n{}\n", t.header.join(","));
    for r in &t.rows {
        let cells: Vec<String> = r.iter().map(|v| if v.is_finite() { format!("{v:.10e}") } else { "inf".into() }).collect();
        s.push_str(&cells.join(","));
        s.push('\n');
    }
    s
}

/// SVG text of one plot.
pub fn plot_svg(title: &str, kind: &PlotKind) -> Result<String> {
    match kind {
        PlotKind::Lines { x_label, y_label, curves } => xy_chart_svg(&XyChart {
            title: title.into(),
            x: Axis::linear(x_label),
            y: Axis::linear(y_label),
            bands: vec![],
            series: curves.iter().map(|c| Series::line(&c.label, c.points.clone())).collect(),
        }),
        PlotKind::Simplex(g) => {
            let cells: Vec<SimplexCell> = g.cells.iter().map(|&(w, value)| SimplexCell { w, value }).collect();
            let corners = [g.corners[0].as_str(), g.corners[1].as_str(), g.corners[2].as_str()];
            simplex_heatmap_svg(title, corners, &g.value_label, &cells, g.resolution)
        }
    }
}

/// Render every output, in order. Errors: a plot that cannot be drawn.
pub fn render(outputs: &[ExperimentOutput]) -> Result<Vec<ExperimentFile>> {
    outputs
        .iter()
        .map(|o| match o {
            ExperimentOutput::Table { file, source, table } => Ok((file.clone(), table_csv(source, table))),
            ExperimentOutput::Plot { file, title, kind } => Ok((file.clone(), plot_svg(title, kind)?)),
        })
        .collect()
}

/// [`render`], then write every file into `dir` (created if missing; all files or none). Returns the paths written. Errors: I/O, as
/// [`render`].
pub fn write(dir: &Path, outputs: &[ExperimentOutput]) -> Result<Vec<PathBuf>> {
    let files = render(outputs)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::Io { path: dir.display().to_string(), message: e.to_string() })?;
    let paths: Vec<(PathBuf, &[u8])> = files.iter().map(|(name, text)| (dir.join(name), text.as_bytes())).collect();
    // All or nothing: every file goes to a temporary first and is renamed only when all succeeded.
    crate::outfiles::write_all(&paths)?;
    Ok(paths.into_iter().map(|(p, _)| p).collect())
}

#[cfg(test)]
#[path = "experiment_files_test.rs"]
mod experiment_files_test;

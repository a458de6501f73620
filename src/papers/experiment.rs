//! A paper's experiments as data: tables of numbers and the plots to draw from them. A paper
//! returns [`ExperimentOutput`]s; `audit::experiment_files` renders them to CSV and SVG and
//! writes the files. Nothing here draws or writes.

/// How much of an experiment to run: `quick` (coarse, for CI) or `full` (the nightly audit).
/// Each paper maps the size to its own grid resolutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExperimentSize {
    Quick,
    Full,
}

impl ExperimentSize {
    /// Parse the spec value `quick` or `full` (case-insensitive).
    pub fn parse(s: &str) -> Option<ExperimentSize> {
        match s.trim().to_ascii_lowercase().as_str() {
            "quick" => Some(ExperimentSize::Quick),
            "full" => Some(ExperimentSize::Full),
            _ => None,
        }
    }
}

/// A table of numbers: column names and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    pub header: Vec<String>,
    pub rows: Vec<Vec<f64>>,
}

impl DataTable {
    /// Index of the column `name`, if present.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

/// A named curve of `(x, y)` points, drawn as a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// Values on a lattice of the 2-simplex: each cell is a weight vector `w` (`w ≥ 0`, `Σw = 1`)
/// and a value; `resolution` is the lattice step `1/resolution` the cells were computed on.
#[derive(Clone, Debug, PartialEq)]
pub struct SimplexGrid {
    /// Label of the vertex `w = e_k`.
    pub corners: [String; 3],
    /// The quantity plotted (e.g. `ε`).
    pub value_label: String,
    pub cells: Vec<([f64; 3], f64)>,
    pub resolution: usize,
}

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum PlotKind {
    /// Curves on linear axes.
    Lines { x_label: String, y_label: String, curves: Vec<Curve> },
    /// A heat map on the 2-simplex.
    Simplex(SimplexGrid),
}

/// One output of an experiment, with its file name (relative to the experiments directory).
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentOutput {
    /// A CSV table; `source` is the text of its `# source:` comment line.
    Table { file: String, source: String, table: DataTable },
    /// An SVG plot.
    Plot { file: String, title: String, kind: PlotKind },
}

impl ExperimentOutput {
    /// The output's file name.
    pub fn file(&self) -> &str {
        match self {
            ExperimentOutput::Table { file, .. } | ExperimentOutput::Plot { file, .. } => file,
        }
    }
}

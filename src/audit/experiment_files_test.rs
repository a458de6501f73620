//! Rendering and writing experiment outputs: the CSV text is checked character by character
//! against a hand-written expectation; SVGs against their structure.

use super::*;
use crate::papers::experiment::{Curve, SimplexGrid};

fn outputs() -> Vec<ExperimentOutput> {
    let table = DataTable { header: vec!["w".into(), "eps".into()], rows: vec![vec![0.0, 1.5], vec![1.0, f64::INFINITY]] };
    let lines = PlotKind::Lines { x_label: "ε".into(), y_label: "MSE".into(), curves: vec![Curve { label: "a".into(), points: vec![(0.0, 1.0), (1.0, 2.0)] }] };
    let grid = SimplexGrid {
        corners: ["A".into(), "B".into(), "C".into()],
        value_label: "ε".into(),
        cells: vec![([1.0, 0.0, 0.0], 1.0), ([0.0, 1.0, 0.0], 2.0), ([0.0, 0.0, 1.0], 3.0)],
        resolution: 1,
    };
    vec![
        ExperimentOutput::Table { file: "t.csv".into(), source: "hand-made".into(), table },
        ExperimentOutput::Plot { file: "l.svg".into(), title: "lines".into(), kind: lines },
        ExperimentOutput::Plot { file: "s.svg".into(), title: "simplex".into(), kind: PlotKind::Simplex(grid) },
    ]
}

#[test]
fn csv_has_source_header_and_ten_digit_rows() {
    let files = render(&outputs()).unwrap();
    assert_eq!(files[0], ("t.csv".to_string(), "# source: hand-made\nw,eps\n0.0000000000e0,1.5000000000e0\n1.0000000000e0,inf\n".to_string()));
}

#[test]
fn write_creates_every_file_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("experiments");
    let paths = write(&sub, &outputs()).unwrap();
    let names: Vec<String> = paths.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(names, ["t.csv", "l.svg", "s.svg"]);
    for p in &paths[1..] {
        let text = std::fs::read_to_string(p).unwrap();
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{}", p.display());
    }
    assert!(std::fs::read_to_string(&paths[2]).unwrap().contains("simplex"));
}

#[test]
fn a_plot_that_cannot_be_drawn_writes_nothing() {
    let mut o = outputs();
    if let ExperimentOutput::Plot { kind: PlotKind::Simplex(g), .. } = &mut o[2] {
        g.resolution = 0;
    }
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("experiments");
    assert!(write(&sub, &o).is_err());
    assert!(!sub.exists());
}

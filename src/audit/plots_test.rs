//! The SVG plots are well-formed XML (parsed by `roxmltree`, independent of plotters) with the
//! expected elements; counts are worked out by hand from the inputs.

use super::*;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

fn count(doc: &roxmltree::Document, tag: &str, fill: Option<&str>) -> usize {
    doc.descendants().filter(|n| n.tag_name().name() == tag && fill.is_none_or(|f| n.attribute("fill").is_some_and(|a| a.eq_ignore_ascii_case(f)))).count()
}

fn texts(doc: &roxmltree::Document) -> String {
    doc.descendants().filter(|n| n.tag_name().name() == "text").filter_map(|n| n.text()).collect::<Vec<_>>().join("\n")
}

#[test]
fn band_chart_has_band_markers_and_escaped_title() {
    let chart = XyChart {
        title: "ε(δ) <band> & claims".into(),
        x: Axis::log("δ"),
        y: Axis::linear("ε"),
        bands: vec![Band { name: "certified".into(), points: vec![(1e-8, 5.0, 5.2), (1e-6, 4.5, 4.6), (1e-5, 4.0, 4.1)] }],
        // (0, 1) and (NaN, 1) cannot be drawn on a log x axis: skipped.
        series: vec![Series::markers("acc A", vec![(1e-5, 4.2), (1e-8, 4.9), (0.0, 1.0)]), Series::markers("acc B", vec![(1e-6, 4.55), (f64::NAN, 1.0)])],
    };
    let svg = xy_chart_svg(&chart).unwrap();
    let doc = parse(&svg);
    assert!(texts(&doc).contains("ε(δ) <band> & claims"), "title text (escaped in the file)");
    assert!(svg.contains("&lt;band&gt; &amp;"));
    assert!(count(&doc, "polygon", None) >= 1, "the band is a polygon");
    // Markers: 2 of A and 1 of B drawn in the plot, plus one legend marker per series.
    let a = format!("#{:02X}{:02X}{:02X}", palette(0).0, palette(0).1, palette(0).2);
    let b = format!("#{:02X}{:02X}{:02X}", palette(1).0, palette(1).1, palette(1).2);
    assert_eq!(count(&doc, "circle", Some(&a)), 2 + 1);
    assert_eq!(count(&doc, "circle", Some(&b)), 1 + 1);
    let t = texts(&doc);
    assert!(t.contains("acc A") && t.contains("acc B") && t.contains("certified"), "legend: {t}");
}

#[test]
fn nothing_plottable_is_a_typed_error() {
    let chart = XyChart { title: "t".into(), x: Axis::log("x"), y: Axis::linear("y"), bands: vec![], series: vec![Series::line("s", vec![(0.0, 1.0), (-1.0, 2.0)])] };
    assert!(matches!(xy_chart_svg(&chart), Err(Error::InvalidParameter { .. })));
    assert!(histogram_svg("h", "x", &[f64::NAN], 5, None).is_err());
    assert!(histogram_svg("h", "x", &[1.0], 0, None).is_err());
}

#[test]
fn histogram_bars_match_hand_counts() {
    // Values 0.1, 0.2, 0.25, 0.9 and marker 1.0: range padded by 5 % of 0.9 on each side,
    // [0.055, 1.045]; 3 bins of width 0.33: [0.055, 0.385) holds 3, [0.385, 0.715) none,
    // [0.715, 1.045] holds 1 → 2 bars.
    let svg = histogram_svg("tightness", "claimed / upper", &[0.1, 0.2, 0.25, 0.9], 3, Some(1.0)).unwrap();
    let doc = parse(&svg);
    let c = format!("#{:02X}{:02X}{:02X}", palette(0).0, palette(0).1, palette(0).2);
    assert_eq!(count(&doc, "rect", Some(&c)), 2);
    assert!(count(&doc, "polyline", Some("none")) + count(&doc, "path", None) + count(&doc, "line", None) >= 1, "marker line");
    assert!(texts(&doc).contains("tightness"));
}

#[test]
fn color_scale_stops() {
    assert_eq!(color_scale(0.0), RGBColor(68, 1, 84));
    assert_eq!(color_scale(0.5), RGBColor(33, 145, 140));
    assert_eq!(color_scale(1.0), RGBColor(253, 231, 37));
    assert_eq!(color_scale(f64::NAN), RGBColor(68, 1, 84));
    assert_eq!(color_scale(2.0), RGBColor(253, 231, 37));
}

#[test]
fn heat_map_cells_and_blank_cells() {
    let g = Grid { xs: vec![0.0, 1.0], ys: vec![0.0, 1.0], values: vec![vec![Some(0.0), Some(1.0)], vec![None, Some(0.5)]] };
    let svg = heatmap_svg("grid", &Axis::linear("a"), &Axis::linear("b"), "v", &g).unwrap();
    let doc = parse(&svg);
    // Minimum → first stop, maximum → last stop, 0.5 → middle stop; the None cell is not drawn.
    assert_eq!(count(&doc, "rect", Some("#440154")), 1);
    assert_eq!(count(&doc, "rect", Some("#FDE725")), 1);
    assert_eq!(count(&doc, "rect", Some("#21918C")), 1);
    let bad = Grid { xs: vec![0.0], ys: vec![0.0, 1.0], values: vec![vec![Some(1.0)]] };
    assert!(heatmap_svg("g", &Axis::linear("a"), &Axis::linear("b"), "v", &bad).is_err());
}

#[test]
fn simplex_heat_map_draws_every_lattice_point() {
    // Resolution 2: the 6 points (i, j, k)/2 with i + j + k = 2.
    let mut cells = Vec::new();
    for i in 0..=2 {
        for j in 0..=2 - i {
            let w = [i as f64 / 2.0, j as f64 / 2.0, (2 - i - j) as f64 / 2.0];
            cells.push(SimplexCell { w, value: w[0] });
        }
    }
    let svg = simplex_heatmap_svg("merge weights", ["model 1", "model 2", "model 3"], "ε", &cells, 2).unwrap();
    let doc = parse(&svg);
    assert_eq!(count(&doc, "polygon", None), 6);
    let t = texts(&doc);
    assert!(t.contains("model 1") && t.contains("model 3") && t.contains("merge weights"));
    assert!(simplex_heatmap_svg("x", ["a", "b", "c"], "v", &[SimplexCell { w: [0.5, 0.6, 0.0], value: 1.0 }], 2).is_err(), "off the simplex");
}

#[test]
fn tick_labels_are_short() {
    assert_eq!(tick_label(1e-5), "1e-5");
    assert_eq!(tick_label(9.999999999999999e-6), "1e-5");
    assert_eq!(tick_label(2.5e-8), "2.5e-8");
    assert_eq!(tick_label(0.001), "0.001");
    assert_eq!(tick_label(12.5), "12.5");
    assert_eq!(tick_label(3.0), "3");
    assert_eq!(tick_label(25000.0), "2.5e4");
    assert_eq!(tick_label(0.0), "0");
}

//! The SVG plots are well-formed XML (parsed by `roxmltree`, independent of plotters) with the
//! expected elements; counts are worked out by hand from the inputs.

use super::*;

/// With `DPAUDIT_PLOT_PREVIEW=DIR`, also write the SVG to `DIR/<name>.svg` (to look at it,
/// e.g. after `rsvg-convert`); the tests never depend on it.
fn preview(name: &str, svg: &str) {
    if let Some(dir) = std::env::var_os("DPAUDIT_PLOT_PREVIEW") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(std::path::Path::new(&dir).join(format!("{name}.svg")), svg);
    }
}

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
    preview("xy_chart", &svg);
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
    preview("histogram", &svg);
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
    let svg = heatmap_svg("grid", &Axis::linear("a"), &Axis::linear("b"), "v [units]", &g).unwrap();
    preview("heatmap", &svg);
    let doc = parse(&svg);
    // Minimum → first stop, maximum → last stop, 0.5 → middle stop; the None cell is not drawn
    // (the colour bar's steps sit at (k + ½)/N, never on these three stops).
    assert_eq!(count(&doc, "rect", Some("#440154")), 1);
    assert_eq!(count(&doc, "rect", Some("#FDE725")), 1);
    assert_eq!(count(&doc, "rect", Some("#21918C")), 1);
    assert_color_bar(&doc, "v [units]", "0", "1");
    let bad = Grid { xs: vec![0.0], ys: vec![0.0, 1.0], values: vec![vec![Some(1.0)]] };
    assert!(heatmap_svg("g", &Axis::linear("a"), &Axis::linear("b"), "v", &bad).is_err());
}

fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// The colour bar is there: every step's colour (k + ½)/N as a rect, the quantity label and
/// `min …` / `max …` labels with the hand-known range.
fn assert_color_bar(doc: &roxmltree::Document, label: &str, min: &str, max: &str) {
    for k in 0..COLOR_BAR_STEPS {
        let c = hex(color_scale((k as f64 + 0.5) / COLOR_BAR_STEPS as f64));
        assert!(count(doc, "rect", Some(&c)) >= 1, "colour-bar step {k} ({c}) missing");
    }
    let t = texts(doc);
    assert!(t.contains(label), "colour-bar quantity {label:?} missing in {t}");
    let (lo, hi) = (format!("min {min}"), format!("max {max}"));
    assert!(t.contains(&lo) && t.contains(&hi), "range labels {lo:?}, {hi:?} missing in {t}");
}

/// `points="x,y x,y …"` of an element.
fn points(n: &roxmltree::Node) -> Vec<(i32, i32)> {
    n.attribute("points")
        .unwrap_or("")
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse::<f64>().unwrap() as i32, y.parse::<f64>().unwrap() as i32)
        })
        .collect()
}

fn lattice(m: usize, f: impl Fn([f64; 3]) -> f64) -> Vec<SimplexCell> {
    let mut cells = Vec::new();
    for i in 0..=m {
        for j in 0..=m - i {
            let w = [i as f64 / m as f64, j as f64 / m as f64, (m - i - j) as f64 / m as f64];
            cells.push(SimplexCell { w, value: f(w) });
        }
    }
    cells
}

#[test]
fn simplex_heat_map_fills_the_whole_triangle_inside_its_outline() {
    // Resolution 3: 10 lattice points = 10 upward cells, plus 6 downward cells = 16 = (3+1)².
    let cells = lattice(3, |w| w[0] + 2.0 * w[1]);
    let svg = simplex_heatmap_svg("merge weights", ["model 1", "model 2", "model 3"], "ε [nats]", &cells, 3).unwrap();
    preview("simplex", &svg);
    let doc = parse(&svg);
    let tiles: Vec<_> = doc.descendants().filter(|n| n.tag_name().name() == "polygon").collect();
    assert_eq!(tiles.len(), 16, "every cell of the tiling is filled");
    assert_eq!(count(&doc, "polygon", Some("#DDDDDD")), 0, "no blank cell");
    // Range: 0 at e_2, 2 at e_1 (hand values of w0 + 2 w1).
    assert_color_bar(&doc, "ε [nats]", "0", "2");
    assert_eq!(count(&doc, "polygon", Some(&hex(color_scale(1.0)))), 1, "the e_1 corner cell is the maximum");
    // The outline is the hull of the tiles: its corners are the extreme tile vertices.
    let outline: Vec<_> = doc.descendants().filter(|n| n.tag_name().name() == "polyline" && n.attribute("stroke") == Some("#000000") && points(n).len() == 4).collect();
    assert_eq!(outline.len(), 1, "one closed outline");
    let o = points(&outline[0]);
    let v: Vec<(i32, i32)> = tiles.iter().flat_map(|n| points(n)).collect();
    let (min_x, max_x) = (v.iter().map(|p| p.0).min().unwrap(), v.iter().map(|p| p.0).max().unwrap());
    let (min_y, max_y) = (v.iter().map(|p| p.1).min().unwrap(), v.iter().map(|p| p.1).max().unwrap());
    let close = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1;
    assert!(close(o[0], (min_x, max_y)) && close(o[1], (max_x, max_y)) && close(o[2], ((min_x + max_x) / 2, min_y)), "outline {o:?} vs tiles x {min_x}..{max_x}, y {min_y}..{max_y}");
    let t = texts(&doc);
    assert!(t.contains("model 1") && t.contains("model 3") && t.contains("merge weights"));
    assert!(t.contains("mean of their three neighbouring"), "the note says how ▼ cells are filled");
}

#[test]
fn simplex_downward_cell_is_the_mean_of_its_upward_neighbours() {
    // Resolution 1: values 0, 1, 0 at e_0, e_1, e_2 → the one downward cell is (0+1+0)/3.
    let cells = lattice(1, |w| w[1]);
    let svg = simplex_heatmap_svg("m1", ["a", "b", "c"], "v", &cells, 1).unwrap();
    let doc = parse(&svg);
    assert_eq!(count(&doc, "polygon", None), 4);
    assert_eq!(count(&doc, "polygon", Some(&hex(color_scale(0.0)))), 2);
    assert_eq!(count(&doc, "polygon", Some(&hex(color_scale(1.0)))), 1);
    assert_eq!(count(&doc, "polygon", Some(&hex(color_scale(1.0 / 3.0)))), 1);
}

#[test]
fn simplex_missing_point_greys_its_cell_and_the_three_downward_neighbours() {
    // Resolution 3 without the centre (1, 1, 1)/3: its ▲ cell and the ▼ cells (0,1,1), (1,0,1),
    // (1,1,0) next to it have no value.
    let cells: Vec<_> = lattice(3, |w| w[0]).into_iter().filter(|c| (c.w[0] - 1.0 / 3.0).abs() > 1e-9 || (c.w[1] - 1.0 / 3.0).abs() > 1e-9).collect();
    assert_eq!(cells.len(), 9);
    let doc_s = simplex_heatmap_svg("x", ["a", "b", "c"], "v", &cells, 3).unwrap();
    let doc = parse(&doc_s);
    assert_eq!(count(&doc, "polygon", None), 16);
    assert_eq!(count(&doc, "polygon", Some("#DDDDDD")), 4);
}

#[test]
fn simplex_rejects_points_off_the_simplex_or_lattice_and_duplicates() {
    let bad = |c: &[SimplexCell]| matches!(simplex_heatmap_svg("x", ["a", "b", "c"], "v", c, 2), Err(Error::InvalidParameter { .. }));
    assert!(bad(&[SimplexCell { w: [0.5, 0.6, 0.0], value: 1.0 }]), "off the simplex");
    assert!(bad(&[SimplexCell { w: [0.25, 0.75, 0.0], value: 1.0 }]), "off the lattice of resolution 2");
    assert!(bad(&[SimplexCell { w: [0.5, 0.5, 0.0], value: 1.0 }, SimplexCell { w: [0.5, 0.5, 0.0], value: 2.0 }]), "twice");
    assert!(bad(&[SimplexCell { w: [0.5, 0.5, 0.0], value: f64::NAN }]), "no finite value");
    assert!(simplex_heatmap_svg("x", ["a", "b", "c"], "v", &[], 0).is_err());
}

#[test]
fn claims_chart_marks_each_verdict_by_shape() {
    use crate::claims::verdict::Verdict;
    let p = |a: &str, delta: f64, epsilon: f64, verdict: Verdict| ClaimPoint { accountant: a.into(), delta, epsilon, verdict };
    let chart = ClaimsChart {
        title: "claims".into(),
        band: Some(Band { name: "certified".into(), points: vec![(1e-8, 5.0, 5.2), (1e-6, 4.5, 4.6), (1e-5, 4.0, 4.1)] }),
        claims: vec![
            p("acc A", 1e-5, 4.3, Verdict::Sound),
            p("acc A", 1e-8, 5.5, Verdict::Sound),
            p("acc B", 1e-6, 3.0, Verdict::Unsound),
            p("acc C", 1e-6, 4.55, Verdict::Inconclusive),
            p("acc C", 0.0, 1.0, Verdict::Unsound), // δ = 0: not on a log axis, skipped
        ],
    };
    let svg = claims_chart_svg(&chart).unwrap();
    preview("claims", &svg);
    let doc = parse(&svg);
    let (a, b, c) = (hex(palette(0)), hex(palette(1)), hex(palette(2)));
    // Sound: 2 circles of A (the legend's circle is dark grey).
    assert_eq!(count(&doc, "circle", Some(&a)), 2);
    assert_eq!(count(&doc, "circle", Some("#3C3C3C")), 1, "legend: sound = circle");
    // Unsound: one filled triangle of B (+ its black outline); none of C (skipped point).
    assert_eq!(count(&doc, "polygon", Some(&b)), 1);
    assert_eq!(count(&doc, "polygon", Some(&c)), 0);
    assert_eq!(count(&doc, "polygon", Some("#3C3C3C")), 1, "legend: unsound = triangle");
    // Inconclusive: one hollow square stroked in C's colour (+ one hollow dark-grey legend square).
    let hollow = |col: &str| doc.descendants().filter(|n| n.tag_name().name() == "rect" && n.attribute("fill") == Some("none") && n.attribute("stroke").is_some_and(|s| s.eq_ignore_ascii_case(col))).count();
    assert_eq!(hollow(&c), 1);
    assert_eq!(hollow("#3C3C3C"), 1);
    // Accountant swatches in the legend, verdict counts in the legend labels.
    assert_eq!(count(&doc, "rect", Some(&a)) + count(&doc, "rect", Some(&b)) + count(&doc, "rect", Some(&c)), 3);
    let t = texts(&doc);
    for l in ["acc A", "acc B", "acc C", "sound (2)", "unsound (1)", "inconclusive (1)", "certified"] {
        assert!(t.contains(l), "legend entry {l:?} missing in {t}");
    }
    assert_eq!(verdict_marker(Verdict::Unsound), VerdictMarker::Triangle);
    let empty = ClaimsChart { title: "t".into(), band: None, claims: vec![p("a", 0.0, 1.0, Verdict::Sound)] };
    assert!(matches!(claims_chart_svg(&empty), Err(Error::InvalidParameter { .. })));
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

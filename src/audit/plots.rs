//! Small SVG plotting API on top of `plotters` (SVG backend only): line/band charts, scatter
//! plots, histograms, rectangular heat maps and heat maps on the 2-simplex. Used by the audit
//! reports ([`super::report_plots`]) and meant for reuse (e.g. model-merging frontiers and
//! simplex heat maps): every function returns the SVG document as a `String`; writing it (temp
//! file + rename) is the caller's job.
//!
//! Fonts: with `default-features = false` and without the `ttf`/`ab_glyph` features, plotters
//! uses its "naive" font layer, which needs no font files: text extents are estimated and the SVG
//! contains plain `<text font-family="sans-serif">` elements that the viewer renders. Text is
//! XML-escaped by the backend.
//!
//! ```
//! use dpaudit::audit::plots::{xy_chart_svg, Axis, Band, Series, XyChart};
//! let chart = XyChart {
//!     title: "ε(δ)".into(),
//!     x: Axis::log("δ"),
//!     y: Axis::linear("ε"),
//!     bands: vec![Band { name: "certified".into(), points: vec![(1e-8, 5.0, 5.1), (1e-5, 4.0, 4.1)] }],
//!     series: vec![Series::markers("claims", vec![(1e-5, 4.2)])],
//! };
//! let svg = xy_chart_svg(&chart).unwrap();
//! assert!(svg.starts_with("<svg"));
//! ```
//!
//! Errors: [`Error::InvalidParameter`] when there is nothing finite to plot (or a log axis has
//! no positive value); [`Error::Numerical`] if the backend fails. Non-finite points (and
//! non-positive ones on a log axis) are skipped, never drawn at a wrong place.

use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

/// Size of every chart in pixels.
pub const SIZE: (u32, u32) = (800, 520);

/// An axis: its label and whether it is logarithmic.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub label: String,
    pub log: bool,
}

impl Axis {
    pub fn linear(label: &str) -> Axis {
        Axis { label: label.into(), log: false }
    }
    pub fn log(label: &str) -> Axis {
        Axis { label: label.into(), log: true }
    }
    fn accepts(&self, v: f64) -> bool {
        v.is_finite() && (!self.log || v > 0.0)
    }
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Line,
    Markers,
    LineAndMarkers,
}

/// A named series of `(x, y)` points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub style: Style,
}

impl Series {
    pub fn line(name: &str, points: Vec<(f64, f64)>) -> Series {
        Series { name: name.into(), points, style: Style::Line }
    }
    pub fn markers(name: &str, points: Vec<(f64, f64)>) -> Series {
        Series { name: name.into(), points, style: Style::Markers }
    }
}

/// A shaded band `lower(x) ≤ y ≤ upper(x)` given as `(x, lower, upper)` points, sorted by `x`.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub name: String,
    pub points: Vec<(f64, f64, f64)>,
}

/// A 2-D chart of bands (drawn first) and series.
#[derive(Clone, Debug, PartialEq)]
pub struct XyChart {
    pub title: String,
    pub x: Axis,
    pub y: Axis,
    pub bands: Vec<Band>,
    pub series: Vec<Series>,
}

/// The i-th colour of the (colour-blind friendly, Okabe–Ito) palette.
pub fn palette(i: usize) -> RGBColor {
    const P: [(u8, u8, u8); 8] = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233), (0, 0, 0), (240, 228, 66)];
    let (r, g, b) = P[i % P.len()];
    RGBColor(r, g, b)
}

fn backend_err<E: std::fmt::Debug>(e: E) -> Error {
    Error::Numerical(format!("SVG plot failed: {e:?}"))
}

/// A short tick label: 3 significant digits, scientific notation outside [1e−3, 1e4)
/// (`1e-5`, `2.5e-8`, `0.001`, `12.5`).
pub fn tick_label(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    if v.abs() < 1e-3 || v.abs() >= 1e4 {
        let s = format!("{v:.2e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = if m.contains('.') { m.trim_end_matches('0').trim_end_matches('.') } else { m };
        format!("{m}e{e}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Padded `[min, max]` of the accepted values (multiplicative padding on a log axis).
fn range(values: impl Iterator<Item = f64>, axis: &Axis, what: &str) -> Result<(f64, f64)> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| axis.accepts(*v)) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return Err(Error::invalid(what, "no plottable value", if axis.log { "needs a finite value > 0 (log axis)" } else { "needs a finite value" }));
    }
    Ok(if axis.log {
        let (a, b) = if lo == hi { (lo / 2.0, hi * 2.0) } else { (lo, hi) };
        let pad = (b / a).powf(0.04);
        (a / pad, b * pad)
    } else {
        let w = if hi > lo { hi - lo } else { lo.abs().max(1.0) * 0.1 };
        (lo - 0.05 * w, hi + 0.05 * w)
    })
}

/// Render an [`XyChart`] as SVG.
pub fn xy_chart_svg(c: &XyChart) -> Result<String> {
    let xs = c.bands.iter().flat_map(|b| b.points.iter().map(|p| p.0)).chain(c.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)));
    let ys = c.bands.iter().flat_map(|b| b.points.iter().flat_map(|p| [p.1, p.2])).chain(c.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let xr = range(xs, &c.x, "chart x values")?;
    let yr = range(ys, &c.y, "chart y values")?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        // Four axis combinations have four coordinate types; one generic body serves them all.
        match (c.x.log, c.y.log) {
            (false, false) => draw_xy(&root, c, xr.0..xr.1, yr.0..yr.1)?,
            (true, false) => draw_xy(&root, c, (xr.0..xr.1).log_scale(), yr.0..yr.1)?,
            (false, true) => draw_xy(&root, c, xr.0..xr.1, (yr.0..yr.1).log_scale())?,
            (true, true) => draw_xy(&root, c, (xr.0..xr.1).log_scale(), (yr.0..yr.1).log_scale())?,
        }
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

fn draw_xy<X, Y>(root: &DrawingArea<SVGBackend, Shift>, c: &XyChart, xs: X, ys: Y) -> Result<()>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(root)
        .caption(&c.title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(xs, ys)
        .map_err(backend_err)?;
    chart
        .configure_mesh()
        .x_desc(c.x.label.as_str())
        .y_desc(c.y.label.as_str())
        .x_label_formatter(&|v| tick_label(*v))
        .y_label_formatter(&|v| tick_label(*v))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(backend_err)?;
    let ok = |x: f64, y: f64| c.x.accepts(x) && c.y.accepts(y);
    for (i, b) in c.bands.iter().enumerate() {
        // Bands in greys, so that they never share a colour with a series.
        let g = (110 + 40 * (i % 3)) as u8;
        let color = RGBColor(g, g, g);
        let upper: Vec<(f64, f64)> = b.points.iter().filter(|p| ok(p.0, p.2) && ok(p.0, p.1)).map(|p| (p.0, p.2)).collect();
        let lower: Vec<(f64, f64)> = b.points.iter().filter(|p| ok(p.0, p.2) && ok(p.0, p.1)).map(|p| (p.0, p.1)).collect();
        let mut poly = upper.clone();
        poly.extend(lower.iter().rev());
        chart.draw_series(std::iter::once(Polygon::new(poly, color.mix(0.35).filled()))).map_err(backend_err)?;
        chart.draw_series(LineSeries::new(upper, color.stroke_width(1))).map_err(backend_err)?;
        chart
            .draw_series(LineSeries::new(lower, color.stroke_width(1)))
            .map_err(backend_err)?
            .label(b.name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], color.mix(0.35).filled()));
    }
    for (i, s) in c.series.iter().enumerate() {
        let color = palette(i);
        let pts: Vec<(f64, f64)> = s.points.iter().copied().filter(|p| ok(p.0, p.1)).collect();
        if matches!(s.style, Style::Line | Style::LineAndMarkers) {
            chart.draw_series(LineSeries::new(pts.clone(), color.stroke_width(2))).map_err(backend_err)?;
        }
        let anno = if matches!(s.style, Style::Markers | Style::LineAndMarkers) {
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled()))).map_err(backend_err)?
        } else {
            chart.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>()).map_err(backend_err)?
        };
        anno.label(s.name.as_str()).legend(move |(x, y)| Circle::new((x + 8, y), 4, color.filled()));
    }
    if !c.bands.is_empty() || c.series.len() > 1 || c.series.iter().any(|s| !s.name.is_empty()) {
        chart.configure_series_labels().background_style(WHITE.mix(0.85)).border_style(BLACK).draw().map_err(backend_err)?;
    }
    Ok(())
}

/// Histogram of `values` with `bins` equal-width bins over their range (non-finite values are
/// skipped); an optional vertical reference line at `marker` (e.g. tightness 1).
pub fn histogram_svg(title: &str, x_label: &str, values: &[f64], bins: usize, marker: Option<f64>) -> Result<String> {
    if bins == 0 {
        return Err(Error::invalid("histogram bins", 0, "must be at least 1"));
    }
    let axis = Axis::linear(x_label);
    let (lo, hi) = range(values.iter().copied().chain(marker), &axis, "histogram values")?;
    let w = (hi - lo) / bins as f64;
    let mut counts = vec![0usize; bins];
    for v in values.iter().copied().filter(|v| v.is_finite()) {
        counts[(((v - lo) / w) as usize).min(bins - 1)] += 1;
    }
    let top = *counts.iter().max().unwrap_or(&1) as f64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(lo..hi, 0.0..(top * 1.1).max(1.0))
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc("count")
            .x_label_formatter(&|v| tick_label(*v))
            .y_label_formatter(&|v| if v.fract() == 0.0 { format!("{v:.0}") } else { String::new() })
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(backend_err)?;
        let color = palette(0);
        chart
            .draw_series(counts.iter().enumerate().filter(|(_, &n)| n > 0).map(|(i, &n)| {
                let x0 = lo + i as f64 * w;
                Rectangle::new([(x0, 0.0), (x0 + w, n as f64)], color.mix(0.7).filled())
            }))
            .map_err(backend_err)?;
        if let Some(m) = marker.filter(|m| m.is_finite()) {
            chart.draw_series(LineSeries::new(vec![(m, 0.0), (m, top * 1.1)], RED.stroke_width(2))).map_err(backend_err)?;
        }
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

/// Colour of `t ∈ [0, 1]` on a viridis-like scale (5 stops, linear interpolation).
pub fn color_scale(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [(68.0, 1.0, 84.0), (59.0, 82.0, 139.0), (33.0, 145.0, 140.0), (94.0, 201.0, 98.0), (253.0, 231.0, 37.0)];
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    let s = t * (STOPS.len() - 1) as f64;
    let i = (s.floor() as usize).min(STOPS.len() - 2);
    let f = s - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |u: f64, v: f64| (u + f * (v - u)).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A rectangular grid of values: `values[j][i]` belongs to the cell centred at `(xs[i], ys[j])`;
/// `None` leaves the cell blank (e.g. outside a feasible region).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    pub values: Vec<Vec<Option<f64>>>,
}

fn value_range<'a>(vals: impl Iterator<Item = &'a f64>) -> Result<(f64, f64)> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for &v in vals.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return Err(Error::invalid("heat map values", "none finite", "needs at least one finite value"));
    }
    Ok((lo, hi))
}

fn cell_edges(c: &[f64]) -> Vec<f64> {
    let n = c.len();
    let mut e = Vec::with_capacity(n + 1);
    let half = |i: usize| if n > 1 { (c[(i + 1).min(n - 1)] - c[i.min(n - 2)]) / 2.0 } else { 0.5 };
    e.push(c[0] - half(0));
    for i in 0..n - 1 {
        e.push((c[i] + c[i + 1]) / 2.0);
    }
    e.push(c[n - 1] + half(n - 2 + usize::from(n == 1)));
    e
}

/// Heat map of a rectangular [`Grid`] with a colour legend `[min, max]` in the caption.
pub fn heatmap_svg(title: &str, x: &Axis, y: &Axis, value_label: &str, g: &Grid) -> Result<String> {
    if g.xs.is_empty() || g.ys.is_empty() || g.values.len() != g.ys.len() || g.values.iter().any(|r| r.len() != g.xs.len()) {
        return Err(Error::invalid("heat map grid", format!("{}×{}", g.xs.len(), g.ys.len()), "values must be ys.len() rows of xs.len() cells"));
    }
    let (vmin, vmax) = value_range(g.values.iter().flatten().flatten())?;
    let (ex, ey) = (cell_edges(&g.xs), cell_edges(&g.ys));
    let caption = format!("{title} ({value_label}: {} … {})", super::format::fmt_num(vmin), super::format::fmt_num(vmax));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let (x0, x1) = (ex[0].min(ex[ex.len() - 1]), ex[0].max(ex[ex.len() - 1]));
        let (y0, y1) = (ey[0].min(ey[ey.len() - 1]), ey[0].max(ey[ey.len() - 1]));
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(backend_err)?;
        chart.configure_mesh().x_desc(x.label.as_str()).y_desc(y.label.as_str()).disable_mesh().draw().map_err(backend_err)?;
        let span = if vmax > vmin { vmax - vmin } else { 1.0 };
        let mut cells = Vec::new();
        for (j, row) in g.values.iter().enumerate() {
            for (i, v) in row.iter().enumerate() {
                if let Some(v) = v.filter(|v| v.is_finite()) {
                    cells.push(Rectangle::new([(ex[i], ey[j]), (ex[i + 1], ey[j + 1])], color_scale((v - vmin) / span).filled()));
                }
            }
        }
        chart.draw_series(cells).map_err(backend_err)?;
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

/// One value at a point `w` of the 2-simplex (`w ≥ 0`, `Σw = 1`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimplexCell {
    pub w: [f64; 3],
    pub value: f64,
}

/// Heat map on the 2-simplex: corner `k` is the vertex `w = e_k`, labelled `corners[k]`; each
/// cell is drawn as a small triangle of side `1/resolution` centred at its point (use the
/// lattice resolution the cells were computed on). Cells outside the simplex are rejected.
pub fn simplex_heatmap_svg(title: &str, corners: [&str; 3], value_label: &str, cells: &[SimplexCell], resolution: usize) -> Result<String> {
    if resolution == 0 {
        return Err(Error::invalid("simplex resolution", 0, "must be at least 1"));
    }
    for c in cells {
        if c.w.iter().any(|&x| x.is_nan() || x < -1e-9) || (c.w.iter().sum::<f64>() - 1.0).abs() > 1e-6 {
            return Err(Error::invalid("simplex point", format!("{:?}", c.w), "must be ≥ 0 and sum to 1"));
        }
    }
    let (vmin, vmax) = value_range(cells.iter().map(|c| &c.value))?;
    let h = 3f64.sqrt() / 2.0;
    // Barycentric → plane: e_0 at (0, 0), e_1 at (1, 0), e_2 at (1/2, √3/2).
    let to_xy = |w: [f64; 3]| (w[1] + w[2] / 2.0, w[2] * h);
    let caption = format!("{title} ({value_label}: {} … {})", super::format::fmt_num(vmin), super::format::fmt_num(vmax));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let mut chart = ChartBuilder::on(&root).caption(caption, ("sans-serif", 18)).margin(30).build_cartesian_2d(-0.1..1.1, -0.08..h + 0.08).map_err(backend_err)?;
        let span = if vmax > vmin { vmax - vmin } else { 1.0 };
        let r = 1.0 / resolution as f64 / 2.0;
        chart
            .draw_series(cells.iter().filter(|c| c.value.is_finite()).map(|c| {
                let (x, y) = to_xy(c.w);
                let tri = vec![(x - r, y - r * h / 1.5), (x + r, y - r * h / 1.5), (x, y + 2.0 * r * h / 1.5)];
                Polygon::new(tri, color_scale((c.value - vmin) / span).filled())
            }))
            .map_err(backend_err)?;
        let outline = vec![(0.0, 0.0), (1.0, 0.0), (0.5, h), (0.0, 0.0)];
        chart.draw_series(LineSeries::new(outline, BLACK.stroke_width(1))).map_err(backend_err)?;
        let pos = [(-0.08, -0.05), (1.0, -0.05), (0.5, h + 0.04)];
        for (k, name) in corners.iter().enumerate() {
            chart.draw_series(std::iter::once(Text::new(name.to_string(), pos[k], ("sans-serif", 16)))).map_err(backend_err)?;
        }
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

#[cfg(test)]
#[path = "plots_test.rs"]
mod plots_test;

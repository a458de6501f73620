//! Small SVG plotting API on top of `plotters` (SVG backend only): line/band charts, scatter
//! plots, histograms, claims charts (marker shape = verdict), rectangular heat maps and heat maps
//! on the 2-simplex (both with a colour bar). Used by the audit
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

#[path = "plots_heat.rs"]
mod heat;
pub use heat::{color_scale, heatmap_svg, simplex_heatmap_svg, Grid, SimplexCell, COLOR_BAR_STEPS};

#[path = "plots_claims.rs"]
mod claims;
pub use claims::{claims_chart_svg, verdict_marker, ClaimPoint, ClaimsChart, VerdictMarker};

#[cfg(test)]
#[path = "plots_test.rs"]
mod plots_test;

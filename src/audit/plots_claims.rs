//! The claims chart: the certified band of the true ε(δ) and every claimed `(δ, ε)` point,
//! coloured by accountant and **shaped by verdict**, so that an unsound claim stands out:
//!
//! | verdict | marker |
//! |---|---|
//! | sound | small filled circle |
//! | inconclusive | hollow square |
//! | unsound | large filled triangle with a black outline, drawn on top |
//!
//! The legend lists the accountants (colour swatches) and the three verdicts (shapes, with the
//! number of claims of each).

use super::{backend_err, palette, tick_label, Band, SIZE};
use crate::claims::verdict::Verdict;
use crate::error::{Error, Result};
use plotters::prelude::*;

/// One claimed point and its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimPoint {
    pub accountant: String,
    pub delta: f64,
    pub epsilon: f64,
    pub verdict: Verdict,
}

/// A claims chart: x = δ (log scale), y = ε (linear).
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimsChart {
    pub title: String,
    /// The certified band `(δ, ε_lower, ε_upper)` of the true ε(δ), if any.
    pub band: Option<Band>,
    pub claims: Vec<ClaimPoint>,
}

/// The marker shape of a verdict (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictMarker {
    Circle,
    Square,
    Triangle,
}

/// Sound → circle, inconclusive → square, unsound → triangle. A row not checked within the time
/// budget (`not_checked`) proves nothing either way and is drawn as inconclusive.
pub fn verdict_marker(v: Verdict) -> VerdictMarker {
    match v {
        Verdict::Sound => VerdictMarker::Circle,
        Verdict::Inconclusive | Verdict::NotChecked => VerdictMarker::Square,
        Verdict::Unsound => VerdictMarker::Triangle,
    }
}

/// Render a [`ClaimsChart`] as SVG. Points with a non-finite ε or a δ ≤ 0 are skipped.
/// Errors: nothing plottable (no finite point with δ > 0).
pub fn claims_chart_svg(c: &ClaimsChart) -> Result<String> {
    let ok = |d: f64, e: f64| d.is_finite() && d > 0.0 && e.is_finite();
    let band: Vec<(f64, f64, f64)> = c.band.iter().flat_map(|b| b.points.iter().copied()).filter(|p| ok(p.0, p.1) && ok(p.0, p.2)).collect();
    let claims: Vec<&ClaimPoint> = c.claims.iter().filter(|p| ok(p.delta, p.epsilon)).collect();
    let xs = band.iter().map(|p| p.0).chain(claims.iter().map(|p| p.delta));
    let ys = band.iter().flat_map(|p| [p.1, p.2]).chain(claims.iter().map(|p| p.epsilon));
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    xs.for_each(|x| (x0, x1) = (x0.min(x), x1.max(x)));
    ys.for_each(|y| (y0, y1) = (y0.min(y), y1.max(y)));
    if x0 > x1 {
        return Err(Error::invalid("claims chart", "no plottable point", "needs a claim or band point with δ > 0 and finite ε"));
    }
    // Padding: 10 % of the decades on x, 8 % of the span on y (room for the markers).
    let (x0, x1) = if x0 == x1 { (x0 / 2.0, x1 * 2.0) } else { (x0, x1) };
    let px = (x1 / x0).powf(0.1);
    let w = if y1 > y0 { y1 - y0 } else { y0.abs().max(1.0) * 0.1 };
    let (x0, x1, y0, y1) = (x0 / px, x1 * px, y0 - 0.08 * w, y1 + 0.08 * w);
    let mut accountants: Vec<&str> = Vec::new();
    for p in &claims {
        if !accountants.contains(&p.accountant.as_str()) {
            accountants.push(&p.accountant);
        }
    }
    let color_of = |a: &str| palette(accountants.iter().position(|x| *x == a).unwrap_or(0));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(&c.title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d((x0..x1).log_scale(), y0..y1)
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .x_desc("δ")
            .y_desc("ε")
            .x_label_formatter(&|v| tick_label(*v))
            .y_label_formatter(&|v| tick_label(*v))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(backend_err)?;
        if !band.is_empty() {
            let grey = RGBColor(110, 110, 110);
            let mut poly: Vec<(f64, f64)> = band.iter().map(|p| (p.0, p.2)).collect();
            poly.extend(band.iter().rev().map(|p| (p.0, p.1)));
            chart.draw_series(std::iter::once(Polygon::new(poly, grey.mix(0.35).filled()))).map_err(backend_err)?;
            chart.draw_series(LineSeries::new(band.iter().map(|p| (p.0, p.2)), grey.stroke_width(1))).map_err(backend_err)?;
            let name = c.band.as_ref().map_or(String::new(), |b| b.name.clone());
            chart
                .draw_series(LineSeries::new(band.iter().map(|p| (p.0, p.1)), grey.stroke_width(1)))
                .map_err(backend_err)?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], grey.mix(0.35).filled()));
        }
        for a in &accountants {
            let col = color_of(a);
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(backend_err)?
                .label(*a)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], col.filled()));
        }
        // Sound first, unsound last (on top).
        let dark = RGBColor(60, 60, 60);
        for v in [Verdict::Sound, Verdict::Inconclusive, Verdict::Unsound] {
            let pts: Vec<&&ClaimPoint> = claims.iter().filter(|p| p.verdict == v).collect();
            let n = pts.len();
            let label = format!("{} ({n})", v.name());
            let at = |p: &ClaimPoint| EmptyElement::at((p.delta, p.epsilon));
            // Legend shapes in dark grey: the shape, not the colour, names the verdict.
            match verdict_marker(v) {
                VerdictMarker::Circle => {
                    let m = pts.iter().map(|p| at(p) + Circle::new((0, 0), 4, color_of(&p.accountant).filled()));
                    let anno = chart.draw_series(m).map_err(backend_err)?;
                    anno.label(label).legend(move |(x, y)| EmptyElement::at((x + 8, y)) + Circle::new((0, 0), 4, dark.filled()));
                }
                VerdictMarker::Square => {
                    let m = pts.iter().map(|p| at(p) + Rectangle::new([(-5, -5), (5, 5)], color_of(&p.accountant).stroke_width(2)));
                    let anno = chart.draw_series(m).map_err(backend_err)?;
                    anno.label(label).legend(move |(x, y)| EmptyElement::at((x + 8, y)) + Rectangle::new([(-5, -5), (5, 5)], dark.stroke_width(2)));
                }
                VerdictMarker::Triangle => {
                    // A large filled triangle with a black outline: the claim undercuts the truth.
                    let tri = [(0, -9), (-8, 6), (8, 6), (0, -9)];
                    let m = pts.iter().map(|p| at(p) + Polygon::new(tri[..3].to_vec(), color_of(&p.accountant).filled()) + PathElement::new(tri.to_vec(), BLACK.stroke_width(2)));
                    let anno = chart.draw_series(m).map_err(backend_err)?;
                    anno.label(label).legend(move |(x, y)| EmptyElement::at((x + 8, y)) + Polygon::new(vec![(0, -7), (-6, 5), (6, 5)], dark.filled()));
                }
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(backend_err)?;
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

//! Heat maps with a colour bar: rectangular grids and the 2-simplex.
//!
//! Every heat map has a vertical colour bar on its right: [`COLOR_BAR_STEPS`] stacked rectangles
//! from the minimum (bottom, `min …` label) to the maximum (top, `max …` label) of the drawn
//! values (labels with 3 significant digits, [`super::tick_label`]; the tables hold the exact values), with the quantity (name and units, the `value_label` argument) written along it.
//!
//! The simplex map tiles a triangle completely: for a lattice of resolution `m` (points
//! `w = (i, j, k)/m`, `i + j + k = m`) the outline is divided into `(m+1)²` small triangles —
//! `(m+1)(m+2)/2` upward ones, one per lattice point and centred on it (the corner cells are the
//! vertices `w = e_k`), and `m(m+1)/2` downward ones between them, each filled with the **mean of
//! its three neighbouring upward cells** (an interpolation, said so in a note under the plot).
//! The drawn outline is the boundary of that tiling, so cells and outline coincide.

use super::{backend_err, tick_label, SIZE};
use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Number of rectangles of the colour bar; step `k` (from the bottom) has the colour of
/// `t = (k + ½)/COLOR_BAR_STEPS`, so no step repeats the exact end colours of the scale.
pub const COLOR_BAR_STEPS: usize = 48;

/// Width in pixels of the colour-bar strip on the right of every heat map.
const BAR_AREA: u32 = 150;

/// Fill of a cell without a (finite) value.
const NO_VALUE: RGBColor = RGBColor(221, 221, 221);

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

/// Colour of `v` on the scale `[vmin, vmax]` (a constant map gets the middle colour).
fn shade(v: f64, vmin: f64, vmax: f64) -> RGBColor {
    if vmax > vmin {
        color_scale((v - vmin) / (vmax - vmin))
    } else {
        color_scale(0.5)
    }
}

/// Draw the colour bar of `[vmin, vmax]` with the quantity `label` into `area` (pixel coordinates).
fn draw_color_bar(area: &DrawingArea<SVGBackend, Shift>, label: &str, vmin: f64, vmax: f64) -> Result<()> {
    let (_, h) = area.dim_in_pixel();
    let (x0, x1, top, bottom) = (14i32, 40i32, 40i32, h as i32 - 60);
    let n = COLOR_BAR_STEPS as i32;
    for k in 0..n {
        let t = (k as f64 + 0.5) / n as f64;
        // Step k spans [bottom − (k+1)·H/n, bottom − k·H/n]; integer edges shared by neighbours.
        let y_hi = bottom - ((k + 1) * (bottom - top)) / n;
        let y_lo = bottom - (k * (bottom - top)) / n;
        area.draw(&Rectangle::new([(x0, y_hi), (x1, y_lo)], color_scale(t).filled())).map_err(backend_err)?;
    }
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], BLACK.stroke_width(1))).map_err(backend_err)?;
    let num = ("sans-serif", 13).into_font().color(&BLACK);
    let left_mid = Pos::new(HPos::Left, VPos::Center);
    area.draw(&Text::new(format!("max {}", tick_label(vmax)), (x1 + 5, top), num.pos(left_mid))).map_err(backend_err)?;
    area.draw(&Text::new(format!("min {}", tick_label(vmin)), (x1 + 5, bottom), num.pos(left_mid))).map_err(backend_err)?;
    let name = ("sans-serif", 14).into_font().color(&BLACK).transform(FontTransform::Rotate270).pos(Pos::new(HPos::Center, VPos::Center));
    area.draw(&Text::new(label.to_string(), (x1 + 95, (top + bottom) / 2), name)).map_err(backend_err)?;
    Ok(())
}

/// A rectangular grid of values: `values[j][i]` belongs to the cell centred at `(xs[i], ys[j])`;
/// `None` leaves the cell blank (e.g. outside a feasible region).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    pub values: Vec<Vec<Option<f64>>>,
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

/// Heat map of a rectangular [`Grid`] with a colour bar labelled `value_label` (quantity and
/// units, e.g. `ε [nats]`) spanning the finite values `[min, max]`.
pub fn heatmap_svg(title: &str, x: &super::Axis, y: &super::Axis, value_label: &str, g: &Grid) -> Result<String> {
    if g.xs.is_empty() || g.ys.is_empty() || g.values.len() != g.ys.len() || g.values.iter().any(|r| r.len() != g.xs.len()) {
        return Err(Error::invalid("heat map grid", format!("{}×{}", g.xs.len(), g.ys.len()), "values must be ys.len() rows of xs.len() cells"));
    }
    let (vmin, vmax) = value_range(g.values.iter().flatten().flatten())?;
    let (ex, ey) = (cell_edges(&g.xs), cell_edges(&g.ys));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let (plot, bar) = root.split_horizontally(SIZE.0 - BAR_AREA);
        let (x0, x1) = (ex[0].min(ex[ex.len() - 1]), ex[0].max(ex[ex.len() - 1]));
        let (y0, y1) = (ey[0].min(ey[ey.len() - 1]), ey[0].max(ey[ey.len() - 1]));
        let mut chart = ChartBuilder::on(&plot)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(backend_err)?;
        chart.configure_mesh().x_desc(x.label.as_str()).y_desc(y.label.as_str()).disable_mesh().draw().map_err(backend_err)?;
        let mut cells = Vec::new();
        for (j, row) in g.values.iter().enumerate() {
            for (i, v) in row.iter().enumerate() {
                if let Some(v) = v.filter(|v| v.is_finite()) {
                    cells.push(Rectangle::new([(ex[i], ey[j]), (ex[i + 1], ey[j + 1])], shade(v, vmin, vmax).filled()));
                }
            }
        }
        chart.draw_series(cells).map_err(backend_err)?;
        draw_color_bar(&bar, value_label, vmin, vmax)?;
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

/// Lattice index `(i, j)` of `w` at resolution `m` (`k = m − i − j`), or an error naming `w`.
fn lattice_index(w: [f64; 3], m: usize) -> Result<(usize, usize)> {
    if w.iter().any(|&x| x.is_nan() || x < -1e-9) || (w.iter().sum::<f64>() - 1.0).abs() > 1e-6 {
        return Err(Error::invalid("simplex point", format!("{w:?}"), "must be ≥ 0 and sum to 1"));
    }
    let idx = w.map(|x| (x * m as f64).round());
    if w.iter().zip(idx).any(|(&x, i)| (x * m as f64 - i).abs() > 1e-6) || idx.iter().sum::<f64>() as usize != m {
        return Err(Error::invalid("simplex point", format!("{w:?}"), "must lie on the lattice of the given resolution (coordinates multiples of 1/resolution)"));
    }
    Ok((idx[0] as usize, idx[1] as usize))
}

/// Heat map on the 2-simplex: `cells` are values at points of the lattice of resolution
/// `resolution` (`w = (i, j, k)/m`); corner `k` is the vertex `w = e_k`, labelled `corners[k]`.
/// The whole triangle is filled (see the module doc): each lattice point is an upward cell
/// centred on it, each downward cell is the mean of its three neighbouring upward cells; a
/// lattice point without a finite value is grey, and so is every downward cell next to it. A
/// colour bar labelled `value_label` (quantity and units) spans the finite values.
///
/// Errors: resolution 0, a point off the simplex or off the lattice, a point given twice,
/// no finite value.
pub fn simplex_heatmap_svg(title: &str, corners: [&str; 3], value_label: &str, cells: &[SimplexCell], resolution: usize) -> Result<String> {
    let m = resolution;
    if m == 0 {
        return Err(Error::invalid("simplex resolution", 0, "must be at least 1"));
    }
    // values[i][j] for the lattice point (i, j, m − i − j).
    let mut values = vec![vec![None::<f64>; m + 1]; m + 1];
    for c in cells {
        let (i, j) = lattice_index(c.w, m)?;
        if values[i][j].is_some() {
            return Err(Error::invalid("simplex point", format!("{:?}", c.w), "is given twice"));
        }
        values[i][j] = Some(c.value).filter(|v| v.is_finite()).or(Some(f64::NAN));
    }
    let finite: Vec<f64> = values.iter().flatten().flatten().copied().filter(|v| v.is_finite()).collect();
    let (vmin, vmax) = value_range(finite.iter())?;
    let value = |i: usize, j: usize| values[i][j].filter(|v| v.is_finite());
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let body = root.titled(title, ("sans-serif", 18)).map_err(backend_err)?;
        let (plot, bar) = body.split_horizontally(SIZE.0 - BAR_AREA);
        let (pw, ph) = plot.dim_in_pixel();
        let (pw, ph) = (pw as f64, ph as f64);
        // Room for the corner labels (above the top vertex, below the base) and the note.
        let (pad_top, pad_bottom) = (30.0, 80.0);
        let side = (pw - 60.0).min((ph - pad_top - pad_bottom) * 2.0 / 3f64.sqrt());
        let height = side * 3f64.sqrt() / 2.0;
        let (cx, base) = (pw / 2.0, pad_top + height);
        // Tiling vertices V0 (e_0 corner, bottom left), V1 (bottom right), V2 (top).
        let v = [(cx - side / 2.0, base), (cx + side / 2.0, base), (cx, base - height)];
        let n = (m + 1) as f64;
        // Node (a, b, c) of the tiling, a + b + c = m + 1, in pixels (barycentric on V0, V1, V2).
        let node = |a: usize, b: usize, c: usize| {
            let (a, b, c) = (a as f64 / n, b as f64 / n, c as f64 / n);
            ((a * v[0].0 + b * v[1].0 + c * v[2].0).round() as i32, (a * v[0].1 + b * v[1].1 + c * v[2].1).round() as i32)
        };
        let tile = |p: [(i32, i32); 3], x: Option<f64>| {
            let col = x.map_or(NO_VALUE, |x| shade(x, vmin, vmax));
            (Polygon::new(p.to_vec(), col.filled()), PathElement::new(vec![p[0], p[1], p[2], p[0]], col.stroke_width(1)))
        };
        let mut tiles = Vec::with_capacity((m + 1) * (m + 1));
        for i in 0..=m {
            for j in 0..=m - i {
                let k = m - i - j;
                tiles.push(tile([node(i + 1, j, k), node(i, j + 1, k), node(i, j, k + 1)], value(i, j)));
            }
        }
        // Downward cell (a, b, c), a + b + c = m − 1: between the upward cells of
        // (a+1, b, c), (a, b+1, c) and (a, b, c+1).
        for a in 0..m {
            for b in 0..m - a {
                let c = m - 1 - a - b;
                let nb = [value(a + 1, b), value(a, b + 1), value(a, b)];
                let mean = if nb.iter().all(Option::is_some) { Some(nb.iter().flatten().sum::<f64>() / 3.0) } else { None };
                tiles.push(tile([node(a + 1, b + 1, c), node(a + 1, b, c + 1), node(a, b + 1, c + 1)], mean));
            }
        }
        for (t, edge) in tiles {
            plot.draw(&t).map_err(backend_err)?;
            // The same colour along the edges hides the anti-aliasing seams between tiles.
            plot.draw(&edge).map_err(backend_err)?;
        }
        let outline: Vec<(i32, i32)> = [v[0], v[1], v[2], v[0]].iter().map(|p| (p.0.round() as i32, p.1.round() as i32)).collect();
        plot.draw(&PathElement::new(outline, BLACK.stroke_width(1))).map_err(backend_err)?;
        let font = ("sans-serif", 15).into_font().color(&BLACK);
        let centred = font.pos(Pos::new(HPos::Center, VPos::Center));
        // Below the two base corners, above the top one.
        let offsets = [14.0, 14.0, -14.0];
        for k in 0..3 {
            let pos = (v[k].0.round() as i32, (v[k].1 + offsets[k]).round() as i32);
            plot.draw(&Text::new(corners[k].to_string(), pos, centred.clone())).map_err(backend_err)?;
        }
        let note = ("sans-serif", 12).into_font().color(&RGBColor(60, 60, 60)).pos(Pos::new(HPos::Center, VPos::Center));
        let lines = [
            format!("▲ cells: value at the lattice point at their centre (step 1/{m}; corner cells = the corners)"),
            "▼ cells: mean of their three neighbouring ▲ cells (interpolated); grey: no value".to_string(),
        ];
        for (l, text) in lines.into_iter().enumerate() {
            plot.draw(&Text::new(text, (pw as i32 / 2, (base + 40.0 + 17.0 * l as f64) as i32), note.clone())).map_err(backend_err)?;
        }
        draw_color_bar(&bar, value_label, vmin, vmax)?;
        root.present().map_err(backend_err)?;
    }
    Ok(svg)
}

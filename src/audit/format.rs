//! Number and table formatting shared by the report exporters and the CLI.

pub use crate::num::fmt::json_number;

/// A number for tables: 10 significant digits, scientific outside [1e-3, 1e6).
pub fn fmt_num(x: f64) -> String {
    crate::num::fmt::fmt_sig(x, 10, 1e6)
}

/// Seconds for tables: `0.012s`, `3.4s`.
pub fn fmt_secs(s: f64) -> String {
    if s < 10.0 {
        format!("{s:.3}s")
    } else {
        format!("{s:.1}s")
    }
}

/// Left-aligned text table with a header row and two spaces between columns.
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            if i < width.len() {
                width[i] = width[i].max(c.chars().count());
            }
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i + 1 == cells.len() {
                s.push_str(c);
            } else {
                s.push_str(c);
                s.push_str(&" ".repeat(width[i] - c.chars().count() + 2));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header.to_vec());
    for r in rows {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    out
}


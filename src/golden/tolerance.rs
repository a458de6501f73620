//! Per-column tolerances of a golden file, parsed from its `# tolerance:` line.
//!
//! Syntax: comma-separated `column[@route]=spec`, where `spec` is `rel:X`, `abs:Y` or
//! `rel:X+abs:Y`; the allowed deviation from an expected value `e` is `X·|e| + Y`. A `@route`
//! entry (`@f64`, `@exact`, `@fft`) overrides the plain entry for that route only, e.g.
//! `delta=rel:1e-12, delta@f64=rel:1e-10` (the f64 closed form is allowed more error than the
//! MPFR oracle). Only columns named here are compared; the others are inputs.

/// Allowed deviation `rel·|expected| + abs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub rel: f64,
    pub abs: f64,
}

impl Tolerance {
    /// The allowed absolute deviation from `expected`.
    pub fn allowed(&self, expected: f64) -> f64 {
        if expected.is_infinite() {
            0.0
        } else {
            self.rel * expected.abs() + self.abs
        }
    }
}

impl std::fmt::Display for Tolerance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.rel != 0.0, self.abs != 0.0) {
            (true, true) => write!(f, "rel:{:e}+abs:{:e}", self.rel, self.abs),
            (false, true) => write!(f, "abs:{:e}", self.abs),
            _ => write!(f, "rel:{:e}", self.rel),
        }
    }
}

/// The tolerances of one file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tolerances {
    entries: Vec<(String, Option<String>, Tolerance)>,
}

impl Tolerances {
    /// Parse the text after `# tolerance:`. Returns a message (without file:line) on error.
    pub fn parse(text: &str) -> std::result::Result<Tolerances, String> {
        let mut entries = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, spec) = item.split_once('=').ok_or_else(|| format!("tolerance entry '{item}' is not of the form column=rel:X"))?;
            let (col, route) = match key.trim().split_once('@') {
                Some((c, r)) => (c.trim().to_string(), Some(r.trim().to_string())),
                None => (key.trim().to_string(), None),
            };
            if col.is_empty() {
                return Err(format!("tolerance entry '{item}' has no column name"));
            }
            if let Some(r) = &route {
                if !["f64", "exact", "fft"].contains(&r.as_str()) {
                    return Err(format!("tolerance entry '{item}': unknown route '{r}' (expected f64, exact or fft)"));
                }
            }
            let tol = parse_spec(spec.trim()).ok_or_else(|| format!("tolerance entry '{item}': expected rel:X, abs:Y or rel:X+abs:Y with X, Y ≥ 0"))?;
            entries.push((col, route, tol));
        }
        if entries.is_empty() {
            return Err("no tolerance given (expected e.g. '# tolerance: delta=rel:1e-12')".into());
        }
        Ok(Tolerances { entries })
    }

    /// The compared columns, in order of first mention.
    pub fn columns(&self) -> Vec<&str> {
        let mut cols: Vec<&str> = Vec::new();
        for (c, _, _) in &self.entries {
            if !cols.contains(&c.as_str()) {
                cols.push(c);
            }
        }
        cols
    }

    /// The tolerance for `column` on `route`: the route-specific entry if any, else the plain one.
    pub fn get(&self, column: &str, route: &str) -> Option<Tolerance> {
        let specific = self.entries.iter().find(|(c, r, _)| c == column && r.as_deref() == Some(route));
        let plain = self.entries.iter().find(|(c, r, _)| c == column && r.is_none());
        specific.or(plain).map(|(_, _, t)| *t)
    }
}

fn parse_spec(spec: &str) -> Option<Tolerance> {
    let mut tol = Tolerance { rel: 0.0, abs: 0.0 };
    for part in spec.split('+') {
        let (kind, val) = part.trim().split_once(':')?;
        let v: f64 = val.trim().parse().ok()?;
        if !(v.is_finite() && v >= 0.0) {
            return None;
        }
        match kind.trim() {
            "rel" => tol.rel = v,
            "abs" => tol.abs = v,
            _ => return None,
        }
    }
    Some(tol)
}

//! Root finding on monotone functions with a guaranteed bracket.
//!
//! dpaudit inverts privacy profiles (ε ↦ δ is non-increasing). For a certified upper bound on ε
//! the returned value must be on the safe side of the root: [`bisect_decreasing`] returns the full
//! final bracket `(lo, hi)` with `g(lo) > target ≥ g(hi)`, and callers report `hi` for an upper
//! bound and `lo` for a lower bound.

/// For a non-increasing `g` and `g(lo) > target ≥ g(hi)`, shrink `[lo, hi]` by bisection until
/// `hi − lo ≤ tol_abs + tol_rel·|hi|` (or the bracket cannot shrink in f64). Returns the final
/// bracket, which still satisfies `g(lo) > target ≥ g(hi)`. Returns `None` if the initial bracket
/// is invalid.
pub fn bisect_decreasing<G: FnMut(f64) -> f64>(mut g: G, mut lo: f64, mut hi: f64, target: f64, tol_abs: f64, tol_rel: f64) -> Option<(f64, f64)> {
    if !(lo <= hi) || !(g(lo) > target) || !(g(hi) <= target) {
        return None;
    }
    for _ in 0..2000 {
        if hi - lo <= tol_abs + tol_rel * hi.abs() {
            break;
        }
        let mid = lo + 0.5 * (hi - lo);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo, hi))
}

/// Find `hi` with `g(hi) ≤ target` by doubling the distance from `start` (at most 200 times),
/// for a non-increasing `g`. Returns `None` if no such point is found below `limit`.
pub fn expand_upper<G: FnMut(f64) -> f64>(mut g: G, start: f64, first_step: f64, target: f64, limit: f64) -> Option<f64> {
    let mut step = first_step.max(1e-12);
    let mut x = start + step;
    for _ in 0..200 {
        if g(x) <= target {
            return Some(x);
        }
        step *= 2.0;
        x = start + step;
        if x > limit {
            return if g(limit) <= target { Some(limit) } else { None };
        }
    }
    None
}

/// Golden-section search for the minimum of a unimodal `f` on `[a, b]`, `iters` shrink steps
/// (each by the factor 0.618…). Returns the better of the two final interior points `(x, f(x))`.
/// Non-unimodal `f`: the result is still a point with its true value (never a fabricated one),
/// so callers minimising an upper bound keep a valid bound.
pub fn golden_min<F: FnMut(f64) -> f64>(mut f: F, mut a: f64, mut b: f64, iters: usize) -> (f64, f64) {
    const G: f64 = 0.618_033_988_749_894_9; // (√5 − 1)/2
    let mut c = b - G * (b - a);
    let mut d = a + G * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..iters {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - G * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + G * (b - a);
            fd = f(d);
        }
    }
    if fc <= fd { (c, fc) } else { (d, fd) }
}

#[cfg(test)]
mod golden_min_tests {
    use super::golden_min;

    /// (x − 1.3)² + 2 on [−4, 7]: minimiser 1.3, minimum 2 (closed form).
    #[test]
    fn finds_the_minimum_of_a_parabola() {
        let (x, v) = golden_min(|x| (x - 1.3) * (x - 1.3) + 2.0, -4.0, 7.0, 80);
        assert!((x - 1.3).abs() < 1e-7, "{x}");
        assert!((v - 2.0).abs() < 1e-14);
    }
}

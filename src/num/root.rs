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

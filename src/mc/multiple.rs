//! Multiple-testing control for many Monte Carlo checks (foundations §5.5).
//!
//! Both procedures control the family-wise error rate (probability of at least one false
//! "violated") at `family_alpha` under arbitrary dependence between the checks. Holm is never
//! less powerful than Bonferroni. Each returns one decision per input p-value, in input order:
//! `true` = reject `H0` (declare the claim violated). A NaN p-value is never rejected (and, for
//! Holm, is treated as 1). An invalid `family_alpha` (NaN or ≤ 0) rejects nothing.

/// Bonferroni: reject `H_j` iff `p_j ≤ α/m`.
pub fn bonferroni(p_values: &[f64], family_alpha: f64) -> Vec<bool> {
    let m = p_values.len();
    if m == 0 || family_alpha.is_nan() || family_alpha <= 0.0 {
        return vec![false; m];
    }
    let thr = family_alpha / m as f64;
    p_values.iter().map(|&p| p <= thr).collect()
}

/// Holm (1979) step-down: sort `p_(1) ≤ … ≤ p_(m)`, find the smallest `k` with
/// `p_(k) > α/(m − k + 1)`, and reject exactly `H_(1)…H_(k−1)` (all if no such `k`).
/// Ties are ordered by input position (stable sort), which does not affect the decisions.
pub fn holm(p_values: &[f64], family_alpha: f64) -> Vec<bool> {
    let m = p_values.len();
    let mut reject = vec![false; m];
    if m == 0 || family_alpha.is_nan() || family_alpha <= 0.0 {
        return reject;
    }
    let key = |p: f64| if p.is_nan() { 1.0 } else { p };
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| key(p_values[a]).total_cmp(&key(p_values[b])));
    for (i, &j) in order.iter().enumerate() {
        // rank k = i + 1, threshold α/(m − k + 1) = α/(m − i)
        if key(p_values[j]) > family_alpha / (m - i) as f64 || p_values[j].is_nan() {
            break;
        }
        reject[j] = true;
    }
    reject
}

//! Tightness of joint concavity and advanced joint concavity: Section 6 and Appendix E of the
//! mixtures f-DP paper (Wang, Su, Ye, Shokri, Su 2023; spec `shared/spec/mixtures_fdp.md` §6.1–
//! §6.6). The printed forms of Lemma 6.3, Proposition 6.4 (asymmetric `T(P₀, Q₀)`) and
//! Proposition E.1 (no closeness condition) are false; each has a `*_printed` function (to show
//! the counterexample) and a corrected one (spec [C]/[D] forms), which is the supported bound.

use crate::papers::mixture_fdp::section_3::joint_concavity::{mix_vectors, Pair};
use crate::error::{Error, Result};
use crate::num::special::neumaier_sum;
use crate::repr::TradeOff;

/// `H_γ(P‖Q) = Σ_j (p_j − γ q_j)_+`, positive terms only (spec §1.1). Errors: lengths, γ < 0.
pub fn hockey_stick(p: &[f64], q: &[f64], gamma: f64) -> Result<f64> {
    if p.len() != q.len() || p.is_empty() {
        return Err(Error::invalid("discrete pair", format!("{} vs {} atoms", p.len(), q.len()), "need equal, non-zero lengths"));
    }
    if !(gamma.is_finite() && gamma >= 0.0) {
        return Err(Error::invalid("hockey-stick gamma", gamma, "must be finite and ≥ 0"));
    }
    Ok(neumaier_sum(p.iter().zip(q).map(|(a, b)| (a - gamma * b).max(0.0))))
}

/// Whether two masses' ratios `a.0/a.1` and `b.0/b.1` agree (exactly up to 1e−12 relative in the
/// cross products; `0/0` never occurs: callers skip atoms of zero mass).
fn same_ratio(a: (f64, f64), b: (f64, f64)) -> bool {
    let (l, r) = (a.0 * b.1, b.0 * a.1);
    (l - r).abs() <= 1e-12 * l.abs().max(r.abs())
}

/// **Proposition 6.1 as printed** (m = 2; spec §6.1): the identity
/// `p_w/q_w = w_1 p_1/q_1 + w_2 p_2/q_2` on every atom with `p_w > 0` (with the paper's `0/0`
/// convention, and `∞ = ∞`). Returns whether it holds on every atom; the paper claims it is
/// equivalent to `T(P_w, Q_w) = J_w`. Errors: not two pairs, supports differ.
pub fn proposition_6_1_condition(w: [f64; 2], pairs: &[Pair; 2]) -> Result<bool> {
    let n = pairs[0].p.len();
    if pairs.iter().any(|x| x.p.len() != n || x.q.len() != n) {
        return Err(Error::invalid("Proposition 6.1 pairs", n, "need two pairs on one support"));
    }
    for j in 0..n {
        let pw = w[0] * pairs[0].p[j] + w[1] * pairs[1].p[j];
        if pw == 0.0 {
            continue;
        }
        let qw = w[0] * pairs[0].q[j] + w[1] * pairs[1].q[j];
        // r_i with the paper's convention: 0/0 takes the other component's ratio
        let r = |i: usize| -> Option<f64> { if pairs[i].p[j] == 0.0 && pairs[i].q[j] == 0.0 { None } else { Some(pairs[i].p[j] / pairs[i].q[j]) } };
        let (r1, r2) = match (r(0), r(1)) {
            (Some(a), Some(b)) => (a, b),
            (Some(a), None) => (a, a),
            (None, Some(b)) => (b, b),
            (None, None) => continue,
        };
        let lhs = pw / qw;
        let rhs = w[0] * r1 + w[1] * r2;
        let equal = if lhs.is_infinite() || rhs.is_infinite() { lhs == rhs } else { (lhs - rhs).abs() <= 1e-12 * lhs.abs().max(rhs.abs()) };
        if !equal {
            return Ok(false);
        }
    }
    Ok(true)
}

/// **Proposition 6.1 corrected** (spec §6.1 [D], any m): `T(P_w, Q_w) = J_w` iff on every atom
/// all components with `w_i (p_i + q_i) > 0` have the same ratio `p_i/q_i` (the observation is
/// sufficient for the index-revealed experiment). Errors: supports differ.
pub fn joint_is_exact(w: &[f64], pairs: &[Pair]) -> Result<bool> {
    let n = pairs.first().map_or(0, |x| x.p.len());
    if w.len() != pairs.len() || pairs.iter().any(|x| x.p.len() != n || x.q.len() != n) {
        return Err(Error::invalid("joint_is_exact pairs", pairs.len(), "need one weight per pair, all on one support"));
    }
    for j in 0..n {
        let live: Vec<(f64, f64)> = pairs.iter().zip(w).filter(|(x, wi)| **wi > 0.0 && x.p[j] + x.q[j] > 0.0).map(|(x, _)| (x.p[j], x.q[j])).collect();
        if live.windows(2).any(|v| !same_ratio(v[0], v[1])) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// **Lemma A.4** (advanced joint convexity, BBG Theorem 2; spec §6.2): for
/// `P = (1 − w)P₀ + wP₁`, `Q = (1 − w)P₀ + wQ₁`, `γ ≥ 1`, `γ' = 1 + w(γ − 1)`, `η = γ'/γ`:
/// returns `(H_{γ'}(P‖Q), w H_γ(P₁‖(1 − η)P₀ + ηQ₁))` — equal (an identity). Errors: w ∉ [0, 1],
/// γ < 1, supports differ.
pub fn lemma_a_4(p0: &[f64], p1: &[f64], q1: &[f64], w: f64, gamma: f64) -> Result<(f64, f64)> {
    crate::error::check::unit_closed("mixture weight w", w)?;
    if !(gamma.is_finite() && gamma >= 1.0) {
        return Err(Error::invalid("gamma", gamma, "must be finite and ≥ 1"));
    }
    let gp = 1.0 + w * (gamma - 1.0);
    let eta = gp / gamma;
    let p = mix_vectors(&[1.0 - w, w], &[p0, p1])?;
    let q = mix_vectors(&[1.0 - w, w], &[p0, q1])?;
    let m = mix_vectors(&[1.0 - eta, eta], &[p0, q1])?;
    Ok((hockey_stick(&p, &q, gp)?, w * hockey_stick(p1, &m, gamma)?))
}

/// **Lemma 6.2** (spec §6.3, constraints relaxed to any positive `e^{ε₀}`, `e^{ε₁}`): for
/// `γ < w < η` the constraints give `e^{ε₀} = e^{ε'}(η − w)/((1 − w)(η − γ))` and
/// `e^{ε₁} = e^{ε'}(w − γ)/(w(η − γ))`. Returns `(e^{ε₀}, e^{ε₁}, lhs, rhs)` with
/// `lhs = H_{e^{ε'}}((1−w)P₁ + wP₂ ‖ (1−w)Q₁ + wQ₂)` and
/// `rhs = (1−w)H_{e^{ε₀}}(P₁‖(1−γ)Q₁ + γQ₂) + w H_{e^{ε₁}}(P₂‖(1−η)Q₁ + ηQ₂)`; claim lhs ≤ rhs.
/// Errors: not `0 ≤ γ < w < η ≤ 1`; `e^{ε'}` not > 0; supports differ.
pub fn lemma_6_2(pairs: &[Pair; 2], w: f64, gamma: f64, eta: f64, e_eps: f64) -> Result<(f64, f64, f64, f64)> {
    check_gwe(w, gamma, eta)?;
    if !(e_eps.is_finite() && e_eps > 0.0) {
        return Err(Error::invalid("e^eps'", e_eps, "must be finite and > 0"));
    }
    let (k1, k2) = ks(w, gamma, eta);
    let (e0, e1) = (e_eps / k1, e_eps / k2);
    let [a, b] = pairs;
    let lhs = hockey_stick(&mix_vectors(&[1.0 - w, w], &[&a.p, &b.p])?, &mix_vectors(&[1.0 - w, w], &[&a.q, &b.q])?, e_eps)?;
    let r0 = hockey_stick(&a.p, &mix_vectors(&[1.0 - gamma, gamma], &[&a.q, &b.q])?, e0)?;
    let r1 = hockey_stick(&b.p, &mix_vectors(&[1.0 - eta, eta], &[&a.q, &b.q])?, e1)?;
    Ok((e0, e1, lhs, (1.0 - w) * r0 + w * r1))
}

fn check_gwe(w: f64, gamma: f64, eta: f64) -> Result<()> {
    if !(0.0 <= gamma && gamma < w && w < eta && eta <= 1.0) {
        return Err(Error::invalid("(gamma, w, eta)", format!("({gamma}, {w}, {eta})"), "need 0 ≤ gamma < w < eta ≤ 1"));
    }
    Ok(())
}

/// `k₁ = (1 − w)(η − γ)/(η − w)`, `k₂ = w(η − γ)/(w − γ)` (spec §6.4 notation).
fn ks(w: f64, gamma: f64, eta: f64) -> (f64, f64) {
    ((1.0 - w) * (eta - gamma) / (eta - w), w * (eta - gamma) / (w - gamma))
}

/// The four cross trade-off functions `f_ij = T(P_i, Q_j)` of two pairs.
pub fn cross(pairs: &[Pair; 2]) -> Result<[[TradeOff; 2]; 2]> {
    let t = |i: usize, j: usize| TradeOff::from_pair(&pairs[i].p, &pairs[j].q);
    Ok([[t(0, 0)?, t(0, 1)?], [t(1, 0)?, t(1, 1)?]])
}

/// `F[h] = ((1−w)(1−γ)H₁₁* + (1−w)γH₁₂* + w(1−η)H₂₁* + wηH₂₂*)*` with `H_ij(x) = h_ij(k_i x)`
/// (spec §6.4), exactly for PL `h`: `S(y) = Σ c h*(y/k)` is PL convex with breakpoints
/// `y = k_i s` (`s` a segment slope of `h_ij`), so `F(x) = max_b (x y_b − S(y_b))` over those
/// breakpoints and `y = 0` (`S(y) = y` for `y ≥ 0` since `Σ c/k = 1`). The vertices of `F` sit at
/// the slopes of `S` between consecutive breakpoints. Errors: γ, w, η invalid; the result is not a
/// trade-off function (reported, not clipped).
pub fn advanced_f(h: &[[TradeOff; 2]; 2], w: f64, gamma: f64, eta: f64) -> Result<TradeOff> {
    check_gwe(w, gamma, eta)?;
    let (k1, k2) = ks(w, gamma, eta);
    let terms: [(f64, f64, &TradeOff); 4] = [((1.0 - w) * (1.0 - gamma), k1, &h[0][0]), ((1.0 - w) * gamma, k1, &h[0][1]), (w * (1.0 - eta), k2, &h[1][0]), (w * eta, k2, &h[1][1])];
    let s = |y: f64| neumaier_sum(terms.iter().map(|(c, k, f)| if *c == 0.0 { 0.0 } else { c * f.conjugate(y / k) }));
    let mut ys = vec![0.0];
    for (c, k, f) in &terms {
        if *c == 0.0 {
            continue;
        }
        for v in f.vertices().windows(2) {
            let dx = v[1].x - v[0].x;
            if dx > 0.0 {
                ys.push(k * (v[1].y - v[0].y) / dx);
            }
        }
    }
    ys.sort_by(|a, b| a.total_cmp(b));
    ys.dedup();
    let sv: Vec<f64> = ys.iter().map(|&y| s(y)).collect();
    let eval = |x: f64| ys.iter().zip(&sv).map(|(y, sy)| x * y - sy).fold(f64::NEG_INFINITY, f64::max);
    let mut xs = vec![0.0];
    for k in 0..ys.len() - 1 {
        let sl = (sv[k + 1] - sv[k]) / (ys[k + 1] - ys[k]);
        if sl > *xs.last().unwrap() && sl < 1.0 {
            xs.push(sl);
        }
    }
    xs.push(1.0);
    // F(0) = −inf S = lim_{y→−∞} −S(y) = Σ c h(0): the steepest breakpoint may not reach it
    let f0 = neumaier_sum(terms.iter().map(|(c, _, f)| c * f.vertices()[0].y));
    let mut pts: Vec<(f64, f64)> = xs.iter().map(|&x| (x, if x == 0.0 { f0 } else { eval(x) })).collect();
    for p in pts.iter_mut() {
        if p.1.abs() < 1e-13 {
            p.1 = 0.0;
        }
    }
    if pts.iter().any(|&(x, y)| y > 1.0 - x + 1e-9 || y < -1e-12) {
        return Err(Error::Numerical(format!("advanced joint concavity F[h] leaves [0, 1 − x]: {pts:?}")));
    }
    let pts: Vec<(f64, f64)> = pts.into_iter().map(|(x, y)| (x, y.clamp(0.0, 1.0 - x))).collect();
    TradeOff::from_points(&pts)
}

/// **Lemma 6.3 as printed** (general form; spec §6.4): `C(F[f])` with `f_ij = T(P_i, Q_j)`.
/// False unless every `f_ij` is symmetric (counterexample in the audit points).
pub fn lemma_6_3_printed(pairs: &[Pair; 2], w: f64, gamma: f64, eta: f64) -> Result<TradeOff> {
    Ok(advanced_f(&cross(pairs)?, w, gamma, eta)?.symmetrize())
}

/// **Lemma 6.3 corrected** (spec §6.4 [D]): `T(P_w, Q_w) ≥ F[g]⁻¹` with
/// `g_ij = T(Q_j, P_i) = f_ij⁻¹` (Lemma 6.2 bounds `H(P_w‖Q_w)`, i.e. the conjugate of
/// `T(Q_w, P_w)`). Guarantee: a lower bound on `T(P_w, Q_w)`.
pub fn lemma_6_3_corrected(pairs: &[Pair; 2], w: f64, gamma: f64, eta: f64) -> Result<TradeOff> {
    let f = cross(pairs)?;
    let g = [[f[0][0].inverse(), f[0][1].inverse()], [f[1][0].inverse(), f[1][1].inverse()]];
    Ok(advanced_f(&g, w, gamma, eta)?.inverse())
}

/// `T(P_i, Q_w)` for `i = 1, 2`, `Q_w = (1 − w)Q₁ + wQ₂`.
fn to_qw(pairs: &[Pair; 2], w: f64) -> Result<[TradeOff; 2]> {
    let qw = mix_vectors(&[1.0 - w, w], &[&pairs[0].q, &pairs[1].q])?;
    Ok([TradeOff::from_pair(&pairs[0].p, &qw)?, TradeOff::from_pair(&pairs[1].p, &qw)?])
}

/// **Lemma 6.3, special case γ = η = w, as printed** (spec §6.4):
/// `C((1 − w)T(P₁, Q_w) + wT(P₂, Q_w))`. False when `T(P_i, Q_w)` is not symmetric.
pub fn lemma_6_3_special_printed(pairs: &[Pair; 2], w: f64) -> Result<TradeOff> {
    crate::error::check::unit_closed("mixture weight w", w)?;
    Ok(TradeOff::pointwise(&[1.0 - w, w], &to_qw(pairs, w)?)?.symmetrize())
}

/// **Lemma 6.3, special case, corrected** (spec §6.4 [D]):
/// `[(1 − w)T(P₁, Q_w)⁻¹ + wT(P₂, Q_w)⁻¹]⁻¹` (`T(Q, ·)` is concave in its second argument
/// pointwise). Guarantee: a lower bound on `T(P_w, Q_w)`.
pub fn lemma_6_3_special_corrected(pairs: &[Pair; 2], w: f64) -> Result<TradeOff> {
    crate::error::check::unit_closed("mixture weight w", w)?;
    let [a, b] = to_qw(pairs, w)?;
    Ok(TradeOff::pointwise(&[1.0 - w, w], &[a.inverse(), b.inverse()])?.inverse())
}

/// The swap mixture `P = (1 − w)P₀ + wQ₀`, `Q = (1 − w)Q₀ + wP₀` of Proposition 6.4 (exact).
pub fn swap_mixture(pair: &Pair, w: f64) -> Result<TradeOff> {
    let p = mix_vectors(&[1.0 - w, w], &[&pair.p, &pair.q])?;
    let q = mix_vectors(&[1.0 - w, w], &[&pair.q, &pair.p])?;
    TradeOff::from_pair(&p, &q)
}

fn check_half(w: f64) -> Result<()> {
    if !(0.0..=0.5).contains(&w) {
        return Err(Error::invalid("mixture weight w", w, "must be in [0, 1/2]"));
    }
    Ok(())
}

/// **Proposition 6.4 as printed** (spec §6.5): `C(2w Id + (1 − 2w) T₀)`. Sound when `T₀` is
/// symmetric (shuffling); false for asymmetric `T₀` (counterexample in the audit points).
pub fn proposition_6_4_printed(t0: &TradeOff, w: f64) -> Result<TradeOff> {
    check_half(w)?;
    Ok(t0.mix_with_identity(1.0 - 2.0 * w)?.symmetrize())
}

/// **Proposition 6.4 corrected** (spec §6.5 [D]): `C(2w Id + (1 − 2w) C(T₀))` — symmetrise
/// first. Equal to the printed form when `T₀` is symmetric. Guarantee: a lower bound on `T(P, Q)`.
pub fn proposition_6_4_corrected(t0: &TradeOff, w: f64) -> Result<TradeOff> {
    check_half(w)?;
    Ok(t0.symmetrize().mix_with_identity(1.0 - 2.0 * w)?.symmetrize())
}

/// **Proposition E.1 as printed** (spec §6.6): `C((1 − w) Id + w T(P₁, Q₁))`, with no condition on
/// `P₀`. False (counterexample in the audit points: `P₀` disjoint from `P₁`, `Q₁`).
pub fn proposition_e_1_printed(t1: &TradeOff, w: f64) -> Result<TradeOff> {
    Ok(t1.mix_with_identity(w)?.symmetrize())
}

/// **Proposition E.1 corrected** (spec §6.6 [D]): for a symmetric `f` with `T(P₁, Q₁) ≥ f`,
/// `T(P₀, P₁) ≥ f` and `T(P₀, Q₁) ≥ f` (the caller certifies these; see [`closeness_envelope`]),
/// `T(P, Q) ≥ C((1 − w) Id + w f)`. Errors: `f` not symmetric (1e−12), w ∉ [0, 1].
pub fn proposition_e_1_corrected(f: &TradeOff, w: f64) -> Result<TradeOff> {
    if !f.is_symmetric(1e-12) {
        return Err(Error::invalid("Proposition E.1 trade-off f", "asymmetric", "must be symmetric (symmetrise it first)"));
    }
    Ok(f.mix_with_identity(w)?.symmetrize())
}

/// The largest symmetric PL function below all of `fs` and their inverses: the lower convex hull
/// of all their vertices (`C(min f_k)`, spec §2.6), for small instances. Used to certify
/// Proposition E.1's three closeness conditions with `fs = [T(P₁,Q₁), T(P₀,P₁), T(P₀,Q₁)]`.
pub fn closeness_envelope(fs: &[TradeOff]) -> Result<TradeOff> {
    let mut pts: Vec<(f64, f64)> = vec![(0.0, 1.0), (1.0, 0.0)];
    for f in fs {
        for g in [f.clone(), f.inverse()] {
            pts.extend(g.vertices().iter().map(|v| (v.x, v.y)));
        }
    }
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    pts.dedup_by(|b, a| a.0 == b.0);
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for c in pts {
        while hull.len() >= 2 {
            let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
            if (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0) <= 0.0 {
                hull.pop();
            } else {
                break;
            }
        }
        hull.push(c);
    }
    TradeOff::from_points(&hull)
}

//! Joint concavity of trade-off functions: Section 3 and Appendix B of the mixtures f-DP paper
//! (Wang, Su, Ye, Shokri, Su 2023; implementation spec `shared/spec/mixtures_fdp.md` §1.9, §2,
//! §3). Every statement is evaluated on concrete instances: finite discrete pairs (exact PL
//! trade-off functions, [`TradeOff::from_pair`]) and Gaussian components (closed forms).
//!
//! Guarantees: a lower bound on a trade-off function is an **upper** bound on privacy loss (the
//! [`crate::papers::Guarantee::Upper`] of the registry); the exact mixture curves are `Exact`.

use crate::error::{Error, Result};
use crate::num::special::{ndtr, neumaier_sum};
use crate::repr::TradeOff;

/// A finite discrete pair `(P, Q)` on a common support (spec §0.1).
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub p: Vec<f64>,
    pub q: Vec<f64>,
}

impl Pair {
    pub fn new(p: &[f64], q: &[f64]) -> Pair {
        Pair { p: p.to_vec(), q: q.to_vec() }
    }
    /// `T(P, Q)` (spec §2.2), exact PL.
    pub fn tradeoff(&self) -> Result<TradeOff> {
        TradeOff::from_pair(&self.p, &self.q)
    }
    /// The swapped pair `(Q, P)`.
    pub fn swapped(&self) -> Pair {
        Pair { p: self.q.clone(), q: self.p.clone() }
    }
}

/// `Σ_i w_i v_i` for vectors on a common support. Errors: no vectors, lengths differ.
pub fn mix_vectors(w: &[f64], v: &[&[f64]]) -> Result<Vec<f64>> {
    if v.is_empty() || w.len() != v.len() || v.iter().any(|x| x.len() != v[0].len()) {
        return Err(Error::invalid("mixture", format!("{} weights, {} vectors", w.len(), v.len()), "need one weight per vector, all on one support"));
    }
    Ok((0..v[0].len()).map(|j| neumaier_sum(w.iter().zip(v).map(|(a, x)| a * x[j]))).collect())
}

/// The mixture pair `(P_w, Q_w) = (Σ w_i P_i, Σ w_i Q_i)` (spec §3.1 setting).
pub fn mixture(w: &[f64], pairs: &[Pair]) -> Result<Pair> {
    let ps: Vec<&[f64]> = pairs.iter().map(|x| x.p.as_slice()).collect();
    let qs: Vec<&[f64]> = pairs.iter().map(|x| x.q.as_slice()).collect();
    Ok(Pair { p: mix_vectors(w, &ps)?, q: mix_vectors(w, &qs)? })
}

/// The exact trade-off `T(P_w, Q_w)` of the mixture (spec §3.1, ground truth of Lemma 3.1).
pub fn mixture_tradeoff(w: &[f64], pairs: &[Pair]) -> Result<TradeOff> {
    mixture(w, pairs)?.tradeoff()
}

/// **Lemma 3.1** (joint concavity; spec §3.1): `T(P_w, Q_w) ≥ J_w(T(P_1, Q_1), …, T(P_m, Q_m))`,
/// the trade-off function of the index-revealed pair (spec §1.9 [D]); the paper's parametric form
/// `(α(t, c), Σ w_i f_i(α_i(t, c)))` traces exactly this curve. Guarantee: a lower bound on the
/// trade-off function (upper bound on privacy loss). Errors: weights or pairs invalid.
pub fn lemma_3_1_bound(w: &[f64], pairs: &[Pair]) -> Result<TradeOff> {
    let fs = pairs.iter().map(Pair::tradeoff).collect::<Result<Vec<_>>>()?;
    TradeOff::joint(w, &fs)
}

/// **Proposition 3.2** (spec §3.2): if every `T(P_i, Q_i)` is symmetric, so is `J_w`. Returns
/// `max |J − J⁻¹|` over the vertices of both (0 up to rounding when the claim holds).
pub fn proposition_3_2_asymmetry(w: &[f64], pairs: &[Pair]) -> Result<f64> {
    let j = lemma_3_1_bound(w, pairs)?;
    let inv = j.inverse();
    let mut worst = 0.0f64;
    for (a, b) in [(&j, &inv), (&inv, &j)] {
        for v in a.vertices() {
            worst = worst.max((b.eval(v.x)? - v.y).abs());
        }
    }
    Ok(worst)
}

/// A convex `F` of an F-divergence with its limits `F(0)` and `τ_F = lim F(s)/s` (spec §1.3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FDiv {
    /// `F(s) = s ln s` (Kullback–Leibler).
    Kl,
    /// `F(s) = s^a`, `a > 1`: `D_F = e^{(a−1) R_a}` (spec §1.2; Corollary B.6).
    Power(f64),
    /// `F(s) = (s − γ)_+`: `D_F = H_γ` (spec §1.1; Corollary B.5).
    HockeyStick(f64),
}

impl FDiv {
    fn check(&self) -> Result<()> {
        match *self {
            FDiv::Power(a) if !(a.is_finite() && a > 1.0) => Err(Error::invalid("Rényi order", a, "must be finite and > 1")),
            FDiv::HockeyStick(g) if !(g.is_finite() && g >= 0.0) => Err(Error::invalid("hockey-stick gamma", g, "must be finite and ≥ 0")),
            _ => Ok(()),
        }
    }
    fn f(&self, s: f64) -> f64 {
        match *self {
            FDiv::Kl => if s == 0.0 { 0.0 } else { s * s.ln() },
            FDiv::Power(a) => s.powf(a),
            FDiv::HockeyStick(g) => (s - g).max(0.0),
        }
    }
    /// `τ_F = lim_{s→∞} F(s)/s`.
    fn tau(&self) -> f64 {
        match *self {
            FDiv::HockeyStick(_) => 1.0,
            _ => f64::INFINITY,
        }
    }
    /// The contribution of an atom with masses `(p, q)`: `q F(p/q)`, `F(0) q` (`F(0) = 0` for the
    /// three families) or `τ_F p` (spec §1.3).
    fn atom(&self, p: f64, q: f64) -> f64 {
        match (p > 0.0, q > 0.0) {
            (_, true) => q * self.f(p / q),
            (true, false) => self.tau() * p,
            (false, false) => 0.0,
        }
    }
}

/// `D_F(P‖Q) = Σ_j q_j F(p_j/q_j)` with the boundary terms of spec §1.3 (direct sum over the
/// atoms). Errors: lengths differ; F's parameter invalid.
pub fn f_divergence(pair: &Pair, fd: FDiv) -> Result<f64> {
    fd.check()?;
    if pair.p.len() != pair.q.len() {
        return Err(Error::invalid("discrete pair", format!("{} vs {} atoms", pair.p.len(), pair.q.len()), "need equal lengths"));
    }
    Ok(sum_terms(pair.p.iter().zip(&pair.q).map(|(a, b)| fd.atom(*a, *b))))
}

/// Compensated sum that returns `+∞` when a term is infinite (no `∞ − ∞` in the compensation).
fn sum_terms(it: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = it.collect();
    if v.iter().any(|x| x.is_infinite()) {
        return f64::INFINITY;
    }
    neumaier_sum(v)
}

/// The functional `l_F(f)` of DRS Proposition B.4 (the paper's Lemma B.4; spec §3.3) on a PL
/// chain: `Σ_segments Δρ F(Δα/Δρ)` plus `F(0)(1 − f(0))` and `τ_F (1 − z_f)` (a segment with
/// `Δρ = 0` contributes `τ_F Δα`). `l_F(T(P, Q)) = D_F(P‖Q)`.
pub fn l_f(f: &TradeOff, fd: FDiv) -> Result<f64> {
    fd.check()?;
    Ok(sum_terms(f.segment_atoms().into_iter().map(|(run, drop)| fd.atom(run, drop))))
}

/// **Proposition 3.3** (joint convexity of F-divergences; spec §3.3, with the weights `w_i` the
/// paper's middle expression omits): returns `(D_F(P_w‖Q_w), Σ w_i D_F(P_i‖Q_i))`; the claim is
/// first ≤ second. **Corollary B.5** is `F = (s − γ)_+`, **Corollary B.6** is `F = s^a`.
/// Guarantee of the second number: an upper bound on the mixture's divergence.
pub fn proposition_3_3(w: &[f64], pairs: &[Pair], fd: FDiv) -> Result<(f64, f64)> {
    let mix = f_divergence(&mixture(w, pairs)?, fd)?;
    let parts = pairs.iter().map(|x| f_divergence(x, fd)).collect::<Result<Vec<_>>>()?;
    Ok((mix, sum_terms(w.iter().zip(&parts).map(|(a, b)| if *a == 0.0 { 0.0 } else { a * b }))))
}

fn check_gauss(w: &[f64], mus: &[f64]) -> Result<()> {
    if w.is_empty() || w.len() != mus.len() {
        return Err(Error::invalid("Gaussian components", mus.len(), "need one weight per mean"));
    }
    for &m in mus {
        if !(m.is_finite() && m > 0.0) {
            return Err(Error::invalid("Gaussian mean shift mu", m, "must be finite and > 0"));
        }
    }
    Ok(())
}

/// **Proposition B.2 / Corollary B.3** (slope matching; spec §3.4) for `f_i = G_{μ_i}`: at the
/// common slope `−s`, `α(s) = Σ w_i Φ(−ln s/μ_i − μ_i/2)` (`= Σ w_i (G'_{μ_i})⁻¹(−s)`) and
/// `J(α(s)) = Σ w_i G_{μ_i}(α_i(s)) = Σ w_i Φ(ln s/μ_i − μ_i/2)`. Returns `(α(s), J(α(s)))`
/// (exact, f64). Errors: s not finite and > 0; μ_i not > 0; lengths differ.
pub fn corollary_b_3_gaussian(w: &[f64], mus: &[f64], s: f64) -> Result<(f64, f64)> {
    check_gauss(w, mus)?;
    if !(s.is_finite() && s > 0.0) {
        return Err(Error::invalid("slope s", s, "must be finite and > 0"));
    }
    let l = s.ln();
    let a = neumaier_sum(w.iter().zip(mus).map(|(wi, m)| wi * ndtr(-l / m - m / 2.0)));
    let b = neumaier_sum(w.iter().zip(mus).map(|(wi, m)| wi * ndtr(l / m - m / 2.0)));
    Ok((a, b))
}

/// The four pairs `(P_i, Q_j)` of Proposition B.1 and the exact `T(P_w, Q_{w'})`.
pub struct CrossPairs {
    pub p: [Vec<f64>; 2],
    pub q: [Vec<f64>; 2],
}

impl CrossPairs {
    fn t(&self, i: usize, j: usize) -> Result<TradeOff> {
        TradeOff::from_pair(&self.p[i], &self.q[j])
    }
    /// `T(w_1 P_1 + w_2 P_2, w'_1 Q_1 + w'_2 Q_2)` (exact).
    pub fn exact(&self, w: [f64; 2], w2: [f64; 2]) -> Result<TradeOff> {
        let p = mix_vectors(&w, &[&self.p[0], &self.p[1]])?;
        let q = mix_vectors(&w2, &[&self.q[0], &self.q[1]])?;
        TradeOff::from_pair(&p, &q)
    }
    /// The maximal coupling of `w` and `w'` as weights of `(T11, T22, T12, T21)`:
    /// `(min{w1,w1'}, min{w2,w2'}, w2' − min{w2,w2'}, w1' − min{w1,w1'})` — the printed weights.
    fn weights(w: [f64; 2], w2: [f64; 2]) -> [f64; 4] {
        let (m1, m2) = (w[0].min(w2[0]), w[1].min(w2[1]));
        [m1, m2, w2[1] - m2, w2[0] - m1]
    }
    fn parts(&self) -> Result<Vec<TradeOff>> {
        Ok(vec![self.t(0, 0)?, self.t(1, 1)?, self.t(0, 1)?, self.t(1, 0)?])
    }
    /// **Proposition B.1 as printed** (spec §3.5): the *pointwise* sum
    /// `min{w1,w1'}T(P1,Q1) + min{w2,w2'}T(P2,Q2) + (w2' − min{w2,w2'})T(P1,Q2) + (w1' − min{w1,w1'})T(P2,Q1)`.
    /// False as printed (a counterexample in the audit points); kept to show it.
    pub fn proposition_b_1_printed(&self, w: [f64; 2], w2: [f64; 2]) -> Result<TradeOff> {
        TradeOff::pointwise(&Self::weights(w, w2), &self.parts()?)
    }
    /// **Proposition B.1 corrected** (spec §3.5 [D]): the joint combination `J_π` of the four
    /// cross trade-off functions with `π` the maximal coupling of `w`, `w'` (reveal `(I, J) ~ π`).
    /// Guarantee: a lower bound on `T(P_w, Q_{w'})`.
    pub fn proposition_b_1_corrected(&self, w: [f64; 2], w2: [f64; 2]) -> Result<TradeOff> {
        TradeOff::joint(&Self::weights(w, w2), &self.parts()?)
    }
}

/// Ground truth for Corollary B.3 with two Gaussian components: `J(α)` by direct minimisation of
/// the convex `w₁G_{μ₁}(a₁) + w₂G_{μ₂}(a₂)` over `w₁a₁ + w₂a₂ = α` (golden-section search, 200
/// steps; no slope matching). Errors: weights or μ invalid, α ∉ [0, 1].
pub fn joint_gaussian_min(w: [f64; 2], mus: [f64; 2], alpha: f64) -> Result<f64> {
    check_gauss(&w, &mus)?;
    crate::error::check::unit_closed("type I error alpha", alpha)?;
    if !(w[0] > 0.0 && w[1] > 0.0 && (w[0] + w[1] - 1.0).abs() < 1e-12) {
        return Err(Error::invalid("weights", format!("{w:?}"), "need two positive weights summing to 1"));
    }
    let obj = |a1: f64| {
        let a2 = ((alpha - w[0] * a1) / w[1]).clamp(0.0, 1.0);
        w[0] * crate::repr::gdp::tradeoff(&mus[0], &a1) + w[1] * crate::repr::gdp::tradeoff(&mus[1], &a2)
    };
    let (mut lo, mut hi) = (((alpha - w[1]) / w[0]).max(0.0), (alpha / w[0]).min(1.0));
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..200 {
        let (m1, m2) = (hi - r * (hi - lo), lo + r * (hi - lo));
        if obj(m1) <= obj(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    Ok(obj(0.5 * (lo + hi)))
}

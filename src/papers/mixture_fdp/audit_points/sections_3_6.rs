//! Audit points of the mixtures f-DP paper, Sections 3 and 6 with Appendices B, E, F (spec
//! §10.1 items 1, 2, 7–10 and §10.2). Each point is decided against an independent value: the
//! exact trade-off of the mixture built from every atom, brute-force minimisation, the spec's
//! computed tables. Counterexamples only where the printed statement is false under the paper's
//! own definitions (Propositions B.1, 6.1, 6.4 for asymmetric `T(P₀, Q₀)`, E.1; Lemma 6.3).
//!
//! | point | results | tests | finding |
//! |---|---|---|---|
//! | L31 | Lemma 3.1 | bound | — |
//! | C31 | Lemma 3.1, Proposition B.2 | convention | reading (four threshold conventions) |
//! | P32 | Proposition 3.2 | bound | — |
//! | P33 | Proposition 3.3, Corollaries B.5, B.6 | bound | — |
//! | T33 | Proposition 3.3, Corollary B.6 | typo | typo (weights w_i missing; F(0); power divergence) |
//! | B2 | Proposition B.2, Corollary B.3 | bound | — |
//! | TB2 | Proposition B.2, Corollary B.3 | typo | typo (indicator q/p < t; (f')⁻¹(t)) |
//! | B1 | Proposition B.1 | bound | counterexample |
//! | P61 | Proposition 6.1 | tightness | counterexample ("if" direction) |
//! | F12 | Examples F.1, F.2 | tightness | — |
//! | A4 | Lemma A.4 | bound | — |
//! | L62 | Lemma 6.2 | bound | observation (constraints relaxed) |
//! | L63 | Lemma 6.3 | bound | counterexample |
//! | P64 | Proposition 6.4 | bound | counterexample (asymmetric T(P₀, Q₀)) |
//! | P64P | Proposition 6.4 | unproven step | limitation ("C(f) = f on [0, x̄]" for any f) |
//! | TE3 | Proposition 6.4, Lemma 6.3 | typo | typo (eq. (3) sign; index sets; w₀) |
//! | E1 | Proposition E.1 | bound | counterexample (no closeness condition) |
//! | F3 | Example F.3 | bound | observation |
//! | F4 | Example F.4 | tightness | — |

use crate::papers::mixture_fdp::section_6::advanced_concavity::*;
use crate::papers::mixture_fdp::appendix_f::examples_f::*;
use crate::papers::mixture_fdp::section_3::joint_concavity::*;
use crate::papers::mixture_fdp::PAPER;
use crate::error::Result;
use crate::num::fmt::fmt_sig;
use crate::papers::audit_point::{Job, Made};
use crate::papers::{AuditPoint, Finding, FindingKind, Tested, Verdict};
use crate::repr::TradeOff;
use serde_json::json;

fn g8(x: f64) -> String {
    fmt_sig(x, 8, 1e6)
}

/// The jobs of this file, in report order.
pub const JOBS: [Job; 19] = [
    ("L31", &["Lemma 3.1"], "Joint concavity: T(P_w, Q_w) ≥ J_w(T(P_i, Q_i)) on the spec example and 300 random discrete instances", Tested::Bound, l31),
    ("C31", &["Lemma 3.1", "Proposition B.2"], "Threshold conventions: Lemma 3.1's statement (q/p > t) and proof (p/q < t) use reciprocal thresholds", Tested::Convention, c31),
    ("P32", &["Proposition 3.2"], "J_w is symmetric when every T(P_i, Q_i) is (300 random mirrored instances)", Tested::Bound, p32),
    ("P33", &["Proposition 3.3", "Corollary B.5", "Corollary B.6"], "Joint convexity of F-divergences (KL, e^{R_2}, H_γ) on the spec example and random instances", Tested::Bound, p33),
    ("T33", &["Proposition 3.3", "Corollary B.6"], "Proposition 3.3's middle expression and Appendix B.3's definitions as printed", Tested::Typo, t33),
    ("B2", &["Proposition B.2", "Corollary B.3"], "Slope matching for Gaussian components equals brute-force minimisation of Σ w_i G_{μ_i}(α_i)", Tested::Bound, b2),
    ("TB2", &["Proposition B.2", "Corollary B.3"], "Proof of Proposition B.2 as printed (indicator, integration variable)", Tested::Typo, tb2),
    ("B1", &["Proposition B.1"], "Proposition B.1's pointwise sum over cross trade-off functions is a lower bound on T(P_w, Q_w')", Tested::Bound, b1),
    ("P61", &["Proposition 6.1"], "Proposition 6.1: the identity p_w/q_w = Σ w_i p_i/q_i is equivalent to equality in Lemma 3.1", Tested::Tightness, p61),
    ("F12", &["Example F.1", "Example F.2"], "Examples F.1 and F.2: Lemma 3.1 holds with equality (both criteria of Proposition 6.1 hold)", Tested::Tightness, f12),
    ("A4", &["Lemma A.4"], "Advanced joint convexity (BBG Theorem 2) is an identity", Tested::Bound, a4),
    ("L62", &["Lemma 6.2"], "Lemma 6.2: H_{e^ε'}(mixtures) ≤ the split bound (spec example and random instances)", Tested::Bound, l62),
    ("L63", &["Lemma 6.3"], "Advanced joint concavity: T(P_w, Q_w) ≥ C(F[f]) (general) and the special case γ = η = w", Tested::Bound, l63),
    ("P64", &["Proposition 6.4"], "T(P, Q) ≥ C(2w Id + (1 − 2w) T(P0, Q0)) for the swap mixture", Tested::Bound, p64),
    ("P64P", &["Proposition 6.4"], "The proof's step 'C(f) = f on [0, x̄] for any trade-off function f'", Tested::UnprovenStep, p64p),
    ("TE3", &["Proposition 6.4", "Lemma 6.3", "Lemma 6.2"], "Eq. (3) and the notation of Lemmas 6.2, 6.3 and the proof of Proposition 6.4 as printed", Tested::Typo, te3),
    ("E1", &["Proposition E.1"], "T(P, Q) ≥ C((1 − w) Id + w T(P1, Q1)) for P = (1 − w)P0 + wP1, Q = (1 − w)P0 + wQ1", Tested::Bound, e1),
    ("F3", &["Example F.3"], "Sub-sampled Gaussian: exact ≥ C(w Id + (1 − w) G_μ) ≥ Lemma 3.1 bound", Tested::Bound, f3),
    ("F4", &["Example F.4"], "Indistinguishable swap mixture: Proposition 6.4 is sharp, Lemma 3.1 is loose", Tested::Tightness, f4),
];

/// Run the jobs (stopping once `interrupt` is set).
pub fn points(interrupt: &std::sync::atomic::AtomicBool) -> Vec<AuditPoint> {
    crate::papers::audit_point::run_jobs(PAPER, &JOBS, interrupt)
}

/// Deterministic xorshift for the random instances (fixed seed: reproducible verdicts).
struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }
    fn simplex(&mut self, n: usize) -> Vec<f64> {
        let v: Vec<f64> = (0..n).map(|_| -self.unit().ln()).collect();
        let s: f64 = v.iter().sum();
        v.iter().map(|x| x / s).collect()
    }
    /// `m` random pairs on a common support of `n` atoms and random weights.
    fn instance(&mut self, m: usize, n: usize) -> (Vec<f64>, Vec<Pair>) {
        let w = self.simplex(m);
        (w, (0..m).map(|_| Pair { p: self.simplex(n), q: self.simplex(n) }).collect())
    }
}

/// `max_α (f − g)(α)` over the vertices of both (exact for PL): > 0 means f is above g somewhere.
fn excess(f: &TradeOff, g: &TradeOff) -> Result<(f64, f64)> {
    let mut best = (f64::NEG_INFINITY, 0.0);
    for v in f.vertices().iter().chain(g.vertices()) {
        let d = f.eval(v.x)? - g.eval(v.x)?;
        if d > best.0 {
            best = (d, v.x);
        }
    }
    Ok(best)
}

fn ex1() -> (Vec<f64>, Vec<Pair>) {
    (vec![0.5, 0.5], vec![Pair::new(&[0.6, 0.4], &[0.4, 0.6]), Pair::new(&[0.9, 0.1], &[0.1, 0.9])])
}

fn l31() -> Result<Made> {
    let (w, pairs) = ex1();
    let (t, j) = (mixture_tradeoff(&w, &pairs)?, lemma_3_1_bound(&w, &pairs)?);
    let ex = (t.eval(0.05)?, j.eval(0.05)?);
    let mut worst = excess(&j, &t)?.0;
    let mut rng = Rng(0x5eed_3101);
    for k in 0..300 {
        let (w, pairs) = rng.instance(2 + k % 2, 2 + k % 7);
        worst = worst.max(excess(&lemma_3_1_bound(&w, &pairs)?, &mixture_tradeoff(&w, &pairs)?)?.0);
    }
    let v = if worst <= 1e-12 { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("Spec §3.1 example 1: T(P_w, Q_w)(0.05) = {} ≥ J(0.05) = {}. Over that example and 300 random instances (m ∈ {{2, 3}}, 2–8 atoms, exact PL chains): max_α (J − T)(α) = {}.", g8(ex.0), g8(ex.1), g8(worst));
    Ok((v, ev, json!({"example_alpha_0_05": {"exact": ex.0, "joint": ex.1}, "instances": 301, "max_excess": worst}), Vec::new()))
}

fn c31() -> Result<Made> {
    let f = vec![Finding::new(FindingKind::Reading, "four threshold parameters t: Lemma 3.1 / Props 3.3, B.2 (test q/p > t, slope −t), Lemma A.1 and the proof of Lemma 3.1 (p < tq), Prop 4.1 (p0/q0 ≤ t), Thm 5.1 (log(p/q) ≤ t); the statement and proof of Lemma 3.1 use reciprocal thresholds. Implemented through the slope s = t of the statement (spec §0.3); the curve traced is J_w either way")];
    Ok((Verdict::Holds, "The parametrisations trace the same curve J_w once mapped to one threshold τ (spec §0.3 table); only the naming differs.".into(), json!({}), f))
}

fn p32() -> Result<Made> {
    let mut rng = Rng(0x5eed_3201);
    let mut worst = 0.0f64;
    for k in 0..300 {
        let m = 2 + k % 2;
        let n = 1 + k % 4;
        let w = rng.simplex(m);
        let pairs: Vec<Pair> = (0..m)
            .map(|_| {
                let (h1, h2) = (rng.simplex(n), rng.simplex(n));
                let p: Vec<f64> = h1.iter().chain(&h2).map(|x| x / 2.0).collect();
                let q: Vec<f64> = h2.iter().chain(&h1).map(|x| x / 2.0).collect();
                Pair { p, q }
            })
            .collect();
        worst = worst.max(proposition_3_2_asymmetry(&w, &pairs)?);
    }
    let v = if worst <= 1e-12 { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("300 random instances with mirrored components (P_i = (h1, h2)/2, Q_i = (h2, h1)/2, hence T(P_i, Q_i) symmetric): max |J − J⁻¹| over vertices = {}. The proof's differentiability is not needed (J* = Σ w_i f_i*).", g8(worst));
    Ok((v, ev, json!({"instances": 300, "max_asymmetry": worst}), Vec::new()))
}

fn p33() -> Result<Made> {
    let (w, pairs) = ex1();
    let mut rows = Vec::new();
    let mut ok = true;
    for fd in [FDiv::Kl, FDiv::Power(2.0), FDiv::HockeyStick(1.5)] {
        let (m, s) = proposition_3_3(&w, &pairs, fd)?;
        ok &= m <= s * (1.0 + 1e-12);
        rows.push(json!({"f": format!("{fd:?}"), "mixture": m, "weighted_sum": s}));
    }
    let mut rng = Rng(0x5eed_3301);
    for k in 0..200 {
        let (w, pairs) = rng.instance(2 + k % 2, 2 + k % 5);
        for fd in [FDiv::Kl, FDiv::Power(1.5 + (k % 3) as f64), FDiv::HockeyStick(1.0 + 0.25 * (k % 5) as f64)] {
            let (m, s) = proposition_3_3(&w, &pairs, fd)?;
            ok &= m <= s * (1.0 + 1e-12) + 1e-15;
        }
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("Spec §3.3 example: {}; and 200 random instances × (KL, s^a, (s − γ)_+): D_F(P_w‖Q_w) ≤ Σ w_i D_F(P_i‖Q_i) everywhere: {}.", rows.iter().map(|r| format!("{} {} ≤ {}", r["f"].as_str().unwrap_or(""), g8(r["mixture"].as_f64().unwrap_or(f64::NAN)), g8(r["weighted_sum"].as_f64().unwrap_or(f64::NAN)))).collect::<Vec<_>>().join("; "), if ok { "yes" } else { "NO" });
    Ok((v, ev, json!({"example": rows, "random_instances": 200}), Vec::new()))
}

fn t33() -> Result<Made> {
    let (_, pairs) = ex1();
    let unweighted: f64 = pairs.iter().map(|x| f_divergence(x, FDiv::Kl)).sum::<Result<f64>>()?;
    let (_, weighted) = proposition_3_3(&[0.5, 0.5], &pairs, FDiv::Kl)?;
    let ev = format!("Spec §3.1 example 1, KL: the printed middle expression Σ_i ∫ F(1/|f_i'|)|f_i'| (no weights) = {}, twice the intended Σ w_i D_F(P_i‖Q_i) = {}.", g8(unweighted), g8(weighted));
    let f = vec![
        Finding::new(FindingKind::Typo, format!("Proposition 3.3's middle expression omits the weights w_i (= {} instead of {} on the spec example)", g8(unweighted), g8(weighted))).only(&["Proposition 3.3"]),
        Finding::new(FindingKind::Typo, "Appendix B.3 defines F(0) = lim F(s)/s (should be lim_{s↓0} F(s)) and prints the power divergence as (s^{α̃−α̃(s−1)−1})/(α̃(α̃−1)); the intended F_α̃(s) = (s^α̃ − α̃(s−1) − 1)/(α̃(α̃−1)) gives D = (e^{(α̃−1)R_α̃} − 1)/(α̃(α̃−1)), affine in (not equal to) e^{(α̃−1)R_α̃}"),
    ];
    Ok((Verdict::Holds, ev, json!({"unweighted": unweighted, "weighted": weighted}), f))
}

fn b2() -> Result<Made> {
    let mut worst = 0.0f64;
    let mut rows = Vec::new();
    for s in [0.5, 1.0, 3.0] {
        let (a, b) = corollary_b_3_gaussian(&[0.5, 0.5], &[1.0, 2.0], s)?;
        let m = joint_gaussian_min([0.5, 0.5], [1.0, 2.0], a)?;
        worst = worst.max((b - m).abs());
        rows.push(json!({"s": s, "alpha": a, "slope_matched": b, "brute_force": m}));
    }
    let v = if worst <= 1e-9 { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("w = (½, ½), μ = (1, 2), s ∈ {{0.5, 1, 3}}: |Σ w_i G_{{μ_i}}((G'_{{μ_i}})⁻¹(−s)) − min_{{Σ w_i α_i = α(s)}} Σ w_i G_{{μ_i}}(α_i)| ≤ {} (golden-section minimisation).", g8(worst));
    Ok((v, ev, json!({"rows": rows, "max_diff": worst}), Vec::new()))
}

fn tb2() -> Result<Made> {
    let f = vec![Finding::new(FindingKind::Typo, "proof of Proposition B.2: the indicator 1[q_i/p_i < t] in α_i(t) must be 1[q_i/p_i > t] for the slope −t parametrisation, β_i is integrated 'dt' for 'dx'; the proof of Proposition 3.3 writes (f_i')⁻¹(t) for (f_i')⁻¹(−t)")];
    Ok((Verdict::Holds, "With '<' the type I error would grow as the slope steepens; the statement (7) uses the intended '>' (point B2 checks it).".into(), json!({}), f))
}

fn b1() -> Result<Made> {
    let c = CrossPairs { p: [vec![1.0, 0.0, 0.0], vec![0.0, 0.0, 1.0]], q: [vec![0.0, 1.0, 0.0], vec![0.0, 0.0, 1.0]] };
    let w = [0.5, 0.5];
    let (t, pr, co) = (c.exact(w, w)?, c.proposition_b_1_printed(w, w)?, c.proposition_b_1_corrected(w, w)?);
    let (gap, at) = excess(&pr, &t)?;
    let cgap = excess(&co, &t)?.0;
    let v = if gap > 1e-12 { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("P1 = δ_a, Q1 = δ_b, P2 = Q2 = δ_c, w = w' = (½, ½): exact T(α) = (0.5 − α)_+, printed ½T(P1,Q1) + ½T(P2,Q2) = 0.5(1 − α). At α = 0.25: exact {} < printed {}; max excess {} at α = {}. Corrected J_π (maximal coupling, spec §3.5): max excess {} (≤ 0).", g8(t.eval(0.25)?), g8(pr.eval(0.25)?), g8(gap), g8(at), g8(cgap));
    let f = vec![Finding::new(FindingKind::Counterexample, format!("Proposition B.1 asserts a pointwise weighted sum; with P1 = δ_a, Q1 = δ_b, P2 = Q2 = δ_c and w = w' = (½, ½) it gives 0.375 at α = 0.25 while T(P_w, Q_w')(0.25) = 0.25 (printed − exact = {}); valid: the joint combination J_π over the four T(P_i, Q_j) with π a coupling of w, w'", g8(gap)))];
    Ok((v, ev, json!({"alpha": 0.25, "exact": t.eval(0.25)?, "printed": pr.eval(0.25)?, "max_excess_printed": gap, "max_excess_corrected": cgap}), f))
}

fn p61() -> Result<Made> {
    let q = [1.0 / 3.0; 3];
    let pairs = [Pair::new(&[0.2, 0.3, 0.5], &q), Pair::new(&[0.5, 0.3, 0.2], &q)];
    let cond = proposition_6_1_condition([0.5, 0.5], &pairs)?;
    let exact = joint_is_exact(&[0.5, 0.5], &pairs)?;
    let (t, j) = (mixture_tradeoff(&[0.5, 0.5], &pairs)?, lemma_3_1_bound(&[0.5, 0.5], &pairs)?);
    let (gap, at) = excess(&t, &j)?;
    let (tg, jg) = (proposition_6_1_gaussian(1.0, 0.05)?, g(1.0, 0.05));
    let bad = cond && gap > 1e-12;
    let v = if bad { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("Discrete: P1 = (0.2, 0.3, 0.5), P2 = (0.5, 0.3, 0.2), Q1 = Q2 = uniform on 3 points, w = (½, ½): the paper's identity holds on every atom ({cond}), yet T(P_w, Q_w) − J reaches {} at α = {} (corrected criterion 'equal component ratios on every atom': {exact}). Gaussian (spec §6.1): P1 = N(1,1), P2 = N(−1,1), Q1 = Q2 = N(0,1): identity holds (both sides e^{{−1/2}}cosh x) but T(0.05) = {} > J(0.05) = G_1(0.05) = {}..", g8(gap), g8(at), g8(tg), g8(jg));
    let f = if bad { vec![Finding::new(FindingKind::Counterexample, format!("the 'if' direction of Proposition 6.1 is false: with Q1 = Q2 the identity p_w/q_w = Σ w_i p_i/q_i always holds, yet P1 = N(1,1), P2 = N(−1,1), Q = N(0,1), w = (½, ½) gives T(0.05) = {} vs J(0.05) = {}; the condition is necessary only. Correct: equality iff all components with mass at x share the ratio p_i/q_i (spec §6.1)", g8(tg), g8(jg))).only(&["Proposition 6.1"])] } else { Vec::new() };
    Ok((v, ev, json!({"discrete_condition": cond, "discrete_joint_is_exact": exact, "discrete_max_gap": gap, "gaussian_alpha": 0.05, "gaussian_exact": tg, "gaussian_joint": jg}), f))
}

fn f12() -> Result<Made> {
    let mut ok = true;
    let mut vals = Vec::new();
    for ex in [example_f_1_pairs(), example_f_2_pairs()] {
        let (t, j) = (mixture_tradeoff(&[0.5, 0.5], &ex)?, lemma_3_1_bound(&[0.5, 0.5], &ex)?);
        ok &= proposition_6_1_condition([0.5, 0.5], &ex)? && joint_is_exact(&[0.5, 0.5], &ex)? && t.is_below(&j, 1e-15) && j.is_below(&t, 1e-15);
        vals.push((t.eval(0.05)?, j.eval(0.05)?));
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("F.1 (uniforms on disjoint cells, reduced exactly to atoms): T = J = 0 (T(0.05) = {}, J(0.05) = {}); F.2 (axes, spec §6.8 computed example): T(0.05) = {} = J(0.05) = {}; equal as PL functions and both criteria of Proposition 6.1 hold: {ok}.", g8(vals[0].0), g8(vals[0].1), g8(vals[1].0), g8(vals[1].1));
    Ok((v, ev, json!({"f1_alpha_0_05": vals[0], "f2_alpha_0_05": vals[1], "equal": ok}), Vec::new()))
}

fn a4() -> Result<Made> {
    let mut rng = Rng(0x5eed_a401);
    let mut worst = 0.0f64;
    for k in 0..200 {
        let n = 2 + k % 5;
        let (p0, p1, q1) = (rng.simplex(n), rng.simplex(n), rng.simplex(n));
        let (w, gamma) = (rng.unit(), 1.0 + 3.0 * rng.unit());
        let (l, r) = lemma_a_4(&p0, &p1, &q1, w, gamma)?;
        worst = worst.max((l - r).abs());
    }
    let v = if worst <= 1e-13 { Verdict::Holds } else { Verdict::Counterexample };
    Ok((v, format!("200 random discrete instances (2–6 atoms, w ∈ (0, 1), γ ∈ [1, 4]): max |H_γ'(P‖Q) − w H_γ(P1‖(1 − η)P0 + ηQ1)| = {}.", g8(worst)), json!({"instances": 200, "max_abs_diff": worst}), Vec::new()))
}

fn l62() -> Result<Made> {
    let (_, pairs) = ex1();
    let pairs = [pairs[0].clone(), pairs[1].clone()];
    let (e0, e1, lhs, rhs) = lemma_6_2(&pairs, 0.3, 0.1, 0.8, 2.0)?;
    let mut rng = Rng(0x5eed_6201);
    let (mut ok, mut below_one) = (lhs <= rhs, 0);
    for k in 0..300 {
        let n = 2 + k % 5;
        let pr = [Pair { p: rng.simplex(n), q: rng.simplex(n) }, Pair { p: rng.simplex(n), q: rng.simplex(n) }];
        let w = 0.05 + 0.9 * rng.unit();
        let (gm, et) = (w * rng.unit(), w + (1.0 - w) * rng.unit());
        let (a, b, l, r) = lemma_6_2(&pr, w, gm, et.max(w + 1e-9), 0.5 + 2.5 * rng.unit())?;
        below_one += usize::from(a < 1.0 || b < 1.0);
        ok &= l <= r + 1e-15;
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("Spec §6.3 example (w = 0.3, γ = 0.1, η = 0.8, e^ε' = 2): e^ε0 = {}, e^ε1 = {}, lhs {} ≤ rhs {}. 300 random instances: lhs ≤ rhs in all ({below_one} with e^ε0 or e^ε1 < 1).", g8(e0), g8(e1), g8(lhs), g8(rhs));
    let f = vec![Finding::new(FindingKind::Observation, format!("the restriction ε', ε0, ε1 ≥ 0 is unnecessary: the proof is an identity of signed measures and H_γ is defined for every γ ≥ 0 ({below_one} of 300 random instances had e^ε0 or e^ε1 < 1 and satisfied the bound)"))];
    Ok((v, ev, json!({"example": {"e_eps0": e0, "e_eps1": e1, "lhs": lhs, "rhs": rhs}, "random_instances": 300, "with_exp_below_one": below_one}), f))
}

fn four_point() -> [Pair; 2] {
    [Pair::new(&[0.0, 0.5, 0.5, 0.0], &[0.5, 0.0, 0.0, 0.5]), Pair::new(&[0.15, 0.35, 0.35, 0.15], &[0.35, 0.15, 0.15, 0.35])]
}

fn l63() -> Result<Made> {
    let pairs = four_point();
    let t = mixture_tradeoff(&[0.7, 0.3], &pairs)?;
    let sp = lemma_6_3_special_printed(&pairs, 0.3)?;
    let (sgap, sat) = excess(&sp, &t)?;
    let gp = lemma_6_3_printed(&pairs, 0.3, 0.2, 0.31)?;
    let (ggap, gat) = excess(&gp, &t)?;
    let cs = excess(&lemma_6_3_special_corrected(&pairs, 0.3)?, &t)?.0;
    let cg = excess(&lemma_6_3_corrected(&pairs, 0.3, 0.2, 0.31)?, &t)?.0;
    let sym = pairs.iter().all(|x| x.tradeoff().is_ok_and(|f| f.is_symmetric(1e-15)));
    let bad = sgap > 1e-12 || ggap > 1e-12;
    let v = if bad { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("P1 = (0, .5, .5, 0), Q1 = (.5, 0, 0, .5), P2 = (.15, .35, .35, .15), Q2 = (.35, .15, .15, .35), w = 0.3 (both T(P_i, Q_i) symmetric: {sym}). T(P_w, Q_w)(0.09) = {}; special case (γ = η = w) C((1 − w)T(P1, Q_w) + wT(P2, Q_w))(0.09) = {} (max excess {} at α = {}); general form (γ, η) = (0.2, 0.31), C(F[f]) exact PL: max excess {} at α = {}. Corrected forms (spec §6.4, g_ij = T(Q_j, P_i)): max excess {} (special), {} (general).", g8(t.eval(0.09)?), g8(sp.eval(0.09)?), g8(sgap), g8(sat), g8(ggap), g8(gat), g8(cs), g8(cg));
    let f = if bad { vec![Finding::new(FindingKind::Counterexample, format!("Lemma 6.3 is false when the cross trade-offs T(P_i, Q_j) are not symmetric (its hypothesis only asks T(P_i, Q_i) symmetric): on the 4-point instance with w = 0.3, T(P_w, Q_w)(0.09) = {} while the special case gives {} and the general form with (γ, η) = (0.2, 0.31) overshoots by {}; valid: T(P_w, Q_w) ≥ F[g]⁻¹ with g_ij = T(Q_j, P_i)", g8(t.eval(0.09)?), g8(sp.eval(0.09)?), g8(ggap)))] } else { Vec::new() };
    Ok((v, ev, json!({"alpha": 0.09, "exact": t.eval(0.09)?, "special_printed": sp.eval(0.09)?, "special_max_excess": sgap, "general_gamma": 0.2, "general_eta": 0.31, "general_max_excess": ggap, "corrected_special_max_excess": cs, "corrected_general_max_excess": cg}), f))
}

fn p64() -> Result<Made> {
    let pair = Pair::new(&[0.5, 0.5], &[1.0, 0.0]);
    let t = swap_mixture(&pair, 0.25)?;
    let t0 = pair.tradeoff()?;
    let pr = proposition_6_4_printed(&t0, 0.25)?;
    let (gap, at) = excess(&pr, &t)?;
    let cgap = excess(&proposition_6_4_corrected(&t0, 0.25)?, &t)?.0;
    let h = hockey_stick(&[0.625, 0.375], &[0.875, 0.125], 1.5)?;
    let claimed_delta = pr.delta_two_sided(1.5f64.ln())?;
    let mut rng = Rng(0x5eed_6401);
    let mut sym_worst = f64::NEG_INFINITY;
    for k in 0..200 {
        let h1 = rng.simplex(1 + k % 4);
        let h2 = rng.simplex(1 + k % 4);
        let s = Pair { p: h1.iter().chain(&h2).map(|x| x / 2.0).collect(), q: h2.iter().chain(&h1).map(|x| x / 2.0).collect() };
        let w = 0.5 * rng.unit();
        sym_worst = sym_worst.max(excess(&proposition_6_4_printed(&s.tradeoff()?, w)?, &swap_mixture(&s, w)?)?.0);
    }
    let bad = gap > 1e-12;
    let v = if bad { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("Asymmetric T(P0, Q0): P0 = (½, ½), Q0 = (1, 0), w = ¼ (P = (0.625, 0.375), Q = (0.875, 0.125)): T(P, Q)(0.625) = {} < C(2w Id + (1 − 2w)T0)(0.625) = {}; max excess {} at α = {}; H_1.5(P‖Q) = {} > the claimed δ(ln 1.5) = {}. Corrected C(2w Id + (1 − 2w)C(T0)): max excess {}. Symmetric T0 (200 random mirrored instances, the shuffling case): max excess {}.", g8(t.eval(0.625)?), g8(pr.eval(0.625)?), g8(gap), g8(at), g8(h), g8(claimed_delta), g8(cgap), g8(sym_worst));
    let f = if bad { vec![Finding::new(FindingKind::Counterexample, format!("Proposition 6.4 is false for asymmetric T(P0, Q0): P0 = (½, ½), Q0 = (1, 0), w = ¼ gives T(P, Q)(0.625) = {} < {} (H_1.5(P‖Q) = {} > δ = {}); valid: symmetrise first, C(2w Id + (1 − 2w) C(T(P0, Q0))). The shuffling use (symmetric T(P0, Q0)) is unaffected", g8(t.eval(0.625)?), g8(pr.eval(0.625)?), g8(h), g8(claimed_delta)))] } else { Vec::new() };
    Ok((v, ev, json!({"alpha": 0.625, "exact": t.eval(0.625)?, "printed": pr.eval(0.625)?, "max_excess_printed": gap, "max_excess_corrected": cgap, "hockey_stick_1_5": h, "claimed_delta": claimed_delta, "symmetric_max_excess": sym_worst}), f))
}

fn p64p() -> Result<Made> {
    let f = Pair::new(&[0.5, 0.5], &[1.0, 0.0]).tradeoff()?;
    let c = f.symmetrize();
    let ev = format!("f = T((½, ½), (1, 0)): x̄ = 0.5 > f(x̄) = 0, and C(f)(0) = {} ≠ f(0) = {}; the step holds for the family p f0 + (1 − p) Id with f0 symmetric (spec §1.8), which covers f_Shuffle.", g8(c.eval(0.0)?), g8(f.eval(0.0)?));
    let fi = vec![Finding::new(FindingKind::Limitation, format!("the proof of Proposition 6.4 / Theorem 4.2 cites DRS for 'C(f) = f on [0, x̄_f] for any trade-off function f'; false for f = T((½, ½), (1, 0)) (C(f)(0) = {} vs f(0) = 1); it holds for the symmetric-based family the shuffling proof uses, so the symmetric case stands", g8(c.eval(0.0)?)))];
    Ok((Verdict::Holds, ev, json!({"c_at_0": c.eval(0.0)?, "f_at_0": f.eval(0.0)?}), fi))
}

fn te3() -> Result<Made> {
    let (lam, mu, a) = (1.0 / 3.0, 1.0, 0.4);
    let printed = eq_3_printed_middle(lam, mu, a);
    let fixed = sym_mix_gaussian(lam, mu, a)?;
    let ev = format!("f = (1/3) Id + (2/3) G_1 (Example F.3), x̄ = Φ(−1/2): at α = 0.4 the printed middle piece x̄ − f(x̄) − α = {} (negative, not a trade-off value); x̄ + f(x̄) − α = {}.", g8(printed), g8(fixed));
    let f = vec![
        Finding::new(FindingKind::Typo, format!("eq. (3): the middle piece must be x̄ + f(x̄) − x (printed x̄ − f(x̄) − x gives {} at x = 0.4 for f = (1/3)Id + (2/3)G_1); the proof of Theorem 4.2 defines x̄ with '−1 ∈ f(x)' for '−1 ∈ ∂f(x)'", g8(printed))).only(&["Proposition 6.4", "Lemma 6.3"]),
        Finding::new(FindingKind::Typo, "Lemma 6.3 indexes the distributions by {1, 2} and its proof by {0, 1} (F_{1,i} vs F_{0,i}); the proof of Proposition 6.4 writes w_0 for w").only(&["Lemma 6.3", "Proposition 6.4"]),
    ];
    Ok((Verdict::Holds, ev, json!({"alpha": a, "printed_middle": printed, "corrected": fixed}), f))
}

fn e1() -> Result<Made> {
    let rows: Vec<[f64; 3]> = [0.01, 0.05, 0.1].iter().map(|&a| proposition_e_1_gaussian(1.0, 0.5, a)).collect::<Result<_>>()?;
    let (d_exact, d_claim) = (0.5 * crate::repr::Gdp::new(1.0)?.delta(1.0)?, 0.5 * crate::repr::Gdp::new(1.0)?.delta((1.0 + 1f64.exp_m1() / 0.5).ln())?);
    // discrete: P0 a disjoint atom
    let (p0, p1, q1) = ([0.0, 0.0, 1.0], [0.6, 0.4, 0.0], [0.4, 0.6, 0.0]);
    let p: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * p1[j]).collect();
    let q: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * q1[j]).collect();
    let t = TradeOff::from_pair(&p, &q)?;
    let t1 = TradeOff::from_pair(&p1, &q1)?;
    let (dgap, dat) = excess(&proposition_e_1_printed(&t1, 0.5)?, &t)?;
    let env = closeness_envelope(&[t1, TradeOff::from_pair(&p0, &p1)?, TradeOff::from_pair(&p0, &q1)?])?;
    let cgap = excess(&proposition_e_1_corrected(&env, 0.5)?, &t)?.0;
    let bad = rows.iter().any(|r| r[1] > r[0]) || dgap > 1e-12;
    let v = if bad { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("Gaussian (spec §6.6): P0 = N(100, 1), P1 = N(0, 1), Q1 = N(1, 1), w = ½ (index observable): exact vs claimed C((1 − w)Id + wG_1) at α = 0.01, 0.05, 0.1: {}; δ(ε = 1): exact {} > claimed {}. Discrete: P0 = δ_c, P1 = (0.6, 0.4), Q1 = (0.4, 0.6), w = ½: printed − exact up to {} at α = {}; corrected bound with f = C(min of T(P1,Q1), T(P0,P1), T(P0,Q1)): max excess {}. All corrected-form values stay below the exact curves.", rows.iter().map(|r| format!("{} vs {}", g8(r[0]), g8(r[1]))).collect::<Vec<_>>().join(", "), g8(d_exact), g8(d_claim), g8(dgap), g8(dat), g8(cgap));
    let f = if bad { vec![Finding::new(FindingKind::Counterexample, format!("Proposition E.1 fails without a closeness condition on P0: P0 = N(100, 1), P1 = N(0, 1), Q1 = N(1, 1), w = ½ gives T(P, Q)(0.05) = {} < claimed {} and δ(1) = {} > claimed {}; valid with a symmetric f ≤ T(P1, Q1), T(P0, P1), T(P0, Q1) (the subsampling situation)", g8(rows[1][0]), g8(rows[1][1]), g8(d_exact), g8(d_claim)))] } else { Vec::new() };
    Ok((v, ev, json!({"gaussian": rows, "delta_eps1_exact": d_exact, "delta_eps1_claimed": d_claim, "discrete_max_excess": dgap, "discrete_corrected_max_excess": cgap}), f))
}

fn f3() -> Result<Made> {
    let (mu, w) = (1.0, 1.0 / 3.0);
    let (mut ok, mut tighter) = (true, true);
    for k in 0..=200 {
        let a = k as f64 / 200.0;
        let [e, l, c] = example_f_3(mu, w, a)?;
        ok &= l <= e + 1e-12 && c <= e + 1e-12;
        tighter &= c >= l - 1e-12;
    }
    let r = example_f_3(mu, w, 0.5)?;
    let d = crate::repr::Gdp::new(mu)?.delta(((0.5f64.exp() - w) / (1.0 - w)).ln())? * (1.0 - w);
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("μ = 1, w = 1/3, 201-point grid: Lemma 3.1 bound ≤ exact and C(w Id + (1 − w)G_1) ≤ exact everywhere: {ok}; C bound ≥ Lemma 3.1 bound everywhere: {tighter}. At α = 0.5: exact {}, Lemma 3.1 {}, C bound {}. δ(0.5) = (1 − w)δ_G1(ln((e^0.5 − w)/(1 − w))) = {}.", g8(r[0]), g8(r[1]), g8(r[2]), g8(d));
    let f = vec![Finding::new(FindingKind::Observation, format!("the exact curve is w Id + (1 − w)G_μ in closed form (monotone likelihood ratio); the advanced bound equals it for α ≤ Φ(−μ/2) and is below it beyond (0.2485 vs 0.2724 at α = 0.5); it beats Lemma 3.1 everywhere on the grid: {tighter}"))];
    Ok((v, ev, json!({"mu": mu, "w": w, "alpha_0_5": r, "delta_0_5": d}), f))
}

fn f4() -> Result<Made> {
    let r = example_f_4(1.0, 0.5)?;
    let p = Pair::new(&[0.6, 0.4], &[0.4, 0.6]);
    let sharp = proposition_6_4_printed(&p.tradeoff()?, 0.5)?;
    let id = TradeOff::identity();
    let ok = sharp.is_below(&id, 1e-15) && id.is_below(&sharp, 1e-15);
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("(½P + ½Q, ½Q + ½P) has T = Id. Proposition 6.4 with w = ½ returns C(Id) = Id (checked as PL for P = (0.6, 0.4), Q = (0.4, 0.6): {ok}); Lemma 3.1 returns J_(½,½)(T(P,Q), T(Q,P)) = G_1 for P = N(0,1), Q = N(1,1): {} at α = 0.5 vs the truth {}.", g8(r[1]), g8(r[0]));
    Ok((v, ev, json!({"alpha": 0.5, "exact": r[0], "lemma_3_1": r[1], "proposition_6_4": r[2]}), Vec::new()))
}

//! Audit points of *Leveraging Randomness in Model and Data Partitioning*, second slice (spec
//! §17 items 1–6, 9–11): the reverse term of Theorem 3.1 and what rests on it, the applications
//! (Theorems 3.4/3.5/3.8, Corollary 3.7, Remark 3.10), the Gaussian–Gaussian divergences, the
//! shuffled-batch instance of Remark 3.9 and the Section 3.2.2 composition sentence.
//!
//! | point | results | tests | finding |
//! |---|---|---|---|
//! | A1 | Lemma 3.18, Corollary 3.19 | bound | counterexample (exact `R_α` > the claimed bound) |
//! | A2 | Theorem 3.1 | unproven_step | observation (F_α ≥ R_α on the grid; smallest margin) |
//! | S-Thm3.1 | Theorem 3.1 | bound | — (certified value ≥ exact two-sided divergence) |
//! | A3 | Theorem 3.1 | typo | typo (`σ²d²` for `σ²d`; printed term can be negative) |
//! | A4 | Theorem 3.1 | typo | typo (`+(1−α)` in (3): undefined or below (2)) |
//! | A6 | Remark 3.2 | bound | counterexample (second term of (1) > second term of (2)) |
//! | S-Lemma3.15 | Lemma 3.15, Corollary 3.17, Propositions A.1/A.2 | bound | — (identities vs quadrature) |
//! | S-Apps | Theorems 3.4/3.5/3.8, Corollary 3.7 | bound | observation (Theorem 3.8 is whole-run) |
//! | S-Rem3.10 | Remark 3.10 | bound | — (composed ≥ single run) |
//! | A10 | Remark 3.9 | bound | observation (shuffled instance exceeds the balanced bound) |
//! | A11 | Section 3.2.2 | unproven_step | limitation (adding the parts' RDP fails under shared Poisson inclusion) |

use crate::papers::balanced_iteration::section_3_2::splitting::{corollary_3_7, theorem_3_4};
use crate::papers::balanced_iteration::section_3_3::bis::{remark_3_10, theorem_3_8};
use crate::papers::balanced_iteration::experiments::table_1_sigma;
use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use crate::papers::balanced_iteration::appendix_a::gaussians::{proposition_a_1, proposition_a_2};
use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_1::printed::{printed_eq2_reverse, printed_eq3_reverse};
use crate::papers::balanced_iteration::section_3_1::theorem_3_1::{theorem_3_1, ReverseTerm};
use crate::papers::balanced_iteration::section_3_4::reverse::{corollary_3_17, corollary_3_19_paper, lemma_3_18_bound, reverse_exact_d2};
use crate::papers::balanced_iteration::section_3_4::reverse_exact::{ln_trapezoid, reverse_exact_k1};
use crate::papers::balanced_iteration::section_3_4::reverse_mc::reverse_mc_interval;
use crate::papers::balanced_iteration::section_3_3::shuffle::remark_3_9_shuffle_t2;
use crate::papers::balanced_iteration::section_3_3::shuffle_mc::remark_3_9_shuffle_mc;
use crate::papers::balanced_iteration::section_3_3::shuffle_t3::remark_3_9_shuffle_t3;
use crate::papers::balanced_iteration::section_3_2::two_part;
use crate::papers::balanced_iteration::section_3_3::poisson;
use crate::papers::balanced_iteration::PAPER;
use crate::error::Result;
use crate::num::fmt::fmt_sig;
use crate::papers::audit_point::{Job, Made};
use crate::papers::{AuditPoint, Finding, FindingKind, Tested, Verdict};
use serde_json::json;

fn g(x: f64) -> String {
    fmt_sig(x, 10, 1e6)
}

fn pair(d: u64, k: u64, s: f64) -> Result<MixturePair> {
    MixturePair::new(d, k, 1.0, s)
}

/// The exact reverse divergence where an oracle exists: `d = 2` (128-bit quadrature), `k = 1`.
fn exact_reverse(p: &MixturePair, a: u64) -> Result<f64> {
    if p.d == 2 {
        reverse_exact_d2(p.c, p.sigma, a)
    } else {
        reverse_exact_k1(p, a)
    }
}

/// The second slice's jobs, in order.
pub const JOBS: [Job; 11] = [
    ("A1", &["Lemma 3.18", "Corollary 3.19"], "Lemma 3.18 (hence Corollary 3.19) is false: the exact reverse divergence exceeds the claimed bound", Tested::Bound, a1),
    ("A2", &["Theorem 3.1"], "Theorem 3.1's validity rests on the unproven domination F_α ≥ R_α (its reverse term rests on the false Lemma 3.18): grid search for a violation", Tested::UnprovenStep, a2),
    ("S-Thm3.1", &["Theorem 3.1"], "Theorem 3.1 with the certified reverse term R^∞ ≥ the exact two-sided divergence max(F_α, R_α)", Tested::Bound, s_thm_3_1),
    ("A3", &["Theorem 3.1"], "Theorem 3.1's second terms print σ²d² where the derivation (A.8, Corollary 3.19) yields σ²d", Tested::Typo, a3),
    ("A4", &["Theorem 3.1"], "Theorem 3.1's second term of (3) has a stray +(1−α) in its numerator", Tested::Typo, a4),
    ("A6", &["Remark 3.2"], "Remark 3.2: 'likewise for the second terms' (second term of (1) ≤ of (2) ≤ of (3)), as printed", Tested::Bound, a6),
    ("S-Lemma3.15", &["Lemma 3.15", "Corollary 3.17", "Proposition A.1", "Proposition A.2"], "Lemma 3.15's split, Corollary 3.17 and Propositions A.1/A.2 against quadrature", Tested::Bound, s_lemma_3_15),
    ("S-Apps", &["Theorem 3.4", "Theorem 3.5", "Corollary 3.7", "Theorem 3.8"], "Theorems 3.4/3.5/3.8 and Corollary 3.7 (certified reverse) ≥ the exact two-sided divergence of their pair", Tested::Bound, s_apps),
    ("S-Rem3.10", &["Remark 3.10"], "Remark 3.10: N composed epochs of (T, k) cost at least one run of (NT, Nk)", Tested::Bound, s_rem_3_10),
    ("A10", &["Remark 3.9"], "Remark 3.9: the balanced analysis does not cover fixed-batch shuffling (spec §14 instance, T = 2, 3 exact, T = 10 Monte Carlo; below the unamplified ceiling)", Tested::Bound, a10),
    ("A11", &["Theorem 3.4"], "Section 3.2.2: 'the RDP costs of the two parts can be directly added' — not under shared Poisson subsampling (Table 1)", Tested::UnprovenStep, a11),
];

/// Run the second slice's points (stopping once `interrupt` is set).
pub fn points(out: &mut Vec<AuditPoint>, interrupt: &std::sync::atomic::AtomicBool) {
    out.extend(crate::papers::audit_point::run_jobs(PAPER, &JOBS, interrupt));
}

/// Lemma 3.18 claims `D_α(Q''‖P'') ≤ D_α(Q''‖N(0, σ²e^vI))`; with Lemma 3.15 that is
/// `R_α ≤ R^paper_α`. Exact `R_α`: 128-bit quadrature (d = 2), 1-D Laplace representation (k = 1).
fn a1() -> Result<Made> {
    let mut rows = Vec::new();
    let mut worst: Option<(f64, serde_json::Value)> = None;
    for (d, s, a) in [(2u64, 1.0, 2u64), (2, 2.0, 2), (2, 1.0, 8), (2, 0.5, 2), (10, 1.0, 2), (30, 1.0, 2), (100, 1.0, 4), (6, 2.0, 2)] {
        let p = pair(d, 1, s)?;
        let (exact, paper) = (exact_reverse(&p, a)?, corollary_3_19_paper(&p, a)?);
        let orth = exact - corollary_3_17(&p, a)?;
        let row = json!({"d": d, "k": 1, "c": 1.0, "sigma": s, "alpha": a, "exact_reverse": exact, "r_paper": paper, "orthogonal_exact": orth, "lemma_3_18_bound": lemma_3_18_bound(&p, a)?});
        let short = (exact - paper) / exact;
        if short > 0.0 && worst.as_ref().map_or(true, |w| short > w.0) {
            worst = Some((short, row.clone()));
        }
        rows.push(row);
    }
    let fails = rows.iter().filter(|r| r["exact_reverse"].as_f64() > r["r_paper"].as_f64()).count();
    let r0 = &rows[0];
    let r1 = &rows[1];
    let v = if fails > 0 { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("{fails} of {} cases violate R_α ≤ R^paper_α (exact R_α: 128-bit quadrature after Lemma 3.15 for d = 2; 1-D Laplace representation, no Lemma 3.15, for k = 1). d = 2, k = 1, c = 1, α = 2: σ = 1: exact {} > R^paper {}; σ = 2: {} > {}. Largest relative shortfall {:.1} % (d = {}, σ = {}, α = {}).",
        rows.len(), g(r0["exact_reverse"].as_f64().unwrap_or(f64::NAN)), g(r0["r_paper"].as_f64().unwrap_or(f64::NAN)), g(r1["exact_reverse"].as_f64().unwrap_or(f64::NAN)), g(r1["r_paper"].as_f64().unwrap_or(f64::NAN)),
        worst.as_ref().map_or(0.0, |w| 100.0 * w.0), worst.as_ref().map_or(json!(null), |w| w.1["d"].clone()), worst.as_ref().map_or(json!(null), |w| w.1["sigma"].clone()), worst.as_ref().map_or(json!(null), |w| w.1["alpha"].clone()));
    let f = if fails > 0 {
        vec![Finding::new(FindingKind::Counterexample, format!("Lemma 3.18 is false (the comparison Gaussian is too narrow off the 1 direction): d = 2, k = 1, c = σ = 1, α = 2: D_α(Q''‖P'') = {} > the lemma's bound {}; hence Corollary 3.19's R^paper = {} < exact D_α(Q‖P) = {}", g(r0["orthogonal_exact"].as_f64().unwrap_or(f64::NAN)), g(r0["lemma_3_18_bound"].as_f64().unwrap_or(f64::NAN)), g(r0["r_paper"].as_f64().unwrap_or(f64::NAN)), g(r0["exact_reverse"].as_f64().unwrap_or(f64::NAN))))]
    } else {
        Vec::new()
    };
    Ok((v, ev, json!({"rows": rows, "violations": fails}), f))
}

/// Grid search for `F_α < R_α` (k = 1: EGF against the 1-D representation; d = 2 also small σ).
fn a2() -> Result<Made> {
    let (mut cases, mut viol, mut thm_viol) = (0usize, Vec::new(), 0usize);
    let mut min: (f64, serde_json::Value) = (f64::INFINITY, json!(null));
    let mut grid = Vec::new();
    for d in [2u64, 3, 5, 10, 20, 50, 100, 300, 1000] {
        for s in [1.0, 2.0, 4.0, 8.0, 16.0] {
            for a in [2u64, 3, 4, 8, 16] {
                grid.push((d, s, a));
            }
        }
    }
    for (s, a) in [(0.5, 2u64), (0.5, 8), (0.7, 3)] {
        grid.push((2, s, a));
    }
    for (d, s, a) in grid {
        let p = pair(d, 1, s)?;
        let (f, r) = (theorem_3_1_forward(&p, a)?, exact_reverse(&p, a)?);
        cases += 1;
        let m = (f - r) / r;
        if m < min.0 {
            min = (m, json!({"d": d, "k": 1, "sigma": s, "alpha": a, "F": f, "R": r}));
        }
        if f < r {
            viol.push(json!({"d": d, "sigma": s, "alpha": a, "F": f, "R": r}));
            if f.max(corollary_3_19_paper(&p, a)?) < r {
                thm_viol += 1;
            }
        }
    }
    // k ≥ 2: R_α by Monte Carlo with an empirical-Bernstein interval (99.9 %) on the bounded
    // reduced integrand (spec §1.6); a violation needs the interval's lower end above F_α.
    let (mut k2_cases, mut k2_resolved, mut k2_viol) = (0usize, 0usize, Vec::new());
    let mut k2_min: (f64, serde_json::Value) = (f64::INFINITY, json!(null));
    for (d, k) in [(4u64, 2u64), (5, 2), (6, 2), (6, 3), (8, 2), (8, 3), (10, 4), (12, 3)] {
        for s in [1.0, 2.0, 4.0] {
            for a in [2u64, 3, 4] {
                let p = pair(d, k, s)?;
                let f = theorem_3_1_forward(&p, a)?;
                let r = reverse_mc_interval(&p, a, 100_000, 1000 * d + 10 * k + a, 1e-3)?;
                k2_cases += 1;
                if r.upper < f {
                    k2_resolved += 1;
                    let m = (f - r.upper) / f;
                    if m < k2_min.0 {
                        k2_min = (m, json!({"d": d, "k": k, "sigma": s, "alpha": a, "F": f, "R_interval": [r.lower, r.upper]}));
                    }
                }
                if r.lower > f {
                    k2_viol.push(json!({"d": d, "k": k, "sigma": s, "alpha": a, "F": f, "R_interval": [r.lower, r.upper]}));
                    if r.lower > f.max(corollary_3_19_paper(&p, a)?) {
                        thm_viol += 1;
                    }
                }
            }
        }
    }
    let v = if thm_viol > 0 { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("{cases} cases (k = 1, d ∈ {{2, …, 1000}}, σ ∈ {{0.5, …, 16}}, α ∈ {{2, 3, 4, 8, 16}}; exact F_α by the EGF, exact R_α by quadrature / the 1-D Laplace representation): F_α < R_α in {} cases; smallest relative margin (F_α − R_α)/R_α = {} at {}. k ≥ 2: {k2_cases} cases ((d, k) ∈ {{(4,2), (5,2), (6,2), (6,3), (8,2), (8,3), (10,4), (12,3)}}, σ ∈ {{1, 2, 4}}, α ∈ {{2, 3, 4}}; exact F_α by the row-need DP, R_α by Monte Carlo, 10⁵ samples, 99.9 % empirical-Bernstein interval on the bounded reduced integrand): R_α's interval lies below F_α in {k2_resolved}, contains F_α in {}, lies above in {}; smallest resolved relative margin (F_α − R_upper)/F_α = {} at {}.", viol.len(), fmt_sig(min.0, 3, 1e6), min.1, k2_cases - k2_resolved - k2_viol.len(), k2_viol.len(), fmt_sig(k2_min.0, 3, 1e6), k2_min.1);
    let f = vec![Finding::new(FindingKind::Observation, format!("Theorem 3.1's proof bounds the reverse term by Corollary 3.19, which rests on the false Lemma 3.18 (A1); its max{{·,·}} nevertheless held in all {cases} exact k = 1 cases because the exact forward term dominated the exact reverse term (smallest relative margin {} at {}), and no k ≥ 2 case of {k2_cases} (Monte Carlo intervals) showed R_α > F_α — an unproven fact", fmt_sig(min.0, 3, 1e6), min.1))];
    Ok((v, ev, json!({"cases": cases, "violations": viol, "min_margin": min.0, "at": min.1, "k_ge_2": {"cases": k2_cases, "resolved_below_forward": k2_resolved, "above_forward": k2_viol, "min_resolved_margin": k2_min.0, "at": k2_min.1}}), f))
}

/// Theorem 3.1 with [`ReverseTerm::Certified`] against the exact `max(F_α, R_α)`.
fn s_thm_3_1() -> Result<Made> {
    let (mut cases, mut bad) = (0usize, Vec::new());
    for (d, s) in [(2u64, 0.5), (2, 1.0), (3, 0.8), (10, 1.0), (30, 2.0), (100, 1.0)] {
        for a in [2u64, 4, 8] {
            let p = pair(d, 1, s)?;
            let t = theorem_3_1(&p, a, ReverseTerm::Certified)?;
            let truth = theorem_3_1_forward(&p, a)?.max(exact_reverse(&p, a)?);
            cases += 1;
            if !(t.reverse_certified && t.epsilon >= truth) {
                bad.push(json!({"d": d, "sigma": s, "alpha": a, "certified": t.epsilon, "exact": truth}));
            }
        }
    }
    let t = theorem_3_1(&pair(10, 4, 2.0)?, 2, ReverseTerm::Certified)?;
    let v = if bad.is_empty() { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("{cases} cases (k = 1, d ≤ 100): Theorem 3.1 with the certified reverse term R^∞ (spec §1.5; flag 'reverse term certified: yes') ≥ max(exact F_α, exact R_α) everywhere. The certified value uses R^∞ = αc²k²/(2σ²d) + c²k(d−k)/(2σ²d), not the paper's R^paper (flagged 'no'); price at T = 10, k = 4, σ = 2, α = 2: ε = {} (R^∞) vs F_2 = {}.", g(t.epsilon), g(t.forward));
    Ok((v, ev, json!({"cases": cases, "violations": bad}), Vec::new()))
}

/// Printed `σ²d²`: the term can be negative and lie below `s_α ≤ R_α` (Lemma 3.15).
fn a3() -> Result<Made> {
    let p = pair(10, 1, 1.0)?;
    let (r2, s) = (printed_eq2_reverse(&p, 2)?, corollary_3_17(&p, 2)?);
    let (rp, ex) = (corollary_3_19_paper(&p, 2)?, reverse_exact_k1(&p, 2)?);
    let ev = format!("d = 10, k = 1, c = σ = 1, α = 2: printed second term of (2) (σ²d²) = {} < 0 < s_α = {} ≤ R_α = {}; with σ²d as in A.8 / Corollary 3.19: {}.", g(r2), g(s), g(ex), g(rp));
    let f = vec![Finding::new(FindingKind::Typo, format!("Theorem 3.1 (2) and (3): numerator exponent αc²k(d−k)/(σ²d²) should be αc²k(d−k)/(σ²d) (the determinant of σ²e^v I_d to the power α; Corollary 3.19 and A.8 have σ²d); as printed the term is {} at d = 10, k = 1, c = σ = 1, α = 2", g(r2)))];
    Ok((Verdict::Holds, ev, json!({"printed_eq2": r2, "shift": s, "r_paper": rp, "exact": ex}), f))
}

/// The `+(1−α)` of (3): undefined (log of a non-positive number) or below (2).
fn a4() -> Result<Made> {
    let (mut undefined, mut below, mut total) = (0usize, 0usize, 0usize);
    for (d, k) in [(2u64, 1u64), (3, 1), (4, 2), (10, 1), (10, 4), (20, 8)] {
        for s in [0.5, 1.0, 2.0, 4.0] {
            for a in 2..=10u64 {
                let p = pair(d, k, s)?;
                total += 1;
                match printed_eq3_reverse(&p, a)? {
                    None => undefined += 1,
                    Some(r3) => below += usize::from(r3 < printed_eq2_reverse(&p, a)?),
                }
            }
        }
    }
    let ex = printed_eq3_reverse(&pair(2, 1, 1.0)?, 2)?.unwrap_or(f64::NAN);
    let ev = format!("{total} cases (d ≤ 20, σ ∈ {{0.5, 1, 2, 4}}, α ≤ 10): printed second term of (3) undefined (log of e^{{αv}} + 1 − α ≤ 0) in {undefined}, below the printed second term of (2) in {below}, in the remaining {}; d = 2, k = 1, c = σ = 1, α = 2: {} (< 0).", total - undefined - below, g(ex));
    let f = vec![Finding::new(FindingKind::Typo, format!("Theorem 3.1 (3): the numerator exp(αc²k(d−k)/(σ²d²)) + (1 − α) has a stray +(1 − α) (nothing in the appendix produces it; Remark 3.2 says (3) differs from (2) only in cost): undefined in {undefined} of {total} cases, otherwise below (2)"))];
    Ok((Verdict::Holds, ev, json!({"cases": total, "undefined": undefined, "below_eq2": below}), f))
}

/// Remark 3.2 as printed: first terms ordered (true); second terms of (1) ≤ (2) ≤ (3) (false).
fn a6() -> Result<Made> {
    let p = pair(2, 1, 1.0)?;
    let (ex, r2, rp) = (reverse_exact_d2(1.0, 1.0, 2)?, printed_eq2_reverse(&p, 2)?, corollary_3_19_paper(&p, 2)?);
    let r3 = printed_eq3_reverse(&p, 2)?.unwrap_or(f64::NAN);
    let q = pair(10, 4, 2.0)?;
    let (f4, g4) = (theorem_3_1_forward(&q, 4)?, crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14(&q, 4)?);
    let v = if ex > r2 || ex > rp { Verdict::Counterexample } else { Verdict::Holds };
    let ev = format!("First terms: (1) = (2) (Lemma 3.12 exact), (2) ≤ (3) (d = 10, k = 4, σ = 2, α = 4: {} ≤ {}). Second terms at d = 2, k = 1, c = σ = 1, α = 2: (1) exact D_α(Q‖P) = {} > (2) printed {} (derived, σ²d: {}) > (3) printed {}.", g(f4), g(g4), g(ex), g(r2), g(rp), g(r3));
    let f = vec![
        Finding::new(FindingKind::Counterexample, format!("Remark 3.2 'likewise for the second terms': the second term of (1) (= D_α(Q‖P)) exceeds the second term of (2): d = 2, k = 1, c = σ = 1, α = 2: {} > {} as printed ({} with σ²d) — Lemma 3.18 fails (A1)", g(ex), g(r2), g(rp))),
        Finding::new(FindingKind::Observation, format!("second term of (3) ≤ second term of (2) as printed (the stray +(1−α), A4: {} < {}); after the correction they coincide; 'numerically the second terms are dominated by the first terms' held on every case of A2", g(r3), g(r2))),
    ];
    Ok((v, ev, json!({"exact": ex, "printed_eq2": r2, "r_paper": rp, "printed_eq3": r3, "F4": f4, "G4": g4}), f))
}

fn ln_normal(x: f64, m: f64, v: f64) -> f64 {
    -(x - m) * (x - m) / (2.0 * v) - 0.5 * (2.0 * std::f64::consts::PI * v).ln()
}

/// Lemma 3.15 (d = 2): the 1-D Laplace representation (no split) vs `s_α` + the 128-bit
/// orthogonal quadrature; Corollary 3.17 = Proposition A.1 with the mean `(ck/d)1`; A.2 vs 1-D
/// quadrature of the Rényi integral.
fn s_lemma_3_15() -> Result<Made> {
    let mut worst: f64 = 0.0;
    let mut rows = Vec::new();
    for (s, a) in [(1.0, 2u64), (2.0, 5), (1.0, 8)] {
        let p = pair(2, 1, s)?;
        let (whole, split) = (reverse_exact_k1(&p, a)?, reverse_exact_d2(1.0, s, a)?);
        worst = worst.max((whole - split).abs() / split);
        rows.push(json!({"lemma": "3.15", "sigma": s, "alpha": a, "whole": whole, "split": split}));
    }
    for (d, k, s, a) in [(10u64, 4u64, 2.0, 4u64), (3, 1, 1.0, 2)] {
        let p = pair(d, k, s)?;
        let a1 = proposition_a_1(&vec![k as f64 / d as f64; d as usize], &vec![s * s; d as usize], a as f64)?;
        worst = worst.max((corollary_3_17(&p, a)? - a1).abs() / a1);
        rows.push(json!({"lemma": "3.17", "d": d, "k": k, "sigma": s, "alpha": a, "corollary_3_17": corollary_3_17(&p, a)?, "a1": a1}));
    }
    for (a, s2) in [(2.0, 1.5), (3.0, 1.2), (5.0, 3.0)] {
        let cf = proposition_a_2(&[1.0], &[s2], a)?;
        let quad = ln_trapezoid(|x| a * ln_normal(x, 0.0, 1.0) + (1.0 - a) * ln_normal(x, 0.0, s2), -40.0, 40.0, 8000) / (a - 1.0);
        worst = worst.max((cf - quad).abs() / quad);
        rows.push(json!({"lemma": "A.2", "alpha": a, "var2": s2, "closed_form": cf, "quadrature": quad}));
    }
    let v = if worst <= 1e-9 { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("{} cases: Lemma 3.15 (d = 2: unsplit 1-D Laplace representation = s_α + 128-bit quadrature of the orthogonal part), Corollary 3.17 = Proposition A.1 at the mean (ck/d)1, Proposition A.2 = 1-D quadrature (spec §7: α = 2, Σ₂ = 1.5: {}); largest relative difference {worst:.1e} (allowed 1e−9).", rows.len(), g(rows[5]["closed_form"].as_f64().unwrap_or(f64::NAN)));
    Ok((v, ev, json!({"rows": rows, "worst_rel": worst}), Vec::new()))
}

/// Certified values of the applications against the exact two-sided divergence of their pair
/// (Theorem 3.8 at T = 10, k = 4 against the spec's Monte Carlo R_α + 4 standard errors).
fn s_apps() -> Result<Made> {
    let mut rows = Vec::new();
    let mut ok = true;
    for (d, s, a) in [(3u64, 1.0, 2u64), (3, 1.0, 8), (8, 1.0, 8)] {
        let t = theorem_3_4(d, 1.0, s, a, ReverseTerm::Certified)?;
        let p = pair(d, 1, s)?;
        let truth = theorem_3_1_forward(&p, a)?.max(reverse_exact_k1(&p, a)?);
        ok &= t.epsilon >= truth;
        rows.push(json!({"result": "Theorem 3.4/3.5", "d": d, "sigma": s, "alpha": a, "certified": t.epsilon, "exact": truth}));
    }
    for (s, a) in [(1.0, 2u64), (0.5, 2), (1.0, 8), (2.0, 10)] {
        let t = corollary_3_7(1.0, s, a, ReverseTerm::Certified)?;
        let truth = theorem_3_1_forward(&pair(2, 1, s)?, a)?.max(reverse_exact_d2(1.0, s, a)?);
        ok &= t.epsilon >= truth;
        rows.push(json!({"result": "Corollary 3.7", "sigma": s, "alpha": a, "certified": t.epsilon, "reverse": t.reverse, "exact": truth}));
    }
    for (a, mc, se) in [(2u64, 0.417783, 1.7e-5), (4, 0.833119, 1.5e-5), (8, 1.658315, 1.4e-5)] {
        let t = theorem_3_8(10, 4, 1.0, 2.0, a, ReverseTerm::Certified)?;
        ok &= t.reverse >= mc + 4.0 * se && t.epsilon >= t.forward;
        rows.push(json!({"result": "Theorem 3.8", "t": 10, "k": 4, "sigma": 2.0, "alpha": a, "certified": t.epsilon, "reverse_certified": t.reverse, "spec_mc_reverse": mc}));
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("{} cases: Theorems 3.4/3.5 (d = 3, 8, k = 1) and Corollary 3.7 (d = 2, certified reverse = the proven d = 2 bound, spec §8) ≥ max(exact F_α, exact R_α); Theorem 3.8 (T = 10, k = 4, σ = 2) reverse R^∞ ≥ the spec's Monte Carlo R_α + 4 s.e. (exact R_α for k ≥ 2 not available here). Corollary 3.7, σ = 1, α = 2: {} vs exact {}.", rows.len(), g(rows[3]["certified"].as_f64().unwrap_or(f64::NAN)), g(rows[3]["exact"].as_f64().unwrap_or(f64::NAN)));
    let f = vec![Finding::new(FindingKind::Observation, "Theorem 3.8 is a whole-run guarantee (d = T): it must not be multiplied by T; epochs compose by Remark 3.10. The proofs of Theorems 3.4/3.8 replace adaptive norms/directions by constants; the rescale-and-add-noise post-processing argument (spec §10 (c)) closes that gap").only(&["Theorem 3.8", "Theorem 3.4"])];
    Ok((v, ev, json!({"rows": rows}), f))
}

/// Remark 3.10: `N F_α(T, k) ≥ F_α(NT, Nk)` (spec §12 table).
fn s_rem_3_10() -> Result<Made> {
    let mut rows = Vec::new();
    let mut ok = true;
    for (t, k, n, s, a) in [(4u64, 2u64, 2u64, 1.0, 4u64), (10, 4, 2, 2.0, 4), (10, 4, 3, 2.0, 4), (4, 1, 3, 1.0, 6)] {
        let composed = remark_3_10(theorem_3_1_forward(&pair(t, k, s)?, a)?, n, a)?;
        let single = theorem_3_1_forward(&pair(n * t, n * k, s)?, a)?;
        ok &= composed >= single;
        rows.push(json!({"t": t, "k": k, "epochs": n, "sigma": s, "alpha": a, "composed": composed, "single": single}));
    }
    let v = if ok { Verdict::Holds } else { Verdict::Counterexample };
    let ev = format!("spec §12 cases (exact F_α): composed ≥ single in all {}; (10, 4) × 2, σ = 2, α = 4: {} vs (20, 8): {}.", rows.len(), g(rows[1]["composed"].as_f64().unwrap_or(f64::NAN)), g(rows[1]["single"].as_f64().unwrap_or(f64::NAN)));
    Ok((v, ev, json!({"rows": rows}), Vec::new()))
}

/// The shuffled instance against the balanced bound `max(F_α, R^paper)` at `d = T, k = 1`:
/// `T = 2` (1-D quadrature), `T = 3` (2-D quadrature), `T = 10` (Monte Carlo, CLT interval at
/// 4 standard errors — an estimate: the integrand is unbounded), each below the analytic ceiling
/// `αc²/(2σ²)` (spec §14).
fn a10() -> Result<Made> {
    let mut rows = Vec::new();
    let mut push = |t: u64, s: f64, a: u64, fwd: f64, rev: f64, se: Option<(f64, f64)>| -> Result<()> {
        let p = pair(t, 1, s)?;
        let bal = theorem_3_1_forward(&p, a)?.max(corollary_3_19_paper(&p, a)?);
        // the forward estimate's lower end (MC: 4 standard errors below) must exceed the bound
        let lo = fwd - se.map_or(0.0, |e| 4.0 * e.0);
        let hi = fwd + se.map_or(0.0, |e| 4.0 * e.0);
        rows.push(json!({"t": t, "sigma": s, "alpha": a, "shuffle_forward": fwd, "shuffle_reverse": rev, "std_errors": se.map(|e| [e.0, e.1]), "forward_low": lo, "forward_high": hi, "balanced_bound": bal, "unamplified": a as f64 / (2.0 * s * s)}));
        Ok(())
    };
    for (s, a) in [(1.0, 2u64), (1.0, 3), (2.0, 2)] {
        push(2, s, a, remark_3_9_shuffle_t2(1.0, s, a, true)?, remark_3_9_shuffle_t2(1.0, s, a, false)?, None)?;
    }
    push(3, 1.0, 2, remark_3_9_shuffle_t3(1.0, 1.0, 2, true)?, remark_3_9_shuffle_t3(1.0, 1.0, 2, false)?, None)?;
    for (s, a) in [(1.0, 2u64), (2.0, 4)] {
        let (f, r) = (remark_3_9_shuffle_mc(10, 1.0, s, a, true, 1_000_000, 11, None)?, remark_3_9_shuffle_mc(10, 1.0, s, a, false, 1_000_000, 12, None)?);
        push(10, s, a, f.estimate, r.estimate, Some((f.std_error, r.std_error)))?;
    }
    let exceed = rows.iter().filter(|r| r["forward_low"].as_f64() > r["balanced_bound"].as_f64()).count();
    let below_ceiling = rows.iter().all(|r| r["forward_high"].as_f64() <= r["unamplified"].as_f64());
    let v = |r: &serde_json::Value, k: &str| g(r[k].as_f64().unwrap_or(f64::NAN));
    let (r0, r3, r10) = (&rows[0], &rows[3], &rows[4]);
    let ev = format!(
        "Spec §14 instance, c = 1, T batches of fixed size (T = 2: 1-D quadrature; T = 3: 2-D quadrature after the reduction along 1; T = 10: Monte Carlo, 10⁶ samples, CLT interval ± 4 s.e., not certified): D_α(A‖B) exceeds the balanced bound max(F_α, R^paper) at d = T, k = 1 in {exceed} of {} cases and never exceeds the unamplified ceiling αc²/(2σ²). σ = 1, α = 2: T = 2: {} vs {}; T = 3: {} (reverse {}) vs {}; T = 10: {} ± {} (reverse {}) vs {} (ceiling 1).",
        rows.len(), v(r0, "shuffle_forward"), v(r0, "balanced_bound"), v(r3, "shuffle_forward"), v(r3, "shuffle_reverse"), v(r3, "balanced_bound"), v(r10, "shuffle_forward"), fmt_sig(r10["std_errors"][0].as_f64().unwrap_or(f64::NAN), 2, 1e6), v(r10, "shuffle_reverse"), v(r10, "balanced_bound")
    );
    let verdict = if exceed == rows.len() && below_ceiling { Verdict::Holds } else { Verdict::Inconclusive };
    let f = vec![Finding::new(FindingKind::Observation, format!("Remark 3.9 is right that fixed-batch shuffling is not covered: c = σ = 1, α = 2: the shuffled pair has D_α = {} (T = 2), {} (T = 3), ≈ {} (T = 10, MC) against the balanced bound {}, {}, {}; guard the accountant against fixed-batch samplers", v(r0, "shuffle_forward"), v(r3, "shuffle_forward"), v(r10, "shuffle_forward"), v(r0, "balanced_bound"), v(r3, "balanced_bound"), v(r10, "balanced_bound")))];
    Ok((verdict, ev, json!({"rows": rows}), f))
}

/// Adding per-part Poisson curves vs the joint pair (spec §15 warning).
fn a11() -> Result<Made> {
    let sum = 2.0 * poisson::theorem_3_11(0.1, 1.0, 1.0, 8)?;
    let joint = two_part::two_part_forward_curve(0.1, 1.0, 1.0, 1, 1.0, &[8])?[0];
    let sig: Vec<f64> = [1u64, 3, 8].iter().map(|&d| table_1_sigma(d).map(|r| r.0)).collect::<Result<_>>()?;
    let ev = format!("γ = 0.1, σ = 1, α = 8, two Gaussian parts (c₁ = c₂ = 1) sharing one Poisson inclusion: sum of per-part ε_P = {} < joint (sensitivity √2) = {}. Table 1 is reproduced by the joint pair: σ = {}, {}, {} for d = 1, 3, 8 (printed 3.31, 2.72, 2.49); adding per-part curves would give 3.207, 2.655, 2.461 (spec §15).", g(sum), g(joint), fmt_sig(sig[0], 7, 1e6), fmt_sig(sig[1], 7, 1e6), fmt_sig(sig[2], 7, 1e6));
    let v = if joint > sum { Verdict::Holds } else { Verdict::Inconclusive };
    let f = vec![Finding::new(FindingKind::Limitation, format!("Section 3.2.2's 'RDP costs of the two parts can be directly added' holds without subsampling (the pair is a product) but underestimates under shared Poisson inclusion (Table 1, Figure 1): γ = 0.1, σ = 1, α = 8: {} added vs {} joint", g(sum), g(joint)))];
    Ok((v, ev, json!({"sum_of_parts": sum, "joint": joint, "table_1_sigma": sig}), f))
}

//! `certify_merge` end to end on portfolio files, and the F2 regression (issue 14): a search
//! over ≥ 64 models must not reuse another support's cached ε, and must not depend on the
//! order of the models in the file.

use super::*;
use crate::papers::model_merging::commands::merge_request::{Accounting, Merger};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

const DELTA: f64 = 1e-5;
const TARGET: f64 = 1.5;
/// Index (in the generated order) of the one infeasible model, past bit 63 of a u64 mask.
const WEAK: usize = 66;

/// σ of model `i` of the 70-model portfolio: spread over [5, 40] (all feasible at ε′ = 1.5:
/// σ = 5 gives ε ≈ 0.99), except model 66 with σ = 0.3 (ε ≈ 22.4).
fn sigma(i: usize) -> f64 {
    if i == WEAK { 0.3 } else { 5.0 + 35.0 * i as f64 / 69.0 }
}

/// Independent closed form of what Theorem 6.1 certifies for Gaussian models with
/// noise multipliers `sigmas` on the integer grid 2..=64 with the classic conversion
/// (Mironov 2017, Prop. 3 and Prop. 7: RDP α/(2σ²) adds over models):
/// `min_α Σ_i α/(2σ_i²) + ln(1/δ)/(α − 1)`.
fn gaussian_joint_closed_form(sigmas: &[f64], delta: f64) -> f64 {
    (2..=64)
        .map(|a| {
            let a = a as f64;
            sigmas.iter().map(|s| a / (2.0 * s * s)).sum::<f64>() + (1.0 / delta).ln() / (a - 1.0)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Write the 70 models in the order `perm` (position k holds model `perm[k]`, named `m{perm[k]}`).
fn portfolio(perm: &[usize]) -> tempfile::NamedTempFile {
    let mut s = String::from("name = \"seventy\"\nprovenance = \"independent_runs\"\n");
    for &i in perm {
        s.push_str(&format!("\n[[model]]\nname = \"m{i}\"\nmechanism = \"gaussian\"\nnoise_multiplier = {:?}\nutility = {:?}\n", sigma(i), i as f64 / 70.0));
    }
    let mut f = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    f.write_all(s.as_bytes()).unwrap();
    f
}

fn request(path: PathBuf, weights: Option<Vec<f64>>) -> MergeRequest {
    MergeRequest {
        merger: Merger::Lc,
        portfolio: path,
        epsilon: TARGET,
        delta: DELTA,
        grid: 1,
        conversion: "classic".into(),
        orders: "2..64".into(),
        weights,
        accounting: Accounting::Rdp,
        utility: None,
    }
}

fn permutations() -> Vec<Vec<usize>> {
    let id: Vec<usize> = (0..70).collect();
    let rev: Vec<usize> = (0..70).rev().collect();
    let rot: Vec<usize> = (0..70).map(|k| (k + 17) % 70).collect();
    let mul: Vec<usize> = (0..70).map(|k| (k * 3) % 70).collect(); // gcd(3, 70) = 1
    // The weak model at position 2 and model 2 at position 66: the two that collided under the
    // 64-bit mask (66 mod 64 = 2).
    let mut swap = id.clone();
    swap.swap(2, WEAK);
    vec![id, rev, rot, mul, swap]
}

/// Per model name: (certified ε at its vertex, feasible); plus the number of feasible lattice
/// points, the boundary points as (sorted names of their support, ε), and the best model.
type Summary = (BTreeMap<String, (f64, bool)>, usize, Vec<(Vec<String>, u64)>, Option<(String, f64)>);

fn search_summary(perm: &[usize]) -> Summary {
    let f = portfolio(perm);
    let mut req = request(f.path().to_path_buf(), None);
    req.utility = Some(perm.iter().map(|&i| i as f64 / 70.0).collect());
    let out = certify_merge(&req, &AtomicBool::new(false), &NoProgress).unwrap();
    let names = out.portfolio().names();
    let MergeAnswer::Search { set, best, .. } = out.answer else { panic!("expected a search") };
    let mut vertices = BTreeMap::new();
    for p in &set.lattice {
        let k = p.weights.iter().position(|&w| w == 1.0).unwrap();
        vertices.insert(names[k].clone(), (p.epsilon, p.feasible));
    }
    let feasible = set.lattice.iter().filter(|p| p.feasible).count();
    let mut boundary: Vec<(Vec<String>, u64)> = set
        .boundary
        .iter()
        .map(|b| {
            let mut s: Vec<String> = (0..b.weights.len()).filter(|&k| b.weights[k] > 0.0).map(|k| names[k].clone()).collect();
            s.sort();
            (s, b.epsilon.to_bits())
        })
        .collect();
    boundary.sort();
    let best = best.map(|b| (names[b.weights.iter().position(|&w| w == 1.0).unwrap()].clone(), b.epsilon));
    (vertices, feasible, boundary, best)
}

/// F2: with 70 models the infeasible σ = 0.3 model (index 66) is reported infeasible with its
/// own ε (checked against the closed form), every other model feasible with its own ε, and the
/// whole answer is the same for five orders of the models.
#[test]
fn f2_seventy_models_lc_search_invariant_under_model_order() {
    let perms = permutations();
    let first = search_summary(&perms[0]);
    let (vertices, feasible, boundary, best) = &first;
    assert_eq!(vertices.len(), 70);
    assert_eq!(*feasible, 69);
    let (e_weak, f_weak) = vertices[&format!("m{WEAK}")];
    let truth = gaussian_joint_closed_form(&[0.3], DELTA);
    assert!((22.3..22.5).contains(&truth), "closed form {truth}");
    assert!(!f_weak, "m{WEAK} reported feasible at ε = {e_weak}");
    // Certified upper bound, rounded up by a few ulps only.
    assert!(e_weak >= truth && e_weak <= truth * (1.0 + 1e-13), "{e_weak} vs {truth}");
    for i in (0..70).filter(|&i| i != WEAK) {
        let (e, f) = vertices[&format!("m{i}")];
        let t = gaussian_joint_closed_form(&[sigma(i)], DELTA);
        assert!(f && e >= t && e <= t * (1.0 + 1e-13), "m{i}: {e} vs {t}");
    }
    // One boundary point on each edge from a feasible vertex to the weak one.
    assert_eq!(boundary.len(), 69);
    // Utility i/70: the best feasible point is the vertex of m69.
    assert_eq!(best.as_ref().map(|b| b.0.as_str()), Some("m69"));
    for p in &perms[1..] {
        assert_eq!(&search_summary(p), &first, "order {:?}", &p[..5]);
    }
}

/// F2: a two-model support holding the weak model gives the same certified ε (bit for bit) in
/// every order, equal to the closed form of Theorem 6.1 for the two Gaussians.
#[test]
fn f2_seventy_models_joint_bound_invariant_under_model_order() {
    let truth = gaussian_joint_closed_form(&[sigma(WEAK), sigma(3)], DELTA);
    let mut seen = Vec::new();
    for perm in permutations() {
        let f = portfolio(&perm);
        let w: Vec<f64> = perm.iter().map(|&i| if i == WEAK || i == 3 { 0.5 } else { 0.0 }).collect();
        let out = certify_merge(&request(f.path().to_path_buf(), Some(w)), &AtomicBool::new(false), &NoProgress).unwrap();
        let MergeAnswer::Weights { certificate, meets_target, .. } = out.answer else { panic!("expected weights") };
        assert!(!meets_target);
        assert_eq!(certificate.basis, "Theorem 6.1 (joint release)");
        assert!(certificate.epsilon >= truth && certificate.epsilon <= truth * (1.0 + 1e-13), "{} vs {truth}", certificate.epsilon);
        seen.push(certificate.epsilon.to_bits());
    }
    assert!(seen.windows(2).all(|p| p[0] == p[1]), "{seen:?}");
}

/// Validation order: the first bad value is the one reported, weights before any accounting.
#[test]
fn first_bad_value_is_reported() {
    let good = request(PathBuf::from("audits/portfolios/gaussian_two_models.toml"), Some(vec![0.5, 0.5]));
    let err = |r: MergeRequest| certify_merge(&r, &AtomicBool::new(false), &NoProgress).err().unwrap().to_string();
    assert!(err(MergeRequest { epsilon: -1.0, delta: 2.0, ..good.clone() }).contains("--epsilon"));
    assert!(err(MergeRequest { delta: 2.0, grid: 0, ..good.clone() }).contains("--delta"));
    assert!(err(MergeRequest { grid: 0, orders: "1..2".into(), ..good.clone() }).contains("--grid"));
    assert!(err(MergeRequest { conversion: "x".into(), orders: "1..2".into(), ..good.clone() }).contains("RDP conversion"));
    assert!(err(MergeRequest { orders: "1..2".into(), ..good.clone() }).contains("--orders"));
    assert!(err(MergeRequest { weights: Some(vec![0.6, 0.6]), ..good.clone() }).contains("--weights"));
    assert!(err(MergeRequest { weights: Some(vec![1.0]), ..good.clone() }).contains("the portfolio has 2 models"));
    assert!(err(MergeRequest { utility: Some(vec![1.0]), weights: Some(vec![1.0]), ..good.clone() }).contains("--utility"));
}

/// An interrupted search stops with `Error::Interrupted`.
#[test]
fn interrupted_search_stops() {
    let r = MergeRequest { weights: None, ..request(PathBuf::from("audits/portfolios/gaussian_two_models.toml"), None) };
    assert_eq!(certify_merge(&r, &AtomicBool::new(true), &NoProgress).err(), Some(Error::Interrupted));
}

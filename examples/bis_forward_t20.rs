//! Issue 11's case: the exact forward term `F_α` of Theorem 3.1 (Balanced Iteration Subsampling,
//! Lemma 3.12 on `S_{d,k}`) at `T = 20, k = 8, σ = 2` for every `α = 2..=16` by the all-orders call
//! (one Gauss-quadrature walk, `forward_quadrature`), with the wall time of the rule and of the
//! whole call, the multiset count and the certified moment mismatch `η`. Run with
//! `cargo run --release --example bis_forward_t20 [T k σ α_max]`. (Timing only; the numbers are
//! tested in `forward_quadrature_test.rs`.)

use dpaudit::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward_curve;
use dpaudit::papers::balanced_iteration::section_3_1::lognormal_gauss::{certified_rule, multiset_count, node_count};
use dpaudit::papers::balanced_iteration::mixture_pair::MixturePair;
use std::time::Instant;

fn main() -> dpaudit::Result<()> {
    let a: Vec<f64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let (t, k, sigma, amax) = if a.len() == 4 { (a[0] as u64, a[1] as u64, a[2], a[3] as u64) } else { (20, 8, 2.0, 16) };
    let pair = MixturePair::new(t, k, 1.0, sigma)?;
    let t0 = Instant::now();
    let rule = certified_rule(&pair, amax)?;
    let rule_s = t0.elapsed().as_secs_f64();
    println!("rule: {} nodes, {} bits, eta = {:.3e}, {:.4} s", rule.nodes.len(), rule.prec, rule.eta, rule_s);
    println!("multisets: {}", multiset_count(t, node_count(amax)));
    let t1 = Instant::now();
    let f = theorem_3_1_forward_curve(&pair, amax)?;
    let all_s = t1.elapsed().as_secs_f64();
    for (i, v) in f.iter().enumerate() {
        println!("F_{} = {v:.13}", i + 2);
    }
    println!("all orders 2..={amax}: {all_s:.4} s (rule included)");
    Ok(())
}

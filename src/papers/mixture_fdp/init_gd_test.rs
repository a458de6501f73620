//! Section 5 (Theorem 5.1, the worst-case remark, Examples D.1–D.3) against the spec's computed
//! values (§5.5, §5.6; 12 digits, from 200-node Gauss–Legendre per piece) and closed forms.

use super::init_gd::*;
use super::init_gd_truth::OutputPair;
use crate::repr::Gdp;

fn clip(c: f64) -> Shift {
    Shift::Clipped { a: 1.0, c, sigma: 1.0 }
}
fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

#[test]
fn print_numbers() {
    for (c, t) in [(0.5, -1.0), (0.5, 0.0), (1.0, -1.0), (1.0, 0.0), (2.0, 0.5), (f64::INFINITY, -1.0), (f64::INFINITY, 0.0)] {
        let (a, b) = theorem_5_1_alpha_beta(&clip(c), t).unwrap();
        let (pa, pb) = theorem_5_1_printed_alpha_beta(&clip(c), t).unwrap();
        let (sa, sb) = remark_signed_alpha_beta(&clip(c), t).unwrap();
        println!("c={c} t={t}: {a:.12} {b:.12} printed {pa:.12} {pb:.12} signed {sa:.6} {sb:.6} J(a)={:.12}", theorem_5_1_eval(&clip(c), a).unwrap());
    }
    for c in [0.5, 1.0, 2.0, f64::INFINITY] {
        for e in [0.5, 1.0, 2.0] {
            println!("c={c} eps={e}: {:.12e}", theorem_5_1_delta(&clip(c), e).unwrap());
        }
    }
    for (n, c) in [(1u64, 1.0), (2, 1.0), (5, 1.0), (2, 2.0)] {
        let p = OutputPair::LeastSquares { n, a: 1.0, c, sigma: 1.0 };
        for e in [0.25, 0.5, 1.0] {
            println!("truth n={n} c={c} eps={e}: {:.8}", p.delta(e).unwrap());
        }
    }
    let _ = (rel(1.0, 1.0), Gdp::new(1.0));
}

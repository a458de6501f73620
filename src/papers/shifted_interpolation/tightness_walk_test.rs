use super::*;

#[test]
#[ignore]
fn explore_walk() {
    for (eta, sigma, ln, t) in [(0.1, 2.0, 0.5, 50u64), (0.1, 2.0, 0.5, 200), (0.05, 4.0, 0.25, 400), (0.1, 1.0, 0.2, 300)] {
        let p = Constrained { d: 1.0, eta, l: ln, n: 1, sigma };
        for cells in [600usize, 1200, 2400] {
            let c = check_theorem_4_3(&p, t, cells).unwrap();
            eprintln!("{eta} {sigma} {ln} {t} cells {cells}: {c:?}");
        }
    }
}

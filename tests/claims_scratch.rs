use dpaudit::mechanisms::Mechanism;
use dpaudit::pld::{compose_mechanisms, PldOptions};
use std::time::Instant;

#[test]
#[ignore]
fn timing() {
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    for acc in [1e-3, 1e-4, 1e-5, 1e-6] {
        let t0 = Instant::now();
        let opts = PldOptions { eps_rel_accuracy: acc, ..PldOptions::default() };
        let p = compose_mechanisms(&[(sgm.clone(), 1000)], &opts).unwrap();
        let d = p.diagnostics();
        println!("acc {acc:e}: {:?} eps {} delta(1) {} h {} N {} passes {} met {} notes {:?}", t0.elapsed(), p.epsilon(1e-5), p.delta(1.0), d.grid_step, d.fft_len, d.passes.len(), d.target_met, d.notes);
    }
    for (q, s, t) in [(0.001, 0.8, 100000u64), (0.1, 2.0, 10000), (0.05, 0.6, 3000), (0.5, 5.0, 100)] {
        let m = Mechanism::from_name("sgm", s, None, Some(q)).unwrap();
        let t0 = Instant::now();
        let p = compose_mechanisms(&[(m, t)], &PldOptions::default()).unwrap();
        let d = p.diagnostics();
        println!("q {q} s {s} T {t}: {:?} eps {} N {} passes {}", t0.elapsed(), p.epsilon(1e-5), d.fft_len, d.passes.len());
    }
    let l = Mechanism::from_name("laplace", 10.0, None, None).unwrap();
    let t0 = Instant::now();
    let p = compose_mechanisms(&[(l, 100)], &PldOptions::default()).unwrap();
    println!("laplace: {:?} eps {} N {}", t0.elapsed(), p.epsilon(1e-5), p.diagnostics().fft_len);
}

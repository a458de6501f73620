use dpaudit::mechanisms::Mechanism;
use dpaudit::pld::{compose_mechanisms, PldOptions};
use std::time::Instant;

#[test]
#[ignore]
fn timing() {
    let m = Mechanism::from_name("sgm", 0.8, None, Some(0.001)).unwrap();
    for (acc, h) in [(1e-2, None), (1e-3, None), (1e-2, Some(2e-4)), (1e-2, Some(5e-5))] {
        let t0 = Instant::now();
        let p = compose_mechanisms(&[(m.clone(), 10000)], &PldOptions { eps_rel_accuracy: acc, reference_delta: 1e-8, grid_step: h, ..PldOptions::default() }).unwrap();
        let d = p.diagnostics();
        println!("acc {acc} h {h:?}: {:?} eps8 {} eps5 {} N {} h {} notes {:?}", t0.elapsed(), p.epsilon(1e-8), p.epsilon(1e-5), d.fft_len, d.grid_step, d.notes);
        println!("   passes {:?}", d.passes.iter().map(|p| (p.grid_step, p.fft_len, p.seconds, p.interval)).collect::<Vec<_>>());
        for dd in &d.directions { println!("   {:?} eta {:e} nu {:e} tau {:e} {:e} inf {:e} capped {}", dd.direction, dd.eta_fp_l2, dd.nu_negative, dd.tau_hi_upper, dd.tau_lo_upper, dd.inf_mass_upper, dd.window_capped); }
    }
}

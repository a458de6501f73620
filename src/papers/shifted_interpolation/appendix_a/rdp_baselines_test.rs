use super::*;

#[test]
fn zcdp_epsilon_spec_examples() {
    // spec §2.12 [computed, δ = 1e-5]: min of BBG/BS/ALC/Mir (BBG wins every row).
    for (rho, want) in [(0.5, 4.72838698494), (0.05, 1.30811834291), (0.716679125, 5.82234760826), (1.1306181848, 7.6103154129), (1.7469855335, 9.87808223125)] {
        let e = zcdp_epsilon(rho, 1e-5).unwrap();
        assert!(e.epsilon >= want * (1.0 - 1e-9) && (e.epsilon / want - 1.0).abs() < 1e-8, "ρ={rho}: {} vs {want}", e.epsilon);
        assert_eq!(e.formula, Formula::BalleG);
    }
}

#[test]
fn noisy_cgd_rdp_rho_spec_values() {
    // spec §7.1: r = 2/3, l = 40: c = 0.9999 → ρ₀ 0.7166791250 / 1.1306181848 / 1.7469855335;
    // c = 0.9998 → 0.6727126198 / 0.9821523154 / 1.3285967422 (E = 50/100/200).
    let r = 2.0 / 3.0;
    for (c, rows) in [(0.9999, [0.7166791250, 1.1306181848, 1.7469855335]), (0.9998, [0.6727126198, 0.9821523154, 1.3285967422])] {
        for (e, want) in [50u64, 100, 200].iter().zip(rows) {
            let v = noisy_cgd_rdp_rho(r, c, 40, *e).unwrap();
            assert!((v / want - 1.0).abs() < 1e-9, "c={c} E={e}: {v} vs {want}");
        }
    }
    assert!(noisy_cgd_rdp_rho(r, 0.9, 1, 5).is_err());
    assert!(noisy_cgd_rdp_rho(r, 1.2, 10, 5).is_err());
}

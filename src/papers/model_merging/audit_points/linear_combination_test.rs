//! The LC audit points run, are decided, and reproduce the spec §19 numbers (computed for the spec).

use super::*;

#[test]
fn all_points_decided_with_spec_numbers() {
    let t = std::time::Instant::now();
    let pts = points(&AtomicBool::new(false));
    let ids: Vec<&str> = pts.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["A2", "A5", "A13", "A14", "A15", "A17", "A20", "A21", "S-Thm6.2", "S-Alg3"]);
    for p in &pts {
        eprintln!("{} [{}]: {}\n  data: {}", p.id, p.verdict.name(), p.evidence, p.data);
        assert_eq!(p.paper, "model_merging");
        assert!(!p.evidence.contains("computation failed"), "{}: {}", p.id, p.evidence);
    }
    let get = |id: &str| pts.iter().find(|p| p.id == id).unwrap();
    let close = |v: &serde_json::Value, want: f64| (v.as_f64().unwrap() - want).abs() < 1e-8 * want;
    assert!(close(&get("A2").data["rows"][0]["identical_batches"], 6.396411728));
    assert!(close(&get("A2").data["rows"][1]["identical_batches"], 0.4697612285));
    assert!(close(&get("A13").data["integer_improved"], 10.24301847));
    // Opacus grid: the optimum is α = 2.6. Oracle: the MPFR tanh–sinh SGM quadrature of
    // `mechanisms::exact` (independent code) at that order. The spec's §17 values 8.9870459 /
    // 7.9043434 are 0.0056 higher than this oracle (reported as a spec discrepancy); checked loosely.
    let (r, _) = crate::mechanisms::exact::sgm_rdp_quad(&Mp::new(200, MNIST_Q), &Mp::new(200, 0.5), crate::mechanisms::Direction::Remove, &Mp::new(200, 2.6));
    let want = 705.0 * r.to_f64() + 1e5f64.ln() / 1.6;
    let got = get("A13").data["opacus_classic"].as_f64().unwrap();
    assert!((got - want).abs() < 1e-9 * want, "{got} vs MPFR {want}");
    assert!((got - 8.9870459).abs() < 1e-2 && (get("A13").data["opacus_improved"].as_f64().unwrap() - 7.9043434).abs() < 1e-2);
    assert!(close(&get("A15").data["phantom"], 1.731886993));
    assert!(close(&get("A21").data["lambda1_0_75"], 2.620519122));
    for (id, v) in [("A5", Verdict::Holds), ("A15", Verdict::Holds), ("A17", Verdict::Holds), ("A20", Verdict::Holds), ("A21", Verdict::Holds), ("S-Thm6.2", Verdict::Holds), ("S-Alg3", Verdict::Holds)] {
        assert_eq!(get(id).verdict, v, "{id}: {}", get(id).evidence);
    }
    eprintln!("LC audit points took {:?}", t.elapsed());
    let stop = AtomicBool::new(true);
    assert!(points(&stop).is_empty());
}

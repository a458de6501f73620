//! The surrogate/PLD audit points are all produced, decided, and fast.

use super::*;

#[test]
fn all_points_decided() {
    let t0 = std::time::Instant::now();
    let pts = points(&AtomicBool::new(false));
    let ids: Vec<&str> = pts.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["A1", "A3", "A4", "A6", "A7", "S-Lemma6.3", "S-Thm6.4", "S-Cor6.5", "S-Alg4"]);
    for p in &pts {
        assert_eq!(p.paper, "model_merging");
        assert!(p.verdict != Verdict::Inconclusive, "{}: {}", p.id, p.evidence);
    }
    assert_eq!(pts[0].verdict, Verdict::Counterexample);
    eprintln!("surrogate audit points: {:?}", t0.elapsed());
}

#[test]
fn interrupt_stops_early() {
    assert!(points(&AtomicBool::new(true)).is_empty());
}

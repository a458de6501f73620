//! The Section 3/6 audit points: count, verdicts and that every counterexample prints its numbers.

use crate::papers::mixture_fdp::audit_points::sections_3_6::points;
use crate::papers::{FindingKind, Verdict};
use std::sync::atomic::AtomicBool;

#[test]
fn section_3_6_points_have_the_expected_verdicts() {
    let pts = points(&AtomicBool::new(false));
    assert_eq!(pts.len(), 19);
    let counter = ["B1", "P61", "L63", "P64", "E1"];
    for p in &pts {
        let want = if counter.contains(&p.id.as_str()) { Verdict::Counterexample } else { Verdict::Holds };
        assert_eq!(p.verdict, want, "{}: {}", p.id, p.evidence);
        let has_ce = p.findings.iter().any(|f| f.kind == FindingKind::Counterexample);
        assert_eq!(has_ce, want == Verdict::Counterexample, "{}", p.id);
        if has_ce {
            assert!(p.evidence.chars().any(|c| c.is_ascii_digit()), "{}", p.id);
        }
    }
    // the deciding numbers equal the spec's independently computed values (§3.5, §6.1, §6.4–§6.6)
    let d = |id: &str, k: &str| pts.iter().find(|p| p.id == id).unwrap().data[k].as_f64().unwrap();
    let near = |a: f64, b: f64, tol: f64| (a - b).abs() <= tol;
    assert!(near(d("B1", "exact"), 0.25, 1e-15) && near(d("B1", "printed"), 0.375, 1e-15));
    assert!(near(d("P64", "exact"), 0.125, 1e-15) && near(d("P64", "printed"), 0.1875, 1e-15) && near(d("P64", "hockey_stick_1_5"), 0.1875, 1e-15));
    assert!(near(d("L63", "exact"), 0.09, 1e-15) && near(d("L63", "special_printed"), 0.273, 1e-12) && near(d("L63", "general_max_excess"), 0.120, 1e-3));
    assert!(near(d("E1", "delta_eps1_exact"), 0.0634683688, 1e-10) && near(d("E1", "delta_eps1_claimed"), 0.0288676178, 1e-10));
    assert!(near(d("P61", "gaussian_exact"), 0.9177102094, 1e-10) && near(d("P61", "gaussian_joint"), 0.7404889772, 1e-10));
    assert!(!pts.iter().any(|p| p.evidence.contains("computation failed")));
}

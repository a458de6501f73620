use super::*;

#[test]
fn accepts_the_simplex_and_names_bad_entries() {
    let w = Simplex::new("lambda", &[0.2, 0.0, 0.8]).unwrap();
    assert_eq!(w.as_slice(), &[0.2, 0.0, 0.8]);
    assert_eq!(w.support(), vec![0, 2]);
    assert_eq!(w.len(), 3);
    let e = Simplex::new("pi", &[0.2, -0.1, 0.9]).unwrap_err().to_string();
    assert!(e.contains("pi[2]"), "{e}");
    assert!(Simplex::new("pi", &[0.6, 0.6]).is_err());
    assert!(Simplex::new("pi", &[]).is_err());
    assert!(Simplex::new("pi", &[f64::NAN, 1.0]).is_err());
}

#[test]
fn length_is_checked_before_the_sum() {
    let e = Simplex::with_len("--weights", &[0.6, 0.6, 0.6], 2).unwrap_err().to_string();
    assert_eq!(e, "invalid --weights = 3 values: the portfolio has 2 models");
    assert!(Simplex::with_len("--weights", &[0.5, 0.5], 2).is_ok());
}

/// F2 (issue 14): the support of a vertex past index 63 is that index, not a wrapped bit.
#[test]
fn f2_vertex_support_beyond_64_models() {
    for k in [0, 63, 64, 66, 69] {
        let v = Simplex::vertex(70, k).unwrap();
        assert_eq!(v.support(), vec![k]);
        assert_eq!(v.iter().sum::<f64>(), 1.0);
    }
    assert_ne!(Simplex::vertex(70, 66).unwrap().support(), Simplex::vertex(70, 2).unwrap().support());
    assert!(Simplex::vertex(3, 3).is_err());
}

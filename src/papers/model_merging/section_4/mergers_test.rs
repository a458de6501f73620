use super::*;
use rand::SeedableRng;
use statrs::distribution::{ChiSquared, ContinuousCDF};

fn models() -> Vec<Vec<f64>> {
    vec![vec![1.0, -2.5, 1e-300], vec![0.1, 3.0, 7.0], vec![-4.0, 0.3, 1e300]]
}

#[test]
fn vertices_return_the_model_exactly() {
    let m = models();
    for k in 0..3 {
        let mut e = vec![0.0; 3];
        e[k] = 1.0;
        assert_eq!(lc_combine(&m, &e).unwrap(), m[k]);
        let mut rng = crate::mechanisms::SimRng::seed_from_u64(k as u64);
        for _ in 0..100 {
            assert_eq!(rs_sample(&m, &e, &mut rng).unwrap(), &m[k]);
        }
    }
    // N = 1: bitwise identity.
    assert_eq!(lc_combine(&[vec![0.1, 0.2]], &[1.0]).unwrap(), vec![0.1, 0.2]);
}

#[test]
fn lc_is_the_weighted_sum() {
    // Hand computation: 0.25·(1, 2) + 0.75·(3, −2) = (2.5, −1).
    let v = lc_combine(&[vec![1.0, 2.0], vec![3.0, -2.0]], &[0.25, 0.75]).unwrap();
    assert_eq!(v, vec![2.5, -1.0]);
    // Compensated sum: 0.5·1e16 + 0.5·(−1e16) + … cancellation with a small term kept.
    let v = lc_combine(&[vec![2e16], vec![-2e16 + 4.0], vec![8.0]], &[0.25, 0.25, 0.5]).unwrap();
    assert_eq!(v, vec![5.0]);
}

#[test]
fn bad_inputs_are_errors() {
    let m = models();
    assert!(lc_combine(&m, &[0.5, 0.5]).is_err());
    assert!(lc_combine(&m, &[0.5, 0.6, -0.1]).is_err());
    assert!(lc_combine(&[vec![1.0], vec![1.0, 2.0]], &[0.5, 0.5]).is_err());
    assert!(lc_combine(&[vec![f64::NAN]], &[1.0]).is_err());
    assert!(lc_combine(&[], &[]).is_err());
    let mut rng = crate::mechanisms::SimRng::seed_from_u64(1);
    assert!(rs_sample(&m, &[0.2, 0.8], &mut rng).is_err());
    assert!(rs_index(&[0.5, 0.5], 1.0).is_err());
}

#[test]
fn last_positive_bucket_absorbs_rounding() {
    // Weights whose f64 cumulative sum is 1 − 2^-53·k: a u just below 1 lands in the last
    // positive bucket, never in a zero-weight one.
    let pi = [0.1, 0.2, 0.7 - 1e-13, 0.0];
    assert_eq!(rs_index(&pi, 1.0 - f64::EPSILON).unwrap(), 2);
    assert_eq!(rs_index(&[0.0, 1.0, 0.0], 0.0).unwrap(), 1);
    assert_eq!(rs_index(&[0.3, 0.7], 0.3).unwrap(), 1);
    assert_eq!(rs_index(&[0.3, 0.7], 0.2999999).unwrap(), 0);
}

/// Pearson chi-square goodness of fit of RS frequencies to π at a fixed seed: under a correct
/// sampler the statistic exceeds the 1 − 1e-4 quantile of χ²(3) with probability 1e-4 (the
/// false-alarm probability of this test for a random seed).
#[test]
fn rs_frequencies_match_pi_chi_square() {
    let pi = [0.05, 0.15, 0.3, 0.5];
    let idx: Vec<usize> = (0..4).collect();
    let n = 200_000u64;
    let mut rng = crate::mechanisms::SimRng::seed_from_u64(20260123);
    let mut counts = [0u64; 4];
    for _ in 0..n {
        counts[*rs_sample(&idx, &pi, &mut rng).unwrap()] += 1;
    }
    let stat: f64 = counts.iter().zip(&pi).map(|(&c, &p)| {
        let e = p * n as f64;
        (c as f64 - e).powi(2) / e
    }).sum();
    let crit = ChiSquared::new(3.0).unwrap().inverse_cdf(1.0 - 1e-4);
    assert!(stat < crit, "chi2 = {stat} >= {crit}, counts {counts:?}");
    // And the test has power: a sampler with swapped weights is rejected.
    let swapped: f64 = counts.iter().zip(&[0.15, 0.05, 0.3, 0.5]).map(|(&c, &p)| {
        let e = p * n as f64;
        (c as f64 - e).powi(2) / e
    }).sum();
    assert!(swapped > crit);
}

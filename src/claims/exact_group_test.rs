//! Which exact evaluations rows share (issue 14, F5): the plan, not the numbers (those are
//! compared with unshared runs in `tests/claims_f5.rs`).

use super::exact_group::{ExactPlan, Query};
use super::parse::parse_claims;

const HEADER: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta\n";

fn plan(rows: &str) -> ExactPlan {
    let claims = parse_claims(&format!("{HEADER}{rows}"), "t").unwrap();
    let idx: Vec<usize> = (0..claims.len()).collect();
    ExactPlan::new(&claims, &idx)
}

#[test]
fn f5_rows_share_evaluations_of_the_same_event_and_query_point() {
    let p = plan(
        "a,x,gaussian,1,,,10,2.0,1e-5\n\
         b,y,gaussian,1,,,10,3.0,1e-5\n\
         c,z,gaussian,1,3,,10,2.0,1e-6\n\
         d,z,poisson_subsampled_gaussian,1,,1,10,2.0,1e-5\n",
    );
    // δ(ε): ε = 2 (a, c, d — the sensitivity does not matter and q = 1 is the Gaussian), ε = 3 (b);
    // ε(δ): δ = 1e−5 (a, b, d), δ = 1e−6 (c).
    assert_eq!(p.tasks.len(), 4, "{:?}", p.tasks);
    assert_eq!(p.of_row, vec![(0, 1), (2, 1), (0, 3), (0, 1)]);
    assert_eq!(p.tasks.iter().map(|t| t.users).collect::<Vec<_>>(), vec![3, 3, 1, 1]);
    assert_eq!(p.tasks[0].query, Query::Delta(2.0));
    assert_eq!(p.tasks[3].query, Query::Epsilon(1e-6));
}

#[test]
fn f5_a_different_event_or_query_point_is_never_shared() {
    let p = plan(
        "a,x,gaussian,1,,,10,2.0,1e-5\n\
         b,x,gaussian,1,,,11,2.0,1e-5\n\
         c,x,gaussian,1.0000000000000002,,,10,2.0,1e-5\n\
         d,x,randomized_response,1,,,10,2.0,1e-5\n\
         e,x,gaussian,1,,,10,2.0000000000000004,1.0000000000000002e-5\n",
    );
    // Every row differs from `a` in the steps, the last bit of σ, the mechanism, or the last bit
    // of both query points: 5 rows × 2 evaluations, none shared.
    assert_eq!(p.tasks.len(), 10);
    assert!(p.tasks.iter().all(|t| t.users == 1));
}

#[test]
fn dbg_merge_stats() {
    use super::discretise::*;
    use super::merge::merge_lower;
    use crate::mechanisms::{Direction, Mechanism};
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    for d in [Direction::Remove, Direction::Add] {
        let loss = m.loss(d);
        let r = step_range(loss.as_ref(), 1e-17).unwrap();
        let model = EvalModel { rho: 1e-13 };
        for h in [3.7e-4, 1e-4] {
            let h = super::pmf::snap_grid_step(h);
            let t0 = std::time::Instant::now();
            let lo = merge_lower(loss.as_ref(), h, &r, &model).unwrap();
            let el = t0.elapsed();
            let up = connect_dots_upper(loss.as_ref(), h, &r, &model).unwrap();
            let bl = buckets_lower(loss.as_ref(), h, &r, &model).unwrap();
            // compare means
            let (mu, vu) = up.mean_var(); let (ml, vl) = lo.mean_var(); let (mb, vb) = bl.mean_var();
            eprintln!("{:?} h={h:e} n={} t={:?} mean U {mu:.9e} L {ml:.9e} PB {mb:.9e} | var U {vu:.9e} L {vl:.9e} PB {vb:.9e}", d, lo.masses.len(), el);
            for eps in [0.0, 0.01, 0.05, 0.2, 1.0] {
                let ex = loss.delta(eps);
                eprintln!("   eps {eps}: U-ex {:.3e}  ex-L {:.3e}  ex-PB {:.3e}", up.delta_estimate(eps)-ex, ex-lo.delta_estimate(eps), ex - bl.delta_estimate(eps));
            }
        }
    }
}

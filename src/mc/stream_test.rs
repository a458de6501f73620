//! Reproducibility, stream independence, progress and interruption.

use super::estimate::delta_interval;
use super::invert::epsilon_interval;
use super::options::McOptions;
use super::stream::{run_chunks, RunControl, StreamKey, CHUNK};
use crate::error::Error;
use crate::mechanisms::Mechanism;
use rand::Rng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

#[test]
fn same_seed_same_bits_for_any_thread_count() {
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.05)).unwrap();
    let opts = McOptions { samples: 5_000, seed: 99, ..McOptions::default() };
    let run = || {
        let d = delta_interval(&sgm, 50, 0.5, &opts).unwrap();
        let e = epsilon_interval(&Mechanism::from_name("gaussian", 2.0, None, None).unwrap(), 10, 1e-6, &opts).unwrap();
        (d.interval.lower.to_bits(), d.interval.upper.to_bits(), d.point.to_bits(), e.interval.lower.to_bits(), e.interval.upper.to_bits())
    };
    let a = in_pool(1, run);
    let b = in_pool(2, run);
    let c = in_pool(3, run);
    assert_eq!(a, b);
    assert_eq!(a, c);
    // A different seed gives different numbers.
    let other = McOptions { seed: 100, ..opts.clone() };
    let d = delta_interval(&sgm, 50, 0.5, &other).unwrap();
    assert_ne!(d.point.to_bits(), a.2);
}

#[test]
fn streams_differ_by_chunk_label_and_seed() {
    let k = StreamKey::new(1, "a");
    let first = |key: &StreamKey, chunk| key.chunk_rng(chunk).gen::<u64>();
    assert_ne!(first(&k, 0), first(&k, 1));
    assert_ne!(first(&k, 0), first(&StreamKey::new(1, "b"), 0));
    assert_ne!(first(&k, 0), first(&StreamKey::new(2, "a"), 0));
    assert_eq!(first(&k, 5), first(&StreamKey::new(1, "a"), 5));
}

#[test]
fn chunks_cover_n_in_order_and_report_progress() {
    let pb = indicatif::ProgressBar::hidden();
    let ctl = RunControl { progress: Some(&pb), interrupt: None };
    let n = 3 * CHUNK + 17;
    let out = run_chunks(n, &StreamKey::new(0, "x"), &ctl, |_, len| len).unwrap();
    assert_eq!(out, vec![CHUNK, CHUNK, CHUNK, 17]);
    assert_eq!(pb.position(), n as u64);
    assert_eq!(pb.length(), Some(n as u64));
}

#[test]
fn interruption_flag_stops_the_run() {
    let flag = Arc::new(AtomicBool::new(true));
    let opts = McOptions { interrupt: Some(flag), ..McOptions::default() };
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    assert_eq!(delta_interval(&g, 1, 1.0, &opts).unwrap_err(), Error::Interrupted);
    assert_eq!(epsilon_interval(&g, 1, 1e-5, &opts).unwrap_err(), Error::Interrupted);
}

//! Seeded, parallel, bit-reproducible sampling.
//!
//! Reproducibility contract: for a given `(seed, check label)` the numbers drawn — and therefore
//! every interval the Monte Carlo engine returns — are identical whatever the number of threads.
//! This holds because
//! * the work is cut into chunks of a **fixed** size [`CHUNK`] (independent of the thread count);
//! * chunk `i` draws from its own ChaCha8 stream: the 256-bit key is derived from
//!   `(seed, check id)` with SplitMix64 and the 64-bit stream number (ChaCha nonce) is `i`, so the
//!   streams of distinct chunks, checks and seeds never overlap;
//! * chunks run in parallel with rayon, and their results are combined **in chunk order** by the
//!   caller (`collect` of an indexed parallel iterator preserves order).
//!
//! Between chunks the optional interruption flag is checked; a set flag makes the run return
//! [`Error::Interrupted`]. An optional [`indicatif::ProgressBar`] is advanced by the number of
//! replicates of each finished chunk (its length is increased by the planned total first).

use crate::error::{Error, Result};
use crate::mechanisms::SimRng;
use indicatif::ProgressBar;
use rand::SeedableRng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Replicates (draws of the composed privacy loss) per chunk. Fixed: changing it changes the
/// random streams and therefore the results for a given seed.
pub const CHUNK: usize = 1024;

/// Progress reporting and interruption, shared by all evaluations of one run.
#[derive(Clone, Copy, Default)]
pub struct RunControl<'a> {
    pub progress: Option<&'a ProgressBar>,
    pub interrupt: Option<&'a AtomicBool>,
}

impl<'a> RunControl<'a> {
    /// `Err(Interrupted)` if the interruption flag is set.
    pub fn check(&self) -> Result<()> {
        match self.interrupt {
            Some(f) if f.load(Ordering::Relaxed) => Err(Error::Interrupted),
            _ => Ok(()),
        }
    }
}

/// SplitMix64 finaliser (Steele, Lea & Flood 2014): a bijective 64-bit mixer.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// 64-bit FNV-1a hash of a check label (e.g. `"delta/remove/eps=3ff0000000000000"`), used as the
/// check id. Stable across platforms and Rust versions (unlike `std::hash`).
pub fn check_id(label: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in label.as_bytes() {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The 256-bit ChaCha key of one check: four SplitMix64 outputs of a state seeded with
/// `seed` and the check id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamKey([u8; 32]);

impl StreamKey {
    pub fn new(seed: u64, label: &str) -> StreamKey {
        let mut state = splitmix64(seed) ^ check_id(label).rotate_left(17);
        let mut key = [0u8; 32];
        for word in key.chunks_exact_mut(8) {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            word.copy_from_slice(&splitmix64(state).to_le_bytes());
        }
        StreamKey(key)
    }

    /// The generator of chunk `chunk`: this key, stream (nonce) number `chunk`, position 0.
    pub fn chunk_rng(&self, chunk: u64) -> SimRng {
        let mut rng = SimRng::from_seed(self.0);
        rng.set_stream(chunk);
        rng
    }
}

/// Run `n` replicates in chunks of [`CHUNK`]: `f(rng, len)` processes one chunk of `len`
/// replicates with that chunk's generator. Returns the per-chunk results in chunk order.
/// Errors: [`Error::Interrupted`] if the flag is set before some chunk starts.
pub fn run_chunks<T, F>(n: usize, key: &StreamKey, ctl: &RunControl<'_>, f: F) -> Result<Vec<T>>
where
    T: Send,
    F: Fn(&mut SimRng, usize) -> T + Sync,
{
    ctl.check()?;
    let chunks = n.div_ceil(CHUNK);
    if let Some(pb) = ctl.progress {
        match pb.length() {
            Some(_) => pb.inc_length(n as u64),
            None => pb.set_length(n as u64),
        }
    }
    let out: Vec<Option<T>> = (0..chunks)
        .into_par_iter()
        .map(|i| {
            if ctl.check().is_err() {
                return None;
            }
            let len = CHUNK.min(n - i * CHUNK);
            let mut rng = key.chunk_rng(i as u64);
            let r = f(&mut rng, len);
            if let Some(pb) = ctl.progress {
                pb.inc(len as u64);
            }
            Some(r)
        })
        .collect();
    out.into_iter().map(|o| o.ok_or(Error::Interrupted)).collect()
}

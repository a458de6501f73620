//! FFT route: claims on the same (mechanism, steps) — or the same event and adjacency — share one certified PLD composition
//! ([`crate::pld::CertifiedPld`] answers δ(ε) and ε(δ) at any point), refined in levels.
//!
//! Level 0 lets the PLD accountant choose its grid for the relative ε accuracy
//! `ClaimOptions::initial_accuracy` at the group's smallest claimed δ, with the FFT length capped
//! at 2^17 so that every row gets a first verdict quickly. Each further level is one
//! pass at an explicit, finer grid step: the target relative width is half the relative distance
//! of the closest undecided claim from the current midpoint (never below
//! `ClaimOptions::finest_accuracy`), and the step follows the second-order error of the
//! Connect-the-Dots/merge discretisation (`width ∝ h²`, `pld::options::Discretisation`), and the
//! FFT length grows by at most 4× per level. A level
//! is started only if its predicted time (last time × FFT length ratio × 1.5) fits before the
//! deadline; refinement stops when a level no longer narrows the intervals by 20 % (the
//! floating-point / tail floor of the accountant) or the FFT length cap is reached. Every level is
//! certified, so each row keeps the intersection of its intervals over the levels.

use super::claim::Claim;
use super::route::guarded;
use super::verdict::{decide, required_accuracy, Verdict};
use crate::error::Result;
use crate::num::Interval;
use crate::pld::{compose_losses, CertifiedPld, LossStep, PldOptions};
use std::time::Instant;

/// FFT length cap of the first (automatic) level.
const LEVEL0_MAX_FFT_LEN: usize = 1 << 17;

/// Certified intervals of one row, accumulated over levels.
#[derive(Clone, Debug)]
pub struct RowIntervals {
    pub true_epsilon: Interval,
    pub true_delta: Interval,
    pub verdict: Verdict,
    pub notes: Vec<String>,
}

impl RowIntervals {
    pub fn unknown() -> RowIntervals {
        RowIntervals { true_epsilon: Interval { lower: 0.0, upper: f64::INFINITY }, true_delta: Interval { lower: 0.0, upper: 1.0 }, verdict: Verdict::Inconclusive, notes: Vec::new() }
    }

    /// Intersect with a new certified pair and re-decide.
    pub fn update(&mut self, claim: &Claim, eps: Interval, delta: Interval, tolerance: f64) {
        self.true_epsilon = intersect_or_note(self.true_epsilon, eps, "true ε", &mut self.notes);
        self.true_delta = intersect_or_note(self.true_delta, delta, "true δ", &mut self.notes);
        let (v, note) = decide(claim.epsilon, claim.delta, &self.true_epsilon, &self.true_delta, tolerance);
        self.verdict = v;
        if let Some(n) = note {
            if !self.notes.contains(&n) {
                self.notes.push(n);
            }
        }
    }
}

fn intersect_or_note(old: Interval, new: Interval, what: &str, notes: &mut Vec<String>) -> Interval {
    match old.intersect(&new) {
        Some(iv) => iv,
        None => {
            notes.push(format!("certified {what} intervals of two refinement levels are disjoint ({old} and {new}); kept the later one"));
            new
        }
    }
}

/// The rows sharing one composition, and the refinement state.
#[derive(Debug)]
pub struct FftGroup {
    /// The composed steps (one legacy mechanism × steps, or the phases of an event).
    pub parts: Vec<LossStep>,
    /// Indices into the claims slice.
    pub rows: Vec<usize>,
    /// Certified intervals of each row (aligned with `rows`).
    pub states: Vec<RowIntervals>,
    /// Relative ε width of each row after the last level (aligned with `rows`).
    widths: Vec<f64>,
    /// Rows whose interval stopped shrinking (floating-point / tail floor reached).
    stalled: Vec<bool>,
    /// Grid step, FFT length and seconds of the last level (`None` before level 0).
    last: Option<(f64, usize, f64)>,
    pub levels: usize,
    /// No further level will be run.
    pub exhausted: bool,
    /// Total seconds spent composing.
    pub seconds: f64,
    /// Why refinement stopped (attached to undecided rows).
    pub stop_reason: Option<String>,
}

/// What a level needs to know beyond the group.
pub struct LevelContext<'a> {
    pub claims: &'a [Claim],
    pub initial_accuracy: f64,
    pub finest_accuracy: f64,
    pub max_fft_len: usize,
    pub tolerance: f64,
    pub deadline: Instant,
}

impl FftGroup {
    pub fn new(parts: Vec<LossStep>) -> FftGroup {
        FftGroup {
            parts,
            rows: Vec::new(),
            states: Vec::new(),
            widths: Vec::new(),
            stalled: Vec::new(),
            last: None,
            levels: 0,
            exhausted: false,
            seconds: 0.0,
            stop_reason: None,
        }
    }

    /// Add a row.
    pub fn push(&mut self, row: usize) {
        self.rows.push(row);
        self.states.push(RowIntervals::unknown());
        self.widths.push(f64::INFINITY);
        self.stalled.push(false);
    }

    /// Grid step and FFT length of the last level, in words.
    pub fn describe(&self) -> String {
        match self.last {
            None => "fft: certified PLD (not run)".into(),
            Some((h, n, _)) => format!(
                "fft: certified PLD, Connect-the-Dots upper / merged lower, both directions; final h = {h:.3e}, N = {n}, {} level{}",
                self.levels,
                if self.levels == 1 { "" } else { "s" }
            ),
        }
    }

    /// Positions (in `rows`) of the undecided rows.
    fn undecided(&self) -> Vec<usize> {
        (0..self.rows.len()).filter(|&k| self.states[k].verdict == Verdict::Inconclusive).collect()
    }

    /// Run the next level (level 0 if none ran yet) and update the rows' intervals. Marks the
    /// group exhausted when refinement cannot help or does not fit in the time budget. Returns
    /// the number of rows finished by this call (decided, or undecided with the group exhausted).
    pub fn run_level(&mut self, ctx: &LevelContext<'_>) -> usize {
        let before = self.undecided().len();
        self.level(ctx);
        let after = self.undecided().len();
        if self.exhausted { before } else { before - after }
    }

    fn level(&mut self, ctx: &LevelContext<'_>) {
        let undecided = self.undecided();
        if undecided.is_empty() {
            self.exhausted = true;
            return;
        }
        let open: Vec<usize> = undecided.iter().copied().filter(|&k| !self.stalled[k]).collect();
        if open.is_empty() {
            self.stop("refinement no longer narrows the intervals of the undecided rows: floating-point/tail floor of the FFT accountant".into());
            return;
        }
        let rows = self.rows.clone();
        let claim = |k: usize| &ctx.claims[rows[k]];
        // Below 1e−15 the tail budget (1e−3·δ) would only slow down and degrade the composition for
        // every row of the group; smaller claimed δ are still queried on it.
        let ref_delta = open.iter().map(|&k| claim(k).delta).fold(1.0f64, f64::min).clamp(1e-15, 0.5);
        // Level 0: automatic grid, FFT length capped so that the first verdicts stay cheap.
        let mut opts = PldOptions {
            eps_rel_accuracy: ctx.initial_accuracy,
            reference_delta: ref_delta,
            max_fft_len: ctx.max_fft_len.min(LEVEL0_MAX_FFT_LEN),
            ..PldOptions::default()
        };
        if let Some((h, n, secs)) = self.last {
            // The closest undecided claim that refinement can still resolve (relative to the
            // midpoint of its interval), and that row's current relative width.
            let (need, w) = open
                .iter()
                .map(|&k| (required_accuracy(claim(k).epsilon, &self.states[k].true_epsilon), self.widths[k]))
                .filter(|&(r, _)| r >= ctx.finest_accuracy)
                .fold((f64::INFINITY, f64::INFINITY), |a, b| if b.0 < a.0 { b } else { a });
            if !need.is_finite() {
                self.stop(format!("claim within {:e} (relative) of the truth: finer than the finest accuracy refinement aims for", ctx.finest_accuracy));
                return;
            }
            let target = (0.5 * need).max(ctx.finest_accuracy);
            // Width ∝ h²; at most 4× the FFT length per level, so that the time prediction holds.
            let ratio = if w.is_finite() && w > 0.0 { (target / w).sqrt().clamp(0.25, 1.0 / 1.5) } else { 0.25 };
            let mut h_next = h * ratio;
            let mut n_next = n as f64 * h / h_next;
            if n_next > ctx.max_fft_len as f64 {
                h_next = h * n as f64 / ctx.max_fft_len as f64;
                n_next = ctx.max_fft_len as f64;
                if h_next >= 0.95 * h {
                    self.stop(format!("FFT length cap {} reached", ctx.max_fft_len));
                    return;
                }
            }
            let predicted = secs * (n_next / n as f64) * 1.5;
            if Instant::now() + std::time::Duration::from_secs_f64(predicted) > ctx.deadline {
                self.stop(format!("time budget: the next refinement level (h = {h_next:.3e}, predicted {predicted:.1}s) would not finish in time"));
                return;
            }
            opts.grid_step = Some(h_next);
            opts.max_fft_len = ctx.max_fft_len;
        }
        let refining = opts.grid_step.is_some();
        let t0 = Instant::now();
        let parts = &self.parts;
        let res: Result<CertifiedPld> = guarded(|| compose_losses(parts, &opts));
        let secs = t0.elapsed().as_secs_f64();
        self.seconds += secs;
        let pld = match res {
            Ok(p) => p,
            Err(e) => {
                self.stop(format!("FFT composition failed at level {}: {e}", self.levels));
                return;
            }
        };
        self.levels += 1;
        let diag = pld.diagnostics();
        self.last = Some((diag.grid_step, diag.fft_len.max(1), secs.max(1e-4)));
        // Every row is updated (decided rows get tighter reported intervals; queries are cheap).
        for k in 0..self.rows.len() {
            let c = &ctx.claims[self.rows[k]];
            self.states[k].update(c, pld.epsilon(c.delta), pld.delta(c.epsilon), ctx.tolerance);
            let w = rel_width(&self.states[k].true_epsilon);
            if refining && self.states[k].verdict == Verdict::Inconclusive && w > 0.8 * self.widths[k] {
                self.stalled[k] = true;
            }
            self.widths[k] = w;
        }
        if self.undecided().is_empty() {
            self.exhausted = true;
            return;
        }
        if refining && diag.fft_len_capped {
            self.stop(format!("FFT length cap {} reached", ctx.max_fft_len));
        }
    }

    fn stop(&mut self, why: String) {
        self.exhausted = true;
        self.stop_reason = Some(why);
    }
}

fn rel_width(iv: &Interval) -> f64 {
    if iv.upper.is_finite() && iv.lower > 0.0 {
        (iv.upper - iv.lower) / iv.lower
    } else {
        f64::INFINITY
    }
}

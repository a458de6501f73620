//! Different numbers of training steps across models (DP Model Merging, Section 6.2 remark on
//! "virtual steps"; spec §14, audit A15).
//!
//! If model `i` ran `T_i` steps, LC accounting runs over `T = max_i T_i` steps and model `i`
//! gets `T − T_i` *virtual* steps. The only sound meaning of a virtual step is "model `i` does
//! nothing": `η_i = 0` (no update **and no noise**), i.e. [`StepHyper::virtual_step`]; its frozen
//! parameters still enter the merge with weight `λ_i`. Padding with `q_i = 0` but the old `σ_i`
//! ([`align_steps_phantom`]) counts noise that was never added and under-reports the loss.
//!
//! Where the virtual steps go is not specified by the paper; [`Placement`] chooses. With
//! time-invariant hyper-parameters every placement gives the same multiset of per-step pairs and
//! hence the same RDP/PLD accounting.

use crate::papers::model_merging::section_6::dpsgd_step::StepHyper;
use crate::error::{Error, Result};

/// Where the virtual (`η = 0`) steps of a shorter schedule are placed (spec §14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Placement {
    /// After the model's real steps (default of spec §14).
    #[default]
    End,
    /// Before the model's real steps.
    Start,
}

fn validate(schedules: &[Vec<StepHyper>]) -> Result<usize> {
    if schedules.is_empty() {
        return Err(Error::invalid("schedules", "[]", "need at least one model"));
    }
    for (i, s) in schedules.iter().enumerate() {
        if s.is_empty() {
            return Err(Error::invalid(&format!("schedule of model {}", i + 1), "[]", "needs at least one step"));
        }
        for h in s {
            h.validate()?;
        }
    }
    Ok(schedules.iter().map(Vec::len).max().unwrap_or(0))
}

/// Spec §14 `align_steps`: pad every model's schedule `schedules[i][t]` to `T = max_i T_i` steps
/// with virtual steps `η = 0, q = 0, σ = 0` (the model's own clipping norm is kept; it does not
/// enter the accounting because `w_i = λ_i η_i C_i = 0`). Exact (no approximation involved).
/// Errors: no models, an empty schedule, invalid hyper-parameters.
pub fn align_steps_with(schedules: Vec<Vec<StepHyper>>, placement: Placement) -> Result<Vec<Vec<StepHyper>>> {
    let t = validate(&schedules)?;
    Ok(schedules
        .into_iter()
        .map(|s| {
            let pad = vec![StepHyper::virtual_step(s[0].clip); t - s.len()];
            match placement {
                Placement::End => s.into_iter().chain(pad).collect(),
                Placement::Start => pad.into_iter().chain(s).collect(),
            }
        })
        .collect())
}

/// [`align_steps_with`] with the default placement (virtual steps at the end).
pub fn align_steps(schedules: Vec<Vec<StepHyper>>) -> Result<Vec<Vec<StepHyper>>> {
    align_steps_with(schedules, Placement::End)
}

/// Audit A15 helper — **unsound**: pads with the model's last real step with only `q = 0`, so the
/// phantom noise `σ_i` still enters `s_λ`. Kept to quantify the under-reporting. Errors as
/// [`align_steps`].
pub fn align_steps_phantom(schedules: Vec<Vec<StepHyper>>) -> Result<Vec<Vec<StepHyper>>> {
    let t = validate(&schedules)?;
    Ok(schedules
        .into_iter()
        .map(|mut s| {
            let mut phantom = *s.last().expect("validated non-empty");
            phantom.sampling_rate = 0.0;
            s.resize(t, phantom);
            s
        })
        .collect())
}

/// Transpose aligned schedules (`aligned[i][t]`, all of length `T`) into per-step rows of all
/// models and merge runs of identical consecutive rows: `[(hyper of all models, count)]`, the
/// input of `linear_combination_rdp::lc_steps`. Errors: no models, unequal lengths.
pub fn per_step_groups(aligned: &[Vec<StepHyper>]) -> Result<Vec<(Vec<StepHyper>, u64)>> {
    let t = validate(aligned)?;
    if let Some(i) = aligned.iter().position(|s| s.len() != t) {
        return Err(Error::invalid(&format!("schedule of model {}", i + 1), aligned[i].len(), &format!("aligned schedules must all have {t} steps")));
    }
    let mut out: Vec<(Vec<StepHyper>, u64)> = Vec::new();
    for step in 0..t {
        let row: Vec<StepHyper> = aligned.iter().map(|s| s[step]).collect();
        match out.last_mut() {
            Some((r, c)) if *r == row => *c += 1,
            _ => out.push((row, 1)),
        }
    }
    Ok(out)
}

/// Constant schedules: model `i` runs `steps[i]` identical steps `hyper[i]` (convenience for
/// portfolios given by `(hyper-parameters, T_i)`). Errors: length mismatch, `T_i = 0`.
pub fn constant_schedules(hyper: &[StepHyper], steps: &[u64]) -> Result<Vec<Vec<StepHyper>>> {
    if hyper.len() != steps.len() {
        return Err(Error::invalid("steps", format!("{} models, {} step counts", hyper.len(), steps.len()), "need one step count per model"));
    }
    hyper
        .iter()
        .zip(steps)
        .map(|(h, &t)| {
            crate::error::check::at_least_one("steps", t)?;
            Ok(vec![*h; t as usize])
        })
        .collect()
}

/// `per_step_groups(align_steps(constant_schedules(hyper, steps)))` without materialising the
/// `T = max_i T_i` steps: one group per segment between consecutive distinct `T_i`, in which the
/// models with `T_i` beyond the segment's start run their own step and the others a virtual step
/// (`η = 0`, padding at the end, spec §14). Memory `O(N²)` whatever `T` is (a portfolio with
/// `steps = 1e9` no longer allocates 1e9 step rows). Errors: length mismatch, `T_i = 0`, invalid
/// hyper-parameters.
pub fn constant_groups(hyper: &[StepHyper], steps: &[u64]) -> Result<Vec<(Vec<StepHyper>, u64)>> {
    if hyper.is_empty() || hyper.len() != steps.len() {
        return Err(Error::invalid("steps", format!("{} models, {} step counts", hyper.len(), steps.len()), "need one step count per model, at least one model"));
    }
    for (h, &t) in hyper.iter().zip(steps) {
        h.validate()?;
        crate::error::check::at_least_one("steps", t)?;
    }
    let mut cuts = steps.to_vec();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<(Vec<StepHyper>, u64)> = Vec::with_capacity(cuts.len());
    let mut start = 0;
    for c in cuts {
        let row: Vec<StepHyper> = hyper.iter().zip(steps).map(|(h, &t)| if t > start { *h } else { StepHyper::virtual_step(h.clip) }).collect();
        match out.last_mut() {
            Some((r, n)) if *r == row => *n += c - start,
            _ => out.push((row, c - start)),
        }
        start = c;
    }
    Ok(out)
}

#[cfg(test)]
#[path = "step_alignment_test.rs"]
mod step_alignment_test;

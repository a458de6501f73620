//! Audit checks of kind `claims`: a claims CSV (issue 4 format) audited by
//! [`crate::claims::audit_claims_with`], each row turned into a report entry.
//!
//! Row roles (spec keys `lower_values`, `estimates`; `audits/README.md`):
//! * **guarantee** (default): sound → pass, unsound → **fail**, inconclusive → inconclusive;
//! * **lower value** (e.g. prv_accountant's lower ε, below the truth by construction, Gopi, Lee,
//!   Wutschitz 2021, Thm 5.5): unsound → pass (consistent), sound → **fail** (the documented
//!   lower value lies above a certified upper bound of the truth), inconclusive → inconclusive;
//! * **estimate** (prv_accountant's estimate): any verdict → info;
//! * **not_checked** (time budget ran out before the row was reached) → inconclusive (estimates: info).
//!
//! With `expected` (a fixture's independently computed verdicts, `id,expected,…` CSV), every row
//! must get exactly its expected verdict: detected → pass; missed (expected unsound, got
//! otherwise), false alarm (expected sound, got unsound) or undecided → **fail**.

use super::entry::EntryStatus;
use crate::claims::{audit_claims_with, read_claims, Claim, ClaimOptions, ClaimVerdict, Verdict};
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use crate::pld::{compose_mechanisms, PldOptions};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a row's value is documented to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Guarantee,
    LowerValue,
    Estimate,
}

/// A validated claims check.
#[derive(Clone, Debug)]
pub struct ClaimsPlan {
    /// The claims file as given in the spec.
    pub file: String,
    pub claims: Vec<Claim>,
    /// The expected-verdicts file and its verdicts by id.
    pub expected: Option<(String, HashMap<String, Verdict>)>,
    pub lower_values: Vec<String>,
    pub estimates: Vec<String>,
    pub options: ClaimOptions,
}

/// One audited row.
#[derive(Clone, Debug)]
pub struct ClaimRow {
    pub verdict: ClaimVerdict,
    pub role: Role,
    pub expected: Option<Verdict>,
    pub status: EntryStatus,
    pub message: String,
}

/// The certified band of the true ε(δ) of one (mechanism, steps) group, for plots.
#[derive(Clone, Debug)]
pub struct GroupBand {
    /// e.g. `poisson_subsampled_gaussian σ=1 q=0.01 T=1000`.
    pub label: String,
    /// `(δ, ε_lower, ε_upper)` on a log grid of δ.
    pub points: Vec<(f64, f64, f64)>,
    /// Indices (into the check's rows) of the rows of this group.
    pub rows: Vec<usize>,
}

/// The outcome of a claims check.
#[derive(Clone, Debug)]
pub struct ClaimsOutcome {
    pub file: String,
    pub expected_file: Option<String>,
    pub rows: Vec<ClaimRow>,
    pub bands: Vec<GroupBand>,
}

/// `*` matches any (possibly empty) text; everything else literally.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(k) => rest = &rest[k + p.len()..],
            None => return false,
        }
    }
    true
}

impl ClaimsPlan {
    /// Read and validate the claims file (and the expected verdicts: same ids, known verdicts).
    pub fn new(file: &str, expected: Option<&str>, lower_values: Vec<String>, estimates: Vec<String>, options: ClaimOptions) -> Result<ClaimsPlan> {
        options.validate()?;
        let claims = read_claims(std::path::Path::new(file))?;
        let expected = match expected {
            None => None,
            Some(e) => {
                let map = read_expected(e)?;
                for c in &claims {
                    if !map.contains_key(&c.id) {
                        return Err(Error::Parse { file: e.into(), line: 1, message: format!("no expected verdict for claim '{}' ({file}:{})", c.id, c.line) });
                    }
                }
                if let Some(id) = map.keys().find(|id| !claims.iter().any(|c| &c.id == *id)) {
                    return Err(Error::Parse { file: e.into(), line: 1, message: format!("expected verdict for '{id}', which is not a claim of {file}") });
                }
                Some((e.to_string(), map))
            }
        };
        Ok(ClaimsPlan { file: file.into(), claims, expected, lower_values, estimates, options })
    }

    pub fn role(&self, accountant: &str) -> Role {
        if self.lower_values.iter().any(|p| glob_match(p, accountant)) {
            Role::LowerValue
        } else if self.estimates.iter().any(|p| glob_match(p, accountant)) {
            Role::Estimate
        } else {
            Role::Guarantee
        }
    }

    /// One line for `--dry-run`.
    pub fn describe(&self) -> String {
        format!(
            "claims {} ({} rows){}; time budget {} s; Monte Carlo {}",
            self.file,
            self.claims.len(),
            self.expected.as_ref().map(|(f, _)| format!(", expected verdicts {f}")).unwrap_or_default(),
            self.options.time_budget,
            if self.options.monte_carlo { "on" } else { "off" }
        )
    }
}

fn read_expected(file: &str) -> Result<HashMap<String, Verdict>> {
    let io = |m: String| Error::Io { path: file.into(), message: m };
    let text = std::fs::read_to_string(file).map_err(|e| io(e.to_string()))?;
    let mut rdr = csv::ReaderBuilder::new().comment(Some(b'#')).flexible(true).from_reader(text.as_bytes());
    let header = rdr.headers().map_err(|e| io(e.to_string()))?.clone();
    let col = |n: &str| header.iter().position(|h| h.trim() == n);
    let (Some(ci), Some(ce)) = (col("id"), col("expected")) else {
        return Err(Error::Parse { file: file.into(), line: 1, message: "expected-verdicts header needs columns id and expected".into() });
    };
    let mut map = HashMap::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| Error::Parse { file: file.into(), line: e.position().map(|p| p.line() as usize).unwrap_or(0), message: e.to_string() })?;
        let line = rec.position().map(|p| p.line() as usize).unwrap_or(0);
        let (id, v) = (rec.get(ci).unwrap_or("").trim(), rec.get(ce).unwrap_or("").trim());
        let verdict = match v {
            "sound" => Verdict::Sound,
            "unsound" => Verdict::Unsound,
            "inconclusive" => Verdict::Inconclusive,
            _ => return Err(Error::Parse { file: file.into(), line, message: format!("expected verdict '{v}' is not sound, unsound or inconclusive") }),
        };
        if map.insert(id.to_string(), verdict).is_some() {
            return Err(Error::Parse { file: file.into(), line, message: format!("duplicate id '{id}'") });
        }
    }
    Ok(map)
}

/// The entry status and its explanation for one audited row (rules in the module doc).
pub fn classify(v: &ClaimVerdict, role: Role, expected: Option<Verdict>) -> (EntryStatus, String) {
    let got = v.verdict;
    if let Some(e) = expected {
        return if got == e {
            (EntryStatus::Pass, format!("expected {}, detected", e.name()))
        } else {
            let what = match (e, got) {
                (Verdict::Unsound, _) => "MISSED",
                (Verdict::Sound, Verdict::Unsound) => "FALSE ALARM",
                _ => "WRONG VERDICT",
            };
            (EntryStatus::Fail, format!("{what}: expected {}, got {}", e.name(), got.name()))
        };
    }
    match (role, got) {
        (Role::Guarantee, Verdict::Sound) => (EntryStatus::Pass, "guarantee: sound".into()),
        (Role::Guarantee, Verdict::Unsound) => (EntryStatus::Fail, "guarantee: UNSOUND (a certified lower bound of the truth exceeds the claim)".into()),
        (Role::Guarantee, Verdict::Inconclusive) => (EntryStatus::Inconclusive, "guarantee: inconclusive".into()),
        (Role::LowerValue, Verdict::Unsound) => (EntryStatus::Pass, "lower value: below the truth, as documented".into()),
        (Role::LowerValue, Verdict::Sound) => (EntryStatus::Fail, "lower value: ABOVE a certified upper bound of the truth".into()),
        (Role::LowerValue, Verdict::Inconclusive) => (EntryStatus::Inconclusive, "lower value: inconclusive".into()),
        // Never counts as sound (issue 14, F5): the time budget ran out before the row was checked.
        (Role::Guarantee | Role::LowerValue, Verdict::NotChecked) => (EntryStatus::Inconclusive, "not checked within the time budget".into()),
        (Role::Estimate, _) => (EntryStatus::Info, format!("estimate (not a guarantee): {}", got.name())),
    }
}

/// Run a claims check. `bands`: also compute the certified ε(δ) band of every group for plots
/// (each group at most once, skipped after `band_seconds` of wall-clock time).
pub fn run(p: &ClaimsPlan, bands: bool, band_seconds: f64, interrupt: &AtomicBool) -> Result<ClaimsOutcome> {
    let verdicts = audit_claims_with(&p.claims, &p.options, interrupt)?;
    let rows: Vec<ClaimRow> = verdicts
        .into_iter()
        .map(|v| {
            let role = p.role(&v.accountant);
            let expected = p.expected.as_ref().and_then(|(_, m)| m.get(&v.id).copied());
            let (status, message) = classify(&v, role, expected);
            ClaimRow { verdict: v, role, expected, status, message }
        })
        .collect();
    let bands = if bands { group_bands(&p.claims, band_seconds, interrupt)? } else { Vec::new() };
    Ok(ClaimsOutcome { file: p.file.clone(), expected_file: p.expected.as_ref().map(|(f, _)| f.clone()), rows, bands })
}

/// Group label of a claim's privacy mechanism and steps.
pub fn group_label(m: &Mechanism, steps: u64) -> String {
    match *m {
        Mechanism::Gaussian { noise_multiplier, .. } => format!("gaussian σ={noise_multiplier} T={steps}"),
        Mechanism::Laplace { noise_multiplier, .. } => format!("laplace b={noise_multiplier} T={steps}"),
        Mechanism::RandomizedResponse { noise_multiplier } => format!("randomized_response S={noise_multiplier} T={steps}"),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => format!("poisson_subsampled_gaussian σ={noise_multiplier} q={sampling_rate} T={steps}"),
    }
}

/// Points of the δ grid of a band: 24 log-spaced values around the claimed δs.
fn delta_grid(deltas: &[f64]) -> Vec<f64> {
    let lo = deltas.iter().copied().fold(f64::INFINITY, f64::min).max(1e-300);
    let hi = deltas.iter().copied().fold(0.0, f64::max);
    let (a, b) = ((lo / 10.0).max(1e-14).ln(), (hi * 10.0).min(0.5).ln());
    let n = 24;
    (0..n).map(|i| (a + (b - a) * i as f64 / (n - 1) as f64).exp()).collect()
}

fn group_bands(claims: &[Claim], seconds: f64, interrupt: &AtomicBool) -> Result<Vec<GroupBand>> {
    let mut groups: Vec<(Mechanism, u64, Vec<usize>)> = Vec::new();
    for (i, c) in claims.iter().enumerate() {
        let m = c.privacy_mechanism();
        match groups.iter_mut().find(|g| g.0 == m && g.1 == c.steps) {
            Some(g) => g.2.push(i),
            None => groups.push((m, c.steps, vec![i])),
        }
    }
    let start = Instant::now();
    let out: Vec<GroupBand> = groups
        .par_iter()
        .map(|(m, steps, rows)| {
            let label = group_label(m, *steps);
            // Pure-DP rows (δ = 0) have no place on a logarithmic δ axis: the band spans the others.
            let deltas: Vec<f64> = rows.iter().map(|&i| claims[i].delta).filter(|&d| d > 0.0).collect();
            let mut points = Vec::new();
            if !deltas.is_empty() && start.elapsed().as_secs_f64() < seconds && !interrupt.load(Ordering::Relaxed) {
                let opts = PldOptions { eps_rel_accuracy: 1e-2, max_fft_len: 1 << 20, reference_delta: deltas[0], ..PldOptions::default() };
                // A failed composition only costs the plot its band (the rows keep their intervals).
                if let Ok(pld) = compose_mechanisms(&[(m.clone(), *steps)], &opts) {
                    for d in delta_grid(&deltas) {
                        let iv: Interval = pld.epsilon(d);
                        if iv.lower.is_finite() && iv.upper.is_finite() {
                            points.push((d, iv.lower, iv.upper));
                        }
                    }
                }
            }
            GroupBand { label, points, rows: rows.clone() }
        })
        .collect();
    if interrupt.load(Ordering::SeqCst) {
        return Err(Error::Interrupted);
    }
    Ok(out)
}

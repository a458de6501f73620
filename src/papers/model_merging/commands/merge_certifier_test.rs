//! The decision table of `docs/merging.md` and the support-only bounds, against closed forms.

use super::*;
use crate::papers::model_merging::commands::merge_request::{Accounting, Merger};
use std::io::Write;
use std::path::Path;

const P: &str = "audits/portfolios";

fn read(name: &str) -> Portfolio {
    Portfolio::read(&Path::new(P).join(name)).unwrap()
}

fn certifier(p: Portfolio, m: Merger, a: Accounting) -> Certifier {
    Certifier::new(p, m, a, Conversion::Classic, (2..=64).map(f64::from).collect(), 1e-5).unwrap()
}

/// `min_{α ∈ 2..=64} α·r + ln(1/δ)/(α − 1)` for a Gaussian RDP slope `r = Σ 1/(2σ²)` (Mironov
/// 2017, Prop. 3 and 7), computed here independently of the crate.
fn gaussian_eps(slope: f64, delta: f64) -> f64 {
    (2..=64).map(|a| a as f64 * slope + (1.0 / delta).ln() / (a as f64 - 1.0)).fold(f64::INFINITY, f64::min)
}

#[test]
fn decision_table() {
    use Certification::*;
    let c = |f: &str, m, a| certifier(read(f), m, a).certification();
    assert_eq!(c("gaussian_two_models.toml", Merger::Rs, Accounting::Rdp), RandomSelectionRdp);
    assert_eq!(c("gaussian_two_models.toml", Merger::Rs, Accounting::Pld), RandomSelectionPld);
    assert_eq!(c("example_a_one_step.toml", Merger::Lc, Accounting::Rdp), LinearCombinationPerStep);
    assert_eq!(c("example_a.toml", Merger::Lc, Accounting::Rdp), JointRelease { paper_beside: true });
    assert_eq!(c("gaussian_two_models.toml", Merger::Lc, Accounting::Rdp), JointRelease { paper_beside: false });
    let ck = checkpoints();
    assert_eq!(certifier(Portfolio::read(ck.path()).unwrap(), Merger::Lc, Accounting::Rdp).certification(), Checkpoint);
    let a1 = certifier(read("example_a.toml"), Merger::Lc, Accounting::Rdp);
    assert_eq!(a1.policy_note(), Some(("Theorem 6.1 (joint release)", A1_REASON)));
    assert_eq!(certifier(read("example_a_one_step.toml"), Merger::Lc, Accounting::Rdp).policy_note(), None);
}

fn checkpoints() -> tempfile::NamedTempFile {
    let text = "provenance = \"same_run_checkpoints\"\n\n[[model]]\nmechanism = \"gaussian\"\nnoise_multiplier = 1\n\n[[model]]\nmechanism = \"gaussian\"\nnoise_multiplier = 4\n";
    let mut f = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

/// Theorem 6.1 for Gaussians σ = (1, 4): RDP slopes add (1/2 + 1/32); a weight of 0 removes
/// the model from the support (λ_i > 0 only).
#[test]
fn joint_release_matches_closed_form() {
    let c = certifier(read("gaussian_two_models.toml"), Merger::Lc, Accounting::Rdp);
    let e = c.certify(&Simplex::new("w", &[0.5, 0.5]).unwrap(), true).unwrap();
    let truth = gaussian_eps(0.5 + 1.0 / 32.0, 1e-5);
    assert!(e.epsilon >= truth && e.epsilon <= truth * (1.0 + 1e-13), "{} vs {truth}", e.epsilon);
    assert_eq!(e.note, Some(NOT_DPSGD_REASON));
    assert_eq!(e.paper_epsilon, None);
    let only4 = c.certify(&Simplex::new("w", &[0.0, 1.0]).unwrap(), false).unwrap();
    let t4 = gaussian_eps(1.0 / 32.0, 1e-5);
    assert!(only4.epsilon >= t4 && only4.epsilon <= t4 * (1.0 + 1e-13), "{} vs {t4}", only4.epsilon);
}

/// Checkpoints of one run: the largest own profile over the support (spec §15).
#[test]
fn checkpoint_bound_is_the_largest_own_profile() {
    let f = checkpoints();
    let c = certifier(Portfolio::read(f.path()).unwrap(), Merger::Lc, Accounting::Rdp);
    let both = c.certify(&Simplex::new("w", &[0.3, 0.7]).unwrap(), false).unwrap();
    let t1 = gaussian_eps(0.5, 1e-5);
    assert!(both.epsilon >= t1 && both.epsilon <= t1 * (1.0 + 1e-13), "{} vs {t1}", both.epsilon);
    assert_eq!(both.note, Some(CHECKPOINT_REASON));
    let late = c.certify(&Simplex::new("w", &[0.0, 1.0]).unwrap(), false).unwrap();
    assert!(late.epsilon < both.epsilon);
}

#[test]
fn wrong_number_of_weights_is_an_error() {
    let c = certifier(read("gaussian_two_models.toml"), Merger::Rs, Accounting::Rdp);
    let e = c.certify(&Simplex::new("w", &[1.0]).unwrap(), false).unwrap_err().to_string();
    assert!(e.contains("the portfolio has 2 models"), "{e}");
}

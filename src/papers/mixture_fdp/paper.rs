//! The mixtures f-DP paper as a [`Paper`]: registry, audit points, golden files, verdicts.

use super::PAPER;
use crate::error::Result;
use crate::papers::experiment::{ExperimentOutput, ExperimentSize};
use crate::papers::golden_table::Generator;
use crate::papers::registry::RegistryEntry;
use crate::papers::{AuditPoint, Guarantee, Paper};
use std::sync::atomic::AtomicBool;

/// The paper value listed in [`crate::papers::ALL`].
pub struct MixtureFdp;

/// The paper listed in [`crate::papers::ALL`].
pub static MIXTURE_FDP: MixtureFdp = MixtureFdp;

macro_rules! entry {
    ($result:expr, $function:expr, $g:ident, $golden:expr, $spec:expr) => {
        RegistryEntry { paper: PAPER, result: $result, function: concat!("crate::papers::mixture_fdp::", $function), guarantee: Guarantee::$g, golden: concat!("mixture_fdp/", $golden), spec: $spec }
    };
}

/// The registry (Sections 3, 4, 5, 6 and Appendices B, D, E, F). Section 5: Theorem 5.1 and the
/// remark (with a non-negative envelope) are upper bounds on privacy loss (lower bounds on the
/// trade-off); Examples D.1–D.3 name the shift `μ_I` (or envelope) they feed to it. Sections 3/6: the function of a
/// result whose printed form is false is its corrected form (spec [C]/[D]); the printed forms are
/// `*_printed` functions beside it and the audit points show the counterexamples. Guarantees: Proposition 4.1 is the exact
/// trade-off of (P0, Q0); Theorem 4.2 and Corollary 4.3 are upper bounds on privacy loss (under
/// the FMT23 reduction). Theorem 4.2's golden file holds its δ curve (= Corollary 4.3's δ,
/// `1 + C(f_S)*(−e^ε)`) with the exact pair and the randomised-response lower bounds beside it;
/// Corollary 4.3's holds the (ε, δ) conversion of Table 2.
pub const REGISTRY: &[RegistryEntry] = &[
    entry!("Proposition 4.1", "shuffling::proposition_4_1_knot", Exact, "proposition_4_1.csv", "mixtures_fdp §4.2"),
    entry!("Theorem 4.2", "shuffling::theorem_4_2_chain", Upper, "corollary_4_3.csv", "mixtures_fdp §4.3"),
    entry!("Corollary 4.3", "shuffling::corollary_4_3_epsilon", Upper, "table_2.csv", "mixtures_fdp §4.4, §4.5, §10.1 items 4, 6"),
    // Section 3 / Appendix B
    entry!("Lemma 3.1", "joint_concavity::lemma_3_1_bound", Upper, "joint_concavity.csv", "mixtures_fdp §1.9, §3.1"),
    entry!("Proposition 3.2", "joint_concavity::proposition_3_2_asymmetry", Exact, "joint_concavity.csv", "mixtures_fdp §3.2"),
    entry!("Proposition 3.3", "joint_concavity::proposition_3_3", Upper, "joint_concavity.csv", "mixtures_fdp §3.3, §10.2"),
    entry!("Corollary B.5", "joint_concavity::proposition_3_3", Upper, "joint_concavity.csv", "mixtures_fdp §3.3"),
    entry!("Corollary B.6", "joint_concavity::proposition_3_3", Upper, "joint_concavity.csv", "mixtures_fdp §3.3, §10.2"),
    entry!("Proposition B.2", "joint_concavity::corollary_b_3_gaussian", Exact, "joint_concavity.csv", "mixtures_fdp §3.4, §10.2"),
    entry!("Corollary B.3", "joint_concavity::corollary_b_3_gaussian", Exact, "joint_concavity.csv", "mixtures_fdp §3.4"),
    entry!("Proposition B.1", "joint_concavity::CrossPairs::proposition_b_1_corrected", Upper, "joint_concavity.csv", "mixtures_fdp §3.5, §10.1 item 10"),
    // Section 6 / Appendices E, F
    entry!("Proposition 6.1", "advanced_concavity::joint_is_exact", Exact, "advanced_concavity.csv", "mixtures_fdp §6.1, §10.1 item 9"),
    entry!("Lemma A.4", "advanced_concavity::lemma_a_4", Exact, "advanced_concavity.csv", "mixtures_fdp §6.2"),
    entry!("Lemma 6.2", "advanced_concavity::lemma_6_2", Upper, "advanced_concavity.csv", "mixtures_fdp §6.3"),
    entry!("Lemma 6.3", "advanced_concavity::lemma_6_3_corrected", Upper, "advanced_concavity.csv", "mixtures_fdp §6.4, §10.1 item 7"),
    entry!("Proposition 6.4", "advanced_concavity::proposition_6_4_corrected", Upper, "advanced_concavity.csv", "mixtures_fdp §6.5, §10.1 items 1, 2"),
    entry!("Proposition E.1", "advanced_concavity::proposition_e_1_corrected", Upper, "advanced_concavity.csv", "mixtures_fdp §6.6, §10.1 item 8"),
    entry!("Example F.1", "examples_f::example_f_1_pairs", Exact, "advanced_concavity.csv", "mixtures_fdp §6.8"),
    entry!("Example F.2", "examples_f::example_f_2_pairs", Exact, "advanced_concavity.csv", "mixtures_fdp §6.8"),
    entry!("Example F.3", "examples_f::example_f_3", Upper, "examples_f.csv", "mixtures_fdp §6.7"),
    entry!("Example F.4", "examples_f::example_f_4", Exact, "examples_f.csv", "mixtures_fdp §6.8"),
    // Section 5 / Appendix D
    entry!("Theorem 5.1", "init_gd::theorem_5_1_eval", Upper, "theorem_5_1.csv", "mixtures_fdp §5.2, §5.5, §5.6"),
    entry!("Remark after Theorem 5.1", "init_gd::worst_case_remark_eval", Upper, "theorem_5_1.csv", "mixtures_fdp §5.3, §10.1 item 3, §10.2"),
    entry!("Example D.1", "init_gd::example_d_1", Upper, "theorem_5_1.csv", "mixtures_fdp §5.4, §10.2"),
    entry!("Example D.2", "init_gd::example_d_2", Upper, "theorem_5_1.csv", "mixtures_fdp §5.4, §5.5"),
    entry!("Example D.3", "init_gd::example_d_3", Upper, "theorem_5_1.csv", "mixtures_fdp §5.4, §10.2"),
];

/// The recorded audit points (regenerated by `dpaudit list --record-verdicts`).
pub const RECORDED: &str = include_str!("../../../audits/verdicts/mixture_fdp.json");

impl Paper for MixtureFdp {
    fn key(&self) -> &'static str {
        PAPER
    }
    fn title(&self) -> &'static str {
        "Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-Differential Privacy (Wang, Su, Ye, Shokri, Su 2023)"
    }
    fn registry(&self) -> &'static [RegistryEntry] {
        REGISTRY
    }
    fn audit_points(&self, interrupt: &AtomicBool) -> Vec<AuditPoint> {
        super::audit_points::all_points(interrupt)
    }
    fn golden_tables(&self) -> &'static [Generator] {
        &super::golden::ALL
    }
    /// Tables 1, 2 and the δ(ε) curves (`experiments.rs`), then the Theorem 5.1 curves vs the
    /// no-initialisation baseline (`experiments_s5.rs`).
    fn experiments(&self, size: ExperimentSize, interrupt: &AtomicBool) -> Result<Vec<ExperimentOutput>> {
        let mut out = super::experiments::outputs(size, interrupt)?;
        out.extend(super::experiments_s5::theorem_5_1_curves(size, interrupt)?);
        Ok(out)
    }
    fn recorded_verdicts_path(&self) -> &'static str {
        "audits/verdicts/mixture_fdp.json"
    }
    fn recorded_verdicts(&self) -> &'static str {
        RECORDED
    }
}

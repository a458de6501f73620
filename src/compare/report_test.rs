//! Shape of the Markdown and JSON reports of the fixture report.

use super::*;
use crate::compare::fixture_test::sample;
use crate::compare::runner::Accountant;

#[test]
fn markdown_has_machine_summary_and_per_workload_tables() {
    let md = markdown(&sample());
    assert!(md.starts_with("# dpaudit compare — fixture\n"));
    for want in ["Test CPU (2 logical cores", "2026-11-25 12:00 UTC", "dpaudit 0.1.0", "2 repetition(s)", "**Verdicts:** 2 sound, 1 unsound, 1 inconclusive, 2 without a verdict."] {
        assert!(md.contains(want), "missing {want}");
    }
    // summary row of workload 1: dpaudit median 0.03 s and its interval; pld median 0.4 s
    assert!(md.contains("| q = 0.01, σ = 1, T = 1000, δ = 1e-5 | 0.0300 s, [1.500000, 1.600000] | 0.400 s, 1.700000 (sound) | 1.00 s, 1.400000 (unsound) | skipped |"), "{md}");
    // per-workload row: tightness [1.7/1.6, 1.7/1.5] = [1.0625, 1.1333…] rounded outward
    assert!(md.contains("| dp_accounting_pld | 1.700000 | sound | [1.06249, 1.13334] | 1.09677 | 0.300 / 0.400 | 13.333 |"), "{md}");
    assert!(md.contains("| prv_accountant | 1.400000 (lower 1.300000, estimate 1.350000) | unsound |"), "{md}");
    // a `|` inside a note is escaped, never a new cell
    assert!(md.contains("skipped: opacus not importable \\| really"), "{md}");
    assert!(md.contains("time.perf_counter") && md.contains("in-process"));
    assert!(md.contains("- a run note"));
    // every table row has the column count of its header
    for table in md.split("\n\n").filter(|b| b.starts_with('|')) {
        let cols: Vec<usize> = table.lines().map(|l| l.replace("\\|", "").matches('|').count()).collect();
        assert!(cols.iter().all(|&c| c == cols[0]), "ragged table:\n{table}");
    }
}

#[test]
fn json_has_schema_summary_and_rows() {
    let v: serde_json::Value = serde_json::from_str(&json_text(&sample())).unwrap();
    assert_eq!(v["schema"], "dpaudit-compare/1");
    assert_eq!(v["summary"], serde_json::json!({"sound": 2, "unsound": 1, "inconclusive": 1, "no_verdict": 2}));
    assert_eq!(v["machine"]["cores"], 2);
    assert_eq!(v["accountants"][2]["accountant"], "opacus_rdp");
    assert_eq!(v["accountants"][2]["version"], serde_json::Value::Null);
    let w = &v["workloads"][0];
    assert_eq!(w["certified"], serde_json::json!({"lower": 1.5, "upper": 1.6}));
    assert_eq!(w["workload"]["steps"], 1000);
    assert_eq!(w["peers"][0]["accountant"], "dp_accounting_pld");
    assert_eq!(w["peers"][0]["verdict"], "sound");
    assert_eq!(w["peers"][1]["verdict"], "unsound");
    assert_eq!(w["peers"][1]["lower"], 1.3);
    assert_eq!(w["peers"][0]["timing"], serde_json::json!({"min": 0.3, "median": 0.4, "reps": 2}));
}

#[test]
fn files_are_markdown_json_and_two_svgs() {
    let names: Vec<&str> = files(&sample()).unwrap().iter().map(|(n, _)| *n).collect();
    assert_eq!(names, vec![MARKDOWN, JSON, super::super::plot::TIGHTNESS_SVG, super::super::plot::RUNTIME_SVG]);
}

#[test]
fn rounding_helpers_round_outward() {
    assert_eq!(fmt_down(1.8277249, 5), "1.82772");
    assert_eq!(fmt_up(1.8277201, 5), "1.82773");
    assert_eq!(fmt_secs(0.026_49), "0.0265");
    assert_eq!(fmt_secs(10.64), "10.6");
    assert_eq!(fmt_secs(123.4), "123");
}

#[test]
fn summary_cells_stay_under_their_accountant_when_a_workload_lacks_one() {
    // Allocation workloads carry only the allocation accountants' rows, Poisson workloads only the others. Before
    // this test the summary wrote a workload's peers left to right, so a workload without dp_accounting_pld put
    // prv_accountant's value under the dp_accounting_pld header (seen in the 2026-11-26 allocation run).
    let mut rep = sample();
    rep.workloads[1].peers.retain(|p| p.accountant != Accountant::DpAccountingPld);
    let md = markdown(&rep);
    let summary = md.split("## Summary").nth(1).unwrap().split("## Accountants").next().unwrap();
    let header = summary.lines().find(|l| l.starts_with("| workload")).unwrap();
    assert_eq!(header, "| workload | dpaudit_fft | dp_accounting_pld | prv_accountant | opacus_rdp |", "{summary}");
    let row2 = summary.lines().filter(|l| l.starts_with("| q =")).nth(1).unwrap();
    let cells: Vec<&str> = row2.split(" | ").collect();
    assert_eq!(cells[2], "n/a", "{row2}");
    assert!(cells[3].contains('(') && !cells[3].contains("n/a"), "prv_accountant's cell moved: {row2}");
    assert_eq!(row2.matches('|').count(), header.matches('|').count(), "{row2}");
    // An accountant with no row anywhere gets no column.
    for w in &mut rep.workloads {
        w.peers.retain(|p| p.accountant != Accountant::OpacusRdp);
    }
    let md = markdown(&rep);
    assert!(md.contains("| workload | dpaudit_fft | dp_accounting_pld | prv_accountant |\n"), "{md}");
}

#[test]
fn a_peer_bracket_without_estimate_shows_its_lower_end() {
    // pld_accounting returns a bracket [lower, upper] and no point estimate; the lower end was dropped from the
    // per-workload table (2026-11-26 allocation run).
    let mut rep = sample();
    let p = rep.workloads[0].peers.iter_mut().find(|p| p.accountant == Accountant::DpAccountingPld).unwrap();
    p.lower = Some(1.65);
    let md = markdown(&rep);
    assert!(md.contains("| dp_accounting_pld | 1.700000 (lower 1.650000) | sound |"), "{md}");
}

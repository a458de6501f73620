//! The SVG charts are well-formed XML with the expected titles and legend entries.

use super::*;
use crate::compare::fixture_test::sample;

fn texts(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants().filter_map(|n| n.text()).collect::<Vec<_>>().join(" | ")
}

#[test]
fn both_charts_are_well_formed_and_labelled() {
    let charts = charts(&sample()).unwrap();
    assert_eq!(charts.len(), 2);
    let t = texts(&charts[0].1);
    assert!(t.contains("dpaudit_fft certified interval") && t.contains("dp_accounting_pld") && t.contains("prv_accountant"), "{t}");
    assert!(!t.contains("opacus_rdp"), "a skipped accountant has no series: {t}");
    let r = texts(&charts[1].1);
    assert!(r.contains("median compute time of 2 repetitions") && r.contains("dpaudit_fft"), "{r}");
}

#[test]
fn nothing_to_draw_gives_no_chart() {
    let mut rep = sample();
    for w in &mut rep.workloads {
        w.certified = None;
        w.dpaudit_timing = None;
        for p in &mut w.peers {
            p.timing = None;
        }
    }
    assert!(charts(&rep).unwrap().is_empty());
}

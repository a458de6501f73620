//! Every paper in `papers::ALL` is complete: registry entries, golden files that exist and are
//! registered with the golden checker, recorded verdicts that match a live run, and no registry
//! entry without a golden file.

use dpaudit::papers::{registry, AuditPoint, ALL};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn papers_have_unique_keys_and_registry_entries() {
    assert!(!ALL.is_empty());
    let keys: BTreeSet<&str> = ALL.iter().map(|p| p.key()).collect();
    assert_eq!(keys.len(), ALL.len(), "duplicate paper keys");
    for p in ALL {
        assert!(!p.title().is_empty(), "{}: no title", p.key());
        assert!(!p.registry().is_empty(), "{}: no registry entries", p.key());
        let mut seen = BTreeSet::new();
        for e in p.registry() {
            assert!(seen.insert(e.result), "{}: result {} registered twice", p.key(), e.result);
            assert!(e.function.starts_with(&format!("crate::papers::{}::", p.key())), "{}: {} is outside the paper's folder", e.result, e.function);
        }
    }
}

/// Every registry entry names a golden file the paper generates and that exists; every golden
/// file of the paper lives in `golden/<key>/`, exists, is registered with `dpaudit golden`, and
/// backs at least one entry.
#[test]
fn every_entry_has_an_existing_registered_golden_file() {
    let registered: BTreeSet<&str> = dpaudit::golden::generators().iter().map(|g| g.file).collect();
    for p in ALL {
        let mine: BTreeSet<&str> = p.golden_tables().iter().map(|g| g.file).collect();
        assert!(!mine.is_empty(), "{}: no golden files", p.key());
        for f in &mine {
            assert!(f.starts_with(&format!("{}/", p.key())), "{}: golden file {f} outside golden/{}/", p.key(), p.key());
            assert!(root().join("golden").join(f).is_file(), "{}: golden/{f} missing", p.key());
            assert!(registered.contains(f), "{}: {f} not registered with dpaudit golden", p.key());
            assert!(p.registry().iter().any(|e| e.golden == *f), "{}: golden file {f} backs no registry entry", p.key());
        }
        for e in p.registry() {
            assert!(mine.contains(e.golden), "{}: {} names golden file {} which the paper does not generate", p.key(), e.result, e.golden);
        }
    }
}

/// The recorded verdicts (`audits/verdicts/<key>.json`, embedded in the binary) equal the file
/// on disk and agree with a live run of every audit point: regenerate with
/// `dpaudit list --record-verdicts`.
#[test]
fn recorded_verdicts_match_a_live_run() {
    let never = AtomicBool::new(false);
    for p in ALL {
        let path = p.recorded_verdicts_path();
        assert_eq!(path, registry::recorded_path(p.key()));
        let path = path.as_str();
        let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let recorded = registry::parse_points(path, &text).unwrap();
        assert_eq!(recorded, registry::parse_points(path, p.recorded_verdicts()).unwrap(), "{path}: embedded copy differs from the file (rebuild)");
        let live = p.audit_points(&never);
        let key = |a: &AuditPoint| (a.id.clone(), a.paper.clone(), a.verdict, a.results.clone(), a.tests, a.findings.iter().map(|f| (f.kind, f.results.clone())).collect::<Vec<_>>());
        let mut a: Vec<_> = recorded.iter().map(key).collect();
        let mut b: Vec<_> = live.iter().map(key).collect();
        a.sort_by(|x, y| x.0.cmp(&y.0));
        b.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(a, b, "{path}: recorded verdicts are stale: run `dpaudit list --record-verdicts`");
    }
}

//! A small nightly-like audit end to end (`dpaudit audit SPEC --out DIR`): a profile check, a
//! claims file with guarantee, lower-value and estimate rows, a fixture with expected verdicts,
//! and the golden files on the f64 route. Checks the exit codes 0/1/2, the report directory
//! (report.md summary first, report.json fields as documented in audits/README.md, SVG plots
//! well-formed XML) and the final status line.
//!
//! True values (foundations §8.3, mpmath 50 digits): Gaussian σ = 1, T = 1: ε(δ = 1e-5) =
//! 4.3771780956812246; Laplace b = 1 (ε0 = 1): δ(ε) = 0 for ε ≥ 1.

use assert_cmd::Command;
use serde_json::Value;

const CLAIMS: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta
g-upper,acc-x:upper,gaussian,1.0,,,1,4.5,1e-5
g-lower,acc-x:lower,gaussian,1.0,,,1,4.2,1e-5
g-estimate,acc-x:estimate,gaussian,1.0,,,1,4.3772,1e-5
lap-pure,acc-y,laplace,1.0,,,1,1.0,1e-6
";

const FIXTURE: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta
shaved,fixture:shaved,gaussian,1.0,,,1,4.2,1e-5
fine,fixture:correct,gaussian,1.0,,,1,4.6,1e-5
";

const EXPECTED: &str = "# expected verdicts (closed form above)
id,expected,bug_class
shaved,unsound,eps_shaved
fine,sound,correct
";

fn spec(golden_dir: &str, extra: &str) -> String {
    format!(
        r#"title = "mini nightly"
label = "dpaudit mini"
[[check]]
name = "gaussian-delta-at-1"
mechanism = "gaussian"
noise_multiplier = 1.0
epsilon = 1.0
methods = ["exact"]

[[check]]
name = "claims"
claims = "claims.csv"
lower_values = ["*:lower"]
estimates = ["*:estimate"]
time_budget = 5.0
monte_carlo = false

[[check]]
name = "fixture"
claims = "fixture.csv"
expected = "fixture.expected.csv"
time_budget = 5.0
monte_carlo = false

[[check]]
name = "golden"
golden = "{golden_dir}"
routes = ["f64"]
{extra}"#
    )
}

fn setup(extra: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/golden");
    std::fs::write(tmp.path().join("mini.toml"), spec(golden, extra)).unwrap();
    std::fs::write(tmp.path().join("claims.csv"), CLAIMS).unwrap();
    std::fs::write(tmp.path().join("fixture.csv"), FIXTURE).unwrap();
    std::fs::write(tmp.path().join("fixture.expected.csv"), EXPECTED).unwrap();
    tmp
}

fn run(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(dir).args(args).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn mini_nightly_writes_a_complete_report() {
    let tmp = setup("");
    let (code, stdout, stderr) = run(tmp.path(), &["audit", "mini.toml", "--out", "rep"]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    // 1 profile entry + 4 claims rows (pass, pass, info, pass) + 2 fixture rows + 1 entry per golden file.
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("dpaudit mini: ") && last.ends_with(" — PASS") && last.contains(", 0 failed, 1 info"), "{last}");

    let md = std::fs::read_to_string(tmp.path().join("rep/report.md")).unwrap();
    assert!(md.starts_with("# mini nightly"));
    let summary = md.find("| # | check | kind |").expect("summary table");
    let first_section = md.find("## 1. gaussian-delta-at-1 — PASS").expect("section 1");
    assert!(summary < first_section, "summary first");
    for s in ["## 2. claims — PASS", "## 3. fixture — PASS", "## 4. golden — PASS", "| **total** |"] {
        assert!(md.contains(s), "missing {s}");
    }

    let j: Value = serde_json::from_str(&std::fs::read_to_string(tmp.path().join("rep/report.json")).unwrap()).unwrap();
    for k in ["schema_version", "title", "spec", "status", "status_line", "checks", "passed", "failed", "entries", "seconds", "plots", "results"] {
        assert!(j.get(k).is_some(), "report.json lacks {k}");
    }
    assert_eq!(j["status"], "PASS");
    assert_eq!(j["status_line"], last);
    assert_eq!(j["checks"], 4);
    assert_eq!(j["entries"]["fail"], 0);
    assert_eq!(j["entries"]["info"], 1);
    let kinds: Vec<&str> = j["results"].as_array().unwrap().iter().map(|r| r["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["profile", "claims", "claims", "golden"]);
    for r in j["results"].as_array().unwrap() {
        for k in ["name", "kind", "passed", "seconds", "tally", "findings"] {
            assert!(r.get(k).is_some(), "check object lacks {k}: {r}");
        }
    }
    let rows = j["results"][1]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let by_id = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap().clone();
    for r in rows {
        for k in ["id", "accountant", "verdict", "true_epsilon", "true_delta", "tightness", "role", "status", "expected"] {
            assert!(r.get(k).is_some(), "claims row lacks {k}: {r}");
        }
        let (lo, hi) = (r["true_epsilon"]["lower"].as_f64().unwrap(), r["true_epsilon"]["upper"].as_f64().unwrap());
        assert!(r["mechanism"] != "gaussian" || (lo <= 4.3771780956812246 && 4.3771780956812246 <= hi), "{r}");
        assert!(r["true_delta"]["lower"].is_number() && r["true_delta"]["upper"].is_number());
    }
    assert_eq!((by_id("g-upper")["verdict"].as_str(), by_id("g-upper")["status"].as_str()), (Some("sound"), Some("pass")));
    assert_eq!((by_id("g-lower")["verdict"].as_str(), by_id("g-lower")["role"].as_str(), by_id("g-lower")["status"].as_str()), (Some("unsound"), Some("lower_value"), Some("pass")));
    assert_eq!(by_id("g-estimate")["status"], "info");
    assert_eq!(by_id("lap-pure")["verdict"], "sound");
    // Tightness = claimed ε / certified upper true ε ∈ (4.5/4.3772 − small, 4.5/4.3772].
    let t = by_id("g-upper")["tightness"].as_f64().unwrap();
    assert!(t <= 4.5 / 4.3771780956812246 && t > 4.5 / 4.3771780956812246 * (1.0 - 1e-6), "{t}");
    let fixture = j["results"][2]["rows"].as_array().unwrap();
    assert!(fixture.iter().any(|r| r["id"] == "shaved" && r["expected"] == "unsound" && r["status"] == "pass"));
    assert!(!j["results"][3]["files"].as_array().unwrap().is_empty());

    // Plots: one band chart per group (gaussian σ=1 T=1 in both claims files, laplace), one
    // tightness histogram per accountant with a finite tightness; all well-formed SVG.
    let plots = j["plots"].as_array().unwrap();
    assert!(plots.iter().filter(|p| p["kind"] == "claims_band").count() >= 3, "{plots:?}");
    assert!(plots.iter().any(|p| p["kind"] == "tightness_histogram"));
    for p in plots {
        let file = tmp.path().join("rep").join(p["file"].as_str().unwrap());
        let svg = std::fs::read_to_string(&file).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(doc.descendants().any(|n| n.tag_name().name() == "text"), "axis labels and title");
        if p["kind"] == "claims_band" {
            assert!(doc.descendants().any(|n| n.tag_name().name() == "circle"), "claim markers");
        }
        assert!(md.contains(p["file"].as_str().unwrap()), "report.md links {}", p["file"]);
    }
    // No temporary files left behind.
    for d in ["rep", "rep/plots"] {
        for e in std::fs::read_dir(tmp.path().join(d)).unwrap() {
            let n = e.unwrap().file_name().into_string().unwrap();
            assert!(n == "plots" || n.ends_with(".md") || n.ends_with(".json") || n.ends_with(".svg"), "stray file {n}");
        }
    }
}

#[test]
fn an_unsound_guarantee_exits_1() {
    // A guarantee claiming ε = 4.0 < 4.37718 at δ = 1e-5: unsound, a failure of the accountant.
    let tmp = setup("");
    std::fs::write(tmp.path().join("claims.csv"), CLAIMS.replace("g-upper,acc-x:upper,gaussian,1.0,,,1,4.5,", "g-upper,acc-x:upper,gaussian,1.0,,,1,4.0,")).unwrap();
    let (code, stdout, _) = run(tmp.path(), &["audit", "mini.toml", "--json"]);
    assert_eq!(code, Some(1));
    let j: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(j["status"], "FAIL");
    assert_eq!(j["entries"]["fail"], 1);
    assert_eq!(j["results"][1]["passed"], false);
    assert_eq!(j["results"][1]["rows"][0]["verdict"], "unsound");
}

#[test]
fn a_missed_fixture_verdict_exits_1() {
    let tmp = setup("");
    // Expecting `fine` to be unsound: the audit (correctly) calls it sound — a missed fixture.
    std::fs::write(tmp.path().join("fixture.expected.csv"), EXPECTED.replace("fine,sound", "fine,unsound")).unwrap();
    let (code, stdout, _) = run(tmp.path(), &["audit", "mini.toml"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("FAIL  fixture"), "{stdout}");
    assert!(stdout.lines().last().unwrap().ends_with("— FAIL"));
}

#[test]
fn bad_specs_exit_2_naming_file_and_line() {
    let tmp = setup("");
    std::fs::write(tmp.path().join("fixture.expected.csv"), "id,expected\nshaved,unsound\n").unwrap();
    let (code, _, stderr) = run(tmp.path(), &["audit", "mini.toml", "--out", "rep"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no expected verdict for claim 'fine'"), "{stderr}");
    assert!(!tmp.path().join("rep").exists());
    let tmp = setup("[[check]]\nname = \"p\"\npaper = \"no_such_paper\"\n");
    let (code, _, stderr) = run(tmp.path(), &["audit", "mini.toml"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("mini.toml:") && stderr.contains("no_such_paper"), "{stderr}");
}

//! Runner protocol: parsing of the hello and answer lines, accountant names, and a fake runner
//! (a shell script standing in for Python) driven end to end.

use super::*;

fn workload() -> Workload {
    Workload { name: "w".into(), sampling_rate: 0.01, selected: None, noise_multiplier: 1.0, steps: 1000, delta: 1e-5, line: 1 }
}

#[test]
fn accountant_names_parse_and_round_trip() {
    for a in Accountant::ALL {
        assert_eq!(Accountant::parse_list(a.name()).unwrap(), vec![a]);
    }
    assert_eq!(Accountant::parse_list("all").unwrap(), Accountant::ALL.to_vec());
    assert_eq!(Accountant::parse_list("prv_accountant, dp_accounting_pld,prv_accountant").unwrap(), vec![Accountant::PrvAccountant, Accountant::DpAccountingPld]);
    match Accountant::parse_list("dp_accounting_pld,tf_privacy") {
        Err(Error::UnknownName { name, expected, .. }) => {
            assert_eq!(name, "tf_privacy");
            assert!(expected.contains("autodp_rdp"));
        }
        other => panic!("{other:?}"),
    }
    assert!(Accountant::parse_list(" , ").is_err());
}

#[test]
fn hello_line_gives_versions_and_skip_reasons() {
    let h = parse_hello(r#"{"hello": {"python": "3.11.7", "accountants": {"dp_accounting_pld": {"version": "0.6.0"}, "opacus_rdp": {"skipped": "opacus not importable"}}}}"#).unwrap();
    assert_eq!(h.python, "3.11.7");
    assert_eq!(h.status(Accountant::DpAccountingPld), Ok("0.6.0".to_string()));
    assert_eq!(h.status(Accountant::OpacusRdp), Err("opacus not importable".to_string()));
    assert!(h.status(Accountant::AutodpRdp).is_err(), "unknown to this runner → skipped");
    assert!(parse_hello("Traceback (most recent call last):").is_err());
    assert!(parse_hello(r#"{"id": 1}"#).is_err());
}

#[test]
fn answer_lines() {
    assert_eq!(
        parse_answer(r#"{"id": 3, "epsilon": 1.5, "lower": 1.4, "estimate": 1.45, "seconds": 0.25}"#, 3),
        Ok(PeerOutcome::Value { epsilon: 1.5, lower: Some(1.4), estimate: Some(1.45), seconds: 0.25 })
    );
    assert_eq!(parse_answer(r#"{"id": 3, "epsilon": 2, "seconds": 1}"#, 3), Ok(PeerOutcome::Value { epsilon: 2.0, lower: None, estimate: None, seconds: 1.0 }));
    assert_eq!(parse_answer(r#"{"id": 4, "skipped": "no"}"#, 4), Ok(PeerOutcome::Skipped("no".into())));
    assert_eq!(parse_answer(r#"{"id": 4, "error": "ValueError: x"}"#, 4), Ok(PeerOutcome::Failed("ValueError: x".into())));
    // a negative ε is never passed on as a value
    assert!(matches!(parse_answer(r#"{"id": 5, "epsilon": -1.0, "seconds": 1}"#, 5), Ok(PeerOutcome::Failed(_))));
    assert!(parse_answer(r#"{"id": 5, "epsilon": 1.0, "seconds": 1}"#, 6).is_err(), "wrong id");
    assert!(parse_answer(r#"{"id": 5, "epsilon": 1.0}"#, 5).is_err(), "no seconds");
    assert!(parse_answer(r#"{"id": 5, "epsilon": 1.0, "seconds": -2}"#, 5).is_err());
    assert!(parse_answer("not json", 5).is_err());
}

#[test]
fn missing_interpreter_is_a_skip_reason_not_an_error() {
    let flag = AtomicBool::new(false);
    let r = PythonRunner::start(Path::new("/nonexistent/python"), &flag).unwrap();
    let why = r.err().expect("no runner");
    assert!(why.contains("/nonexistent/python"), "{why}");
}

#[test]
fn default_python_note_tells_how_to_make_the_venv() {
    // An explicit path is taken as given (even if absent: start() reports it).
    assert_eq!(choose_python(Some(Path::new("/x/python"))), Ok(PathBuf::from("/x/python")));
}

#[cfg(unix)]
fn fake_runner(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("fake-python");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

#[cfg(unix)]
#[test]
fn fake_runner_answers_jobs_in_order() {
    let dir = tempfile::tempdir().unwrap();
    // hello, then for each job line an answer with the job's id (ids count from 1)
    let py = fake_runner(
        dir.path(),
        r#"echo '{"hello": {"python": "fake", "accountants": {"dp_accounting_pld": {"version": "9"}, "autodp_rdp": {"skipped": "not here"}}}}'
n=0
while read line; do n=$((n+1)); echo "{\"id\": $n, \"epsilon\": 1.25, \"seconds\": 0.5}"; done"#,
    );
    let flag = AtomicBool::new(false);
    let mut r = PythonRunner::start(&py, &flag).unwrap().unwrap();
    assert_eq!(r.hello.python, "fake");
    let w = workload();
    assert_eq!(r.run(Accountant::DpAccountingPld, &w, &flag).unwrap(), PeerOutcome::Value { epsilon: 1.25, lower: None, estimate: None, seconds: 0.5 });
    assert_eq!(r.run(Accountant::AutodpRdp, &w, &flag).unwrap(), PeerOutcome::Skipped("not here".into()), "skipped without asking the runner");
    assert_eq!(r.run(Accountant::DpAccountingPld, &w, &flag).unwrap(), PeerOutcome::Value { epsilon: 1.25, lower: None, estimate: None, seconds: 0.5 });
}

#[cfg(unix)]
#[test]
fn runner_that_dies_fails_every_later_job() {
    let dir = tempfile::tempdir().unwrap();
    let py = fake_runner(dir.path(), r#"echo '{"hello": {"python": "fake", "accountants": {"dp_accounting_pld": {"version": "9"}}}}'; read line; exit 3"#);
    let flag = AtomicBool::new(false);
    let mut r = PythonRunner::start(&py, &flag).unwrap().unwrap();
    let w = workload();
    for _ in 0..2 {
        match r.run(Accountant::DpAccountingPld, &w, &flag).unwrap() {
            PeerOutcome::Failed(why) => assert!(why.contains("broke") || why.contains("stopped"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}

#[cfg(unix)]
#[test]
fn interrupt_while_waiting_is_an_interrupted_error() {
    let dir = tempfile::tempdir().unwrap();
    let py = fake_runner(dir.path(), r#"echo '{"hello": {"python": "fake", "accountants": {"dp_accounting_pld": {"version": "9"}}}}'; sleep 30"#);
    let flag = AtomicBool::new(false);
    let mut r = PythonRunner::start(&py, &flag).unwrap().unwrap();
    flag.store(true, Ordering::SeqCst);
    assert_eq!(r.run(Accountant::DpAccountingPld, &workload(), &flag), Err(Error::Interrupted));
}

#[cfg(unix)]
#[test]
fn runner_that_fails_at_start_is_skipped_with_its_last_message() {
    let dir = tempfile::tempdir().unwrap();
    let py = fake_runner(dir.path(), "echo 'Traceback (most recent call last):' >&2; echo 'ModuleNotFoundError: No module named json' >&2; exit 1");
    let why = PythonRunner::start(&py, &AtomicBool::new(false)).unwrap().err().expect("no runner");
    assert!(why.contains("exit status: 1") && why.contains("No module named json"), "{why}");
}

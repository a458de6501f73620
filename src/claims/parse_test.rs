//! Claims CSV parsing: accepted forms and every rejection, with the line number it reports.

use super::parse::parse_claims;
use crate::error::Error;
use crate::mechanisms::Mechanism;

const HEADER: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta";

fn with_rows(rows: &[&str]) -> String {
    let mut s = String::from(HEADER);
    for r in rows {
        s.push('\n');
        s.push_str(r);
    }
    s.push('\n');
    s
}

/// The (line, message) of a parse error; panics (test failure) on anything else.
fn parse_err(text: &str) -> (usize, String) {
    match parse_claims(text, "t.csv") {
        Err(Error::Parse { file, line, message }) => {
            assert_eq!(file, "t.csv");
            (line, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn accepts_the_issue_format_with_defaults() {
    let text = with_rows(&[
        "g1,dp_accounting,gaussian,2.0,,,10,1.5,1e-5",
        "l1,prv,laplace,1.0,3,,1,1.0,1e-6",
        "s1, autodp , poisson_subsampled_gaussian ,1.1,,0.01,1000,2.0,1e-5",
        "s2,x,poisson-subsampled-gaussian,1.1,1.0,1,5,2.0,0.5",
    ]);
    let c = parse_claims(&text, "t.csv").unwrap();
    assert_eq!(c.len(), 4);
    assert_eq!(c[0].mechanism, Mechanism::Gaussian { noise_multiplier: 2.0, sensitivity: 1.0 });
    assert_eq!((c[0].steps, c[0].epsilon, c[0].delta, c[0].line), (10, 1.5, 1e-5, 2));
    assert_eq!(c[1].sensitivity(), 3.0);
    assert_eq!(c[2].accountant, "autodp");
    assert_eq!(c[2].sampling_rate(), Some(0.01));
    assert_eq!(c[2].mechanism_name(), "poisson_subsampled_gaussian");
    assert_eq!(c[3].line, 5);
    // q = 1 is decided as the Gaussian mechanism it equals.
    assert_eq!(c[3].privacy_mechanism(), Mechanism::Gaussian { noise_multiplier: 1.1, sensitivity: 1.0 });
}

#[test]
fn header_order_extra_columns_comments_and_blank_lines() {
    let text = "# produced by a test\n\
                delta,epsilon,steps,sampling_rate,sensitivity,noise_multiplier,mechanism,accountant,id,expected\n\
                \n\
                1e-5,1.0,3,,,2.0,gaussian,acc,row1,sound\n\
                # a comment between rows\n\
                1e-6,2.0,1,,,1.0,laplace,acc,row2,unsound\n";
    let c = parse_claims(text, "t.csv").unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].id, "row1");
    assert_eq!(c[0].line, 4);
    assert_eq!(c[1].id, "row2");
    assert_eq!(c[1].line, 6);
    assert_eq!(c[1].delta, 1e-6);
}

#[test]
fn a_bad_row_reports_its_line_and_column() {
    let text = "# comment line 1\n".to_string() + &with_rows(&["a,x,gaussian,1,,,1,1,1e-5", "b,x,gaussian,abc,,,1,1,1e-5"]);
    let (line, msg) = parse_err(&text);
    assert_eq!(line, 4);
    assert!(msg.contains("column 4 (noise_multiplier)") && msg.contains("'abc' is not a number"), "{msg}");
}

#[test]
fn further_bad_rows_are_counted() {
    let text = with_rows(&["a,x,gaussian,0,,,1,1,1e-5", "b,x,gaussian,-1,,,1,1,1e-5", "c,x,gaussian,1,,,0,1,1e-5"]);
    let (line, msg) = parse_err(&text);
    assert_eq!(line, 2);
    assert!(msg.contains("and 2 more malformed rows"), "{msg}");
}

#[test]
fn every_rejection_names_the_problem() {
    let cases: [(&str, &str); 22] = [
        ("a,x,gaussian,0,,,1,1,1e-5", "noise multiplier must be > 0"),
        ("a,x,gaussian,-2,,,1,1,1e-5", "noise multiplier must be > 0"),
        ("a,x,gaussian,NaN,,,1,1,1e-5", "not a finite number"),
        ("a,x,gaussian,1,0,,1,1,1e-5", "sensitivity must be > 0"),
        ("a,x,poisson_subsampled_gaussian,1,,1.5,1,1,1e-5", "must lie in [0, 1]"),
        ("a,x,poisson_subsampled_gaussian,1,,-0.1,1,1,1e-5", "must lie in [0, 1]"),
        ("a,x,poisson_subsampled_gaussian,1,,,1,1,1e-5", "sampling rate is required"),
        ("a,x,gaussian,1,,0.5,1,1,1e-5", "not subsampled"),
        ("a,x,gaussian,1,,,1,1,1.5", "must lie in [0, 1)"),
        ("a,x,gaussian,1,,,1,1,1", "must lie in [0, 1)"),
        ("a,x,gaussian,1,,,1,1,-1e-5", "must lie in [0, 1)"),
        ("a,x,gaussian,1,,,0,1,1e-5", "at least 1"),
        ("a,x,gaussian,1,,,1.5,1,1e-5", "not an integer"),
        ("a,x,gaussian,1,,,-3,1,1e-5", "not an integer"),
        ("a,x,gaussian,1,,,,1,1e-5", "value is missing"),
        ("a,x,subsampled_laplace,1,,,1,1,1e-5", "unknown mechanism 'subsampled_laplace'"),
        ("a,x,gaussian,1,,,1,NaN,1e-5", "not a finite number"),
        ("a,x,gaussian,1,,,1,inf,1e-5", "not a finite number"),
        ("a,x,gaussian,1,,,1,-0.5,1e-5", "epsilon must be ≥ 0"),
        ("a,x,gaussian,1,,,1,1", "missing: delta"),
        (",x,gaussian,1,,,1,1,1e-5", "id is empty"),
        ("a,x,gaussian,1,,,99999999999999999999999,1,1e-5", "too large"),
    ];
    for (row, want) in cases {
        let (line, msg) = parse_err(&with_rows(&[row]));
        assert_eq!(line, 2, "{row}");
        assert!(msg.contains(want), "row {row}: message {msg:?} lacks {want:?}");
    }
}

#[test]
fn duplicate_ids_are_rejected_naming_the_first_use() {
    let (line, msg) = parse_err(&with_rows(&["a,x,gaussian,1,,,1,1,1e-5", "b,x,gaussian,1,,,1,1,1e-5", "a,y,gaussian,2,,,1,1,1e-5"]));
    assert_eq!(line, 4);
    assert!(msg.contains("duplicate id 'a' (first used on line 2)"), "{msg}");
}

#[test]
fn header_problems() {
    let (line, msg) = parse_err("");
    assert_eq!(line, 1);
    assert!(msg.contains("empty claims file"), "{msg}");
    let (line, msg) = parse_err("id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon\na,x,gaussian,1,,,1,1\n");
    assert_eq!(line, 1);
    assert!(msg.contains("lacks the column 'delta'"), "{msg}");
    let (line, msg) = parse_err(&format!("{HEADER},id\n"));
    assert_eq!(line, 1);
    assert!(msg.contains("'id' twice"), "{msg}");
    let (_, msg) = parse_err(&format!("{HEADER}\n"));
    assert!(msg.contains("no claim rows"), "{msg}");
}

//! Machine facts: the cpuinfo parser and the date conversion (reference dates from `date -u -d @N`).

use super::*;

#[test]
fn cpuinfo_model_and_processor_count() {
    let text = "processor\t: 0\nmodel name\t: Example CPU @ 2.0GHz\nflags\t\t: fpu\n\nprocessor\t: 1\nmodel name\t: Example CPU @ 2.0GHz\n";
    assert_eq!(parse_cpuinfo(text), (Some("Example CPU @ 2.0GHz".to_string()), 2));
    assert_eq!(parse_cpuinfo(""), (None, 0));
}

#[test]
fn utc_dates_match_gnu_date() {
    // date -u -d @0, @951782400 (2000-02-29, a leap day), @1795651500
    assert_eq!(utc_date_time(0), "1970-01-01 00:00 UTC");
    assert_eq!(utc_date_time(951_782_400), "2000-02-29 00:00 UTC");
    assert_eq!(utc_date_time(1_795_651_500), "2026-11-26 00:05 UTC");
}

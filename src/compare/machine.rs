//! Facts about the machine a comparison ran on (recorded in every report): CPU model and
//! logical cores from `/proc/cpuinfo`, the UTC date, dpaudit's version.

use serde::Serialize;

/// Machine facts of one run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Machine {
    /// `model name` of `/proc/cpuinfo` (`unknown` where there is none).
    pub cpu: String,
    /// Number of `processor` entries of `/proc/cpuinfo` (else the available parallelism).
    pub cores: usize,
    /// UTC date and time of the start of the run, `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    pub dpaudit_version: String,
    pub os: String,
}

impl Machine {
    /// Read the facts now.
    pub fn now() -> Machine {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let (cpu, cores) = parse_cpuinfo(&info);
        let cores = if cores > 0 { cores } else { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) };
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        Machine {
            cpu: cpu.unwrap_or_else(|| "unknown".into()),
            cores,
            date: utc_date_time(secs),
            dpaudit_version: env!("CARGO_PKG_VERSION").to_string(),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

/// `(model name, number of processors)` of a `/proc/cpuinfo` text.
pub fn parse_cpuinfo(text: &str) -> (Option<String>, usize) {
    let field = |line: &str, key: &str| -> Option<String> {
        let (k, v) = line.split_once(':')?;
        (k.trim() == key).then(|| v.trim().to_string())
    };
    let model = text.lines().find_map(|l| field(l, "model name"));
    let cores = text.lines().filter(|l| field(l, "processor").is_some()).count();
    (model, cores)
}

/// `YYYY-MM-DD HH:MM UTC` of a Unix time. Date from the day count by the `civil_from_days`
/// algorithm of H. Hinnant, "chrono-Compatible Low-Level Date Algorithms" (2013), proleptic
/// Gregorian calendar.
pub fn utc_date_time(unix_secs: u64) -> String {
    let days = (unix_secs / 86_400) as i64;
    let rem = unix_secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

#[cfg(test)]
#[path = "machine_test.rs"]
mod machine_test;

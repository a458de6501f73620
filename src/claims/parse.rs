//! Reading a claims file (issue 4, "Claims input (exact format)"; user documentation in
//! `docs/claims.md`).
//!
//! Format: CSV with a header row naming (in any order) the nine columns of [`COLUMNS`]; further
//! columns are ignored (so a fixture may carry notes). Fields are trimmed; empty lines and lines
//! starting with `#` are skipped. Validation, each failure an [`Error::Parse`] naming the file,
//! the 1-based line and the column:
//!
//! | column | rule |
//! |---|---|
//! | `id` | non-empty, unique within the file (a duplicate names the line of the first use) |
//! | `accountant` | free text (may be empty) |
//! | `mechanism` | `gaussian`, `laplace`, `poisson_subsampled_gaussian` (hyphens accepted), or the extension `randomized_response` |
//! | `noise_multiplier` | finite number > 0 |
//! | `sensitivity` | empty (= 1) or finite number > 0 |
//! | `sampling_rate` | subsampled Gaussian: required, in [0, 1]; other mechanisms: empty (or exactly 1, no subsampling) |
//! | `steps` | integer ≥ 1 (decimal digits) |
//! | `epsilon` | finite number ≥ 0 |
//! | `delta` | number in [0, 1): δ = 0 is a pure-DP claim (decided by the largest privacy loss) |
//!
//! Optional columns (issue 12): `kind` (`eps_delta` when empty or absent, `rdp`, `gdp`, `zcdp`,
//! `calibration`), `order` (α of `rdp`: finite, > 1) and `value` (ρ or μ: finite, ≥ 0); the
//! divergence kinds leave `epsilon` and `delta` empty.
//!
//! The whole file is checked before anything is evaluated; the first malformed row is reported
//! (with the count of further malformed rows, if any).

use super::claim::{Claim, ClaimEvent};
use super::event::{Adjacency, Base, Event, Node, Sampling};
use super::event_loss::{check_supported, display_mechanism, plan, Plan};
use super::event_parse::{parse_inline, read_file as read_event_file};
use super::kind::ClaimKind;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// The required columns, in the order of the header.
pub const COLUMNS: [&str; 9] = ["id", "accountant", "mechanism", "noise_multiplier", "sensitivity", "sampling_rate", "steps", "epsilon", "delta"];

/// Optional columns (issue 12, claim kinds): `kind` (empty or absent: `eps_delta`), `order` (the
/// Rényi order α of an `rdp` claim) and `value` (ρ of `rdp` and `zcdp`, μ of `gdp`).
pub const KIND_COLUMNS: [&str; 3] = ["kind", "order", "value"];

/// Optional event columns (issue 12, `docs/claims.md` "Events"): `event` (inline syntax or
/// `@FILE.json|toml`) and `adjacency` (`add_remove` when empty or absent, or `replace_one`).
/// With an `event` column, the header may omit the legacy columns `mechanism`,
/// `noise_multiplier`, `sensitivity`, `sampling_rate` and `steps`.
pub const EVENT_COLUMNS: [&str; 2] = ["event", "adjacency"];

/// Positions of the required and the optional columns (`usize::MAX`: a legacy column absent
/// from a header that has `event`).
struct Index {
    req: [usize; 9],
    opt: [Option<usize>; 3],
    ev: [Option<usize>; 2],
    width: usize,
}

/// The header line of a claims file in the canonical column order.
pub fn header_line() -> String {
    COLUMNS.join(",")
}

/// Read and validate a claims file; `-` reads standard input (reported as `<stdin>`).
/// Errors: [`Error::Io`] (missing or unreadable file), [`Error::Parse`] (malformed content).
pub fn read_claims(path: &Path) -> Result<Vec<Claim>> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| Error::Io { path: "<stdin>".into(), message: e.to_string() })?;
        return parse_claims(&text, "<stdin>");
    }
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Error::Io { path: shown.clone(), message: e.to_string() })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        // Name the line and the byte that is not UTF-8 (e.g. a latin-1 'é' = 0xE9).
        let at = e.utf8_error().valid_up_to();
        let b = e.as_bytes();
        let line = 1 + b[..at].iter().filter(|&&c| c == b'\n').count();
        let col = 1 + at - b[..at].iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
        Error::Parse { file: shown.clone(), line, message: format!("not UTF-8 text: byte 0x{:02X} at column {col} (save the file as UTF-8)", b[at]) }
    })?;
    parse_claims(&text, &shown)
}

/// Parse and validate claims from CSV text; `file` names the source in error messages.
pub fn parse_claims(text: &str, file: &str) -> Result<Vec<Claim>> {
    let perr = |line: usize, message: String| Error::Parse { file: file.to_string(), line, message };
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let mut records = rdr.records();
    let (header, header_line) = match records.next() {
        None => return Err(perr(1, format!("empty claims file: expected the header '{}'", header_line()))),
        Some(Err(e)) => return Err(perr(record_line(text, e.position()), format!("malformed CSV: {e}"))),
        Some(Ok(r)) => {
            let line = record_line(text, r.position());
            (r, line)
        }
    };
    let index = header_index(&header).map_err(|m| perr(header_line, m))?;
    let base = Path::new(file).parent().unwrap_or(Path::new("")).to_path_buf();
    let mut claims: Vec<Claim> = Vec::new();
    let mut first_line: HashMap<String, usize> = HashMap::new();
    let mut first_error: Option<Error> = None;
    let mut more_errors = 0usize;
    for rec in records {
        let outcome = match rec {
            Err(e) => Err(perr(record_line(text, e.position()), format!("malformed CSV: {e}"))),
            Ok(r) => {
                let line = record_line(text, r.position());
                parse_row(&r, &index, line, &first_line, &base).map_err(|m| perr(line, m))
            }
        };
        match outcome {
            Ok(c) => {
                first_line.insert(c.id.clone(), c.line);
                claims.push(c);
            }
            Err(e) if first_error.is_none() => first_error = Some(e),
            Err(_) => more_errors += 1,
        }
    }
    if let Some(e) = first_error {
        return Err(match e {
            Error::Parse { file, line, message } if more_errors > 0 => Error::Parse {
                file,
                line,
                message: format!("{message} (and {more_errors} more malformed row{})", if more_errors == 1 { "" } else { "s" }),
            },
            e => e,
        });
    }
    if claims.is_empty() {
        return Err(perr(header_line, "the claims file has a header but no claim rows".into()));
    }
    Ok(claims)
}

/// 1-based line where a record starts. The csv reader reports the position where it started
/// reading, i.e. before any skipped blank or `#` comment lines, so those are skipped here.
fn record_line(text: &str, pos: Option<&csv::Position>) -> usize {
    let Some(p) = pos else { return 0 };
    let mut byte = (p.byte() as usize).min(text.len());
    loop {
        let rest = &text[byte..];
        let end = rest.find('\n');
        let this = &rest[..end.unwrap_or(rest.len())];
        let skipped = this.trim().is_empty() || this.starts_with('#');
        match end {
            Some(e) if skipped => byte += e + 1,
            _ => break,
        }
    }
    text[..byte].matches('\n').count() + 1
}

/// Column positions of the nine required fields and the optional kind columns.
fn header_index(header: &csv::StringRecord) -> std::result::Result<Index, String> {
    let names: Vec<String> = header.iter().map(|h| h.trim().trim_start_matches('\u{feff}').to_ascii_lowercase()).collect();
    let mut idx = [usize::MAX; 9];
    let has_event = names.iter().any(|n| n == "event");
    for (k, col) in COLUMNS.iter().enumerate() {
        let found: Vec<usize> = names.iter().enumerate().filter(|(_, n)| n == col).map(|(i, _)| i).collect();
        match found.len() {
            0 if has_event && (2..=6).contains(&k) => {}
            0 => return Err(format!("header lacks the column '{col}' (expected header: {})", header_line())),
            1 => idx[k] = found[0],
            _ => return Err(format!("header names the column '{col}' twice")),
        }
    }
    let mut opt = [None; 3];
    for (k, col) in KIND_COLUMNS.iter().enumerate() {
        let found: Vec<usize> = names.iter().enumerate().filter(|(_, n)| n == col).map(|(i, _)| i).collect();
        match found.len() {
            0 => {}
            1 => opt[k] = Some(found[0]),
            _ => return Err(format!("header names the column '{col}' twice")),
        }
    }
    let mut ev = [None; 2];
    for (k, col) in EVENT_COLUMNS.iter().enumerate() {
        let found: Vec<usize> = names.iter().enumerate().filter(|(_, n)| n == col).map(|(i, _)| i).collect();
        match found.len() {
            0 => {}
            1 => ev[k] = Some(found[0]),
            _ => return Err(format!("header names the column '{col}' twice")),
        }
    }
    Ok(Index { req: idx, opt, ev, width: names.len() })
}

/// One data row → a validated claim, or a message naming the column.
fn parse_row(r: &csv::StringRecord, index: &Index, line: usize, seen: &HashMap<String, usize>, base: &Path) -> std::result::Result<Claim, String> {
    let idx = &index.req;
    let need = idx.iter().copied().filter(|&i| i != usize::MAX).max().unwrap_or(0) + 1;
    if r.len() < need {
        let missing: Vec<&str> = COLUMNS.iter().zip(idx.iter()).filter(|(_, &i)| i >= r.len()).map(|(c, _)| *c).collect();
        return Err(format!("row has {} field{} but the header has at least {need}; missing: {}", r.len(), if r.len() == 1 { "" } else { "s" }, missing.join(", ")));
    }
    let field = |k: usize| r.get(idx[k]).unwrap_or("");
    let col = |k: usize| if idx[k] == usize::MAX { format!("column ({}, absent from the header)", COLUMNS[k]) } else { format!("column {} ({})", idx[k] + 1, COLUMNS[k]) };
    let id = field(0).to_string();
    if id.is_empty() {
        return Err(format!("{}: the id is empty", col(0)));
    }
    if let Some(first) = seen.get(&id) {
        return Err(format!("{}: duplicate id '{id}' (first used on line {first})", col(0)));
    }
    let accountant = field(1).to_string();
    let ev_field = |k: usize| index.ev[k].and_then(|i| r.get(i)).unwrap_or("");
    let ev_col = |k: usize| format!("column {} ({})", index.ev[k].map_or(index.width + 4 + k, |i| i + 1), EVENT_COLUMNS[k]);
    let adjacency = match Adjacency::parse(ev_field(1)) {
        Some(a) => a,
        None => return Err(format!("{}: unknown adjacency '{}' (expected add_remove or replace_one)", ev_col(1), ev_field(1))),
    };
    if !ev_field(0).is_empty() {
        return event_row(r, index, line, id, accountant, adjacency, base);
    }
    let mech_name = field(2);
    let number = |k: usize| -> std::result::Result<f64, String> {
        let s = field(k);
        if s.is_empty() {
            return Err(format!("{}: value is missing", col(k)));
        }
        let v: f64 = s.parse().map_err(|_| format!("{}: '{s}' is not a number", col(k)))?;
        if !v.is_finite() {
            return Err(format!("{}: '{s}' is not a finite number", col(k)));
        }
        Ok(v)
    };
    let sigma = number(3)?;
    if sigma <= 0.0 {
        return Err(format!("{}: noise multiplier must be > 0, got {sigma}", col(3)));
    }
    let sensitivity = if field(4).is_empty() { None } else { Some(number(4)?) };
    if let Some(c) = sensitivity {
        if c <= 0.0 {
            return Err(format!("{}: sensitivity must be > 0, got {c}", col(4)));
        }
    }
    let key = mech_name.to_ascii_lowercase().replace('-', "_");
    let subsampled = matches!(key.as_str(), "poisson_subsampled_gaussian" | "subsampled_gaussian" | "sgm");
    let known = subsampled || matches!(key.as_str(), "gaussian" | "laplace" | "randomized_response" | "rr");
    if !known {
        return Err(format!(
            "{}: unknown mechanism '{mech_name}' (expected gaussian, laplace, poisson_subsampled_gaussian or randomized_response)",
            col(2)
        ));
    }
    let q = if field(5).is_empty() { None } else { Some(number(5)?) };
    match (subsampled, q) {
        (true, None) => return Err(format!("{}: sampling rate is required for {mech_name}", col(5))),
        (true, Some(q)) if !(0.0..=1.0).contains(&q) => return Err(format!("{}: sampling rate must lie in [0, 1], got {q}", col(5))),
        (false, Some(q)) if q != 1.0 => {
            return Err(format!("{}: sampling rate {q} given for {mech_name}, which is not subsampled (leave it empty)", col(5)))
        }
        _ => {}
    }
    let steps_s = field(6);
    if steps_s.is_empty() {
        return Err(format!("{}: value is missing", col(6)));
    }
    let steps: u64 = if steps_s.bytes().all(|b| b.is_ascii_digit()) {
        steps_s.parse().map_err(|_| format!("{}: '{steps_s}' is too large", col(6)))?
    } else {
        return Err(format!("{}: '{steps_s}' is not an integer ≥ 1", col(6)));
    };
    if steps < 1 {
        return Err(format!("{}: steps must be at least 1, got {steps}", col(6)));
    }
    let kind = parse_kind(r, index)?;
    let (epsilon, delta) = if kind.is_eps_delta() {
        let epsilon = number(7)?;
        if epsilon < 0.0 {
            return Err(format!("{}: epsilon must be ≥ 0, got {epsilon}", col(7)));
        }
        let delta = number(8)?;
        if !(0.0..1.0).contains(&delta) {
            return Err(format!("{}: delta must lie in [0, 1) (0 for a pure-DP claim), got {delta}", col(8)));
        }
        (epsilon, delta)
    } else {
        for k in [7, 8] {
            if !field(k).is_empty() {
                return Err(format!("{}: a {} claim states no {} (leave the field empty; the claimed value goes in the column 'value')", col(k), kind.name(), COLUMNS[k]));
            }
        }
        (0.0, 0.0)
    };
    let mechanism = Mechanism::from_name(mech_name, sigma, sensitivity, if subsampled { q } else { None }).map_err(|e| {
        // Name the column of the value the mechanism refused (σ below its limit, a rate …).
        let k = match &e {
            Error::InvalidParameter { name, .. } if name == "noise multiplier" => 3,
            Error::InvalidParameter { name, .. } if name == "sensitivity" => 4,
            Error::InvalidParameter { name, .. } if name == "sampling rate" => 5,
            _ => 2,
        };
        format!("{}: {e}", col(k))
    })?;
    let mut claim = Claim { id, accountant, mechanism, steps, epsilon, delta, kind, line, event: None };
    if adjacency == Some(Adjacency::ReplaceOne) {
        if kind == ClaimKind::Calibration {
            return Err(format!("{}: calibration claims are not supported under replace_one", ev_col(1)));
        }
        let ev = legacy_event(&claim.mechanism, steps).map_err(|m| format!("{}: {m}", ev_col(1)))?;
        attach_event(&mut claim, ev, Adjacency::ReplaceOne).map_err(|m| format!("{}: {m}", ev_col(1)))?;
    }
    Ok(claim)
}

/// A row with a non-empty `event` (docs/claims.md "Events"): the legacy columns must be empty.
fn event_row(r: &csv::StringRecord, index: &Index, line: usize, id: String, accountant: String, adjacency: Option<Adjacency>, base: &Path) -> std::result::Result<Claim, String> {
    let idx = &index.req;
    let ev_i = index.ev[0].unwrap_or(0);
    let ev_col = format!("column {} (event)", ev_i + 1);
    for k in 2..=6 {
        if let Some(v) = r.get(idx[k]).filter(|v| !v.is_empty()) {
            return Err(format!("column {} ({}): '{v}' given on a row with an event (leave it empty: the event names the mechanism, sampling and steps)", idx[k] + 1, COLUMNS[k]));
        }
    }
    let text = r.get(ev_i).unwrap_or("");
    let (event, file_adj) = match text.strip_prefix('@') {
        Some(path) => read_event_file(path, base).map_err(|m| format!("{ev_col}: {m}"))?,
        None => (parse_inline(text).map_err(|m| format!("{ev_col}: {m}"))?, None),
    };
    let adjacency = match (adjacency, file_adj) {
        (Some(a), Some(b)) if a != b => {
            return Err(format!("column {} (adjacency): '{}' disagrees with the event file's adjacency '{}'", index.ev[1].map_or(0, |i| i + 1), a.name(), b.name()))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => Adjacency::AddRemove,
    };
    check_supported(&event, adjacency).map_err(|m| format!("{ev_col}: {m}"))?;
    let kind = parse_kind(r, index)?;
    let number = |k: usize| -> std::result::Result<f64, String> {
        let s = r.get(idx[k]).unwrap_or("");
        let v: f64 = s.parse().map_err(|_| format!("column {} ({}): '{s}' is not a number", idx[k] + 1, COLUMNS[k]))?;
        if !v.is_finite() {
            return Err(format!("column {} ({}): '{s}' is not a finite number", idx[k] + 1, COLUMNS[k]));
        }
        Ok(v)
    };
    let (epsilon, delta) = if kind.is_eps_delta() {
        let epsilon = number(7)?;
        if epsilon < 0.0 {
            return Err(format!("column {} (epsilon): epsilon must be ≥ 0, got {epsilon}", idx[7] + 1));
        }
        let delta = number(8)?;
        if !(0.0..1.0).contains(&delta) {
            return Err(format!("column {} (delta): delta must lie in [0, 1) (0 for a pure-DP claim), got {delta}", idx[8] + 1));
        }
        (epsilon, delta)
    } else {
        (0.0, 0.0)
    };
    let placeholder = display_mechanism(&event);
    let steps = event.total_steps().max(1);
    let mut claim = Claim { id, accountant, mechanism: placeholder, steps, epsilon, delta, kind, line, event: None };
    attach_event(&mut claim, event, adjacency).map_err(|m| format!("{ev_col}: {m}"))?;
    let legacy = claim.event.as_ref().is_some_and(|e| e.legacy);
    match kind {
        ClaimKind::Calibration => return Err(format!("{ev_col}: calibration claims are not supported on event rows (σ is searched on a legacy row's noise_multiplier)")),
        k if !k.is_eps_delta() && !legacy => {
            return Err(format!("{ev_col}: a {} claim on this event is not supported (only (ε, δ) claims on composed events; rdp/gdp/zcdp need an event equivalent to one legacy mechanism)", k.name()))
        }
        _ => {}
    }
    Ok(claim)
}

/// The event of a legacy row (`steps × mechanism`), for the `adjacency` column.
fn legacy_event(m: &Mechanism, steps: u64) -> std::result::Result<Event, String> {
    let base = match *m {
        Mechanism::Gaussian { noise_multiplier, sensitivity } | Mechanism::PoissonSubsampledGaussian { noise_multiplier, sensitivity, .. } => {
            Base::Gaussian { sigma: noise_multiplier, sensitivity }
        }
        Mechanism::Laplace { noise_multiplier, .. } => Base::Laplace { b: noise_multiplier },
        Mechanism::RandomizedResponse { noise_multiplier } => Base::Rr { eps0: 1.0 / noise_multiplier },
    };
    let node = match *m {
        Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } => Node::Sampled(Sampling::Poisson { q: sampling_rate }, base),
        _ => Node::Mech(base),
    };
    Event::from_tree(Node::SelfComposed(steps, Box::new(node)))
}

/// Decide the plan of the event and attach it: a legacy-equivalent event sets `mechanism` and
/// `steps` to that legacy event.
fn attach_event(claim: &mut Claim, event: Event, adjacency: Adjacency) -> std::result::Result<(), String> {
    check_supported(&event, adjacency)?;
    let legacy = match plan(&event, adjacency) {
        Plan::Legacy(m, t) => {
            claim.mechanism = m;
            claim.steps = t;
            true
        }
        _ => false,
    };
    claim.event = Some(Box::new(ClaimEvent { event, adjacency, legacy }));
    Ok(())
}

/// The `kind`, `order` and `value` fields of a row (issue 12). Rules: `kind` empty or absent is
/// `eps_delta`; `rdp` needs `order` (finite, > 1) and `value` (finite, ≥ 0); `gdp` and `zcdp`
/// need `value` (finite, ≥ 0); `order` and `value` of the (ε, δ) kinds are ignored (a file may
/// use such column names for notes).
fn parse_kind(r: &csv::StringRecord, index: &Index) -> std::result::Result<ClaimKind, String> {
    let field = |k: usize| index.opt[k].and_then(|i| r.get(i)).unwrap_or("");
    let col = |k: usize| match index.opt[k] {
        Some(i) => format!("column {} ({})", i + 1, KIND_COLUMNS[k]),
        None => format!("column {} ({})", index.width + 1 + k, KIND_COLUMNS[k]),
    };
    let name = field(0).to_ascii_lowercase().replace('-', "_");
    let needed = |k: usize, kind: &str| -> std::result::Result<f64, String> {
        if index.opt[k].is_none() {
            return Err(format!("{}: a {kind} claim needs the column '{}', which the header lacks", col(k), KIND_COLUMNS[k]));
        }
        let s = field(k);
        if s.is_empty() {
            return Err(format!("{}: value is missing (required for a {kind} claim)", col(k)));
        }
        let v: f64 = s.parse().map_err(|_| format!("{}: '{s}' is not a number", col(k)))?;
        if !v.is_finite() {
            return Err(format!("{}: '{s}' is not a finite number", col(k)));
        }
        Ok(v)
    };
    let value = |kind: &str, what: &str| -> std::result::Result<f64, String> {
        let v = needed(2, kind)?;
        if v < 0.0 {
            return Err(format!("{}: {what} must be ≥ 0, got {v}", col(2)));
        }
        Ok(v)
    };
    Ok(match name.as_str() {
        "" | "eps_delta" | "epsilon_delta" => ClaimKind::EpsDelta,
        "calibration" => ClaimKind::Calibration,
        "rdp" => {
            let order = needed(1, "rdp")?;
            if order <= 1.0 {
                return Err(format!("{}: the Rényi order must be > 1, got {order}", col(1)));
            }
            ClaimKind::Rdp { order, value: value("rdp", "the claimed Rényi divergence ρ")? }
        }
        "gdp" => ClaimKind::Gdp { mu: value("gdp", "the claimed μ")? },
        "zcdp" => ClaimKind::Zcdp { rho: value("zcdp", "the claimed ρ")? },
        _ => return Err(format!("{}: unknown kind '{}' (expected eps_delta, rdp, gdp, zcdp or calibration)", col(0), field(0))),
    })
}

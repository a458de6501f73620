//! An audit plan: a spec turned into validated profile requests and pass criteria. Building the
//! plan validates everything (mechanism names, parameter domains, criteria), so that a run never
//! starts on a spec that would fail half-way; `--dry-run` prints [`Plan::lines`].

use super::claims_check::ClaimsPlan;
use super::golden_check::GoldenPlan;
use super::paper_check::PaperPlan;
use super::spec::{CheckSpec, ReferenceSpec, Settings, Spec};
use crate::claims::ClaimOptions;
use crate::error::{check, Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use crate::profile::{Method, ProfileRequest, Query};

/// A validated audit.
#[derive(Clone, Debug)]
pub struct Plan {
    pub title: String,
    /// Prefix of the status line (`audit` unless the spec sets `label`).
    pub label: String,
    pub description: Option<String>,
    /// The spec file.
    pub source: String,
    pub checks: Vec<PlannedCheck>,
    /// Compute the data of plots (certified ε(δ) bands of claims groups); set by `--out`.
    pub plots: bool,
}

/// One validated check.
#[derive(Clone, Debug)]
pub struct PlannedCheck {
    pub name: String,
    pub note: Option<String>,
    /// Line of the check in the spec file.
    pub line: usize,
    pub kind: CheckKind,
}

/// What a check runs (exactly one of the spec keys `mechanism`, `claims`, `paper`, `golden`).
#[derive(Clone, Debug)]
pub enum CheckKind {
    /// A privacy-profile query evaluated by up to three methods, with pass criteria.
    Profile { request: ProfileRequest, criteria: Criteria },
    /// A claims file through [`crate::claims`] ([`super::claims_check`]).
    Claims(Box<ClaimsPlan>),
    /// The audit points of a paper module ([`super::paper_check`]).
    Paper(PaperPlan),
    /// The golden files ([`super::golden_check`]).
    Golden(GoldenPlan),
}

impl CheckKind {
    /// `profile`, `claims`, `paper` or `golden` (the `kind` field of the JSON report).
    pub fn name(&self) -> &'static str {
        match self {
            CheckKind::Profile { .. } => "profile",
            CheckKind::Claims(_) => "claims",
            CheckKind::Paper(_) => "paper",
            CheckKind::Golden(_) => "golden",
        }
    }
}

/// Pass criteria of one check (see `audits/README.md`).
#[derive(Clone, Debug, PartialEq)]
pub struct Criteria {
    /// Every pair of intervals produced by the methods overlaps.
    pub require_overlap: bool,
    /// Per method: `width ≤ r · |midpoint|`.
    pub max_rel_width: Vec<(Method, f64)>,
    /// Every produced interval has `upper > 0`.
    pub require_positive_upper: bool,
    pub references: Vec<Reference>,
}

/// A reference value and what is expected of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub source: String,
    pub value: RefValue,
    pub expect: Expect,
    /// Slack around a point value for [`Expect::Inside`].
    pub abs_tol: f64,
    /// Methods whose intervals are compared.
    pub methods: Vec<Method>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RefValue {
    Point(f64),
    Range(Interval),
}

/// What a reference must satisfy against each compared interval `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The reference (± `abs_tol`) meets `[lo, hi]`.
    Inside,
    /// The reference interval contains `[lo, hi]` (ours is consistent and at least as tight).
    Encloses,
    /// The reference claims an upper bound on the quantity: sound iff `value ≥ lo`.
    UpperBound,
    /// The reference claims a lower bound: consistent iff `value ≤ hi`.
    LowerBound,
    /// Recorded and compared in the report, never failing.
    Info,
}

impl Expect {
    pub fn name(&self) -> &'static str {
        match self {
            Expect::Inside => "inside",
            Expect::Encloses => "encloses",
            Expect::UpperBound => "upper_bound",
            Expect::LowerBound => "lower_bound",
            Expect::Info => "info",
        }
    }
    fn parse(s: &str) -> Result<Expect> {
        match s {
            "inside" => Ok(Expect::Inside),
            "encloses" => Ok(Expect::Encloses),
            "upper_bound" => Ok(Expect::UpperBound),
            "lower_bound" => Ok(Expect::LowerBound),
            "info" => Ok(Expect::Info),
            _ => Err(Error::UnknownName { kind: "reference expectation".into(), name: s.into(), expected: "inside, encloses, upper_bound, lower_bound, info".into() }),
        }
    }
}

/// The name of a method as used in specs, JSON and tables.
pub fn method_name(m: Method) -> &'static str {
    m.name()
}

/// The methods `all` stands for: the three independent ways (issue 2).
pub const ALL_METHODS: [Method; 3] = [Method::Exact, Method::Fft, Method::Mc];

/// Every method in report order (`cf`, the characteristic-function route, is asked for by name).
pub const REPORT_ORDER: [Method; 4] = [Method::Exact, Method::Fft, Method::Mc, Method::Cf];

/// Parse method names; `all` expands to exact, fft and mc. Duplicates are removed, order is
/// exact, fft, mc, cf.
pub fn parse_methods(names: &[String]) -> Result<Vec<Method>> {
    if names.is_empty() {
        return Err(Error::invalid("methods", "[]", "give at least one of exact, fft, mc, cf, all"));
    }
    let mut chosen = Vec::new();
    for n in names {
        if n.trim().eq_ignore_ascii_case("all") {
            chosen.extend(ALL_METHODS);
        } else {
            chosen.push(Method::parse(n)?);
        }
    }
    Ok(REPORT_ORDER.into_iter().filter(|m| chosen.contains(m)).collect())
}

/// Build and validate a profile request from user-facing parameters (shared by `dpaudit
/// profile` and audit specs). Exactly one of `delta` (ask ε) and `epsilon` (ask δ) must be given.
#[allow(clippy::too_many_arguments)]
pub fn build_request(
    mechanism: &str,
    noise_multiplier: f64,
    sensitivity: Option<f64>,
    sampling_rate: Option<f64>,
    steps: u64,
    delta: Option<f64>,
    epsilon: Option<f64>,
    settings: &Settings,
) -> Result<ProfileRequest> {
    let mech = Mechanism::from_name(mechanism, noise_multiplier, sensitivity, sampling_rate)?;
    let query = match (delta, epsilon) {
        (Some(d), None) => Query::EpsilonAt { delta: check::unit_open("delta", d)? },
        (None, Some(e)) => Query::DeltaAt { epsilon: check::finite("epsilon", e)? },
        (None, None) => return Err(Error::invalid("query", "missing", "give exactly one of delta (to get ε) or epsilon (to get δ)")),
        (Some(_), Some(_)) => return Err(Error::invalid("query", "both delta and epsilon", "give exactly one of delta or epsilon")),
    };
    let mut req = ProfileRequest::new(mech, steps, query)?;
    if let Some(m) = &settings.methods {
        req.methods = parse_methods(m)?;
    }
    if let Some(s) = settings.seed {
        req.seed = s;
    }
    if let Some(p) = settings.precision {
        req.prec_bits = crate::num::mp::check_precision(p)?;
    }
    if let Some(c) = settings.confidence {
        req.mc_confidence = check::unit_open("confidence", c)?;
    }
    if let Some(n) = settings.mc_samples {
        if n < 100 {
            return Err(Error::invalid("mc_samples", n, "must be at least 100"));
        }
        req.mc_samples = Some(n);
    }
    Ok(req)
}

impl Plan {
    /// Validate a parsed spec. Errors name the spec file, the check's line and its name.
    pub fn from_spec(spec: &Spec) -> Result<Plan> {
        let mut checks: Vec<PlannedCheck> = Vec::new();
        for c in &spec.check {
            let name = c.name.get_ref().trim().to_string();
            let file = c.file.clone().unwrap_or_else(|| spec.file.clone());
            let at = |e: Error| Error::Parse { file: file.clone(), line: c.line, message: format!("check '{name}': {e}") };
            if name.is_empty() {
                return Err(at(Error::invalid("name", "\"\"", "must not be empty")));
            }
            if checks.iter().any(|p| p.name == name) {
                return Err(at(Error::invalid("name", &name, "is used by an earlier check")));
            }
            let planned = plan_check(c, &spec.defaults).map_err(at)?;
            checks.push(PlannedCheck { name, ..planned });
        }
        Ok(Plan {
            title: spec.title.clone().unwrap_or_else(|| format!("audit {}", spec.file)),
            label: spec.label.clone().filter(|l| !l.trim().is_empty()).unwrap_or_else(|| "audit".into()),
            plots: false,
            description: spec.description.clone(),
            source: spec.file.clone(),
            checks,
        })
    }

    /// One line per check, for `--dry-run`.
    pub fn lines(&self) -> Vec<String> {
        let n = self.checks.len();
        self.checks.iter().enumerate().map(|(i, c)| format!("[{}/{}] {}: {}", i + 1, n, c.name, describe(c))).collect()
    }

    /// What `--dry-run --json` prints: the plan without running anything.
    pub fn dry_run(&self) -> DryRun {
        DryRun {
            title: self.title.clone(),
            source: self.source.clone(),
            checks: self.checks.iter().map(|c| DryRunCheck { name: c.name.clone(), line: c.line, note: c.note.clone(), what: describe(c) }).collect(),
        }
    }
}

/// The plan of an audit as data (`audit --dry-run --json`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct DryRun {
    pub title: String,
    /// The spec file.
    pub source: String,
    pub checks: Vec<DryRunCheck>,
}

/// One planned check (`audit --dry-run --json`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct DryRunCheck {
    pub name: String,
    /// Line of the check in its spec file.
    pub line: usize,
    pub note: Option<String>,
    /// What the check runs, in words.
    pub what: String,
}

fn plan_check(c: &CheckSpec, defaults: &Settings) -> Result<PlannedCheck> {
    let kinds = [c.mechanism.is_some(), c.claims.is_some(), c.paper.is_some(), c.golden.is_some()];
    if kinds.iter().filter(|k| **k).count() != 1 {
        return Err(Error::invalid("check kind", "", "give exactly one of mechanism, claims, paper, golden"));
    }
    let Some(mechanism) = &c.mechanism else {
        return plan_other(c, defaults);
    };
    let claims_keys = c.expected.is_some() || c.lower_values.is_some() || c.estimates.is_some() || c.time_budget.is_some() || c.monte_carlo.is_some() || c.routes.is_some();
    if claims_keys {
        return Err(Error::invalid("keys", "expected/lower_values/estimates/time_budget/monte_carlo/routes", "belong to claims or golden checks, not to a mechanism check"));
    }
    let noise = c.noise_multiplier.ok_or_else(|| Error::invalid("noise_multiplier", "missing", "a mechanism check needs noise_multiplier"))?;
    let settings = c.settings(defaults);
    let request = build_request(mechanism, noise, c.sensitivity, c.sampling_rate, c.steps.unwrap_or(1), c.delta, c.epsilon, &settings)?;
    let mut max_rel_width = Vec::new();
    for (m, r) in &c.max_rel_width {
        let method = Method::parse(m)?;
        check::positive("max_rel_width", *r)?;
        max_rel_width.push((method, *r));
    }
    let references = c.reference.iter().map(|r| plan_reference(r, &request.methods)).collect::<Result<Vec<_>>>()?;
    let criteria = Criteria {
        require_overlap: c.require_overlap.unwrap_or(true),
        max_rel_width,
        require_positive_upper: c.require_positive_upper.unwrap_or(false),
        references,
    };
    Ok(PlannedCheck { name: String::new(), note: c.note.clone(), line: c.line, kind: CheckKind::Profile { request, criteria } })
}

/// Claims, paper and golden checks: profile keys are rejected, the kind's own keys validated.
fn plan_other(c: &CheckSpec, defaults: &Settings) -> Result<PlannedCheck> {
    let profile_keys = c.noise_multiplier.is_some() || c.sensitivity.is_some() || c.sampling_rate.is_some() || c.steps.is_some() || c.delta.is_some() || c.epsilon.is_some();
    let criteria_keys = c.require_overlap.is_some() || !c.max_rel_width.is_empty() || c.require_positive_upper.is_some() || !c.reference.is_empty() || c.methods.is_some();
    if profile_keys || criteria_keys {
        return Err(Error::invalid("keys", "noise_multiplier/sensitivity/sampling_rate/steps/delta/epsilon/criteria/methods", "belong to mechanism checks only"));
    }
    let is_claims = c.claims.is_some();
    if !is_claims && (c.expected.is_some() || c.lower_values.is_some() || c.estimates.is_some() || c.time_budget.is_some() || c.monte_carlo.is_some()) {
        return Err(Error::invalid("keys", "expected/lower_values/estimates/time_budget/monte_carlo", "belong to claims checks only"));
    }
    if c.paper.is_none() && c.experiments.is_some() {
        return Err(Error::invalid("experiments", "given", "belongs to paper checks only"));
    }
    if c.golden.is_none() && c.routes.is_some() {
        return Err(Error::invalid("routes", "given", "belongs to golden checks only"));
    }
    let path = |p: &str| c.base_dir.join(p).display().to_string();
    let kind = if let Some(file) = &c.claims {
        let s = c.settings(defaults);
        let mut o = ClaimOptions::default();
        if let Some(v) = s.confidence {
            o.confidence = v;
        }
        if let Some(v) = s.seed {
            o.seed = v;
        }
        if let Some(v) = s.precision {
            o.precision = v;
        }
        if let Some(v) = s.mc_samples {
            o.mc_samples = v;
        }
        if let Some(v) = c.time_budget {
            o.time_budget = v;
        }
        if let Some(v) = c.monte_carlo {
            o.monte_carlo = v;
        }
        let lower = c.lower_values.clone().unwrap_or_default();
        let est = c.estimates.clone().unwrap_or_default();
        CheckKind::Claims(Box::new(ClaimsPlan::new(&path(file), c.expected.as_deref().map(path).as_deref(), lower, est, o)?))
    } else if let Some(p) = &c.paper {
        CheckKind::Paper(PaperPlan::new(p)?.with_experiments(c.experiments.as_deref())?)
    } else if let Some(dir) = &c.golden {
        CheckKind::Golden(GoldenPlan::new(&path(dir), c.routes.as_deref())?)
    } else {
        return Err(Error::invalid("check kind", "", "give exactly one of mechanism, claims, paper, golden"));
    };
    Ok(PlannedCheck { name: String::new(), note: c.note.clone(), line: c.line, kind })
}

fn plan_reference(r: &ReferenceSpec, requested: &[Method]) -> Result<Reference> {
    if r.source.trim().is_empty() {
        return Err(Error::invalid("reference source", "\"\"", "say where the number comes from"));
    }
    let value = match (r.value, r.lower, r.upper) {
        (Some(v), None, None) => RefValue::Point(check::finite("reference value", v)?),
        (None, Some(lo), Some(hi)) => {
            let iv = Interval::new(check::finite("reference lower", lo)?, check::finite("reference upper", hi)?)
                .ok_or_else(|| Error::invalid("reference interval", format!("[{lo}, {hi}]"), "needs lower ≤ upper"))?;
            RefValue::Range(iv)
        }
        _ => return Err(Error::invalid("reference", &r.source, "give either value, or both lower and upper")),
    };
    let expect = Expect::parse(r.expect.as_deref().unwrap_or("inside"))?;
    if expect == Expect::Encloses && !matches!(value, RefValue::Range(_)) {
        return Err(Error::invalid("reference", &r.source, "expect = \"encloses\" needs lower and upper"));
    }
    if matches!(expect, Expect::UpperBound | Expect::LowerBound) && !matches!(value, RefValue::Point(_)) {
        return Err(Error::invalid("reference", &r.source, "upper_bound/lower_bound need a single value"));
    }
    let abs_tol = r.abs_tol.unwrap_or(0.0);
    if !(abs_tol.is_finite() && abs_tol >= 0.0) {
        return Err(Error::invalid("abs_tol", abs_tol, "must be a finite number ≥ 0"));
    }
    let methods = match &r.methods {
        Some(m) => parse_methods(m)?,
        // Default: the certified methods that this check runs (Monte Carlo only on request).
        None => requested.iter().copied().filter(|m| *m != Method::Mc).collect(),
    };
    if let Some(m) = methods.iter().find(|m| !requested.contains(m)) {
        return Err(Error::invalid("reference methods", method_name(*m), "is not among the check's methods"));
    }
    Ok(Reference { source: r.source.clone(), value, expect, abs_tol, methods })
}

/// Short text of a mechanism with its parameters.
pub fn describe_mechanism(m: &Mechanism) -> String {
    match m {
        Mechanism::Gaussian { noise_multiplier, sensitivity } => format!("gaussian(S={noise_multiplier}, C={sensitivity})"),
        Mechanism::Laplace { noise_multiplier, sensitivity } => format!("laplace(S={noise_multiplier}, C={sensitivity})"),
        Mechanism::RandomizedResponse { noise_multiplier } => format!("randomized-response(S={noise_multiplier})"),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, sensitivity, sampling_rate } => {
            format!("poisson-subsampled-gaussian(q={sampling_rate}, S={noise_multiplier}, C={sensitivity})")
        }
    }
}

/// `ε at δ = 1e-5` / `δ at ε = 1`.
pub fn describe_query(q: &Query) -> String {
    match q {
        Query::EpsilonAt { delta } => format!("ε at δ = {delta:e}"),
        Query::DeltaAt { epsilon } => format!("δ at ε = {epsilon}"),
    }
}

fn describe(c: &PlannedCheck) -> String {
    let (r, criteria) = match &c.kind {
        CheckKind::Profile { request, criteria } => (request, criteria),
        CheckKind::Claims(p) => return p.describe(),
        CheckKind::Paper(p) => return p.describe(),
        CheckKind::Golden(p) => return p.describe(),
    };
    let methods: Vec<&str> = r.methods.iter().map(|m| method_name(*m)).collect();
    let mut crit = Vec::new();
    if criteria.require_overlap {
        crit.push("overlap".to_string());
    }
    for (m, w) in &criteria.max_rel_width {
        crit.push(format!("{} width ≤ {w:e}·|value|", method_name(*m)));
    }
    if criteria.require_positive_upper {
        crit.push("upper > 0".into());
    }
    if !criteria.references.is_empty() {
        let kinds: Vec<&str> = criteria.references.iter().map(|r| r.expect.name()).collect();
        crit.push(format!("{} reference(s): {}", kinds.len(), kinds.join(", ")));
    }
    format!(
        "{} × T={}, {}; methods {}; seed {}; criteria: {}",
        describe_mechanism(&r.mechanism),
        r.steps,
        describe_query(&r.query),
        methods.join(","),
        r.seed,
        if crit.is_empty() { "none".into() } else { crit.join("; ") }
    )
}

//! The three-way evaluation of one privacy-profile query (issue 2: "three independent ways").
//!
//! For a mechanism composed `steps` times and a query — δ at a given ε, or ε at a given δ —
//! [`evaluate`] runs the requested methods and reports one interval per method:
//!
//! | method | engine | guarantee |
//! |---|---|---|
//! | `exact` | [`crate::exact`]: closed forms in MPFR at `prec_bits` and `2·prec_bits`; where none exists (subsampled Gaussian, Laplace, randomized response composed T times), [`crate::exact::conv`]: MPFR discretisation + interval convolution | exact formula, two-precision error bound; or certified (interval convolution) |
//! | `fft` | [`crate::pld`]: Connect-the-Dots (upper) and cell-merging (lower) discretisation + FFT composition | certified interval (both ends rounded outward) |
//! | `mc` | [`crate::mc`]: sampling of the privacy-loss random variable | holds with probability ≥ `mc_confidence` |
//! | `cf` | [`crate::cf`]: characteristic-function inversion with certified quadrature, truncation and aliasing bounds (Gaussian and subsampled Gaussian; cost flat in T) | certified interval |
//!
//! `all` means the three independent ways of issue 2 (exact, fft, mc); `cf` is a fourth certified
//! route, asked for by name (it answers "not applicable" for lattice losses and where its work
//! budget would be exceeded — small q with small T).
//!
//! The methods **agree** when every pair of available intervals overlaps. A method that does not
//! apply (e.g. `exact` beyond the interval-convolution limits, T > 10⁴) is reported with no
//! interval and a reason, and does not count against agreement.

use crate::error::{check, Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// An evaluation method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Exact,
    Fft,
    Mc,
    Cf,
}

impl Method {
    pub const ALL: [Method; 3] = [Method::Exact, Method::Fft, Method::Mc];

    /// Parse `exact`, `fft`, `mc`, `cf` (case-insensitive). `all` is handled by [`Method::parse_list`].
    pub fn parse(s: &str) -> Result<Method> {
        match s.trim().to_ascii_lowercase().as_str() {
            "exact" => Ok(Method::Exact),
            "fft" | "pld" => Ok(Method::Fft),
            "mc" | "monte-carlo" | "montecarlo" => Ok(Method::Mc),
            "cf" | "characteristic-function" => Ok(Method::Cf),
            _ => Err(Error::UnknownName { kind: "method".into(), name: s.to_string(), expected: "exact, fft, mc, cf, all".into() }),
        }
    }
    /// Parse `all` or a comma-separated list of methods.
    pub fn parse_list(s: &str) -> Result<Vec<Method>> {
        if s.trim().eq_ignore_ascii_case("all") {
            return Ok(Method::ALL.to_vec());
        }
        let mut v = Vec::new();
        for part in s.split(',') {
            let m = Method::parse(part)?;
            if !v.contains(&m) {
                v.push(m);
            }
        }
        Ok(v)
    }
    pub fn name(&self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Fft => "fft",
            Method::Mc => "mc",
            Method::Cf => "cf",
        }
    }
}

/// The quantity asked for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Query {
    /// δ(ε): the tightest δ at this ε.
    DeltaAt { epsilon: f64 },
    /// ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}.
    EpsilonAt { delta: f64 },
}

impl Query {
    /// Name of the reported quantity.
    pub fn quantity(&self) -> &'static str {
        match self {
            Query::DeltaAt { .. } => "delta",
            Query::EpsilonAt { .. } => "epsilon",
        }
    }
    fn validate(&self) -> Result<()> {
        match *self {
            Query::DeltaAt { epsilon } => check::finite("epsilon", epsilon).map(|_| ()),
            Query::EpsilonAt { delta } => check::unit_open("delta", delta).map(|_| ()),
        }
    }
}

/// Largest number of composed steps `T` of a profile request (issue 14, F7, "limits of valid
/// input"): the FFT route's limit (`pld::certify`), applied to every method so that all three
/// answer the same question; every such T is exact in f64, so μ√T etc. are formed without
/// rounding T. T = 2⁶³ − 1 used to end in "numerical failure".
pub const MAX_STEPS: u64 = 1 << 40;

fn check_steps(steps: u64) -> Result<u64> {
    check::at_least_one("steps", steps)?;
    if steps > MAX_STEPS {
        return Err(Error::invalid("steps", steps, "exceeds the supported maximum 2^40 = 1099511627776 (see \"Limits of valid input\" in the README)"));
    }
    Ok(steps)
}

/// A validated request. Build with [`ProfileRequest::new`] and adjust the public fields.
#[derive(Clone, Debug)]
pub struct ProfileRequest {
    pub mechanism: Mechanism,
    pub steps: u64,
    pub query: Query,
    pub methods: Vec<Method>,
    /// Seed of the Monte Carlo streams (results are bit-reproducible for a given seed).
    pub seed: u64,
    /// MPFR precision (bits) of the exact route.
    pub prec_bits: u32,
    /// Confidence of the Monte Carlo interval, in (0, 1).
    pub mc_confidence: f64,
    /// Monte Carlo sample count (`None`: the engine's default).
    pub mc_samples: Option<usize>,
}

impl ProfileRequest {
    /// Validate and fill defaults: all methods, seed 0, 256 bits, confidence 0.999.
    pub fn new(mechanism: Mechanism, steps: u64, query: Query) -> Result<Self> {
        check_steps(steps)?;
        query.validate()?;
        Ok(ProfileRequest { mechanism, steps, query, methods: Method::ALL.to_vec(), seed: 0, prec_bits: crate::num::DEFAULT_PREC, mc_confidence: 0.999, mc_samples: None })
    }
    fn validate(&self) -> Result<()> {
        check_steps(self.steps)?;
        self.query.validate()?;
        check::unit_open("confidence", self.mc_confidence)?;
        crate::num::mp::check_precision(self.prec_bits)?;
        if self.mc_samples == Some(0) {
            return Err(Error::invalid("samples", 0, "must be at least 1"));
        }
        if self.methods.is_empty() {
            return Err(Error::invalid("methods", "none", "at least one method is required"));
        }
        Ok(())
    }
}

/// One method's answer.
#[derive(Clone, Debug, Serialize)]
pub struct MethodOutcome {
    pub method: Method,
    /// `None`: the method does not apply to this request (see `detail`).
    pub interval: Option<Interval>,
    /// `"certified"`, `"exact formula, MPFR two-precision bound"`, or `"99.9% confidence"`.
    pub guarantee: String,
    /// Diagnostics: grid, precision, sampler, reason for not applying, …
    pub detail: String,
    pub seconds: f64,
}

/// The report of one request.
#[derive(Clone, Debug, Serialize)]
pub struct ProfileReport {
    pub mechanism: Mechanism,
    pub steps: u64,
    pub query: Query,
    pub outcomes: Vec<MethodOutcome>,
    /// Every pair of available intervals overlaps.
    pub agree: bool,
}

impl ProfileReport {
    pub fn get(&self, m: Method) -> Option<&MethodOutcome> {
        self.outcomes.iter().find(|o| o.method == m)
    }
}

/// Evaluate without an interruption flag.
pub fn evaluate(req: &ProfileRequest) -> Result<ProfileReport> {
    evaluate_with(req, &AtomicBool::new(false))
}

/// Evaluate, checking `interrupt` between methods, inside Monte Carlo between chunks, and every
/// 50 ms while the exact or FFT route runs; returns [`Error::Interrupted`] once it is set
/// (issue 14, F4: a long FFT composition used to ignore Ctrl-C and then write its files).
pub fn evaluate_with(req: &ProfileRequest, interrupt: &AtomicBool) -> Result<ProfileReport> {
    req.validate()?;
    // Exact, FFT and cf have no cancellation point inside: each runs on a worker thread while
    // this thread polls `interrupt` (`crate::worker`).
    let on_worker = |f: fn(&ProfileRequest) -> Result<Run>| {
        let r = req.clone();
        crate::worker::run_interruptible(interrupt, None, move || f(&r))
    };
    let mut outcomes = Vec::new();
    for &m in &req.methods {
        if interrupt.load(Ordering::Relaxed) {
            return Err(Error::Interrupted);
        }
        let start = Instant::now();
        let (interval, guarantee, detail) = match m {
            Method::Exact => on_worker(run_exact)?,
            Method::Fft => on_worker(run_fft)?,
            Method::Mc => run_mc(req, interrupt)?,
            Method::Cf => on_worker(run_cf)?,
        };
        outcomes.push(MethodOutcome { method: m, interval, guarantee, detail, seconds: start.elapsed().as_secs_f64() });
    }
    let ivs: Vec<Interval> = outcomes.iter().filter_map(|o| o.interval).collect();
    let agree = ivs.iter().enumerate().all(|(i, a)| ivs[i + 1..].iter().all(|b| a.overlaps(b)));
    Ok(ProfileReport { mechanism: req.mechanism.clone(), steps: req.steps, query: req.query, outcomes, agree })
}

type Run = (Option<Interval>, String, String);


fn not_applicable(e: Error) -> Result<Run> {
    match e {
        Error::Unsupported(why) => Ok((None, "not applicable".into(), why)),
        other => Err(other),
    }
}

fn run_exact(req: &ProfileRequest) -> Result<Run> {
    let g = "exact formula, MPFR two-precision bound".to_string();
    let p = req.prec_bits;
    let r = match req.query {
        Query::DeltaAt { epsilon } => crate::exact::delta(&req.mechanism, req.steps, epsilon, p).and_then(|iv| {
            let ln = crate::exact::ln_delta(&req.mechanism, req.steps, epsilon, p)?;
            Ok((iv, format!("MPFR {p}/{} bits; ln δ ∈ [{:.15e}, {:.15e}]", 2 * p, ln.lower, ln.upper)))
        }),
        Query::EpsilonAt { delta } => crate::exact::epsilon(&req.mechanism, req.steps, delta, p).map(|iv| (iv, format!("MPFR {p}/{} bits, bisection on ln δ(ε)", 2 * p))),
    };
    match r {
        Ok((iv, d)) => Ok((Some(iv), g, d)),
        Err(Error::Unsupported(why)) => run_exact_conv(req).or_else(|e| match e {
            Error::Unsupported(conv_why) => Ok((None, "not applicable".into(), format!("{why}; {conv_why}"))),
            other => Err(other),
        }),
        Err(e) => Err(e),
    }
}

/// The exact route's second engine for compositions without a closed form
/// ([`crate::exact::conv`]: MPFR discretisation, interval convolution; certified, independent
/// of the FFT accountant).
fn run_exact_conv(req: &ProfileRequest) -> Result<Run> {
    let parts = [(req.mechanism.clone(), req.steps)];
    let opts = crate::exact::conv::ConvOptions::default();
    let (iv, d) = match req.query {
        Query::DeltaAt { epsilon } => crate::exact::conv::delta_interval(&parts, epsilon, &opts)?,
        Query::EpsilonAt { delta } => crate::exact::conv::epsilon_interval(&parts, delta, &opts)?,
    };
    Ok((Some(iv), "certified (interval convolution)".into(), d.describe()))
}

fn run_fft(req: &ProfileRequest) -> Result<Run> {
    let parts = [(req.mechanism.clone(), req.steps)];
    let opts = crate::pld::PldOptions::default();
    let r = match req.query {
        Query::DeltaAt { epsilon } => crate::pld::delta_interval(&parts, epsilon, &opts),
        Query::EpsilonAt { delta } => crate::pld::epsilon_interval(&parts, delta, &opts),
    };
    match r {
        Ok((iv, d)) => {
            let mut detail = format!("{:?}, h={:.3e}, N={}, passes={}, tail budget={:.1e}", d.discretisation, d.grid_step, d.fft_len, d.passes.len(), d.tail_budget);
            if !d.target_met {
                detail.push_str(", accuracy target not met");
            }
            for n in &d.notes {
                detail.push_str("; ");
                detail.push_str(n);
            }
            Ok((Some(iv), "certified".into(), detail))
        }
        Err(e) => not_applicable(e),
    }
}

fn run_cf(req: &ProfileRequest) -> Result<Run> {
    let parts = [(req.mechanism.clone(), req.steps)];
    let opts = crate::cf::CfOptions::default();
    let r = match req.query {
        Query::DeltaAt { epsilon } => crate::cf::delta_interval(&parts, epsilon, &opts),
        Query::EpsilonAt { delta } => crate::cf::epsilon_interval(&parts, delta, &opts),
    };
    match r {
        Ok((iv, d)) => Ok((Some(iv), "certified".into(), d.describe())),
        // the route has regime limits (work budget, precision of its bounds): report, don't abort
        Err(Error::Numerical(why)) => Ok((None, "not applicable".into(), format!("numerical failure: {why}"))),
        Err(e) => not_applicable(e),
    }
}

fn run_mc(req: &ProfileRequest, interrupt: &AtomicBool) -> Result<Run> {
    // The Monte Carlo engine polls a shared `Arc<AtomicBool>`; forward the caller's flag to it
    // from a watcher thread that lives only as long as this call.
    let flag = Arc::new(AtomicBool::new(interrupt.load(Ordering::Relaxed)));
    let done = AtomicBool::new(false);
    let mut opts = crate::mc::McOptions { seed: req.seed, confidence: req.mc_confidence, interrupt: Some(flag.clone()), ..Default::default() };
    if let Some(n) = req.mc_samples {
        // An explicit sample count is honoured exactly: lift the engine's per-step draw cap.
        opts.samples = n;
        opts.max_draws = 0;
    }
    let r = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if interrupt.load(Ordering::Relaxed) {
                    flag.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        let r = match req.query {
            Query::DeltaAt { epsilon } => crate::mc::delta_interval(&req.mechanism, req.steps, epsilon, &opts),
            Query::EpsilonAt { delta } => crate::mc::epsilon_interval(&req.mechanism, req.steps, delta, &opts),
        };
        done.store(true, Ordering::Relaxed);
        r
    });
    match r {
        Ok(est) => Ok((Some(est.interval), format!("{}% confidence", est.confidence * 100.0), format!("{} samples; {}", est.samples, est.method))),
        Err(e) => not_applicable(e),
    }
}

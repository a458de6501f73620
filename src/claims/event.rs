//! The events accountants compose (issue 12; format: `EVENT_FORMAT.md` v1, user documentation
//! in `docs/claims.md`, "Events"): a tree of mechanisms, sampling schemes and compositions,
//! mirroring dp_accounting's `DpEvent`, flattened into phases `(mechanism, sampling, count)`.
//!
//! The adjacency relation (add/remove or replace-one) belongs to the claim row, not to the tree.
//! Parsing (inline syntax, JSON/TOML files) lives in [`super::event_parse`]; the privacy-loss
//! laws of each phase in [`super::event_loss`].

use serde::Serialize;
use std::fmt;

/// Adjacency of the claim (`adjacency` column, EVENT_FORMAT §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Adjacency {
    /// Add or remove one record (the default; dp_accounting `ADD_OR_REMOVE_ONE`).
    AddRemove,
    /// Replace one record by another (substitution; dp_accounting `REPLACE_ONE`).
    ReplaceOne,
}

impl Adjacency {
    pub fn name(&self) -> &'static str {
        match self {
            Adjacency::AddRemove => "add_remove",
            Adjacency::ReplaceOne => "replace_one",
        }
    }

    /// Parse `add_remove` / `replace_one` (hyphens and case ignored; empty is `None`).
    pub fn parse(s: &str) -> Option<Option<Adjacency>> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "" => Some(None),
            "add_remove" | "add_or_remove_one" | "add_or_remove" => Some(Some(Adjacency::AddRemove)),
            "replace_one" | "replace" | "substitution" => Some(Some(Adjacency::ReplaceOne)),
            _ => None,
        }
    }
}

/// A base mechanism (EVENT_FORMAT §1 `mech`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Base {
    /// `N(0, (σC)²)` added to an ℓ2-sensitivity-`C` sum: the loss depends on σ only (μ = 1/σ
    /// under add/remove); `C` is kept for reporting.
    Gaussian { sigma: f64, sensitivity: f64 },
    /// Laplace noise of scale `b·C` on an ℓ1-sensitivity-`C` sum (ε0 = 1/b under add/remove).
    Laplace { b: f64 },
    /// Binary randomized response with parameter ε0.
    Rr { eps0: f64 },
}

/// How each step's batch is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sampling {
    /// The whole dataset every step.
    None,
    /// Poisson sampling: each record independently with probability `q`.
    Poisson { q: f64 },
    /// A uniformly random subset of exactly `b` of the `n` records, fresh every step.
    Wor { b: u64, n: u64 },
    /// One epoch over a secret random permutation: `n/b` consecutive disjoint batches of `b`.
    Shuffle { b: u64, n: u64 },
}

/// An event tree node (EVENT_FORMAT §1 grammar, §2 JSON/TOML nodes).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    Mech(Base),
    Sampled(Sampling, Base),
    SelfComposed(u64, Box<Node>),
    Composed(Vec<Node>),
}

/// One phase of a flattened event: `count` steps of `base` with the batch drawn by `sampling`.
/// For [`Sampling::Shuffle`] one "step" is one whole epoch (`n/b` batches).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Phase {
    pub base: Base,
    pub sampling: Sampling,
    pub count: u64,
}

/// A parsed event: its canonical text, tree and flattened phases (consecutive equal phases
/// merged).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Event {
    /// Canonical inline form (also the key of the FFT group that composes it).
    pub text: String,
    pub tree: Node,
    pub phases: Vec<Phase>,
}

impl Event {
    /// Build from a tree. Errors (a message for the caller to place): a count product beyond
    /// `u64`.
    pub fn from_tree(tree: Node) -> Result<Event, String> {
        let mut phases: Vec<Phase> = Vec::new();
        flatten(&tree, 1, &mut phases)?;
        Ok(Event { text: tree.to_string(), tree, phases })
    }

    /// Total number of steps (shuffle epochs count `n/b` steps each).
    pub fn total_steps(&self) -> u64 {
        self.phases
            .iter()
            .map(|p| match p.sampling {
                Sampling::Shuffle { b, n } => p.count.saturating_mul(n / b),
                _ => p.count,
            })
            .fold(0u64, |a, b| a.saturating_add(b))
    }

    /// True when some phase is shuffled (lower bound only, `docs/claims.md`).
    pub fn has_shuffle(&self) -> bool {
        self.phases.iter().any(|p| matches!(p.sampling, Sampling::Shuffle { .. }))
    }
}

fn flatten(node: &Node, mult: u64, out: &mut Vec<Phase>) -> Result<(), String> {
    match node {
        Node::Mech(b) => push(out, Phase { base: *b, sampling: Sampling::None, count: mult }),
        Node::Sampled(s, b) => push(out, Phase { base: *b, sampling: *s, count: mult }),
        Node::SelfComposed(k, inner) => {
            let m = mult.checked_mul(*k).ok_or_else(|| format!("the composed count {mult} × {k} exceeds 2^64"))?;
            flatten(inner, m, out)?;
        }
        Node::Composed(parts) => {
            for p in parts {
                flatten(p, mult, out)?;
            }
        }
    }
    Ok(())
}

fn push(out: &mut Vec<Phase>, p: Phase) {
    match out.last_mut() {
        Some(last) if last.base == p.base && last.sampling == p.sampling => last.count = last.count.saturating_add(p.count),
        _ => out.push(p),
    }
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Base::Gaussian { sigma, sensitivity } if sensitivity == 1.0 => write!(f, "gaussian({sigma:?})"),
            Base::Gaussian { sigma, sensitivity } => write!(f, "gaussian({sigma:?}, sensitivity={sensitivity:?})"),
            Base::Laplace { b } => write!(f, "laplace({b:?})"),
            Base::Rr { eps0 } => write!(f, "rr({eps0:?})"),
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Mech(b) => write!(f, "{b}"),
            Node::Sampled(Sampling::None, b) => write!(f, "{b}"),
            Node::Sampled(Sampling::Poisson { q }, b) => write!(f, "poisson({q:?}, {b})"),
            Node::Sampled(Sampling::Wor { b: k, n }, b) => write!(f, "wor({k}, {n}, {b})"),
            Node::Sampled(Sampling::Shuffle { b: k, n }, b) => write!(f, "shuffle({k}, {n}, {b})"),
            Node::SelfComposed(k, inner) => match **inner {
                Node::Composed(_) => write!(f, "{k}*({inner})"),
                _ => write!(f, "{k}*{inner}"),
            },
            Node::Composed(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        write!(f, " + ")?;
                    }
                    match p {
                        Node::Composed(_) => write!(f, "({p})")?,
                        _ => write!(f, "{p}")?,
                    }
                }
                Ok(())
            }
        }
    }
}

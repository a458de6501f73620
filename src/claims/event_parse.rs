//! Reading events (EVENT_FORMAT.md v1, `docs/claims.md` "Events"): the inline syntax of the
//! claims column `event` (§1) and the JSON/TOML event files named by `@PATH` (§2).
//!
//! Errors are messages for the claims parser to prefix with `file:line: column K (event)`; the
//! inline parser names the 1-based character position of the problem.

use super::event::{Adjacency, Base, Event, Node, Sampling};
use crate::mechanisms::MIN_NOISE_MULTIPLIER;
use serde_json::Value;
use std::path::Path;

/// Deepest nesting of parentheses / nodes an event may have. Real events nest a handful of
/// levels; the limit keeps a hostile row (20 000 nested `(`, issue 25) from overflowing the stack.
pub const MAX_DEPTH: usize = 64;

/// Parse the inline syntax (EVENT_FORMAT §1).
pub fn parse_inline(text: &str) -> Result<Event, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut p = Parser { s: chars, i: 0, depth: 0 };
    let node = p.event()?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.err(&format!("unexpected '{}' after a complete event", p.s[p.i])));
    }
    Event::from_tree(node)
}

/// Read an event file (`.json` or `.toml`, EVENT_FORMAT §2). `base` is the claims file's
/// directory (relative paths are resolved against it). Returns the event and the file's
/// `adjacency`, if it names one.
pub fn read_file(spec: &str, base: &Path) -> Result<(Event, Option<Adjacency>), String> {
    let rel = Path::new(spec.trim());
    let path = if rel.is_absolute() { rel.to_path_buf() } else { base.join(rel) };
    let shown = path.display();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read the event file {shown}: {e}"))?;
    // A UTF-8 byte-order mark (editors on Windows write one) is accepted, as in claims CSV.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let value: Value = match ext.as_str() {
        "json" => serde_json::from_str(&text).map_err(|e| format!("event file {shown}: malformed JSON: {}", one_line(&e.to_string())))?,
        "toml" => {
            let t: toml::Value = toml::from_str(&text).map_err(|e| {
                let line = e.span().map(|s| text[..s.start.min(text.len())].lines().count().max(1));
                format!("event file {shown}{}: malformed TOML: {}", line.map(|l| format!(":{l}")).unwrap_or_default(), one_line(e.message()))
            })?;
            serde_json::to_value(t).map_err(|e| format!("event file {shown}: {e}"))?
        }
        _ => return Err(format!("event file {shown}: the name must end in .json or .toml")),
    };
    let top = value.as_object().ok_or_else(|| format!("event file {shown}: the top level must be a table/object with the key 'event'"))?;
    for k in top.keys() {
        if k != "event" && k != "adjacency" {
            return Err(format!("event file {shown}: unknown top-level key '{k}' (expected 'event' and optionally 'adjacency')"));
        }
    }
    let adjacency = match top.get("adjacency") {
        None => None,
        Some(Value::String(s)) => match Adjacency::parse(s) {
            Some(a) => a,
            None => return Err(format!("event file {shown}: adjacency '{s}' is not add_remove or replace_one")),
        },
        Some(v) => return Err(format!("event file {shown}: adjacency must be a string, got {v}")),
    };
    let node = top.get("event").ok_or_else(|| format!("event file {shown}: the key 'event' is missing"))?;
    let tree = node_of(node, "event", 1).map_err(|m| match unknown_key_line(&m, &text) {
        Some(line) => format!("event file {shown}:{line}: {m}"),
        None => format!("event file {shown}: {m}"),
    })?;
    Ok((Event::from_tree(tree).map_err(|m| format!("event file {shown}: {m}"))?, adjacency))
}

struct Parser {
    s: Vec<char>,
    i: usize,
    /// Current nesting depth (parentheses, sampling schemes, counts).
    depth: usize,
}

impl Parser {
    fn err(&self, msg: &str) -> String {
        format!("at character {}: {msg}", (self.i + 1).min(self.s.len() + 1))
    }
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<char> {
        self.ws();
        self.s.get(self.i).copied()
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.peek() {
            Some(x) if x == c => {
                self.i += 1;
                Ok(())
            }
            Some(x) => Err(self.err(&format!("expected '{c}', found '{x}'"))),
            None => Err(self.err(&format!("expected '{c}', found the end of the event"))),
        }
    }
    /// `event := term ('+' term)*`
    fn event(&mut self) -> Result<Node, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(&format!("the event nests deeper than {MAX_DEPTH} levels")));
        }
        let mut parts = vec![self.term()?];
        while self.peek() == Some('+') {
            self.i += 1;
            parts.push(self.term()?);
        }
        self.depth -= 1;
        Ok(if parts.len() == 1 { parts.pop().unwrap_or(Node::Composed(vec![])) } else { Node::Composed(parts) })
    }
    /// `term := [COUNT '*'] factor`
    fn term(&mut self) -> Result<Node, String> {
        if matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            let start = self.i;
            let count = self.integer("count")?;
            if self.peek() != Some('*') {
                self.i = start;
                return Err(self.err("a number must be followed by '*' (COUNT*event)"));
            }
            self.i += 1;
            if count == 0 {
                self.i = start;
                return Err(self.err("the count must be at least 1"));
            }
            return Ok(Node::SelfComposed(count, Box::new(self.factor()?)));
        }
        self.factor()
    }
    fn factor(&mut self) -> Result<Node, String> {
        if self.peek() == Some('(') {
            self.i += 1;
            let e = self.event()?;
            self.expect(')')?;
            return Ok(e);
        }
        let start = self.i;
        let mut name = String::new();
        while let Some(&c) = self.s.get(self.i) {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                self.i += 1;
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(match self.peek() {
                Some(c) => self.err(&format!("expected a mechanism, a sampling scheme or '(', found '{c}'")),
                None => self.err("expected a mechanism, a sampling scheme or '(', found the end of the event"),
            });
        }
        let name_at = start;
        self.expect('(')?;
        let node = match name.to_ascii_lowercase().as_str() {
            "gaussian" => {
                let sigma = self.number("σ of gaussian")?;
                let mut sensitivity = 1.0;
                if self.peek() == Some(',') {
                    self.i += 1;
                    self.keyword("sensitivity")?;
                    self.expect('=')?;
                    sensitivity = self.number("sensitivity")?;
                }
                Node::Mech(base_gaussian(sigma, sensitivity).map_err(|m| self.err(&m))?)
            }
            "laplace" => {
                let b = self.number("b of laplace")?;
                Node::Mech(base_laplace(b).map_err(|m| self.err(&m))?)
            }
            "rr" => {
                let e = self.number("ε0 of rr")?;
                Node::Mech(base_rr(e).map_err(|m| self.err(&m))?)
            }
            "poisson" => {
                let q = self.number("q of poisson")?;
                self.expect(',')?;
                let at = self.i;
                let inner = self.event()?;
                Node::Sampled(poisson(q).map_err(|m| self.err(&m))?, sampled_base(&inner).map_err(|m| at_pos(at, &m))?)
            }
            "wor" | "shuffle" => {
                let b = self.integer("B")?;
                self.expect(',')?;
                let n = self.integer("N")?;
                self.expect(',')?;
                let at = self.i;
                let inner = self.event()?;
                let s = batches(&name, b, n).map_err(|m| self.err(&m))?;
                Node::Sampled(s, sampled_base(&inner).map_err(|m| at_pos(at, &m))?)
            }
            _ => {
                self.i = name_at;
                return Err(self.err(&format!("unknown event '{name}' (expected gaussian, laplace, rr, poisson, wor or shuffle)")));
            }
        };
        self.expect(')')?;
        Ok(node)
    }
    fn keyword(&mut self, kw: &str) -> Result<(), String> {
        self.ws();
        let end = self.i + kw.len();
        if end <= self.s.len() && self.s[self.i..end].iter().collect::<String>().eq_ignore_ascii_case(kw) {
            self.i = end;
            Ok(())
        } else {
            Err(self.err(&format!("expected '{kw}='")))
        }
    }
    fn token(&mut self) -> String {
        self.ws();
        let mut t = String::new();
        while let Some(&c) = self.s.get(self.i) {
            let sign = matches!(c, '-' | '+') && (t.is_empty() || t.ends_with(['e', 'E']));
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_') || sign {
                t.push(c);
                self.i += 1;
            } else {
                break;
            }
        }
        t
    }
    fn number(&mut self, what: &str) -> Result<f64, String> {
        let at = self.i;
        let t = self.token();
        match t.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => {
                self.i = at;
                self.ws();
                Err(self.err(&format!("{what}: '{t}' is not a finite number")))
            }
        }
    }
    fn integer(&mut self, what: &str) -> Result<u64, String> {
        self.ws();
        let at = self.i;
        let t = self.token();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            self.i = at;
            return Err(self.err(&format!("{what}: '{t}' is not a decimal integer")));
        }
        t.parse::<u64>().map_err(|_| {
            self.i = at;
            self.err(&format!("{what}: '{t}' is too large"))
        })
    }
}

fn at_pos(i: usize, m: &str) -> String {
    format!("at character {}: {m}", i + 1)
}

fn base_gaussian(sigma: f64, sensitivity: f64) -> Result<Base, String> {
    if !(sigma >= MIN_NOISE_MULTIPLIER) {
        return Err(format!("the Gaussian noise multiplier must be ≥ {MIN_NOISE_MULTIPLIER}, got {sigma}"));
    }
    if !(sensitivity > 0.0 && sensitivity.is_finite()) {
        return Err(format!("the sensitivity must be a finite number > 0, got {sensitivity}"));
    }
    Ok(Base::Gaussian { sigma, sensitivity })
}

fn base_laplace(b: f64) -> Result<Base, String> {
    if !(b >= MIN_NOISE_MULTIPLIER) {
        return Err(format!("the Laplace noise multiplier must be ≥ {MIN_NOISE_MULTIPLIER}, got {b}"));
    }
    Ok(Base::Laplace { b })
}

fn base_rr(eps0: f64) -> Result<Base, String> {
    if !(eps0 > 0.0 && eps0 <= 1.0 / MIN_NOISE_MULTIPLIER) {
        return Err(format!("ε0 of randomized response must lie in (0, {}], got {eps0}", 1.0 / MIN_NOISE_MULTIPLIER));
    }
    Ok(Base::Rr { eps0 })
}

fn poisson(q: f64) -> Result<Sampling, String> {
    if !(0.0..=1.0).contains(&q) {
        return Err(format!("the Poisson sampling probability must lie in [0, 1], got {q}"));
    }
    Ok(Sampling::Poisson { q })
}

fn batches(name: &str, b: u64, n: u64) -> Result<Sampling, String> {
    if b == 0 || b > n {
        return Err(format!("{name}: the batch size B must satisfy 1 ≤ B ≤ N, got B = {b}, N = {n}"));
    }
    if name == "shuffle" {
        if n % b != 0 {
            return Err(format!("shuffle: N = {n} is not a multiple of B = {b} (one epoch is N/B full batches)"));
        }
        return Ok(Sampling::Shuffle { b, n });
    }
    Ok(Sampling::Wor { b, n })
}

/// The mechanism inside a sampling node: one bare mechanism (sampling a batch once and then
/// running several mechanisms on it is not a dp_accounting event either).
fn sampled_base(inner: &Node) -> Result<Base, String> {
    match inner {
        Node::Mech(b) => Ok(*b),
        Node::Sampled(..) => Err("nested sampling (a sampled event inside a sampling scheme) is not supported".into()),
        _ => Err("a sampling scheme must wrap exactly one mechanism (gaussian, laplace or rr); compose sampled events instead, e.g. 10*poisson(q, gaussian(1))".into()),
    }
}

/// A message on one line (parsers' messages may span several).
fn one_line(m: &str) -> String {
    m.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The keys each kind of node takes (EVENT_FORMAT §2).
fn allowed_keys(node: &str) -> &'static [&'static str] {
    match node {
        "gaussian" => &["noise_multiplier", "sensitivity"],
        "laplace" => &["noise_multiplier"],
        "randomized_response" => &["epsilon0"],
        "poisson_sampled" => &["sampling_probability", "event"],
        "sampled_without_replacement" => &["sample_size", "source_dataset_size", "event"],
        "shuffled" => &["batch_size", "dataset_size", "event"],
        "self_composed" => &["count", "event"],
        _ => &[],
    }
}

/// The 1-based line of the file where the unknown key named in `message` first appears.
fn unknown_key_line(message: &str, text: &str) -> Option<usize> {
    let key = message.split("unknown key '").nth(1)?.split('\'').next()?;
    text.lines().position(|l| l.contains(&format!("\"{key}\"")) || l.trim_start().starts_with(key)).map(|i| i + 1)
}

/// One JSON/TOML node (EVENT_FORMAT §2), `at` naming its place in the tree, `depth` its nesting.
fn node_of(v: &Value, at: &str, depth: usize) -> Result<Node, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at}: the event nests deeper than {MAX_DEPTH} levels"));
    }
    let obj = v.as_object().filter(|o| o.len() == 1).ok_or_else(|| format!("{at}: a node must be an object with exactly one key, got {}", short(v)))?;
    let (key, body) = obj.iter().next().ok_or_else(|| format!("{at}: empty node"))?;
    let here = format!("{at}.{key}");
    if let Some(fields) = body.as_object() {
        let allowed = allowed_keys(key);
        if let Some(k) = fields.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(format!("{here}: unknown key '{k}' (expected: {})", allowed.join(", ")));
        }
    }
    let num = |name: &str| -> Result<f64, String> {
        body.get(name).and_then(Value::as_f64).ok_or_else(|| format!("{here}: the number '{name}' is missing or not a number"))
    };
    let int = |name: &str| -> Result<u64, String> {
        body.get(name).and_then(Value::as_u64).ok_or_else(|| format!("{here}: the integer '{name}' is missing or not a non-negative integer"))
    };
    let inner = || -> Result<Node, String> { node_of(body.get("event").ok_or_else(|| format!("{here}: the key 'event' is missing"))?, &format!("{here}.event"), depth + 1) };
    let e = |r: Result<Base, String>| r.map_err(|m| format!("{here}: {m}"));
    Ok(match key.as_str() {
        "gaussian" => {
            let c = if body.get("sensitivity").is_some() { num("sensitivity")? } else { 1.0 };
            Node::Mech(e(base_gaussian(num("noise_multiplier")?, c))?)
        }
        "laplace" => Node::Mech(e(base_laplace(num("noise_multiplier")?))?),
        "randomized_response" => Node::Mech(e(base_rr(num("epsilon0")?))?),
        "poisson_sampled" => {
            let s = poisson(num("sampling_probability")?).map_err(|m| format!("{here}: {m}"))?;
            Node::Sampled(s, sampled_base(&inner()?).map_err(|m| format!("{here}: {m}"))?)
        }
        "sampled_without_replacement" | "shuffled" => {
            let (b, n) = if key == "shuffled" { (int("batch_size")?, int("dataset_size")?) } else { (int("sample_size")?, int("source_dataset_size")?) };
            let s = batches(if key == "shuffled" { "shuffle" } else { "wor" }, b, n).map_err(|m| format!("{here}: {m}"))?;
            Node::Sampled(s, sampled_base(&inner()?).map_err(|m| format!("{here}: {m}"))?)
        }
        "self_composed" => {
            let k = int("count")?;
            if k == 0 {
                return Err(format!("{here}: the count must be at least 1"));
            }
            Node::SelfComposed(k, Box::new(inner()?))
        }
        "composed" => {
            let list = body.as_array().filter(|a| !a.is_empty()).ok_or_else(|| format!("{here}: must be a non-empty list of nodes"))?;
            Node::Composed(list.iter().enumerate().map(|(i, n)| node_of(n, &format!("{here}[{i}]"), depth + 1)).collect::<Result<_, _>>()?)
        }
        _ => {
            return Err(format!(
                "{at}: unknown node '{key}' (expected gaussian, laplace, randomized_response, poisson_sampled, sampled_without_replacement, shuffled, self_composed or composed)"
            ))
        }
    })
}

/// A JSON value for a message: at most 80 characters.
fn short(v: &Value) -> String {
    let t = v.to_string();
    if t.chars().count() > 80 { format!("{}…", t.chars().take(80).collect::<String>()) } else { t }
}

"""What an accountant composed, in dpaudit's event format (issue 12; the contract is the
repository's event-format note, "dpaudit event format v1": §1 inline syntax, §2 JSON tree,
§3 dp_accounting mapping).

Three inputs give the same normalised tree (:class:`Event`):

* a ``dp_accounting.DpEvent`` (dp_accounting is imported only when such an object is given, so
  this module works without it);
* a dict: the JSON/TOML tree of §2, either ``{"event": NODE, "adjacency": ...}`` or a bare NODE;
* a string in the inline syntax of §1, e.g. ``"1000*poisson(0.01, gaussian(1.0))"``.

The tree is written back as the inline string (:func:`to_inline`) or, for the single-phase events
that the claims engine has always read, as the columns ``mechanism, noise_multiplier, sensitivity,
sampling_rate, steps`` of ``docs/claims.md`` §1 (:func:`legacy_columns`).

Normalisation (none of it changes the composed mechanism): a ``NoOpDpEvent`` (and a randomized
response with noise parameter 1, whose output does not depend on the data) is dropped; nested
self-compositions multiply their counts (``k*(m*x) = (k·m)*x``); a composition nested in a
composition is flattened; adjacent equal parts are merged (``x + x = 2*x``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any, Optional, Tuple, Union

__all__ = [
    "Gaussian",
    "Laplace",
    "RandomizedResponse",
    "Poisson",
    "WithoutReplacement",
    "Shuffled",
    "Event",
    "to_event",
    "to_inline",
    "legacy_columns",
    "parse_inline",
    "from_json",
    "rr_epsilon0",
    "rr_noise_multiplier",
    "adjacency_name",
]

ADJACENCIES = ("add_remove", "replace_one")


# ---------------------------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Gaussian:
    """``gaussian(σ[, sensitivity=C])``: N(0, (σC)²) noise on an L2-sensitivity-C sum."""

    sigma: float
    sensitivity: float = 1.0


@dataclass(frozen=True)
class Laplace:
    """``laplace(b)``: Laplace noise of scale b·sensitivity (b = noise multiplier)."""

    b: float


@dataclass(frozen=True)
class RandomizedResponse:
    """``rr(ε0)``: binary randomized response with ε0 = ln(P[truth] / P[flip])."""

    eps0: float


@dataclass(frozen=True)
class Poisson:
    """``poisson(q, event)``: Poisson sampling at rate q, then ``event`` on the sample."""

    q: float
    event: "Event"


@dataclass(frozen=True)
class WithoutReplacement:
    """``wor(b, n, event)``: a uniform subset of exactly b of n records, then ``event``."""

    b: int
    n: int
    event: "Event"


@dataclass(frozen=True)
class Shuffled:
    """``shuffle(b, n, event)``: one epoch of a secret shuffle, n/b consecutive batches of b."""

    b: int
    n: int
    event: "Event"


Node = Union[Gaussian, Laplace, RandomizedResponse, Poisson, WithoutReplacement, Shuffled, "Event"]


@dataclass(frozen=True)
class Event:
    """A composition, in order, of ``count``-fold self-compositions: ``terms = ((count, node), …)``.

    Built normalised by :func:`_compose` (no empty or count-1 nested compositions, no adjacent
    equal parts). An empty ``terms`` is the empty composition (nothing private happened).
    """

    terms: Tuple[Tuple[int, Node], ...]


EMPTY = Event(())


def _compose(parts) -> Event:
    """The normalised composition of ``parts`` = iterable of (count, node or Event)."""
    out: list = []
    for count, node in parts:
        if isinstance(node, Event):
            if not node.terms:
                continue
            if len(node.terms) == 1:
                inner_count, inner = node.terms[0]
                _push(out, count * inner_count, inner)
                continue
            if count == 1:
                for c, n in node.terms:
                    _push(out, c, n)
                continue
        _push(out, count, node)
    return Event(tuple(out))


def _push(out: list, count: int, node) -> None:
    if out and out[-1][1] == node:
        out[-1] = (out[-1][0] + count, node)
    else:
        out.append((count, node))


def _single(node) -> Event:
    return Event(((1, node),))


# ---------------------------------------------------------------------------------------------
# Checks (clear ValueError naming what is wrong)
# ---------------------------------------------------------------------------------------------


def _positive(what: str, x: Any) -> float:
    x = _number(what, x)
    if not (math.isfinite(x) and x > 0):
        raise ValueError(f"{what} = {x!r}: must be a finite number > 0")
    return x


def _number(what: str, x: Any) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        try:
            x = float(x)  # numpy scalars and the like
        except (TypeError, ValueError):
            raise ValueError(f"{what} = {x!r}: must be a number") from None
    return float(x)


def _probability(what: str, x: Any) -> float:
    x = _number(what, x)
    if not (0.0 <= x <= 1.0):
        raise ValueError(f"{what} = {x!r}: must lie in [0, 1]")
    return x


def _count(what: str, x: Any) -> int:
    if isinstance(x, bool) or int(x) != x or int(x) < 1:
        raise ValueError(f"{what} = {x!r}: must be an integer >= 1")
    return int(x)


def _batch(owner: str, b: Any, n: Any) -> Tuple[int, int]:
    b = _count(f"{owner} batch size", b)
    n = _count(f"{owner} dataset size", n)
    if b > n:
        raise ValueError(f"{owner}: batch size {b} exceeds the dataset size {n}")
    return b, n


# ---------------------------------------------------------------------------------------------
# Randomized response: dp_accounting's noise parameter → ε0
# ---------------------------------------------------------------------------------------------


def rr_epsilon0(p: float) -> float:
    """ε0 of dp_accounting's binary ``RandomizedResponseDpEvent(noise_parameter=p, num_buckets=2)``.

    dp_accounting (``dp_event.RandomizedResponseDpEvent``): with probability 1 − p the true bucket
    is reported, otherwise one of the 2 buckets uniformly, so P[truth] = 1 − p/2, P[flip] = p/2,
    and the mechanism is ε0-DP with ε0 = ln((1 − p/2)/(p/2)) = ln((2 − p)/p) (Warner 1965; Dwork &
    Roth 2014, §3.2), as in the event-format note §3. Rounded *up* to a float (soundness: an upper
    bound on the privacy loss rounds toward more loss): ln of the exact rational (2 − p)/p at 60
    digits (``Decimal.ln`` is correctly rounded), then the next float above unless the nearest float
    already exceeds it by more than the 60-digit rounding error.

    p ≤ 0 (the truth always reported: no privacy) and p > 1 are errors; p = 1 gives 0.
    """
    p = _number("RandomizedResponseDpEvent noise_parameter", p)
    if not (0.0 < p <= 1.0):
        raise ValueError(
            f"RandomizedResponseDpEvent noise_parameter = {p!r}: must lie in (0, 1] "
            "(p = 0 reports the truth: no finite ε0)"
        )
    ratio = (2 - Fraction(p)) / Fraction(p)
    if ratio == 1:
        return 0.0
    with localcontext() as ctx:
        ctx.prec = 60
        exact = (Decimal(ratio.numerator) / Decimal(ratio.denominator)).ln()
        slack = exact * Decimal(10) ** -58  # exact > 0 here: (2 − p)/p > 1 for p < 1
        f = float(exact)
        if Decimal(f) < exact + slack:
            f = math.nextafter(f, math.inf)
    return f


def rr_noise_multiplier(eps0: float) -> float:
    """The claims column ``noise_multiplier`` of randomized response (``docs/claims.md`` §1:
    ε0 = 1/σ) for a given ε0 > 0: the largest float σ ≤ 1/ε0 (checked in exact rationals), so
    that the engine's 1/σ is never below ε0 (rounded toward more privacy loss)."""
    eps0 = _positive("randomized response ε0", eps0)
    s = 1.0 / eps0
    while Fraction(1) / Fraction(s) < Fraction(eps0):
        s = math.nextafter(s, 0.0)
    return s


# ---------------------------------------------------------------------------------------------
# dp_accounting DpEvent → tree (§3)
# ---------------------------------------------------------------------------------------------


def _from_dp_event(ev) -> Event:
    from dp_accounting import dp_event as d  # lazily: the package works without dp_accounting

    name = type(ev).__name__
    if isinstance(ev, d.NoOpDpEvent):
        return EMPTY
    if isinstance(ev, d.GaussianDpEvent):
        return _single(Gaussian(_positive(f"{name} noise_multiplier", ev.noise_multiplier)))
    if isinstance(ev, d.LaplaceDpEvent):
        return _single(Laplace(_positive(f"{name} noise_multiplier", ev.noise_multiplier)))
    if isinstance(ev, d.RandomizedResponseDpEvent):
        if ev.num_buckets != 2:
            raise ValueError(
                f"{name} with num_buckets = {ev.num_buckets} is not supported "
                "(dpaudit audits binary randomized response only, num_buckets = 2)"
            )
        eps0 = rr_epsilon0(ev.noise_parameter)
        return EMPTY if eps0 == 0.0 else _single(RandomizedResponse(eps0))
    if isinstance(ev, d.PoissonSampledDpEvent):
        q = _probability(f"{name} sampling_probability", ev.sampling_probability)
        inner = _from_dp_event(ev.event)
        return inner if not inner.terms else _single(Poisson(q, inner))
    if isinstance(ev, d.SampledWithoutReplacementDpEvent):
        b, n = _batch(name, ev.sample_size, ev.source_dataset_size)
        inner = _from_dp_event(ev.event)
        return inner if not inner.terms else _single(WithoutReplacement(b, n, inner))
    if isinstance(ev, d.SelfComposedDpEvent):
        count = int(ev.count)
        if count < 0 or count != ev.count:
            raise ValueError(f"{name} count = {ev.count!r}: must be an integer >= 0")
        if count == 0:
            return EMPTY
        return _compose([(count, _from_dp_event(ev.event))])
    if isinstance(ev, d.ComposedDpEvent):
        return _compose([(1, _from_dp_event(e)) for e in ev.events])
    raise ValueError(
        f"dpaudit cannot audit {'an' if name[0] in 'AEIOU' else 'a'} {name}: supported are GaussianDpEvent, LaplaceDpEvent, "
        "RandomizedResponseDpEvent (2 buckets), PoissonSampledDpEvent, "
        "SampledWithoutReplacementDpEvent, SelfComposedDpEvent, ComposedDpEvent and NoOpDpEvent"
    )


def _is_dp_event(obj) -> bool:
    return any(c.__module__.startswith("dp_accounting") and c.__name__ == "DpEvent" for c in type(obj).__mro__)


# ---------------------------------------------------------------------------------------------
# JSON tree (§2) → tree
# ---------------------------------------------------------------------------------------------


def from_json(doc: dict) -> Tuple[Event, Optional[str]]:
    """The tree and the adjacency (``None`` when absent) of a §2 document or bare node."""
    if not isinstance(doc, dict):
        raise ValueError(f"an event tree must be a JSON object, not {type(doc).__name__}")
    if "event" in doc:
        extra = set(doc) - {"event", "adjacency"}
        if extra:
            raise ValueError(f"unknown top-level key(s) {sorted(extra)} (expected 'event', 'adjacency')")
        adj = doc.get("adjacency")
        return _node_from_json(doc["event"], "event"), (None if adj is None else adjacency_name(adj))
    return _node_from_json(doc, "event"), None


def _node_from_json(node, where: str) -> Event:
    if not isinstance(node, dict) or len(node) != 1:
        raise ValueError(f"{where}: a node is an object with exactly one key, got {node!r}")
    (key, body), = node.items()
    here = f"{where}.{key}"
    if key == "composed":
        if not isinstance(body, list):
            raise ValueError(f"{here}: expected a list of nodes")
        return _compose([(1, _node_from_json(n, f"{here}[{i}]")) for i, n in enumerate(body)])
    if not isinstance(body, dict):
        raise ValueError(f"{here}: expected an object")

    def field(name, required=True):
        if name not in body:
            if required:
                raise ValueError(f"{here}: missing '{name}'")
            return None
        return body[name]

    allowed = {
        "gaussian": {"noise_multiplier", "sensitivity"},
        "laplace": {"noise_multiplier"},
        "randomized_response": {"epsilon0"},
        "poisson_sampled": {"sampling_probability", "event"},
        "sampled_without_replacement": {"source_dataset_size", "sample_size", "event"},
        "shuffled": {"dataset_size", "batch_size", "event"},
        "self_composed": {"count", "event"},
    }
    if key not in allowed:
        raise ValueError(f"{where}: unknown node '{key}' (expected one of {sorted(list(allowed) + ['composed'])})")
    extra = set(body) - allowed[key]
    if extra:
        raise ValueError(f"{here}: unknown key(s) {sorted(extra)}")
    if key == "gaussian":
        c = field("sensitivity", required=False)
        return _single(Gaussian(_positive(f"{here}.noise_multiplier", field("noise_multiplier")),
                                1.0 if c is None else _positive(f"{here}.sensitivity", c)))
    if key == "laplace":
        return _single(Laplace(_positive(f"{here}.noise_multiplier", field("noise_multiplier"))))
    if key == "randomized_response":
        return _single(RandomizedResponse(_positive(f"{here}.epsilon0", field("epsilon0"))))
    inner = _node_from_json(field("event"), f"{here}.event")
    if key == "self_composed":
        return _compose([(_count(f"{here}.count", field("count")), inner)])
    if not inner.terms:
        return inner
    if key == "poisson_sampled":
        return _single(Poisson(_probability(f"{here}.sampling_probability", field("sampling_probability")), inner))
    if key == "sampled_without_replacement":
        b, n = _batch(here, field("sample_size"), field("source_dataset_size"))
        return _single(WithoutReplacement(b, n, inner))
    b, n = _batch(here, field("batch_size"), field("dataset_size"))
    return _single(Shuffled(b, n, inner))


# ---------------------------------------------------------------------------------------------
# Inline syntax (§1) ↔ tree
# ---------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_]+)|(?P<sym>[()*+,=]))")


def parse_inline(text: str) -> Event:
    """Parse the inline syntax of the event-format note §1 (ValueError naming the position)."""
    tokens = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"event {text!r}: unexpected character at position {pos + 1}")
        kind = m.lastgroup
        tokens.append((kind, m.group(kind), m.start(kind)))
        pos = m.end()
    p = _Parser(text, tokens)
    ev = p.event()
    if p.i != len(tokens):
        p.fail("expected '+' or the end")
    if not ev.terms:
        raise ValueError(f"event {text!r}: empty")
    return ev


class _Parser:
    def __init__(self, text, tokens):
        self.text, self.tokens, self.i = text, tokens, 0

    def fail(self, what):
        at = self.tokens[self.i][2] + 1 if self.i < len(self.tokens) else len(self.text) + 1
        raise ValueError(f"event {self.text!r}: {what} at position {at}")

    def peek(self, k=0):
        j = self.i + k
        return self.tokens[j] if j < len(self.tokens) else (None, None, None)

    def sym(self, s):
        if self.peek()[:2] != ("sym", s):
            self.fail(f"expected '{s}'")
        self.i += 1

    def number(self, what):
        kind, val, _ = self.peek()
        if kind != "num":
            self.fail(f"expected {what}")
        self.i += 1
        return float(val)

    def integer(self, what):
        kind, val, _ = self.peek()
        if kind != "num" or not val.isdigit():
            self.fail(f"expected {what} (a decimal integer)")
        self.i += 1
        return int(val)

    def event(self) -> Event:
        parts = [self.term()]
        while self.peek()[:2] == ("sym", "+"):
            self.i += 1
            parts.append(self.term())
        return _compose(parts)

    def term(self):
        count = 1
        if self.peek()[0] == "num" and self.peek(1)[:2] == ("sym", "*"):
            count = self.integer("a count")
            if count < 1:
                self.i -= 1
                self.fail("count must be >= 1")
            self.i += 1
        return count, self.factor()

    def factor(self):
        kind, val, _ = self.peek()
        if (kind, val) == ("sym", "("):
            self.i += 1
            ev = self.event()
            self.sym(")")
            return ev
        if kind != "name":
            self.fail("expected a mechanism, a sampling scheme or '('")
        self.i += 1
        self.sym("(")
        try:
            if val == "gaussian":
                sigma = self.number("σ")
                c = 1.0
                if self.peek()[:2] == ("sym", ","):
                    self.i += 1
                    if self.peek()[:2] != ("name", "sensitivity"):
                        self.fail("expected 'sensitivity='")
                    self.i += 1
                    self.sym("=")
                    c = _positive("gaussian sensitivity", self.number("the sensitivity"))
                node = Gaussian(_positive("gaussian σ", sigma), c)
            elif val == "laplace":
                node = Laplace(_positive("laplace b", self.number("b")))
            elif val == "rr":
                node = RandomizedResponse(_positive("rr ε0", self.number("ε0")))
            elif val == "poisson":
                q = _probability("poisson q", self.number("q"))
                self.sym(",")
                node = Poisson(q, self.event())
            elif val in ("wor", "shuffle"):
                b = self.integer("the batch size")
                self.sym(",")
                n = self.integer("the dataset size")
                self.sym(",")
                b, n = _batch(val, b, n)
                inner = self.event()
                node = WithoutReplacement(b, n, inner) if val == "wor" else Shuffled(b, n, inner)
            else:
                self.i -= 1
                self.fail(f"unknown name '{val}' (expected gaussian, laplace, rr, poisson, wor, shuffle)")
        except ValueError as e:
            if str(e).startswith("event "):
                raise
            raise ValueError(f"event {self.text!r}: {e}") from None
        self.sym(")")
        return node


def _num(x: float) -> str:
    """Shortest round-trip decimal of a float (Rust's f64 parser reads it back exactly)."""
    return repr(float(x))


def _node_inline(node) -> str:
    if isinstance(node, Gaussian):
        if node.sensitivity == 1.0:
            return f"gaussian({_num(node.sigma)})"
        return f"gaussian({_num(node.sigma)}, sensitivity={_num(node.sensitivity)})"
    if isinstance(node, Laplace):
        return f"laplace({_num(node.b)})"
    if isinstance(node, RandomizedResponse):
        return f"rr({_num(node.eps0)})"
    if isinstance(node, Poisson):
        return f"poisson({_num(node.q)}, {_event_inline(node.event)})"
    if isinstance(node, WithoutReplacement):
        return f"wor({node.b}, {node.n}, {_event_inline(node.event)})"
    if isinstance(node, Shuffled):
        return f"shuffle({node.b}, {node.n}, {_event_inline(node.event)})"
    return f"({_event_inline(node)})"  # a nested composition


def _event_inline(ev: Event) -> str:
    return " + ".join(_node_inline(n) if c == 1 else f"{c}*{_node_inline(n)}" for c, n in ev.terms)


# ---------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------


def to_event(obj) -> Event:
    """The normalised tree of a DpEvent, a §2 dict (its adjacency is read by
    :func:`json_adjacency`), an inline string or an :class:`Event`. An empty result (only
    no-ops) is an error: there is nothing to audit."""
    if isinstance(obj, Event):
        ev = obj
    elif isinstance(obj, str):
        ev = parse_inline(obj)
    elif isinstance(obj, dict):
        ev = from_json(obj)[0]
    elif _is_dp_event(obj):
        ev = _from_dp_event(obj)
    else:
        raise TypeError(
            f"an event is a dp_accounting DpEvent, a dict (JSON event tree) or an inline string, "
            f"not {type(obj).__name__}"
        )
    if not ev.terms:
        raise ValueError(f"the event {obj!r} contains no private mechanism (only no-ops): nothing to audit")
    return ev


def json_adjacency(obj) -> Optional[str]:
    """The ``adjacency`` of a §2 document given as a dict, else ``None``."""
    if isinstance(obj, dict) and "event" in obj and obj.get("adjacency") is not None:
        return adjacency_name(obj["adjacency"])
    return None


def to_inline(obj) -> str:
    """The inline string (§1) of any accepted event input."""
    return _event_inline(to_event(obj))


def legacy_columns(obj) -> Optional[dict]:
    """The claims-file columns of ``docs/claims.md`` §1 (``mechanism``, ``noise_multiplier``,
    ``sensitivity``, ``sampling_rate``, ``steps``) when the event is a T-fold self-composition of
    one Gaussian, Laplace, randomized response (ε0 > 0) or Poisson-subsampled Gaussian;
    ``None`` for every other event (those need the ``event`` column)."""
    ev = to_event(obj)
    if len(ev.terms) != 1:
        return None
    steps, node = ev.terms[0]
    cols = {"sensitivity": "", "sampling_rate": "", "steps": str(steps)}
    if isinstance(node, Gaussian):
        cols.update(mechanism="gaussian", noise_multiplier=_num(node.sigma))
        if node.sensitivity != 1.0:
            cols["sensitivity"] = _num(node.sensitivity)
        return cols
    if isinstance(node, Laplace):
        return dict(cols, mechanism="laplace", noise_multiplier=_num(node.b))
    if isinstance(node, RandomizedResponse):
        return dict(cols, mechanism="randomized_response", noise_multiplier=_num(rr_noise_multiplier(node.eps0)))
    if isinstance(node, Poisson) and len(node.event.terms) == 1:
        count, inner = node.event.terms[0]
        if count == 1 and isinstance(inner, Gaussian):
            cols.update(mechanism="poisson_subsampled_gaussian", noise_multiplier=_num(inner.sigma), sampling_rate=_num(node.q))
            if inner.sensitivity != 1.0:
                cols["sensitivity"] = _num(inner.sensitivity)
            return cols
    return None


def adjacency_name(x) -> str:
    """``add_remove`` or ``replace_one`` from a string (either spelling of the event-format note
    or dp_accounting's enum names) or a ``dp_accounting.NeighboringRelation``."""
    name = getattr(x, "name", x)
    if not isinstance(name, str):
        raise ValueError(f"adjacency {x!r}: expected 'add_remove', 'replace_one' or a NeighboringRelation")
    key = name.strip().lower().replace("-", "_")
    table = {"add_remove": "add_remove", "add_or_remove_one": "add_remove", "": "add_remove",
             "replace_one": "replace_one"}
    if key not in table:
        raise ValueError(
            f"adjacency {x!r} is not supported (expected add_remove / ADD_OR_REMOVE_ONE or replace_one / REPLACE_ONE)"
        )
    return table[key]

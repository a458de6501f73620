"""dpaudit for Python test suites: certified verdicts on an accountant's claims (issue 12).

    import dpaudit
    from dp_accounting import dp_event, rdp

    event = dp_event.SelfComposedDpEvent(
        dp_event.PoissonSampledDpEvent(0.01, dp_event.GaussianDpEvent(1.0)), 1000)
    eps = rdp.RdpAccountant().compose(event).get_epsilon(1e-5)
    dpaudit.assert_sound(event, epsilon=eps, delta=1e-5)     # AssertionError unless certified sound
    v = dpaudit.audit_claim(event, epsilon=eps, delta=1e-5)  # Verdict: .verdict, .true_epsilon, ...

Every result of the four papers is also callable by name (:mod:`dpaudit.results`)::

    dpaudit.evaluate("shifted_interpolation", "Theorem 4.2", L=2, n=1000, sigma=0.05, T=100, c=0.99)

An event is a ``dp_accounting`` DpEvent, a dict (the JSON event tree) or an inline string such
as ``"1000*poisson(0.01, gaussian(1.0))"`` (see :mod:`dpaudit.dp_event`). The claims are handed
to the Rust engine as a claims CSV (``docs/claims.md``) and audited exactly as ``dpaudit claims``
audits them; the verdict rules and the JSON fields are documented there.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Dict, Iterable, List, Optional

from . import dp_event as _ev
from .dp_event import adjacency_name, legacy_columns, to_event, to_inline
from .results import evaluate, output, results
from .verdict import Interval, Verdict

__all__ = [
    "audit_claim",
    "audit_claims",
    "assert_sound",
    "adjacency_of",
    "supports_events",
    "to_inline",
    "legacy_columns",
    "Verdict",
    "Interval",
    "version",
    "evaluate",
    "results",
    "output",
]

KINDS = ("eps_delta", "rdp", "gdp", "zcdp", "calibration")

#: Options of the audit and their defaults (``dpaudit claims`` defaults, except Monte Carlo,
#: which never changes a verdict and is off here to keep test suites fast).
DEFAULT_OPTIONS = {
    "confidence": 0.999,
    "time_budget": 60.0,
    "tolerance": 1e-9,
    "seed": 0,
    "monte_carlo": False,
    "precision": 256,
}

_HEADER = ["id", "accountant", "mechanism", "noise_multiplier", "sensitivity", "sampling_rate",
           "steps", "epsilon", "delta", "kind", "order", "value"]


def _native():
    from . import _dpaudit  # the compiled engine (PyO3); imported on first use

    return _dpaudit


def version() -> str:
    """Version of the Rust engine this package was built from."""
    return _native()._version()


_SUPPORTS_EVENTS: Optional[bool] = None


def supports_events() -> bool:
    """Whether the engine reads the claims columns ``event`` and ``adjacency`` (issue 12, event
    format v1): a one-row file with an inline event must parse, and one with an unknown
    adjacency must be rejected (so the column is really read, not ignored)."""
    global _SUPPORTS_EVENTS
    if _SUPPORTS_EVENTS is None:
        head = ",".join(_HEADER + ["event", "adjacency"])
        blank = ",".join([""] * 5)
        ok = f"{head}\nx,probe,{blank},1.0,1e-05,,,,2*gaussian(1.0),replace_one\n"
        bad = f"{head}\nx,probe,{blank},1.0,1e-05,,,,2*gaussian(1.0),no_such_adjacency\n"
        try:
            _native()._parse_csv(ok)
        except ValueError:
            _SUPPORTS_EVENTS = False
        else:
            try:
                _native()._parse_csv(bad)
                _SUPPORTS_EVENTS = False
            except ValueError:
                _SUPPORTS_EVENTS = True
    return _SUPPORTS_EVENTS


def adjacency_of(accountant) -> str:
    """The adjacency (``add_remove`` / ``replace_one``) a dp_accounting accountant was built with."""
    rel = getattr(accountant, "neighboring_relation", None)
    if rel is None:
        rel = getattr(accountant, "_neighboring_relation", None)
    if rel is None:
        raise ValueError(f"{type(accountant).__name__} has no neighboring_relation")
    return adjacency_name(rel)


def _num(x: Any, what: str) -> str:
    if x is None:
        return ""
    if isinstance(x, bool):
        raise ValueError(f"{what} = {x!r}: must be a number")
    try:
        return repr(float(x))
    except (TypeError, ValueError):
        raise ValueError(f"{what} = {x!r}: must be a number") from None


class _Row:
    """One claim, checked and laid out as a claims-file row."""

    def __init__(self, index: int, event, epsilon=None, delta=None, *, kind="eps_delta",
                 adjacency=None, order=None, value=None, accountant="python", id=None):
        if kind not in KINDS:
            raise ValueError(f"kind = {kind!r}: expected one of {', '.join(KINDS)}")
        if kind in ("eps_delta", "calibration"):
            if epsilon is None or delta is None:
                raise ValueError(f"a {kind} claim needs epsilon and delta")
            if order is not None or value is not None:
                raise ValueError(f"a {kind} claim takes no order or value")
        else:
            if epsilon is not None or delta is not None:
                raise ValueError(f"a {kind} claim states its value in value=, not epsilon/delta")
            if value is None:
                raise ValueError(f"a {kind} claim needs value= (ρ for rdp and zcdp, μ for gdp)")
            if (kind == "rdp") != (order is not None):
                raise ValueError("an rdp claim needs order= (the Rényi order α > 1); other kinds take none")
        tree = to_event(event)
        adj_json = _ev.json_adjacency(event)
        adj = adjacency_name(adjacency) if adjacency is not None else (adj_json or "add_remove")
        if adj_json is not None and adjacency is not None and adj_json != adj:
            raise ValueError(f"the event tree says adjacency {adj_json}, the claim {adj}")
        self.id = str(id) if id is not None else f"claim-{index + 1}"
        self.event = to_inline(tree)
        self.adjacency = adj
        legacy = legacy_columns(tree) if adj == "add_remove" else None
        self.needs_events = legacy is None
        cols = legacy or {"mechanism": "", "noise_multiplier": "", "sensitivity": "", "sampling_rate": "", "steps": ""}
        self.fields = {
            "id": self.id,
            "accountant": str(accountant),
            **cols,
            "epsilon": _num(epsilon, "epsilon"),
            "delta": _num(delta, "delta"),
            "kind": kind,
            "order": _num(order, "order"),
            "value": _num(value, "value"),
            "event": self.event if self.needs_events else "",
            "adjacency": adj if self.needs_events else "",
        }


def claims_csv(rows: List[_Row]) -> str:
    """The claims file handed to the engine (columns ``event``/``adjacency`` only when needed)."""
    header = list(_HEADER)
    if any(r.needs_events for r in rows):
        header += ["event", "adjacency"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([r.fields[k] for k in header])
    return out.getvalue()


def _options(options: Dict[str, Any]) -> Dict[str, Any]:
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise TypeError(f"unknown option(s) {sorted(unknown)}; expected {sorted(DEFAULT_OPTIONS)}")
    return {**DEFAULT_OPTIONS, **options}


def _run(rows: List[_Row], options: Dict[str, Any]) -> List[Verdict]:
    if any(r.needs_events for r in rows) and not supports_events():
        r = next(r for r in rows if r.needs_events)
        raise ValueError(
            f"claim {r.id}: the event {r.event!r} under {r.adjacency} adjacency needs the claims "
            "column 'event', which this build of the dpaudit engine does not read yet; it reads "
            "T-fold self-compositions of one Gaussian, Laplace, randomized response or "
            "Poisson-subsampled Gaussian under add_remove adjacency"
        )
    seen = set()
    for r in rows:
        if r.id in seen:
            raise ValueError(f"duplicate claim id {r.id!r}")
        seen.add(r.id)
    o = _options(options)
    text = claims_csv(rows)
    out = _native()._audit_csv(text, float(o["confidence"]), float(o["time_budget"]), float(o["tolerance"]),
                               int(o["seed"]), bool(o["monte_carlo"]), int(o["precision"]))
    results = json.loads(out)
    return [Verdict.from_row(row, r.event, r.adjacency) for row, r in zip(results, rows)]


def audit_claim(event, epsilon: Optional[float] = None, delta: Optional[float] = None, *,
                kind: str = "eps_delta", adjacency=None, order: Optional[float] = None,
                value: Optional[float] = None, accountant: str = "python", **options) -> Verdict:
    """Audit one claim about ``event`` and return its :class:`Verdict`.

    kind: ``eps_delta`` (``epsilon``, ``delta``; δ = 0 is a pure-DP claim), ``rdp`` (``order``
    α > 1, ``value`` ρ), ``gdp`` (``value`` μ), ``zcdp`` (``value`` ρ) or ``calibration`` ("the
    event's noise multiplier achieves (``epsilon``, ``delta``)"). adjacency: ``add_remove``
    (default) or ``replace_one`` (also a dp_accounting ``NeighboringRelation``). options:
    ``confidence``, ``time_budget`` (s), ``tolerance``, ``seed``, ``monte_carlo``, ``precision``
    (see ``DEFAULT_OPTIONS`` and ``docs/claims.md``).
    """
    row = _Row(0, event, epsilon, delta, kind=kind, adjacency=adjacency, order=order, value=value,
               accountant=accountant)
    return _run([row], options)[0]


def audit_claims(claims: Iterable[Dict[str, Any]], **options) -> List[Verdict]:
    """Audit many claims in one engine run (rows with the same event share work). Each claim is
    a dict of :func:`audit_claim`'s arguments (``event``, ``epsilon``, ``delta``, ``kind``,
    ``adjacency``, ``order``, ``value``, ``accountant``) plus an optional unique ``id``."""
    rows = []
    for i, c in enumerate(claims):
        if not isinstance(c, dict) or "event" not in c:
            raise ValueError(f"claim {i + 1}: expected a dict with at least an 'event' key")
        rows.append(_Row(i, **c))
    if not rows:
        return []
    return _run(rows, options)


def assert_sound(event, epsilon: Optional[float] = None, delta: Optional[float] = None, *,
                 allow_inconclusive: bool = False, **kwargs) -> Verdict:
    """pytest helper: audit the claim (arguments of :func:`audit_claim`) and raise
    ``AssertionError`` with the claim, the certified true values, the margins and the verdict
    unless it is certified ``sound``. ``allow_inconclusive=True`` also accepts ``inconclusive``
    (a claim too close to the truth to decide within the time budget and tolerance, e.g. an
    accountant that is exact up to float rounding). Returns the :class:`Verdict`."""
    v = audit_claim(event, epsilon, delta, **kwargs)
    if v.sound or (allow_inconclusive and v.verdict == "inconclusive"):
        return v
    hint = ""
    if v.verdict == "inconclusive" and not allow_inconclusive:
        hint = "\n  (inconclusive is not proven sound; pass allow_inconclusive=True to accept it)"
    elif v.verdict == "not_checked":
        hint = "\n  (the time budget ran out before the claim was checked; raise time_budget=)"
    raise AssertionError(v.explain() + hint)

"""The outcome of auditing one claim: a thin, typed view of one row of the JSON array of
``dpaudit claims --json`` (schema: ``docs/claims.md`` §3). Nothing here computes a bound: every
number comes from the Rust engine's certified intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, List, NamedTuple, Optional


class Interval(NamedTuple):
    """A certified enclosure ``[lower, upper]`` (either end may be ``inf``)."""

    lower: float
    upper: float

    def __str__(self) -> str:
        return f"[{_fmt(self.lower)}, {_fmt(self.upper)}]"


def _float(x: Any) -> Optional[float]:
    """JSON numbers, with the engine's strings ``"inf"`` / ``"-inf"`` for infinities."""
    if x is None:
        return None
    if isinstance(x, str):
        return {"inf": math.inf, "-inf": -math.inf}.get(x, float("nan"))
    return float(x)


def _interval(x: Any) -> Optional[Interval]:
    if x is None:
        return None
    return Interval(_float(x["lower"]), _float(x["upper"]))


def _fmt(x: Optional[float]) -> str:
    if x is None:
        return "-"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:.10g}"


def _fmt_excess(iv: Optional[Interval]) -> str:
    if iv is None:
        return "-"
    sign = lambda x: "inf" if x == math.inf else ("-inf" if x == -math.inf else f"{x:+.4g}")
    return f"[{sign(iv.lower)}, {sign(iv.upper)}]"


@dataclass(frozen=True)
class Verdict:
    """One audited claim.

    ``verdict`` is ``"sound"`` (a certified upper bound of the truth is within the claim),
    ``"unsound"`` (a certified lower bound exceeds the claim by more than the tolerance),
    ``"inconclusive"`` or ``"not_checked"`` (``docs/claims.md`` §2). ``true_epsilon`` encloses
    ε(δ_claim), ``true_delta`` encloses δ(ε_claim) (``None`` for the kinds ``rdp``, ``gdp``,
    ``zcdp``, whose truth is ``true_value``: ρ or μ). ``excess`` holds the certified enclosures
    of truth/claim − 1 (keys ``epsilon``, ``delta``, and ``value`` for the divergence kinds).
    ``tightness`` is claim / certified upper truth (≥ 1 for a sound claim). ``raw`` is the
    engine's JSON object, unchanged.
    """

    id: str
    verdict: str
    kind: str
    event: str
    adjacency: str
    accountant: str
    epsilon: Optional[float]
    delta: Optional[float]
    order: Optional[float]
    value: Optional[float]
    true_epsilon: Optional[Interval]
    true_delta: Optional[Interval]
    true_value: Optional[Interval]
    sigma_min: Optional[Interval]
    tightness: Optional[float]
    excess: Dict[str, Optional[Interval]]
    violation: Optional[str]
    method: str
    method_detail: str
    notes: List[str] = field(default_factory=list)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_row(cls, row: Dict[str, Any], event: str, adjacency: str) -> "Verdict":
        excess = {k: _interval(v) for k, v in (row.get("excess") or {}).items()}
        return cls(
            id=row["id"],
            verdict=row["verdict"],
            kind=row.get("kind", "eps_delta"),
            event=event,
            adjacency=adjacency,
            accountant=row.get("accountant", ""),
            epsilon=_float(row.get("epsilon")),
            delta=_float(row.get("delta")),
            order=_float(row.get("order")),
            value=_float(row.get("value")),
            true_epsilon=_interval(row.get("true_epsilon")),
            true_delta=_interval(row.get("true_delta")),
            true_value=_interval(row.get("true_value")),
            sigma_min=_interval(row.get("sigma_min")),
            tightness=_float(row.get("tightness")),
            excess=excess,
            violation=row.get("violation"),
            method=row.get("method", ""),
            method_detail=row.get("method_detail", ""),
            notes=list(row.get("notes") or []),
            raw=row,
        )

    @property
    def sound(self) -> bool:
        return self.verdict == "sound"

    @property
    def unsound(self) -> bool:
        return self.verdict == "unsound"

    def claim_text(self) -> str:
        """The claim in words, e.g. ``(ε, δ) = (1.2, 1e-05)`` or ``ρ = 3 at α = 16 (rdp)``."""
        if self.kind == "rdp":
            return f"Rényi DP: ρ = {_fmt(self.value)} at order α = {_fmt(self.order)}"
        if self.kind == "zcdp":
            return f"zCDP: ρ = {_fmt(self.value)}"
        if self.kind == "gdp":
            return f"GDP: μ = {_fmt(self.value)}"
        what = "calibration: the event's noise achieves" if self.kind == "calibration" else ""
        return f"{what + ' ' if what else ''}(ε, δ) = ({_fmt(self.epsilon)}, {_fmt(self.delta)})"

    def explain(self) -> str:
        """A multi-line account: the claim, the certified truth, the margins and the verdict."""
        head = f"dpaudit: the claim is {self.verdict}"
        if self.violation == "beyond_rounding":
            head += " (certified, by more than 1e-6 relative)"
        elif self.violation == "within_rounding":
            head += " (certified, but within 1e-6 relative: rounding of the claim's digits)"
        lines = [
            head,
            f"  claim:       {self.claim_text()}",
            f"  event:       {self.event}   [{self.adjacency}]",
            f"  accountant:  {self.accountant}",
        ]
        if self.kind in ("rdp", "zcdp", "gdp"):
            lines.append(f"  true value:  {self.true_value if self.true_value else '-'}   (certified interval)")
            lines.append(f"  excess:      value_true/value_claim - 1 in {_fmt_excess(self.excess.get('value'))}")
        else:
            lines.append(f"  true ε(δ):   {self.true_epsilon}   (certified interval at the claimed δ)")
            lines.append(f"  true δ(ε):   {self.true_delta}   (certified interval at the claimed ε)")
            lines.append(
                f"  excess:      ε_true/ε_claim - 1 in {_fmt_excess(self.excess.get('epsilon'))}; "
                f"δ_true/δ_claim - 1 in {_fmt_excess(self.excess.get('delta'))}"
            )
        if self.sigma_min is not None:
            lines.append(f"  σ_min:       {self.sigma_min}   (smallest noise multiplier achieving the claim)")
        lines.append(f"  tightness:   {_fmt(self.tightness)}   (claim / certified upper truth; < 1 claims too little)")
        lines.append(f"  method:      {self.method} ({self.method_detail})")
        for n in self.notes:
            lines.append(f"  note:        {n}")
        lines.append(f"  verdict:     {self.verdict}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()

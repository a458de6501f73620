"""Every registered result of the four papers, callable by name (issue 24: result cards).

    import dpaudit
    dpaudit.results()        # every card: paper, result, parameters (domains, defaults), outputs
    r = dpaudit.evaluate("shifted_interpolation", "Theorem 4.2",
                         L=2, n=1000, sigma=0.05, T=100, c=0.99, delta=1e-5)
    r["outputs"][0]          # {"name": "mu", "value": ..., "lower": ..., "upper": ...,
                             #  "guarantee": "upper", "note": ...}
    dpaudit.output(r, "epsilon")["value"]

The same data as ``dpaudit eval --json`` (``dpaudit eval --list --json`` for :func:`results`),
except that infinite numbers are Python floats (``float("inf")``) rather than the strings
``"inf"`` / ``"-inf"``. An output that cannot be computed at the given parameters has
``value = None`` and its ``note`` says why. Bad input (an unknown result or parameter, a value
outside its domain, a missing parameter) raises ``ValueError("dpaudit: …")`` naming it.
"""

from __future__ import annotations

import json
import math
from typing import Any, Dict, List, Optional


def _native():
    from . import _dpaudit  # the compiled engine (PyO3); imported on first use

    return _dpaudit


def _floats(x: Any) -> Any:
    """The engine's JSON with ``"inf"``/``"-inf"`` as Python floats."""
    if isinstance(x, dict):
        return {k: _floats(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_floats(v) for v in x]
    if x == "inf":
        return math.inf
    if x == "-inf":
        return -math.inf
    return x


def _text(name: str, value: Any) -> str:
    """A parameter value as ``dpaudit eval`` reads it (lists comma-separated; floats round-trip)."""
    if isinstance(value, bool):
        raise ValueError(f"dpaudit: invalid {name} = {value!r}: must be a number or a word")
    if isinstance(value, (list, tuple)):
        return ",".join(_text(name, v) for v in value)
    if isinstance(value, float):
        return "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    try:  # numpy scalars and other numbers
        return repr(float(value))
    except (TypeError, ValueError):
        raise ValueError(f"dpaudit: invalid {name} = {value!r}: must be a number, a list of numbers or a word") from None


def results() -> List[Dict[str, Any]]:
    """Every result card: ``paper``, ``result``, ``title``, ``guarantee`` (of the primary
    output), ``parameters`` (name, symbol, meaning, kind, domain, required, default),
    ``outputs`` (name, meaning, guarantee, rounding), ``example`` and ``example_command``."""
    return json.loads(_native()._results())


def evaluate(paper: str, result: str, *, precision: Optional[int] = None, width: Optional[float] = None,
             **params: Any) -> Dict[str, Any]:
    """Evaluate ``result`` of ``paper`` at ``params`` (keyword arguments named as the card's
    parameters; see :func:`results` or ``dpaudit eval --list PAPER RESULT``).

    Returns ``{"paper", "result", "title", "parameters", "outputs": [{"name", "value", "lower",
    "upper", "guarantee", "rounding", "meaning", "note"}], "precision", "width"}``.
    ``precision``: MPFR bits of the enclosing intervals (default 256); ``width``: target relative
    width of certified intervals of composed quantities.
    """
    given = {k: _text(k, v) for k, v in params.items()}
    out = _native()._evaluate(paper, result, json.dumps(given), precision, width)
    return _floats(json.loads(out))


def output(evaluation: Dict[str, Any], name: str) -> Dict[str, Any]:
    """The output ``name`` of an :func:`evaluate` result (``KeyError`` naming the outputs)."""
    for o in evaluation["outputs"]:
        if o["name"] == name:
            return o
    raise KeyError(f"{name!r}: outputs are {[o['name'] for o in evaluation['outputs']]}")

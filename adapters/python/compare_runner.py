#!/usr/bin/env python3
"""Job runner of `dpaudit compare`: ε(δ) of the T-fold Poisson-subsampled Gaussian by the
Python accountants people use, one job at a time, timed with time.perf_counter.

Protocol (JSON lines; dpaudit starts this script once per run and drives it):
  * at start, one line {"hello": {"python": "3.11.4", "accountants": {NAME: {"version": V} or
    {"skipped": REASON}, ...}}} — every package is imported here, so imports are never timed;
  * then, for every line {"id": N, "accountant": NAME, "sampling_rate": q, "noise_multiplier": σ,
    "steps": T, "delta": δ} on stdin, one line on stdout:
      {"id": N, "epsilon": ε, "seconds": s}                       (ε the accountant's upper bound)
      {"id": N, "epsilon": ε, "lower": l, "estimate": e, "seconds": s}   (prv_accountant)
      {"id": N, "skipped": REASON}     (package not importable)
      {"id": N, "error": MESSAGE}      (the accountant raised or returned a non-finite value)
  * end of stdin: exit 0.
`seconds` covers the accountant's computation for this mechanism only: building the accountant
object for the workload, composing and converting to ε. Imports and the hello line are outside.

Accountants (all: Poisson subsampling with rate q, Gaussian noise multiplier σ, add/remove
adjacency, T self-compositions):
  dp_accounting_pld  dp-accounting PLDAccountant(value_discretization_interval=1e-4): pessimistic
                     connect-the-dots PLD (PLD.from_gaussian_mechanism defaults), self-composed;
  dp_accounting_rdp  dp-accounting RdpAccountant (default orders), get_epsilon;
  prv_accountant     prv-accountant PRVAccountant(eps_error=0.01, delta_error=δ/1000);
                     compute_epsilon returns (lower, estimate, upper); ε = upper (the guarantee);
  autodp_rdp         autodp SubsampleGaussianMechanism (RDP of Zhu & Wang 2019, Poisson sampling,
                     improved bound), get_approxDP. (autodp 0.2.3.1's characteristic-function
                     route for this mechanism, phi_off=False, is not offered: it reads a missing
                     params['gamma'] and calls scipy.integrate.quadrature, removed in SciPy 1.15);
  opacus_rdp         opacus.accountants.RDPAccountant with history [(σ, q, T)], get_epsilon;
  opacus_prv         opacus.accountants.PRVAccountant with history [(σ, q, T)],
                     get_epsilon(eps_error=0.01).
"""

import importlib
import importlib.metadata as md
import json
import math
import sys
import time
import warnings

warnings.filterwarnings("ignore")

PACKAGES = {
    "dp_accounting_pld": ("dp-accounting", ["dp_accounting", "dp_accounting.pld.pld_privacy_accountant"]),
    "dp_accounting_rdp": ("dp-accounting", ["dp_accounting", "dp_accounting.rdp.rdp_privacy_accountant"]),
    "prv_accountant": ("prv-accountant", ["prv_accountant", "prv_accountant.privacy_random_variables"]),
    "autodp_rdp": ("autodp", ["autodp.mechanism_zoo"]),
    "opacus_rdp": ("opacus", ["opacus.accountants"]),
    "opacus_prv": ("opacus", ["opacus.accountants"]),
    "pld_accounting": ("PLD_accounting", ["PLD_accounting"]),
    "random_allocation": ("random-allocation", ["random_allocation.random_allocation_scheme.combined"]),
}

# Accountants of the allocation scheme (each record in k of the T steps); the others analyse
# Poisson sampling.
ALLOCATION = {"pld_accounting", "random_allocation"}


def probe(name):
    dist, modules = PACKAGES[name]
    try:
        for m in modules:
            importlib.import_module(m)
    except Exception as e:  # ImportError, or a broken install
        return {"skipped": f"{dist} not importable ({type(e).__name__}: {e})"}
    try:
        return {"version": md.version(dist)}
    except md.PackageNotFoundError:
        return {"version": "unknown"}


def dp_accounting_pld(q, s, t, d):
    import dp_accounting as dpa
    from dp_accounting.pld import pld_privacy_accountant
    acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
    acc.compose(dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(s)), t))
    return {"epsilon": acc.get_epsilon(d)}


def dp_accounting_rdp(q, s, t, d):
    import dp_accounting as dpa
    from dp_accounting.rdp import rdp_privacy_accountant
    acc = rdp_privacy_accountant.RdpAccountant()
    acc.compose(dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(s)), t))
    return {"epsilon": acc.get_epsilon(d)}


def prv_accountant(q, s, t, d):
    from prv_accountant import PRVAccountant
    from prv_accountant import privacy_random_variables as prvs
    prv = prvs.PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=s)
    acc = PRVAccountant(prvs=prv, max_self_compositions=t, eps_error=0.01, delta_error=d / 1000)
    lo, est, up = acc.compute_epsilon(delta=d, num_self_compositions=[t])
    return {"epsilon": up, "lower": lo, "estimate": est}


def autodp_rdp(q, s, t, d):
    from autodp import mechanism_zoo as mz
    m = mz.SubsampleGaussianMechanism({"prob": q, "sigma": s, "coeff": t})
    return {"epsilon": m.get_approxDP(d)}


def opacus_rdp(q, s, t, d):
    from opacus.accountants import RDPAccountant
    acc = RDPAccountant()
    acc.history = [(s, q, t)]
    return {"epsilon": acc.get_epsilon(delta=d)}


def opacus_prv(q, s, t, d):
    from opacus.accountants import PRVAccountant
    acc = PRVAccountant()
    acc.history = [(s, q, t)]
    return {"epsilon": acc.get_epsilon(delta=d, eps_error=0.01)}


def pld_accounting(k, s, t, d):
    # Feldman & Shenfeld's PLD of random allocation; returns (upper, lower). Exact k-of-T scheme
    # only for k = 1: for k > 1 it composes k one-of-floor(T/k) allocations, so the upper end
    # bounds the scheme and the lower end is not a lower bound on it (issue 11).
    from PLD_accounting import gaussian_allocation_epsilon_range
    up, lo = gaussian_allocation_epsilon_range(delta=d, sigma=s, num_steps=t, num_selected=k, num_epochs=1)
    return {"epsilon": up, "lower": lo}


def random_allocation(k, s, t, d):
    # The package's "combined" bound (minimum over its analytic, direct RDP, recursive and
    # decomposition bounds), integer orders 2..60 as in its paper experiments.
    from random_allocation.comparisons.definitions import PrivacyParams, SchemeConfig
    from random_allocation.random_allocation_scheme.combined import allocation_epsilon_combined
    config = SchemeConfig(allocation_direct_alpha_orders=list(range(2, 61)))
    return {"epsilon": allocation_epsilon_combined(PrivacyParams(sigma=s, num_steps=t, num_selected=k, num_epochs=1, delta=d), config)}


RUN = {f.__name__: f for f in (dp_accounting_pld, dp_accounting_rdp, prv_accountant, autodp_rdp, opacus_rdp, opacus_prv, pld_accounting, random_allocation)}


def as_float(x):
    return float(x[0]) if hasattr(x, "__len__") else float(x)


def job(line, available):
    j = json.loads(line)
    out = {"id": j.get("id")}
    name = j.get("accountant")
    if name not in RUN:
        out["error"] = f"unknown accountant {name!r}"
        return out
    if "skipped" in available[name]:
        out["skipped"] = available[name]["skipped"]
        return out
    q, s, t, d = float(j["sampling_rate"]), float(j["noise_multiplier"]), int(j["steps"]), float(j["delta"])
    k = j.get("selected")
    if (k is not None) != (name in ALLOCATION):
        out["skipped"] = "analyses random allocation only" if name in ALLOCATION else "analyses Poisson sampling only"
        return out
    try:
        start = time.perf_counter()
        r = RUN[name](int(k), s, t, d) if k is not None else RUN[name](q, s, t, d)
        seconds = time.perf_counter() - start
    except Exception as e:  # an accountant failing on a workload is reported, not fatal
        out["error"] = f"{type(e).__name__}: {e}"
        return out
    r = {k: as_float(v) for k, v in r.items()}
    if not all(math.isfinite(v) for v in r.values()):
        out["error"] = f"non-finite result {r}"
        return out
    out.update(r)
    out["seconds"] = seconds
    return out


def main():
    available = {name: probe(name) for name in PACKAGES}
    hello = {"python": sys.version.split()[0], "accountants": available}
    print(json.dumps({"hello": hello}), flush=True)
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(job(line, available)), flush=True)


if __name__ == "__main__":
    main()

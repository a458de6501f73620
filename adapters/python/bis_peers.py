#!/usr/bin/env python3
"""Peers of dpaudit's Balanced Iteration Subsampling accounting (issue 11): the same scheme (each
record in exactly k of T steps) analysed as *random allocation* (Feldman & Shenfeld, arXiv
2502.08202 and follow-ups). For each (T, k, sigma, delta) of the grid, every package's epsilon
(or epsilon interval) and the wall time of the call, written to
audits/balanced_iteration/peers.csv.

* pld-accounting 2.0: gaussian_allocation_epsilon_range(delta, sigma, num_steps=T,
  num_selected=k) -> (upper, lower). Exact k-of-T scheme only for k = 1; for k > 1 it composes k
  one-of-floor(T/k) allocations, so its upper end bounds BIS but its lower end is not a lower
  bound on BIS's epsilon (issue 11).
* random-allocation 1.0.5: allocation_epsilon_analytic / _RDP_DCO / _decomposition (upper
  bounds) and allocation_epsilon_lower_bound (k = 1 only), direction BOTH, default SchemeConfig.

Every call runs in a forked child with a time limit (TIMEOUT seconds); a call that fails or
times out is recorded with its error. Times exclude numba JIT compilation (warm-up call first). Usage: python bis_peers.py [OUT.csv]
"""
import csv
import datetime
import importlib.metadata as md
import math
import multiprocessing as mp
import sys
import time

GRID = [(10, 4, 2.0, 1e-5), (10, 1, 1.0, 1e-5), (1000, 1, 1.0, 1e-5), (6, 2, 1.5, 1e-5)]
TIMEOUT = 300.0


def pld_range(t, k, sigma, delta):
    from PLD_accounting import gaussian_allocation_epsilon_range
    up, lo = gaussian_allocation_epsilon_range(delta=delta, sigma=sigma, num_steps=t, num_selected=k)
    return lo, up


def ra(name):
    def f(t, k, sigma, delta):
        import random_allocation.random_allocation_scheme as s
        from random_allocation.comparisons.definitions import PrivacyParams, SchemeConfig
        fn = getattr(s, name)
        v = fn(PrivacyParams(sigma=sigma, num_steps=t, num_selected=k, num_epochs=1, delta=delta), SchemeConfig())
        return (v, math.nan) if name.endswith("lower_bound") else (math.nan, v)
    return f


METHODS = [
    ("pld-accounting", "gaussian_allocation_epsilon_range", "interval (lower end valid for BIS only at k = 1)", pld_range),
    ("random-allocation", "allocation_epsilon_analytic", "upper", ra("allocation_epsilon_analytic")),
    ("random-allocation", "allocation_epsilon_RDP_DCO", "upper", ra("allocation_epsilon_RDP_DCO")),
    ("random-allocation", "allocation_epsilon_decomposition", "upper", ra("allocation_epsilon_decomposition")),
    ("random-allocation", "allocation_epsilon_lower_bound", "lower (k = 1 only)", ra("allocation_epsilon_lower_bound")),
]


def child(fn, args, q):
    t0 = time.perf_counter()
    try:
        lo, up = fn(*args)
        q.put(("ok", lo, up, time.perf_counter() - t0, ""))
    except Exception as e:  # recorded, not raised: one failing method must not stop the grid
        q.put(("error", math.nan, math.nan, time.perf_counter() - t0, f"{type(e).__name__}: {e}".replace("\n", " ")[:200]))


def run(fn, args):
    q = mp.get_context("fork").Queue()
    p = mp.get_context("fork").Process(target=child, args=(fn, args, q))
    p.start()
    p.join(TIMEOUT)
    if p.is_alive():
        p.kill()
        p.join()
        return ("timeout", math.nan, math.nan, TIMEOUT, f"no answer within {TIMEOUT:.0f} s")
    return q.get() if not q.empty() else ("error", math.nan, math.nan, math.nan, f"child exited with {p.exitcode}")


def fmt(x):
    return "" if isinstance(x, float) and math.isnan(x) else repr(float(x))


def warm_up():
    """One untimed call of every method on a small case in this (parent) process, so the forked
    children inherit numba's compiled functions and the recorded times exclude JIT compilation."""
    for _, _, _, fn in METHODS:
        try:
            fn(4, 1, 2.0, 1e-3)
        except Exception:
            pass


def main():
    warm_up()
    out = sys.argv[1] if len(sys.argv) > 1 else "audits/balanced_iteration/peers.csv"
    versions = ", ".join(f"{p}=={md.version(p)}" for p in ("pld-accounting", "random-allocation", "numpy"))
    with open(out, "w", newline="") as fh:
        fh.write(f"# source: adapters/python/bis_peers.py; {versions}; python {sys.version.split()[0]}; run {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}; times after an untimed warm-up call (numba JIT excluded), machine shared with other jobs; epsilon of the k-of-T random-allocation (Balanced Iteration Subsampling) Gaussian scheme, add/remove (both directions), sensitivity 1\n")
        w = csv.writer(fh)
        w.writerow(["T", "k", "sigma", "delta", "package", "function", "kind", "epsilon_lower", "epsilon_upper", "seconds", "status", "note"])
        for (t, k, sigma, delta) in GRID:
            for pkg, name, kind, fn in METHODS:
                status, lo, up, sec, note = run(fn, (t, k, sigma, delta))
                w.writerow([t, k, sigma, delta, pkg, name, kind, fmt(lo), fmt(up), f"{sec:.3f}", status, note])
                fh.flush()
                print(t, k, sigma, delta, name, status, lo, up, f"{sec:.2f}s", note, flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate a large claims CSV of Gaussian rows (issue 14, F5: `claims --time-budget` on 10 000 rows).

    scripts/gen_gaussian_claims.py [--rows 10000] [--seed 1] [--distinct] > claims.csv

Default ("shared"): 20 events (σ ∈ {0.5, 1, 2, 4, 8} × T ∈ {1, 10, 100, 1000}), δ ∈ {1e-5, 1e-6,
1e-8, 1e-10}, and a claimed ε drawn log-uniformly from [0.1, 100] with 4 significant digits — the
shape of a file where several accountants report on the same grid: the ε(δ) inversions are shared
by the rows of an event, the δ(ε) evaluations are (almost) all distinct.
`--distinct`: every row has its own σ (6 significant digits), so no two rows share an event.
Deterministic for a given seed (Python's `random.Random`).
"""
import argparse
import random

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=10000)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--distinct", action="store_true")
a = p.parse_args()
rng = random.Random(a.seed)
print("id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta")
for i in range(a.rows):
    if a.distinct:
        sigma = float(f"{0.5 * 16 ** rng.random():.6g}")
    else:
        sigma = rng.choice([0.5, 1, 2, 4, 8])
    steps = rng.choice([1, 10, 100, 1000])
    delta = rng.choice(["1e-5", "1e-6", "1e-8", "1e-10"])
    eps = float(f"{0.1 * 1000 ** rng.random():.4g}")
    print(f"r{i},gen-{i % 7},gaussian,{sigma!r},,,{steps},{eps!r},{delta}")

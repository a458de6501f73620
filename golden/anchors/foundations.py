#!/usr/bin/env python3
"""Independent anchors for the foundation golden files (golden/*.csv).

Written from the formulas of spec foundations.md (§1.1 hockey-stick divergence, §1.4 Rényi
divergence, §2.1-§2.4 mechanisms), NOT from dpaudit's Rust code. Every value is computed with
mpmath at 60 significant digits by a route different from dpaudit's oracle where one exists
(numerical quadrature of the defining integral instead of the closed form), and cross-checked
inside this script against the closed form or the binomial sum (assertions). Output: one CSV per
golden file, same relative path under golden/anchors/ (format: anchor_csv.py).

Run by hand (not by the tests):  /path/to/venv/bin/python golden/anchors/foundations.py
Needs mpmath (tested with 1.4.1).
"""

import os
import sys

import mpmath as mp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from anchor_csv import close, write  # noqa: E402

mp.mp.dps = 60
HERE = os.path.dirname(os.path.abspath(__file__))
TOL = "rel:1e-13+abs:1e-300"  # stored 256-bit values rounded to f64 vs 60-digit anchors


def quad(f, pts):
    """Tanh-sinh quadrature, cross-checked by Gauss-Legendre on the same pieces. mpmath's
    convergence test is absolute, so the integrand is first divided by its largest sampled
    magnitude (values down to 1e-300 keep their 60 relative digits)."""
    fin = [p for p in pts if mp.isfinite(p)]
    probes = fin + [(a + b) / 2 for a, b in zip(fin, fin[1:])]
    scale = max(abs(f(x)) for x in probes) or mp.mpf(1)
    g = lambda x: f(x) / scale
    v = mp.quad(g, pts)
    w = mp.quad(g, pts, method="gauss-legendre")
    close(w, v, mp.mpf(10) ** -35, "quadrature methods disagree")
    return v * scale


def tail_points(x0, s, sign=1):
    """Break points for a Gaussian-tail integral starting at x0 (scale s): the integrand decays like
    exp(−|x0| (x − x0)/s²) near x0, so the first pieces are ~ s²/|x0| wide."""
    w = s * min(mp.mpf(1), s / max(abs(x0), mp.mpf(1)))
    steps = [0, w / 8, w / 2, w, 2 * w, 4 * w, 8 * w, 16 * w, 32 * w, 64 * w, 128 * w, 256 * w, 1024 * w]
    pts = [x0 + sign * d for d in steps] + [sign * mp.inf]
    return pts if sign > 0 else pts[::-1]


def phi(x, s=1):
    return mp.npdf(x, 0, s)


# ------------------------------------------------------------------ Gaussian (foundations §2.1)

def gauss_delta_quad(mu, eps):
    """H_eps(N(mu,1), N(0,1)) = ∫ (φ(x−μ) − e^ε φ(x))_+ dx; positive exactly for x > ε/μ + μ/2."""
    x0 = eps / mu + mu / 2
    f = lambda x: phi(x - mu) - mp.exp(eps) * phi(x)
    return quad(f, tail_points(x0, 1))


def gauss_delta_closed(mu, eps):
    """Balle & Wang 2018 Thm 8: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)."""
    return mp.ncdf(-eps / mu + mu / 2) - mp.exp(eps) * mp.ncdf(-eps / mu - mu / 2)


GAUSS_EPS = [-1, 0, 0.5, 1, 2, 3, 5, 7, 9, 10, 15, 18, 20, 30, 37, 50, 60, 70, 75]
GAUSS_LAST = {"0.5": 75, "1": 37, "2": 18, "4": 9, "5": 7}


def gaussian_profile():
    rows = []
    for s, last in GAUSS_LAST.items():
        mu = 1 / mp.mpf(s)
        for e in [e for e in GAUSS_EPS if e <= last]:
            et = f"{e}"
            v = gauss_delta_quad(mu, mp.mpf(et))
            close(v, gauss_delta_closed(mu, mp.mpf(et)), mp.mpf(10) ** -40, f"gaussian {s} {et}")
            rows.append(([s, et], "delta", v, "mpmath quad of the hockey-stick integral (Balle-Wang Thm 8 closed form agrees to 1e-40)"))
    # foundations §8.3 mpmath-50 values
    close(gauss_delta_quad(1, 1), mp.mpf("0.12693673750664395"), 1e-16, "§8.3")
    close(gauss_delta_quad(mp.mpf("0.5"), 3), mp.mpf("3.4009117356735288e-10"), 1e-16, "§8.3")
    write(os.path.join(HERE, "gaussian_profile.csv"), "mpmath 60 digits; tanh-sinh quadrature of ∫(p − e^ε q)_+ for P = N(1/σ;1), Q = N(0;1) from the crossing point (foundations §1.1; §2.1); script golden/anchors/foundations.py", "delta=" + TOL, ["sigma", "epsilon"], rows)


def gaussian_epsilon():
    rows = []
    for s in ["0.5", "1", "4"]:
        for t in [1, 100, 10000]:
            for d in ["1e-5", "1e-10"]:
                mu = mp.sqrt(t) / mp.mpf(s)
                target = mp.log(mp.mpf(d))
                # bisection on ln δ(ε) (strictly decreasing) over [0, μ²/2 + μ√(2 ln(1/δ))]
                lo, hi = mp.mpf(0), mu ** 2 / 2 + mu * mp.sqrt(2 * -target)
                for _ in range(220):
                    mid = (lo + hi) / 2
                    if mp.log(gauss_delta_closed(mu, mid)) > target:
                        lo = mid
                    else:
                        hi = mid
                eps = (lo + hi) / 2
                close(gauss_delta_quad(mu, eps), mp.mpf(d), mp.mpf(10) ** -40, "root")
                rows.append(([s, str(t), d], "epsilon", eps, "mpmath bisection on the μ√T-GDP closed form (DRS Cor 3.3; Balle-Wang Thm 8); δ at the root re-checked by quadrature"))
    close(rows[6][2], mp.mpf("4.3771780956812246"), 1e-16, "§8.3 ε(1e-5)")
    write(os.path.join(HERE, "gaussian_epsilon.csv"), "mpmath 60 digits; bisection (220 halvings) for δ(ε) = δ on the T-fold Gaussian profile with μ = √T/σ, the root's δ re-checked by quadrature; script golden/anchors/foundations.py", "epsilon=rel:1e-13", ["sigma", "steps", "delta"], rows)


# ------------------------------------------------------------------ Laplace, RR (§2.2, §2.3)

PROFILE_EPS = ["-2.5", "-1", "-0.25", "0", "0.25", "0.5", "1", "1.5", "3"]


def laplace_profile():
    rows = []
    for nm in ["0.5", "1", "2"]:
        b = mp.mpf(nm)  # ε0 = Δ/b = 1/noise_multiplier with Δ = 1
        p = lambda x: mp.exp(-abs(x) / b) / (2 * b)
        for et in PROFILE_EPS:
            e = mp.mpf(et)
            e0 = 1 / b
            closed = 1 - mp.exp(e) if e <= -e0 else (1 - mp.exp((e - e0) / 2) if e <= e0 else mp.mpf(0))
            # ln p − ln q = (|x−1| − |x|)/b ∈ [−ε0, ε0]: the set {p > e^ε q} is empty for ε ≥ ε0,
            # the half-line x < (1 − εb)/2 for |ε| < ε0 and the whole line for ε ≤ −ε0
            if e >= e0:
                rows.append(([nm, et], "delta", mp.mpf(0), "exactly 0: ln(p/q) ≤ ε0 ≤ ε everywhere (§2.2)"))
                continue
            xc = (1 - e * b) / 2 if e > -e0 else mp.inf
            pts = [-mp.inf] + [x for x in [mp.mpf(-20) * b, mp.mpf(0), mp.mpf(1), mp.mpf(1) + 20 * b] if x < xc] + [xc]
            v = quad(lambda x: p(x) - mp.exp(e) * p(x - 1), pts)
            close(v, closed, mp.mpf(10) ** -40, f"laplace {nm} {et}")
            rows.append(([nm, et], "delta", v, "mpmath quad of ∫(p − e^ε q) over {p > e^ε q} for Lap(0;b) vs Lap(1;b) (closed form of §2.2 agrees to 1e-40)"))
    write(os.path.join(HERE, "laplace_profile.csv"), "mpmath 60 digits; quadrature of the hockey-stick integral split at the kinks 0, 1 and the crossing point, b = noise_multiplier, Δ = 1 (foundations §1.1; §2.2); script golden/anchors/foundations.py", "delta=" + TOL, ["noise_multiplier", "epsilon"], rows)


def randomized_response_profile():
    rows = []
    for nm in ["0.5", "1", "2"]:
        e0 = 1 / mp.mpf(nm)
        pi = mp.exp(e0) / (1 + mp.exp(e0))
        P, Q = [pi, 1 - pi], [1 - pi, pi]
        for et in PROFILE_EPS:
            e = mp.mpf(et)
            # at ε ≥ ε0 every term is ≤ 0 analytically (the sum only sees rounding noise)
            v = sum(max(mp.mpf(0), a - mp.exp(e) * c) for a, c in zip(P, Q)) if e < e0 else mp.mpf(0)
            closed = 1 - mp.exp(e) if e <= -e0 else ((mp.exp(e0) - mp.exp(e)) / (1 + mp.exp(e0)) if e <= e0 else mp.mpf(0))
            close(v, closed, mp.mpf(10) ** -50, f"rr {nm} {et}")
            rows.append(([nm, et], "delta", v, "mpmath finite sum Σ_k (P_k − e^ε Q_k)_+ on the two-letter pmfs (closed form of §2.3 agrees)"))
    close(rows[9 + 5][2], mp.mpf("0.28764913664496792"), 1e-16, "§8.3 RR")
    write(os.path.join(HERE, "randomized_response_profile.csv"), "mpmath 60 digits; literal sum Σ_k (P_k − e^ε Q_k)_+ over P = (π; 1−π), Q = (1−π; π), π = e^ε0/(1+e^ε0), ε0 = 1/noise_multiplier (foundations §1.1; §2.3); script golden/anchors/foundations.py", "delta=" + TOL, ["noise_multiplier", "epsilon"], rows)


# ------------------------------------------------------------------ Poisson-subsampled Gaussian (§2.4)

def sgm_densities(q, s):
    m = lambda x: (1 - q) * phi(x, s) + q * phi(x - 1, s)
    return m, (lambda x: phi(x, s))


def sgm_delta(q, s, direction, e):
    """Quadrature of ∫ (p − e^ε r)_+ with the crossing point derived from the likelihood ratio."""
    m, g = sgm_densities(q, s)
    if direction == "remove":  # P = M_q, Q = N(0, σ²): positive for x > x_ε (all x if e^ε ≤ 1 − q)
        if mp.exp(e) <= 1 - q:
            return 1 - mp.exp(e)
        x0 = s ** 2 * (mp.log(mp.exp(e) - 1 + q) - mp.log(q)) + mp.mpf(1) / 2
        return quad(lambda x: m(x) - mp.exp(e) * g(x), tail_points(x0, s))
    # add: P = N(0, σ²), Q = M_q: positive for x < x'_ε, empty if e^{−ε} ≤ 1 − q
    if mp.exp(-e) <= 1 - q:
        return mp.mpf(0)
    x0 = s ** 2 * (mp.log(mp.exp(-e) - 1 + q) - mp.log(q)) + mp.mpf(1) / 2
    return quad(lambda x: g(x) - mp.exp(e) * m(x), tail_points(x0, s, -1))


def sgm_delta_closed(q, s, direction, e):
    if direction == "remove":
        if e <= mp.log(1 - q):
            return 1 - mp.exp(e)
        x = s ** 2 * (mp.log(mp.exp(e) - 1 + q) - mp.log(q)) + mp.mpf(1) / 2
        return q * (1 - mp.ncdf((x - 1) / s)) - (mp.exp(e) - 1 + q) * (1 - mp.ncdf(x / s))
    if e >= -mp.log(1 - q):
        return mp.mpf(0)
    x = s ** 2 * (mp.log(mp.exp(-e) - 1 + q) - mp.log(q)) + mp.mpf(1) / 2
    return (1 - (1 - q) * mp.exp(e)) * mp.ncdf(x / s) - q * mp.exp(e) * mp.ncdf((x - 1) / s)


def sgm_one_step_profile():
    rows = []
    for qt in ["0.01", "0.1"]:
        for st in ["1", "2"]:
            for et in ["-0.05", "0.01", "0.5", "1", "2"]:
                q, s, e = mp.mpf(qt), mp.mpf(st), mp.mpf(et)
                vals = {}
                for d in ["remove", "add"]:
                    vals[d] = sgm_delta(q, s, d, e)
                    close(vals[d], sgm_delta_closed(q, s, d, e), mp.mpf(10) ** -20, f"sgm {qt} {st} {d} {et}")
                vals["max"] = max(vals["remove"], vals["add"])
                for d in ["remove", "add", "max"]:
                    src = "mpmath quad of ∫(p − e^ε q)_+ from the crossing point (closed form of §2.4 agrees to 1e-20; it cancels at 60 digits)" if vals[d] != 0 else "exactly 0: e^{−ε} ≤ 1 − q so p ≤ e^ε q everywhere (§2.4)"
                    if d == "max":
                        src = "max of the remove and add quadratures"
                    rows.append(([qt, st, d, et], "delta", vals[d], src))
    write(os.path.join(HERE, "sgm_one_step_profile.csv"), "mpmath 60 digits; tanh-sinh quadrature of ∫(p − e^ε q)_+ for the remove pair (M_q; N(0;σ²)) and the add pair (N(0;σ²); M_q) from the crossing point of the likelihood ratio, M_q = (1−q)N(0;σ²) + qN(1;σ²) (foundations §1.1; §2.4); script golden/anchors/foundations.py", "delta=" + TOL, ["sampling_rate", "sigma", "direction", "epsilon"], rows)


def sgm_rdp_quad(q, s, direction, a):
    """D_α(P‖Q) = ln ∫ p^α q^{1−α} / (α−1) by quadrature, log-space integrand."""
    m, g = sgm_densities(q, s)
    if direction == "remove":
        f = lambda x: mp.exp(a * mp.log(m(x)) - (a - 1) * mp.log(g(x)))
    else:
        f = lambda x: mp.exp(a * mp.log(g(x)) - (a - 1) * mp.log(m(x)))
    # the remove integrand peaks near x ≈ α σ² (binomial term k = α); split around it
    c = a * s ** 2
    pts = [-mp.inf, -30 * s, -5 * s, 0, mp.mpf(1) / 2, 1, c / 2, c, c + 5 * s, c + 30 * s, mp.inf]
    pts = sorted(set(pts), key=lambda p: p if mp.isfinite(p) else (mp.mpf(-1e9) if p < 0 else mp.mpf(1e9)))
    return mp.log(quad(f, pts)) / (a - 1)


def sgm_rdp_binomial(q, s, a):
    """Integer α, remove direction: Mironov-Talwar-Zhang 2019 binomial sum (§2.4)."""
    return mp.log(sum(mp.binomial(a, k) * (1 - q) ** (a - k) * q ** k * mp.exp((k * k - k) / (2 * s ** 2)) for k in range(a + 1))) / (a - 1)


def sgm_rdp():
    rows = []
    cases = [("0.01", "1", ["1.5", "2", "2.5", "8", "10.5", "16", "20.5", "32"]), ("0.1", "2", ["2", "3.5", "8"])]
    for qt, st, alphas in cases:
        for at in alphas:
            for d in ["remove", "add"]:
                q, s, a = mp.mpf(qt), mp.mpf(st), mp.mpf(at)
                v = sgm_rdp_quad(q, s, d, a)
                src = "mpmath quad of ∫ p^α q^{1−α}"
                if d == "remove" and a == int(a):
                    close(v, sgm_rdp_binomial(q, s, int(a)), mp.mpf(10) ** -35, f"rdp {qt} {st} {at}")
                    src += " (binomial sum of MTZ 2019 agrees to 1e-35)"
                rows.append(([qt, st, d, at], "rdp", v, src))
    # foundations §8.2 mpmath-50 values (remove 17 digits)
    ref = {"2": "1.7181342207454794e-4", "8": "8.9364390760603189e-4", "16": "3.0878507836962446", "32": "11.246275937048069", "2.5": "2.1757533228188046e-4", "10.5": "0.18833969137955361", "20.5": "5.4086675940546861"}
    for key, column, v, _ in rows:
        if key[:3] == ["0.01", "1", "remove"] and key[3] in ref:
            close(v, mp.mpf(ref[key[3]]), 2e-16, f"§8.2 α = {key[3]}")
    write(os.path.join(HERE, "sgm_rdp.csv"), "mpmath 60 digits; tanh-sinh quadrature of ∫ p^α q^{1−α} in log space, split around the peak x ≈ ασ², both directions, integer remove orders cross-checked against the binomial sum (foundations §1.4; §2.4); script golden/anchors/foundations.py", "rdp=rel:1e-13", ["sampling_rate", "sigma", "direction", "alpha"], rows)


if __name__ == "__main__":
    which = sys.argv[1:] or ["gaussian_profile", "gaussian_epsilon", "laplace_profile", "randomized_response_profile", "sgm_one_step_profile", "sgm_rdp"]
    for name in which:
        globals()[name]()

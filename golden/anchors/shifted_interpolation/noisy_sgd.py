#!/usr/bin/env python3
"""Independent anchors for the NoisySGD part of "Shifted Interpolation for DP" (Bok, Su,
Altschuler 2024; spec shared/spec/shifted_interpolation.md §2.6, §2.10, §6, §9 item 1).

Written from the spec's definitions, NOT from dpaudit's Rust code, with mpmath at 50 digits:
* C_p(G_mu)(alpha) of Definition 4.7 from the definition f_p = p G_mu + (1-p) Id and its inverse
  (mpmath findroot on [0, alpha_x]), with the linear segment between alpha_x and alpha_y;
* the one-step profile delta(eps) by tanh-sinh quadrature of the hockey-stick integral
  int (m(x) - e^eps phi(x))_+ dx for m = (1-p) phi + p phi(. - mu) (the pair behind f_p),
  cross-checked against the amplification identity p * delta_G(ln(1 + (e^eps - 1)/p));
* the CLT mu of Lemma A.5 and its Lemma A.3 epsilon at delta = 1e-5 (root in mpmath).
Every value is also asserted against the spec's printed computed example (12 digits).

Run by hand (not by the tests):  /path/to/venv/bin/python golden/anchors/shifted_interpolation/noisy_sgd.py
Needs mpmath (tested with 1.4.1). Output: noisy_sgd_values.csv next to this script (format of
anchor_csv.py; no golden file reads it yet).
"""

import os
import sys

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from anchor_csv import write  # noqa: E402

mp.mp.dps = 50
Phi = mp.ncdf


def phi(x):
    return mp.npdf(x)


def G(mu, a):
    if a <= 0:
        return mp.mpf(1)
    if a >= 1:
        return mp.mpf(0)
    return Phi(-mp.sqrt(2) * mp.erfinv(2 * a - 1) - mu)  # Phi^{-1}(1-a) = -sqrt2 erfinv(2a-1)


def C(p, mu, a):
    fp = lambda x: p * G(mu, x) + (1 - p) * (1 - x)
    ax = Phi(-mu / 2)
    ay = fp(ax)
    if a <= ax:
        return fp(a)
    if a <= ay:
        return ax + ay - a
    return mp.findroot(lambda b: fp(b) - a, (mp.mpf(0), ax), solver="anderson")


def delta_gauss(mu, eps):
    return Phi(-eps / mu + mu / 2) - mp.e ** eps * Phi(-eps / mu - mu / 2)


def delta_quad(p, mu, eps):
    g = mp.e ** eps
    # m(x) > g phi(x) iff (1-p) + p e^{mu x - mu^2/2} > g, i.e. x > x0
    x0 = (mp.log((g - (1 - p)) / p) + mu ** 2 / 2) / mu
    f = lambda x: (1 - p) * phi(x) + p * phi(x - mu) - g * phi(x)
    return mp.quad(f, [x0, x0 + 5, x0 + 20, mp.inf])


def kappa(x):
    return mp.e ** (x ** 2) * Phi(1.5 * x) + 3 * Phi(-0.5 * x) - 2


def eps_of_delta(mu, d):
    lo, hi = mp.mpf(0), mp.mpf(60)  # delta_gauss is decreasing in eps: bisection, 200 halvings
    for _ in range(200):
        mid = (lo + hi) / 2
        if delta_gauss(mu, mid) > d:
            lo = mid
        else:
            hi = mid
    return hi


rows = []
table = [
    (mp.mpf("0.25"), mp.mpf("2.5"), [0.972070258061, 0.850267357964, 0.761558764996, 0.502824886833, 0.302824886833, 0.0272698314018, 1.06382219792e-05]),
    (mp.mpf("0.025"), mp.mpf(2) / 3, [0.999874117835, 0.989037767476, 0.947150226694, 0.693585872247, 0.493472067009, 0.194294959526, 0.00910113713644]),
    (mp.mpf("0.01"), mp.mpf(1), [0.999868261828, 0.989176377519, 0.947904889772, 0.696171798704, 0.496170750775, 0.196385840476, 0.00921787250137]),
]
alphas = ["1e-4", "0.01", "0.05", "0.3", "0.5", "0.8", "0.99"]
for p, mu, spec in table:
    for a, s in zip(alphas, spec):
        v = C(p, mu, mp.mpf(a))
        assert abs(v - s) <= 1e-11 * max(s, 1e-3), (p, mu, a, v, s)
        rows.append(((mp.nstr(p, 6), mp.nstr(mu, 17), a), "tradeoff", v, "mpmath 50 digits: f_p / linear segment / findroot of f_p on [0; alpha_x] (Definition 4.7)"))

for p, mu, eps, spec in [("0.025", mp.mpf(2) / 3, "0.1", 7.86371251673e-05), ("0.25", mp.mpf("2.5"), "1.0", 0.128761329239), ("0.01", mp.mpf(1), "0.05", 0.000311065395443)]:
    p, eps = mp.mpf(p), mp.mpf(eps)
    q = delta_quad(p, mu, eps)
    amp = p * delta_gauss(mu, mp.log(1 + (mp.e ** eps - 1) / p))
    assert abs(q - amp) < mp.mpf(10) ** -30 * amp, (q, amp)
    assert abs(q - spec) < 1e-11 * spec, (q, spec)
    rows.append(((mp.nstr(p, 6), mp.nstr(mu, 17), mp.nstr(eps, 6)), "delta", q, "mpmath quad of the hockey-stick integral; amplification identity agrees to 1e-30"))

for p, k, mu, spec_mu in [("0.01", 1000, mp.mpf(1), 0.540794534628), ("0.025", 2000, mp.mpf(2) / 3, 1.02531099685)]:
    p = mp.mpf(p)
    m = mp.sqrt(2) * p * mp.sqrt(k) * mp.sqrt(kappa(mu))
    assert abs(m - spec_mu) < 1e-11 * spec_mu, (m, spec_mu)
    e = eps_of_delta(m, mp.mpf("1e-5"))
    rows.append(((mp.nstr(p, 6), k, mp.nstr(mu, 17)), "clt_mu", m, "Lemma A.5 in mpmath (estimate)"))
    rows.append(((mp.nstr(p, 6), k, mp.nstr(mu, 17)), "clt_eps_delta_1e-5", e, "Lemma A.3 root in mpmath at the CLT mu (estimate)"))
assert abs(rows[-3][2] - mp.mpf("2.1758")) < 5e-5, rows[-3][2]

write(os.path.join(HERE, "noisy_sgd_values.csv"), "mpmath 50 digits; Definition 4.7 closed form with findroot; hockey-stick quadrature; Lemma A.5 and A.3 (script golden/anchors/shifted_interpolation/noisy_sgd.py)", "tradeoff=rel:1e-11,delta=rel:1e-11,clt_mu=rel:1e-12,clt_eps_delta_1e-5=rel:1e-9", ["p", "mu_or_K", "alpha_or_eps_or_mu"], rows)

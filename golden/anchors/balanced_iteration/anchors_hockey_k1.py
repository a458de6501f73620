#!/usr/bin/env python3
"""Independent anchors for the certified hockey-stick divergences of Balanced Iteration
Subsampling with k = 1 (random 1-of-T allocation), dpaudit's
src/papers/balanced_iteration/lognormal_sum.rs.

Pair (spec balanced_iteration.md section 0.3 / 11, k = 1): Q = N(0, s^2 I_T),
P = T^-1 sum_t N(c e_t, s^2 I_T). Under Q, dP/dQ = S/T, S = sum_t Y_t,
Y_t = exp(a Z_t - a^2/2) i.i.d. lognormal, a = c/s.

  H(P||Q)(eps) = E[(S/T - e^eps)_+],  H(Q||P)(eps) = E[(1 - e^eps S/T)_+].

Route (NOT dpaudit's lattice + FFT): condition on Y_1..Y_{T-1}; the expectation over the last Y
is a lognormal call / put in closed form (Black-Scholes with zero rate):
  E(Y - b)_+ = Phi(a - z_b) - b Phi(-z_b),  E(b - Y)_+ = b Phi(z_b) - Phi(z_b - a),
  z_b = (ln b + a^2/2)/a  (b > 0);  E(Y - b)_+ = 1 - b for b <= 0, E(b - Y)_+ = 0 for b <= 0.
The remaining T-1 Gaussian coordinates are integrated by mpmath tanh-sinh quadrature (1-D for
T = 2, nested 2-D for T = 3), each split at the kink of the closed form. 20 digits.

Run: /work/wt/anchors-venv/bin/python golden/anchors/balanced_iteration/anchors_hockey_k1.py
Prints one line per (T, sigma, eps): H(P||Q), H(Q||P); the Rust tests copy them.
"""

import mpmath as mp

mp.mp.dps = 20


def call(a, b):
    if b <= 0:
        return 1 - b
    z = (mp.log(b) + a * a / 2) / a
    return mp.ncdf(a - z) - b * mp.ncdf(-z)


def put(a, b):
    if b <= 0:
        return mp.mpf(0)
    z = (mp.log(b) + a * a / 2) / a
    return b * mp.ncdf(z) - mp.ncdf(z - a)


def y_of(a, z):
    return mp.exp(a * z - a * a / 2)


def z_of(a, y):
    return (mp.log(y) + a * a / 2) / a


def gauss(z):
    return mp.npdf(z)


def h_pq(T, a, eps):
    g = mp.e ** eps
    thr = T * g  # S > thr matters
    if T == 2:
        f = lambda z: gauss(z) * call(a, thr - y_of(a, z)) / T
        zk = z_of(a, thr)
        return mp.quad(f, [-mp.inf, zk, mp.inf])
    if T == 3:
        def outer(z1):
            y1 = y_of(a, z1)
            rem = thr - y1
            inner = lambda z2: gauss(z2) * call(a, rem - y_of(a, z2)) / T
            pts = [-mp.inf, z_of(a, rem), mp.inf] if rem > 0 else [-mp.inf, mp.inf]
            return gauss(z1) * mp.quad(inner, pts)
        return mp.quad(outer, [-mp.inf, z_of(a, thr), mp.inf])
    raise ValueError(T)


def h_qp(T, a, eps):
    g = mp.e ** eps
    thr = T / g  # S < thr matters; integrand (g/T)(thr - S)_+
    if T == 2:
        zk = z_of(a, thr)
        f = lambda z: gauss(z) * put(a, thr - y_of(a, z)) * g / T
        return mp.quad(f, [-mp.inf, zk])
    if T == 3:
        def outer(z1):
            rem = thr - y_of(a, z1)
            if rem <= 0:  # quadrature nodes at the breakpoint: the put is 0 there
                return mp.mpf(0)
            inner = lambda z2: gauss(z2) * put(a, rem - y_of(a, z2)) * g / T
            return gauss(z1) * mp.quad(inner, [-mp.inf, z_of(a, rem)])
        return mp.quad(outer, [-mp.inf, z_of(a, thr)])
    raise ValueError(T)


def check():
    # E S/T = 1: H(P||Q)(0) - H(Q||P)(0) = E(S/T - 1) = 0 (both directions at eps = 0 agree:
    # total variation), a self-check of the closed forms and the quadrature.
    a = mp.mpf(1)
    d = h_pq(2, a, 0) - h_qp(2, a, 0)
    assert abs(d) < mp.mpf(10) ** -15, d


if __name__ == "__main__":
    import sys
    check()
    grid = [(2, s, e) for s in (1, 2) for e in ("0.1", "0.5", "1", "2")]
    # T = 3 (nested quadrature) at fewer points and 12 digits: slow at full precision.
    grid += [(3, s, e) for s in (1, 2) for e in ("0.5", "1")]
    for T, sigma, e in grid:
        if T == 3:
            mp.mp.dps = 12
        a = mp.mpf(1) / sigma
        eps = mp.mpf(e)
        if True:
            if True:
                print(f"T={T} sigma={sigma} eps={mp.nstr(eps, 3)} H_PQ={mp.nstr(h_pq(T, a, eps), 15)} H_QP={mp.nstr(h_qp(T, a, eps), 15)}", flush=True)

#!/usr/bin/env python3
"""Independent anchors for golden/mixture_fdp/theorem_5_1.csv (and the numbers of the Section 5
audit points).

Paper: Wang, Su, Ye, Shokri, Su, "Unified Enhancement of Privacy Bounds for Mixture Mechanisms via
f-Differential Privacy" (NeurIPS 2023), Section 5 and Appendix D; specification
shared/spec/mixtures_fdp.md §5, §10.1 item 3, §10.2. Written from the paper, NOT from dpaudit's Rust
code:
* Theorem 5.1 in the paper's printed two-branch form (t_I = -t/mu_I + mu_I/2; mu_I <= 0 and
  mu_I > 0 branches), mpmath 30 digits, mp.quad over I on (-inf, a-c], [a-c, a], [a, a+c], [a+c, inf)
  (the kinks and the zero of mu_I = clip(a - I, -c, c));
* delta_J(eps) = E_I[delta_{G_|mu_I|}(eps)] with the Gaussian profile
  delta_mu(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2) (DRS Cor. 2.13);
* the remark's one-branch formula with the signed mu^max (spec §5.3);
* the true output pair (spec §5.6 item 1) by brute force in numpy: the density of
  theta(D) = I - n_D clip(I - a, -c, c) - Z on an x grid by the trapezoid rule over a fine I grid,
  then the two-sided hockey-stick by the trapezoid rule (about 1e-7 absolute); D.1 (no clipping)
  also in closed form (two Gaussians of unequal variances: the positive set of p - e^eps q is
  an interval or its complement, from the roots of a quadratic);
* the signed remark (spec §10.1 item 3): a least-squares pair (n = 5, c = 1) whose true trade-off,
  by a Neyman-Pearson sort of grid densities, is below the signed point at t = -1 (both orders);
* Example D.3: the logistic pair n = 1, xy = u = 2 by the same brute force, against delta_J with
  the corrected envelope M/(1 + e^{-M|I|}) and with the printed 1/(1 + e^{-M|I|}).

Run by hand:  /work/wt/anchors-venv/bin/python golden/anchors/mixture_fdp/init_gd.py
"""

import os
import sys

import mpmath as mp
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from anchor_csv import close, write  # noqa: E402

mp.mp.dps = 30
Phi = mp.ncdf
A = mp.mpf(1)


def close_abs(a, b, tol, what):
    """|a - b| <= tol (the spec's tables print 12 decimals)."""
    if abs(mp.mpf(a) - mp.mpf(b)) > tol:
        raise AssertionError(f"{what}: {mp.nstr(a, 20)} vs {b}")


def mu_clip(c):
    return lambda i: (A - i) if abs(A - i) <= c else (c if A - i > c else -c)


def pieces(c):
    if c == mp.inf:
        return [-mp.inf, A, mp.inf]
    return [-mp.inf, A - c, A, A + c, mp.inf]


def E(h, c):
    w = lambda i: h(i) * mp.npdf(i)
    return mp.quad(w, pieces(c))


def two_branch(c, t):
    """Theorem 5.1 as printed (two branches)."""
    mu = mu_clip(c)

    def al(i):
        m = mu(i)
        ti = -t / m + m / 2
        return Phi(ti) if m <= 0 else Phi(-ti)

    def be(i):
        m = mu(i)
        ti = -t / m + m / 2
        return Phi(-ti + m) if m <= 0 else Phi(ti - m)

    return E(al, c), E(be, c)


def signed_one_branch(c, t):
    """The remark's formula alpha = E[Phi(-t_I)], f = E[Phi(t_I - mu)] fed the signed mu^max."""
    mu = mu_clip(c)
    al = lambda i: Phi(-(-t / mu(i) + mu(i) / 2))
    be = lambda i: Phi((-t / mu(i) + mu(i) / 2) - mu(i))
    return E(al, c), E(be, c)


def G(mu, a):
    return Phi(mp.sqrt(2) * mp.erfinv(1 - 2 * a) - mu)


def dG(mu, eps):
    mu = abs(mu)
    return Phi(-eps / mu + mu / 2) - mp.e ** eps * Phi(-eps / mu - mu / 2)


def delta_J(c, eps):
    """E_I[delta_G]: the middle piece split in 200 (delta_G(eps) varies like exp(eps^2/mu^3) near
    |a - I| = c at large eps: a boundary layer the 4-piece split misses by 0.7% at eps = 6)."""
    mu = mu_clip(c)
    if c == mp.inf:
        return E(lambda i: dG(mu(i), eps), c)
    f = lambda i: dG(mu(i), eps) * mp.npdf(i)
    tails = (Phi(A - c) + 1 - Phi(A + c)) * dG(c, eps)
    return tails + mp.quad(f, mp.linspace(A - c, A + c, 201))


def delta_env(env, eps):
    return mp.quad(lambda i: dG(env(i), eps) * mp.npdf(i), [-mp.inf, 0, mp.inf])


# ---------- brute-force truth (numpy, float64)
def truth_delta_np(s0, s1, eps, xr, ni=48001, nx=6001, ir=9.0):
    i = np.linspace(-ir, ir, ni)
    w = np.exp(-i * i / 2) / np.sqrt(2 * np.pi)
    x = np.linspace(-xr, xr, nx)
    out = []
    for s in (s0, s1):
        d = np.empty(nx)
        si = s(i)
        for k in range(0, nx, 200):
            xx = x[k:k + 200, None]
            d[k:k + 200] = np.trapezoid(np.exp(-(xx - si) ** 2 / 2) / np.sqrt(2 * np.pi) * w, i, axis=1)
        out.append(d)
    p, q = out
    g = np.exp(eps)
    return max(np.trapezoid(np.maximum(p - g * q, 0), x), np.trapezoid(np.maximum(q - g * p, 0), x))


def ls_drift(n, c):
    h = lambda i: np.clip(i - 1.0, -c, c)
    return (lambda i: i - n * h(i)), (lambda i: i - (n - 1) * h(i))


def gauss_hs(m1, v1, m2, v2, eps):
    """H_{e^eps}(N(m1, v1) || N(m2, v2)) in closed form (mpmath)."""
    m1, v1, m2, v2, eps = map(mp.mpf, (m1, v1, m2, v2, eps))
    # ln p - ln q - eps = a x^2 + b x + k
    a = -1 / (2 * v1) + 1 / (2 * v2)
    b = m1 / v1 - m2 / v2
    k = -m1 ** 2 / (2 * v1) + m2 ** 2 / (2 * v2) - mp.log(mp.sqrt(v1 / v2)) - eps
    P = lambda lo, hi: Phi((hi - m1) / mp.sqrt(v1)) - Phi((lo - m1) / mp.sqrt(v1))
    Q = lambda lo, hi: Phi((hi - m2) / mp.sqrt(v2)) - Phi((lo - m2) / mp.sqrt(v2))
    disc = b * b - 4 * a * k
    if disc <= 0:
        return mp.mpf(0) if a < 0 else 1 - mp.e ** eps
    r1, r2 = sorted([(-b - mp.sqrt(disc)) / (2 * a), (-b + mp.sqrt(disc)) / (2 * a)])
    if a < 0:  # positive between the roots
        return P(r1, r2) - mp.e ** eps * Q(r1, r2)
    return (1 - P(r1, r2)) - mp.e ** eps * (1 - Q(r1, r2))


def np_tradeoff(p, q, dx, alpha):
    """T(P, Q)(alpha) of two densities on a grid (Neyman-Pearson: reject where q/p is largest)."""
    o = np.argsort(-(q / np.maximum(p, 1e-300)))
    P, Q = np.cumsum(p[o]) * dx, np.cumsum(q[o]) * dx
    k = int(np.searchsorted(P, alpha))
    P0, Q0 = (P[k - 1], Q[k - 1]) if k > 0 else (0.0, 0.0)
    return 1 - (Q0 + (alpha - P0) / (P[k] - P0) * (Q[k] - Q0))


def signed_counterexample():
    """Spec §10.1 item 3 / §10.3: least squares n = 5, a = 1, c = 1, sigma = 1 against the signed
    remark's point (alpha, beta) = (0.197228201484, 0.667017396082) at t = -1 (both orders)."""
    x = np.linspace(-40, 40, 8001)
    i = np.linspace(-9, 9, 48001)
    w = np.exp(-i * i / 2) / np.sqrt(2 * np.pi)
    dens = []
    for n in (5, 4):
        s = i - n * np.clip(i - 1.0, -1.0, 1.0)
        d = np.empty(x.size)
        for k in range(0, x.size, 200):
            d[k:k + 200] = np.trapezoid(np.exp(-(x[k:k + 200, None] - s) ** 2 / 2) / np.sqrt(2 * np.pi) * w, i, axis=1)
        dens.append(d)
    al, be = signed_one_branch(mp.mpf(1), mp.mpf(-1))
    dx = x[1] - x[0]
    t10, t01 = np_tradeoff(dens[1], dens[0], dx, float(al)), np_tradeoff(dens[0], dens[1], dx, float(al))
    print(f"signed remark counterexample n=5 c=1: T(D1,D0)({float(al):.9f}) = {t10:.7f}, T(D0,D1) = {t01:.7f} < signed beta {mp.nstr(be, 12)}")
    assert t10 < be and t01 < be


def main():
    rows = []
    src = "mpmath 30 digits; printed two-branch form; mp.quad split at a-c; a; a+c"
    # ---- §5.5 table 1: (alpha(t), beta(t)) and G_c(alpha)
    tab = [("0.5", -1, 0.009698620878, 0.968262305112, 0.966954604318), ("0.5", 0, 0.413169677220, 0.413169677220, 0.389508172524),
           ("0.5", 0.5, 0.812377534925, 0.087999649118, 0.082767902515), ("1", -1, 0.045221558042, 0.797572860053, 0.755865585471),
           ("1", -0.5, 0.124524718928, 0.634133781868, 0.560667303644), ("1", 0, 0.353696431493, 0.353696431493, 0.266103630000),
           ("1", 1, 0.797572860053, 0.045221558042, 0.033402544730), ("2", -1, 0.048110850099, 0.665467750934, 0.368229379805),
           ("2", 0, 0.303485591143, 0.303485591143, 0.068692700345), ("2", 0.5, 0.539442272568, 0.109240932838, 0.017907183872),
           ("inf", -1, 0.045352218113, 0.649022827524, None), ("inf", 0, 0.295511541451, 0.295511541451, None)]
    for cs, t, sa, sb, sg in tab:
        c = mp.inf if cs == "inf" else mp.mpf(cs)
        al, be = two_branch(c, mp.mpf(t))
        close_abs(al, sa, 6e-13, f"alpha c={cs} t={t}")
        close_abs(be, sb, 6e-13, f"beta c={cs} t={t}")
        inst = f"a1_c{cs}_s1"
        rows += [((inst, "alpha", t), "value", al, src), ((inst, "beta", t), "value", be, src)]
        if sg is not None:
            g = G(c, al)
            close_abs(g, sg, 6e-13, f"G_c c={cs}")
            rows.append(((inst, "no_init_at_alpha", t), "value", g, "mpmath G_c(alpha(t)) = Phi(Phi^-1(1-alpha) - c)"))
        # sign invariance: |mu| form equals the two-branch form
        mu = mu_clip(c)
        al2 = E(lambda i: Phi(t / abs(mu(i)) - abs(mu(i)) / 2), c)
        close(al2, al, mp.mpf(10) ** -25, "sign invariance")
    # ---- §5.5 table 2: delta_J(eps) and the c-GDP baseline
    dtab = {"0.5": (4.253557175971e-02, 5.374109993272e-03, 7.264554071789e-06), "1": (1.605596653069e-01, 7.950220046627e-02, 1.209735191857e-02),
            "2": (2.804498778315e-01, 2.037533994892e-01, 1.042980472692e-01), "inf": (3.004529959497e-01, 2.276970620993e-01, 1.341889210332e-01)}
    gtab = {"0.5": (5.244032e-02, 6.829595e-03, 9.439169e-06), "1": (2.384217e-01, 1.269367e-01, 2.092364e-02), "2": (5.991856e-01, 5.098617e-01, 3.318980e-01)}
    for cs, vals in dtab.items():
        c = mp.inf if cs == "inf" else mp.mpf(cs)
        inst = f"a1_c{cs}_s1"
        for e, sv in zip([0.5, 1, 2], vals):
            d = delta_J(c, mp.mpf(e))
            close(d, sv, 2e-11, f"delta_J c={cs} eps={e}")
            rows.append(((inst, "delta", e), "value", d, "mpmath 30 digits E_I[delta_G_|mu_I|(eps)]"))
        for e, sv in zip([0.5, 1, 2], gtab.get(cs, ())):
            d = dG(c, mp.mpf(e))
            close(d, sv, 1e-6, f"delta_G c={cs}")
            rows.append(((inst, "no_init_delta", e), "value", d, "mpmath delta_{G_c}(eps) closed form"))
    # tiny delta (log space): c = 0.5 at eps = 6
    for e in [6, 10]:
        d = delta_J(mp.mpf("0.5"), mp.mpf(e))
        rows.append((("a1_c0.5_s1", "delta", e), "value", d, "mpmath 30 digits E_I[delta_G_|mu_I|(eps)]"))
        print(f"delta_J(c=0.5, eps={e}) = {mp.nstr(d, 15)}")
    # ---- signed misuse (spec §5.5 last paragraph)
    for t, sa, sb in [(0, 0.382852, 0.382852), (-1, 0.197228, 0.667017)]:
        al, be = signed_one_branch(mp.mpf(1), mp.mpf(t))
        close(al, sa, 2e-6, "signed alpha")
        close(be, sb, 2e-6, "signed beta")
        rows += [(("a1_c1_s1", "signed_alpha", t), "value", al, "mpmath one-branch formula; signed mu^max"), (("a1_c1_s1", "signed_beta", t), "value", be, "mpmath one-branch formula; signed mu^max")]
        print(f"signed remark c=1 t={t}: ({mp.nstr(al, 12)}, {mp.nstr(be, 12)})")
    # ---- Example D.3: corrected vs printed envelope, M = 2, sigma = 1
    M = mp.mpf(2)
    env = lambda i: M / (1 + mp.e ** (-M * abs(i)))
    pr = lambda i: 1 / (1 + mp.e ** (-M * abs(i)))
    for e in [0.5, 1]:
        dc, dp = delta_env(env, mp.mpf(e)), delta_env(pr, mp.mpf(e))
        rows += [(("logistic_M2_s1", "delta", e), "value", dc, "mpmath E_I[delta_G_m(I)]; m = M/(1+e^{-M|I|})"), (("logistic_printed_M2", "delta", e), "value", dp, "mpmath E_I[delta_G_m(I)]; m = 1/(1+e^{-M|I|}) as printed")]
        u = 2.0
        tr = truth_delta_np(lambda i: i + u / (1 + np.exp(i * u)), lambda i: i + 0 * i, e, 30.0)
        print(f"D.3 M=2 eps={e}: delta_J corrected {mp.nstr(dc, 12)}, printed {mp.nstr(dp, 12)}, truth (n=1, u=2, numpy) {tr:.8f}")
    tol = "value=rel:1e-10+abs:1e-16"
    write(os.path.join(HERE, "theorem_5_1.csv"), "mpmath 30 digits; Theorem 5.1 in the printed two-branch form and delta_J = E_I[delta_G] by mp.quad split at the kinks (spec §5.5); script golden/anchors/mixture_fdp/init_gd.py", tol, ["instance", "quantity", "x"], rows)
    signed_counterexample()
    # ---- §5.6 truth table (numpy brute force) and D.1 closed form (printed only)
    spec = {(1, 1.0): (0.149300, 0.098956, 0.035006), (2, 1.0): (0.123638, 0.068749, 0.016185), (5, 1.0): (0.182319, 0.131753, 0.061128), (2, 2.0): (0.273778, 0.224715, 0.145834)}
    for (n, c), sv in spec.items():
        s0, s1 = ls_drift(n, c)
        got = [truth_delta_np(s0, s1, e, 30.0 + n * (1 + c)) for e in (0.25, 0.5, 1.0)]
        for g_, s_ in zip(got, sv):
            assert abs(g_ - s_) <= 3e-6, (n, c, g_, s_)  # the spec's grid: about 1e-6
        print(f"truth n={n} c={c}: " + ", ".join(f"{g_:.8f}" for g_ in got))
    for n in [1, 3]:
        m0, v0, m1, v1 = n * 1.0, (n - 1) ** 2 + 1.0, (n - 1) * 1.0, (n - 2) ** 2 + 1.0
        for e in [0.5, 1.0]:
            cf = max(gauss_hs(m0, v0, m1, v1, e), gauss_hs(m1, v1, m0, v0, e))
            s0, s1 = ls_drift(n, np.inf)
            bf = truth_delta_np(s0, s1, e, 40.0 + 10 * n)
            assert abs(bf - float(cf)) < 2e-6, (n, e, bf, cf)
            print(f"D.1 truth n={n} eps={e}: closed form {mp.nstr(cf, 15)} (numpy {bf:.8f}); delta_J = {mp.nstr(delta_J(mp.inf, mp.mpf(e)), 12)}")
    # Renyi (spec §5.4 D.1): R_2(N(0,1)||N(1,2))
    r2 = mp.log(mp.sqrt(2)) + mp.log(mp.mpf(2) / 3) / 2 + 2 * mp.mpf(1) / (2 * 3)
    close(r2, 0.47717, 1e-5, "R_2")
    print(f"R_2(N(0,1)||N(1,2)) = {mp.nstr(r2, 15)}")


if __name__ == "__main__":
    main()

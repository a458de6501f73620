#!/usr/bin/env python3
"""Independent anchors for the NoisySGD part of "Shifted Interpolation for DP" (Bok, Su,
Altschuler 2024; spec shared/spec/shifted_interpolation.md §2.6, §2.10, §2.11, §6, §9 item 1):
the anchor files of golden/shifted_interpolation/{definition_4_7, lemma_a_5, theorem_4_8,
theorem_4_9, theorem_4_10}.csv.

Written from the spec's definitions, NOT from dpaudit's Rust code, with mpmath:
* C_p(G_mu)(alpha) of Definition 4.7 from f_p = p G_mu + (1-p) Id and its inverse (findroot on
  [0, alpha_x]) with the linear segment between alpha_x and alpha_y (50 digits);
* the one-step profile delta(eps) of C_p(G_mu) by tanh-sinh quadrature of the hockey-stick
  integrals of the pair N(0,1) vs (1-p)N(0,1) + pN(mu,1) in both orders (the larger one),
  cross-checked against the amplification identity p * delta_G(ln(1 + (e^eps - 1)/p));
* Lemma A.5: kappa(mu) by quadrature of E_{N(0,1)}[(e^{mu X - mu^2/2} - 1)^2; X > mu/2] (not the
  closed form), mu_CLT = sqrt(2) p sqrt(K) sqrt(kappa), eps(delta) by a root of the
  Neyman-Pearson delta (Lemma A.3);
* compositions (Theorems 4.8-4.10) with p < 1: delta(eps) of C_p(G_a) (x) C_p(G_a) or
  C_p(G_a) (x) G_b by conditioning on the privacy loss Y of the first factor (the symmetric PRV of
  spec §2.11: E[delta_rest(eps - Y)] over its two halves and its atom, tanh-sinh quadrature; the
  innermost factor in closed form); eps(delta) by a root finder on log delta (20 digits). Checked
  against the GDP closed form (p = 1). One nested integral per subsampled factor, so only two-
  factor compositions are anchored; the large-t spec/paper numbers (PRV 2.1989, printed 4.44 /
  6.65 / 10.11) are tested in src/pld/fdp_compose_test.rs and audit point A1.

Rows whose key is not in the golden file (p < 1 compositions, no closed form) are *extra* anchors:
`dpaudit golden check` requires the certified FFT interval to contain them.

Run by hand (not by the tests):  /work/wt/anchors-venv/bin/python golden/anchors/shifted_interpolation/noisy_sgd.py
(arguments select parts: def a5 comp [4.8 4.9 4.10]; none = everything)
Needs mpmath (tested with 1.4.1). Takes about ten minutes.
"""

import os
import sys

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from anchor_csv import write  # noqa: E402

mp.mp.dps = 50
F = mp.mpf
Phi = mp.ncdf
phi = mp.npdf
SCRIPT = "script golden/anchors/shifted_interpolation/noisy_sgd.py"


def key(vals):
    out = []
    for v in vals:
        if isinstance(v, str):
            out.append(v)
            continue
        v = float(v)
        out.append(repr(int(v)) if v == int(v) and abs(v) < 1e15 else repr(v))
    return out


def check(x, want, rel, what):
    assert abs(x / F(want) - 1) <= rel, f"{what}: {mp.nstr(x, 15)} vs {want}"


# ---- Definition 4.7 (spec §2.6) -----------------------------------------------------------------

def G(mu, a):
    if a <= 0:
        return F(1)
    if a >= 1:
        return F(0)
    return Phi(-mp.sqrt(2) * mp.erfinv(2 * a - 1) - mu)  # Phi^{-1}(1-a) = -sqrt2 erfinv(2a-1)


def C(p, mu, a):
    fp = lambda x: p * G(mu, x) + (1 - p) * (1 - x)
    ax = Phi(-mu / 2)
    ay = fp(ax)
    if a <= ax:
        return fp(a)
    if a <= ay:
        return ax + ay - a
    return mp.findroot(lambda b: fp(b) - a, (F(0), ax), solver="anderson")


def gdp_delta(mu, eps):
    """delta(eps) of N(mu,1) vs N(0,1): tails at the likelihood-ratio threshold."""
    x0 = eps / mu + mu / 2
    tail = lambda z: mp.erfc(z / mp.sqrt(2)) / 2
    return tail(x0 - mu) - mp.exp(eps) * tail(x0)


def gdp_eps(mu, delta):
    f = lambda e: mp.log(gdp_delta(mu, e)) - mp.log(delta)
    lo, hi = F(0), F(1)
    while f(hi) > 0:
        lo, hi = hi, hi * 2
    return mp.findroot(f, (lo, hi), solver="anderson")


def one_step_delta_quad(p, mu, eps):
    """max over both orders of the hockey-stick integral of m = (1-p) phi + p phi(. - mu) vs phi."""
    g = mp.e ** eps
    m = lambda x: (1 - p) * phi(x) + p * phi(x - mu)
    # remove order: m > g phi iff x > x0
    x0 = (mp.log((g - (1 - p)) / p) + mu ** 2 / 2) / mu
    rem = mp.quad(lambda x: m(x) - g * phi(x), [x0, x0 + 5, x0 + 20, mp.inf])
    # add order: phi > g m iff (1-p) + p e^{mu x - mu^2/2} < 1/g iff x < x1 (empty if 1/g <= 1-p)
    add = F(0)
    if 1 / g > 1 - p:
        x1 = (mp.log((1 / g - (1 - p)) / p) + mu ** 2 / 2) / mu
        add = mp.quad(lambda x: phi(x) - g * m(x), [-mp.inf, x1 - 20, x1 - 5, x1])
    return max(rem, add)


def amplified(p, mu, eps):
    return p * gdp_delta(mu, mp.log(1 + (mp.e ** eps - 1) / p))


def definition_4_7():
    rows = []
    table = [
        (0.25, 2.5, [0.972070258061, 0.850267357964, 0.761558764996, 0.502824886833, 0.302824886833, 0.0272698314018, 1.06382219792e-05]),
        (0.025, 2.0 / 3.0, [0.999874117835, 0.989037767476, 0.947150226694, 0.693585872247, 0.493472067009, 0.194294959526, 0.00910113713644]),
        (0.01, 1.0, [0.999868261828, 0.989176377519, 0.947904889772, 0.696171798704, 0.496170750775, 0.196385840476, 0.00921787250137]),
    ]
    alphas = [1e-4, 0.01, 0.05, 0.3, 0.5, 0.8, 0.99]
    epss = [0.0, 0.05, 0.1, 0.3, 0.5, 1.0, 2.0]
    spec_delta = {(0.025, 0.1): 7.86371251673e-05, (0.25, 1.0): 0.128761329239, (0.01, 0.05): 0.000311065395443}
    for p, mu, spec in table:
        P, MU = F(p), F(mu)
        for a, e, s in zip(alphas, epss, spec):
            k = key([p, mu, a, e])
            v = C(P, MU, F(a))
            check(v, s, 1e-11 if s > 1e-3 else 1e-9, f"spec §2.6 C_p({p},{mu})({a})")
            rows.append((k, "tradeoff", v, "f_p / linear segment / findroot of f_p on [0; alpha_x] (Definition 4.7)"))
            d = one_step_delta_quad(P, MU, F(e))
            amp = amplified(P, MU, F(e))
            assert abs(d - amp) <= F(10) ** -25 * amp, (p, mu, e, d, amp)
            if (p, e) in spec_delta:
                check(d, spec_delta[(p, e)], 1e-11, "spec §2.6 delta")
            rows.append((k, "delta", d, "hockey-stick quadrature of the pair in both orders (larger); amplification identity agrees to 1e-25"))
    write(os.path.join(HERE, "definition_4_7.csv"), "mpmath 50 digits; Definition 4.7 C_p(G_mu) from f_p and findroot of its inverse; one-step delta(eps) by hockey-stick quadrature of N(0;1) vs (1-p)N(0;1)+pN(mu;1) in both orders (spec §2.6; cross-checked against the spec's worked numbers); " + SCRIPT,
          "tradeoff=rel:1e-11, delta=rel:1e-11", ["p", "mu", "alpha", "eps"], rows)


# ---- Lemma A.5 (spec §2.10) ---------------------------------------------------------------------

def kappa_quad(mu):
    f = lambda x: phi(x) * (mp.exp(mu * x - mu ** 2 / 2) - 1) ** 2
    return mp.quad(f, [mu / 2, mu / 2 + 5, mu / 2 + 5 + 5 * mu, mp.inf])


def lemma_a_5():
    rows = []
    spec_mu = {(0.01, 1000): 0.540794534628, (0.025, 2000): 1.0253109968, (0.025, 4000): 1.4500087174, (0.025, 8000): 2.0506219937}
    spec_eps = {(0.025, 2000): 4.5058, (0.025, 4000): 6.7716, (0.025, 8000): 10.3103, (0.01, 1000): 2.1758}
    for p, k, mu, delta in [(0.01, 1000, 1.0, 1e-5), (0.025, 2000, 2.0 / 3.0, 1e-5), (0.025, 8000, 2.0 / 3.0, 1e-5), (0.1, 100, 0.5, 1e-6), (0.005, 50000, 1.5, 1e-5)]:
        P, MU = F(p), F(mu)
        kap = kappa_quad(MU)
        closed = mp.e ** (MU ** 2) * Phi(1.5 * MU) + 3 * Phi(-MU / 2) - 2
        assert abs(kap / closed - 1) < F(10) ** -30, (mu, kap, closed)
        m = mp.sqrt(2) * P * mp.sqrt(k) * mp.sqrt(kap)
        e = gdp_eps(m, F(delta))
        if (p, k) in spec_mu:
            check(m, spec_mu[(p, k)], 1e-10, "spec §2.10/§6.1 mu_CLT")
            assert abs(e - spec_eps[(p, k)]) < 5e-5, (p, k, e)
        kk = key([p, k, mu, delta])
        rows.append((kk, "clt_mu", m, "sqrt(2) p sqrt(K) sqrt(kappa) with kappa by quadrature of E[(LR - 1)^2; X > mu/2] (estimate)"))
        rows.append((kk, "clt_eps", e, "Lemma A.3 root (findroot on log delta) at the CLT mu (estimate)"))
    write(os.path.join(HERE, "lemma_a_5.csv"), "mpmath 50 digits; Lemma A.5 (estimate) with kappa by quadrature of the restricted second moment of the likelihood ratio; eps by a root of the Neyman-Pearson delta (spec §2.10; cross-checked against the spec's worked numbers); " + SCRIPT,
          "clt_mu=rel:1e-12, clt_eps=rel:1e-12", ["p", "k", "mu", "delta"], rows)


# ---- certified compositions (spec §2.11, §6) ----------------------------------------------------

def sub_delta(p, mu, e):
    """one-step delta(e) of C_p(G_mu) for any real e: the amplification identity for e >= 0
    (checked against the hockey-stick quadrature of both orders to 1e-25 in definition_4_7) and
    the symmetry delta(e) = 1 - e^e + e^e delta(-e) below (f symmetric)."""
    if e >= 0:
        return amplified(p, mu, e)
    return 1 - mp.exp(e) + mp.exp(e) * amplified(p, mu, -e)


def gauss_delta(mu, e):
    """delta(e) of G_mu, any real e (Neyman-Pearson tails)."""
    return Phi(-e / mu + mu / 2) - mp.exp(e) * Phi(-e / mu - mu / 2)


def composed_delta(parts, eps):
    """delta(eps) of the composition of `parts` = [(p, mu), ...] (p = 1: Gaussian), by
    conditioning on the privacy loss Y of the first factor: delta(eps) = E[delta_rest(eps - Y)]
    (spec §2.11: Y's positive half is ln l(X), X ~ (1-p) phi + p phi(. - mu), X > mu/2; its
    negative half -ln l(X), X ~ phi, X > mu/2; an atom (1-p)(Phi(mu/2) - Phi(-mu/2)) at 0;
    l(x) = 1 - p + p e^{mu x - mu^2/2}). The last factor is evaluated in closed form (Gaussian)
    or by the one-step amplification identity; the others by nested tanh-sinh quadrature."""
    (p, mu), rest = parts[0], parts[1:]
    if not rest:
        return gauss_delta(mu, eps) if p == 1 else sub_delta(p, mu, eps)
    if p == 1:  # Gaussian first factor: Y = mu X + mu^2/2, X ~ N(0,1)
        return mp.quad(lambda x: phi(x) * composed_delta(rest, eps - mu * x - mu ** 2 / 2), [-mp.inf, -3, 0, 3, mp.inf])
    ell = lambda x: mp.log(1 - p + p * mp.exp(mu * x - mu ** 2 / 2))
    m = lambda x: (1 - p) * phi(x) + p * phi(x - mu)
    h = mu / 2
    cut = [h, h + 1, h + 3, h + 6 + 2 * mu, mp.inf]
    if eps > 0:  # where Y = eps (a kink of delta_rest at 0 when rest is one subsampled step)
        xs = (mp.log((mp.exp(eps) - (1 - p)) / p) + mu ** 2 / 2) / mu
        cut = sorted(set(cut + [xs]))
    pos = mp.quad(lambda x: m(x) * composed_delta(rest, eps - ell(x)), cut)
    neg = mp.quad(lambda x: phi(x) * composed_delta(rest, eps + ell(x)), [h, h + 1, h + 3, h + 6 + 2 * mu, mp.inf])
    return pos + neg + (1 - p) * (Phi(mu / 2) - Phi(-mu / 2)) * composed_delta(rest, eps)


def composed_eps(parts, delta, guess):
    f = lambda e: mp.log(composed_delta(parts, e)) - mp.log(delta)
    lo, hi = F(guess) * F("0.9"), F(guess) * F("1.1")
    while f(lo) < 0:
        lo /= 2
    while f(hi) > 0:
        hi *= 1.5
    return mp.findroot(f, (lo, hi), solver="anderson", tol=F(10) ** -15)


def gdp_mu(*squares):
    return mp.sqrt(mp.fsum(squares))


def compositions(parts=("4.8", "4.9", "4.10")):
    mp.mp.dps = 20
    # route check: the conditioning recursion reproduces the GDP closed form (G_1.5 (x) G_2 = G_2.5)
    d = composed_delta([(F(1), F("1.5")), (F(1), F(2))], F(1))
    assert abs(d / gdp_delta(F("2.5"), F(1)) - 1) < F(10) ** -17, d
    comp = "conditioning on the first factors' privacy loss (nested tanh-sinh quadrature); root on log delta"

    # Theorem 4.8: C_p(G_r)^{(x) t}
    rows = []
    for p, r, t, delta in [] if "4.8" not in parts else [(0.25, 2.5, 1, 1e-5), (0.025, 2.0 / 3.0, 1, 1e-5), (0.01, 1.0, 1, 1e-6), (1.0, 0.5, 16, 1e-5), (1.0, 0.1, 100, 1e-5), (0.05, 1.0, 2, 1e-5), (0.2, 2.0, 2, 1e-3)]:
        P, R = F(p), F(r)
        if p == 1:
            e, src = gdp_eps(R * mp.sqrt(t), F(delta)), "GDP: Neyman-Pearson root at mu = r sqrt(t) (p = 1)"
        elif t == 1:
            e = mp.findroot(lambda x: mp.log(one_step_delta_quad(P, R, x)) - mp.log(delta), (F("0.01"), F(20)), solver="anderson")
            src = "root of the one-step hockey-stick quadrature (exact for t = 1)"
        else:
            e, src = composed_eps([(P, R)] * t, F(delta), 1.0), comp
        rows.append((key([p, r, t, delta]), "eps", e, src))
        print("4.8", p, r, t, mp.nstr(e, 15), flush=True)
    if rows:
        write(os.path.join(HERE, "theorem_4_8.csv"), "mpmath 20-50 digits; Theorem 4.8 C_p(G_r)^(x)t: t = 1 by the root of the one-step hockey-stick quadrature; p = 1 by the GDP root; p < 1; t = 2 by conditioning on the privacy loss of the first steps (spec §2.11 PRV; nested quadrature); " + SCRIPT,
          "eps=rel:1e-12", ["p", "r", "t", "delta"], rows)

    # Theorem 4.9: code C_p(G_2r)^K (x) G_g; conservative C_p(G_2r)^(K-1) (x) C_p(G_{2 sqrt2 r}) (x) G_g;
    # g = 2 sqrt2 r sum_{j=K}^{t-1} c^j (the geometric gap summed term by term)
    rows = []
    for p, r, c, t, k, form, delta in [] if "4.9" not in parts else [(1.0, 0.1, 0.9, 50, 10, "code", 1e-5), (1.0, 0.1, 0.9, 50, 10, "conservative", 1e-5), (1.0, 0.2, 0.5, 7, 7, "code", 1e-5), (0.05, 0.5, 0.9, 1, 1, "code", 1e-5), (0.05, 0.5, 0.9, 1, 1, "conservative", 1e-5),
                                       (0.05, 0.25, 0.9, 10, 1, "code", 1e-5), (0.05, 0.25, 0.9, 10, 1, "conservative", 1e-5), (0.2, 0.2, 0.5, 20, 1, "code", 1e-3)]:
        P, R, Cc = F(p), F(r), F(c)
        g = 2 * mp.sqrt(2) * R * mp.fsum(Cc ** j for j in range(k, t))
        last = 2 * R if form == "code" else 2 * mp.sqrt(2) * R
        if p == 1:
            e, src = gdp_eps(gdp_mu(*([(2 * R) ** 2] * (k - 1) + [last ** 2, g ** 2])), F(delta)), "GDP root at mu^2 = sum of the factors' squares (p = 1)"
        elif t == 1:
            e = mp.findroot(lambda x: mp.log(one_step_delta_quad(P, last, x)) - mp.log(delta), (F("0.01"), F(20)), solver="anderson")
            src = "root of the one-step hockey-stick quadrature (K = t = 1)"
        else:
            e, src = composed_eps([(P, 2 * R)] * (k - 1) + [(P, last)] + ([(F(1), g)] if k < t else []), F(delta), 1.0), comp
        rows.append((key([p, r, c, t, k, form, delta]), "eps", e, src))
        print("4.9", p, r, c, t, k, form, mp.nstr(e, 15), flush=True)
    if rows:
        write(os.path.join(HERE, "theorem_4_9.csv"), "mpmath 20-50 digits; Theorem 4.9 (code and conservative forms; gap summed term by term): p = 1 by the GDP root; K = t = 1 by the one-step hockey-stick quadrature; p < 1 compositions by conditioning on the privacy loss of the subsampled factors (spec §2.11; §6.2; nested quadrature); " + SCRIPT,
          "eps=rel:1e-12", ["p", "r", "c", "t", "k", "form", "delta"], rows)

    # Theorem 4.10: C_p(G_{2r/sqrt(theta)})^nu (x) G_{D/(eta sigma sqrt((1-theta) nu))}
    rows = []
    for p, r, d, eta, sigma, theta, t, nu, delta in [] if "4.10" not in parts else [(1.0, 0.1, 1.0, 0.1, 3.0, 0.5, 100, 20, 1e-5), (1.0, 0.05, 2.0, 0.5, 2.0, 0.9, 50, 50, 1e-5),
                                                    (0.05, 0.25, 0.1, 0.1, 2.0, 0.5, 100, 1, 1e-5), (0.2, 0.5, 0.5, 0.1, 2.0, 0.5, 10, 1, 1e-3)]:
        P, R, D, ETA, S, TH = F(p), F(r), F(d), F(eta), F(sigma), F(theta)
        a = 2 * R / mp.sqrt(TH)
        b = D / (ETA * S * mp.sqrt((1 - TH) * nu))
        if p == 1:
            e, src = gdp_eps(gdp_mu(*([a ** 2] * nu + [b ** 2])), F(delta)), "GDP root at mu^2 = sum of the factors' squares (p = 1)"
        else:
            e, src = composed_eps([(P, a)] * nu + [(F(1), b)], F(delta), 1.0), comp
        rows.append((key([p, r, d, eta, sigma, theta, t, nu, delta]), "eps", e, src))
        print("4.10", p, r, nu, mp.nstr(e, 15), flush=True)
    if rows:
        write(os.path.join(HERE, "theorem_4_10.csv"), "mpmath 20-50 digits; Theorem 4.10: p = 1 by the GDP root; p < 1 compositions by conditioning on the privacy loss of the subsampled factors (spec §2.11; §6.3; nested quadrature); " + SCRIPT,
          "eps=rel:1e-12", ["p", "r", "d", "eta", "sigma", "theta", "t", "nu", "delta"], rows)


if __name__ == "__main__":
    which = sys.argv[1:] or ["def", "a5", "comp"]
    if "def" in which:
        definition_4_7()
    if "a5" in which:
        lemma_a_5()
    if "comp" in which:
        compositions(tuple(w for w in which if w.startswith("4.")) or ("4.8", "4.9", "4.10"))

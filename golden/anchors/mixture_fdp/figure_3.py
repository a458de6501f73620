"""Figure 3 caption of the mixtures f-DP paper (spec §10.1 item 13), the Gaussian reading.

Caption: "for w = 1/3 and eps = 0.5, delta derived from Lemma 6.3 is 1.5e-6 while that from
Lemma 3.1 is 0.0020". P0, Q0 are not given. Gaussian reading: T(P0, Q0) = G_mu. For the swap
pair P = (1-w)P0 + wQ0, Q = (1-w)Q0 + wP0, Lemma 3.1 gives J(G_mu, G_mu) = G_mu, so
delta_3.1 = delta_G(eps); Lemma 6.3 (through Proposition 6.4, G_mu symmetric) gives
C(2w Id + (1-2w) G_mu), whose delta is (1-2w) delta_G(log((e^eps - 2w)/(1-2w))) (spec §6.5, §7.4).
mu is fixed by delta_G(0.5) = 0.0020 (and by 0.00195 / 0.00205: the printed digit's range).
Run: /work/wt/anchors-venv/bin/python golden/anchors/mixture_fdp/figure_3.py
"""
from mpmath import mp, mpf, ncdf, exp, log, findroot

mp.dps = 40
w, eps = mpf(1) / 3, mpf("0.5")


def delta_g(mu, e):
    # Dong, Roth & Su 2022, Corollary 2.13
    return ncdf(-e / mu + mu / 2) - exp(e) * ncdf(-e / mu - mu / 2)


def lemma_6_3(mu):
    e2 = log((exp(eps) - 2 * w) / (1 - 2 * w))
    return (1 - 2 * w) * delta_g(mu, e2)


def mu_for(target, f):
    return findroot(lambda m: f(m) - target, mpf("0.3"), solver="secant")


for d in ["0.0020", "0.00195", "0.00205"]:
    mu = mu_for(mpf(d), lambda m: delta_g(m, eps))
    print(f"delta_3.1 = {d}: mu = {mp.nstr(mu, 20)}, delta_6.3 = {mp.nstr(lemma_6_3(mu), 20)}")
mu = mu_for(mpf("1.5e-6"), lemma_6_3)
print(f"delta_6.3 = 1.5e-6: mu = {mp.nstr(mu, 20)}, delta_3.1 = {mp.nstr(delta_g(mu, eps), 20)}")

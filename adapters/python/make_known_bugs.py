#!/usr/bin/env python3
"""Known-unsound (and known-sound) claims reproducing documented classes of accountant bugs.

Writes two files (default into audits/claims/):
  known_bugs.csv           claims in the exact dpaudit format (docs/claims.md)
  known_bugs.expected.csv  id, expected verdict, bug class, the independent reference bracket of
                           the true epsilon at the claimed delta, its source, and an explanation

Every expected verdict is computed here, independently of dpaudit:
  * Gaussian and Laplace (one step): closed forms evaluated with mpmath at 50 digits
    (foundations spec §2.1: delta(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2), mu = sqrt(T)/sigma;
    §2.2: delta(eps) = 1 - exp((eps - eps0)/2) for 0 <= eps < eps0, eps0 = 1/b);
  * claim kinds (docs/claims.md, "Claim kinds"): Renyi divergences by closed forms and, for the
    Poisson-subsampled Gaussian at integer orders, the binomial sum A_alpha (Mironov, Talwar &
    Zhang 2019) at 50 digits; GDP and calibration through the Gaussian profile above (sigma_min of
    the Gaussian mechanism by bisection at 50 digits); a GDP claim for the subsampled Gaussian by
    the accountant bracket of the true delta at one epsilon;
  * composed Poisson-subsampled Gaussian and composed Laplace: the bracket
    [prv_accountant 0.2.0 lower (eps_error 0.01), dp_accounting 0.6.0 PLDAccountant (pessimistic,
    h = 1e-4)] of two independent accountants.
A row is labelled `unsound` only if its claim lies below the lower reference by a clear margin
(relative 0.5 % for brackets; for closed forms the true delta at the claimed epsilon exceeds the
claimed delta by more than 1e-8 relative, above dpaudit's default tolerance 1e-9), and `sound`
only if it lies above the upper reference by the same margin; the script refuses to write a row
that is neither.

Usage: make_known_bugs.py [--dir audits/claims]
"""

import argparse
import csv
import math
import os
import sys
import warnings

import mpmath as mp
import numpy as np

warnings.filterwarnings("ignore")
mp.mp.dps = 50

HEADER = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value"
MARGIN = 0.005          # relative margin for bracket references
DELTA_MARGIN = 1e-8     # relative margin on delta for closed-form references
KIND_MARGIN = 1e-6      # relative margin of an unsound claim of kind rdp / gdp / zcdp


# ---------------------------------------------------------------------------------------------
# Independent references


def gauss_delta(mu, eps):
    mu, eps = mp.mpf(mu), mp.mpf(eps)
    return mp.ncdf(-eps / mu + mu / 2) - mp.exp(eps) * mp.ncdf(-eps / mu - mu / 2)


def gauss_eps(mu, delta):
    """eps(delta) of mu-GDP by bisection at 50 digits (delta(eps) is decreasing)."""
    delta = mp.mpf(delta)
    if gauss_delta(mu, 0) <= delta:
        return mp.mpf(0)
    lo, hi = mp.mpf(0), mp.mpf(1)
    while gauss_delta(mu, hi) > delta:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if gauss_delta(mu, mid) > delta:
            lo = mid
        else:
            hi = mid
    return hi


def gauss_sigma_min(steps, eps, delta):
    """Smallest sigma with delta(eps) <= delta for the T-fold Gaussian (mu = sqrt(T)/sigma):
    bisection on mu at 50 digits (delta_mu(eps) is increasing in mu)."""
    lo, hi = mp.mpf(0), mp.mpf(1)
    while gauss_delta(hi, eps) <= delta:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if gauss_delta(mid, eps) <= delta:
            lo = mid
        else:
            hi = mid
    return mp.sqrt(steps) / lo


def sgm_rdp_int(q, sigma, alpha):
    """Remove-direction RDP of the Poisson-subsampled Gaussian at integer alpha >= 2 (Mironov,
    Talwar & Zhang 2019): ln(sum_k C(alpha,k) (1-q)^(alpha-k) q^k exp((k^2-k)/(2 sigma^2)))/(alpha-1),
    summed directly at 50 digits (all terms positive)."""
    q, s2 = mp.mpf(q), 2 * mp.mpf(sigma) ** 2
    a = mp.fsum(mp.binomial(alpha, k) * (1 - q) ** (alpha - k) * q ** k * mp.exp((k * k - k) / s2) for k in range(alpha + 1))
    return mp.log(a) / (alpha - 1)


def laplace_delta(b, eps):
    e0 = mp.mpf(1) / b
    eps = mp.mpf(eps)
    return mp.mpf(0) if eps >= e0 else 1 - mp.exp((eps - e0) / 2)


def laplace_eps(b, delta):
    return max(mp.mpf(0), mp.mpf(1) / b + 2 * mp.log(1 - mp.mpf(delta)))


def dpacc_event(mech, sigma, q, steps):
    import dp_accounting as dpa
    if mech == "gaussian":
        ev = dpa.GaussianDpEvent(sigma)
    elif mech == "laplace":
        ev = dpa.LaplaceDpEvent(sigma)
    else:
        ev = dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(sigma))
    return dpa.SelfComposedDpEvent(ev, steps)


def pld_upper(mech, sigma, q, steps, delta=None, eps=None):
    from dp_accounting.pld import pld_privacy_accountant
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(dpacc_event(mech, sigma, q, steps))
    return acc.get_epsilon(delta) if delta is not None else acc.get_delta(eps)


def prv_lower(mech, sigma, q, steps, delta=None, eps=None):
    from prv_accountant import PRVAccountant
    from prv_accountant import privacy_random_variables as prvs
    if mech == "laplace":
        prv = prvs.LaplaceMechanism(mu=1.0 / sigma)
    else:
        prv = prvs.PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=sigma)
    if delta is not None:
        acc = PRVAccountant(prvs=prv, max_self_compositions=steps, eps_error=0.01, delta_error=delta / 1000)
        return acc.compute_epsilon(delta=delta, num_self_compositions=[steps])[0]
    acc = PRVAccountant(prvs=prv, max_self_compositions=steps, eps_error=0.01, delta_error=1e-9)
    return acc.compute_delta(epsilon=eps, num_self_compositions=[steps])[0]


def rdp_accountant(mech, sigma, q, steps):
    from dp_accounting.rdp import rdp_privacy_accountant
    acc = rdp_privacy_accountant.RdpAccountant()
    acc.compose(dpacc_event(mech, sigma, q, steps))
    return acc


# ---------------------------------------------------------------------------------------------



def verdict_by_delta(rid, true_delta, delta):
    """'unsound' / 'sound' when the true δ at the claimed ε is beyond the claimed δ by more than
    DELTA_MARGIN either way; refuses a row too close to call."""
    d = mp.mpf(delta)
    if true_delta > d * (1 + DELTA_MARGIN):
        return "unsound"
    if true_delta < d * (1 - DELTA_MARGIN):
        return "sound"
    raise SystemExit(f"{rid}: true delta {true_delta} too close to the claimed {delta}")

class Fixture:
    def __init__(self):
        self.claims = []
        self.expected = []

    def add(self, rid, bug, mech, sigma, q, steps, eps, delta, expected, ref, source, why):
        """ref: (lo, hi) bracket of the true eps at `delta`; closed forms give lo = hi."""
        lo, hi = float(ref[0]), float(ref[1])
        self.claims.append(",".join([rid, f"fixture:{bug}", mech, repr(float(sigma)), "", "" if q is None else repr(float(q)), str(steps), repr(float(eps)), repr(float(delta)), "", "", ""]))
        self.expected.append([rid, expected, bug, repr(lo), repr(hi), source, why, ""])
        print(f"{rid:34s} {expected:8s} claim eps {float(eps):.6g} delta {float(delta):.6g}  true eps in [{lo:.6g}, {hi:.6g}]", file=sys.stderr)

    def kind_row(self, rid, bug, mech, sigma, q, steps, kind, order, value, expected, ref, source, why):
        """A claim of kind rdp / gdp / zcdp: ref = (lo, hi) bracket of the kind's true value."""
        lo, hi = float(ref[0]), float(ref[1])
        if expected == "unsound":
            assert lo > value * (1 + KIND_MARGIN), (rid, lo, value)
        elif expected == "sound":
            assert hi <= value, (rid, hi, value)
        self.claims.append(",".join([rid, f"fixture:{bug}", mech, repr(float(sigma)), "", "" if q is None else repr(float(q)), str(steps), "", "", kind, "" if order is None else repr(float(order)), repr(float(value))]))
        self.expected.append([rid, expected, bug, repr(lo), repr(hi), source, why, ""])
        print(f"{rid:34s} {expected:8s} claim {kind} {float(value):.6g}  true value in [{lo:.6g}, {hi:.6g}]", file=sys.stderr)

    def calibration(self, rid, bug, sigma, steps, eps, delta, sigma_min, why):
        """A calibration claim for the Gaussian mechanism, labelled by the closed form at 50 digits."""
        mu = mp.sqrt(steps) / sigma
        true_delta, true_eps = gauss_delta(mu, eps), gauss_eps(mu, delta)
        exp = verdict_by_delta(rid, true_delta, delta)
        self.claims.append(",".join([rid, f"fixture:{bug}", "gaussian", repr(float(sigma)), "", "", str(steps), repr(float(eps)), repr(float(delta)), "calibration", "", ""]))
        self.expected.append([rid, exp, bug, repr(float(true_eps)), repr(float(true_eps)), "closed form, mpmath 50 digits", why, repr(float(sigma_min))])
        print(f"{rid:34s} {exp:8s} calibration sigma {float(sigma):.8g} (sigma_min {float(sigma_min):.8g})", file=sys.stderr)

    def bracket(self, rid, bug, mech, sigma, q, steps, eps, delta, why):
        """Label by an accountant bracket of the true eps at delta (composed SGM / Laplace)."""
        lo = prv_lower(mech, sigma, q, steps, delta=delta)
        hi = pld_upper(mech, sigma, q, steps, delta=delta)
        if eps <= lo * (1 - MARGIN):
            exp = "unsound"
        elif eps >= hi * (1 + MARGIN):
            exp = "sound"
        else:
            raise SystemExit(f"{rid}: claim {eps} too close to the reference bracket [{lo}, {hi}]")
        self.add(rid, bug, mech, sigma, q, steps, eps, delta, exp, (lo, hi), "prv_accountant-0.2.0 lower / dp_accounting-0.6.0 PLD", why)

    def delta_bracket(self, rid, bug, mech, sigma, q, steps, eps, delta, why):
        """Label a delta(eps) claim by the bracket of the true delta at eps."""
        lo = prv_lower(mech, sigma, q, steps, eps=eps)
        hi = pld_upper(mech, sigma, q, steps, eps=eps)
        if delta <= lo * (1 - MARGIN):
            exp = "unsound"
        elif delta >= hi * (1 + MARGIN):
            exp = "sound"
        else:
            raise SystemExit(f"{rid}: claim delta {delta} too close to the reference bracket [{lo}, {hi}]")
        e_lo = prv_lower(mech, sigma, q, steps, delta=delta)
        e_hi = pld_upper(mech, sigma, q, steps, delta=delta)
        self.add(rid, bug, mech, sigma, q, steps, eps, delta, exp, (e_lo, e_hi), f"true delta(eps) in [{lo:.6g}, {hi:.6g}] (prv lower / dp_accounting PLD)", why)

    def closed(self, rid, bug, mech, sigma, q, steps, eps, delta, why):
        """Label by the closed form at 50 digits (Gaussian any T, Laplace T = 1)."""
        if mech == "laplace":
            assert steps == 1
            true_delta, true_eps = laplace_delta(sigma, eps), laplace_eps(sigma, delta)
        else:
            mu = mp.sqrt(steps) / sigma
            true_delta, true_eps = gauss_delta(mu, eps), gauss_eps(mu, delta)
        exp = verdict_by_delta(rid, true_delta, delta)
        self.add(rid, bug, mech, sigma, q, steps, eps, delta, exp, (true_eps, true_eps), "closed form, mpmath 50 digits", why)


def build():
    f = Fixture()
    sgm = "poisson_subsampled_gaussian"

    # 1. epsilon shaved by a few percent.
    e = pld_upper(sgm, 1.0, 0.01, 1000, delta=1e-5)
    f.bracket("shaved-3pct-sgm", "eps_shaved", sgm, 1.0, 0.01, 1000, 0.97 * e, 1e-5, "dp_accounting PLD epsilon multiplied by 0.97")
    e = pld_upper(sgm, 2.0, 0.1, 100, delta=1e-6)
    f.bracket("shaved-2pct-sgm", "eps_shaved", sgm, 2.0, 0.1, 100, 0.98 * e, 1e-6, "dp_accounting PLD epsilon multiplied by 0.98")
    e = gauss_eps(mp.sqrt(50) / 2, 1e-6)
    f.closed("shaved-3pct-gauss", "eps_shaved", "gaussian", 2.0, None, 50, 0.97 * e, 1e-6, "exact Gaussian epsilon multiplied by 0.97")
    e = pld_upper("laplace", 5.0, None, 20, delta=1e-5)
    f.bracket("shaved-3pct-laplace-T20", "eps_shaved", "laplace", 5.0, None, 20, 0.97 * e, 1e-5, "dp_accounting PLD epsilon multiplied by 0.97")
    e = laplace_eps(2.0, 1e-6)
    f.closed("shaved-5pct-laplace", "eps_shaved", "laplace", 2.0, None, 1, 0.95 * e, 1e-6, "exact Laplace epsilon multiplied by 0.95")
    d = pld_upper(sgm, 1.0, 0.01, 1000, eps=1.0)
    f.delta_bracket("shaved-delta-10pct-sgm", "delta_shaved", sgm, 1.0, 0.01, 1000, 1.0, 0.9 * d, "dp_accounting PLD delta(1) multiplied by 0.9")

    # 2. RDP -> DP conversion missing the log(1/delta)/(alpha-1) term (conversion G of foundations
    #    §3 with that term dropped, at the order the correct conversion picks).
    for rid, mech, sigma, q, steps, delta in (("rdp-no-log-term-sgm", sgm, 1.0, 0.01, 1000, 1e-5), ("rdp-no-log-term-gauss", "gaussian", 1.0, None, 10, 1e-5)):
        acc = rdp_accountant(mech, sigma, q, steps)
        _, a = acc.get_epsilon_and_optimal_order(delta)
        r = float(np.asarray(acc.rdp)[list(acc.orders).index(a)])
        eps_bug = max(0.0, r + math.log1p(-1 / a) - math.log(a) / (a - 1))
        why = f"G conversion at alpha*={a:g} without the log(1/delta)/(alpha-1) term: r(alpha*)={r:.6g}"
        (f.bracket if mech == sgm else f.closed)(rid, "rdp_missing_log_term", mech, sigma, q, steps, eps_bug, delta, why)

    # 3. RDP composed as sqrt(T) * r instead of T * r (then the correct G conversion).
    from dp_accounting.rdp import rdp_privacy_accountant as rdpmod
    for rid, mech, sigma, q, steps, delta in (
        ("rdp-sqrtT-sgm", sgm, 1.0, 0.01, 1000, 1e-5),
        ("rdp-sqrtT-gauss", "gaussian", 4.0, None, 100, 1e-5),
        ("rdp-sqrtT-gauss-T1-control", "gaussian", 2.0, None, 1, 1e-5),
    ):
        acc = rdp_accountant(mech, sigma, q, 1)
        eps_bug = float(rdpmod.compute_epsilon(np.asarray(acc.orders), np.asarray(acc.rdp) * math.sqrt(steps), delta)[0])
        why = "per-step RDP multiplied by sqrt(T) instead of T" + (" (harmless at T = 1: a correct RDP bound)" if steps == 1 else "")
        (f.bracket if mech == sgm else f.closed)(rid, "rdp_sqrt_T", mech, sigma, q, steps, eps_bug, delta, why)

    # 4. Poisson accounting applied to fixed-size batches. n = 10^4 records, batches of b = 100
    #    (q = 0.01), E epochs = 100 E steps. With a fixed partition into batches (no reshuffling,
    #    or a public shuffle seed) each record enters exactly one batch per epoch: the released
    #    sums are E adaptive Gaussian mechanisms on that record, i.e. the E-fold Gaussian with the
    #    same noise multiplier; the CSV states that mechanism, with the Poisson PLD epsilon.
    for rid, sigma, epochs in (("poisson-for-fixed-batches-s1-E10", 1.0, 10), ("poisson-for-fixed-batches-s2-E5", 2.0, 5)):
        e_poisson = pld_upper(sgm, sigma, 0.01, 100 * epochs, delta=1e-5)
        why = f"Poisson (q=0.01, T={100 * epochs}) PLD epsilon claimed for {epochs} epochs of a fixed partition into batches of 100 (each record in one Gaussian sum per epoch)"
        f.closed(rid, "poisson_for_fixed_batches", "gaussian", sigma, None, epochs, e_poisson, 1e-5, why)

    # 5. delta truncated to float32.
    mu = mp.mpf(1)
    e = gauss_eps(mu, mp.mpf("1e-5")) * (1 + mp.mpf("1e-12"))
    d32 = float(np.float32(1e-5))
    f.closed("delta-float32-1e-5", "delta_float32", "gaussian", 1.0, None, 1, e, d32, f"epsilon for delta=1e-5 (rounded up by 1e-12), delta written as float32 {d32!r}")
    mu = mp.mpf(2)
    e = gauss_eps(mu, mp.mpf("3e-45")) * (1 + mp.mpf("1e-12"))
    d32 = float(np.float32(3e-45))
    f.closed("delta-float32-3e-45", "delta_float32", "gaussian", 0.5, None, 1, e, d32, f"epsilon for delta=3e-45 (rounded up), delta stored as a float32 subnormal {d32!r}")
    d = 2.0 ** -17
    e = gauss_eps(mp.mpf(1), d) * (1 + mp.mpf("1e-9"))
    f.closed("delta-float32-exact-control", "delta_float32", "gaussian", 1.0, None, 1, e, float(np.float32(d)), "delta 2^-17 is exact in float32: truncation changes nothing")

    # 6. The classical calibration sigma = sqrt(2 ln(1.25/delta))/eps (Dwork & Roth 2014, Thm A.1,
    #    proven for eps < 1) used for eps >= 1.
    for eps in (0.5, 1.0, 2.0, 5.0, 10.0, 20.0):
        delta = 1e-5
        sigma = math.sqrt(2 * math.log(1.25 / delta)) / eps
        f.closed(f"classical-gauss-eps{eps:g}", "classical_gaussian_calibration", "gaussian", sigma, None, 1, eps, delta, f"sigma = sqrt(2 ln(1.25/delta))/eps = {sigma:.6g} at eps = {eps:g}")

    # 7. Correct claims (no false alarm allowed).
    acc = rdp_accountant(sgm, 1.0, 0.01, 1000)
    f.bracket("correct-rdp-sgm", "correct", sgm, 1.0, 0.01, 1000, acc.get_epsilon(1e-5), 1e-5, "dp_accounting RdpAccountant epsilon (a valid upper bound)")
    f.delta_bracket("correct-rdp-delta-sgm", "correct", sgm, 1.0, 0.01, 1000, 1.0, acc.get_delta(1.0), "dp_accounting RdpAccountant delta(1)")
    e = pld_upper(sgm, 1.0, 0.01, 1000, delta=1e-5)
    f.bracket("correct-pld-plus-1pct-sgm", "correct", sgm, 1.0, 0.01, 1000, 1.01 * e, 1e-5, "dp_accounting PLD epsilon + 1 %")
    f.bracket("correct-pld-plus-1pct-sgm-q0.1", "correct", sgm, 2.0, 0.1, 100, 1.01 * pld_upper(sgm, 2.0, 0.1, 100, delta=1e-6), 1e-6, "dp_accounting PLD epsilon + 1 %")
    e = gauss_eps(mp.sqrt(50) / 2, 1e-6)
    f.closed("correct-gauss-plus-0.1pct", "correct", "gaussian", 2.0, None, 50, e * mp.mpf("1.001"), 1e-6, "exact Gaussian epsilon + 0.1 %")
    f.bracket("correct-laplace-T20", "correct", "laplace", 5.0, None, 20, 1.01 * pld_upper("laplace", 5.0, None, 20, delta=1e-5), 1e-5, "dp_accounting PLD epsilon + 1 %")
    f.closed("correct-laplace-pure", "correct", "laplace", 2.0, None, 1, 0.5, 1e-6, "pure epsilon0 = 1/b = 0.5 of the Laplace mechanism, with delta > 0")
    e = gauss_eps(mp.mpf(1), 1e-5) * mp.mpf("1.001")
    f.closed("correct-sgm-q1-is-gaussian", "correct", sgm, 2.0, 1.0, 4, e, 1e-5, "Poisson sampling at q = 1 is the Gaussian mechanism (mu = sqrt(4)/2 = 1); exact epsilon + 0.1 %")
    kinds(f)
    catalogue(f)
    return f


def kinds(f):
    """Claims of the kinds rdp, gdp, zcdp and calibration (issue 12). For rows of kind rdp / gdp
    / zcdp the reference columns hold the bracket of the kind's true value (rho or mu), not of
    epsilon."""
    sgm = "poisson_subsampled_gaussian"
    cf = "closed form, mpmath 50 digits"
    # RDP composed over T steps with the factor T missing: alpha/(2 sigma^2) claimed for T steps.
    sigma, steps, alpha = 2.0, 100, 8
    true = mp.mpf(alpha) * steps / (2 * mp.mpf(sigma) ** 2)
    f.kind_row("rdp-missing-T-gauss", "rdp_missing_T", "gaussian", sigma, None, steps, "rdp", alpha, alpha / (2 * sigma**2), "unsound", (true, true), cf + " alpha T/(2 sigma^2) (Mironov 2017, Prop. 7)", "one-step RDP alpha/(2 sigma^2) claimed for T = 100 steps (factor T missing)")
    q, sigma, steps, alpha = 0.01, 1.0, 1000, 16
    one = sgm_rdp_int(q, sigma, alpha)
    f.kind_row("rdp-missing-T-sgm", "rdp_missing_T", sgm, sigma, q, steps, "rdp", alpha, float(one), "unsound", (one * steps, one * steps), "binomial sum A_alpha, mpmath 50 digits", "one-step subsampled-Gaussian RDP at alpha = 16 claimed for T = 1000 steps")
    f.kind_row("correct-rdp-sgm-a16", "correct", sgm, sigma, q, steps, "rdp", alpha, float(one * steps * (1 + mp.mpf("1e-6"))), "sound", (one * steps, one * steps), "binomial sum A_alpha, mpmath 50 digits", "T times the one-step RDP at alpha = 16, + 1e-6 relative")
    sigma, steps, alpha = 2.0, 100, 2.5
    true = mp.mpf(alpha) * steps / (2 * mp.mpf(sigma) ** 2)
    f.kind_row("correct-rdp-gauss-frac", "correct", "gaussian", sigma, None, steps, "rdp", alpha, float(true), "sound", (true, true), cf + " alpha T/(2 sigma^2)", "exact Gaussian RDP at a fractional order (31.25 is exact in binary)")
    # zCDP: rho = 1/(2 sigma^2) claimed for T steps; and the sound T/(2 sigma^2) for the subsampled Gaussian.
    sigma, steps = 2.0, 50
    true = mp.mpf(steps) / (2 * mp.mpf(sigma) ** 2)
    f.kind_row("zcdp-missing-T-gauss", "rdp_missing_T", "gaussian", sigma, None, steps, "zcdp", None, 1 / (2 * sigma**2), "unsound", (true, true), cf + " rho = T/(2 sigma^2) (Bun & Steinke 2016, Prop. 1.6)", "one-step zCDP rho claimed for T = 50 steps")
    q, sigma, steps = 0.1, 2.0, 50
    lower = max(sgm_rdp_int(q, sigma, a) * steps / a for a in (2, 4, 8, 16, 32))
    f.kind_row("correct-zcdp-sgm", "correct", sgm, sigma, q, steps, "zcdp", None, steps / (2 * sigma**2), "sound", (lower, mp.mpf(steps) / (2 * mp.mpf(sigma) ** 2)), "lower: max over alpha in {2,4,8,16,32} of T A-sum/alpha (mpmath); upper: T/(2 sigma^2) (joint quasi-convexity, van Erven & Harremoes 2014, Thm 13)", "the Gaussian's rho bounds the subsampled Gaussian")
    # GDP: the Opacus CLT mu (Bu, Dong, Long, Su 2020) for q = 0.2, sigma = 3, T = 50.
    q, sigma, steps = 0.2, 3.0, 50
    mu = q * mp.sqrt(steps * (mp.exp(1 / mp.mpf(sigma) ** 2) - 1))
    delta = 1 / 48000
    eps_clt = gauss_eps(mu, delta)
    d_lo = prv_lower(sgm, sigma, q, steps, eps=float(eps_clt))
    d_hi = pld_upper(sgm, sigma, q, steps, eps=float(eps_clt))
    if not d_lo > delta * (1 + MARGIN):
        raise SystemExit(f"gdp-opacus-clt: prv lower delta {d_lo} does not exceed {delta} by the margin")
    # Lower bound on the true mu implied by delta_true(eps_clt) >= d_lo: delta_mu is increasing in mu.
    lo_mu, hi_mu = mu, 10 * mu
    for _ in range(200):
        mid = (lo_mu + hi_mu) / 2
        if gauss_delta(mid, eps_clt) < d_lo:
            lo_mu = mid
        else:
            hi_mu = mid
    f.kind_row("gdp-opacus-clt", "gdp_clt", sgm, sigma, q, steps, "gdp", None, float(mu), "unsound", (lo_mu, mp.sqrt(steps) / sigma),
               f"true delta({float(eps_clt):.6g}) in [{d_lo:.6g}, {d_hi:.6g}] (prv lower / dp_accounting PLD) > delta_mu = 1/48000; mu bracket: inverted delta_mu at that point / sqrt(T)/sigma",
               f"Opacus GDP CLT mu = q sqrt(T (e^(1/sigma^2) - 1)) = {float(mu):.9g} claimed as a GDP guarantee")
    f.bracket("gdp-opacus-clt-eps", "gdp_clt", sgm, sigma, q, steps, float(eps_clt), delta, f"epsilon of the CLT mu at delta = 1/48000 (Opacus GDP accountant), {float(eps_clt):.6g}")
    sigma, steps = 2.0, 16
    true = mp.sqrt(steps) / sigma
    f.kind_row("correct-gdp-gauss", "correct", "gaussian", sigma, None, steps, "gdp", None, float(true * (1 + mp.mpf("1e-6"))), "sound", (true, true), cf + " mu = sqrt(T)/sigma (Dong, Roth & Su 2022, Cor. 3.3)", "exact Gaussian mu + 1e-6 relative")
    # Calibration: a sigma 0.5 % below the smallest sigma achieving (1, 1e-5) over T = 100 steps
    # (the Opacus issue 346 class: the returned sigma overshoots the target epsilon), and a control 1 % above.
    steps, eps, delta = 100, 1.0, 1e-5
    smin = gauss_sigma_min(steps, eps, delta)
    f.calibration("calibration-overshoot-0.5pct", "sigma_overshoot", float(smin * mp.mpf("0.995")), steps, eps, delta, smin, f"sigma 0.5 % below sigma_min = {float(smin):.10g} for (1, 1e-5), T = 100")
    f.calibration("calibration-control-1pct", "sigma_overshoot", float(smin * mp.mpf("1.01")), steps, eps, delta, smin, f"sigma 1 % above sigma_min = {float(smin):.10g} (control)")


def sgm1_delta(q, sigma, eps):
    """delta(eps) of ONE Poisson-subsampled Gaussian step under add/remove: the maximum of the
    remove direction ((1-q)N(0,s^2) + qN(1,s^2) vs N(0,s^2)) and the add direction (the reverse
    pair), from the privacy-loss CDFs of foundations spec 1.3 (x_t = s^2 [log(e^t - (1-q)) - log q]
    + 1/2 solves L(x_t) = t), mpmath 50 digits."""
    q, s, eps = mp.mpf(q), mp.mpf(sigma), mp.mpf(eps)
    x_of = lambda t: s**2 * (mp.log(mp.exp(t) - (1 - q)) - mp.log(q)) + mp.mpf(1) / 2
    x = x_of(eps)
    remove = (1 - q) * mp.ncdf(-x / s) + q * mp.ncdf(-(x - 1) / s) - mp.exp(eps) * mp.ncdf(-x / s)
    add = mp.mpf(0)
    if -eps > mp.log(1 - q):   # the add loss -L exceeds eps iff L < -eps, i.e. x < x_{-eps}
        y = x_of(-eps)
        add = mp.ncdf(y / s) - mp.exp(eps) * ((1 - q) * mp.ncdf(y / s) + q * mp.ncdf((y - 1) / s))
    return max(remove, add)


def sgm1_eps(q, sigma, delta):
    """eps(delta) = inf{eps >= 0 : delta(eps) <= delta} of one subsampled-Gaussian step (bisection)."""
    delta = mp.mpf(delta)
    if sgm1_delta(q, sigma, 0) <= delta:
        return mp.mpf(0)
    lo, hi = mp.mpf(0), mp.mpf(1)
    while sgm1_delta(q, sigma, hi) > delta:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if sgm1_delta(q, sigma, mid) > delta:
            lo = mid
        else:
            hi = mid
    return hi


def catalogue(f):
    """Remaining entries of the issue-12 bug catalogue expressible as plain rows: TF Privacy
    issue 166 (a false alarm: must stay sound), delta printed as 0, and prv_accountant near
    delta = 1e-18 (q = 0.00033, sigma = 4, T = 10 000)."""
    sgm = "poisson_subsampled_gaussian"
    cf = "closed form, mpmath 50 digits (one step, both directions)"
    # TF Privacy issue 166: eps = 0 at delta = 1e-3 for q = 105/1e5, sigma = 1, T = 1 is CORRECT:
    # delta(0) is the total variation q (2 Phi(1/2) - 1) = 4.0207e-4 <= 1e-3 (both directions).
    q = 105 / 1e5
    d0 = sgm1_delta(q, 1.0, 0)
    assert abs(d0 - mp.mpf(q) * (2 * mp.ncdf(mp.mpf(1) / 2) - 1)) < mp.mpf("1e-40")
    for rid, delta, why in (
        ("tfp-166-eps0", 1e-3, f"TF Privacy issue 166 (reported as a bug, correct): delta(0) = q (2 Phi(1/2) - 1) = {float(d0):.6g} <= 1e-3, so eps = 0"),
        ("tfp-166-eps0-low-delta", 3e-4, f"power check of the same event: eps = 0 needs delta >= delta(0) = {float(d0):.6g} > 3e-4"),
    ):
        exp = verdict_by_delta(rid, d0, delta)
        e = sgm1_eps(q, 1.0, delta)
        f.add(rid, "tfp_166", sgm, 1.0, q, 1, 0.0, delta, exp, (e, e), cf, why)
    # delta printed as 0 ("%.6f" of 1.7e-12): the subsampled Gaussian has unbounded privacy loss,
    # so no eps is pure DP (delta(eps) > 0 for every eps).
    q, eps = 0.01, 2.0
    d = sgm1_delta(q, 1.0, eps)
    assert 0 < d < mp.mpf("1e-6")
    f.add("delta-printed-zero-sgm", "delta_truncated_to_0", sgm, 1.0, q, 1, eps, 0.0, "unsound", (mp.inf, mp.inf), cf,
          f"true delta(2) = {float(d):.6g} > 0 printed as 0 (6 decimals): a pure-DP claim for Gaussian noise (eps(0) = infinity)")
    dc = float(d * mp.mpf("1.01"))
    exp = verdict_by_delta("delta-printed-zero-control", d, dc)
    e = sgm1_eps(q, 1.0, dc)
    f.add("delta-printed-zero-control", "delta_truncated_to_0", sgm, 1.0, q, 1, eps, dc, exp, (e, e), cf, f"control: the same claim with delta = 1.01 x the true delta(2) = {float(d):.6g}")
    # prv_accountant 0.2.0 near delta = 1e-18 (q = 0.00033, sigma = 4, T = 10 000). It raises
    # "Floating point errors will dominate" for delta <= 1e-15 (eps_error 0.01 ... 0.5,
    # delta_error 1e-9 ... delta/1000), and dp_accounting's PLD returns eps = inf there; at
    # delta = 1e-12 prv reports (lower, estimate, upper). Both rows are sound controls.
    q, sigma, steps = 0.00033, 4.0, 10000
    from prv_accountant import PRVAccountant
    from prv_accountant import privacy_random_variables as prvs
    acc = PRVAccountant(prvs=prvs.PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=sigma), max_self_compositions=steps, eps_error=0.01, delta_error=1e-15)
    lo, est, up = acc.compute_epsilon(delta=1e-12, num_self_compositions=[steps])
    hi = pld_upper(sgm, sigma, q, steps, delta=1e-12)
    assert up >= hi * (1 + MARGIN), (up, hi)
    f.add("prv-1e-12-upper", "prv_tiny_delta", sgm, sigma, q, steps, up, 1e-12, "sound", (lo, hi), "prv_accountant-0.2.0 lower / dp_accounting-0.6.0 PLD",
          f"prv_accountant 0.2.0 upper eps at delta = 1e-12 (estimate {est:.6g}, lower {lo:.6g}); it raises ValueError for delta <= 1e-15")
    r = rdp_accountant(sgm, sigma, q, steps).get_epsilon(1e-18)
    for d in (1e-15, 1e-18):
        try:
            PRVAccountant(prvs=prvs.PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=sigma), max_self_compositions=steps, eps_error=0.01, delta_error=d / 1000).compute_epsilon(delta=d, num_self_compositions=[steps])
            raise SystemExit(f"prv_accountant now answers at delta = {d}: revisit the prv_tiny_delta rows")
        except ValueError:
            pass
    f.add("prv-1e-18-rdp", "prv_tiny_delta", sgm, sigma, q, steps, r, 1e-18, "sound", (0.0, r), "upper: dp_accounting-0.6.0 RdpAccountant (a proven bound); no lower reference (prv_accountant and the PLD accountant give none at 1e-18)",
          "dp_accounting RDP eps at delta = 1e-18 where prv_accountant 0.2.0 raises ValueError and dp_accounting PLD returns inf")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", default=os.path.join(os.path.dirname(__file__), "..", "..", "audits", "claims"))
    a = ap.parse_args()
    f = build()
    os.makedirs(a.dir, exist_ok=True)
    with open(os.path.join(a.dir, "known_bugs.csv"), "w") as out:
        out.write("# known accountant bug classes; generated by adapters/python/make_known_bugs.py; expected verdicts in known_bugs.expected.csv\n")
        out.write(HEADER + "\n" + "\n".join(f.claims) + "\n")
    with open(os.path.join(a.dir, "known_bugs.expected.csv"), "w", newline="") as out:
        out.write("# expected verdicts of known_bugs.csv, computed independently of dpaudit by adapters/python/make_known_bugs.py\n")
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["id", "expected", "bug_class", "reference_epsilon_lower", "reference_epsilon_upper", "reference_source", "explanation", "reference_sigma_min"])
        w.writerows(f.expected)
    print(f"make_known_bugs: {len(f.claims)} rows written to {a.dir}", file=sys.stderr)


if __name__ == "__main__":
    main()

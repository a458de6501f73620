#!/usr/bin/env python3
"""Independent values for the result cards of DP Model Merging (`dpaudit eval model_merging …`),
for the outputs the golden files do not hold (golden/anchors/model_merging/*.csv cover the rest).

Written from the paper (Yin, Zaheer, Li 2026) and its specification (spec merging.md, sections
cited per block), NOT from dpaudit's Rust code: every value is a definition evaluated literally in
mpmath (finite sums, quadrature, bisection), cross-checked against the spec's worked numbers where
it prints one. Output: cards.jsonl, one JSON object per line:

    {"result", "params": {name: value as typed}, "output", "value" (25 digits), "rel", "abs",
     "source"}

read by src/papers/model_merging/cards/*_test.rs, which evaluate the card at `params` through
`papers::card::evaluate` and compare `output` with `value` within rel·|value| + abs.

Run by hand:  python3 golden/anchors/model_merging/cards.py   (mpmath ≥ 1.3; about a minute)
"""

import json
import os
import sys

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from anchor_csv import close  # noqa: E402
from anchors import ONE, bisect_decreasing, eq9_log_a, fisher, gauss_delta_closed, quad, rs_renyi, sgm_rdp, subsets, surrogate_h  # noqa: E402

mp.mp.dps = 60
ROWS = []


def add(result, params, output, value, source, rel="1e-12", abs_="0"):
    ROWS.append({"result": result, "params": params, "output": output, "value": mp.nstr(mp.mpf(value), 25), "rel": float(rel), "abs": float(abs_), "source": source})


def bisect_increasing(f, target, lo, hi, n=200):
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    for _ in range(n):
        mid = (lo + hi) / 2
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def hs(P, Q, e):
    """Definition 2.1: H_ε(P, Q) = Σ_k (P_k − e^ε Q_k)_+, literally."""
    return sum(max(mp.mpf(0), p - mp.exp(e) * q) for p, q in zip(P, Q))


# ------------------------------------------------------------ Definition 2.1 (spec §2)
def definition_2_1():
    P, Q = [mp.mpf("0.5"), mp.mpf("0.3"), mp.mpf("0.2")], [mp.mpf("0.2"), mp.mpf("0.3"), mp.mpf("0.5")]
    prm = {"P": "0.5,0.3,0.2", "Q": "0.2,0.3,0.5", "epsilon": "0.3", "delta": "0.05"}
    f, r = hs(P, Q, mp.mpf("0.3")), hs(Q, P, mp.mpf("0.3"))
    add("Definition 2.1", prm, "h_forward", f, "literal sum Σ_k (P_k − e^ε Q_k)_+")
    add("Definition 2.1", prm, "h_reverse", r, "literal sum with P and Q swapped")
    add("Definition 2.1", prm, "delta", max(f, r), "max of the two orders")
    eps = bisect_decreasing(lambda e: max(hs(P, Q, e), hs(Q, P, e)), mp.mpf("0.05"), 0, 5)
    add("Definition 2.1", prm, "epsilon", eps, "bisection on the literal δ(ε) for δ = 0.05", rel="1e-12")
    # randomized response ε0 = 1: δ(ε) = (e^{ε0} − e^ε)/(1 + e^{ε0}), so ε(δ) = ln(e^{ε0} − δ(1 + e^{ε0}))
    e0 = ONE
    a, b = mp.exp(e0) / (1 + mp.exp(e0)), 1 / (1 + mp.exp(e0))
    prm = {"P": f"{mp.nstr(a, 17)},{mp.nstr(b, 17)}", "Q": f"{mp.nstr(b, 17)},{mp.nstr(a, 17)}", "delta": "0.1"}
    add("Definition 2.1", prm, "epsilon", mp.log(mp.exp(e0) - mp.mpf("0.1") * (1 + mp.exp(e0))), "randomized response closed form ε(δ) = ln(e^ε0 − δ(1 + e^ε0)) (spec §2)", rel="1e-10")


# ------------------------------------------------------------ Proposition 3.1 (spec §3)
def proposition_3_1():
    for key in [("1", "2", "1e-5", "1e-5"), ("0.5", "1", "0", "0.3"), ("0.001", "0.002", "0", "1e-4")]:
        ep, e2, d, dp = (mp.mpf(k) for k in key)
        prm = dict(zip(["eps_prime", "eps2", "delta", "delta_prime"], key))
        z = 1 + mp.exp(e2)
        P = [d, (1 - d) * mp.exp(e2) / z, (1 - d) / z, mp.mpf(0)]
        Q = [mp.mpf(0), (1 - d) / z, (1 - d) * mp.exp(e2) / z, d]
        pi_plus = hs(P, Q, ep)
        add("Proposition 3.1", prm, "pi_plus", pi_plus, "H_ε′ of the canonical four-outcome (ε₂, δ) pair by its literal sum (spec §3)")
        add("Proposition 3.1", prm, "t1", (dp + mp.exp(ep) - 1) / (pi_plus + mp.exp(ep) - 1), "T₁ = (δ′ + e^ε′ − 1)/(π⁺ + e^ε′ − 1) (spec §3)")
        pp = mp.exp(-e2) * (1 - d)  # the proof's θ₂: D ↦ a; D′ ↦ a w.p. p′, b otherwise
        add("Proposition 3.1", prm, "proof_excess", hs([pp, 1 - pp], [ONE, mp.mpf(0)], e2) - d, "reverse-order H_ε₂ of the proof's two-point θ₂ by the literal sum, minus δ (Appendix A; spec §3)", abs_="1e-16")
        add("Proposition 3.1", prm, "t_paper", (1 - mp.exp(-ep) * (1 - dp)) / (1 - mp.exp(-e2) * (1 - d)), "main-text form of eq. (3)")
    close(ROWS[-1]["value"], "0.5502499916", 1e-9, "spec §3 T_paper")


# ------------------------------------------------------------ Lemma 4.1, Theorem 4.2 (spec §5)
def lemma_4_1_theorem_4_2():
    a, d, s1, s2, pi, lam = mp.mpf(2), mp.mpf("0.1"), ONE, mp.mpf(2), mp.mpf("0.5"), mp.mpf("0.25")
    prm = {"alpha": "2", "Delta": "0.1", "sigma": "1,2", "pi": "0.5", "lambda": "0.25"}
    v = pi * s1 ** 2 + (1 - pi) * s2 ** 2
    fi = fisher(pi, s1, s2)
    add("Lemma 4.1", prm, "c_pi", a / 2 * (fi - 1 / v), "(α/2)(I(P_π) − 1/σ²_RS) with I by mpmath quad of ∫ p′²/p", rel="1e-11")
    vl = lam ** 2 * s1 ** 2 + (1 - lam) ** 2 * s2 ** 2
    add("Lemma 4.1", prm, "rdp_lc", a * d ** 2 / (2 * vl), "αΔ²/(2σ²_LC(λ)) (Lemma 4.1)")
    add("Lemma 4.1", prm, "sigma2_lc", vl, "λ²σ₁² + (1 − λ)²σ₂²")
    add("Lemma 4.1", prm, "rdp_rs_leading", a * d ** 2 / (2 * v), "αΔ²/(2σ²_RS(π))")
    add("Lemma 4.1", prm, "rdp_rs_expansion", a * d ** 2 / (2 * v) + a / 2 * (fi - 1 / v) * d ** 2, "leading term + c_πΔ²", rel="1e-11")
    close(a / 2 * (fi - 1 / v), "0.06150913283", 1e-9, "spec §5 c_π at α = 2")
    # Theorem 4.2, finite-Δ crossover (audit A9): D_α(P_π‖Q_π) = αΔ²/(2σ²_RS) at Δ*, α = 8
    mp.mp.dps = 30
    a8 = mp.mpf(8)
    g = lambda x: rs_renyi(a8, x, s1, s2, pi) - a8 * x ** 2 / (2 * v)
    x = mp.findroot(g, (mp.mpf("0.24"), mp.mpf("0.25")), solver="secant", tol=mp.mpf(10) ** -25)
    mp.mp.dps = 60
    close(x, "0.2450855485", 1e-9, "spec §5 crossover α = 8")
    prm = {"alpha": "8", "Delta": "0.1", "sigma": "1,2", "pi": "0.5"}
    add("Theorem 4.2", prm, "crossover_Delta", x, "secant root of mpmath-quadrature D_α(P_π‖Q_π) − αΔ²/(2σ²_RS) at 30 digits (spec §5: 0.2450855485)", rel="1e-9")
    rs = rs_renyi(a8, mp.mpf("0.1"), s1, s2, pi)
    add("Theorem 4.2", prm, "rdp_rs", rs, "mpmath quad of the mixture Rényi integral", rel="1e-11")
    add("Theorem 4.2", prm, "lc_advantage", rs - a8 * mp.mpf("0.01") / (2 * v), "exact RS minus αΔ²/(2σ²_LC) at equal variance", rel="1e-10")
    close(rs, "0.01794966922", 1e-9, "spec §5 table α = 8, Δ = 0.1")


# ------------------------------------------------------------ Theorem 5.1, Algorithm 1 (spec §6, §1.5)
def sgm_add_rdp(q, s, alpha):
    """D_α(N(0,s²) ‖ (1−q)N(0,s²) + qN(1,s²)), the add direction, by quadrature."""
    f = lambda x: mp.npdf(x, 0, s) ** alpha * ((1 - q) * mp.npdf(x, 0, s) + q * mp.npdf(x, 1, s)) ** (1 - alpha)
    pts = [-mp.inf, -40 * s, -8 * s, -s, 0, s, 8 * s, 40 * s, mp.inf]
    # at reduced precision (the Algorithm 3 grid) plain tanh-sinh: quad's cross-check is 1e-35
    return mp.log(quad(f, pts) if mp.mp.dps >= 50 else mp.quad(f, pts)) / (alpha - 1)


def sgm_both(q, s, alpha):
    return max(sgm_rdp(q, s, alpha), sgm_add_rdp(q, s, mp.mpf(alpha)))


def rs_R(pi, eps, alpha):
    return mp.log(sum(p * mp.exp((alpha - 1) * e) for p, e in zip(pi, eps) if p > 0)) / (alpha - 1)


def theorem_5_1_algorithm_1():
    d = mp.mpf("1e-5")
    prm = {"pi": "0.5,0.5", "sigma": "1,4", "alpha": "8", "delta": "1e-5"}
    eps = [mp.mpf(8) / 2, mp.mpf(8) / 32]
    R = rs_R([mp.mpf("0.5")] * 2, eps, mp.mpf(8))
    add("Theorem 5.1", prm, "epsilon", R + mp.log(1 / d) / 7, "eq. (6) + ln(1/δ)/(α − 1) (Algorithm 1 line 8), Gaussian ε_α,i = α/(2σ_i²)")
    add("Theorem 5.1", prm, "rdp_max", mp.mpf(4), "max_i α/(2σ_i²)")
    # DP-SGD models: ε_α,i = T·max(remove, add) of the Poisson-subsampled Gaussian (spec §1.5)
    prm = {"pi": "0.3,0.7", "sigma": "1,2", "q": "0.01,0.02", "T": "1000", "alpha": "8"}
    per = [1000 * sgm_both(mp.mpf("0.01"), ONE, 8), 1000 * sgm_both(mp.mpf("0.02"), mp.mpf(2), 8)]
    close(sgm_rdp(mp.mpf("0.01"), ONE, 8), "0.000893643907606", 1e-11, "spec §10 SGM ε_8")
    add("Theorem 5.1", prm, "rdp", rs_R([mp.mpf("0.3"), mp.mpf("0.7")], per, mp.mpf(8)), "eq. (6) with T·ε^SGM_α (binomial sum; add direction by quadrature; max)", rel="1e-11")
    # Algorithm 1: the minimising order and each model's own ε on {2..64}
    prm = {"pi": "0.5,0.5", "sigma": "1,4", "delta": "1e-5"}
    vals = {k: rs_R([mp.mpf("0.5")] * 2, [mp.mpf(k) / 2, mp.mpf(k) / 32], mp.mpf(k)) + mp.log(1 / d) / (k - 1) for k in range(2, 65)}
    k = min(vals, key=vals.get)
    add("Algorithm 1", prm, "alpha", k, "argmin over {2..64} of eq. (6) + ln(1/δ)/(α−1)", rel="0")
    add("Algorithm 1", prm, "rdp", rs_R([mp.mpf("0.5")] * 2, [mp.mpf(k) / 2, mp.mpf(k) / 32], mp.mpf(k)), "eq. (6) at the argmin")
    single = lambda s: min(mp.mpf(a) / (2 * s * s) + mp.log(1 / d) / (a - 1) for a in range(2, 65))
    add("Algorithm 1", prm, "epsilon_max_model", max(single(ONE), single(mp.mpf(4))), "max_i min_α α/(2σ_i²) + ln(1/δ)/(α−1)")
    close(single(ONE), "5.302585093", 1e-9, "spec §6 DPEps at π1 = 1")


# ------------------------------------------------------------ Theorem 5.2, Algorithm 2 (spec §7)
def mixture_h(pi, sig, shift, e, reverse=False):
    """Exact H_ε of Σπ_i N(0, σ_i²) vs Σπ_i N(Δ, σ_i²) (or reversed): every crossing of
    ln p − ln q = ε on a fine grid, refined by bisection, then Σ_I [P(I) − e^ε Q(I)] by CDFs."""
    P = lambda x: sum(p * mp.npdf(x, 0, s) for p, s in zip(pi, sig))
    Q = lambda x: sum(p * mp.npdf(x, shift, s) for p, s in zip(pi, sig))
    if reverse:
        P, Q = Q, P
    cdfP = (lambda x: sum(p * mp.ncdf(x, shift if reverse else 0, s) for p, s in zip(pi, sig)))
    cdfQ = (lambda x: sum(p * mp.ncdf(x, 0 if reverse else shift, s) for p, s in zip(pi, sig)))
    f = lambda x: mp.log(P(x)) - mp.log(Q(x)) - e
    xs = [mp.mpf(-30) + mp.mpf(k) / 100 for k in range(0, 6001)]
    fs = [f(x) for x in xs]
    roots = []
    for i in range(len(xs) - 1):
        if (fs[i] > 0) != (fs[i + 1] > 0):
            lo, hi = xs[i], xs[i + 1]
            for _ in range(150):
                mid = (lo + hi) / 2
                if (f(mid) > 0) == (fs[i] > 0):
                    lo = mid
                else:
                    hi = mid
            roots.append((lo + hi) / 2)
    edges = [-mp.inf] + roots + [mp.inf]
    pos, h = fs[0] > 0, mp.mpf(0)
    for a, b in zip(edges, edges[1:]):
        if pos:
            h += (cdfP(b) - cdfP(a)) - mp.exp(e) * (cdfQ(b) - cdfQ(a))
        pos = not pos
    return h


def theorem_5_2_algorithm_2():
    mp.mp.dps = 30
    pi, sig = [mp.mpf("0.3"), mp.mpf("0.7")], [ONE, mp.mpf(2)]
    for et, ref in [("0.5", "0.0789232458"), ("1", "0.004852256913")]:
        h = max(mixture_h(pi, sig, ONE, mp.mpf(et)), mixture_h(pi, sig, ONE, mp.mpf(et), True))
        close(h, ref, 1e-9, "spec §7 exact mixture table")
        add("Theorem 5.2", {"pi": "0.3,0.7", "sigma": "1,2", "epsilon": et}, "delta_mixture", h, "all crossings of ln p − ln q = ε refined by bisection, mixture CDFs (30 digits; spec §7 agrees)", rel="1e-10")
    mp.mp.dps = 60
    # one-step DP-SGD models: H_ε of (1−q)N(0,σ²) + qN(1,σ²) vs N(0,σ²) per direction (spec §12 surrogate with N = 1)
    prm = {"pi": "0.5,0.5", "sigma": "1,0.5", "q": "0.3,0.5", "epsilon": "0.5"}
    fw = [surrogate_h([(mp.mpf(0), 1 - q), (1 / s, q)], mp.mpf("0.5"), "remove") for q, s in [(mp.mpf("0.3"), ONE), (mp.mpf("0.5"), mp.mpf("0.5"))]]
    rv = [surrogate_h([(mp.mpf(0), 1 - q), (1 / s, q)], mp.mpf("0.5"), "add") for q, s in [(mp.mpf("0.3"), ONE), (mp.mpf("0.5"), mp.mpf("0.5"))]]
    add("Theorem 5.2", prm, "delta_forward", (fw[0] + fw[1]) / 2, "Σπ_i H_ε(P_i, Q_i), each by mpmath quad of the one-step subsampled-Gaussian pair", rel="2e-3")
    add("Theorem 5.2", prm, "delta_reverse", (rv[0] + rv[1]) / 2, "Σπ_i H_ε(Q_i, P_i), each by mpmath quad", rel="2e-3")
    add("Theorem 5.2", prm, "delta", max(fw[0] + fw[1], rv[0] + rv[1]) / 2, "max of the two sums", rel="2e-3")
    add("Theorem 5.2", prm, "delta_symmetrised", (max(fw[0], rv[0]) + max(fw[1], rv[1])) / 2, "Σπ_i max_dir H_ε", rel="2e-3")
    prm = {"pi": "0.5,0.5", "sigma": "1,4", "delta": "1e-5"}
    single = lambda s: bisect_decreasing(lambda e: gauss_delta_closed(1 / s, e), mp.mpf("1e-5"), 0, 100)
    add("Algorithm 2", prm, "epsilon_max_model", max(single(ONE), single(mp.mpf(4))), "max_i of each Gaussian model's ε(δ) by bisection on the Balle–Wang closed form", rel="1e-10")
    close(single(ONE), "4.377178096", 1e-9, "spec §7 Algorithm 2 at π1 = 1")


# ------------------------------------------------------------ Theorem 6.1 (spec §8)
def theorem_6_1():
    prm = {"sigma": "1,2", "alpha": "8", "epsilon": "1", "delta": "1e-5", "lambda": "0.5,0.5"}
    mu = mp.sqrt(1 + mp.mpf(1) / 4)
    add("Theorem 6.1", prm, "epsilon_joint", bisect_decreasing(lambda e: gauss_delta_closed(mu, e), mp.mpf("1e-5"), 0, 100), "bisection on the GDP profile with μ² = Σ 1/σ_i² = 1.25", rel="1e-10")
    add("Theorem 6.1", prm, "rdp_lc_shared", mp.mpf(8) / (2 * (mp.mpf("0.25") + mp.mpf("0.25") * 4)), "αΔ²/(2Σλ_i²σ_i²) (spec §8: 0.4α)")
    add("Theorem 6.1", prm, "rdp_lc_blocks", mp.mpf(8) / 2 * (1 + mp.mpf(1) / 4), "Σ_{λ_i > 0} α/(2σ_i²) (block embedding)")
    prm2 = dict(prm, **{"lambda": "1,0"})
    add("Theorem 6.1", prm2, "rdp_lc_blocks", mp.mpf(4), "block with λ_2 = 0 erased: α/(2σ_1²) only (audit A16)")
    prm3 = dict(prm, **{"lambda": "0.8,0.2"})
    add("Theorem 6.1", prm3, "rdp_lc_shared", mp.mpf(5), "inverse-variance weights attain the joint bound (spec §8)")


# ------------------------------------------------------------ Theorem 6.2, Algorithm 3 (spec §9-§10)
def eq9_log_a_wrong(subs, alpha):
    """eq. (9) with B(γ) = exp(X) instead of exp(X/2) (the misreading of audit A5)."""
    return eq9_log_a(subs, alpha, half=False)


def theorem_6_2_algorithm_3():
    q, sig, lam = [mp.mpf("0.01"), mp.mpf("0.02")], [ONE, mp.mpf(2)], [mp.mpf("0.5")] * 2
    subs, s = subsets(q, sig, lam)
    prm = {"lambda": "0.5,0.5", "q": "0.01,0.02", "sigma": "1,2", "eta": "0.1", "alpha": "8"}
    add("Theorem 6.2", prm, "rdp_step_enumeration", eq9_log_a(subs, 8) / 7, "literal eq. (9) over the 2^N subsets (anchors.py eq9_log_a)")
    add("Theorem 6.2", prm, "terms", mp.binomial(8 + 3, 3), "C(α + 2^N − 1, 2^N − 1)", rel="0")
    add("Theorem 6.2", prm, "terms_collapsed", mp.binomial(8 + 2, 2), "three distinct shifts {0, w/s, 2w/s}: C(α + 2, 2)", rel="0")
    add("Theorem 6.2", prm, "s_lambda", s, "√Σ(λ_iη_iσ_iC_i)²")
    w = eq9_log_a_wrong(subs, 8) / 7
    close(w, "0.001997143157", 1e-9, "spec §10 wrong B")
    add("Theorem 6.2", prm, "rdp_step_wrong_square", w, "eq. (9) with B = exp(X) (audit A5)", rel="1e-11")
    ms = sgm_both(q[0], sig[0], 8) + sgm_both(q[1], sig[1], 8)
    close(ms, "0.001365464351", 1e-9, "spec §10 Σ ε^SGM")
    add("Theorem 6.2", prm, "rdp_step_models_sum", ms, "Σ_i max(remove binomial sum, add quadrature) of the SGM RDP", rel="1e-11")
    # Algorithm 3 beside: Theorem 6.1's joint RDP on the same grid (T = 1000, δ = 1e-5, classic)
    mp.mp.dps = 25
    d = mp.mpf("1e-5")
    joint = min(1000 * (sgm_both(q[0], sig[0], k) + sgm_both(q[1], sig[1], k)) + mp.log(1 / d) / (k - 1) for k in range(2, 17))
    mp.mp.dps = 60
    prm = {"lambda": "0.5,0.5", "q": "0.01,0.02", "sigma": "1,2", "eta": "0.1", "T": "1000", "delta": "1e-5", "alpha_max": "16"}
    add("Algorithm 3", prm, "epsilon_joint", joint, "min over α ∈ {2..16} of T·Σ_i ε^SGM_α(q_i, σ_i) + ln(1/δ)/(α−1) (25 digits; docs/merging.md: 3.010167989)", rel="1e-10")
    close(joint, "3.010167989", 1e-9, "docs/merging.md example")


# ------------------------------------------------------------ Lemma 6.3, Theorem 6.4 (spec §11-§12)
def theorem_6_4():
    q, sig, lam = [mp.mpf("0.3"), mp.mpf("0.5")], [mp.mpf("0.5")] * 2, [mp.mpf("0.5")] * 2
    subs, s = subsets(q, sig, lam)
    prm = {"lambda": "0.5,0.5", "q": "0.3,0.5", "sigma": "0.5,0.5", "eta": "0.1", "epsilon": "1"}
    ell = lambda z: mp.log(sum(r * mp.npdf(z, a, 1) for a, r in subs) / mp.npdf(z))
    z = bisect_increasing(ell, ONE, -60, 60)
    add("Theorem 6.4", prm, "z_epsilon", z, "bisection of ℓ̃(z) = ε, ℓ̃ from the densities")
    add("Theorem 6.4", prm, "r0", (1 - q[0]) * (1 - q[1]), "ρ_∅ = Π(1 − q_i)")
    add("Theorem 6.4", prm, "s_lambda", s, "√Σ(λ_iη_iσ_iC_i)²")
    trap = quad(lambda t: mp.npdf(t) * (1 - mp.exp(1 - ell(t))), [z, z + 1, z + 4, z + 10, z + 40])
    # spec §12 prints 0.01774818244; the integral is 0.0177481823642… (the spec's 9th–10th digits
    # are off by 8e-11; dpaudit's Simpson value agrees with this one to 1e-12)
    close(trap, "0.01774818244", 1e-8, "spec §12 convention trap")
    add("Theorem 6.4", prm, "h_forward_wrong_convention", trap, "E_Q̃[(1 − e^{ε−ℓ̃})_+] by quadrature (audit A4)", rel="1e-9")
    # Lemma 6.3 with orthogonal shifts u_1 = (0.05, 0), u_2 = (0, 0.05), s = s_λ of example B:
    # Theorem 6.4's bound takes Δ_J = Σ_{i∈J} ‖u_i‖, the surrogate above (spec §11 table)
    prm = {"q": "0.3,0.5", "u": "0.05,0,0,0.05", "s": mp.nstr(s, 17), "y": "0.1,-0.02", "epsilon": "0.5"}
    add("Lemma 6.3", prm, "h_forward_surrogate", surrogate_h(subs, mp.mpf("0.5"), "remove"), "1-D surrogate by quadrature from the root of ℓ̃ (spec §11: 0.2875848193)", rel="1e-10")
    add("Lemma 6.3", prm, "h_reverse_surrogate", surrogate_h(subs, mp.mpf("0.5"), "add"), "1-D surrogate, reverse direction (spec §11: 0.1513843997)", rel="1e-10")
    y = [mp.mpf("0.1"), mp.mpf("-0.02")]
    v = {(0, 0): (0, 0), (1, 0): (mp.mpf("0.05"), 0), (0, 1): (0, mp.mpf("0.05")), (1, 1): (mp.mpf("0.05"), mp.mpf("0.05"))}
    ss = mp.mpf(mp.nstr(s, 17))
    dens = lambda m: mp.npdf(y[0], m[0], ss) * mp.npdf(y[1], m[1], ss)
    num = sum((q[0] if J[0] else 1 - q[0]) * (q[1] if J[1] else 1 - q[1]) * dens(m) for J, m in v.items())
    add("Lemma 6.3", prm, "loss", mp.log(num / dens((0, 0))), "eq. (10) from the 2-D Gaussian densities", rel="1e-13", abs_="1e-15")


# ------------------------------------------------------------ Corollary 6.5, Algorithm 4 (spec §13)
def corollary_6_5_algorithm_4():
    # q = (1, 1): Theorem 6.1's joint release of the two models is Gaussian with μ² = T(1/σ₁² + 1/σ₂²)
    for T in [10, 100]:
        mu = mp.sqrt(T * (1 + mp.mpf(1) / 4))
        prm = {"lambda": "0.5,0.5", "q": "1,1", "sigma": "1,2", "eta": "0.1", "T": str(T), "epsilon": "1"}
        add("Corollary 6.5", prm, "delta_joint", gauss_delta_closed(mu, ONE), "Balle–Wang δ(ε) of G_μ, μ² = T Σ 1/σ_i² (q = 1: each model a Gaussian with noise multiplier σ_i)", rel="2e-3")
        prm = {"lambda": "0.5,0.5", "q": "1,1", "sigma": "1,2", "eta": "0.1", "T": str(T), "delta": "1e-5"}
        add("Algorithm 4", prm, "epsilon_joint", bisect_decreasing(lambda e: gauss_delta_closed(mu, e), mp.mpf("1e-5"), 0, 500), "bisection on the GDP profile, μ² = T Σ 1/σ_i²", rel="1e-3")


# ------------------------------------------------------------ Proposition 7.1 (spec §16)
def proposition_7_1():
    t, n, d, d0 = mp.mpf("0.5"), 10, mp.mpf("1e-6"), mp.mpf("1e-5")
    prm = {"sigma": "2", "N": "10", "delta": "1e-6", "delta0": "1e-5"}
    single = t * t / 2 + t * mp.sqrt(2 * mp.log(1 / d))
    com = single * mp.sqrt(2 * n * mp.log(1 / d0)) + n * single * mp.expm1(single)
    rdp = min((mp.findroot(lambda a: n * t * t / 2 - mp.log(1 / (n * d + d0)) / (a - 1) ** 2, 3),))
    rdp_v = n * rdp * t * t / 2 + mp.log(1 / (n * d + d0)) / (rdp - 1)
    add("Proposition 7.1", prm, "gap", com - rdp_v, "advanced composition minus the joint-RDP ε minimised numerically over α")
    add("Proposition 7.1", prm, "delta_prime", n * d + d0, "Nδ + δ₀")
    close(com - rdp_v, mp.mpf("446.3352820") - mp.mpf("8.605194860"), 1e-9, "spec §16 table")


if __name__ == "__main__":
    for f in [definition_2_1, proposition_3_1, lemma_4_1_theorem_4_2, theorem_5_1_algorithm_1, theorem_5_2_algorithm_2, theorem_6_1, theorem_6_2_algorithm_3, theorem_6_4, corollary_6_5_algorithm_4, proposition_7_1]:
        f()
        print(f"{f.__name__}: {len(ROWS)} values so far", file=sys.stderr)
    with open(os.path.join(HERE, "cards.jsonl"), "w") as fh:
        for r in ROWS:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote cards.jsonl: {len(ROWS)} values", file=sys.stderr)

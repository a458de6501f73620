#!/usr/bin/env python3
"""Independent anchors for the result cards of the mixtures f-DP paper (`dpaudit eval mixture_fdp
…`) at parameter sets the spec's tables do not cover (issue 24): Proposition 4.1's T(P0, Q0) at
a given alpha with its two knots, Theorem 4.2's x̄, f_S(x̄) and C(f_S)(alpha), Theorem 5.1's
(alpha(t), beta(t)) and delta_J at a clipping norm outside the spec's table, and the true delta of
the finite-n output pair of Example D.1 (two Gaussians, closed form).

Paper: Wang, Su, Ye, Shokri, Su (NeurIPS 2023), Sections 4, 5; spec shared/spec/mixtures_fdp.md
§4.2, §4.3, §5.2, §5.4. Written from the paper, NOT from dpaudit's Rust code; it reuses only the
other anchor scripts of this folder (themselves written from the paper):
* anchors.Shuffle enumerates every atom of (P0, Q0) with exact binomials, sorts them by the exact
  ratio a/b and keeps prefix/suffix sums (mpmath 50 digits). T(P0, Q0)(alpha) is the linear
  interpolation of (P0-prefix, Q0-suffix) between consecutive atoms (Neyman-Pearson, spec §2.2);
  x̄ = P0[L < 1], f_S = 2w Id + (1 - 2w) T(P0, Q0), C(f_S) by eq. (3) with its sign fixed and
  f_S^{-1} by bisection (200 steps);
* init_gd.two_branch / delta_J: Theorem 5.1 in the printed two-branch form (mp.quad over I);
* init_gd.gauss_hs: the hockey-stick of two Gaussians in closed form for Example D.1's true pair
  theta(D0) ~ N(n a, (n-1)^2 + sigma^2), theta(D1) ~ N((n-1) a, (n-2)^2 + sigma^2).

Run by hand:  python3 golden/anchors/mixture_fdp/cards.py  (prints the values the card tests
quote, and writes cards.csv beside this script).
"""

import bisect
import os
import sys

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import anchors  # noqa: E402
import init_gd  # noqa: E402

mp.mp.dps = 50


def t0(sh, alpha):
    """T(P0, Q0)(alpha) and the segment's two end points (alpha, beta)."""
    alpha = mp.mpf(alpha)
    sp, tq = sh.sp0, sh.tq0
    # first index j with sp[j] >= alpha (j >= 1: after at least one atom)
    j = bisect.bisect_left(sp, alpha)
    j = max(j, 1)
    while sp[j - 1] == sp[j] and j > 1:  # skip atoms without P0 mass (vertical pieces)
        j -= 1
    x0, y0, x1, y1 = sp[j - 1], tq[j - 1], sp[j], tq[j]
    # the knot ending the segment: the whole tie group of atom j - 1
    if x1 == x0:
        return y1, (x0, y0), (x1, y1)
    return y0 + (alpha - x0) * (y1 - y0) / (x1 - x0), (x0, y0), (x1, y1)


def knots_around(sh, alpha):
    """The two knots (tie groups) bracketing alpha: (alpha, beta) after the groups below and
    through the group of the smallest ratio t* with P0[L <= t*] >= alpha."""
    alpha = mp.mpf(alpha)
    k = bisect.bisect_left(sh.sp0, alpha)  # sp0[k] >= alpha
    t = sh.fracs[k - 1]  # the atom completing the mass
    lo = bisect.bisect_left(sh.fracs, t)
    hi = bisect.bisect_right(sh.fracs, t)
    return t, (sh.sp0[lo], sh.tq0[lo]), (sh.sp0[hi], sh.tq0[hi])


def theorem_4_2(sh, alpha):
    w = sh.w
    f = lambda x: 2 * w * (1 - x) + (1 - 2 * w) * t0(sh, x)[0]
    k = bisect.bisect_left(sh.ratios, 1)  # atoms with ratio < 1
    xb = sh.sp0[k]
    fxb = 2 * w * (1 - xb) + (1 - 2 * w) * sh.tq0[k]
    alpha = mp.mpf(alpha)
    if alpha <= xb:
        c = f(alpha)
    elif alpha <= fxb:
        c = xb + fxb - alpha
    else:
        lo, hi = mp.mpf(0), xb
        for _ in range(200):
            mid = (lo + hi) / 2
            if f(mid) <= alpha:
                hi = mid
            else:
                lo = mid
        c = hi
    return xb, fxb, f(alpha), c


def main():
    rows = []
    for n, e0, alpha in [(4, 1, "0.1"), (20, "0.5", "0.3"), (50, 2, "0.05"), (200, 3, "0.4")]:
        sh = anchors.Shuffle(n, mp.mpf(e0))
        v, _, _ = t0(sh, alpha)
        t, (la, lb), (ra, rb) = knots_around(sh, alpha)
        print(f"Prop 4.1 n={n} eps0={e0} alpha={alpha}: T0 = {mp.nstr(v, 20)}; t* = {t}; left ({mp.nstr(la, 20)}, {mp.nstr(lb, 20)}) right ({mp.nstr(ra, 20)}, {mp.nstr(rb, 20)})")
        rows.append((f"proposition_4_1 n={n} eps0={e0} alpha={alpha}", "T0", v))
        rows.append((f"proposition_4_1 n={n} eps0={e0} alpha={alpha}", "knot_t", mp.mpf(t.numerator) / t.denominator))
        rows.append((f"proposition_4_1 n={n} eps0={e0} alpha={alpha}", "knot_left_alpha", la))
        rows.append((f"proposition_4_1 n={n} eps0={e0} alpha={alpha}", "knot_right_beta", rb))
    for n, e0, alpha in [(4, 1, "0.3"), (20, "0.5", "0.05"), (20, "0.5", "0.5"), (50, 2, "0.9")]:
        sh = anchors.Shuffle(n, mp.mpf(e0))
        xb, fxb, fs, c = theorem_4_2(sh, alpha)
        print(f"Thm 4.2 n={n} eps0={e0} alpha={alpha}: x_bar = {mp.nstr(xb, 20)}, f_S(x_bar) = {mp.nstr(fxb, 20)}, f_S = {mp.nstr(fs, 20)}, C(f_S) = {mp.nstr(c, 20)}")
        key = f"theorem_4_2 n={n} eps0={e0} alpha={alpha}"
        rows += [(key, "x_bar", xb), (key, "f_S_x_bar", fxb), (key, "f_S", fs), (key, "C_fS", c)]
    # Theorem 5.1 at c = 1.5 (outside the spec's table), t = 0.3 and eps = 0.75
    init_gd.mp.mp.dps = 30
    al, be = init_gd.two_branch(mp.mpf("1.5"), mp.mpf("0.3"))
    dj = init_gd.delta_J(mp.mpf("1.5"), mp.mpf("0.75"))
    print(f"Thm 5.1 a=1 sigma=1 c=1.5: alpha(0.3) = {mp.nstr(al, 20)}, beta(0.3) = {mp.nstr(be, 20)}, delta_J(0.75) = {mp.nstr(dj, 20)}")
    rows += [("theorem_5_1 a=1 sigma=1 c=1.5 t=0.3", "alpha_t", al), ("theorem_5_1 a=1 sigma=1 c=1.5 t=0.3", "beta_t", be), ("theorem_5_1 a=1 sigma=1 c=1.5 eps=0.75", "delta", dj)]
    # Example D.1's true pair, n = 3, a = 1, sigma = 1, eps = 1 (both orders)
    n, a, s2, eps = 3, 1, 1, 1
    m0, v0, m1, v1 = n * a, (n - 1) ** 2 + s2, (n - 1) * a, (n - 2) ** 2 + s2
    d = max(init_gd.gauss_hs(m0, v0, m1, v1, eps), init_gd.gauss_hs(m1, v1, m0, v0, eps))
    print(f"Example D.1 true pair n=3 a=1 sigma=1: delta(1) = {mp.nstr(d, 20)}")
    rows.append(("example_d_1 n=3 a=1 sigma=1 eps=1", "delta_true", d))
    with open(os.path.join(HERE, "cards.csv"), "w") as f:
        f.write("# anchors for the result cards (script cards.py; mpmath 50 digits, Theorem 5.1 30 digits)\ninstance,output,value\n")
        for key, col, v in rows:
            f.write(f"{key},{col},{mp.nstr(v, 25)}\n")


if __name__ == "__main__":
    main()

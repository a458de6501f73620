#!/usr/bin/env python3
"""Independent anchors for the mixture-mechanism f-DP golden files (golden/mixture_fdp/*.csv).

Paper: Wang, Su, Ye, Shokri, Su, "Unified Enhancement of Privacy Bounds for Mixture Mechanisms via
f-Differential Privacy" (NeurIPS 2023; /work/shared/seeds/mixture_mechanisms_fdp.txt), Section 4
and Appendix C; specification shared/spec/mixtures_fdp.md §4. Written from the paper and the spec,
NOT from dpaudit's Rust code, with mpmath at 50 digits and exact integer binomials.

Route (different from the Rust code, which sums per component in log space with a threshold):
* enumerate every atom (a, b) of P0 = L(A+1, C-A), Q0 = L(A, C-A+1) (spec §4.1) with exact masses
  w0_i * C(i, a-1) / 2^i and w0_i * C(i, a) / 2^i, sort the atoms by the exact likelihood ratio
  a/b (Fractions), and take prefix sums of the four masses (P0, Q0, P, Q) in mpmath;
* delta_f-DP(eps) = (1-2w) (Q0[L < tau] - gt P0[L < tau]), gt = (e^eps - 2w)/(1-2w), tau = 1/gt
  (Corollary 4.3, spec §4.4 boxed middle form), by a binary search in the sorted ratios;
* the literal knot reading (spec §10.1 item 4): the tie at the smallest knot >= tau is included;
* the exact pair H_{e^eps}(Q||P) = Q[Q/P > g] - g P[Q/P > g] with the ratio threshold solved
  in closed form (Q/P is decreasing in a/b);
* eps(delta) by bisection on eps (200 steps, each an O(log N) prefix-sum lookup);
* Proposition 4.1 knots alpha(t) = P0[L <= t], beta(t) = Q0[L > t] (suffix sum);
* binary RR and 3-RR shuffled mechanisms (spec §4.6 item 3) by direct summation over the count
  statistic (exact recursions for the multinomial weights).
Components i > IMAX are dropped; their total weight is printed (a bound on the error).

Run by hand (not by the tests):  /work/wt/anchors-venv/bin/python golden/anchors/mixture_fdp/anchors.py
Needs mpmath (tested with 1.4.1). Takes about a minute.
"""

import bisect
import os
import sys
from fractions import Fraction

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from anchor_csv import close, write  # noqa: E402

mp.mp.dps = 50


class Shuffle:
    """All atoms of (P0, Q0) for n users and local epsilon eps0 (components i <= imax)."""

    def __init__(self, n, eps0, imax=None):
        self.n, self.eps0 = n, mp.mpf(eps0)
        self.w = 1 / (mp.exp(self.eps0) + 1)
        w, pc = self.w, 2 * self.w
        imax = n - 1 if imax is None else min(imax, n - 1)
        w0 = [mp.binomial(n - 1, i) * pc**i * (1 - pc) ** (n - 1 - i) for i in range(n)]
        self.dropped = mp.fsum(w0[imax + 1:])
        atoms = []  # (ratio a/b as Fraction or None for infinity, P0 mass, Q0 mass)
        for i in range(imax + 1):
            scale = w0[i] / mp.mpf(2) ** i
            c = [1]
            for a in range(1, i + 1):
                c.append(c[-1] * (i + 1 - a) // a)
            for a in range(0, i + 2):
                b = i + 1 - a
                p0 = scale * c[a - 1] if a >= 1 else mp.mpf(0)
                q0 = scale * c[a] if a <= i else mp.mpf(0)
                atoms.append((Fraction(a, b) if b > 0 else None, p0, q0))
        inf = Fraction(10**30)
        atoms.sort(key=lambda t: inf if t[0] is None else t[0])
        self.ratios = [mp.mpf(inf.numerator) if r is None else mp.mpf(r.numerator) / r.denominator for r, _, _ in atoms]
        self.fracs = [inf if r is None else r for r, _, _ in atoms]
        self.sp0, self.sq0, self.sp, self.sq = [mp.mpf(0)], [mp.mpf(0)], [mp.mpf(0)], [mp.mpf(0)]
        for _, p0, q0 in atoms:
            self.sp0.append(self.sp0[-1] + p0)
            self.sq0.append(self.sq0[-1] + q0)
            self.sp.append(self.sp[-1] + (1 - w) * p0 + w * q0)
            self.sq.append(self.sq[-1] + (1 - w) * q0 + w * p0)
        # suffix sums (tails) of P0 and Q0
        self.tp0, self.tq0 = [mp.mpf(0)] * (len(atoms) + 1), [mp.mpf(0)] * (len(atoms) + 1)
        for k in range(len(atoms) - 1, -1, -1):
            self.tp0[k] = self.tp0[k + 1] + atoms[k][1]
            self.tq0[k] = self.tq0[k + 1] + atoms[k][2]

    def gtilde(self, eps):
        return (mp.exp(eps) - 2 * self.w) / (1 - 2 * self.w)

    def delta_fdp(self, eps):
        """Corollary 4.3 (spec §4.4 box): atoms with ratio strictly below tau = 1/gt."""
        gt = self.gtilde(eps)
        k = bisect.bisect_left(self.ratios, 1 / gt)
        return (1 - 2 * self.w) * (self.sq0[k] - gt * self.sp0[k])

    def delta_literal(self, eps):
        """The literal knot reading: include the whole tie at the smallest knot t >= tau."""
        gt = self.gtilde(eps)
        k = bisect.bisect_left(self.ratios, 1 / gt)
        t = self.fracs[k]
        k2 = bisect.bisect_right(self.fracs, t)
        return (1 - 2 * self.w) * (self.sq0[k2] - gt * self.sp0[k2])

    def delta_pair(self, eps):
        """Exact H_{e^eps}(Q||P) (= H(P||Q) by the swap symmetry), spec §4.4/§4.6."""
        g, w = mp.exp(eps), self.w
        num, den = 1 - w - g * w, g * (1 - w) - w
        if num <= 0:
            return mp.mpf(0)
        k = bisect.bisect_left(self.ratios, num / den)
        return max(self.sq[k] - g * self.sp[k], mp.mpf(0))

    def knot(self, t):
        """Proposition 4.1: (alpha, 1 - alpha, rho, beta) at the knot t (tie included)."""
        k = bisect.bisect_right(self.fracs, t)
        return self.sp0[k], self.tp0[k], self.sq0[k], self.tq0[k]


def invert(delta_of_eps, delta, hi=10):
    """Smallest eps >= 0 with delta_of_eps(eps) <= delta, by bisection (delta decreasing)."""
    lo, hi = mp.mpf(0), mp.mpf(hi)
    if delta_of_eps(lo) <= delta:
        return lo
    for _ in range(200):
        mid = (lo + hi) / 2
        if delta_of_eps(mid) <= delta:
            hi = mid
        else:
            lo = mid
    return hi


def binary_rr(n, eps0, eps):
    """Binary RR, the others all holding 0 (spec §4.6 item 3): max of both hockey-sticks."""
    w = 1 / (mp.exp(eps0) + 1)
    s = [mp.binomial(n - 1, m) * w**m * (1 - w) ** (n - 1 - m) for m in range(n)] + [mp.mpf(0)]
    g = mp.exp(eps)
    hp = hq = mp.mpf(0)
    for m in range(n + 1):
        sm1 = s[m - 1] if m >= 1 else mp.mpf(0)
        p = (1 - w) * s[m] + w * sm1
        q = w * s[m] + (1 - w) * sm1
        hp += max(p - g * q, 0)
        hq += max(q - g * p, 0)
    return max(hp, hq)


def k_rr(n, eps0, eps, k=3, cut=None):
    """k-ary RR, the others holding a third value (spec §4.6 item 3), counts (a, b) <= cut."""
    e0 = mp.exp(eps0)
    q = 1 / (e0 + k - 1)
    r = 1 - 2 * q
    m = n - 1
    cut = m if cut is None else min(cut, m)
    M = [[mp.mpf(0)] * (cut + 2) for _ in range(cut + 2)]
    row0 = r**m
    for a in range(cut + 1):
        if a > 0:
            row0 = row0 * (m - a + 1) / a * q / r
        x = row0
        for b in range(cut + 1 - 0):
            if a + b > m:
                break
            if b > 0:
                x = x * (m - a - b + 1) / b * q / r
            M[a][b] = x
    get = lambda a, b: M[a][b] if 0 <= a <= cut and 0 <= b <= cut else mp.mpf(0)  # noqa: E731
    g = mp.exp(eps)
    h = mp.mpf(0)
    for a in range(cut + 2):
        for b in range(cut + 2 - 0):
            if a + b > n:
                continue
            P = e0 * q * get(a - 1, b) + q * get(a, b - 1) + (k - 2) * q * get(a, b)
            Q = q * get(a - 1, b) + e0 * q * get(a, b - 1) + (k - 2) * q * get(a, b)
            if P > g * Q:
                h += P - g * Q
    return h


def capped(d, eps0, eps):
    """Trivial cap (spec §4.4 [C]): min{delta, (e^eps0 - e^eps)_+/(e^eps0 + 1)}."""
    e0, e = mp.exp(eps0), mp.exp(eps)
    return min(d, max(e0 - e, 0) / (e0 + 1))


def main():
    rows_43, rows_t2, rows_41 = [], [], []
    # ---- small n: all components
    small = {(4, 1): [0, 0.25, 0.5, 1], (5, 1): [0.25, 0.5, 1], (20, 0.5): [0.25, 0.5, 1], (50, 2): [0.25, 0.5, 1], (200, 3): [0.25, 0.5, 1]}
    spec_small = {(4, 1, 0): 0.244871578369, (4, 1, 0.25): 0.210866212822, (4, 1, 0.5): 0.185914017254, (4, 1, 1): 0.180554628603,
                  (5, 1, 0.25): 0.17728793694, (5, 1, 0.5): 0.14576162480, (5, 1, 1): 0.13199601015,
                  (20, 0.5, 0.25): 6.7953595097e-03, (20, 0.5, 0.5): 1.2250843129e-03, (20, 0.5, 1): 1.3689025369e-04,
                  (50, 2, 0.25): 9.6734918041e-02, (50, 2, 0.5): 4.9555167301e-02, (50, 2, 1): 1.2632827190e-02,
                  (200, 3, 0.25): 8.2203482097e-02, (200, 3, 0.5): 3.5182177710e-02, (200, 3, 1): 5.1494216782e-03}
    spec_literal = {(5, 1, 0.5): 0.12846776073, (5, 1, 0.25): 0.17617954126, (20, 0.5, 0.25): 6.0093786359e-03}
    spec_pair_41 = {0: 0.244871578369, 0.25: 0.170389877142, 0.5: 0.112387913365, 1: 0}
    src = "mpmath 50 digits over every atom sorted by exact ratio"
    for (n, e0), epss in small.items():
        s = Shuffle(n, e0)
        for e in epss:
            d, dl, dp = s.delta_fdp(e), s.delta_literal(e), s.delta_pair(e)
            close(d, spec_small[(n, e0, e)], 1e-10, f"delta_fdp {n} {e0} {e}")
            if (n, e0, e) in spec_literal:
                close(dl, spec_literal[(n, e0, e)], 1e-10, f"literal {n} {e0} {e}")
            if n == 4:
                if spec_pair_41[e] == 0:
                    assert dp == 0
                else:
                    close(dp, spec_pair_41[e], 1e-10, f"pair {n} {e}")
            assert dp <= d * (1 + mp.mpf(10)**-40) and dl <= d * (1 + mp.mpf(10)**-40), (n, e0, e, d, dl, dp)
            key = (n, e0, e)
            rows_43 += [(key, "delta_fdp", d, src), (key, "delta_exact_pair", dp, src), (key, "delta_capped", capped(d, e0, e), src + " capped by (e^eps0 - e^eps)_+/(e^eps0 + 1)"), (key, "delta_literal_knot", dl, src + " (tie at the knot included)")]
    # ---- Proposition 4.1 knots, n = 4 (spec computed example A)
    s4 = Shuffle(4, 1)
    spec_a = {Fraction(1, 3): (0.019452395344, 0.550931009036, 0.782014404776), Fraction(1, 2): (0.119726487664, 0.350382824396, 0.635401933966),
              Fraction(1): (0.350382824396, 0.119726487664, 0.404745597235), Fraction(2): (0.550931009036, 0.019452395344, 0.250535791085)}
    for t, (sa, sb, sf) in spec_a.items():
        al, alb, rho, be = s4.knot(t)
        fs = 2 * s4.w * alb + (1 - 2 * s4.w) * be
        close(al, sa, 1e-10, "knot alpha")
        close(be, sb, 1e-10, "knot beta")
        close(fs, sf, 1e-10, "knot f_S")
        key = (4, 1, t.numerator, t.denominator)
        rows_41 += [(key, "alpha", al, src), (key, "beta", be, src + " (tail sum)"), (key, "f_s", fs, src)]
    # ---- n = 10000, eps0 = 4.444 (Tables 1 and 2)
    big = Shuffle(10000, 4.444, imax=1000)
    print("n=10000: dropped component weight", mp.nstr(big.dropped, 5))
    assert big.dropped < mp.mpf("1e-100")
    spec_b = {Fraction(1, 4): (3.66216953623e-20, None), Fraction(1, 2): (1.53627692337e-07, None), Fraction(1): (0.486903856124, 0.460768015036), Fraction(2): (None, 1.20405191895e-07)}
    for t, (sa, sb) in spec_b.items():
        al, alb, rho, be = big.knot(t)
        fs = 2 * big.w * alb + (1 - 2 * big.w) * be
        if sa is not None:
            close(al, sa, 1e-10, "big knot alpha")
        if sb is not None:
            close(be, sb, 1e-10, "big knot beta")
        if t == 2:
            close(alb, 2.48438810703e-7, 1e-10, "big knot 1 - alpha")
            close(fs, 1.23378751305e-07, 1e-10, "big knot f_S")
        key = (10000, 4.444, t.numerator, t.denominator)
        rows_41 += [(key, "alpha", al, src), (key, "beta", be, src + " (tail sum)"), (key, "f_s", fs, src)]
    table1 = {0.4: (4.94672679268158e-05, 4.6749328360e-05), 0.5: (3.03086166695554e-06, 2.74463804649302e-6), 0.6: (1.27109926196377e-07, 1.0844097109e-07),
              0.7: (3.82548010405027e-09, 3.0215265840e-09), 0.8: (8.70092358327086e-11, 6.2430544638e-11), 0.9: (1.58535675564596e-12, 1.0154668655e-12),
              1.0: (2.44552070902431e-14, 1.3745826402733e-14)}
    printed = {0.5: 3e-6, 0.6: 1e-7, 0.7: 4e-9, 0.8: 9e-11, 0.9: 2e-12, 1.0: 2e-14}
    for e, (sd, sp) in table1.items():
        d, dl, dp = big.delta_fdp(e), big.delta_literal(e), big.delta_pair(e)
        close(d, sd, 1e-12, f"Table 1 delta_fdp {e}")
        close(dp, sp, 1e-9, f"Table 1 exact pair {e}")
        if e in printed:
            ex = mp.floor(mp.log10(d))
            assert int(mp.nint(d / mp.mpf(10) ** ex)) * mp.mpf(10) ** ex == mp.mpf(printed[e]) or abs(int(mp.nint(d / mp.mpf(10) ** ex)) - printed[e] / 10.0 ** int(ex)) < 1e-9, (e, d)
        print(f"eps={e}: delta_fdp={mp.nstr(d, 15)} exact_pair={mp.nstr(dp, 15)} literal={mp.nstr(dl, 15)}")
        key = (10000, 4.444, e)
        rows_43 += [(key, "delta_fdp", d, src), (key, "delta_exact_pair", dp, src), (key, "delta_capped", capped(d, 4.444, e), src + " capped"), (key, "delta_literal_knot", dl, src + " (tie at the knot included)")]
    table2 = {5e-5: (0.3995891434, 0.397452), 3e-6: (0.5003440557, 0.497069), 1e-7: (0.6071432544, 0.602372), 4e-9: (0.6988108264, 0.692499),
              9e-11: (0.7991357032, 0.790854), 2e-12: (0.8943255899, None), 2e-14: (1.0047498948, None)}
    for dl, (se, sep) in table2.items():
        e = invert(big.delta_fdp, mp.mpf(dl))
        ep = invert(big.delta_pair, mp.mpf(dl))
        close(e, se, 1e-9, f"Table 2 eps_fdp {dl}")
        if sep is not None:
            close(ep, sep, 2e-6, f"Table 2 eps pair {dl}")
        assert ep <= e
        print(f"delta={dl}: eps_fdp={mp.nstr(e, 15)} eps_pair={mp.nstr(ep, 15)}")
        key = (10000, 4.444, dl)
        rows_t2 += [(key, "eps_fdp", e, "bisection on eps over " + src), (key, "eps_exact_pair", ep, "bisection on eps over " + src)]
    # ---- randomised-response lower bounds (delta), spec Table 1 columns
    spec_rr = {0.5: (2.469560e-06, 4.320987e-08), 0.7: (2.485019e-09, 1.120388e-11), 1.0: (9.384138e-15, 1.847418e-17)}
    for e, (s3, s2) in spec_rr.items():
        d3 = k_rr(10000, 4.444, e, 3, cut=420)
        d2 = binary_rr(10000, 4.444, e)
        close(d3, s3, 1e-6, f"3-RR {e}")
        close(d2, s2, 1e-6, f"binary RR {e}")
        assert d2 <= d3 <= big.delta_pair(e)
        print(f"eps={e}: 3RR={mp.nstr(d3, 15)} binRR={mp.nstr(d2, 15)}")
        key = (10000, 4.444, e)
        rows_43 += [(key, "delta_3rr", d3, "mpmath 50 digits; counts (a; b) <= 420 (dropped mass < 1e-100)"), (key, "delta_binary_rr", d2, "mpmath 50 digits; all counts")]
    s20 = Shuffle(20, 0.5)
    for e in [0.25]:
        key = (20, 0.5, e)
        d3, d2 = k_rr(20, 0.5, e, 3), binary_rr(20, 0.5, e)
        assert d2 <= s20.delta_pair(e) and d3 <= s20.delta_pair(e)
        rows_43 += [(key, "delta_3rr", d3, "mpmath 50 digits; all counts"), (key, "delta_binary_rr", d2, "mpmath 50 digits; all counts")]

    meth = "mpmath 50 digits; every atom of (P0; Q0) with exact binomials sorted by the exact ratio a/b; prefix sums (Corollary 4.3 middle form; exact pair; literal knot) (spec §4.4-4.5; checked against the spec's computed values and the paper's printed digits); script golden/anchors/mixture_fdp/anchors.py"
    write(os.path.join(HERE, "corollary_4_3.csv"), meth + "; shuffled 3-RR and binary RR by direct sums over the count statistic (spec §4.6 item 3)", "delta_fdp=rel:1e-9, delta_exact_pair=rel:1e-9, delta_capped=rel:1e-9, delta_literal_knot=rel:1e-9, delta_3rr=rel:1e-9, delta_binary_rr=rel:1e-9", ["n", "eps0", "eps"], rows_43)
    write(os.path.join(HERE, "table_2.csv"), "mpmath 50 digits; bisection on eps of the prefix-sum delta curves (spec §4.5 Table 2); script golden/anchors/mixture_fdp/anchors.py", "eps_fdp=rel:1e-9, eps_exact_pair=rel:1e-9", ["n", "eps0", "delta"], rows_t2)
    write(os.path.join(HERE, "proposition_4_1.csv"), "mpmath 50 digits; knots as prefix/suffix sums over atoms sorted by exact ratio (spec §4.2 examples A and B); script golden/anchors/mixture_fdp/anchors.py", "alpha=rel:1e-9, beta=rel:1e-9, f_s=rel:1e-9", ["n", "eps0", "t_num", "t_den"], rows_41)


if __name__ == "__main__":
    main()

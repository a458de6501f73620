#!/usr/bin/env python
"""
Independent high-precision anchors for the privacy profile of the T-fold composed
Poisson-subsampled Gaussian mechanism (sampling rate q, noise sigma, sensitivity 1).

Derivation / definitions
------------------------
phi(x) = N(0, sigma^2) density, w(x) = (2x-1)/(2 sigma^2).
Since phi(x-1)/phi(x) = exp((x^2-(x-1)^2)/(2 sigma^2)) = exp(w(x)), the mixture
P = (1-q)N(0,s^2) + qN(1,s^2) has density p(x) = phi(x) R(x), R(x) = 1-q+q e^{w(x)}.
ell(x) = ln R(x) = log1p(q*expm1(w)) (no cancellation near R = 1).

  remove:  L = ell(X), X ~ P      M_rem(z) = E_P[e^{z ell}] = int phi R^{1+z} dx
  add:     L = -ell(X), X ~ N(0,s^2)   M_add(z) = int phi R^{-z} dx
Both are entire in z (R^{1+z} grows like e^{(1+Re z) x/s^2}, killed by the Gaussian;
R >= 1-q > 0 so R^{-z} is bounded on the real line for Re z >= 0).
For the composition of T steps the MGF is M(z)^T.

Hockey stick: delta(eps) = E[f(L_T - eps)], f(y) = (1-e^{-y})_+.
Two-sided Laplace transform of f: int_0^inf (1-e^{-y}) e^{-zy} dy = 1/z - 1/(z+1) = 1/(z(z+1)),
valid for Re z > 0.  Bromwich inversion and Fubini give, for any c > 0,
   delta(eps) = (1/2pi i) int_{c-i inf}^{c+i inf} M(z)^T e^{-z eps} / (z(z+1)) dz
              = (1/pi) int_0^inf Re[ Phi(c+it) e^{-(c+it) eps} ] dt,   Phi(z) = M(z)^T/(z(z+1))
(using Phi(conj z) = conj Phi(z)).

t-integration: trapezoidal rule with step h (exponentially convergent; Abate-Whitt).
Poisson summation gives the *exact* discretisation error: with P = 2pi/h,
   (h/pi) sum'_{n>=0} Re[Phi(c+inh) e^{-(c+inh) eps}]  =  sum_{k in Z} delta(eps + kP) e^{c k P}.
So the error is  sum_{k>=1} delta(eps - kP) e^{-ckP}  (<= e^{-cP}/(1-e^{-cP}) since delta <= 1)
              +  sum_{k>=1} delta(eps + kP) e^{+ckP}  (~ delta(eps) exp(-P^2/(2 s^2)) near the
                 saddle, s^2 = tilted variance of L_T).
We pick P >= max(70/c, 12 s, 30): both aliasing terms are < 1e-25 relative.  We verify
empirically by halving h (doubling P) and by changing c.
The sum is truncated when |term| < 1e-30 |term_0| for several consecutive nodes.

M(c+it) is computed by composite Gauss-Legendre (40 nodes/panel) in x on a finite range
[-16 sigma, 1+c+16 sigma] (remove) or [-16 sigma, 16 sigma] (add); beyond it the integrand
is < e^{-128} relative.  The integrand is analytic in a strip of half-width pi sigma^2 around
the real axis (poles of log R at w = ln((1-q)/q) + i pi(2k+1)), so panels of width
<= sigma^2/2 converge geometrically; panels are further narrowed for oscillation ~ t/sigma^2.
Precision: mpmath 40 digits.  exp(T * Log M) with the principal Log is exact because T is an
integer (M^T is single valued).

c is chosen near the saddle point: minimiser of T ln M(c) - c eps - ln(c(c+1)).
NOTE (remove direction): the positive aliasing term delta(eps+P) e^{cP} grows like e^{cP}; the
remove loss has a heavy right tail, so at large saddle c (>~5) with P = 30 it can reach ~1e-9..1e-6
relative.  Between two c's the error ratio is e^{(c2-c1)P}, so the SMALLER-c value is the accurate
one (confirmed with a third, even smaller c: modes r3a / r3b).  RESULTS.md reports the smaller-c value.

Usage: python anchors.py {gauss|1|7|6|3a|3b|3c|2a|2b|4|5|r3a|r3b|all}
"""
import sys, time, math
import numpy as np
import mpmath as mp

mp.mp.dps = 40
GL_N = 40


def gl_nodes(n):
    """Gauss-Legendre nodes/weights on [-1,1], refined by Newton in mpmath precision."""
    xs, _ = np.polynomial.legendre.leggauss(n)
    nodes, weights = [], []
    for x0 in xs:
        x = mp.mpf(x0)
        for _ in range(10):
            p0, p1 = mp.mpf(1), x
            for k in range(2, n + 1):
                p0, p1 = p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k
            dp = n * (x * p1 - p0) / (x * x - 1)
            dx = p1 / dp
            x -= dx
            if abs(dx) < mp.mpf(10) ** (-mp.mp.dps - 5):
                break
        p0, p1 = mp.mpf(1), x
        for k in range(2, n + 1):
            p0, p1 = p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k
        dp = n * (x * p1 - p0) / (x * x - 1)
        nodes.append(x)
        weights.append(2 / ((1 - x * x) * dp * dp))
    return nodes, weights


_GL = {}


def get_gl(n):
    if n not in _GL:
        _GL[n] = gl_nodes(n)
    return _GL[n]


class Direction:
    """One direction (remove / add) of one (q, sigma) mechanism, with fixed c."""

    def __init__(self, q, sigma, direction, c):
        self.q = mp.mpf(q)
        self.sigma = mp.mpf(sigma)
        self.dir = direction
        self.c = mp.mpf(c)
        self.levels = {}  # panel width -> (x nodes data)

    def lnR(self, x):
        w = (2 * x - 1) / (2 * self.sigma ** 2)
        if self.q == 1:
            return w
        return mp.log1p(self.q * mp.expm1(w))

    def x_range(self):
        s = self.sigma
        if self.dir == 'remove':
            return -16 * s, max(16 * s, 1 + self.c + 16 * s)
        return -16 * s, 16 * s

    def level(self, dx, n=GL_N):
        """Precompute nodes x_k, real weight E_k = w_k phi(x_k) exp(p ell(x_k)), and ell(x_k).
        p = 1+c (remove) or -c (add).  Then M(c+it) = sum_k E_k exp(+/- i t ell_k)."""
        key = (dx, n)
        if key in self.levels:
            return self.levels[key]
        a, b = self.x_range()
        npan = int(mp.ceil((b - a) / dx))
        hw = (b - a) / npan / 2
        nodes, weights = get_gl(n)
        p = (1 + self.c) if self.dir == 'remove' else -self.c
        norm = 1 / (self.sigma * mp.sqrt(2 * mp.pi))
        E, Ls = [], []
        for j in range(npan):
            mid = a + (2 * j + 1) * hw
            for u, wt in zip(nodes, weights):
                x = mid + hw * u
                l = self.lnR(x)
                E.append(wt * hw * norm * mp.exp(-x * x / (2 * self.sigma ** 2) + p * l))
                Ls.append(l)
        self.levels[key] = (E, Ls)
        return self.levels[key]

    def dx_for_t(self, t):
        # panel width: <= sigma^2/2 (strip of analyticity), and ~<= 1.5 oscillation periods
        base = min(mp.mpf('0.5') * self.sigma ** 2, mp.mpf('0.5') * self.sigma)
        osc = 10 * self.sigma ** 2 / (1 + abs(t))
        dx = base
        while dx > osc:
            dx /= 2
        return dx

    def M(self, t, dx=None, n=GL_N):
        """M(c + i t) for this direction."""
        if dx is None:
            dx = self.dx_for_t(t)
        E, Ls = self.level(dx, n)
        sgn = 1 if self.dir == 'remove' else -1
        if t == 0:
            return mp.mpc(mp.fsum(E), 0)
        re = mp.mpf(0)
        im = mp.mpf(0)
        tt = sgn * mp.mpf(t)
        for e, l in zip(E, Ls):
            co, si = mp.cos_sin(tt * l)
            re += e * co
            im += e * si
        return mp.mpc(re, im)


# ---------------- double-precision helpers for choosing c and h ----------------

def lnM_real_np(q, sigma, direction, c):
    """ln M(c) for real c, double precision (only used to pick c and h)."""
    a = -16 * sigma
    b = max(16 * sigma, 1 + c + 16 * sigma) if direction == 'remove' else 16 * sigma
    xs = np.linspace(a, b, 20001)
    w = (2 * xs - 1) / (2 * sigma ** 2)
    l = w if q == 1 else np.log1p(q * np.expm1(w))
    p = (1 + c) if direction == 'remove' else -c
    ex = -xs ** 2 / (2 * sigma ** 2) + p * l
    m = ex.max()
    val = np.trapezoid(np.exp(ex - m), xs) / (sigma * math.sqrt(2 * math.pi))
    return m + math.log(val)


def saddle(q, sigma, direction, T, eps):
    f = lambda c: T * lnM_real_np(q, sigma, direction, c) - c * eps - math.log(c * (c + 1))
    lo, hi = math.log(1e-4), math.log(200.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    for _ in range(80):
        x1 = b - g * (b - a)
        x2 = a + g * (b - a)
        if f(math.exp(x1)) < f(math.exp(x2)):
            b = x2
        else:
            a = x1
    c = math.exp((a + b) / 2)
    hh = 1e-3 * c
    s2 = T * (lnM_real_np(q, sigma, direction, c + hh) - 2 * lnM_real_np(q, sigma, direction, c)
              + lnM_real_np(q, sigma, direction, c - hh)) / hh ** 2
    return c, math.sqrt(max(s2, 1e-300))


# ---------------- the Bromwich / trapezoid evaluation ----------------

class Profile:
    """delta_dir(eps) for fixed (q, sigma, T, direction, c, h); nodes cached (independent of eps)."""

    def __init__(self, q, sigma, T, direction, c, h, verbose=False):
        self.D = Direction(q, sigma, direction, c)
        self.T = T
        self.c = mp.mpf(c)
        self.h = mp.mpf(h)
        self.A = []  # A_n = T Log M(z_n) - log(z_n (z_n+1)), z_n = c + i n h
        self.verbose = verbose
        self._build()

    def _build(self, maxn=200000):
        small = 0
        n = 0
        t0 = time.time()
        while n < maxn:
            t = n * self.h
            z = mp.mpc(self.c, t)
            Mz = self.D.M(t)
            A = self.T * mp.log(Mz) - mp.log(z * (z + 1))
            self.A.append(A)
            if n > 0 and mp.re(A) - mp.re(self.A[0]) < -69:  # |term| < 1e-30 |term0|
                small += 1
                if small >= 4:
                    break
            else:
                small = 0
            n += 1
        if self.verbose:
            print(f"   [{self.D.dir} c={float(self.c):.5g} h={float(self.h):.4g}] nodes={len(self.A)} "
                  f"tmax={float((len(self.A)-1)*self.h):.4g} time={time.time()-t0:.1f}s", flush=True)

    def delta(self, eps, step=1):
        """Trapezoid with step h*step (step=2 -> uses every other node, i.e. h doubled)."""
        eps = mp.mpf(eps)
        h = self.h * step
        tot = mp.mpf(0)
        for k, A in enumerate(self.A[::step]):
            z = mp.mpc(self.c, k * h)
            term = mp.re(mp.exp(A - z * eps))
            tot += term / 2 if k == 0 else term
        return h / mp.pi * tot

    def eps_for(self, delta_target, eps0, step=1):
        lt = mp.log(delta_target)
        f = lambda e: mp.log(self.delta(e, step)) - lt
        return mp.findroot(f, (mp.mpf(eps0), mp.mpf(eps0) * mp.mpf('1.001') + mp.mpf('0.001')),
                           solver='secant', tol=mp.mpf(10) ** -60)


def choose_h(c, s):
    P = max(70.0 / c, 12.0 * s, 30.0)
    return 2 * math.pi / P


# ---------------- closed form Gaussian check ----------------

def gauss_delta(eps, mu):
    eps = mp.mpf(eps)
    mu = mp.mpf(mu)
    return mp.ncdf(-eps / mu + mu / 2) - mp.exp(eps) * mp.ncdf(-eps / mu - mu / 2)


def gaussian_check():
    print("=== Gaussian (q=1) check: L_T ~ N(mu^2/2, mu^2), mu = sqrt(T)/sigma ===")
    out = []
    for sigma, T, eps in [(10.0, 100, 1.0), (10.0, 100, 3.0), (30.0, 10000, 4.0), (50.0, 10 ** 5, 8.0)]:
        mu = mp.sqrt(T) / sigma
        exact = gauss_delta(eps, mu)
        for d in ('remove', 'add'):
            c, s = saddle(1.0, sigma, d, T, eps)
            h = choose_h(c, s)
            pr = Profile(1.0, sigma, T, d, c, h, verbose=True)
            v = pr.delta(eps)
            v2 = pr.delta(eps, step=2)
            pr2 = Profile(1.0, sigma, T, d, 0.6 * c, choose_h(0.6 * c, s))
            v3 = pr2.delta(eps)
            rel = abs(v / exact - 1)
            print(f" sigma={sigma} T={T} eps={eps} {d}: exact={mp.nstr(exact, 15)} bromwich={mp.nstr(v, 15)} "
                  f"relerr={float(rel):.2e} (2h: {float(abs(v2/exact-1)):.1e}, c*0.6: {float(abs(v3/exact-1)):.1e})",
                  flush=True)
            out.append((sigma, T, eps, d, exact, v, rel))
    return out


# ---------------- main computations ----------------

def solve_eps_case(q, sigma, T, delta_t, eps_guess, label):
    """epsilon(delta) for both directions with two c's, and h / 2h check."""
    res = {}
    for d in ('remove', 'add'):
        # first pass: deliberately offset c (0.75 x saddle of the guess)
        c0, s0 = saddle(q, sigma, d, T, eps_guess)
        c1 = 0.75 * c0
        p1 = Profile(q, sigma, T, d, c1, choose_h(c1, s0), verbose=True)
        d_at0 = p1.delta(0)
        if d_at0 <= delta_t:
            res[d] = dict(eps=mp.mpf(0), note=f"delta({d})(0)={mp.nstr(d_at0, 6)} <= target")
            print(f" {label} {d}: delta(0) = {mp.nstr(d_at0, 10)} <= target -> eps=0", flush=True)
            continue
        e1 = p1.eps_for(delta_t, eps_guess)
        # second pass: c = saddle at the solved eps, fresh grid
        c2, s2 = saddle(q, sigma, d, T, float(e1))
        p2 = Profile(q, sigma, T, d, c2, choose_h(c2, s2), verbose=True)
        e2 = p2.eps_for(delta_t, e1)
        e2b = p2.eps_for(delta_t, e1, step=2)  # h doubled (P halved)
        # delta sensitivity
        dd1 = p1.delta(e2)
        dd2 = p2.delta(e2)
        res[d] = dict(eps=e2, eps_c1=e1, eps_2h=e2b, c1=c1, c2=c2, h1=p1.h, h2=p2.h,
                      delta_c1_at_eps=dd1, delta_c2_at_eps=dd2)
        print(f" {label} {d}: eps(c={c2:.5g})={mp.nstr(e2, 16)}  eps(c={c1:.5g})={mp.nstr(e1, 16)}  "
              f"eps(2h)={mp.nstr(e2b, 16)}  |diff c|={mp.nstr(abs(e2-e1), 3)} |diff h|={mp.nstr(abs(e2-e2b), 3)}",
              flush=True)
    return res


def delta_case(q, sigma, T, eps, label):
    res = {}
    for d in ('remove', 'add'):
        c0, s0 = saddle(q, sigma, d, T, eps)
        p2 = Profile(q, sigma, T, d, c0, choose_h(c0, s0), verbose=True)
        v = p2.delta(eps)
        v2h = p2.delta(eps, step=2)
        c1 = 0.7 * c0
        p1 = Profile(q, sigma, T, d, c1, choose_h(c1, s0), verbose=True)
        v1 = p1.delta(eps)
        res[d] = dict(delta=v, delta_c1=v1, delta_2h=v2h, c=c0, c1=c1)
        print(f" {label} {d}: delta(c={c0:.5g})={mp.nstr(v, 16)}  delta(c={c1:.5g})={mp.nstr(v1, 16)}  "
              f"delta(2h)={mp.nstr(v2h, 16)}  rel diff c={mp.nstr(abs(v/v1-1), 3)}", flush=True)
    return res


if __name__ == '__main__':
    which = sys.argv[1] if len(sys.argv) > 1 else 'all'
    if which in ('gauss', 'all'):
        gaussian_check()
    if which in ('1', 'all'):
        print("=== case 1: q=0.01 sigma=1 T=1000 eps(1e-5) ===")
        solve_eps_case(0.01, 1.0, 1000, mp.mpf('1e-5'), 1.82824, 'case1')
    if which in ('7', 'all'):
        print("=== case 7: q=0.01 sigma=1 T=100 delta(1.0) ===")
        delta_case(0.01, 1.0, 100, 1.0, 'case7')
    if which in ('6', 'all'):
        print("=== case 6: q=0.01 sigma=1 T=10^4 delta(eps=10.32) (delta ~ 1e-12) ===")
        delta_case(0.01, 1.0, 10 ** 4, 10.32, 'case6')
    for key, (q, sg, T, dl, guess) in {
            '3a': (0.001, 0.8, 10 ** 4, '1e-8', 1.47680),
            '3b': (0.001, 0.8, 10 ** 5, '1e-8', 3.51875),
            '3c': (0.001, 0.8, 10 ** 6, '1e-8', 12.4268),
            '2a': (0.01, 1.0, 10 ** 5, '1e-5', 25.5733),
            '2b': (0.01, 1.0, 10 ** 6, '1e-5', 139.031),
            '4': (0.1, 2.0, 10 ** 4, '1e-6', 38.681),
            '5': (0.004, 1.1, 10 ** 5, '1e-5', 6.73301)}.items():
        if which in (key, 'all'):
            print(f"=== case {key}: q={q} sigma={sg} T={T} eps({dl}) ===")
            solve_eps_case(q, sg, T, mp.mpf(dl), guess, 'case' + key)
    # Third-c recheck for the remove direction (the positive aliasing term delta(eps+P) e^{cP}
    # grows with c; a smaller c suppresses it by e^{-dc P}).
    for key, (q, sg, T, dl, guess, frac) in {
            'r3a': (0.001, 0.8, 10 ** 4, '1e-8', 1.4767286, 0.5),
            'r3b': (0.001, 0.8, 10 ** 5, '1e-8', 3.5180157, 0.5)}.items():
        if which == key:
            c0, s0 = saddle(q, sg, 'remove', T, guess)
            c = frac * c0
            pr = Profile(q, sg, T, 'remove', c, choose_h(c, s0), verbose=True)
            e = pr.eps_for(mp.mpf(dl), guess)
            print(f" {key} remove: eps(c={c:.5g}, h={float(pr.h):.4g})={mp.nstr(e, 16)}", flush=True)

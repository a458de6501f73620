# Independent references (mpmath 1.3.0) for the issue-25 model_merging edge fixes (Lemma 4.1 /
# Theorem 4.2 at extreme alpha, Delta, sigma). D_alpha(P||Q) for P = pi N(0,s1^2) + (1-pi) N(0,s2^2),
# Q = P shifted by Delta, by mpmath quadrature of p^a q^(1-a) (log form, high precision), split at
# the component centres, the tilted centre -(a-1)Delta, and +-K sigma around each.
from mpmath import mp, mpf, log, exp, sqrt, pi as PI, quad, inf
def lnN(x, m, s):
    return -((x - m) / s) ** 2 / 2 - log(s) - log(2 * PI) / 2
def lse(a, b):
    m = max(a, b)
    return m + log(exp(a - m) + exp(b - m))
def renyi(a, d, s1, s2, w, extra=()):
    a, d, s1, s2, w = map(mpf, (a, d, s1, s2, w))
    lp = lambda x: lse(log(w) + lnN(x, 0, s1), log(1 - w) + lnN(x, 0, s2))
    lq = lambda x: lse(log(w) + lnN(x, d, s1), log(1 - w) + lnN(x, d, s2))
    c = -(a - 1) * d
    g = lambda x: a * lp(x) - (a - 1) * lq(x)
    pts = set([mpf(0), d, c])
    for s in (s1, s2):
        for k in (1, 5, 10, 40):
            for ctr in (mpf(0), d, c):
                pts.add(ctr - k * s); pts.add(ctr + k * s)
    pts = sorted(pts | set(map(mpf, extra)))
    m = max(g(x) for x in pts)
    I = quad(lambda x: exp(g(x) - m), [-inf] + pts + [inf], maxdegree=10)
    return (log(I) + m) / (a - 1)
mp.dps = 60
print("D alpha=1e6 Delta=0.1 s=1,2 pi=.5:", mp.nstr(renyi(1e6, 0.1, 1, 2, 0.5), 20))
print("D alpha=2 Delta=0.1 s=1.7e308,2 pi=.5:", mp.nstr(renyi(2, 0.1, mpf('1.7e308'), 2, 0.5), 20))
print("D alpha=8 Delta=0.1 s=1.7e308,2 pi=.5:", mp.nstr(renyi(8, 0.1, mpf('1.7e308'), 2, 0.5), 20))
print("D alpha=2 Delta=0.1 s=5e-324,2 pi=.5:", mp.nstr(renyi(2, 0.1, mpf('5e-324'), 2, 0.5), 20))
mp.dps = 700  # alpha = 1e300: resolve sigma = 2 at |x| ~ 1e299
print("D alpha=1e300 Delta=0.1 s=1,2 pi=.5:", mp.nstr(renyi(mpf('1e300'), 0.1, 1, 2, 0.5), 20))
# Delta = 1.7e308: a lower bound suffices (data processing through {x <= Delta/2}, P(A) >= 1/2,
# Q(A) <= Phi(-t), t = Delta/(2 sigma_max)) and Mills Phi(-t) <= phi(t)/t:
# D_alpha >= t^2/2 + ln(t sqrt(2 pi)) - (alpha/(alpha-1)) ln 2 > f64::MAX.
t = mpf('1.7e308') / 4
print("D alpha=2 Delta=1.7e308 s=1,2 pi=.5 >=", mp.nstr(t**2 / 2 + log(t * sqrt(2 * PI)) - 2 * log(2), 20))
mp.dps = 60
# Closed forms (Theorem 4.2's Gaussian value; Fisher convexity bound; matching lambda+).
print("alpha Delta^2/(2 sigma^2) a=2 D=0.1 s=1.7e308:", mp.nstr(2 * mpf('0.1') ** 2 / (2 * mpf('1.7e308') ** 2), 20))
print("alpha Delta^2/(2 sigma^2) a=2 D=0.1 s=5e-324:", mp.nstr(2 * mpf('0.1') ** 2 / (2 * mpf('5e-324') ** 2), 20))
print("sum pi/sigma^2 s=5e-324,2:", mp.nstr(mpf('0.5') / mpf('5e-324') ** 2 + mpf('0.5') / 4, 20))
s1, s2, w = mpf('1.7e308'), mpf(2), mpf('0.5')
v = w * s1**2 + (1 - w) * s2**2; A, B = s1**2, s2**2; S = A + B
print("lambda+ s=1.7e308,2 pi=.5:", mp.nstr((B + sqrt(v * S - A * B)) / S, 20))

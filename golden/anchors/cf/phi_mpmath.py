# Independent mpmath values of the tilted characteristic function Φ(t) = M(c+it)/M(c) of one
# Poisson-subsampled Gaussian step (remove: M(z) = ∫φ_σ R^{1+z}, add: M(z) = ∫φ_σ R^{−z},
# R = 1 − q + q e^{(2x−1)/(2σ²)}), 40 digits, adaptive quad on a split real line.
# Used by src/cf/cf_test.rs::tilted_characteristic_function_matches_mpmath.
import mpmath as mp
mp.mp.dps = 40
def M(q, s, direction, z):
    q = mp.mpf(q); s = mp.mpf(s)
    def R(x): return 1 - q + q*mp.e**((2*x-1)/(2*s*s))
    if direction == 'remove':
        f = lambda x: mp.npdf(x, 0, s) * mp.e**((1+z)*mp.log(R(x)))
    else:
        f = lambda x: mp.npdf(x, 0, s) * mp.e**((-z)*mp.log(R(x)))
    pts = [-mp.inf, -20, -10, -5, -2, 0, 0.5, 1, 2, 4, 8, 12, 20, 40, mp.inf]
    return mp.quad(f, pts, maxdegree=10)
for (q, s, d, c, t) in [(0.01, 1, 'remove', 2, 5), (0.01, 1, 'remove', 2, 60), (0.001, 0.8, 'remove', 5.5, 300), (0.01, 1, 'add', 1.5, 20), (0.3, 0.7, 'add', 0.8, 3), (0.3, 0.7, 'remove', 0.8, 3)]:
    m0 = M(q, s, d, mp.mpf(c))
    mt = M(q, s, d, mp.mpc(c, t))
    phi = mt/m0
    print(q, s, d, c, t, mp.nstr(mp.log(m0), 17), mp.nstr(phi.real, 17), mp.nstr(phi.imag, 17))
print("check t=300 with denser split")
q=mp.mpf('0.001'); s=mp.mpf('0.8'); z=mp.mpc(5.5,300)
R=lambda x: 1 - q + q*mp.e**((2*x-1)/(2*s*s))
f=lambda x: mp.npdf(x, 0, s) * mp.e**((1+z)*mp.log(R(x)))
pts=[-mp.inf]+[mp.mpf(k)/4 for k in range(-40,100)]+[mp.inf]
mt=mp.quad(f,pts,maxdegree=12)
m0=mp.quad(lambda x: mp.npdf(x,0,s)*R(x)**(1+mp.mpf(5.5)), pts)
print(mp.nstr((mt/m0).real,17), mp.nstr((mt/m0).imag,17))

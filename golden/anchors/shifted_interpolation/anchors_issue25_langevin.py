"""Independent mpmath anchors for the Section 5 (Langevin) edge fixes of issue 25 (shifted
interpolation): Remark 5.3's instance and Corollary 5.4's window form at parameters near the
subnormal range, from the printed closed forms (not from dpaudit's code). mpmath 1.3.0."""
from mpmath import mp, mpf, sqrt

mp.dps = 800  # 1 - eta*m with eta*m = 5e-302 needs ~1000 bits
F = lambda x: mpf(float(x))  # the f64 value the card receives

def remark_5_3(G, m, eta, T=None):
    G, m, eta = F(G), F(m), F(eta)
    if T is None:  # stationary: N(0, 2/(m(2-eta m))) vs N(-G/m, same)
        return G / m / sqrt(2 / (m * (2 - eta * m)))
    c = 1 - eta * m
    gap = G * (1 - c**T) / m
    var = 2 * eta * (1 - c**(2 * T)) / (eta * m * (2 - eta * m))
    return gap / sqrt(var)

def corollary_5_4_window(L, D, eta, nu):
    L, D, eta, nu = F(L), F(D), F(eta), mpf(nu)
    return sqrt(eta / 2) * (D / eta + nu * L) / sqrt(nu)

for args in [(1, 5e-324, 0.05), (1, 1e-300, 0.05)]:
    print("remark_5_3 stationary", args, mp.nstr(remark_5_3(*args), 20))
for args in [(1, 1e-300, 0.05, 100), (1, 1, 1e-300, 100)]:
    print("remark_5_3 T", args, mp.nstr(remark_5_3(*args), 20))
print("corollary_5_4_window (1, 1, 5e-324, 100)", mp.nstr(corollary_5_4_window(1, 1, 5e-324, 100), 20))
print("corollary_5_4_window (1, 1, 5e-324, 4)", mp.nstr(corollary_5_4_window(1, 1, 5e-324, 4), 20))

"""T-fold Laplace mechanism privacy profile δ(ε) with mpmath (oracle for src/exact/conv_test.rs).

Derivation (independent of dpaudit's code). Under P = Lap(0, b), Q = Lap(Δ, b), ε0 = Δ/b, one
step's privacy loss has an atom +ε0 of mass 1/2, an atom −ε0 of mass e^{−ε0}/2, and density
f(t) = ¼ e^{−ε0/2} e^{t/2} on (−ε0, ε0) (foundations §2.2). For T steps let n+, n−, k count the
steps whose loss is the atom +ε0, the atom −ε0, or continuous (multinomial). Because
e^{t1/2} e^{t2/2} = e^{(t1+t2)/2}, the k-fold convolution of the continuous parts has density
(¼ e^{−ε0/2})^k e^{s/2} V_k(s), where V_k is the k-fold convolution of the indicator of (−ε0, ε0):
V_k(s) = Σ_j (−1)^j C(k, j) (s + kε0 − 2jε0)_+^{k−1} / (k−1)!  (Irwin–Hall, rescaled). Then
δ(ε) = E[(1 − e^{ε − L})_+] (foundations §1.5 identity 1) is a finite sum of one-dimensional
integrals of smooth pieces, evaluated with mpmath.quad at 40 digits on the breakpoints.

Run: /work/wt/anchors-venv/bin/python tests/anchors/laplace_composed.py
"""
import mpmath as mp

mp.mp.dps = 40


def delta(eps0, T, eps):
    eps0, eps = mp.mpf(eps0), mp.mpf(eps)
    a_plus, a_minus = mp.mpf(1) / 2, mp.exp(-eps0) / 2
    c = mp.exp(-eps0 / 2) / 4
    total = mp.mpf(0)
    for k in range(T + 1):
        for n_plus in range(T - k + 1):
            n_minus = T - k - n_plus
            w = mp.factorial(T) / (mp.factorial(k) * mp.factorial(n_plus) * mp.factorial(n_minus))
            w *= a_plus**n_plus * a_minus**n_minus
            shift = (n_plus - n_minus) * eps0
            if k == 0:
                if shift > eps:
                    total += w * (1 - mp.exp(eps - shift))
                continue

            def vk(s, k=k):
                acc = mp.mpf(0)
                for j in range(k + 1):
                    y = s + k * eps0 - 2 * j * eps0
                    if y > 0:
                        acc += (-1) ** j * mp.binomial(k, j) * y ** (k - 1)
                return acc / mp.factorial(k - 1)

            lo = max(-k * eps0, eps - shift)
            hi = k * eps0
            if lo >= hi:
                continue
            pts = [lo] + [-k * eps0 + 2 * j * eps0 for j in range(1, k) if lo < -k * eps0 + 2 * j * eps0 < hi] + [hi]
            integrand = lambda s: c**k * mp.exp(s / 2) * vk(s) * (1 - mp.exp(eps - shift - s))
            total += w * mp.quad(integrand, pts)
    return total


if __name__ == "__main__":
    # The mass check: δ(−∞) = 1, i.e. at very negative ε the profile is 1 − e^ε·(Q mass) ≈ 1.
    for eps0, T, eps in [(1.0, 2, 0.5), (1.0, 2, 1.5), (0.5, 10, 1.0), (0.5, 10, 2.5), (1.0, 1, 0.5)]:
        print(f"eps0={eps0} T={T} eps={eps}: delta = {mp.nstr(delta(eps0, T, eps), 20)}")

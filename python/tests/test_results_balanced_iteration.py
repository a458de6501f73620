"""dpaudit.evaluate() on the balanced_iteration cards (Dong, Chen, Özgür 2025) against values
computed independently of dpaudit: mpmath anchors of golden/anchors/balanced_iteration/ (quoted with
their source) and closed forms evaluated here."""

import math

import dpaudit


def out(r, name):
    return dpaudit.output(r, name)


def test_theorem_3_1_terms_d2_k1():
    # spec §1.8: F_2 = ln((e + 1)/2) for d = 2, k = 1, c = sigma = 1 (closed form);
    # D_2(Q||P) = 0.5690425999551357465829868 (mpmath tanh-sinh of the reduced 1-D integral,
    # golden/anchors/balanced_iteration/reverse_exact.csv); R_inf = 2*1/(2*2) + 1/(2*2) = 0.75.
    r = dpaudit.evaluate("balanced_iteration", "Theorem 3.1", d=2, k=1, c=1, sigma=1, alpha=2,
                         delta=1e-5, samples=20000)
    f = out(r, "F_alpha")
    truth_f = math.log((math.e + 1) / 2)
    assert f["guarantee"] == "exact"
    assert f["lower"] <= truth_f * (1 + 1e-15) and truth_f * (1 - 1e-15) <= f["upper"]
    assert abs(out(r, "R_exact")["value"] - 0.5690425999551357465829868) < 1e-10
    assert abs(out(r, "R_inf")["value"] - 0.75) < 1e-15
    eps = out(r, "epsilon_alpha")
    assert eps["guarantee"] == "upper" and eps["value"] >= 0.75
    mc = out(r, "R_mc")
    assert mc["guarantee"] == "estimate" and mc["lower"] <= 0.5690425999551357 <= mc["upper"]
    # Proposition 2.3 at this order: 0.75 + ln(1e5)
    assert abs(out(r, "epsilon")["value"] - (0.75 + math.log(1e5))) < 1e-12


def test_corollary_3_14_k1_closed_form():
    # spec §5: k = 1, G_alpha = ln((e^{alpha c^2/(2 sigma^2)} + d - 1)/d); d = 3, sigma = 1, alpha = 8
    truth = math.log((math.exp(4) + 2) / 3)
    r = dpaudit.evaluate("balanced_iteration", "Corollary 3.14", d=3, k=1, sigma=1, alpha=8)
    g = out(r, "G_alpha")
    assert g["guarantee"] == "upper"
    assert truth * (1 - 1e-15) <= g["value"] <= truth * (1 + 1e-12)


def test_theorem_3_11_against_mpmath_quadrature():
    # golden/anchors/balanced_iteration/theorem_3_11.csv: mpmath 60 digits, quadrature of the
    # Renyi integral of (1 - gamma) N(0, 4) + gamma N(1, 4) against N(0, 4), gamma = 0.4, alpha = 2
    truth = 0.04444173933542095217137476
    r = dpaudit.evaluate("balanced_iteration", "thm3.11", gamma=0.4, sigma=2, alpha=2)
    rdp = out(r, "rdp")
    assert rdp["guarantee"] == "exact"
    assert rdp["lower"] <= truth <= rdp["upper"]


def test_proposition_a_2_against_mpmath_quadrature():
    # golden/anchors/balanced_iteration/gaussians.csv: 1-D quadrature, alpha = 2, var 1 vs 1.5
    truth = 0.05889151782819172726939705
    r = dpaudit.evaluate("balanced_iteration", "Proposition A.2", var1=[1], var2=[1.5], alpha=2)
    d = out(r, "D_alpha")
    assert d["lower"] <= truth <= d["upper"]


def test_lemma_3_18_is_false_at_d2():
    # spec §8 (audit A1): the claimed bound 0.0501666593527 (mpmath, anchors theorem_3_1.csv) is
    # below the true D_2(Q''||P'') = 0.5690425999551357 - 0.5 (anchors reverse_exact.csv)
    r = dpaudit.evaluate("balanced_iteration", "Lemma 3.18", d=2, k=1, sigma=1, alpha=2, samples=2000)
    assert abs(out(r, "bound")["value"] - 0.05016665935270802711668588) < 1e-13
    assert out(r, "orthogonal_exact")["value"] > out(r, "bound")["value"]

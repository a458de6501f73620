"""dpaudit.evaluate() on the result cards of *Shifted Interpolation for DP* (Bok, Su, Altschuler
2024) against values computed independently with mpmath (40 digits) from the paper's formulas,
not from dpaudit's code:

    from mpmath import mp, mpf, ncdf as Phi, exp, log, sqrt, erfinv, findroot
    mp.dps = 40
    dG = lambda e, m: Phi(-e/m + m/2) - exp(e)*Phi(-e/m - m/2)        # Lemma A.3
    # Definition 4.7, p = 0.25, mu = 2.5: f_p = p*G_mu + (1 - p)*Id, slope -1 at alpha_x = Phi(-mu/2)
    # Lemma A.5: kappa(mu) = e^{mu^2} Phi(1.5 mu) + 3 Phi(-mu/2) - 2, mu_CLT = sqrt(2) p sqrt(K kappa)

The same numbers are in golden/anchors/shifted_interpolation/cards.csv (script cards.py)."""

import pytest

import dpaudit

PAPER = "shifted_interpolation"


def near(x, truth, rel):
    return abs(x - truth) <= rel * abs(truth)


def test_definition_4_7_tradeoff_breakpoints_and_one_step_delta():
    # alpha_x = Phi(-1.25); alpha_y = f_p(alpha_x); C_p(G_mu)(0.3) = alpha_x + f_p(alpha_x) - 0.3
    # (middle segment of slope -1); delta(1) = p * dG(ln(1 + (e - 1)/p), mu).
    r = dpaudit.evaluate(PAPER, "Definition 4.7", p=0.25, mu=2.5, alpha=0.3, epsilon=1)
    want = {
        "tradeoff": 0.5028248868334276288443863820128732774238,
        "alpha_x": 0.1056497736668552576887727640257465548476,
        "alpha_y": 0.6971751131665723711556136179871267225762,
        "delta": 0.1287613292388883033780957867602915350084,
    }
    for name, truth in want.items():
        o = dpaudit.output(r, name)
        assert o["guarantee"] == "exact", name
        assert near(o["value"], truth, 1e-14), (name, o)
        assert o["lower"] - 1e-16 <= truth <= o["upper"] + 1e-16, (name, o)
    assert dpaudit.output(r, "epsilon")["note"].startswith("not computed")


def test_theorem_4_8_at_one_step_is_the_closed_form_of_definition_4_7():
    # t = 1, r = L/(b sigma) = 2.5, p = 0.25: the same one-step delta(eps = 1) as above, and
    # eps(delta = 1e-5) = root of the one-step delta (golden/anchors/shifted_interpolation/theorem_4_8.csv).
    r = dpaudit.evaluate(PAPER, "Theorem 4.8", L=2.5, b=1, sigma=1, T=1, p=0.25, epsilon=1, delta=1e-5)
    d = dpaudit.output(r, "delta")
    assert d["guarantee"] == "upper"
    assert d["lower"] <= 0.1287613292388883033780957867602915350084 * (1 + 1e-15) and near(d["upper"], 0.12876132923888830337, 1e-14)
    e = dpaudit.output(r, "epsilon")
    truth = 11.0030161872832468562
    assert e["lower"] <= truth * (1 + 1e-15) and truth <= e["upper"] * (1 + 1e-15) and e["upper"] - e["lower"] <= 1e-13 * truth


def test_lemma_a_5_clt_is_an_estimate_with_kappa_and_epsilon():
    # p = 0.01, K = 1000, mu = 1: kappa(1) = 1.4622936434176629738857..., mu_CLT = 0.5407945346280161832985...,
    # eps_CLT(1e-5) = root of dG(eps, mu_CLT) = 1e-5 = 2.1758071779930005721507...
    r = dpaudit.evaluate(PAPER, "Lemma A.5", p=0.01, K=1000, mu=1, delta=1e-5)
    assert near(dpaudit.output(r, "kappa")["value"], 1.462293643417662973885707874893753898405, 1e-14)
    mu = dpaudit.output(r, "mu_clt")
    assert mu["guarantee"] == "estimate" and near(mu["value"], 0.5407945346280161832984958095877693288911, 1e-14)
    eps = dpaudit.output(r, "epsilon_clt")
    assert eps["guarantee"] == "estimate" and near(eps["value"], 2.17580717799300057215070836676073646717, 1e-12)


@pytest.mark.parametrize("mu, delta, truth", [
    (1, 1e-5, 4.377178095681224627650116293242010913153),
])
def test_lemma_a_3_epsilon_of_delta(mu, delta, truth):
    o = dpaudit.output(dpaudit.evaluate(PAPER, "Lemma A.3", mu=mu, delta=delta), "epsilon")
    assert o["lower"] <= truth * (1 + 1e-15) and truth <= o["upper"] * (1 + 1e-15)
    assert near(o["value"], truth, 1e-13)


def test_lemma_a_3_delta_of_epsilon():
    # dG(3, 2) = Phi(-1/2) - e^3 Phi(-5/2) = 0.1838130765444721559701072702014369207153
    o = dpaudit.output(dpaudit.evaluate(PAPER, "Lemma A.3", mu=2, epsilon=3), "delta")
    assert near(o["value"], 0.1838130765444721559701072702014369207153, 1e-13)

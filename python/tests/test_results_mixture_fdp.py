"""dpaudit.evaluate() on the cards of the mixtures f-DP paper (Wang, Su, Ye, Shokri, Su 2023)
against independent values: the specification's computed examples (shared/spec/mixtures_fdp.md,
50-digit mpmath evaluations made for it) and the card anchors of
golden/anchors/mixture_fdp/cards.py (mpmath over every atom sorted by its exact ratio)."""

import math

import dpaudit


def test_corollary_4_3_table_1_at_epsilon_0_5():
    # spec §4.5 / golden/anchors/mixture_fdp/corollary_4_3.csv (mpmath 50 digits):
    # delta_f-DP(0.5) = 3.03086166695553580641143e-6, exact pair 2.744638046493020751072344e-6
    r = dpaudit.evaluate("mixture_fdp", "Corollary 4.3", n=10000, eps0=4.444, epsilon=0.5)
    d = dpaudit.output(r, "delta")
    assert d["guarantee"] == "upper"
    assert 3.03086166695553580641143e-6 <= d["value"] <= 3.03086166695553580641143e-6 * (1 + 1e-10)
    p = dpaudit.output(r, "delta_exact_pair")["value"]
    assert abs(p / 2.744638046493020751072344e-6 - 1) < 1e-10
    assert dpaudit.output(r, "epsilon")["value"] is None  # no delta given


def test_corollary_4_3_flat_limit_at_epsilon_709_5():
    # n = 2: delta -> (1 - 2w) sum_i w0_i 2^-i = tanh(1/2) e/(e + 1) (closed form), not 4.9e-324
    r = dpaudit.evaluate("mixture_fdp", "Corollary 4.3", n=2, eps0=1, epsilon=709.5, delta=0.3)
    flat = math.tanh(0.5) * math.e / (math.e + 1)
    assert 0 <= dpaudit.output(r, "delta")["value"] / flat - 1 < 5e-12
    assert dpaudit.output(r, "epsilon")["value"] == math.inf


def test_proposition_4_1_t0_and_knots():
    # cards.py: n = 20, eps0 = 0.5, alpha = 0.3: T(P0, Q0) = 0.5011683631486029875, knot t* = 7/8
    r = dpaudit.evaluate("mixture_fdp", "Proposition 4.1", n=20, eps0=0.5, alpha=0.3)
    t0 = dpaudit.output(r, "T0")
    assert t0["guarantee"] == "exact"
    assert abs(t0["value"] - 0.5011683631486029875) < 1e-12
    assert t0["lower"] <= 0.5011683631486029875 <= t0["upper"]
    assert dpaudit.output(r, "knot_t")["value"] == 7 / 8


def test_theorem_4_2_x_bar_and_bound():
    # spec §4.3 examples 2 and 3 (n = 10^4, eps0 = 4.444): x_bar, f_S(x_bar), C(f_S)(0.1)
    r = dpaudit.evaluate("mixture_fdp", "thm4.2", n=10000, eps0=4.444, alpha=0.1)
    assert abs(dpaudit.output(r, "x_bar")["value"] - 0.460768015036) < 1e-11
    assert abs(dpaudit.output(r, "f_S_x_bar")["value"] - 0.488119168176) < 1e-11
    assert abs(dpaudit.output(r, "C_fS")["value"] - 0.8754964982) < 1e-9


def test_theorem_5_1_points_and_true_delta():
    # spec §5.5 (a = 1, sigma = 1, c = 1): alpha(0) = beta(0) = 0.353696431493,
    # delta_J(1) = 7.950220046627e-02; spec §5.6: the true pair (n = 5) has delta(1) = 0.061128
    r = dpaudit.evaluate("mixture_fdp", "Theorem 5.1", a=1, sigma=1, c=1, t=0, epsilon=1, n=5)
    assert abs(dpaudit.output(r, "alpha_t")["value"] - 0.353696431493) < 1e-11
    assert abs(dpaudit.output(r, "beta_t")["value"] - 0.353696431493) < 1e-11
    assert abs(dpaudit.output(r, "delta")["value"] / 7.950220046627e-02 - 1) < 1e-10
    assert abs(dpaudit.output(r, "delta_true")["value"] - 0.061128) < 2e-6


def test_example_f_3_against_spec_6_7():
    # spec §6.7 (mu = 1, w = 1/3, alpha = 0.5): exact 0.2724368360, Lemma 3.1 0.2447167183,
    # C(w Id + (1 - w) G_1) 0.2484632430; two-sided delta(1) = 0.0556069564
    r = dpaudit.evaluate("mixture_fdp", "Example F.3", mu=1, w=1 / 3, alpha=0.5, epsilon=1)
    assert abs(dpaudit.output(r, "exact")["value"] - 0.2724368360) < 1e-9
    assert abs(dpaudit.output(r, "lemma_3_1")["value"] - 0.2447167183) < 1e-9
    assert abs(dpaudit.output(r, "bound")["value"] - 0.2484632430) < 1e-9
    assert abs(dpaudit.output(r, "delta")["value"] - 0.0556069564) < 1e-9

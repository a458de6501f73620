"""dpaudit.results() / dpaudit.evaluate(): the result cards from Python (issue 24). Each paper's
own card values are checked in test_results_<paper>.py against independent numbers."""

import math

import pytest

import dpaudit


def test_results_lists_every_card_with_parameters_and_outputs():
    cards = dpaudit.results()
    assert len(cards) >= 82
    papers = {c["paper"] for c in cards}
    assert papers == {"model_merging", "shifted_interpolation", "balanced_iteration", "mixture_fdp"}
    for c in cards:
        assert c["parameters"] and c["outputs"], c["result"]
        assert c["outputs"][0]["guarantee"] == c["guarantee"], c["result"]


def test_evaluate_theorem_4_2_against_mpmath():
    # mpmath, 50 digits: 2/(1000*0.05) * sqrt((1+c)/(1-c) * (1-c**100)/(1+c**100)), c = 0.99
    truth = 0.384405497858478994846239693150383758633518440698
    r = dpaudit.evaluate("shifted_interpolation", "Theorem 4.2", L=2, n=1000, sigma=0.05, T=100, c=0.99,
                         delta=1e-5)
    mu = dpaudit.output(r, "mu")
    assert mu["guarantee"] == "upper"
    assert mu["lower"] <= truth <= mu["upper"]
    assert truth <= mu["value"] <= truth * (1 + 1e-13)
    assert r["parameters"]["T"] == 100
    assert dpaudit.output(r, "epsilon")["value"] > 0
    assert dpaudit.output(r, "delta")["value"] is None  # no epsilon given
    assert dpaudit.output(r, "delta")["note"].startswith("not computed")


def test_evaluate_accepts_abbreviations_lists_and_precision():
    r = dpaudit.evaluate("model-merging", "thm5.1", pi=[0.5, 0.5], eps_alpha=[4, 0.25], alpha=8, precision=512)
    assert r["precision"] == 512 and r["result"] == "Theorem 5.1"
    # ln(0.5 e^{28} + 0.5 e^{1.75}) / 7, mpmath 50 digits: 3.90097897420629...
    assert dpaudit.output(r, "rdp")["lower"] <= 3.9009789742062905 <= dpaudit.output(r, "rdp")["upper"]


def test_infinite_values_are_python_floats():
    r = dpaudit.evaluate("model_merging", "Theorem 5.1", pi=[0.5, 0.5], eps_alpha=[math.inf, 0.25], alpha=8)
    assert dpaudit.output(r, "rdp")["value"] == math.inf


@pytest.mark.parametrize("kwargs, needle", [
    (dict(L=2, n=1000, sigma=0.05, T=100), "missing parameter(s) of shifted_interpolation Theorem 4.2: c"),
    (dict(L=2, n=1000, sigma=-1, T=100, c=0.5), "invalid sigma = -1"),
    (dict(L=2, n=1000, sigma=1, T=100, c=0.5, q=3), "unknown parameter"),
])
def test_bad_input_is_a_value_error_naming_it(kwargs, needle):
    with pytest.raises(ValueError, match="dpaudit: ") as e:
        dpaudit.evaluate("shifted_interpolation", "Theorem 4.2", **kwargs)
    assert needle in str(e.value)


def test_unknown_result_names_the_known_ones():
    with pytest.raises(ValueError) as e:
        dpaudit.evaluate("shifted_interpolation", "Theorem 99")
    assert "Theorem 4.2" in str(e.value)

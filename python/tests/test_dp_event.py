"""Conversion of dp_accounting DpEvents, JSON trees and inline strings into dpaudit's event format
(the event-format note, §1–§3). Pure Python: no engine call. Expected strings are written by hand
from the note's grammar and mapping table."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from dpaudit import dp_event as E

d = pytest.importorskip("dp_accounting.dp_event")


def sgm(q, sigma):
    return d.PoissonSampledDpEvent(q, d.GaussianDpEvent(sigma))


# --- one class at a time --------------------------------------------------------------------


def test_gaussian():
    assert E.to_inline(d.GaussianDpEvent(1.5)) == "gaussian(1.5)"


def test_laplace():
    assert E.to_inline(d.LaplaceDpEvent(5)) == "laplace(5.0)"


def test_poisson_sampled():
    assert E.to_inline(sgm(0.01, 1.0)) == "poisson(0.01, gaussian(1.0))"


def test_sampled_without_replacement_puts_batch_size_first():
    # dp_accounting: (source_dataset_size n, sample_size b); dpaudit: wor(b, n, …)
    ev = d.SampledWithoutReplacementDpEvent(60000, 256, d.GaussianDpEvent(1.1))
    assert E.to_inline(ev) == "wor(256, 60000, gaussian(1.1))"


def test_self_composed():
    assert E.to_inline(d.SelfComposedDpEvent(d.LaplaceDpEvent(5.0), 20)) == "20*laplace(5.0)"


def test_composed_heterogeneous_phases_in_order():
    ev = d.ComposedDpEvent([d.SelfComposedDpEvent(sgm(0.01, 1.2), 500), d.SelfComposedDpEvent(sgm(0.02, 0.9), 500)])
    assert E.to_inline(ev) == "500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))"


def test_randomized_response_epsilon0_is_ln3_at_p_one_half():
    # p = 1/2: P[truth] = 1 − p/2 = 3/4, P[flip] = 1/4, ε0 = ln 3 = 1.0986122886681096914…
    # (ln 3 to 40 digits, a table value), rounded up to a float.
    ln3 = Fraction(Decimal("1.098612288668109691395245236922525704647"))
    eps0 = E.rr_epsilon0(0.5)
    assert Fraction(eps0) >= ln3
    assert Fraction(eps0) - ln3 < Fraction(2.3e-16)  # within one ulp (ulp at 1.1 is 2.2e-16)
    assert E.to_inline(d.RandomizedResponseDpEvent(0.5, 2)) == f"rr({eps0!r})"


def test_randomized_response_epsilon0_is_ln7_at_p_one_quarter():
    # p = 1/4: (1 − 1/8)/(1/8) = 7, ε0 = ln 7 = 1.945910149055313305105352743443179729637… (table)
    ln7 = Fraction(Decimal("1.945910149055313305105352743443179729637"))
    eps0 = E.rr_epsilon0(0.25)
    assert ln7 <= Fraction(eps0) < ln7 + Fraction(2.3e-16)


def test_randomized_response_legacy_noise_multiplier_never_understates_epsilon0():
    eps0 = E.rr_epsilon0(0.5)
    sigma = E.rr_noise_multiplier(eps0)
    assert 1 / Fraction(sigma) >= Fraction(eps0)  # the engine's ε0 = 1/σ is not smaller
    assert 1 / Fraction(math.nextafter(sigma, math.inf)) < Fraction(eps0)  # and σ is the largest such float
    cols = E.legacy_columns(d.SelfComposedDpEvent(d.RandomizedResponseDpEvent(0.5, 2), 10))
    assert cols == {"mechanism": "randomized_response", "noise_multiplier": repr(sigma), "sensitivity": "",
                    "sampling_rate": "", "steps": "10"}


def test_randomized_response_with_p_one_is_dropped_and_p_zero_rejected():
    # p = 1: the output is uniform whatever the input, so the event is a no-op
    ev = d.ComposedDpEvent([d.RandomizedResponseDpEvent(1.0, 2), d.GaussianDpEvent(2.0)])
    assert E.to_inline(ev) == "gaussian(2.0)"
    with pytest.raises(ValueError, match="noise_parameter"):
        E.to_inline(d.RandomizedResponseDpEvent(0.0, 2))


# --- trees ----------------------------------------------------------------------------------


def test_nested_tree_with_noops_dropped_and_counts_multiplied():
    ev = d.ComposedDpEvent([
        d.NoOpDpEvent(),
        d.SelfComposedDpEvent(d.SelfComposedDpEvent(sgm(0.01, 1.0), 10), 100),
        d.PoissonSampledDpEvent(0.5, d.NoOpDpEvent()),
        d.ComposedDpEvent([d.SelfComposedDpEvent(d.LaplaceDpEvent(2.0), 3), d.GaussianDpEvent(4.0)]),
    ])
    assert E.to_inline(ev) == "1000*poisson(0.01, gaussian(1.0)) + 3*laplace(2.0) + gaussian(4.0)"


def test_self_composed_composition_keeps_parentheses():
    ev = d.SelfComposedDpEvent(d.ComposedDpEvent([d.GaussianDpEvent(1.0), d.LaplaceDpEvent(2.0)]), 3)
    assert E.to_inline(ev) == "3*(gaussian(1.0) + laplace(2.0))"


def test_adjacent_equal_parts_merge():
    ev = d.ComposedDpEvent([d.GaussianDpEvent(1.0), d.SelfComposedDpEvent(d.GaussianDpEvent(1.0), 4), d.LaplaceDpEvent(1.0)])
    assert E.to_inline(ev) == "5*gaussian(1.0) + laplace(1.0)"


def test_sampling_of_a_composition():
    ev = d.SelfComposedDpEvent(d.PoissonSampledDpEvent(0.1, d.ComposedDpEvent([d.GaussianDpEvent(1.0), d.LaplaceDpEvent(3.0)])), 7)
    assert E.to_inline(ev) == "7*poisson(0.1, gaussian(1.0) + laplace(3.0))"


def test_only_noops_is_an_error():
    with pytest.raises(ValueError, match="no private mechanism"):
        E.to_inline(d.ComposedDpEvent([d.NoOpDpEvent(), d.SelfComposedDpEvent(d.NoOpDpEvent(), 5)]))


@pytest.mark.parametrize("event, name", [
    (d.NonPrivateDpEvent(), "NonPrivateDpEvent"),
    (d.UnsupportedDpEvent(), "UnsupportedDpEvent"),
    (d.SampledWithReplacementDpEvent(1000, 10, d.GaussianDpEvent(1.0)), "SampledWithReplacementDpEvent"),
    (d.ZCDpEvent(0.5), "ZCDpEvent"),
    (d.DiscreteLaplaceDpEvent(1, 1.0), "DiscreteLaplaceDpEvent"),
    (d.ComposedDpEvent([d.GaussianDpEvent(1.0), d.NonPrivateDpEvent()]), "NonPrivateDpEvent"),
])
def test_unsupported_classes_raise_naming_the_class(event, name):
    with pytest.raises(ValueError, match=name):
        E.to_inline(event)


def test_randomized_response_with_more_buckets_is_unsupported():
    with pytest.raises(ValueError, match="num_buckets = 3"):
        E.to_inline(d.RandomizedResponseDpEvent(0.5, 3))


def test_non_event_type_is_a_type_error():
    with pytest.raises(TypeError, match="int"):
        E.to_inline(3)


# --- legacy columns (single-phase events) ---------------------------------------------------


def test_legacy_columns_of_dpsgd():
    cols = E.legacy_columns(d.SelfComposedDpEvent(sgm(0.01, 1.0), 1000))
    assert cols == {"mechanism": "poisson_subsampled_gaussian", "noise_multiplier": "1.0", "sensitivity": "",
                    "sampling_rate": "0.01", "steps": "1000"}


def test_legacy_columns_of_gaussian_and_laplace():
    assert E.legacy_columns(d.SelfComposedDpEvent(d.GaussianDpEvent(2.0), 50))["mechanism"] == "gaussian"
    assert E.legacy_columns(d.LaplaceDpEvent(5.0)) == {"mechanism": "laplace", "noise_multiplier": "5.0",
                                                         "sensitivity": "", "sampling_rate": "", "steps": "1"}


@pytest.mark.parametrize("event", [
    "500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))",
    "20*poisson(0.1, laplace(2.0))",
    "100*wor(256, 60000, gaussian(1.1))",
    "poisson(0.01, 10*gaussian(1.0))",
    "10*shuffle(100, 100000, gaussian(0.5))",
])
def test_events_beyond_the_legacy_columns_have_none(event):
    assert E.legacy_columns(event) is None


# --- JSON tree (§2) and inline strings (§1) -------------------------------------------------


def test_json_tree_of_the_format_note():
    doc = {"adjacency": "replace_one",
           "event": {"composed": [
               {"self_composed": {"count": 500, "event":
                   {"poisson_sampled": {"sampling_probability": 0.01, "event": {"gaussian": {"noise_multiplier": 1.2}}}}}},
               {"self_composed": {"count": 500, "event":
                   {"poisson_sampled": {"sampling_probability": 0.02, "event": {"gaussian": {"noise_multiplier": 0.9}}}}}}]}}
    tree, adjacency = E.from_json(doc)
    assert adjacency == "replace_one"
    assert E.to_inline(doc) == "500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))"


def test_json_nodes():
    node = {"composed": [
        {"shuffled": {"dataset_size": 100000, "batch_size": 100, "event": {"gaussian": {"noise_multiplier": 0.5, "sensitivity": 2}}}},
        {"sampled_without_replacement": {"source_dataset_size": 60000, "sample_size": 256, "event": {"laplace": {"noise_multiplier": 3}}}},
        {"randomized_response": {"epsilon0": 1.5}}]}
    assert E.to_inline(node) == ("shuffle(100, 100000, gaussian(0.5, sensitivity=2.0)) + "
                                 "wor(256, 60000, laplace(3.0)) + rr(1.5)")


@pytest.mark.parametrize("doc, message", [
    ({"gaussian": {"sigma": 1.0}}, "unknown key"),
    ({"gaussian": {"noise_multiplier": 1.0}, "laplace": {"noise_multiplier": 1.0}}, "exactly one key"),
    ({"binomial": {}}, "unknown node 'binomial'"),
    ({"self_composed": {"count": 0, "event": {"gaussian": {"noise_multiplier": 1.0}}}}, "count"),
    ({"event": {"gaussian": {"noise_multiplier": 1.0}}, "adjacency": "substitute"}, "adjacency"),
])
def test_json_errors(doc, message):
    with pytest.raises(ValueError, match=message):
        E.to_inline(doc) if "adjacency" not in doc else E.from_json(doc)


@pytest.mark.parametrize("text", [
    "1000*poisson(0.01, gaussian(1.0))",
    "500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))",
    "20*laplace(5.0)",
    "10*shuffle(100, 100000, gaussian(0.5))",
    "100*wor(256, 60000, gaussian(1.1))",
    "3*(gaussian(1.0) + rr(0.5)) + poisson(1e-05, gaussian(2.0, sensitivity=2.0))",
])
def test_inline_round_trip(text):
    assert E.to_inline(text) == text


def test_inline_whitespace_and_literals_normalised():
    assert E.to_inline(" 20 * laplace( 5 )+poisson(.5,gaussian(1e0))") == "20*laplace(5.0) + poisson(0.5, gaussian(1.0))"


@pytest.mark.parametrize("text, message", [
    ("", "expected a mechanism"),
    ("gauss(1)", "unknown name 'gauss'"),
    ("0*gaussian(1)", "count must be >= 1"),
    ("2.5*gaussian(1)", "expected"),
    ("poisson(1.5, gaussian(1))", "must lie in \\[0, 1\\]"),
    ("wor(10, 5, gaussian(1))", "exceeds the dataset size"),
    ("gaussian(1) gaussian(2)", "expected '\\+' or the end"),
    ("gaussian(-1)", "unexpected character"),
    ("gaussian(1", "expected '\\)'"),
])
def test_inline_errors(text, message):
    with pytest.raises(ValueError, match=message):
        E.parse_inline(text)


def test_adjacency_names():
    import dp_accounting

    assert E.adjacency_name(dp_accounting.NeighboringRelation.ADD_OR_REMOVE_ONE) == "add_remove"
    assert E.adjacency_name(dp_accounting.NeighboringRelation.REPLACE_ONE) == "replace_one"
    with pytest.raises(ValueError, match="REPLACE_SPECIAL"):
        E.adjacency_name(dp_accounting.NeighboringRelation.REPLACE_SPECIAL)


# --- the claims rows handed to the engine (docs/claims.md §1 + the event-format note §1) ------

HEADER = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value"


def test_claims_csv_single_phase_uses_the_legacy_columns():
    import dpaudit

    rows = [dpaudit._Row(0, sgm_steps(1000), 1.5, 1e-5),
            dpaudit._Row(1, d.GaussianDpEvent(2.0), kind="rdp", order=2.5, value=0.3125, accountant="me, 1.0")]
    assert dpaudit.claims_csv(rows) == (
        HEADER + "\n"
        "claim-1,python,poisson_subsampled_gaussian,1.0,,0.01,1000,1.5,1e-05,eps_delta,,\n"
        'claim-2,"me, 1.0",gaussian,2.0,,,1,,,rdp,2.5,0.3125\n')


def test_claims_csv_other_events_and_replace_one_use_the_event_column():
    import dpaudit

    rows = [dpaudit._Row(0, "500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))", 3.0, 1e-5, id="a"),
            dpaudit._Row(1, d.GaussianDpEvent(1.0), 10.0, 1e-5, adjacency="replace_one", id="b"),
            dpaudit._Row(2, {"adjacency": "replace_one", "event": {"laplace": {"noise_multiplier": 5}}}, 0.2, 0.0, id="c"),
            dpaudit._Row(3, "20*laplace(5)", 4.0, 0.0, id="d")]
    assert dpaudit.claims_csv(rows) == (
        HEADER + ",event,adjacency\n"
        # an event with commas is a quoted CSV field
        'a,python,,,,,,3.0,1e-05,eps_delta,,,"500*poisson(0.01, gaussian(1.2)) + 500*poisson(0.02, gaussian(0.9))",add_remove\n'
        "b,python,,,,,,10.0,1e-05,eps_delta,,,gaussian(1.0),replace_one\n"
        "c,python,,,,,,0.2,0.0,eps_delta,,,laplace(5.0),replace_one\n"
        "d,python,laplace,5.0,,,20,4.0,0.0,eps_delta,,,,\n")


def test_claim_rows_check_their_kind_arguments():
    import dpaudit

    with pytest.raises(ValueError, match="needs order"):
        dpaudit._Row(0, "gaussian(1)", kind="rdp", value=1.0)
    with pytest.raises(ValueError, match="value="):
        dpaudit._Row(0, "gaussian(1)", kind="zcdp", epsilon=1.0)
    with pytest.raises(ValueError, match="the event tree says adjacency replace_one"):
        dpaudit._Row(0, {"adjacency": "replace_one", "event": {"gaussian": {"noise_multiplier": 1}}}, 1.0, 1e-5,
                     adjacency="add_remove")


def sgm_steps(steps):
    return d.SelfComposedDpEvent(sgm(0.01, 1.0), steps)

"""Copy this file into your accountant's test suite and replace `my_epsilon` by a call of your
accountant. Each test hands dpaudit exactly the event your accountant composed and the (ε, δ) it
reported; `assert_sound` fails with the certified true ε and δ and the margins unless dpaudit
proves the claim sound.

    pip install ./python        # from a dpaudit checkout (or: bash scripts/python_package.sh)
    pytest test_my_accountant.py
"""

import pytest

import dpaudit

dp_event = pytest.importorskip("dp_accounting.dp_event")
from dp_accounting import rdp  # noqa: E402


def my_epsilon(event, delta):
    """Your accountant here. This example uses dp_accounting's RDP accountant (an upper bound)."""
    return rdp.RdpAccountant().compose(event).get_epsilon(delta)


def dpsgd(q, sigma, steps):
    return dp_event.SelfComposedDpEvent(dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(sigma)), steps)


@pytest.mark.parametrize("event", [
    dpsgd(0.01, 1.0, 1000),                                               # DP-SGD
    dpsgd(0.1, 2.0, 100),
    dp_event.SelfComposedDpEvent(dp_event.GaussianDpEvent(4.0), 100),     # Gaussian mechanism
    dp_event.SelfComposedDpEvent(dp_event.LaplaceDpEvent(5.0), 20),       # Laplace mechanism
], ids=["dpsgd-q0.01", "dpsgd-q0.1", "gaussian", "laplace"])
@pytest.mark.parametrize("delta", [1e-5, 1e-8])
def test_epsilon_is_sound(event, delta):
    dpaudit.assert_sound(event, epsilon=my_epsilon(event, delta), delta=delta, accountant="my_accountant")


def test_a_claim_below_the_truth_is_caught():
    # What a failing test looks like: half of the accountant's ε is below the true ε.
    event = dpsgd(0.01, 1.0, 1000)
    with pytest.raises(AssertionError, match="unsound"):
        dpaudit.assert_sound(event, epsilon=my_epsilon(event, 1e-5) / 2, delta=1e-5)

"""DP Model Merging (Yin, Zaheer, Li 2026) through dpaudit.evaluate: card values against numbers
computed independently from the paper in mpmath (each with its formula; the same values are in
golden/anchors/model_merging/cards.jsonl, written by cards.py from the paper, not from dpaudit)."""

import math

import dpaudit


def test_theorem_5_1_gaussian_models_against_mpmath():
    # eq. (6) with Gaussian per-model RDP ε_{α,i} = α/(2σ_i²) = (4, 0.25) at α = 8, π = (½, ½):
    # R = ln(½e^28 + ½e^1.75)/7, ε(δ) = R + ln(1e5)/7; mpmath, 40 digits.
    rdp = 3.900978974206290521874085314652102257145
    eps = 5.545682612059180296172650639426648119717
    r = dpaudit.evaluate("model_merging", "Theorem 5.1", pi=[0.5, 0.5], sigma=[1, 4], alpha=8, delta=1e-5)
    out = dpaudit.output(r, "rdp")
    assert out["guarantee"] == "upper"
    assert out["lower"] <= rdp <= out["upper"]
    assert rdp <= out["value"] <= rdp * (1 + 1e-13)
    e = dpaudit.output(r, "epsilon")
    assert eps <= e["value"] <= eps * (1 + 1e-13)
    assert dpaudit.output(r, "rdp_max")["value"] == 4.0  # max_i α/(2σ_i²)


def test_theorem_5_1_order_near_f64_max_is_finite():
    # Regression: (α−1)ε overflowed f64 at α = 1.7e308 and gave NaN. Closed form: 4 − ln 2/(α−1).
    r = dpaudit.evaluate("model_merging", "Theorem 5.1", pi=[0.5, 0.5], eps_alpha=[4, 0.25], alpha=1.7e308)
    v = dpaudit.output(r, "rdp")["value"]
    assert math.isfinite(v) and abs(v - 4.0) <= 4e-14


def test_lemma_4_1_linear_combination_against_closed_form():
    # Lemma 4.1, α = 2, Δ = 0.1, σ = (1, 2), λ = ¼: σ²_LC = λ²σ₁² + (1−λ)²σ₂² = 2.3125,
    # RDP of LC = αΔ²/(2σ²_LC) = 0.02/4.625 (exact rationals).
    r = dpaudit.evaluate("model_merging", "Lemma 4.1", alpha=2, Delta=0.1, sigma=[1, 2], pi=0.5, **{"lambda": 0.25})
    assert abs(dpaudit.output(r, "sigma2_lc")["value"] - 2.3125) <= 1e-15
    assert abs(dpaudit.output(r, "rdp_lc")["value"] - 0.02 / 4.625) <= 1e-12 * 0.02 / 4.625


def test_theorem_6_1_joint_release_against_mpmath():
    # Theorem 6.1, Gaussian models σ = (1, 2), α = 8, λ = (½, ½): per-model blocks
    # Σ_i α/(2σ_i²) = 4 + 1 = 5; the shared-noise LC RDP αΔ²/(2Σλ_i²σ_i²) = 8/(2·1.25) = 3.2.
    r = dpaudit.evaluate("model_merging", "Theorem 6.1", sigma=[1, 2], alpha=8, epsilon=1, delta=1e-5, **{"lambda": [0.5, 0.5]})
    assert abs(dpaudit.output(r, "rdp_lc_blocks")["value"] - 5.0) <= 1e-12
    assert abs(dpaudit.output(r, "rdp_lc_shared")["value"] - 3.2) <= 1e-12
    # ε(δ = 1e-5) of the joint release, μ² = Σ 1/σ_i² = 1.25: bisection on the GDP profile in
    # mpmath (cards.py), 4.983306405970709628786388.
    joint = dpaudit.output(r, "epsilon_joint")
    assert abs(joint["value"] - 4.983306405970709628786388) <= 1e-10 * 4.98

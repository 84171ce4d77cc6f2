"""Fitting the offline judge: provenance of the shipped file and the fitting arithmetic."""

from __future__ import annotations

from itertools import pairwise

import pytest
from training.datasets import MEASUREMENT, TUNING
from training.fit_local_judge import balanced_weights, best_threshold
from training.logistic import fit_logistic

from ragvet.judges.local.params import PARAMS_DIR, load_params


def test_shipped_params_are_versioned_and_fitted_on_tuning_data_only():
    params = load_params()
    assert params.version == "local-v8"
    assert set(params.fitted_on) == set(TUNING)
    assert not set(params.fitted_on) & set(MEASUREMENT)
    assert 0.0 < params.support_threshold < 1.0 and 0.0 < params.answers_threshold < 1.0


def test_shipped_long_page_threshold_is_fitted_on_tuning_long_pages_and_lower():
    params = load_params()
    info = params.tuning["long_page_threshold"]
    assert info["set"].startswith("wice dev") and info["items"] > 100
    assert params.long_page_threshold == info["threshold"] < params.support_threshold
    assert info["balanced_accuracy"] >= info["balanced_accuracy_at_support_threshold"]
    # local-v7 (no long-page threshold) still loads and judges long pages as before
    assert load_params(PARAMS_DIR / "local-v7.json").long_page_threshold is None


def test_shipped_calibration_is_fitted_on_tuning_data_and_keeps_every_decision():
    params = load_params()
    weights = load_params(PARAMS_DIR / "local-v4.json")
    assert params.support == weights.support
    # the relevance model keeps local-v4's weights and gains only the cosine, fitted to rank
    # the answer-bearing sentence of a passage first (training.fit_relevance_ranking)
    kept = [(f, w) for f, w in zip(params.relevance.features, params.relevance.weights,
                                   strict=True) if f != "cosine"]
    assert kept == [(f, w) for f, w in zip(weights.relevance.features,
                                           weights.relevance.weights, strict=True)
                    if f != "cosine"]
    ranking = params.tuning["relevance_ranking"]
    assert params.relevance.weights[params.relevance.features.index("cosine")] == \
        ranking["beta"] > 0
    assert all(ranking["strict_wins_after"][k] >= ranking["strict_wins_before"][k]
               for k in ranking["strict_wins_before"])
    assert set(params.calibration) == {"relevance", "support"}
    support = params.calibration_info["support"]
    assert support["method"] == "sized-logistic"
    assert set(support["calibrated_on"]) <= set(TUNING)
    sized = params.calibration["support"]
    for words in (20, 300, 3000):  # rises with p at every length, and a veto reads low
        mapped = [sized(p, words) for p in (0.0, 0.2, 0.53, 0.7, 0.887)]
        assert all(a <= b for a, b in pairwise(mapped)) and mapped[0] < 0.3
    info = params.calibration_info["relevance"]
    assert info["method"] == "isotonic"
    assert set(info["calibrated_on"]) <= set(TUNING)
    assert "ragas-wikiqa" not in info["calibrated_on"]
    calibrate = params.calibration["relevance"]
    grid = [i / 100 for i in range(1, 100)]
    assert all(calibrate(a) <= calibrate(b) for a, b in pairwise(grid))
    inside = [p for p in grid if calibrate.xs[0] <= p <= calibrate.xs[-1]]
    assert all(calibrate(a) < calibrate(b) for a, b in pairwise(inside))
    assert calibrate(0.0) == 0.0
    # the top of the raw scale (every relevance feature present) reads as nearly sure
    assert calibrate(0.77) >= 0.85


def test_logistic_fit_separates_and_threshold_maximises_balanced_accuracy():
    x = [[0.1], [0.2], [0.3], [0.7], [0.8], [0.9]]
    y = [False, False, False, True, True, True]
    fitted = fit_logistic(x, y, [1.0] * 6, l2=0.01)
    (w,), b = fitted.weights, fitted.bias
    assert w > 0 and -w < b < 0  # the decision boundary lies between 0 and 1
    threshold, score = best_threshold([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], y, ["d"] * 6)
    assert score == 1.0 and 0.3 < threshold <= 0.7


def test_sign_constraints_drop_a_feature_pushing_the_wrong_way():
    x = [[0.1, 0.9], [0.2, 0.8], [0.8, 0.3], [0.9, 0.1]]
    y = [False, False, True, True]
    free = fit_logistic(x, y, [1.0] * 4, l2=0.01)
    assert free.weights[1] < 0  # unconstrained, the second feature pushes towards "no"
    kept = fit_logistic(x, y, [1.0] * 4, l2=0.01, signs=[1, 1])
    assert kept.weights[0] > 0 and kept.weights[1] == 0.0


def test_balanced_weights_give_each_dataset_class_cell_equal_mass():
    groups = ["a", "a", "a", "b"]
    labels = [True, True, False, True]
    w = balanced_weights(groups, labels)
    assert w[0] + w[1] == pytest.approx(w[2])  # classes within "a" weigh the same
    assert w[3] == pytest.approx(w[2])  # every (dataset, class) cell weighs the same

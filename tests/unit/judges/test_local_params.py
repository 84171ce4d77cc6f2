"""Fitted parameters: the shipped file, its round trip, and the fitting arithmetic."""

from __future__ import annotations

import json

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.factory import make_judge
from ragvet.judges.local.datasets import MEASUREMENT, TUNING
from ragvet.judges.local.fit import balanced_weights, best_threshold, logistic_fit
from ragvet.judges.local.params import DEFAULT_PARAMS, load_params, save_params


def test_shipped_params_are_versioned_and_fitted_on_tuning_data_only():
    params = load_params()
    assert params.version == "local-v2"
    assert set(params.fitted_on) == set(TUNING)
    assert not set(params.fitted_on) & set(MEASUREMENT)
    assert 0.0 < params.support_threshold < 1.0 and 0.0 < params.answers_threshold < 1.0


def test_params_round_trip_and_custom_file_is_used(tmp_path):
    params = load_params()
    path = tmp_path / "mine.json"
    save_params(params, path)
    data = json.loads(path.read_text())
    data["version"] = "mine-v7"
    path.write_text(json.dumps(data))
    assert load_params(path).support == params.support
    assert make_judge(f"local:{path}").describe()["params_version"] == "mine-v7"
    assert make_judge("local", {"params": str(path)}).id == "local:mine-v7"


def test_broken_params_are_config_errors(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"version": "x"}))
    with pytest.raises(ConfigError, match="invalid local judge params"):
        load_params(path)
    data = json.loads(DEFAULT_PARAMS.read_text())
    data["support"]["features"] = ["cosine"]
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError, match="do not match"):
        load_params(path)


def test_logistic_fit_separates_and_threshold_maximises_balanced_accuracy():
    x = [[0.1], [0.2], [0.3], [0.7], [0.8], [0.9]]
    y = [False, False, False, True, True, True]
    (w,), b = logistic_fit(x, y, [1.0] * 6, l2=0.01)
    assert w > 0 and -w < b < 0  # the decision boundary lies between 0 and 1
    threshold, score = best_threshold([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], y, ["d"] * 6)
    assert score == 1.0 and 0.3 < threshold <= 0.7


def test_sign_constraints_drop_a_feature_pushing_the_wrong_way():
    x = [[0.1, 0.9], [0.2, 0.8], [0.8, 0.3], [0.9, 0.1]]
    y = [False, False, True, True]
    free, _ = logistic_fit(x, y, [1.0] * 4, l2=0.01)
    assert free[1] < 0  # unconstrained, the second feature pushes towards "no"
    kept, _ = logistic_fit(x, y, [1.0] * 4, l2=0.01, signs=[1, 1])
    assert kept[0] > 0 and kept[1] == 0.0


def test_balanced_weights_give_each_dataset_class_cell_equal_mass():
    groups = ["a", "a", "a", "b"]
    labels = [True, True, False, True]
    w = balanced_weights(groups, labels)
    assert w[0] + w[1] == pytest.approx(w[2])  # classes within "a" weigh the same
    assert w[3] == pytest.approx(w[2])  # every (dataset, class) cell weighs the same

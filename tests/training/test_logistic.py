"""The one logistic fit: recovers a known rule, stays bounded on separable data, says when
it did not converge, and keeps weights on their declared side."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from training.logistic import ConvergenceWarning, fit_logistic


def _sample(n: int, weights: list[float], bias: float, seed: int):
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 1, size=(n, len(weights)))
    y = rng.uniform(size=n) < 1 / (1 + np.exp(-(x @ np.array(weights) + bias)))
    return x, y


def test_recovers_known_weights():
    x, y = _sample(4000, [4.0, -2.0], -1.0, seed=0)
    fitted = fit_logistic(x, y, l2=1e-6)
    assert fitted.converged
    assert fitted.weights == pytest.approx([4.0, -2.0], abs=0.5)
    assert fitted.bias == pytest.approx(-1.0, abs=0.4)


def test_separable_data_gives_a_finite_converged_fit():
    x = [[0.0], [0.1], [0.2], [0.8], [0.9], [1.0]]
    y = [0, 0, 0, 1, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        fitted = fit_logistic(x, y)
    assert fitted.converged and 0 < fitted.weights[0] < 100 and math.isfinite(fitted.bias)


def test_a_fit_out_of_steps_warns_and_stays_finite():
    x = [[0.0], [0.1], [0.2], [0.8], [0.9], [1.0]]
    y = [0, 0, 0, 1, 1, 1]
    with pytest.warns(ConvergenceWarning, match="stopped after 3 Newton steps"):
        fitted = fit_logistic(x, y, l2=1e-12, max_iter=3, max_step=5.0)
    assert not fitted.converged
    assert all(abs(v) <= 3 * 5.0 for v in (*fitted.weights, fitted.bias))


def test_without_a_penalty_the_fit_is_refused():
    with pytest.raises(ValueError, match="l2 must be positive"):
        fit_logistic([[0.0], [1.0]], [0, 1], l2=0.0)


def test_signs_keep_each_weight_on_its_side():
    x, y = _sample(2000, [3.0, -3.0, 2.0], 0.0, seed=1)
    free = fit_logistic(x, y, l2=1e-6)
    assert free.weights[1] < -1
    kept = fit_logistic(x, y, l2=1e-6, signs=[1, 1, -1])
    assert kept.weights[0] > 1 and kept.weights[1] == 0.0 and kept.weights[2] == 0.0


def test_sample_weights_count_rows():
    x = [[0.0], [0.0], [1.0], [1.0]]
    y = [0, 1, 0, 1]
    doubled = fit_logistic(x + x[:1], y + y[:1], l2=0.1)
    weighted = fit_logistic(x, y, [2.0, 1.0, 1.0, 1.0], l2=0.1)
    assert weighted.weights == pytest.approx(doubled.weights, abs=1e-9)
    assert weighted.bias == pytest.approx(doubled.bias, abs=1e-9)

"""Vectorised bootstrap: coverage, small-sample warning, convergence, chunking."""

from __future__ import annotations

import numpy as np
import pytest

from ragvet.stats.bootstrap import (
    SmallSampleWarning,
    bootstrap_difference,
    bootstrap_mean,
    bootstrap_paired_difference,
    resample_moments,
    se_convergence,
)


def test_ci_covers_true_mean_at_about_nominal_rate():
    true_mean, trials, covered = 3.0, 300, 0
    for seed in range(trials):
        rng = np.random.default_rng(seed)
        sample = rng.normal(true_mean, 2.0, size=60)
        ci = bootstrap_mean(sample, rng=rng, n_resamples=1000, level=0.90)
        covered += ci.low <= true_mean <= ci.high
    rate = covered / trials
    # percentile intervals run slightly narrow at n = 60; binomial sd at 300 trials ≈ 0.017
    assert 0.84 <= rate <= 0.95, rate


def test_estimates_match_closed_form():
    rng = np.random.default_rng(7)
    sample = rng.normal(10.0, 3.0, size=400)
    ci = bootstrap_mean(sample, rng=np.random.default_rng(1), n_resamples=4000)
    assert ci.estimate == pytest.approx(sample.mean())
    assert ci.mean == pytest.approx(sample.mean(), abs=0.05)
    assert ci.se == pytest.approx(sample.std(ddof=0) / np.sqrt(400), rel=0.08)
    assert ci.variance == pytest.approx(sample.var(ddof=1), rel=0.02)
    assert ci.low < sample.mean() < ci.high
    assert ci.n == 400 and ci.n_resamples == 4000 and ci.warning is None


def test_same_seed_same_interval_and_chunking_does_not_change_it():
    sample = np.linspace(0, 1, 101)
    a = bootstrap_mean(sample, rng=np.random.default_rng(3), n_resamples=500)
    b = bootstrap_mean(sample, rng=np.random.default_rng(3), n_resamples=500)
    assert a == b
    m1, v1 = resample_moments(sample, rng=np.random.default_rng(5), n_resamples=300,
                              chunk_elements=101 * 7)
    m2, _ = resample_moments(sample, rng=np.random.default_rng(5), n_resamples=300,
                              chunk_elements=101 * 1000)
    assert m1.shape == (300,) and np.all(np.isfinite(m1)) and np.all(v1 >= 0)
    # different chunking draws different indices but the same distribution
    assert abs(m1.std() - m2.std()) < 0.15 * m2.std()


def test_warns_below_thirty_values():
    with pytest.warns(SmallSampleWarning, match="fewer than 30"):
        ci = bootstrap_mean([0.1, 0.5, 0.9] * 5, rng=np.random.default_rng(0))
    assert ci.warning is not None


def test_rejects_empty_and_non_finite():
    with pytest.raises(ValueError, match="zero values"):
        bootstrap_mean([], rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="finite"):
        bootstrap_mean([0.1, float("nan")] * 20, rng=np.random.default_rng(0))


def test_se_converges_as_b_grows():
    rng = np.random.default_rng(11)
    sample = rng.exponential(1.0, size=200)
    points = se_convergence(sample, rng=rng, sizes=(20, 100, 1000, 8000))
    assert [p.n_resamples for p in points] == [20, 100, 1000, 8000]
    analytic = sample.std() / np.sqrt(200)
    assert abs(points[-1].se - analytic) / analytic < 0.05
    assert abs(points[-1].se - points[-2].se) < abs(points[0].se - points[-1].se) + 1e-3


def test_paired_difference_detects_a_shift_and_independent_difference_too():
    rng = np.random.default_rng(2)
    a = rng.uniform(0.5, 1.0, size=80)
    b = a - 0.1 + rng.normal(0, 0.02, size=80)
    paired = bootstrap_paired_difference(a, b, rng=rng)
    assert paired.high < 0 and paired.estimate == pytest.approx(-0.1, abs=0.01)
    independent = bootstrap_difference(a, b, rng=rng)
    assert independent.estimate == pytest.approx(paired.estimate)
    assert independent.high - independent.low > paired.high - paired.low
    with pytest.raises(ValueError, match="differ in length"):
        bootstrap_paired_difference(a, b[:-1], rng=rng)

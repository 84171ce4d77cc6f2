"""Welch t-test against scipy; concordance and sweep against hand-computed counts."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.stats

from ragvet.stats.tests import concordance, threshold_sweep, welch_t_test

# Ten labelled records. faithfulness (F) and factual correctness (C), label True = correct.
F = [0.9, 0.8, 0.95, 0.2, 0.75, 0.1, 0.5, 0.9, 0.25, None]
C = [0.8, 0.9, 0.6, 0.1, 0.85, 0.2, 0.2, 0.75, 0.9, 0.9]
LABELS = [True, True, True, False, False, False, True, True, False, True]
SCORES = {"F": F, "C": C}


def test_concordance_single_metrics_by_hand():
    rows = {r.metrics: r for r in concordance(SCORES, LABELS)}
    f = rows[("F",)]
    # F scored on 9 records; F > 0.7 at 0,1,2,4,7 (correct: 0,1,2,7); F < 0.3 at 3,5,8 (all wrong)
    assert (f.n, f.n_correct) == (9, 5)
    assert (f.n_high, f.n_high_correct) == (5, 4)
    assert f.p_correct_given_high == pytest.approx(0.8)
    assert (f.n_low, f.n_low_wrong) == (3, 3)
    assert f.p_wrong_given_low == 1.0
    c = rows[("C",)]
    # C > 0.7 at 0,1,4,7,8,9 (correct: 0,1,7,9); C < 0.3 at 3,5,6 (wrong: 3,5)
    assert (c.n, c.n_high, c.n_high_correct) == (10, 6, 4)
    assert c.p_correct_given_high == pytest.approx(4 / 6)
    assert (c.n_low, c.n_low_wrong) == (3, 2)
    assert c.p_wrong_given_low == pytest.approx(2 / 3)


def test_concordance_pair_is_joint():
    (pair,) = [r for r in concordance(SCORES, LABELS) if len(r.metrics) == 2]
    # both > 0.7 at 0,1,4,7 (correct: 0,1,7); both < 0.3 at 3,5 (both wrong); record 9 dropped
    assert pair.metrics == ("F", "C")
    assert (pair.n, pair.n_high, pair.n_high_correct) == (9, 4, 3)
    assert pair.p_correct_given_high == pytest.approx(0.75)
    assert (pair.n_low, pair.n_low_wrong, pair.p_wrong_given_low) == (2, 2, 1.0)


def test_concordance_equals_bayes_form():
    (pair,) = [r for r in concordance(SCORES, LABELS) if len(r.metrics) == 2]
    p_correct = pair.n_correct / pair.n
    p_high_given_correct = pair.n_high_correct / pair.n_correct
    p_high = pair.n_high / pair.n
    assert pair.p_correct_given_high == pytest.approx(p_high_given_correct * p_correct / p_high)


def test_concordance_thresholds_are_configurable_per_metric():
    rows = concordance(SCORES, LABELS, high={"F": 0.85, "C": 0.5}, low=0.15, pairs=False)
    f, c = rows
    assert (f.high, f.n_high, f.n_high_correct) == ((0.85,), 3, 3)
    assert (f.low, f.n_low, f.n_low_wrong) == ((0.15,), 1, 1)
    assert (c.n_high, c.n_high_correct) == (7, 5)


def test_empty_region_has_no_probability():
    (row,) = concordance({"F": [0.5, 0.6]}, [True, False])
    assert row.n_high == 0 and row.p_correct_given_high is None
    assert row.p_wrong_given_low is None


def test_mismatched_lengths_are_an_error():
    with pytest.raises(ValueError, match="labels"):
        concordance({"F": [0.5]}, [True, False])


def test_sweep_finds_the_separating_thresholds():
    # correct iff F > 0.6 and C > 0.4: separable only jointly
    scores = {"F": [0.9, 0.7, 0.65, 0.9, 0.3, 0.2, 0.95],
              "C": [0.5, 0.9, 0.45, 0.1, 0.9, 0.1, 0.2]}
    labels = [True, True, True, False, False, False, False]
    results = threshold_sweep(scores, labels)
    best = results[0]
    assert best.metrics == ("F", "C")
    assert best.balanced_accuracy == 1.0
    assert 0.3 <= best.thresholds[0] < 0.65 and 0.2 <= best.thresholds[1] < 0.45
    assert (best.n_high, best.n_high_correct) == (3, 3)
    singles = {r.metrics: r for r in results if len(r.metrics) == 1}
    assert singles[("F",)].balanced_accuracy < 1.0
    assert singles[("C",)].balanced_accuracy < 1.0


def test_sweep_skips_combinations_with_one_label_only():
    assert threshold_sweep({"F": [0.1, 0.9]}, [True, True]) == []


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_welch_matches_scipy(alternative):
    rng = np.random.default_rng(7)
    a = rng.normal(0.8, 0.2, size=23)
    b = rng.normal(0.7, 0.35, size=11)
    ours = welch_t_test(a, b, alternative=alternative)
    theirs = scipy.stats.ttest_ind(a, b, equal_var=False, alternative=alternative)
    assert ours.statistic == pytest.approx(theirs.statistic, rel=1e-12)
    assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-10)
    assert ours.df == pytest.approx(theirs.df, rel=1e-12)


def test_welch_on_paper_like_numbers():
    yes = [0.91, 1.0, 0.8, 1.0, 0.95, 0.7, 1.0, 0.9]
    no = [0.71, 0.2, 1.0, 0.5, 0.9, 0.3]
    ours = welch_t_test(yes, no)
    theirs = scipy.stats.ttest_ind(yes, no, equal_var=False, alternative="greater")
    assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-10)
    assert ours.significant() == (theirs.pvalue < 0.05)


def test_welch_degenerate_inputs_say_why():
    assert welch_t_test([1.0], [0.5, 0.6]).note == "each group needs at least 2 values"
    flat = welch_t_test([1.0, 1.0], [0.5, 0.5])
    assert flat.pvalue is None and flat.note == "no variance in either group"
    with pytest.raises(ValueError):
        welch_t_test([1, 2], [3, 4], alternative="bigger")  # type: ignore[arg-type]

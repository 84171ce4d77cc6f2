"""Topicality verdicts from constructed on/off result sets."""

from __future__ import annotations

import numpy as np
import pytest

from ragvet.results import RecordResult
from ragvet.stats.topicality import topicality

RP = "vera_retrieval_precision"


def results(values, other=None):
    return [RecordResult(id=str(i), query=f"q{i}", scores={RP: v, "vera_faithfulness": other})
            for i, v in enumerate(values)]


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def test_clearly_higher_on_topic_is_covered(rng):
    on = results(np.random.default_rng(1).uniform(0.4, 0.9, 40))
    off = results(np.random.default_rng(2).uniform(0.0, 0.3, 40))
    report = topicality(on, off, rng=rng)
    assert report.verdict == "covered"
    row = report.metric(RP)
    assert row.difference.low > 0 and row.on.estimate > row.off.estimate
    assert report.metric("vera_faithfulness").verdict == "not comparable"
    assert "covers the topic" in report.explanation


def test_same_distribution_is_inconclusive_and_reversed_is_not_covered(rng):
    values = np.random.default_rng(3).uniform(0, 1, 40)
    assert topicality(results(values), results(values), rng=rng).verdict == "inconclusive"
    low, high = results(values * 0.2), results(values * 0.2 + 0.6)
    assert topicality(low, high, rng=rng).verdict == "not covered"


def test_to_dict_is_plain_data(rng):
    report = topicality(results([0.9, 0.8] * 20), results([0.1, 0.2] * 20), rng=rng)
    data = report.to_dict()
    assert data["verdict"] == "covered" and data["n_on"] == 40
    assert data["metrics"][0]["difference"]["estimate"] == pytest.approx(0.7)

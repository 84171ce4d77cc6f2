"""The help-desk assistant's answers, gated by ragvet in an ordinary pytest suite.

records.jsonl holds what the assistant answered today (query, retrieved sources, response);
baseline.jsonl what the last release answered to the same questions.
"""

from pathlib import Path

import pytest

import ragvet
from ragvet.pytest_plugin import assert_no_regression, assert_scores

HERE = Path(__file__).parent
METRICS = "GR,RQC"  # groundedness and how much of the question the answer covers


@pytest.fixture(scope="module")
def run(ragvet_judge):
    return ragvet.evaluate(ragvet.load_records(HERE / "records.jsonl"), METRICS, ragvet_judge)


def test_answers_are_grounded_and_complete(run):
    assert_scores(run, GR=0.7, RQC=0.5)


def test_no_regression_against_the_last_release(run, ragvet_judge):
    baseline = ragvet.evaluate(ragvet.load_records(HERE / "baseline.jsonl"), METRICS,
                               ragvet_judge)
    assert_no_regression(baseline, run)

"""Every registered metric with the offline judge, over records of hostile text.

Each metric of each record is scored (a finite number in its range) or not applicable with
a reason; the offline judge never fails one, and no exception escapes; components that quote the
record (claims, facts, sources, sentences, sub-questions) quote it (see `quoting`).
"""

from __future__ import annotations

import asyncio
import math
import os

import pytest
from adversarial import hostile_text, large_text, nonblank
from hypothesis import example, given
from hypothesis import strategies as st
from quoting import unquoted_tokens

from ragvet.data import make_record
from ragvet.engine.run import evaluate_record
from ragvet.metrics.registry import all_metrics

METRICS = list(all_metrics().values())
WRITTEN_ANEW = {"generated_question", "input", "enriched_response", "combiner"}


def check_result(record, result) -> None:
    # The offline judge has no outage to report: any error is a crash turned into data
    # (before the fix, a response of ',' failed every claim metric with IndexError).
    assert result.errors == (), result.errors
    inputs = [record.query, record.response, record.reference or "", *record.source_texts]
    for metric in METRICS:
        score = result.scores[metric.id]
        if score is None:
            reason = result.not_applicable.get(metric.id)
            assert reason and reason.strip(), (metric.id, result)
        else:
            assert math.isfinite(score), (metric.id, score)
            low, high = metric.range
            assert low - 1e-9 <= score <= high + 1e-9, (metric.id, score)
    for c in result.components:
        if c.kind not in WRITTEN_ANEW:
            assert unquoted_tokens(c.text, inputs) == [], (c.metric, c.kind, c.text)


def score(judge, record):
    return asyncio.run(evaluate_record(record, METRICS, judge))


@given(query=nonblank(hostile_text()), response=hostile_text(),
       sources=st.lists(hostile_text(), max_size=3), reference=st.none() | hostile_text())
@example(query="What?", response=",", sources=["; , and"], reference=None)
def test_every_metric_scores_or_explains_each_record(local_judge, query, response, sources,
                                                     reference):
    record = make_record(query=query, sources=sources, response=response,
                         reference=reference or None)
    check_result(record, score(local_judge, record))


def test_every_metric_on_100_kb_fields(local_judge):
    text = large_text(100_000)
    record = make_record(query="When was the tower \\g<0> completed?", sources=[text],
                         response=text[:20_000], reference=text[:2_000])
    check_result(record, score(local_judge, record))


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "large",
                    reason="minutes long: runs with HYPOTHESIS_PROFILE=large")
def test_every_metric_on_1_mb_fields(local_judge):
    text = large_text(1_000_000)
    record = make_record(query="When was the tower \\g<0> completed?", sources=[text],
                         response=text[:100_000], reference=text[:10_000])
    check_result(record, score(local_judge, record))

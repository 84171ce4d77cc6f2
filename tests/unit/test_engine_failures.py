"""Failures are data: one failing record never stops the run; nothing becomes NaN."""

from __future__ import annotations

import math

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.metrics.diagnosis import Thresholds

OK = make_record(id="ok", query="Capital of France?", sources=["Paris is the capital of France."],
                 response="Paris is the capital.")
BAD = make_record(id="bad", query="Capital of Spain?", sources=["Madrid is the capital."],
                  response="BOOM Madrid.")
REFUSAL = make_record(id="refusal", query="Capital of Peru?", sources=["Lima is large."],
                      response="I don't know.")


def judge() -> ScriptedJudge:
    return ScriptedJudge(
        claims={OK.response: ["Paris is the capital of France."], REFUSAL.response: []},
        supported={"Paris is the capital of France.": True},
        fail_on=["BOOM"],
    )


def test_a_record_whose_judge_raises_keeps_its_error_and_the_others_finish():
    run = ragvet.evaluate([OK, BAD, REFUSAL], ["GR"], judge())
    by_id = {r.id: r for r in run.results}
    assert by_id["ok"].scores == {"GR": 1.0}
    assert by_id["bad"].scores == {"GR": None}
    assert "scripted failure" in by_id["bad"].errors[0].message
    assert by_id["bad"].errors[0].metric == "GR"
    assert run.summary().records_with_errors == 1


def test_empty_decomposition_is_not_applicable_with_a_reason():
    run = ragvet.evaluate([REFUSAL], ["GR"], judge())
    result = run.results[0]
    assert result.scores == {"GR": None}
    assert result.not_applicable == {"GR": "the response has no claims"}
    assert result.errors == ()


def test_unscripted_item_is_an_error_not_a_default():
    record = make_record(query="Q?", sources=["S."], response="Two claims.")
    scripted = ScriptedJudge(claims={"Two claims.": ["A.", "B."]}, supported={"A.": True})
    (result,) = ragvet.evaluate([record], ["GR"], scripted).results
    assert result.scores["GR"] is None
    assert "1 of 2 items could not be judged" in result.errors[0].message
    assert [c.verdict for c in result.components] == [True, None]


def test_summary_and_frames_never_hold_nan():
    run = ragvet.evaluate([OK, BAD, REFUSAL], ["GR"], judge(), thresholds=Thresholds())
    summary = run.summary().metrics[0]
    assert (summary.mean, summary.count, summary.not_applicable, summary.failed) == (1.0, 1, 1, 1)
    frame = run.scores_frame()
    assert frame["GR"].isna().sum() == 2  # pandas NA (missing), not float NaN
    assert not any(isinstance(v, float) and math.isnan(v) for v in frame["GR"].dropna())


def test_results_come_back_in_input_order_with_bounded_concurrency():
    records = [make_record(id=str(i), query="Capital of France?", sources=OK.sources,
                           response=OK.response) for i in range(20)]
    run = ragvet.evaluate(records, ["GR"], judge(), max_concurrency=3)
    assert [r.id for r in run.results] == [str(i) for i in range(20)]

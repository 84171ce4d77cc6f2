"""Derived metrics: scored after their inputs from the inputs' outcomes, never from the judge."""

from __future__ import annotations

import asyncio

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.errors import ConfigError
from ragvet.metrics.context import RecordContext
from ragvet.metrics.core import Failed, NotApplicable
from ragvet.metrics.derived import Combined, DerivedMetric, Evidence
from ragvet.metrics.scoring import score_metrics
from ragvet.metrics.thelma import GR, RP, RQC
from ragvet.metrics.vera_aggregate import CombinerParams, vera_combined

QUERY = "Who wrote it?"
RESPONSE = "Ann wrote it. She was young."
CLAIMS = ["Ann wrote it.", "Ann was young."]
RECORD = make_record(query=QUERY, sources=["Ann wrote it in 1900."], response=RESPONSE)


def judge(*, young_supported: bool | None = False) -> ScriptedJudge:
    supported = {CLAIMS[0]: True} | ({} if young_supported is None
                                     else {CLAIMS[1]: young_supported})
    return ScriptedJudge(claims={RESPONSE: CLAIMS}, subquestions={QUERY: [QUERY]},
                         essential={(QUERY, c): True for c in CLAIMS},
                         answers={(QUERY, RESPONSE): True}, supported=supported)


def mean_of(*inputs, weights=(1.0, 1.0)) -> DerivedMetric:
    ids = [i if isinstance(i, str) else i.id for i in inputs]

    def combine(outcomes, record):
        missing = [o.score for o in outcomes.values() if isinstance(o.score, NotApplicable)]
        if missing:
            return Combined(score=missing[0])
        value = sum(w * outcomes[i].score for i, w in zip(ids, weights, strict=True))
        return Combined(score=value / sum(weights), weights=dict(zip(ids, weights, strict=True)),
                        notes={ids[0]: {"first": True}},
                        evidence=(Evidence(kind="note", text=record.query),))

    return DerivedMetric(id="mean", family="test", version="1", description="mean",
                         inputs=tuple(inputs), combine=combine)


def score(metrics, the_judge, *, lookup=None):
    ctx = RecordContext(RECORD, the_judge)
    return asyncio.run(score_metrics(metrics, ctx, lookup=lookup))


def test_components_show_inputs_with_score_and_weight_never_a_verdict():
    (outcome,) = score([mean_of(GR, RP, weights=(3.0, 1.0))], judge())
    assert outcome.score == pytest.approx((3 * 0.5 + 1.0) / 4)
    first, second, note = outcome.components
    assert (first.kind, first.verdict, first.text, first.reason) == (
        "input", None, "GR = 0.5000", "weight 3")
    assert first.detail == {"metric": "GR", "score": 0.5, "weight": 3.0, "first": True}
    assert second.detail == {"metric": "RP", "score": 1.0, "weight": 1.0}
    assert (note.kind, note.text, note.index, note.verdict) == ("note", QUERY, 2, None)


def test_unselected_inputs_are_scored_once_and_not_returned():
    the_judge = judge()
    outcomes = score([mean_of(GR, RP), GR], the_judge)
    assert [o.metric for o in outcomes] == ["mean", "GR"]
    assert [op for op, _ in the_judge.calls].count("claims") == 1
    assert [op for op, _ in the_judge.calls].count("supported") == 1


def test_a_failed_input_fails_the_derived_metric_naming_it():
    (outcome,) = score([mean_of(RP, GR)], judge(young_supported=None))
    assert isinstance(outcome.score, Failed)
    assert outcome.score.error.startswith("GR failed: 1 of 2 items could not be judged")
    assert outcome.components == ()


def test_an_inapplicable_input_goes_to_combine():
    record = make_record(query=QUERY, sources=["s"], response="Hi.")
    ctx = RecordContext(record, ScriptedJudge(claims={"Hi.": []}))
    (outcome,) = asyncio.run(score_metrics([mean_of(GR, RP)], ctx))
    assert outcome.score == NotApplicable("the response has no claims")


def test_an_input_named_by_id_is_the_selected_metric_else_looked_up():
    looked_up = []

    def lookup(metric_id):
        looked_up.append(metric_id)
        return {"RQC": RQC}[metric_id]

    (outcome, _) = score([mean_of("RQC", "GR"), GR], judge(), lookup=lookup)
    assert outcome.score == pytest.approx((1.0 + 0.5) / 2)
    assert looked_up == ["RQC"]
    with pytest.raises(ConfigError, match="'RQC' is not among the metrics"):
        score([mean_of("RQC", "GR")], judge())


def test_derived_metrics_in_a_circle_are_a_config_error():
    first = DerivedMetric(id="a", family="t", version="1", description="", inputs=("b",),
                          combine=lambda o, r: Combined(score=0.0))
    second = DerivedMetric(id="b", family="t", version="1", description="", inputs=("a",),
                           combine=lambda o, r: Combined(score=0.0))
    with pytest.raises(ConfigError, match="circle: a → b → a"):
        score([first, second], judge())


def test_the_engine_runs_a_derived_metric_alone_with_registered_inputs():
    result = ragvet.evaluate([RECORD], [mean_of("RQC", "GR")], judge()).results[0]
    assert result.scores == {"mean": pytest.approx(0.75)}
    assert {c.metric for c in result.components} == {"mean"}


def test_combiner_components_show_weights_fill_and_formula():
    params = CombinerParams(metrics=("vera_faithfulness", "vera_retrieval_precision"),
                            weights=(3.0, 1.0), bias=-2.0,
                            fill={"vera_faithfulness": 0.5, "vera_retrieval_precision": 0.4})
    record = make_record(query=QUERY, sources=[], response=RESPONSE)
    result = ragvet.evaluate([record], [vera_combined(params)], judge()).results[0]
    faithfulness, precision, formula = result.components
    assert {c.verdict for c in result.components} == {None}
    assert faithfulness.detail == {"metric": "vera_faithfulness", "score": 0.0, "weight": 3.0}
    assert precision.detail["filled_in"] == 0.4 and precision.detail["score"] is None
    assert precision.text.startswith("vera_retrieval_precision: not applicable (")
    assert formula.kind == "combiner" and formula.detail["bias"] == -2.0
    assert formula.detail["score"] == result.scores["vera_combined"] == pytest.approx(
        params.probability({"vera_faithfulness": 0.0, "vera_retrieval_precision": None}))

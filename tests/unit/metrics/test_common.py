"""Properties every registered metric keeps, in the manner of scikit-learn's common metric
tests: one record, a scripted judge that answers every call the same way, every metric.

- the score lies in the metric's declared range and is never NaN;
- an empty decomposition is not applicable (never 0, never NaN), without asking the judge;
- probabilities and yes/no verdicts agree: yes at probability 1 scores as yes, no at 0 as
  no; a share of yes verdicts scores p when every verdict is yes at probability p, and 1
  without probabilities; a metric that tells all-yes from all-no reads the probabilities
  (all yes at p lands strictly between the two);
- a decomposition shared by several metrics is asked for once per record;
- a derived metric never asks the judge: its inputs' verdicts are reused.

A new metric is covered by registering it. The one substitution: `vera_aggregate` is scored
with a stand-in for the bundled bi-encoder (it states the mean of the statements' scores),
so that the test loads no model and its monotonicity is known.
"""

from __future__ import annotations

import asyncio
import math
import re
from collections import Counter
from dataclasses import replace

import pytest

from ragvet import ScriptedJudge, make_record
from ragvet.data.records import Source
from ragvet.judges.base import PARTS
from ragvet.metrics.aggregate import fraction_true
from ragvet.metrics.context import RecordContext
from ragvet.metrics.core import Failed, Metric, NotApplicable
from ragvet.metrics.derived import DerivedMetric
from ragvet.metrics.registry import all_metrics
from ragvet.metrics.scoring import score_metrics
from ragvet.metrics.vera_aggregate import vera_aggregate

QUERY = "Who designed the bridge, and when did it open?"
SUBQUESTIONS = ["Who designed the bridge?", "When did the bridge open?"]
SOURCES = ["The bridge was designed by Ada Lin. It opened in 1931.", "The river below is wide."]
SOURCE_SENTENCES = ["The bridge was designed by Ada Lin.", "It opened in 1931.",
                    "The river below is wide."]
FACTS = {SOURCES[0]: ["Ada Lin designed the bridge.", "The bridge opened in 1931."],
         SOURCES[1]: ["The river is wide."]}
RESPONSE = "Ada Lin designed the bridge. It opened to traffic in 1931."
RESPONSE_SENTENCES = ["Ada Lin designed the bridge.", "It opened to traffic in 1931."]
CLAIMS = ["Ada Lin designed the bridge.", "The bridge opened to traffic in 1931."]
REFERENCE = "The bridge, designed by Ada Lin, opened in 1931."
REFERENCE_CLAIMS = ["Ada Lin designed the bridge.", "The bridge opened in 1931."]
QUESTIONS = ["Who designed the bridge?", "When did the bridge open to traffic?",
             "Which bridge did Ada Lin design?"]
# sources with ids and a gold id, so that the retrieval family (gold-id metrics) applies too
RECORD = make_record(query=QUERY, sources=[Source(text=t, id=f"s{i}") for i, t in
                                           enumerate(SOURCES)],
                     response=RESPONSE, reference=REFERENCE,
                     metadata={"gold_source_ids": ["s0"]})

DECOMPOSITIONS = {
    "claims": {RESPONSE: CLAIMS, REFERENCE: REFERENCE_CLAIMS, **FACTS},
    "subquestions": {QUERY: SUBQUESTIONS},
    "questions": {RESPONSE: QUESTIONS},
}
# every text a verdict can be asked about: sources, sentences, facts, claims, questions, and
# the response and reference themselves (a text without claims counts as one)
SUBJECTS = sorted({*SOURCES, *SOURCE_SENTENCES, *RESPONSE_SENTENCES, *SUBQUESTIONS, *QUESTIONS,
                   *CLAIMS, *REFERENCE_CLAIMS, *(f for fs in FACTS.values() for f in fs),
                   RESPONSE, REFERENCE})
EMBEDDED = sorted({QUERY, RESPONSE, REFERENCE, *QUESTIONS, *RESPONSE_SENTENCES})

P = 0.6
VERDICTS = {
    "yes": True,
    "no": False,
    "yes@p": {"value": True, "probability": P},
    "yes@1": {"value": True, "probability": 1.0},
    "no@0": {"value": False, "probability": 0.0},
}


def embeddings() -> dict[str, list[float]]:
    """One vector per text, every pair at cosine 0.5: related, never a repeat."""
    return {t: [1.0, *(1.0 if j == i else 0.0 for j in range(len(EMBEDDED)))]
            for i, t in enumerate(EMBEDDED)}


class RecordingJudge(ScriptedJudge):
    """A scripted judge that also keeps every (operation, subject) it was asked about."""

    def __init__(self, **tables) -> None:
        super().__init__(**tables)
        self.asked: list[tuple[str, str]] = []
        self.decomposing: set[str] = set()

    async def run(self, op, items):
        self.asked.extend((op.name, op.subject_of(i)) for i in items)
        if op.output == PARTS:
            self.decomposing.add(op.name)
        return await super().run(op, items)


def answering(verdict, *, decompositions=DECOMPOSITIONS) -> RecordingJudge:
    """A judge answering every verdict about the record with `verdict`."""
    every = dict.fromkeys(SUBJECTS, verdict)
    return RecordingJudge(**decompositions, essential=every, answers=every, supported=every,
                          embed=embeddings())


class StatedMeanScorer:
    """Stands in for a pair scorer: the mean of the scores the statements state, on [-1, 1]."""

    range = (-1.0, 1.0)

    def score(self, pairs, ideal):
        stated = [[float(s) for s in re.findall(r"scores (\d\.\d\d)", text)] for _, text in pairs]
        return [2 * sum(s) / len(s) - 1 if s else 0.0 for s in stated]

    def describe(self):
        return {"kind": "stated mean (test stand-in)", "model": "none"}


def registered() -> dict[str, Metric | DerivedMetric]:
    metrics = dict(all_metrics())
    if "vera_aggregate" in metrics:
        metrics["vera_aggregate"] = vera_aggregate(scorer=StatedMeanScorer())
    return metrics


METRICS = registered()
IDS = list(METRICS)
DERIVED = [m for m in IDS if isinstance(METRICS[m], DerivedMetric)]


def score(metrics, judge):
    """metric id → score (a number, NotApplicable or Failed) for the record."""
    ctx = RecordContext(RECORD, judge)
    outcomes = asyncio.run(score_metrics(list(metrics), ctx, lookup=METRICS.__getitem__))
    return {o.metric: o.score for o in outcomes}


@pytest.fixture(scope="module")
def scores() -> dict[str, dict[str, object]]:
    """verdict name → metric id → score, every metric scored together."""
    return {name: score(METRICS.values(), answering(v)) for name, v in VERDICTS.items()}


def inputs_of(metric: DerivedMetric) -> list[Metric | DerivedMetric]:
    return [METRICS[i] for i in metric.input_ids]


def test_every_family_is_covered():
    assert {"SP1", "GR", "faithfulness", "answer_correctness", "vera_answer_relevance",
            "vera_aggregate"} <= set(IDS)
    assert {"answer_correctness", "vera_aggregate"} <= set(DERIVED)


@pytest.mark.parametrize("metric_id", IDS)
def test_declares_a_range(metric_id):
    low, high = METRICS[metric_id].range
    assert low < high


@pytest.mark.parametrize("verdict", list(VERDICTS))
@pytest.mark.parametrize("metric_id", IDS)
def test_score_is_in_range_and_never_nan(scores, metric_id, verdict):
    value = scores[verdict][metric_id]
    assert isinstance(value, float), value
    low, high = METRICS[metric_id].range
    assert not math.isnan(value) and low <= value <= high


@pytest.mark.parametrize("metric_id", [m for m in IDS if isinstance(METRICS[m], Metric)])
def test_empty_decomposition_is_not_applicable_without_asking_the_judge(metric_id):
    async def nothing(ctx):
        return []

    metric = replace(METRICS[metric_id], decompose=nothing)
    judge = answering(True)
    value = score([metric], judge)[metric_id]
    assert value == NotApplicable(metric.empty)
    assert judge.asked == []


@pytest.mark.parametrize("metric_id", DERIVED)
def test_derived_metric_with_inapplicable_inputs_is_inapplicable_or_in_range(metric_id):
    async def nothing(ctx):
        return []

    metric = METRICS[metric_id]
    empty = [replace(m, decompose=nothing) for m in inputs_of(metric) if isinstance(m, Metric)]
    value = score([*empty, metric], answering(True))[metric_id]
    if not isinstance(value, NotApplicable):
        low, high = metric.range
        assert isinstance(value, float) and low <= value <= high, value


def test_empty_decompositions_from_the_judge_are_never_failures_or_nan():
    judge = answering(True, decompositions={op: dict.fromkeys(table, ())
                                            for op, table in DECOMPOSITIONS.items()})
    for metric_id, value in score(METRICS.values(), judge).items():
        assert not isinstance(value, Failed), (metric_id, value)
        if isinstance(value, float):
            low, high = METRICS[metric_id].range
            assert low <= value <= high, (metric_id, value)
    assert isinstance(score([METRICS["GR"]], judge)["GR"], NotApplicable)


@pytest.mark.parametrize("metric_id", IDS)
def test_probability_one_and_zero_score_as_yes_and_no(scores, metric_id):
    assert scores["yes@1"][metric_id] == pytest.approx(scores["yes"][metric_id])
    assert scores["no@0"][metric_id] == pytest.approx(scores["no"][metric_id])


@pytest.mark.parametrize("metric_id", [m for m in IDS if getattr(METRICS[m], "aggregate", None)
                                       is fraction_true])
def test_a_share_scores_p_with_probabilities_and_1_without(scores, metric_id):
    assert scores["yes@p"][metric_id] == pytest.approx(P)
    assert scores["yes"][metric_id] == 1.0
    assert scores["no"][metric_id] == 0.0


@pytest.mark.parametrize("metric_id", IDS)
def test_a_metric_reading_verdicts_reads_their_probabilities(scores, metric_id):
    yes, no, soft = (scores[v][metric_id] for v in ("yes", "no", "yes@p"))
    if yes == no:
        pytest.skip(f"{metric_id} does not depend on yes/no verdicts")
    assert min(yes, no) < soft < max(yes, no), (
        f"{metric_id}: all yes {yes}, all no {no}, all yes at p={P} {soft}")


def test_a_shared_decomposition_is_asked_for_once_per_record():
    judge = answering(True)
    score(METRICS.values(), judge)
    asked = Counter((op, subject) for op, subject in judge.asked if op in judge.decomposing)
    assert asked and max(asked.values()) == 1, asked
    assert {op for op, _ in asked} == {"claims", "subquestions", "questions"}


@pytest.mark.parametrize("metric_id", DERIVED)
def test_a_derived_metric_never_asks_the_judge(metric_id):
    metric = METRICS[metric_id]
    alone, beside, inputs_only = (answering(VERDICTS["yes@p"]) for _ in range(3))
    score(inputs_of(metric), inputs_only)
    score([metric], alone)
    score([*inputs_of(metric), metric], beside)
    assert Counter(alone.asked) == Counter(inputs_only.asked) == Counter(beside.asked)


@pytest.mark.parametrize("metric_id", DERIVED)
def test_a_failed_input_fails_the_derived_metric_and_names_it(metric_id):
    judge = RecordingJudge(**DECOMPOSITIONS, embed=embeddings())  # no verdict is scripted
    metric = METRICS[metric_id]
    found = score([metric, *inputs_of(metric)], judge)
    failed = [i for i in metric.input_ids if isinstance(found[i], Failed)]
    assert failed
    assert isinstance(found[metric_id], Failed)
    assert found[metric_id].error.startswith(f"{failed[0]} failed: ")

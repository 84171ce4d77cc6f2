"""Derived metrics: a score computed from other metrics' scores on the same record.

A derived metric never asks the judge. It declares its inputs (metric ids, or metric
objects) and a combine function; the engine scores the inputs first, once per record, and
hands their outcomes to `combine` (see `metrics.scoring`). `answer_correctness` (a weighted
mean), `vera_aggregate` (a pair scorer over a statement per input) and `vera_combined` (a
logistic regression) are declared this way.

Its components are its inputs, one each (kind "input", no verdict), with the input's score
and its weight in the combination, plus whatever further evidence `combine` names (the
enriched response `vera_aggregate` scores). A failed input fails the derived metric with the
input's error; a not-applicable input is handed to `combine`, which decides: fill it in,
state it, or be not applicable itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.records import Record
from .core import (
    UNIT_RANGE,
    Component,
    Failed,
    Metric,
    MetricOutcome,
    NotApplicable,
    Score,
    ScoreRange,
)

INPUT_KIND = "input"


@dataclass(frozen=True, slots=True, kw_only=True)
class Evidence:
    """Explanation of a derived score beyond its inputs (e.g. the text a scorer read)."""

    kind: str
    text: str
    reason: str | None = None
    raw: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Combined:
    """What a combine function returns: the score and how each input entered it.

    `weights`: input id → its weight in the combination (None where the combination has no
    weights, e.g. a scorer reading a statement per input). `notes`: input id → more detail
    for that input's component (answer_correctness's TP / FP / FN statements, the value a
    not-applicable input was filled in with).
    """

    score: Score
    weights: Mapping[str, float | None] = field(default_factory=dict)
    notes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    evidence: tuple[Evidence, ...] = ()


Combine = Callable[[Mapping[str, MetricOutcome], Record], Combined]


@dataclass(frozen=True, kw_only=True)
class DerivedMetric:
    """A metric declared by its inputs and a combine function.

    `inputs` are metric ids or metric objects. An id is looked up among the metrics of the
    run first, then in the registry; an object is used unless the run selects another
    metric with its id. `combine` gets every input's outcome by id (none of them failed) and
    the record. `range` is the interval every score of the metric lies in.
    """

    id: str
    family: str
    version: str
    description: str
    inputs: tuple[str | Metric | DerivedMetric, ...]
    combine: Combine
    range: ScoreRange = UNIT_RANGE

    @property
    def input_ids(self) -> tuple[str, ...]:
        return tuple(i if isinstance(i, str) else i.id for i in self.inputs)


def derive(metric: DerivedMetric, inputs: Sequence[MetricOutcome], record: Record
           ) -> MetricOutcome:
    """The derived metric's outcome from its inputs' outcomes, never raising."""
    for given in inputs:
        if isinstance(given.score, Failed):
            error = Failed(f"{given.metric} failed: {given.score.error}", raw=given.score.raw)
            return MetricOutcome(metric=metric.id, score=error)
    try:
        combined = metric.combine({o.metric: o for o in inputs}, record)
    except Exception as err:  # a scorer may raise anything; the record keeps the error
        return MetricOutcome(metric=metric.id, score=Failed(f"{type(err).__name__}: {err}"))
    if not isinstance(combined.score, float | int):
        return MetricOutcome(metric=metric.id, score=combined.score)
    components = [_input_component(metric.id, i, o, combined) for i, o in enumerate(inputs)]
    components += [_evidence_component(metric.id, len(inputs) + i, e)
                   for i, e in enumerate(combined.evidence)]
    return MetricOutcome(metric=metric.id, score=float(combined.score),
                         components=tuple(components))


def _input_component(metric_id: str, index: int, outcome: MetricOutcome, combined: Combined
                     ) -> Component:
    weight = combined.weights.get(outcome.metric)
    if isinstance(outcome.score, NotApplicable):
        score, text = None, f"{outcome.metric}: not applicable ({outcome.score.reason})"
    else:
        score = float(outcome.score)  # type: ignore[arg-type]
        text = f"{outcome.metric} = {score:.4f}"
    return Component(metric=metric_id, kind=INPUT_KIND, index=index, text=text, verdict=None,
                     reason=None if weight is None else f"weight {weight:g}",
                     detail={"metric": outcome.metric, "score": score, "weight": weight,
                             **combined.notes.get(outcome.metric, {})})


def _evidence_component(metric_id: str, index: int, evidence: Evidence) -> Component:
    return Component(metric=metric_id, kind=evidence.kind, index=index, text=evidence.text,
                     verdict=None, reason=evidence.reason, raw=evidence.raw,
                     detail=dict(evidence.detail))

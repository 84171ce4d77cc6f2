"""A metric is a declaration: decompose → match → aggregate. No subclasses, no state.

`score_metric` runs one declaration on one record and turns every outcome into data:
a number, NotApplicable (empty decomposition, missing field) or Failed (judge error),
plus the components (each unit with its verdict) that explain the number.

A metric computed from other metrics' scores rather than from the judge is the other kind,
a `DerivedMetric` (`metrics.derived`); `metrics.scoring` scores a selection of both.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..data.records import Record
from ..errors import JudgeOutputError
from ..judges.base import Verdict
from ..judges.capabilities import cannot_judge

if TYPE_CHECKING:
    from .context import RecordContext


@dataclass(frozen=True, slots=True)
class NotApplicable:
    """The metric does not apply to this record; `reason` says why."""

    reason: str


@dataclass(frozen=True, slots=True)
class Failed:
    """The metric could not be computed for this record; `error` says why."""

    error: str
    raw: str | None = None


Score = float | NotApplicable | Failed

# The interval a metric's scores lie in: shares and probabilities in [0, 1], a cosine in
# [-1, 1], a logit anywhere. Reports bin histograms over it; the common metric test holds
# every metric to it.
ScoreRange = tuple[float, float]
UNIT_RANGE: ScoreRange = (0.0, 1.0)
UNBOUNDED: ScoreRange = (-math.inf, math.inf)


@dataclass(frozen=True, slots=True, kw_only=True)
class Unit:
    """One decomposed item: a claim, fact, sub-question, source or sentence."""

    kind: str
    text: str
    source_index: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Component:
    """A unit with its verdict: the evidence behind a score."""

    metric: str
    kind: str
    index: int
    text: str
    verdict: bool | None
    reason: str | None = None
    raw: str | None = None
    error: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "metric": self.metric,
            "kind": self.kind,
            "index": self.index,
            "text": self.text,
            "verdict": self.verdict,
            "reason": self.reason,
            "raw": self.raw,
        }
        if self.error is not None:
            out["error"] = self.error
        if self.detail:
            out["detail"] = dict(self.detail)
        return out


GRADE_KEY = "score"


def graded(score: float, *, reason: str, **detail: Any) -> Verdict:
    """A numeric match result (e.g. a cosine) instead of a yes/no verdict.

    It carries no boolean `value` and no `error`; the number sits in `detail["score"]`,
    where the graded aggregate (`mean_grade`) reads it.
    """
    return Verdict(value=None, reason=reason, detail={GRADE_KEY: float(score), **detail})


def grade_of(verdict: Verdict) -> float | None:
    """The number of a graded verdict; None for yes/no and failed verdicts."""
    if verdict.error is not None or not verdict.detail:
        return None
    value = verdict.detail.get(GRADE_KEY)
    return float(value) if isinstance(value, (int, float)) else None


def _unjudged(verdict: Verdict) -> bool:
    return verdict.value is None and grade_of(verdict) is None


Decompose = Callable[["RecordContext"], Awaitable[Sequence[Unit]]]
Match = Callable[["RecordContext", Sequence[Unit]], Awaitable[list[Verdict]]]
Aggregate = Callable[[Sequence[Verdict]], float]


@dataclass(frozen=True, kw_only=True)
class Metric:
    """A metric declared by its three steps.

    `empty` is the not-applicable reason used when the decomposition is empty.
    `requires` names record fields that must be present (e.g. "reference").
    `applies`, when given, reads the record before anything is decomposed and returns the
    reason the metric does not apply to it (e.g. no gold source ids), or None.
    `range` is the interval every score of the metric lies in.
    `reads_text` is False for metrics that never ask the judge about the record's text (e.g.
    retriever accuracy against gold ids): a judge that cannot read the record's language
    does not make them not applicable.
    """

    id: str
    family: str
    version: str
    description: str
    decompose: Decompose
    match: Match
    aggregate: Aggregate
    empty: str
    requires: tuple[str, ...] = ()
    range: ScoreRange = UNIT_RANGE
    applies: Callable[[Record], str | None] | None = None
    reads_text: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class MetricOutcome:
    metric: str
    score: Score
    components: tuple[Component, ...] = ()


async def score_metric(metric: Metric, ctx: RecordContext) -> MetricOutcome:
    """Run decompose → match → aggregate for one record, never raising for judge trouble."""
    missing = [f for f in metric.requires if getattr(ctx.record, f, None) in (None, "")]
    if missing:
        return MetricOutcome(metric=metric.id,
                             score=NotApplicable(f"record has no {', '.join(missing)}"))
    reason = metric.applies(ctx.record) if metric.applies is not None else None
    if reason is None and metric.reads_text:  # a judge that cannot read the record (language)
        reason = cannot_judge(ctx.judge, (ctx.record.query, ctx.record.response or "",
                                          *ctx.record.source_texts))
    if reason is not None:
        return MetricOutcome(metric=metric.id, score=NotApplicable(reason))
    try:
        units = await metric.decompose(ctx)
        if not units:
            return MetricOutcome(metric=metric.id, score=NotApplicable(metric.empty))
        verdicts = await metric.match(ctx, units)
    except JudgeOutputError as err:
        return MetricOutcome(metric=metric.id, score=Failed(str(err), raw=err.raw))
    except StepFailed as err:
        return MetricOutcome(metric=metric.id, score=Failed(str(err), raw=err.raw))
    except Exception as err:  # a judge may raise anything; the record keeps the error
        return MetricOutcome(metric=metric.id, score=Failed(f"{type(err).__name__}: {err}"))
    components = tuple(_component(metric.id, i, u, v) for i, (u, v) in
                       enumerate(zip(units, verdicts, strict=True)))
    failed = [v for v in verdicts if _unjudged(v)]
    if failed:
        error = f"{len(failed)} of {len(verdicts)} items could not be judged: {failed[0].error}"
        return MetricOutcome(metric=metric.id, score=Failed(error, raw=failed[0].raw),
                             components=components)
    return MetricOutcome(metric=metric.id, score=float(metric.aggregate(verdicts)),
                         components=components)


class StepFailed(Exception):
    """A shared step (decomposition, embedding) failed; every metric using it fails."""

    def __init__(self, message: str, *, raw: str | None = None) -> None:
        super().__init__(message)
        self.raw = raw


def _component(metric_id: str, index: int, unit: Unit, verdict: Verdict) -> Component:
    detail: dict[str, Any] = {}
    if unit.source_index is not None:
        detail["source_index"] = unit.source_index
    if verdict.confidence is not None:
        detail["confidence"] = verdict.confidence
    if verdict.probability is not None:
        detail["probability"] = verdict.probability
    if verdict.detail:
        detail.update(verdict.detail)
    return Component(metric=metric_id, kind=unit.kind, index=index, text=unit.text,
                     verdict=verdict.value, reason=verdict.reason, raw=verdict.raw,
                     error=verdict.error, detail=detail)

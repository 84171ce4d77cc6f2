"""Repository topicality by contrastive query sets (VERA §3.4).

On-topic queries (the repository should cover them) and off-topic queries (it should not)
are answered by the same RAG system and scored with the same metrics. Each set's metric
values are bootstrapped on their own; the difference of the means (on − off) gets a CI.
A repository covers the topic when the primary metrics (retrieval precision by default)
are clearly higher for on-topic queries: their difference CIs lie above 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..results import RecordResult
from .bootstrap import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    Interval,
    bootstrap_difference,
    bootstrap_mean,
)
from .compare import MIN_PAIRS, shared_metrics

DEFAULT_PRIMARY = ("vera_retrieval_precision",)
TopicVerdict = Literal["covered", "not covered", "inconclusive"]


@dataclass(frozen=True, slots=True, kw_only=True)
class MetricTopicality:
    metric: str
    on: Interval | None
    off: Interval | None
    difference: Interval | None
    verdict: Literal["higher on topic", "lower on topic", "no evidence", "not comparable"]

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "verdict": self.verdict,
                **{k: getattr(self, k).to_dict() if getattr(self, k) else None
                   for k in ("on", "off", "difference")}}


@dataclass(frozen=True, slots=True, kw_only=True)
class Topicality:
    metrics: tuple[MetricTopicality, ...]
    primary: tuple[str, ...]
    verdict: TopicVerdict
    explanation: str
    n_on: int
    n_off: int

    def metric(self, metric_id: str) -> MetricTopicality:
        return next(m for m in self.metrics if m.metric == metric_id)

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "explanation": self.explanation,
                "primary": list(self.primary), "n_on": self.n_on, "n_off": self.n_off,
                "metrics": [m.to_dict() for m in self.metrics]}


def topicality(on: Sequence[RecordResult], off: Sequence[RecordResult], *,
               rng: np.random.Generator, metrics: Iterable[str] | None = None,
               primary: Sequence[str] = DEFAULT_PRIMARY,
               n_resamples: int = DEFAULT_RESAMPLES, level: float = DEFAULT_LEVEL) -> Topicality:
    """Bootstrap each metric for both query sets and decide whether the topic is covered."""
    chosen = list(metrics) if metrics is not None else shared_metrics(on, off)
    for name in primary:
        if name not in chosen:
            chosen.append(name)
    rows = tuple(_metric(on, off, m, rng=rng, n_resamples=n_resamples, level=level)
                 for m in chosen)
    by_id = {r.metric: r for r in rows}
    verdict, explanation = _verdict([by_id[p] for p in primary])
    return Topicality(metrics=rows, primary=tuple(primary), verdict=verdict,
                      explanation=explanation, n_on=len(on), n_off=len(off))


def _metric(on: Sequence[RecordResult], off: Sequence[RecordResult], metric: str, *,
            rng: np.random.Generator, n_resamples: int, level: float) -> MetricTopicality:
    on_values = _values(on, metric)
    off_values = _values(off, metric)
    if len(on_values) < MIN_PAIRS or len(off_values) < MIN_PAIRS:
        return MetricTopicality(metric=metric, on=None, off=None, difference=None,
                                verdict="not comparable")
    kwargs = {"rng": rng, "n_resamples": n_resamples, "level": level}
    on_ci = bootstrap_mean(on_values, **kwargs)
    off_ci = bootstrap_mean(off_values, **kwargs)
    difference = bootstrap_difference(off_values, on_values, **kwargs)  # on − off
    verdict = ("higher on topic" if difference.low > 0 else
               "lower on topic" if difference.high < 0 else "no evidence")
    return MetricTopicality(metric=metric, on=on_ci, off=off_ci, difference=difference,
                            verdict=verdict)


def _values(results: Sequence[RecordResult], metric: str) -> list[float]:
    return [r.scores[metric] for r in results if r.scores.get(metric) is not None]


def _verdict(primary: Sequence[MetricTopicality]) -> tuple[TopicVerdict, str]:
    def describe(m: MetricTopicality) -> str:
        if m.difference is None:
            return f"{m.metric}: too few scored records"
        d = m.difference
        return (f"{m.metric}: on-topic {m.on.estimate:.3f} vs off-topic {m.off.estimate:.3f}, "
                f"difference {d.estimate:+.3f} ({d.level:.0%} CI {d.low:+.3f} to {d.high:+.3f})")

    details = "; ".join(describe(m) for m in primary)
    if primary and all(m.verdict == "higher on topic" for m in primary):
        return "covered", ("on-topic queries score clearly higher than off-topic ones, so the "
                           f"repository covers the topic. {details}")
    if any(m.verdict == "lower on topic" for m in primary):
        return "not covered", ("off-topic queries score higher than on-topic ones: the "
                               f"repository does not look focused on the topic. {details}")
    return "inconclusive", ("no clear difference between on-topic and off-topic queries: no "
                            f"evidence that the repository covers the topic. {details}")

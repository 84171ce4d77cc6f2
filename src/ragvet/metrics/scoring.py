"""Scoring a selection of metrics on one record: derived metrics after their inputs.

Every metric's outcome is memoised in the record's context under its id, so an input that
several derived metrics share, or that the run also selects, is scored once, and a derived
metric reuses the judge's verdicts instead of asking again. Inputs the run does not select
are scored all the same; only the selected metrics' outcomes are returned.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from ..errors import ConfigError
from .context import RecordContext
from .core import Metric, MetricOutcome, score_metric
from .derived import DerivedMetric, derive

AnyMetric = Metric | DerivedMetric
Lookup = Callable[[str], AnyMetric]


async def score_metrics(metrics: Sequence[AnyMetric], ctx: RecordContext, *,
                        lookup: Lookup | None = None) -> list[MetricOutcome]:
    """Outcomes of `metrics` on `ctx`'s record, in order.

    `lookup` finds a derived metric's input named by an id that `metrics` does not hold
    (the engine passes the registry); without it such an id is a ConfigError, and so are
    derived metrics whose inputs lead back to themselves.
    """
    resolve = _resolver(metrics, lookup)
    for metric in metrics:
        _check_no_circle(metric, resolve, ())

    async def outcome(metric: AnyMetric) -> MetricOutcome:
        return await ctx.once(f"outcome:{metric.id}", lambda: compute(metric))

    async def compute(metric: AnyMetric) -> MetricOutcome:
        if isinstance(metric, DerivedMetric):
            found = await asyncio.gather(*(outcome(resolve(ref)) for ref in metric.inputs))
            return derive(metric, found, ctx.record)
        return await score_metric(metric, ctx)

    return list(await asyncio.gather(*(outcome(m) for m in metrics)))


def _resolver(metrics: Sequence[AnyMetric], lookup: Lookup | None
              ) -> Callable[[str | AnyMetric], AnyMetric]:
    """An input reference → the metric: the run's metric of that id, else the object given,
    else `lookup`'s (asked once per id)."""
    known = {m.id: m for m in metrics}

    def resolve(ref: str | AnyMetric) -> AnyMetric:
        if not isinstance(ref, str):
            return known.get(ref.id, ref)
        if ref not in known:
            if lookup is None:
                raise ConfigError(f"a derived metric's input {ref!r} is not among the metrics")
            known[ref] = lookup(ref)
        return known[ref]

    return resolve


def _check_no_circle(metric: AnyMetric, resolve: Callable[[str | AnyMetric], AnyMetric],
                     path: tuple[str, ...]) -> None:
    if metric.id in path:
        raise ConfigError(f"derived metrics form a circle: {' → '.join((*path, metric.id))}")
    if isinstance(metric, DerivedMetric):
        for ref in metric.inputs:
            _check_no_circle(resolve(ref), resolve, (*path, metric.id))
